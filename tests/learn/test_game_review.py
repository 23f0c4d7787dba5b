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
    assert len(worst) == 3 and worst[0].loss >= worst[1].loss >= worst[2].loss > 0
    assert [(r.turn, r.loss) for r in worst] == [(r.turn, r.loss) for r in second.costliest()]
    assert first == second
    for r in first.turns:
        assert r.played == turns[r.turn].actions
        if r.same:
            assert r.loss == 0


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
