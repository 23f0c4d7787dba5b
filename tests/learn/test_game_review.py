"""The game review: deterministic with an iteration budget, cancellable, cached."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from concordia.ai.base import Limit
from concordia.ai.play import MAX_STEPS, play_game
from concordia.core import GameRecord, Phase, new_game
from concordia.jobs import Cancelled
from concordia.maps import load_board
from concordia.review import (
    WIN_NOISE,
    Judge,
    ReviewJob,
    analyse,
    cache_path,
    load_cached,
    review_key,
    score_history,
    split_turns,
    states_of,
)
from tests.ai.cancel_work import MAX_CALLS_BETWEEN_POLLS, PollCounter
from tests.ai.positions import cheap_game


def _record(max_steps: int | None = None) -> GameRecord:
    """A 2-player Italia game, seed 5: an easy AI in the human's seat against the hard
    AI, both limited by iterations (deterministic): the whole game, or its turns that
    are complete within the first ``max_steps`` actions."""
    game = play_game(
        load_board("italia"),
        ["easy", "hard"],
        seed=5,
        limits=Limit(iterations=2),
        max_steps=max_steps if max_steps is not None else MAX_STEPS,
    )
    assert game.state.is_terminal() == (max_steps is None)
    actions = [str(a) for a in game.actions]
    if max_steps is not None:
        s = new_game(load_board("italia"), 2, 5)
        starts = []
        for i, a in enumerate(game.actions):
            if s.phase == Phase.CARD:
                starts.append(i)
            s.apply_in_place(a)
        actions = actions[: starts[-1]]  # ends where a turn begins
    seats = [{"kind": "human", "name": "You"}, {"kind": "hard", "name": "Livia"}]
    return GameRecord("italia", 2, 5, {}, actions, seats)


@pytest.fixture(scope="module")
def recorded() -> GameRecord:
    """The first 60 actions of the game (about eight turns of each seat): a saved game
    can be reviewed before its end, and this keeps the default run short."""
    return _record(60)


@pytest.fixture(scope="module")
def finished() -> GameRecord:
    """The whole game, to its final scoring."""
    return _record()


def test_the_same_costliest_turns_twice(recorded: GameRecord) -> None:
    _same_costliest_turns_twice(recorded)


@pytest.mark.slow
def test_the_same_costliest_turns_twice_in_a_whole_game(finished: GameRecord) -> None:
    _same_costliest_turns_twice(finished)


def _same_costliest_turns_twice(recorded: GameRecord) -> None:
    board = load_board("italia")
    first = analyse(recorded, board, iterations=2)
    second = analyse(recorded, board, iterations=2)
    states = states_of(recorded, board)
    turns = split_turns(recorded, states)
    mine = [t.index for t in turns if t.seat == 0]
    assert [r.turn for r in first.turns] == mine  # every human turn, nobody else's
    worst = first.costliest()
    assert len(worst) == 3 and worst[0].loss >= worst[1].loss >= worst[2].loss
    assert all(r.flagged for r in worst)
    assert [(r.turn, r.loss) for r in worst] == [(r.turn, r.loss) for r in second.costliest()]
    assert first == second
    for r in first.turns:
        assert r.played == turns[r.turn].actions
        assert 0.0 <= r.played_win <= 1.0 and 0.0 <= r.suggested_win <= 1.0
        if r.same:
            assert r.loss == 0 and not r.flagged


def test_score_history_matches_the_core(recorded: GameRecord) -> None:
    board = load_board("italia")
    states = states_of(recorded, board)
    history = score_history(recorded, board, states)
    assert history[0] == [s.total for s in states[0].scores()]
    assert history[-1] == [s.total for s in states[-1].scores()]
    turns = split_turns(recorded, states)
    assert len(history) == 1 + -(-len(turns) // 2)


def test_cancelling_stops_the_analysis(recorded: GameRecord) -> None:
    board = load_board("italia")
    cancel = threading.Event()
    counter = PollCounter(real=cancel)
    searching = threading.Event()
    outcome: list[object] = []

    def run() -> None:
        try:
            with counter.counting():
                analyse(recorded, board, iterations=100_000, cancel=counter, searching=searching)
        except Cancelled as exc:
            outcome.append(exc)

    # The budget is far too large to finish: the cancel is what ends the search.
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert searching.wait(30), "the AI's search never began"
    time.sleep(0.05)  # well inside the rollouts (the event alone proves the start)
    cancel.set()
    thread.join(30)
    assert not thread.is_alive(), "the analysis went on after the cancel"
    assert outcome and isinstance(outcome[0], Cancelled)
    # It stops within about 100 ms, counted in work (tests/ai/cancel_work.py).
    assert counter.cancelled_polls >= 1
    assert counter.longest <= MAX_CALLS_BETWEEN_POLLS, counter.longest
    assert counter.after_cancel <= MAX_CALLS_BETWEEN_POLLS, counter.after_cancel


def test_the_background_job_starts_and_is_cancelled(recorded: GameRecord) -> None:
    # The job runs :func:`analyse` (above) on its own thread with its own cancel event.
    job = ReviewJob(recorded, load_board("italia"), None, iterations=100_000)
    job.start()
    assert job.started.wait(30), "the AI's search never began"
    job.cancel()
    assert job.join(30), "the review went on after the cancel"
    assert job.cancelled and job.review is None and job.error is None


def test_a_corrupt_cache_is_ignored_and_rebuilt(recorded: GameRecord, tmp_path: Path) -> None:
    board = load_board("italia")
    save = tmp_path / "game.json"
    cache = cache_path(save)
    assert cache.name == "game.json.review"
    cache.write_text('{"format": "concordia-review", "version": 1, "key": "x", "tur')
    job = ReviewJob(recorded, board, cache, iterations=1)
    job.start()
    assert job.join(60)
    assert job.review is not None and not job.from_cache and job.error is None
    assert job.partial == list(job.review.turns)  # shown turn by turn while it ran
    assert job.done == job.total == len(job.review.turns)
    rebuilt = load_cached(cache, review_key(recorded, 1))
    assert rebuilt == job.review
    again = ReviewJob(recorded, board, cache, iterations=1)
    again.start()
    assert again.from_cache and again.review == job.review
    # another budget does not use this cache
    assert load_cached(cache, review_key(recorded, 2)) is None


def test_every_action_is_named_by_the_seat_that_took_it() -> None:
    # Seed 1 of this easy-against-normal game has forced discards by the seat whose
    # turn it is not (a Prefect's goods overflowing the other storehouse): each is that
    # seat's, inside the turn of the seat that played the Prefect.
    board = load_board("italia")
    record, states = _cheap_game(1)
    turns = split_turns(record, states)
    others = 0
    for turn in turns:
        assert len(turn.movers) == len(turn.actions)
        for k, mover in enumerate(turn.movers):
            assert mover == states[turn.start + k].current_player
            if mover != turn.seat:
                others += 1
                assert turn.actions[k].startswith("discard")
    assert others > 0, "the game has no forced discard by another seat"
    forced = [tr.index for tr in turns if any(m != tr.seat for m in tr.movers)][:3]
    review = analyse(record, board, iterations=1, seats=[0, 1], turns=forced)
    assert [r.turn for r in review.turns] == forced
    assert all(r.movers == turns[r.turn].movers for r in review.turns)


def test_a_turn_that_ends_a_won_game_is_never_a_loss() -> None:
    # Seed 1: the human's seat (the easy AI) takes the Concordia card and wins.
    record, states = _cheap_game(1)
    assert states[-1].is_terminal() and states[-1].outcome().winner == 0
    turns = split_turns(record, states)
    ending = [
        t for t in turns if states[t.start].concordia is None and states[t.end].concordia == 0
    ]
    assert len(ending) == 1 and ending[0].seat == 0
    review = analyse(record, load_board("italia"), iterations=2, turns=[ending[0].index])
    assert [r.turn for r in review.turns] == [ending[0].index]
    got = review.for_turn(ending[0].index)
    assert got is not None and got.won_game
    assert got.loss == 0 and got.points_lost == 0 and not got.flagged
    assert got not in review.costliest()


def test_the_last_turn_is_judged_by_the_real_result() -> None:
    # On the game's last turn every play ends it: the turn played is judged by the
    # real final scores and tie-break, never a forecast (the shared game: played once).
    record, states = _cheap_game(1)
    turns = split_turns(record, states)
    last = turns[-1]
    assert states[last.end].is_terminal()
    start, end = states[last.start], states[last.end]
    got = Judge().turn(last, start, end, 2, threading.Event())
    totals = [s.total for s in end.scores()]
    mine = totals[last.seat]
    best_other = max(t for i, t in enumerate(totals) if i != last.seat)
    assert got.played_margin == mine - best_other
    assert got.played_win == (1.0 if end.outcome().winner == last.seat else 0.0)


# The game is played once per run for this module and the UI's review tests.
_cheap_game = cheap_game


def test_the_review_names_the_seat_of_a_forced_discard() -> None:
    # Found by hand: the opponent's forced discard after the player's Prefect read as
    # the player's ("Quintus: plays Prefect, produces in Sicilia, throws away brick").
    from concordia.ui.game.describe import Names, turn_words
    from concordia.ui.strings import t

    record, states = _cheap_game(1)
    names = Names(lambda seat: ("Marcus", "Livia")[seat], lambda slug: slug)
    turn = next(tr for tr in split_turns(record, states) if tr.seat == 0 and 1 in tr.movers)
    words = turn_words(names, 0, turn.actions, states[turn.start])
    k = turn.movers.index(1)
    good = turn.actions[k].split()[-1]
    livia = t("log.discard", name="Livia", good=t("good." + good))
    assert livia in words, words
    assert "Marcus" not in words  # the player whose turn it is is named once, by the caller


def test_a_game_that_followed_every_hint_is_not_flagged() -> None:
    _followed_every_hint(max_steps=60, turns=5)


@pytest.mark.slow
def test_a_whole_game_that_followed_every_hint_is_not_flagged() -> None:
    _followed_every_hint(max_steps=MAX_STEPS, turns=40)


def _followed_every_hint(max_steps: int, turns: int) -> None:
    # The human's seat plays the expert's hint every turn (the expert at 4 iterations,
    # seeded as the game seeds a hint); the review searches again with its own seed,
    # so the two differ only by the search's noise: no turn is flagged.
    board = load_board("italia")
    limit = Limit(iterations=4)
    game = play_game(board, ["expert", "normal"], seed=3, limits=limit, max_steps=max_steps)
    seats = [{"kind": "human"}, {"kind": "normal"}]
    record = GameRecord("italia", 2, 3, {}, [str(a) for a in game.actions], seats)
    review = analyse(record, board, iterations=4)
    assert len(review.turns) >= turns
    assert review.flagged() == [], review.flagged()
    assert all(r.loss <= WIN_NOISE for r in review.turns)
