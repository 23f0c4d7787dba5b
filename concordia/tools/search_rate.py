"""How many rollouts the searching levels fit into their time budgets.

``python -m concordia.tools.search_rate --players 5 [--set expert.ATTR=VALUE ...]``

Plays one game with normal agents (seed ``--seed``) and, at every ``--every``-th turn
start, asks each level of ``--levels`` for its choice at its time budget (the UI's,
or ``--time LEVEL=S``) and reads the rollouts it ran (``last_stats["iterations"]``).
Prints the median, mean, least and most per level, and the cards each level chose to play
there (how often an Architect, a Prefect, ...: how more rollouts or a setting change the
kind of play). Wall-clock figures: run it alone and note the load (docs/ai.md records
the runs with ``uptime``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
from collections import Counter
from collections.abc import Sequence

from concordia.ai import Limit, make_agent
from concordia.ai.base import default_limit
from concordia.ai.registry import LEVELS
from concordia.core import GameState, Phase, new_game
from concordia.core.actions import PlayCard
from concordia.maps import load_board
from concordia.tournament import make_seat, parse_override


def turn_starts(board: str, players: int, seed: int, every: int) -> list[GameState]:
    """The mover's view at every ``every``-th turn start of a game of normal agents."""
    s = new_game(load_board(board), players, seed)
    driver = make_agent("normal")
    rng = random.Random(seed)
    cancel = threading.Event()
    out: list[GameState] = []
    k = 0
    while s.phase != Phase.OVER:
        me = s.current_player
        assert me is not None
        if s.phase == Phase.CARD and me == s.turn_player:
            k += 1
            if k % every == 0:
                out.append(s.view_for(me))
        s.apply_in_place(driver.choose(s.view_for(me), Limit(iterations=1), rng, cancel))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m concordia.tools.search_rate")
    ap.add_argument("--board", default="imperium")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--every", type=int, default=7, help="sample every Nth turn start")
    ap.add_argument("--levels", default="expert,hard")
    ap.add_argument("--time", action="append", default=[], metavar="LEVEL=S")
    ap.add_argument("--set", action="append", default=[], metavar="LEVEL.ATTR=VALUE")
    ap.add_argument("--iterations", type=int, help="an iteration budget instead of time (a check)")
    args = ap.parse_args(argv)
    try:
        overrides = [parse_override(t) for t in args.set]
        times = {k: float(v) for k, _, v in (t.partition("=") for t in args.time)}
    except ValueError as exc:
        ap.error(str(exc))
    levels = args.levels.split(",")
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        ap.error(f"--levels: unknown level {unknown[0]!r} (one of {', '.join(LEVELS)})")
    views = turn_starts(args.board, args.players, args.seed, args.every)
    if not views:
        ap.error(f"--every {args.every}: the game has fewer turn starts than that")
    cancel = threading.Event()
    print(f"{args.board}, {args.players} players, seed {args.seed}: {len(views)} turn starts")
    for level in levels:
        seconds = times.get(level, default_limit(level).time_s)
        limit = Limit(iterations=args.iterations) if args.iterations else Limit(time_s=seconds)
        got = []
        played: Counter[str] = Counter()
        for i, v in enumerate(views):
            agent = make_seat(level, overrides)  # fresh: no plan cached from before
            action = agent.choose(v, limit, random.Random(i), cancel)
            got.append(agent.last_stats.get("iterations", 0.0))  # type: ignore[attr-defined]
            if isinstance(action, PlayCard):
                played[action.card] += 1
        what = f"{limit.iterations} iterations" if args.iterations else f"{seconds:.2f} s"
        print(
            f"{level:8} {what}: rollouts a decision median {statistics.median(got):.1f}"
            f", mean {statistics.mean(got):.1f}, min {min(got):.0f}, max {max(got):.0f}"
        )
        cards = ", ".join(
            f"{name} {k}" for name, k in sorted(played.items(), key=lambda x: (-x[1], x[0]))
        )
        print(f"{level:8} plays: {cards}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
