"""The game review: deterministic with an iteration budget, cancellable, cached."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from concordia.ai.base import Limit
from concordia.ai.play import play_game
from concordia.core import GameRecord
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


@pytest.fixture(scope="module")
def recorded() -> GameRecord:
    """A finished 2-player Italia game: an easy AI in the human's seat against the hard
    AI, both limited by iterations (deterministic), seed 5."""
    game = play_game(load_board("italia"), ["easy", "hard"], seed=5, limits=Limit(iterations=2))
    assert game.state.is_terminal()
    seats = [{"kind": "human", "name": "You"}, {"kind": "hard", "name": "Livia"}]
    return GameRecord("italia", 2, 5, {}, [str(a) for a in game.actions], seats)


def test_the_same_costliest_turns_twice(recorded: GameRecord) -> None:
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


def test_cancelling_stops_the_analysis_within_200_ms(recorded: GameRecord) -> None:
    board = load_board("italia")
    cancel = threading.Event()
    searching = threading.Event()
    outcome: list[object] = []

    def run() -> None:
        try:
            analyse(recorded, board, iterations=100_000, cancel=cancel, searching=searching)
        except Cancelled as exc:
            outcome.append(exc)

    # The budget is far too large to finish: the cancel is what ends the search.
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert searching.wait(30), "the AI's search never began"
    time.sleep(0.05)  # well inside the rollouts (the event alone proves the start)
    t0 = time.perf_counter()
    cancel.set()
    thread.join(2.0)
    elapsed = time.perf_counter() - t0
    assert not thread.is_alive()
    assert outcome and isinstance(outcome[0], Cancelled)
    assert elapsed < 0.2, f"stopped {elapsed * 1000:.0f} ms after the cancel"


def test_the_background_job_starts_and_is_cancelled_within_200_ms(
    recorded: GameRecord,
) -> None:
    job = ReviewJob(recorded, load_board("italia"), None, iterations=100_000)
    job.start()
    assert job.started.wait(30), "the AI's search never began"
    t0 = time.perf_counter()
    job.cancel()
    assert job.join(2.0)
    elapsed = time.perf_counter() - t0
    assert job.cancelled and job.review is None and job.error is None
    assert elapsed < 0.2, f"stopped {elapsed * 1000:.0f} ms after the cancel"


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
