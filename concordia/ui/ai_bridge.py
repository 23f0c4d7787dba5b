"""The UI's side of the AI thread boundary.

:class:`AIBridge` hides which AI is in use. When ``concordia.ai.worker.AIWorker`` is
installed it forwards requests to it; otherwise (and whenever the worker fails) it uses
:class:`PlaceholderWorker`, a daemon thread that picks a random legal action with a
``random.Random`` seeded from the game seed and step. Only frozen messages and immutable
game states cross the thread boundary; pygame is never touched off the main thread.
"""

from __future__ import annotations

import importlib
import logging
import queue
import random
import threading
import time
from dataclasses import dataclass
from typing import Any

from concordia.core import Action, GameState

logger = logging.getLogger(__name__)

#: Thinking budget per AI level in seconds (the real AI may use its own limits).
TIME_BUDGET = {"easy": 0.2, "normal": 0.5, "hard": 2.0}


@dataclass(frozen=True, slots=True)
class Reply:
    """An AI decision as seen by the game scene."""

    game_id: int
    step: int
    action: Action | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class _Job:
    game_id: int
    step: int
    state: GameState
    seat: int
    level: str
    cancel: threading.Event


class PlaceholderWorker:
    """A background thread choosing uniformly among the legal actions."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._results: queue.Queue[Reply] = queue.Queue()
        self._thread: threading.Thread | None = None

    def request(self, game_id: int, step: int, state: GameState, seat: int,
                level: str) -> threading.Event:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="concordia-ai", daemon=True)
            self._thread.start()
        cancel = threading.Event()
        self._jobs.put(_Job(game_id, step, state, seat, level, cancel))
        return cancel

    def poll(self, wait: float = 0.0) -> Reply | None:
        try:
            if wait > 0:
                return self._results.get(timeout=wait)
            return self._results.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=1.0)
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


class AIBridge:
    """One AI back end for a game scene. ``request`` then ``poll`` once per frame."""

    def __init__(self) -> None:
        self._worker: Any = None
        self._real = False
        self._make_real()
        self._fallback = PlaceholderWorker()
        self._cancel: threading.Event | None = None

    @property
    def uses_real_ai(self) -> bool:
        return self._real

    def request(self, game_id: int, state: GameState, seat: int, level: str) -> None:
        """Ask for a decision of ``seat`` in ``state`` (replaces any open request)."""
        self.cancel()
        if self._real:
            try:
                self._request_real(game_id, state, seat, level)
                return
            except Exception:
                logger.exception("AI worker refused a request; using the placeholder AI")
                self._real = False
        self._cancel = self._fallback.request(game_id, state.step, state, seat, level)

    def poll(self, wait: float = 0.0) -> Reply | None:
        """The next reply, or None. ``wait`` > 0 blocks up to that many seconds (used only
        by ``--autoplay``, which has no frames to keep smooth)."""
        if self._real:
            deadline = time.monotonic() + wait
            try:
                result = self._worker.poll()
                while result is None and time.monotonic() < deadline:
                    time.sleep(0.001)
                    result = self._worker.poll()
            except Exception:
                logger.exception("AI worker poll failed; using the placeholder AI")
                self._real = False
                return None
            if result is None:
                return None
            return Reply(int(result.game_id), int(result.step), result.action,
                         None if result.error is None else str(result.error))
        return self._fallback.poll(wait)

    def fallback_action(self, state: GameState) -> Action | None:
        """A random legal action (after an AI error), chosen on the main thread."""
        legal = state.legal_actions()
        if not legal:
            return None
        return random.Random(f"{state.seed}/{state.step}/fallback").choice(legal)

    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
            self._cancel = None
        if self._real:
            cancel = getattr(self._worker, "cancel", None)
            if callable(cancel):
                try:
                    cancel()
                except Exception:
                    logger.exception("AI worker cancel failed")

    def close(self) -> None:
        self.cancel()
        self._fallback.close()
        if self._worker is not None:
            close = getattr(self._worker, "close", None) or getattr(self._worker, "stop", None)
            if callable(close):
                try:
                    close()
                except Exception:
                    logger.exception("AI worker close failed")
            self._worker = None

    def _make_real(self) -> None:
        try:
            worker = importlib.import_module("concordia.ai.worker")
        except ImportError:
            return
        try:
            self._worker = worker.AIWorker()
            self._real = True
        except Exception:
            logger.exception("could not start the AI worker; using the placeholder AI")

    def _request_real(self, game_id: int, state: GameState, seat: int, level: str) -> None:
        worker = importlib.import_module("concordia.ai.worker")
        limit: Any = None
        limit_type = getattr(worker, "Limit", None)
        if limit_type is None:
            try:
                limit_type = importlib.import_module("concordia.ai.base").Limit
            except (ImportError, AttributeError):
                limit_type = None
        if limit_type is not None:
            limit = limit_type(time_s=TIME_BUDGET.get(level, 0.5), iterations=None)
        self._worker.request(worker.AIRequest(game_id, state.step, state, seat, level, limit))
