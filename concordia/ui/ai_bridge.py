"""The UI's side of the AI thread boundary.

:class:`AIBridge` owns the game scene's :class:`~concordia.ai.worker.AIWorker` and
sends it typed requests, each with its level's budget from
:func:`concordia.ai.base.default_limit` (the one table of budgets): a seat's move
(``request``) or a hint (``request_hint``, any level may be asked; the expert by
default). Replies are :class:`~concordia.ai.worker.AIResult`: the action or a typed
error, the request's purpose (so a hint is told apart from a move) and, from the
expert, its best options as :class:`~concordia.ai.worker.PlayOption`, which the hint
says as its reasons. Only frozen messages and immutable game states cross the thread
boundary; pygame is never touched off the main thread.

A worker that misses its deadline (a hung agent) or whose thread stopped is abandoned
and a fresh one started, so one stuck search never delays the AI moves after it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from concordia.ai import base as ai_base
from concordia.ai import worker as ai_worker
from concordia.ai.base import Limit
from concordia.ai.worker import AIError, AIRequest, AIResult, AIWorker, Failure, Purpose
from concordia.core import Action, GameState
from concordia.jobs import BackgroundJob
from concordia.review import hint_search

__all__ = ["CLOSE_WAIT_S", "HINT_LEVEL", "AIBridge", "level_limit"]

logger = logging.getLogger(__name__)

#: The level that answers hints (``AIBridge.request_hint`` takes any level).
HINT_LEVEL = "expert"
#: Longest wait, in seconds, for the AI thread to stop when the scene closes; the thread
#: is a daemon, so one that does not stop in time never holds up quitting.
CLOSE_WAIT_S = 0.5
#: Failures after which the worker is replaced by a fresh one.
_RESTART_AFTER = (Failure.TIMEOUT, Failure.STOPPED)


def level_limit(level: str, time_scale: float = 1.0) -> Limit:
    """The budget for ``level`` (:func:`concordia.ai.base.default_limit`), its time
    multiplied by ``time_scale`` (``--autoplay`` uses a fraction)."""
    limit = ai_base.default_limit(level)
    if time_scale != 1.0 and limit.time_s is not None:
        limit = Limit(time_s=limit.time_s * time_scale, iterations=limit.iterations)
    return limit


def _new_worker() -> AIWorker:
    # Looked up when called, so a test that replaces ``AIWorker`` reaches every bridge.
    return ai_worker.AIWorker()


class AIBridge:
    """One AI back end for a game scene: ``request`` (or ``request_hint``), then ``poll``
    once per frame.

    Args:
        time_scale: multiplies each level's time budget (1 in a normal game).
        worker_factory: builds the worker (default ``AIWorker()``); tests pass one with
            a short grace period.
    """

    def __init__(
        self, time_scale: float = 1.0, worker_factory: Callable[[], AIWorker] | None = None
    ) -> None:
        self.time_scale = time_scale
        self._factory = worker_factory or _new_worker
        self._worker: AIWorker | None = self._factory()
        self._abandoned: list[AIWorker] = []
        #: Replies made on the main thread (a request the worker refused).
        self._refused: list[AIResult] = []
        #: Requests sent to the worker, newest last (for tests and logs).
        self.sent: list[AIRequest] = []

    def request(self, game_id: int, state: GameState, seat: int, level: str) -> None:
        """Ask for a decision of ``seat`` in ``state`` (cancels any open request)."""
        self.cancel()
        self._send(game_id, state, seat, level, Purpose.MOVE)

    def request_hint(
        self, game_id: int, state: GameState, seat: int, level: str = HINT_LEVEL
    ) -> None:
        """Ask ``level`` (the expert AI by default) what ``seat`` should play in
        ``state``; the reply's purpose is a hint. Open requests are not cancelled.

        At the start of a turn the expert searches with the review's budget and seed
        (:func:`concordia.review.hint_search`): one judge, so the review never calls
        the card the hint proposed a loss."""
        search = hint_search(state) if level == HINT_LEVEL else None
        limit, seed = search or (None, None)
        self._send(game_id, state, seat, level, Purpose.HINT, limit, seed)

    def _send(
        self,
        game_id: int,
        state: GameState,
        seat: int,
        level: str,
        why: Purpose,
        limit: Limit | None = None,
        seed: str | None = None,
    ) -> None:
        try:
            if limit is None:
                limit = level_limit(level, self.time_scale)
            req = AIRequest(game_id, state.step, state, seat, level, limit, seed, why)
            self._live().request(req)
        except Exception as exc:  # an unknown level, a worker that cannot start: say so
            logger.exception("the AI worker refused a request")
            error = AIError(Failure.CRASH, f"{type(exc).__name__}: {exc}")
            self._refused.append(AIResult(game_id, state.step, None, error, why))
            return
        self.sent.append(req)

    def poll(self, wait: float = 0.0) -> AIResult | None:
        """The next reply, or None. ``wait`` > 0 blocks up to that many seconds (used only
        by ``--autoplay``, which has no frames to keep smooth)."""
        deadline = time.monotonic() + wait
        while True:
            reply = self._poll_once()
            if reply is not None or time.monotonic() >= deadline:
                return reply
            time.sleep(0.001)

    def _poll_once(self) -> AIResult | None:
        if self._refused:
            return self._refused.pop(0)
        if self._worker is None:
            return None
        result = self._worker.poll()
        if result is not None and result.error is not None and result.error.kind in _RESTART_AFTER:
            self._restart()
        return result

    def fallback_action(self, state: GameState) -> Action | None:
        """A random legal action (after an AI error), chosen on the main thread."""
        return ai_base.fallback_action(state)

    def cancel(self) -> None:
        """Cancel every open request, hints included (their replies become stale)."""
        self._refused.clear()
        if self._worker is not None:
            self._worker.cancel()

    def close(self) -> None:
        """Cancel and stop the AI thread; returns within about :data:`CLOSE_WAIT_S`."""
        self.cancel()
        workers = [w for w in (self._worker, *self._abandoned) if w is not None]
        self._worker = None
        self._abandoned = []
        if workers:
            _close_all(workers, CLOSE_WAIT_S)

    def _live(self) -> AIWorker:
        if self._worker is None:
            self._worker = self._factory()
        return self._worker

    def _restart(self) -> None:
        """Abandon a worker whose agent hung or whose thread stopped (its thread is a
        daemon) and start anew."""
        logger.warning("restarting the AI worker")
        old = self._worker
        if old is not None:
            old.cancel()
            self._abandoned.append(old)
        self._worker = self._factory()


def _close_all(workers: list[AIWorker], wait_s: float) -> None:
    """Close the workers, waiting at most ``wait_s`` in all: ``AIWorker.close`` may
    block for a second on an agent that ignores its cancel event, so the closing runs
    as a background job, abandoned when it takes too long."""

    def run(cancel: object) -> None:
        for w in workers:
            try:
                w.close()
            except Exception:
                logger.exception("AI worker close failed")

    if not BackgroundJob(run, "concordia-ai-close").start().wait(wait_s):
        logger.warning("the AI thread did not stop within %.1f s; leaving it", wait_s)
