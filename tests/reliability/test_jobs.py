"""The background-job helper: a result or an exception reaches the starting thread,
cancel reaches the work, and a wait is always bounded."""

from __future__ import annotations

import threading

import pytest

from concordia.jobs import BackgroundJob, Cancelled, JobNotDone


def test_the_result_is_handed_over() -> None:
    job = BackgroundJob(lambda cancel: threading.current_thread().name, "job-name").start()
    assert job.wait(5.0) and job.done
    assert job.result() == "job-name"  # it ran on its own, named thread
    assert job.error is None


def test_an_exception_in_the_work_is_raised_by_result() -> None:
    def work(cancel: threading.Event) -> int:
        raise ValueError("broken")

    job = BackgroundJob(work, "failing").start()
    assert job.wait(5.0)
    assert isinstance(job.error, ValueError)
    with pytest.raises(ValueError, match="broken"):
        job.result()


def test_cancel_reaches_the_work() -> None:
    running = threading.Event()

    def work(cancel: threading.Event) -> int:
        running.set()
        if not cancel.wait(5.0):
            return 0
        raise Cancelled

    job = BackgroundJob(work, "cancellable").start()
    assert running.wait(5.0)
    assert not job.done
    job.cancel()
    assert job.wait(5.0) and job.cancelled
    with pytest.raises(Cancelled):
        job.result()


def test_result_before_the_end_says_so_and_a_wait_is_bounded() -> None:
    release = threading.Event()
    job = BackgroundJob(lambda cancel: release.wait(5.0), "slow")
    assert not job.started
    job.start()
    assert job.started and not job.wait(0.01)
    with pytest.raises(JobNotDone):
        job.result()
    with pytest.raises(RuntimeError):
        job.start()  # once only
    release.set()
    assert job.wait(5.0) and job.result() is True
