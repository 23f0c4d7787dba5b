"""AI search benchmark: ``python -m concordia.tools.search_bench [--against DIR]``.

Times the searching levels' decisions (``expert`` and ``expert-v1``, an iteration
budget, so the work is the same every run) at the turn starts that
:func:`concordia.tools.search_rate.turn_starts` samples (2-player Italia and 4-player
Imperium, games between normal agents), in CPU seconds of this process, and prints
rollouts per CPU second. With ``--against DIR`` the same decisions of the checkout at
DIR run interleaved with this one's, the ratio is printed, and so is whether both chose
the same actions (a speed change must not change a choice). One core, one process;
figures and the command are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import random
import threading
import time
from pathlib import Path
from typing import Any

from concordia.bench import load_checkout

CASES = (("italia", 2), ("imperium", 4))
LEVELS = ("expert", "expert-v1")
MODULES = ("concordia.tools.search_rate", "concordia.ai.registry", "concordia.ai.base")
SEED, EVERY = 1, 5  # the game the turn starts come from, every fifth turn start


def decide(mods: list[Any], level: str, view: Any, iterations: int) -> tuple[float, str]:
    """CPU seconds of one decision and the action chosen (as text)."""
    _rate, registry, base = mods
    agent = registry.make_agent(level)
    start = time.process_time()
    action = agent.choose(
        view, base.Limit(iterations=iterations), random.Random(7), threading.Event()
    )
    return time.process_time() - start, repr(action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--against", type=Path, metavar="DIR", help="compare with the checkout at DIR"
    )
    parser.add_argument("--positions", type=int, default=6, help="turn starts per case (at most)")
    parser.add_argument("--iterations", type=int, default=24, help="rollouts per decision")
    args = parser.parse_args(argv)
    here = load_checkout(Path(__file__).resolve().parents[2], *MODULES)
    checkouts = {"this": here}
    if args.against is not None:
        checkouts["other"] = load_checkout(args.against, *MODULES)
    head = f"{'case':<14}{'level':<11}{'this s':>8}{'rollouts/s':>11}"
    if "other" in checkouts:
        head += f"{'other s':>9}{'other/this':>11}{'same':>6}"
    print(f"{args.positions} turn starts per case, {args.iterations} rollouts a decision, CPU time")
    print(head)
    for name, n in CASES:
        states = {
            tag: m[0].turn_starts(name, n, SEED, EVERY)[: args.positions]
            for tag, m in checkouts.items()
        }
        for level in LEVELS:
            cpu = dict.fromkeys(checkouts, 0.0)
            chosen: dict[str, list[str]] = {tag: [] for tag in checkouts}
            for i in range(len(states["this"])):
                order = list(checkouts) if i % 2 == 0 else list(reversed(checkouts))
                for tag in order:
                    t, action = decide(checkouts[tag], level, states[tag][i], args.iterations)
                    cpu[tag] += t
                    chosen[tag].append(action)
            rate = len(states["this"]) * args.iterations / cpu["this"]
            line = f"{name + ' ' + str(n) + 'p':<14}{level:<11}{cpu['this']:>8.3f}{rate:>11.1f}"
            if "other" in checkouts:
                same = "yes" if chosen["this"] == chosen["other"] else "no"
                line += f"{cpu['other']:>9.3f}{cpu['other'] / cpu['this']:>11.2f}{same:>6}"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
