"""The work an AI search does between two looks at its cancel event, counted.

The agent contract (:class:`concordia.ai.base.Agent`) promises an answer within about
100 ms of a cancel. A test that times the gaps between polls fails whenever the machine
is busy or the garbage collector runs, so the tests prove the promise by counting
instead: :class:`PollCounter` is a cancel event that, while its profile hook is
installed in the searching thread, counts every function call the thread makes (Python
functions and built-ins alike) and records, at each poll, the calls made since the
previous one. The count depends only on the code and the position, never on the load.
:data:`MAX_CALLS_BETWEEN_POLLS` bounds it; this module's benchmark
(``python -m tests.ai.cancel_work``) prints what that many calls cost on the machine
at hand, and the longest stretch between two polls in thread CPU time
(docs/benchmarks.md has the figures).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

# The most function calls a search may make between two polls of its cancel event, and
# from the poll that sees the cancel to its answer. The longest stretches measured are
# about 50,000 calls (the expert scoring its candidates before the first rollout);
# the benchmark measures 100,000 calls at well under 100 ms of CPU.
MAX_CALLS_BETWEEN_POLLS = 100_000


class PollCounter(threading.Event):
    """A cancel event that counts the calls made between its polls (module doc).

    Args:
        cancel_at: from this poll on (1 = the first), :meth:`is_set` answers True, as
            if the user had cancelled in the middle of the search.
        real: answer as this event does (e.g. the AI worker's own cancel event)
            instead of as this one.
        hold_at: at this poll, set :attr:`searching` and wait (up to 20 s) for
            ``real`` to be set, so a cancel from another thread lands in a running
            search.
    """

    def __init__(
        self,
        cancel_at: int | None = None,
        real: threading.Event | None = None,
        hold_at: int | None = None,
    ) -> None:
        super().__init__()
        self.cancel_at = cancel_at
        self.real = real
        self.hold_at = hold_at
        self.searching = threading.Event()
        self.calls = 0
        self.gaps: list[int] = []  # calls before each poll, until the cancel is seen
        self.cancelled_polls = 0  # polls that answered True
        self.cancel_seen_at: int | None = None  # the call count when it was first seen
        self.after_cancel = 0  # calls from the cancel being seen to the end of counting
        self._mark = 0

    def _count(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" or event == "c_call":
            self.calls += 1

    @contextmanager
    def counting(self) -> Iterator[PollCounter]:
        """Count the calls of the current thread inside the ``with`` block."""
        sys.setprofile(self._count)
        try:
            yield self
        finally:
            sys.setprofile(None)
            if self.cancel_seen_at is not None:
                self.after_cancel = self.calls - self.cancel_seen_at

    def is_set(self) -> bool:
        if self.cancel_seen_at is None:
            self.gaps.append(self.calls - self._mark)
            if len(self.gaps) == self.hold_at and self.real is not None:
                self.searching.set()
                self.real.wait(20)
            self._mark = self.calls
        if self.real is not None:
            answer = self.real.is_set()
        else:
            answer = super().is_set() or (
                self.cancel_at is not None and len(self.gaps) >= self.cancel_at
            )
        if answer:
            self.cancelled_polls += 1
            if self.cancel_seen_at is None:
                self.cancel_seen_at = self.calls
        return answer

    @property
    def longest(self) -> int:
        """The most calls between two polls, counting from the start to the first poll
        and, when no cancel was seen, from the last poll to the end."""
        tail = [self.calls - self._mark] if self.cancel_seen_at is None else []
        return max([*self.gaps, *tail])


# ------------------------------------------------------------------------- benchmark
@dataclass
class Row:
    level: str
    board: str
    players: int
    steps: int
    polls: int
    calls: int
    longest_calls: int
    cpu_s: float
    longest_ms: float  # thread CPU, the garbage collector on
    longest_ms_no_gc: float  # thread CPU, the garbage collector off


class _CpuPolls(threading.Event):
    """Thread CPU time at each poll (no profile hook: the search at full speed)."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    def is_set(self) -> bool:
        self.at.append(time.thread_time())
        return False


def _timed(level: str, view: Any, limit: Any) -> tuple[float, float]:
    """The search's thread CPU seconds and its longest stretch between two polls."""
    from concordia.ai import make_agent

    polls = _CpuPolls()
    t0 = time.thread_time()
    make_agent(level).choose(view, limit, random.Random(1), polls)
    t1 = time.thread_time()
    marks = [t0, *polls.at, t1]
    return t1 - t0, max(b - a for a, b in itertools.pairwise(marks))


def measure(level: str, board: str, players: int, steps: int, iterations: int) -> Row:
    """One decision of ``level``: timed with the garbage collector on and off, then
    counted (the same seed, so the same search each time)."""
    from concordia.ai import Limit, make_agent
    from concordia.maps import load_board
    from tests.ai.conftest import _random_position

    s = _random_position(load_board(board), players, 6, steps)
    seat = s.current_player
    assert seat is not None
    view = s.view_for(seat)
    limit = Limit(iterations=iterations)
    cpu, longest = _timed(level, view, limit)
    gc.disable()
    try:
        _cpu, longest_no_gc = _timed(level, view, limit)
    finally:
        gc.enable()
    counted = PollCounter()
    agent = make_agent(level)
    with counted.counting():
        agent.choose(view, limit, random.Random(1), counted)
    return Row(
        level, board, players, steps, len(counted.gaps), counted.calls, counted.longest, cpu,
        longest * 1000, longest_no_gc * 1000,
    )  # fmt: skip


BUDGETS = {"easy": 1, "normal": 1, "hard": 20, "expert": 24}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--levels", default="easy,normal,hard,expert")
    p.add_argument("--steps", default="30,90,150", help="random actions before each position")
    args = p.parse_args(argv)
    rows: list[Row] = []
    print("level   board     n steps  polls     calls  longest  cpu_s  longest_ms  no_gc_ms")
    for level in args.levels.split(","):
        for board in ("imperium", "italia"):
            for players in range(2, 6 if board == "imperium" else 5):
                for steps in (int(x) for x in args.steps.split(",")):
                    r = measure(level, board, players, steps, BUDGETS[level])
                    rows.append(r)
                    print(
                        f"{r.level:7} {r.board:9} {r.players} {r.steps:5} {r.polls:6} "
                        f"{r.calls:9} {r.longest_calls:8} {r.cpu_s:6.2f} "
                        f"{r.longest_ms:11.1f} {r.longest_ms_no_gc:9.1f}",
                        flush=True,
                    )
    # The slowest rate of calls over a whole search: what the bound costs at worst.
    rate = min(r.calls / r.cpu_s for r in rows if r.cpu_s > 0.05)
    print(f"longest stretch between polls: {max(r.longest_calls for r in rows)} calls")
    print(
        f"slowest whole-search rate: {rate / 1e6:.2f} million calls per CPU second, so "
        f"{MAX_CALLS_BETWEEN_POLLS} calls (the tests' bound) take "
        f"{MAX_CALLS_BETWEEN_POLLS / rate * 1000:.0f} ms"
    )
    for label, key in (("garbage collector on", "longest_ms"), ("off", "longest_ms_no_gc")):
        worst = max(rows, key=lambda r: float(getattr(r, key)))
        print(
            f"longest stretch between polls in thread CPU time, {label}: "
            f"{getattr(worst, key):.1f} ms ({worst.level}, {worst.board}, "
            f"{worst.players} players, {worst.steps} steps)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
