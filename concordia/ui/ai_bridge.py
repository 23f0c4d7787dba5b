"""The UI's side of the AI thread boundary.

:class:`AIBridge` hides which AI is in use. When ``concordia.ai.worker.AIWorker`` is
installed it forwards requests to it, each with its level's budget from
``concordia.ai.base.default_limit``; without the AI package it uses
:class:`PlaceholderWorker`, a daemon thread that picks a random legal action. Only
frozen messages and immutable game states cross the thread boundary; pygame is never
touched off the main thread.

Hints ("what would the expert AI play?", any level may be asked) go through the same
worker; their requests carry the negated game id, so a reply tells the scene whether it
answers a hint. The expert's reply also carries its best options with their expected
points (``Reply.options``), which the hint says as its reasons.

A worker that misses its deadline (a hung agent) is abandoned and a fresh one started,
so one stuck search never delays the AI moves after it.
"""

from __future__ import annotations

import importlib
import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from concordia.core import Action, GameState

logger = logging.getLogger(__name__)

#: Thinking budget per level in seconds when ``concordia.ai.base`` is missing.
TIME_BUDGET = {"easy": 0.2, "normal": 0.5, "hard": 2.0}
#: The level that answers hints (``AIBridge.request_hint`` takes any level).
HINT_LEVEL = "expert"
#: Longest wait, in seconds, for the AI thread to stop when the scene closes; the thread
#: is a daemon, so one that does not stop in time never holds up quitting.
CLOSE_WAIT_S = 0.5


class HintOption(NamedTuple):
    """One of the adviser's searched plays: the action notations of the whole play,
    the forecast final victory points and lead over the best opponent (the learned
    value's; the lead is None far from the end, where the search does not count it),
    and the search's own score of it, by which the options are ranked (in VP, the
    opponents' prospects counted against it)."""

    actions: tuple[str, ...]
    points: float
    lead: float | None
    score: float


@dataclass(frozen=True, slots=True)
class Reply:
    """An AI decision as seen by the game scene (``hint``: an answer to a hint)."""

    game_id: int
    step: int
    action: Action | None
    error: str | None = None
    hint: bool = False
    #: The adviser's best options, best first (see :class:`HintOption`). Only the
    #: expert fills it, on a fresh search.
    options: tuple[HintOption, ...] = ()


@dataclass(frozen=True, slots=True)
class _Job:
    game_id: int
    step: int
    state: GameState
    seat: int
    level: str
    cancel: threading.Event


class PlaceholderWorker:
    """A background thread choosing uniformly among the legal actions (used only when
    the ``concordia.ai`` package is not installed)."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._results: queue.Queue[Reply] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._cancels: list[threading.Event] = []

    def request(self, game_id: int, step: int, state: GameState, seat: int, level: str) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="concordia-ai", daemon=True)
            self._thread.start()
        cancel = threading.Event()
        self._cancels = [c for c in self._cancels if not c.is_set()] + [cancel]
        self._jobs.put(_Job(game_id, step, state, seat, level, cancel))

    def poll(self) -> Reply | None:
        try:
            return self._results.get_nowait()
        except queue.Empty:
            return None

    def cancel(self) -> None:
        for c in self._cancels:
            c.set()
        self._cancels = []

    def close(self) -> None:
        self.cancel()
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=CLOSE_WAIT_S)
            self._thread = None

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if job.cancel.is_set():
                continue
            try:
                legal = job.state.legal_actions()
                rng = random.Random(f"{job.state.seed}/{job.step}/{job.seat}")
                action: Action | None = rng.choice(legal) if legal else None
                self._results.put(Reply(job.game_id, job.step, action))
            except Exception as exc:  # the thread must never die silently
                logger.exception("placeholder AI failed")
                self._results.put(Reply(job.game_id, job.step, None, repr(exc)))


def ai_available() -> bool:
    """Whether the real AI (``concordia.ai.worker``) can be imported."""
    try:
        importlib.import_module("concordia.ai.worker")
    except ImportError:
        return False
    return True


def level_limit(level: str, time_scale: float = 1.0) -> Any:
    """The budget for ``level``: ``concordia.ai.base.default_limit(level)``, its time
    multiplied by ``time_scale`` (``--autoplay`` uses a fraction)."""
    base = importlib.import_module("concordia.ai.base")
    try:
        limit = base.default_limit(level)
    except (AttributeError, KeyError):
        limit = base.Limit(time_s=TIME_BUDGET.get(level, 0.5))
    if time_scale != 1.0 and limit.time_s is not None:
        limit = base.Limit(time_s=limit.time_s * time_scale, iterations=limit.iterations)
    return limit


class AIBridge:
    """One AI back end for a game scene: ``request`` (or ``request_hint``), then ``poll``
    once per frame.

    Args:
        time_scale: multiplies each level's time budget (1 in a normal game).
        worker_factory: builds the real worker (default ``concordia.ai.worker.AIWorker``);
            tests pass one with a short grace period.
    """

    def __init__(
        self, time_scale: float = 1.0, worker_factory: Callable[[], Any] | None = None
    ) -> None:
        self.time_scale = time_scale
        self._factory = worker_factory
        self._worker: Any = None
        self._abandoned: list[Any] = []
        self._real = False
        self._make_real()
        self._fallback = PlaceholderWorker()
        #: Requests sent to the real worker, newest last (for tests and logs).
        self.sent: list[Any] = []

    @property
    def uses_real_ai(self) -> bool:
        return self._real

    def request(self, game_id: int, state: GameState, seat: int, level: str) -> None:
        """Ask for a decision of ``seat`` in ``state`` (cancels any open request)."""
        self.cancel()
        self._send(game_id, state, seat, level)

    def request_hint(
        self, game_id: int, state: GameState, seat: int, level: str = HINT_LEVEL
    ) -> None:
        """Ask ``level`` (the expert AI by default) what ``seat`` should play in
        ``state``; the reply has ``hint=True``. Open requests are not cancelled."""
        self._send(-game_id, state, seat, level)

    def _send(self, game_id: int, state: GameState, seat: int, level: str) -> None:
        if self._real:
            try:
                worker = importlib.import_module("concordia.ai.worker")
                req = worker.AIRequest(
                    game_id, state.step, state, seat, level, level_limit(level, self.time_scale)
                )
                self._worker.request(req)
                self.sent.append(req)
                return
            except Exception:
                logger.exception("AI worker refused a request; using the placeholder AI")
                self._real = False
        self._fallback.request(game_id, state.step, state, seat, level)

    def poll(self, wait: float = 0.0) -> Reply | None:
        """The next reply, or None. ``wait`` > 0 blocks up to that many seconds (used only
        by ``--autoplay``, which has no frames to keep smooth)."""
        deadline = time.monotonic() + wait
        while True:
            reply = self._poll_once()
            if reply is not None or time.monotonic() >= deadline:
                return reply
            time.sleep(0.001)

    def _poll_once(self) -> Reply | None:
        if not self._real:
            reply = self._fallback.poll()
            if reply is None:
                return None
            return Reply(
                abs(reply.game_id), reply.step, reply.action, reply.error, reply.game_id < 0
            )
        try:
            result = self._worker.poll()
        except Exception:
            logger.exception("AI worker poll failed; using the placeholder AI")
            self._real = False
            return None
        if result is None:
            return None
        error = None if result.error is None else str(result.error)
        if error is not None and error.startswith("timeout"):
            self._restart()
        gid = int(result.game_id)
        return Reply(
            abs(gid), int(result.step), result.action, error, gid < 0, _options(result.stats)
        )

    def fallback_action(self, state: GameState) -> Action | None:
        """A random legal action (after an AI error), chosen on the main thread."""
        try:
            base = importlib.import_module("concordia.ai.base")
            action: Action | None = base.fallback_action(state)
            return action
        except (ImportError, AttributeError):
            legal = state.legal_actions()
            if not legal:
                return None
            return random.Random(f"{state.seed}/{state.step}/fallback").choice(legal)

    def cancel(self) -> None:
        """Cancel every open request, hints included (their replies become stale)."""
        self._fallback.cancel()
        if self._real:
            try:
                self._worker.cancel()
            except Exception:
                logger.exception("AI worker cancel failed")

    def close(self) -> None:
        """Cancel and stop the AI thread; returns within about :data:`CLOSE_WAIT_S`."""
        self.cancel()
        self._fallback.close()
        workers = [w for w in (self._worker, *self._abandoned) if w is not None]
        self._worker = None
        self._abandoned = []
        self._real = False
        if workers:
            _close_all(workers, CLOSE_WAIT_S)

    def _make_real(self) -> None:
        try:
            factory = self._factory or importlib.import_module("concordia.ai.worker").AIWorker
        except ImportError:
            logger.info("concordia.ai is not installed; using the placeholder AI")
            return
        try:
            self._worker = factory()
            self._real = True
        except Exception:
            logger.exception("could not start the AI worker; using the placeholder AI")

    def _restart(self) -> None:
        """Abandon a worker whose agent hung (its thread is a daemon) and start anew."""
        logger.warning("restarting the AI worker after a timeout")
        old = self._worker
        try:
            old.cancel()
        except Exception:
            logger.exception("AI worker cancel failed")
        self._abandoned.append(old)
        self._worker = None
        self._real = False
        self._make_real()


def _close_all(workers: list[Any], wait_s: float) -> None:
    """Close the workers, waiting at most ``wait_s`` in all: ``AIWorker.close`` may
    block for a second on an agent that ignores its cancel event, so the closing runs
    on a short-lived daemon thread and is abandoned when it takes too long."""
    done = threading.Event()

    def run() -> None:
        for w in workers:
            try:
                w.close()
            except Exception:
                logger.exception("AI worker close failed")
        done.set()

    threading.Thread(target=run, name="concordia-ai-close", daemon=True).start()
    if not done.wait(wait_s):
        logger.warning("the AI thread did not stop within %.1f s; leaving it", wait_s)


def _options(stats: Any) -> tuple[HintOption, ...]:
    # The worker's stats["options"] (see concordia.ai.worker.AIResult), checked.
    raw = stats.get("options", ()) if isinstance(stats, dict) else ()
    out = []
    try:
        for actions, points, lead, score in raw:
            out.append(
                HintOption(
                    tuple(str(a) for a in actions),
                    float(points),
                    None if lead is None else float(lead),
                    float(score),
                )
            )
    except (TypeError, ValueError):
        return ()
    return tuple(out)
