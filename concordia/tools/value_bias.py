"""How far the learned value is off, by turns left: ``python -m concordia.tools.value_bias``.

Plays ``--games`` games of one player count with seats drawn from ``--agents`` (the
games of :mod:`concordia.tools.train_eval`, both boards in turn), records every seat's
features at every turn start, and prints, per bucket of the remaining-turns estimate,
the mean error of the shipped learned value's prediction against the seat's final
points (final − predicted: positive means it forecast too few) and its RMSE, beside
the live score's. So the hint's "about N VP at the end" can be checked near the end.

Example::

    python -m concordia.tools.value_bias --games 6 --seed 7 --players 4 --agents hard --iterations 8
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from concordia.ai.features import FEATURE_NAMES, load_learned
from concordia.tools.train_eval import Row, play_training_game
from concordia.workers import process_context

#: Buckets of the remaining-turns estimate (turns of the seat), lower bound inclusive.
BUCKETS: tuple[tuple[float, float], ...] = (
    (0.0, 0.5),
    (0.5, 1.5),
    (1.5, 2.5),
    (2.5, 4.0),
    (4.0, 6.0),
    (6.0, 10.0),
    (10.0, math.inf),
)
_TURNS = FEATURE_NAMES.index("turns_left")
_LIVE = FEATURE_NAMES.index("score")


def bias_table(rows: Sequence[Row]) -> list[tuple[str, int, float, float, float]]:
    """Per bucket with rows: (label, rows, mean final − predicted, RMSE of the
    prediction, RMSE of the live score)."""
    learned = load_learned()
    out = []
    for lo, hi in BUCKETS:
        sel = [(n, f, y) for n, _g, f, y in rows if lo <= f[_TURNS] < hi]
        if not sel:
            continue
        errs = [
            y - sum(a * b for a, b in zip(learned.for_players(n), f, strict=True))
            for n, f, y in sel
        ]
        live = [y - f[_LIVE] for _n, f, y in sel]
        k = len(sel)
        out.append(
            (
                f"{lo:g}-{hi:g}",
                k,
                sum(errs) / k,
                math.sqrt(sum(e * e for e in errs) / k),
                math.sqrt(sum(e * e for e in live) / k),
            )
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m concordia.tools.value_bias",
        description="The learned value's error against final points, by turns left.",
    )
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--agents", default="hard", help="pool the seats are drawn from")
    ap.add_argument("--iterations", type=int, default=None, help="rollouts of hard/expert")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = ap.parse_args(argv)
    pool = tuple(a.strip() for a in args.agents.split(","))
    if {"hard", "expert"} & set(pool) and args.iterations is None:
        ap.error("--iterations is needed with hard or expert seats (reproducible runs)")
    rows: list[Row] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), mp_context=process_context()) as ex:
        futs = [
            ex.submit(play_training_game, i, args.seed, (args.players,), pool, args.iterations)
            for i in range(args.games)
        ]
        for f in futs:
            rows.extend(f.result())
    print(f"{args.games} games, {len(rows)} turn starts x seats")
    print("turns left   rows   final-predicted   RMSE predicted   RMSE live score")
    for label, k, bias, rmse, live in bias_table(rows):
        print(f"{label:>10} {k:6d} {bias:+17.1f} {rmse:16.1f} {live:17.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
