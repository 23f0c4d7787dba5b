"""The AI worker: a real thread, cancellation, failures that never stop the game."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from concordia.ai import Limit, make_agent
from concordia.ai.base import Agent, fallback_action
from concordia.ai.worker import AIRequest, AIResult, AIWorker, is_current
from concordia.core import Action, BoardSpec, GameState, new_game
from tests.ai.cancel_work import MAX_CALLS_BETWEEN_POLLS, PollCounter

Position = Callable[[BoardSpec, int, int, int], GameState]


class _Raises:
    name = "raises"

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        raise RuntimeError("boom")


class _Illegal:
    name = "illegal"

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        from concordia.core import Build

        return Build("atlantis")


class _Hangs:
    name = "hangs"

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        time.sleep(1.5)  # ignores both its budget and the cancel event
        return view.legal_actions()[0]


def _factory(level: str) -> Agent:
    table: dict[str, Callable[[], Agent]] = {
        "raises": _Raises,
        "illegal": _Illegal,
        "hangs": _Hangs,
    }
    return table[level]() if level in table else make_agent(level)


def _wait(worker: AIWorker, timeout: float) -> AIResult | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = worker.poll()
        if r is not None:
            return r
        time.sleep(0.005)
    return None


@pytest.fixture()
def worker() -> Iterator[AIWorker]:
    w = AIWorker(grace_s=0.3, factory=_factory)
    yield w
    w.close()


def test_worker_thread_and_switch_interval(worker: AIWorker) -> None:
    names = [t.name for t in threading.enumerate()]
    assert names.count("concordia-ai") >= 1
    assert sys.getswitchinterval() == pytest.approx(0.001)


@pytest.mark.timeout(20)
def test_worker_answers_with_a_legal_action(
    worker: AIWorker, boards: dict[str, BoardSpec], position: Position
) -> None:
    s = position(boards["imperium"], 4, 2, 30)
    seat = s.current_player
    assert seat is not None
    worker.request(AIRequest(7, s.step, s, seat, "normal", Limit(time_s=0.5)))
    r = _wait(worker, 10)
    assert r is not None and r.error is None
    assert r.action in s.legal_actions()
    assert is_current(r, 7, s.step) and not is_current(r, 8, s.step)
    assert r.stats["time_s"] >= 0


@pytest.mark.timeout(20)
def test_hint_for_a_human_seat(
    worker: AIWorker, boards: dict[str, BoardSpec], position: Position
) -> None:
    s = position(boards["italia"], 3, 4, 20)
    seat = s.current_player
    assert seat is not None
    worker.request(AIRequest(1, s.step, s, seat, "hard", Limit(time_s=0.3)))
    r = _wait(worker, 10)
    assert r is not None and r.action in s.legal_actions()


class _Counted:
    """A real agent whose cancel event counts the work between its polls
    (:class:`~tests.ai.cancel_work.PollCounter`, installed in the AI thread). At poll
    ``hold_at`` the search is surely under way: the poll waits there for the test to
    cancel, so the cancel always lands in a running search."""

    def __init__(self, level: str, hold_at: int) -> None:
        self.name = level
        self.inner = make_agent(level)
        self.hold_at = hold_at
        self.watch: PollCounter | None = None
        self.ready = threading.Event()

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        self.watch = PollCounter(real=cancel, hold_at=self.hold_at)
        self.ready.set()
        with self.watch.counting():
            return self.inner.choose(view, limit, rng, self.watch)


# Where to cancel: the hard search polls about 20,000 times a second and the normal
# planner about 80 times in all on this position (it needs ~10 ms).
@pytest.mark.timeout(60)
@pytest.mark.parametrize(("level", "hold_at"), [("hard", 2000), ("normal", 40)])
def test_cancel_stops_a_running_search(
    boards: dict[str, BoardSpec], position: Position, level: str, hold_at: int
) -> None:
    s = position(boards["imperium"], 5, 6, 50)
    seat = s.current_player
    assert seat is not None
    agent = _Counted(level, hold_at)
    worker = AIWorker(grace_s=0.3, factory=lambda name: agent)
    try:
        worker.request(AIRequest(1, s.step, s, seat, level, Limit(time_s=30)))
        assert agent.ready.wait(25), "the worker never started the search"
        watch = agent.watch
        assert watch is not None
        assert watch.searching.wait(25), f"the search never polled cancel {hold_at} times"
        worker.cancel()
        r = _wait(worker, 20)
    finally:
        worker.close()
    assert r is not None, "no answer within 20 s of cancel (the budget was 30 s)"
    assert r.error is None, r.error
    assert r.action in s.legal_actions()  # the best action found so far
    # It stops at the first polls after the cancel instead of searching on.
    assert 1 <= watch.cancelled_polls <= 5, watch.cancelled_polls
    # The promise (base.Agent.choose) is an answer within about 100 ms of a cancel,
    # counted in work (tests/ai/cancel_work.py): the longest stretch between two polls
    # and the work from the cancel to the answer.
    assert len(watch.gaps) == hold_at
    assert watch.longest <= MAX_CALLS_BETWEEN_POLLS, watch.longest
    assert watch.after_cancel <= MAX_CALLS_BETWEEN_POLLS, watch.after_cancel


@pytest.mark.timeout(30)
@pytest.mark.parametrize("level", ["raises", "illegal", "hangs"])
def test_failing_agent_never_stops_the_game(
    worker: AIWorker, boards: dict[str, BoardSpec], level: str
) -> None:
    # A tiny UI loop: seat 0 is the failing agent, the others play randomly.
    s = new_game(boards["italia"], 3, 9)
    errors = 0
    for _ in range(6):
        seat = s.current_player
        assert seat is not None
        lvl = level if seat == 0 else "random"
        worker.request(AIRequest(3, s.step, s, seat, lvl, Limit(time_s=0.1)))
        r = _wait(worker, 3)
        assert r is not None, "the worker neither answered nor timed out"
        if not is_current(r, 3, s.step):
            continue
        if r.error is not None:
            errors += 1
            assert r.action is None
            action = fallback_action(s)
        else:
            action = r.action
        assert action is not None
        s = s.apply(action)
    assert errors >= 1


def test_close_stops_the_thread() -> None:
    w = AIWorker()
    w.close()
    assert not w.alive


def test_import_loads_no_pygame_or_pytmx() -> None:
    code = (
        "import sys, concordia.ai, concordia.ai.worker, concordia.ai.play, "
        "concordia.ai.mcts, concordia.ai.greedy, concordia.ai.random_agent\n"
        "bad = {'pygame', 'pytmx', 'appdirs', 'concordia.maps', 'concordia.ui'}"
        " & set(sys.modules)\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
