"""Background jobs: the one place the application starts threads.

A :class:`BackgroundJob` runs one callable on a daemon thread. The callable gets the
job's cancel event and is expected to stop soon after it is set (raising
:class:`Cancelled` or returning early); its return value, or the exception it raised,
is handed to the thread that started it through :meth:`BackgroundJob.result`, so a
failure in the background is never silent and never leaves the caller waiting for
ever. The AI worker's loop, the game review and the autosave writer run on it.

Standard library only (the AI package and the review import it; pygame never runs
on these threads).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar, cast

__all__ = ["BackgroundJob", "Cancelled", "JobNotDone"]

T = TypeVar("T")


class Cancelled(Exception):
    """Work stopped because its cancel event was set (a search, a review)."""


class JobNotDone(RuntimeError):
    """:meth:`BackgroundJob.result` was asked before the job ended."""


class BackgroundJob(Generic[T]):
    """``work(cancel)`` on a daemon thread named ``name``, started by :meth:`start`.

    The main thread may :meth:`cancel` at any time (before the start too), ask whether
    the job is :attr:`done`, :meth:`wait` for it (bounded) and take its
    :meth:`result`, which raises the exception the work raised.
    """

    def __init__(self, work: Callable[[threading.Event], T], name: str) -> None:
        self.name = name
        self._work = work
        #: Set by :meth:`cancel`; the work polls it.
        self.cancel_event = threading.Event()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._value: T | None = None
        self._error: Exception | None = None

    def start(self) -> BackgroundJob[T]:
        """Start the thread (once); returns the job."""
        if self._thread is not None:
            raise RuntimeError(f"the job {self.name!r} was already started")
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self._value = self._work(self.cancel_event)
        except Exception as exc:  # handed to the main thread by result()
            self._error = exc
        finally:
            self._done.set()

    def cancel(self) -> None:
        """Ask the work to stop (it decides how soon)."""
        self.cancel_event.set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    @property
    def started(self) -> bool:
        return self._thread is not None

    @property
    def done(self) -> bool:
        """True once the work has returned or raised."""
        return self._done.is_set()

    @property
    def error(self) -> Exception | None:
        """The exception the work raised (None while running or after a return)."""
        return self._error if self._done.is_set() else None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the work to end; True once it has."""
        return self._done.wait(timeout)

    def result(self) -> T:
        """The work's return value.

        Raises:
            JobNotDone: the work is still running (or was never started).
            Exception: whatever the work raised, :class:`Cancelled` included.
        """
        if not self._done.is_set():
            raise JobNotDone(self.name)
        if self._error is not None:
            raise self._error
        return cast(T, self._value)
