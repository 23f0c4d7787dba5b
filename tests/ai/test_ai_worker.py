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
from concordia.ai.base import Adviser, Agent, fallback_action
from concordia.ai.expert import ExpertAgent
from concordia.ai.worker import (
    AIRequest,
    AIResult,
    AIWorker,
    Failure,
    PlayOption,
    Purpose,
    is_current,
)
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
    assert r.time_s is not None and r.time_s >= 0
    assert r.purpose is Purpose.MOVE and not r.hint and r.options == ()


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


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    ("level", "kind"),
    [("raises", Failure.CRASH), ("illegal", Failure.ILLEGAL), ("hangs", Failure.TIMEOUT)],
)
def test_a_failure_comes_back_as_a_typed_error(
    worker: AIWorker, boards: dict[str, BoardSpec], level: str, kind: Failure
) -> None:
    s = new_game(boards["italia"], 3, 9)
    seat = s.current_player
    assert seat is not None
    worker.request(AIRequest(4, s.step, s, seat, level, Limit(time_s=0.1), purpose=Purpose.HINT))
    r = _wait(worker, 5)
    assert r is not None and r.action is None and r.error is not None
    assert r.error.kind is kind and str(r.error).startswith(kind.value)
    assert r.purpose is Purpose.HINT and r.hint  # the request's purpose comes back
    assert is_current(r, 4, s.step)


def test_a_crash_of_the_thread_answers_every_open_request(
    boards: dict[str, BoardSpec], monkeypatch: pytest.MonkeyPatch
) -> None:
    w = AIWorker(grace_s=30.0, factory=_factory)

    def broken(job: object) -> AIResult:
        raise RuntimeError("a bug in the worker itself")

    monkeypatch.setattr(w, "_work", broken)
    s = new_game(boards["italia"], 3, 9)
    seat = s.current_player
    assert seat is not None
    try:
        for game in (1, 2):
            w.request(AIRequest(game, s.step, s, seat, "random", Limit(time_s=30)))
        first, second = _wait(w, 5), _wait(w, 5)
        assert not w.alive
    finally:
        w.close()
    # Long before the 60 s deadline, each request gets its error: the UI never waits.
    for r, game in ((first, 1), (second, 2)):
        assert r is not None and r.game_id == game and r.action is None
        assert r.error is not None and r.error.kind is Failure.STOPPED
        assert "a bug in the worker itself" in r.error.message


class _Adviser:
    """An adviser that ranks the first three legal actions."""

    name = "adviser"

    def __init__(self) -> None:
        self.last_analysis: list[_Report] = []
        self.last_stats: dict[str, float] = {}

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        legal = view.legal_actions()
        self.last_analysis = [
            _Report((a,), 100.0 - k, 5.0 - k, 30.0 - k) for k, a in enumerate(legal[:4])
        ]
        self.last_stats = {"near_end": 0.0}
        return legal[0]


class _Report:
    def __init__(self, actions: tuple[Action, ...], points: float, lead: float, value: float):
        self.actions, self.expected_points, self.lead, self.value = actions, points, lead, value


@pytest.mark.timeout(20)
def test_an_adviser_s_options_come_typed(boards: dict[str, BoardSpec]) -> None:
    adviser = _Adviser()
    w = AIWorker(factory=lambda level: adviser)
    s = new_game(boards["italia"], 3, 9)
    seat = s.current_player
    assert seat is not None
    try:
        w.request(AIRequest(1, s.step, s, seat, "adviser", Limit(time_s=1.0)))
        r = _wait(w, 5)
    finally:
        w.close()
    legal = s.legal_actions()
    assert r is not None and r.action == legal[0] and r.error is None
    # The best three, as actions (not notations), and no lead far from the end.
    assert r.options == tuple(
        PlayOption((a,), 100.0 - k, None, 30.0 - k) for k, a in enumerate(legal[:3])
    )


def test_the_expert_is_an_adviser() -> None:
    expert: Adviser = ExpertAgent()  # checked by mypy as well as here
    assert isinstance(expert, Adviser)
    assert not isinstance(make_agent("normal"), Adviser)


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
