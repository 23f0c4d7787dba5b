"""The AI worker: one background thread that runs agents for the UI.

Only this module uses threads. The UI puts an :class:`AIRequest` with
:meth:`AIWorker.request` and polls for an :class:`AIResult` once per frame with
:meth:`AIWorker.poll`; nothing else crosses the thread boundary. The worker:

* runs the agent on ``state.view_for(seat)`` (its own copy: the UI's state is never
  touched after the request), with a per-request cancel event and an rng seeded from
  the request;
* validates the answer: an exception, or an action that is not legal, comes back as
  ``AIResult(action=None, error=...)`` and is logged, and the UI plays
  :func:`fallback_action` instead;
* enforces a hard deadline: if an agent runs past its budget plus a grace period,
  :meth:`poll` answers on its own with a timeout error (the UI falls back), so a hung
  agent never stops the game;
* leaves stale results to the UI, which checks them with :func:`is_current`.

Why ``sys.setswitchinterval(0.001)``: a CPU-bound Python thread holds the GIL for
the whole switch interval (5 ms by default), which measured as ~5 ms lost on every
frame of a 60 FPS pygame loop (47 FPS, every frame late); at 1 ms the loop keeps
about 58 FPS with p95 ~18 ms and the search loses almost no throughput (TOOLCHAIN.md
section 6). The worker sets it once, when it starts.
"""

from __future__ import annotations

import logging
import queue
import random
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from concordia.ai.base import Agent, Limit, default_limit, fallback_action
from concordia.ai.registry import make_agent
from concordia.core import Action, GameState

__all__ = ["AIRequest", "AIResult", "AIWorker", "Limit", "fallback_action", "is_current"]

logger = logging.getLogger(__name__)

SWITCH_INTERVAL_S = 0.001
GRACE_S = 1.0  # past the time budget, before poll() gives up on the agent
NO_TIME_DEADLINE_S = 30.0  # hard deadline for requests limited by iterations only


@dataclass(frozen=True)
class AIRequest:
    """Ask ``level``'s agent for the decision of ``seat`` in ``state``.

    ``limit`` None means the level's :func:`default_limit`; ``seed`` None derives the
    rng from the state (``f"{state.seed}/{step}/{seat}"``). For a hint, ask for the
    hard level on the human's seat.
    """

    game_id: int
    step: int
    state: GameState
    seat: int
    level: str
    limit: Limit | None = None
    seed: int | str | None = None


@dataclass(frozen=True)
class AIResult:
    """The answer to one request: a legal ``action``, or ``action=None`` and an
    ``error`` message. ``stats`` holds ``time_s`` and, when known, ``iterations``;
    for the expert, ``options``: its best (at most three) whole card plays, each as
    ``(action notations, expected final victory points, expected lead over the best
    opponent or None where the search does not count it (far from the end), the
    search's score)``, best first."""

    game_id: int
    step: int
    action: Action | None
    error: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)


def is_current(result: AIResult, game_id: int, step: int) -> bool:
    """True when ``result`` answers the position the UI is showing now."""
    return result.game_id == game_id and result.step == step


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
        self._thread = threading.Thread(target=self._run, name="concordia-ai", daemon=True)
        self._thread.start()

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
        deadline with ``AIResult(action=None, error="timeout ...")``."""
        try:
            result = self._results.get_nowait()
        except queue.Empty:
            result = None
        if result is not None:
            return result
        now = time.monotonic()
        with self._lock:
            for job in self._jobs:
                if not job.answered and now > job.deadline:
                    job.answered = True
                    job.cancel.set()
                    r = job.request
                    logger.error(
                        "AI %s for seat %d at step %d passed its deadline", r.level, r.seat, r.step
                    )
                    return AIResult(
                        r.game_id,
                        r.step,
                        None,
                        f"timeout: the {r.level} AI did not answer in time",
                        {"time_s": None},
                    )
        return None

    def cancel(self) -> None:
        """Cancel every open request (undo, new game, load, leaving, quitting). The
        running agent stops within about 100 ms; cancelled requests may still answer
        (with a stale or best-so-far action), so check :func:`is_current`."""
        with self._lock:
            for job in self._jobs:
                job.cancel.set()

    def close(self) -> None:
        """Cancel, stop the thread and wait for it (at most one second)."""
        self.cancel()
        self._requests.put(None)
        self._thread.join(timeout=1.0)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # ---------------------------------------------------------- AI thread
    def _run(self) -> None:
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
                return AIResult(req.game_id, req.step, None, "cancelled", {"time_s": 0.0})
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
            stats: dict[str, Any] = {"time_s": time.perf_counter() - t0}
            analysis = getattr(agent, "last_analysis", None)
            if analysis:  # the expert's best options (the hint's "why")
                # The lead only where the search counts it (near the end).
                near = getattr(agent, "last_stats", {}).get("near_end", 1.0)
                stats["options"] = [
                    (
                        tuple(str(a) for a in r.actions),
                        r.expected_points,
                        r.lead if near else None,
                        r.value,
                    )
                    for r in analysis[:3]
                ]
            if action not in view.legal_actions():
                logger.error(
                    "AI %s chose an illegal action %r at step %d", req.level, action, req.step
                )
                return AIResult(
                    req.game_id,
                    req.step,
                    None,
                    f"illegal action from the {req.level} AI: {action}",
                    stats,
                )
            return AIResult(req.game_id, req.step, action, None, stats)
        except Exception as exc:
            logger.exception("AI %s failed at step %d", req.level, req.step)
            return AIResult(
                req.game_id,
                req.step,
                None,
                f"{type(exc).__name__}: {exc}",
                {"time_s": time.perf_counter() - t0},
            )
