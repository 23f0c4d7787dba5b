"""The AI worker: one background thread that runs agents for the UI.

The UI puts an :class:`AIRequest` with :meth:`AIWorker.request` and polls for an
:class:`AIResult` once per frame with :meth:`AIWorker.poll`; nothing else crosses the
thread boundary, and both are frozen. A request says what it is for (a seat's move or
a hint, :class:`Purpose`); a result carries the action, or a typed :class:`AIError`,
and for an :class:`~concordia.ai.base.Adviser` its best options as
:class:`PlayOption` (the hint's reasons). The worker:

* runs the agent on ``state.view_for(seat)`` (its own copy: the UI's state is never
  touched after the request), with a per-request cancel event and an rng seeded from
  the request;
* validates the answer: an exception, or an action that is not legal, comes back as
  ``AIResult(action=None, error=AIError(...))`` and is logged, and the UI plays
  :func:`fallback_action` instead;
* enforces a hard deadline: if an agent runs past its budget plus a grace period,
  :meth:`poll` answers on its own with a timeout error (the UI falls back), so a hung
  agent never stops the game; if the thread itself stops, every open request is
  answered with an error at once;
* leaves stale results to the UI, which checks them with :func:`is_current`.

The thread is a :class:`concordia.jobs.BackgroundJob`. Why
``sys.setswitchinterval(0.001)``: a CPU-bound Python thread holds the GIL for the whole
switch interval (5 ms by default), which measured as ~5 ms lost on every frame of a
60 FPS pygame loop (47 FPS, every frame late); at 1 ms the loop keeps about 58 FPS
with p95 ~18 ms and the search loses almost no throughput. The worker sets it once,
when it starts.
"""

from __future__ import annotations

import enum
import logging
import queue
import random
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from concordia.ai.base import Adviser, Agent, Limit, default_limit, fallback_action
from concordia.ai.registry import make_agent
from concordia.core import Action, GameState
from concordia.jobs import BackgroundJob

__all__ = [
    "AIError",
    "AIRequest",
    "AIResult",
    "AIWorker",
    "Failure",
    "Limit",
    "PlayOption",
    "Purpose",
    "fallback_action",
    "is_current",
]

logger = logging.getLogger(__name__)

SWITCH_INTERVAL_S = 0.001
GRACE_S = 1.0  # past the time budget, before poll() gives up on the agent
NO_TIME_DEADLINE_S = 30.0  # hard deadline for requests limited by iterations only
#: The options of an adviser's analysis passed on with its answer, best first.
OPTIONS_PASSED = 3


class Purpose(enum.Enum):
    """What a request is for: the move of an AI seat, or a hint for a human's seat."""

    MOVE = "move"
    HINT = "hint"


class Failure(enum.Enum):
    """Why a request got no action."""

    CRASH = "crash"  # the agent raised
    ILLEGAL = "illegal"  # the agent answered an action that is not legal
    TIMEOUT = "timeout"  # the agent ran past its hard deadline
    CANCELLED = "cancelled"  # cancelled before the agent started
    STOPPED = "stopped"  # the worker's thread has ended (closed, or a bug in the worker)


@dataclass(frozen=True, slots=True)
class AIError:
    """A request's failure: its kind and a message for the log."""

    kind: Failure
    message: str

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.message}"


class PlayOption(NamedTuple):
    """One of an adviser's searched card plays, as passed to the UI: the whole play's
    actions, the forecast final victory points, the forecast lead over the best
    opponent (None far from the end, where the search does not count it, and from an
    adviser that forecasts the chance of winning), the
    search's score, by which the options are ranked (in VP, the opponents' prospects
    counted against it), and the chance of winning after it (0 to 1; None from an
    adviser that does not forecast it)."""

    actions: tuple[Action, ...]
    points: float
    lead: float | None
    score: float
    win: float | None = None


@dataclass(frozen=True)
class AIRequest:
    """Ask ``level``'s agent for the decision of ``seat`` in ``state``.

    ``limit`` None means the level's :func:`default_limit`; ``seed`` None derives the
    rng from the state (``f"{state.seed}/{step}/{seat}"``). ``purpose`` is handed back
    in the result (a hint asks the adviser's level on the human's seat).
    """

    game_id: int
    step: int
    state: GameState
    seat: int
    level: str
    limit: Limit | None = None
    seed: int | str | None = None
    purpose: Purpose = Purpose.MOVE


@dataclass(frozen=True)
class AIResult:
    """The answer to one request: a legal ``action``, or ``action=None`` and an
    ``error``. ``purpose`` is the request's; ``options`` holds an adviser's best (at
    most :data:`OPTIONS_PASSED`) plays after a fresh search, best first; ``time_s`` the
    seconds the agent took (None after a timeout)."""

    game_id: int
    step: int
    action: Action | None
    error: AIError | None = None
    purpose: Purpose = Purpose.MOVE
    options: tuple[PlayOption, ...] = ()
    time_s: float | None = None

    @property
    def hint(self) -> bool:
        return self.purpose is Purpose.HINT


def is_current(result: AIResult, game_id: int, step: int) -> bool:
    """True when ``result`` answers the position the UI is showing now."""
    return result.game_id == game_id and result.step == step


def failed(req: AIRequest, kind: Failure, message: str, time_s: float | None = None) -> AIResult:
    """The result that answers ``req`` with an error."""
    return AIResult(req.game_id, req.step, None, AIError(kind, message), req.purpose, (), time_s)


def options_of(agent: Agent) -> tuple[PlayOption, ...]:
    """An adviser's best options from its last decision (none for other agents)."""
    if not isinstance(agent, Adviser):
        return ()
    # The lead only where the search counts it (near the end), and never beside a
    # chance of winning: the expert's chance is the outcome network's and its lead the
    # rollouts', and together they read as "about 10 % to win; expected margin +12"
    # (found by hand). A play that ends the game tells its real margin in its reasons.
    near = agent.last_stats.get("near_end", 1.0)
    out = []
    for r in agent.last_analysis[:OPTIONS_PASSED]:
        win = getattr(r, "win", None)  # the expert's chance of winning (not every adviser's)
        chance = float(win) if isinstance(win, int | float) else None
        lead = r.lead if near and chance is None else None
        out.append(PlayOption(tuple(r.actions), r.expected_points, lead, r.value, chance))
    return tuple(out)


@dataclass
class _Job:
    request: AIRequest
    cancel: threading.Event
    deadline: float
    answered: bool = False


class AIWorker:
    """Owns one daemon thread, ``concordia-ai``, and two queues. Thread-safe for one
    UI thread calling :meth:`request`, :meth:`poll`, :meth:`cancel` and :meth:`close`."""

    def __init__(
        self, grace_s: float = GRACE_S, factory: Callable[[str], Agent] = make_agent
    ) -> None:
        """Start the thread. ``factory`` builds an agent for a level name (tests
        inject failing agents through it); ``grace_s`` is the time past the budget
        after which :meth:`poll` gives up on an agent."""
        self._requests: queue.Queue[_Job | None] = queue.Queue()
        self._results: queue.Queue[AIResult] = queue.Queue()
        self._lock = threading.Lock()
        self._jobs: list[_Job] = []  # requested and not yet answered (UI side)
        self._grace = grace_s
        self._agents: dict[str, Agent] = {}
        self._factory = factory
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self._loop = BackgroundJob(self._run, "concordia-ai").start()

    # ----------------------------------------------------------- UI thread
    def request(self, req: AIRequest) -> None:
        """Queue a request. Earlier requests are not cancelled (call :meth:`cancel`)."""
        limit = req.limit if req.limit is not None else default_limit(req.level)
        budget = limit.time_s if limit.time_s is not None else NO_TIME_DEADLINE_S
        job = _Job(req, threading.Event(), time.monotonic() + budget + self._grace)
        with self._lock:
            self._jobs.append(job)
        self._requests.put(job)

    def poll(self) -> AIResult | None:
        """The next result, or None. Answers a request whose agent is past its hard
        deadline with a :attr:`Failure.TIMEOUT` error, and every open request with a
        :attr:`Failure.STOPPED` error once the thread has ended."""
        try:
            return self._results.get_nowait()
        except queue.Empty:
            pass
        now = time.monotonic()
        stopped = self._loop.done
        with self._lock:
            for job in self._jobs:
                if job.answered:
                    continue
                r = job.request
                if stopped:
                    job.answered = True
                    why = self._loop.error
                    logger.error("the AI thread has stopped (%r); step %d unanswered", why, r.step)
                    return failed(r, Failure.STOPPED, f"the AI thread has stopped: {why!r}")
                if now > job.deadline:
                    job.answered = True
                    job.cancel.set()
                    logger.error(
                        "AI %s for seat %d at step %d passed its deadline", r.level, r.seat, r.step
                    )
                    return failed(r, Failure.TIMEOUT, f"the {r.level} AI did not answer in time")
        return None

    def cancel(self) -> None:
        """Cancel every open request (undo, new game, load, leaving, quitting). The
        running agent stops within about 100 ms; cancelled requests may still answer
        (with a stale or best-so-far action), so check :func:`is_current`."""
        with self._lock:
            for job in self._jobs:
                job.cancel.set()

    def close(self, timeout: float = 1.0) -> None:
        """Cancel, stop the thread and wait for it (at most ``timeout`` seconds)."""
        self.cancel()
        self._requests.put(None)
        self._loop.wait(timeout)

    @property
    def alive(self) -> bool:
        return not self._loop.done

    # ---------------------------------------------------------- AI thread
    def _run(self, stop: threading.Event) -> None:
        while True:
            job = self._requests.get()
            if job is None:
                return
            result = self._work(job)
            with self._lock:
                if job in self._jobs:
                    self._jobs.remove(job)
                late = job.answered
                job.answered = True
            if not late:
                self._results.put(result)

    def _work(self, job: _Job) -> AIResult:
        req = job.request
        t0 = time.perf_counter()
        try:
            if job.cancel.is_set():
                return failed(req, Failure.CANCELLED, "cancelled before the start", 0.0)
            limit = req.limit if req.limit is not None else default_limit(req.level)
            agent = self._agents.get(req.level)
            if agent is None:
                agent = self._factory(req.level)
                self._agents[req.level] = agent
            view = req.state.view_for(req.seat)
            if view.current_player != req.seat:
                raise ValueError(f"seat {req.seat} is not to move (seat {view.current_player} is)")
            seed = req.seed if req.seed is not None else f"{req.state.seed}/{req.step}/{req.seat}"
            action = agent.choose(view, limit, random.Random(seed), job.cancel)
            elapsed = time.perf_counter() - t0
            options = options_of(agent)
            if action not in view.legal_actions():
                logger.error(
                    "AI %s chose an illegal action %r at step %d", req.level, action, req.step
                )
                message = f"the {req.level} AI chose {action}"
                return failed(req, Failure.ILLEGAL, message, elapsed)
            return AIResult(req.game_id, req.step, action, None, req.purpose, options, elapsed)
        except Exception as exc:
            logger.exception("AI %s failed at step %d", req.level, req.step)
            message = f"{type(exc).__name__}: {exc}"
            return failed(req, Failure.CRASH, message, time.perf_counter() - t0)
