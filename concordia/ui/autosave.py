"""The autosave, written off the main thread.

``concordia.saves.autosave`` checks the previous autosave (it replays it) before it
keeps it as the backup, which costs about 50-90 ms of CPU at a turn end late in a game:
several dropped frames if the main thread did it. :class:`AutosaveWriter` hands the
write to a short-lived thread instead. Only file I/O and JSON happen there: the thread
gets a fresh :class:`GameRecord` (its own lists) and the immutable :class:`GameState`,
and never touches pygame or the scene.

Two writes never overlap: while one runs, a newer request waits as "pending" (a still
newer one replaces it, only the latest position matters) and the same thread writes it
next. :meth:`AutosaveWriter.wait` lets quitting wait for the last write (bounded).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from concordia.core import GameRecord, GameState
from concordia.jobs import BackgroundJob

logger = logging.getLogger(__name__)

WriteFn = Callable[[GameRecord, GameState], object]


def _default_write(record: GameRecord, state: GameState) -> object:
    from concordia import saves

    return saves.autosave(record, state)


class AutosaveWriter:
    """Writes autosaves one at a time on a background thread (main thread API).

    Args:
        write: the function that writes (default ``concordia.saves.autosave``).
    """

    def __init__(self, write: WriteFn | None = None) -> None:
        self._write = write or _default_write
        self._lock = threading.Lock()
        self._pending: tuple[GameRecord, GameState] | None = None
        self._job: BackgroundJob[None] | None = None
        self._idle = threading.Event()
        self._idle.set()
        self._errors: list[str] = []
        #: Number of autosaves written (for tests and logs).
        self.written = 0
        #: The record of the last autosave written, and whether the latest write failed
        #: (the crash dialog says whether the game is safe only from these).
        self.last_saved: GameRecord | None = None
        self.last_failed = False

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def save(self, record: GameRecord, state: GameState) -> None:
        """Queue an autosave of ``record``/``state`` and return at once."""
        with self._lock:
            self._pending = (record, state)
            if self._job is not None and not self._job.done and not self._idle.is_set():
                return  # the running thread picks the pending write up next
            self._idle.clear()
            self._job = BackgroundJob(self._run, "concordia-autosave").start()

    def wait(self, timeout: float = 1.0) -> bool:
        """Wait up to ``timeout`` seconds for the writes to finish; True when done."""
        done = self._idle.wait(timeout)
        if not done:
            logger.warning("the autosave did not finish within %.1f s", timeout)
        return done

    def take_errors(self) -> list[str]:
        """Messages of failed writes since the last call (shown by the main thread)."""
        with self._lock:
            errors, self._errors = self._errors, []
        return errors

    def _run(self, cancel: threading.Event) -> None:
        while True:
            with self._lock:
                job = self._pending
                self._pending = None
                if job is None:
                    self._idle.set()
                    return
            try:
                self._write(*job)
                self.written += 1
                self.last_saved, self.last_failed = job[0], False
            except Exception as exc:  # saves.SaveError, OSError or a bug: log, go on
                logger.exception("autosave failed")
                with self._lock:
                    self.last_failed = True
                    self._errors.append(str(getattr(exc, "reason", exc)))
