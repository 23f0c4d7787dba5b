"""The one place that chooses how worker processes start (soak runs, tournaments).

Always ``spawn``, never ``fork``: once pygame has started its video or event system, SDL
has replaced the C-level SIGTERM handler with one that only queues a quit event. A forked
child inherits that handler, so ``Pool.terminate()`` cannot stop an idle worker and the
parent waits on it for ever (this hung a CI run for 20 minutes after the test suite had
run pygame tests). A forked child also inherits any lock another thread held at fork
time. A spawned child is a fresh interpreter with default signal handlers and no locks.
Costs about 0.1 s per worker to import the rules core, which no caller notices.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import SpawnContext


def process_context() -> SpawnContext:
    """The start method for every worker process the project creates."""
    return multiprocessing.get_context("spawn")
