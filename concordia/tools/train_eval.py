"""Fit expert-v1's learned evaluation from self-play: ``python -m concordia.tools.train_eval``.

Plays ``--games`` games (player counts 2-5 and both boards in turn, every seat an easy
or a normal agent drawn from the game's seed, so the positions are varied; ``--players``
and ``--agents`` choose other counts and another pool of seats, ``--iterations`` the
budget of the searching ones, so a run stays reproducible), records the
features (:mod:`concordia.ai.features`) of every seat at the start of every turn, and
fits one ridge regression per player count from those features to the seat's final
victory points. Games whose index is a multiple of ``--holdout`` are kept out of the fit
and give the validation error, printed beside the error of the hand-tuned evaluation on
the same positions. Writes the weights file (default ``assets/ai/expert_weights.json``).

Training only: needs numpy (the dev extra); loading the weights needs nothing new.

``--base FILE`` keeps the weights of the player counts this run does not fit from
an earlier weights file (so one count can be refitted on stronger play).

Example::

    nice -n 10 python -m concordia.tools.train_eval --games 240 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from concordia.ai.base import Limit
from concordia.ai.features import FEATURE_NAMES, feature_hash, features, weights_path
from concordia.ai.registry import make_agent
from concordia.core import BoardSpec, GameState, Phase, new_game
from concordia.core.data import MAX_PLAYERS, MIN_PLAYERS
from concordia.workers import process_context

BOARDS = ("imperium", "italia")
MAX_STEPS = 3000
HAND_EVAL = FEATURE_NAMES.index("hand_eval")

# Fixed positions whose feature values the weights file records (see probe_positions).
PROBES: tuple[tuple[str, int, int, int], ...] = (
    ("imperium", 4, 1, 80),
    ("italia", 2, 2, 160),
    ("imperium", 5, 3, 300),
)

Row = tuple[int, int, list[float], float]  # (players, game index, features, final VP)


ALL_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
DEFAULT_POOL = ("easy", "normal", "normal")


def game_setup(
    index: int,
    seed: int,
    counts: Sequence[int] = ALL_COUNTS,
    pool: Sequence[str] = DEFAULT_POOL,
) -> tuple[str, int, list[str]]:
    """Board, player count and seat agents of training game ``index``."""
    rng = random.Random(f"train/{seed}/{index}")
    n = counts[index % len(counts)]
    board = BOARDS[(index // len(counts)) % len(BOARDS)]
    agents = [rng.choice(tuple(pool)) for _ in range(n)]
    return board, n, agents


def play_training_game(
    index: int,
    seed: int,
    counts: Sequence[int] = ALL_COUNTS,
    pool: Sequence[str] = DEFAULT_POOL,
    iterations: int | None = None,
) -> list[Row]:
    """Play one game and return its rows (runs in a worker process)."""
    from concordia.maps import load_board  # tools may load maps; the ai may not

    board_name, n, names = game_setup(index, seed, counts, pool)
    board = load_board(board_name)
    game_seed = seed * 100003 + index
    s = new_game(board, n, game_seed)
    agents = [make_agent(a) for a in names]
    cancel = threading.Event()
    pending: list[list[float]] = []
    seats: list[int] = []
    steps = 0
    while s.current_player is not None and steps < MAX_STEPS:
        if s.phase == Phase.CARD:
            for seat in range(n):
                pending.append(features(s, seat))
                seats.append(seat)
        seat = s.current_player
        view = s.view_for(seat)
        rng = random.Random(f"{game_seed}/{s.step}/{seat}")
        a = agents[seat].choose(view, Limit(iterations=iterations), rng, cancel)
        s.apply_in_place(a)
        steps += 1
    if s.phase != Phase.OVER:
        return []
    final = [float(sc.total) for sc in s.scores()]
    return [(n, index, f, final[seat]) for f, seat in zip(pending, seats, strict=True)]


def probe_positions(boards: dict[str, BoardSpec]) -> list[tuple[str, GameState]]:
    """The fixed positions of :data:`PROBES`: random legal play from a seed."""
    out = []
    for name, n, seed, steps in PROBES:
        s = new_game(boards[name], n, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if s.current_player is None:
                break
            s.apply_in_place(rng.choice(s.legal_actions()))
        out.append((f"{name}/{n}/{seed}/{steps}", s))
    return out


def fit(
    rows: Sequence[Row], holdout: int, ridge: float
) -> tuple[dict[int, list[float]], dict[str, Any]]:
    """Ridge regression per player count; the weights and the validation report."""
    import numpy as np  # training only (dev extra)

    weights: dict[int, list[float]] = {}
    report: dict[str, Any] = {}
    for n in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == n]
        train = [r for r in mine if r[1] % holdout != 0]
        val = [r for r in mine if r[1] % holdout == 0]
        x = np.array([r[2] for r in train], dtype=float)
        y = np.array([r[3] for r in train], dtype=float)
        mu = x.mean(axis=0)
        sd = x.std(axis=0)
        mu[0] = 0.0
        sd[0] = 1.0
        sd[sd < 1e-9] = 1.0
        z = (x - mu) / sd
        pen = ridge * len(train) * np.eye(z.shape[1])
        pen[0, 0] = 0.0
        beta = np.linalg.solve(z.T @ z + pen, z.T @ y)
        w = beta / sd
        w[0] = beta[0] - float(np.sum(beta[1:] * mu[1:] / sd[1:]))
        weights[n] = [float(v) for v in w]
        entry: dict[str, Any] = {
            "train_games": len({r[1] for r in train}),
            "train_rows": len(train),
            "val_games": len({r[1] for r in val}),
            "val_rows": len(val),
        }
        if val:
            xv = np.array([r[2] for r in val], dtype=float)
            yv = np.array([r[3] for r in val], dtype=float)
            pred = xv @ w
            entry["val_rmse"] = round(float(np.sqrt(np.mean((pred - yv) ** 2))), 2)
            entry["val_rmse_hand_eval"] = round(
                float(np.sqrt(np.mean((xv[:, HAND_EVAL] - yv) ** 2))), 2
            )
            entry["val_rmse_mean_only"] = round(float(np.std(yv)), 2)
        ptrain = x @ w
        entry["train_rmse"] = round(float(np.sqrt(np.mean((ptrain - y) ** 2))), 2)
        report[str(n)] = entry
    return weights, report


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m concordia.tools.train_eval",
        description="Play self-play games, fit expert-v1's learned evaluation, write it.",
    )
    ap.add_argument("--games", type=int, default=240)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--holdout", type=int, default=5, help="every k-th game is held out")
    ap.add_argument("--ridge", type=float, default=1e-3)
    ap.add_argument("--out", type=Path, default=None, help="default: the shipped file")
    ap.add_argument(
        "--players", default=",".join(map(str, ALL_COUNTS)), help="player counts, in turn"
    )
    ap.add_argument(
        "--agents", default=",".join(DEFAULT_POOL), help="pool the seats are drawn from"
    )
    ap.add_argument(
        "--iterations", type=int, default=None, help="rollouts per decision of hard and the experts"
    )
    ap.add_argument(
        "--base", type=Path, default=None, help="weights file giving the counts not fitted here"
    )
    args = ap.parse_args(argv)
    counts = tuple(int(x) for x in args.players.split(","))
    pool = tuple(a.strip() for a in args.agents.split(","))
    if any(n not in ALL_COUNTS for n in counts):
        ap.error(f"--players: counts are {MIN_PLAYERS}-{MAX_PLAYERS}")
    searching = {"hard", "expert", "expert-v1"} & set(pool)
    if searching and args.iterations is None:
        ap.error(f"--iterations is needed with {', '.join(sorted(searching))} (reproducible runs)")
    base: dict[str, Any] = {}
    if args.base is not None:
        base = json.loads(args.base.read_text(encoding="utf-8"))
        if base.get("feature_hash") != feature_hash():
            ap.error(f"--base {args.base} was fitted on other features")
    t0 = time.perf_counter()
    rows: list[Row] = []
    unfinished = 0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), mp_context=process_context()) as ex:
        futs = [
            ex.submit(play_training_game, i, args.seed, counts, pool, args.iterations)
            for i in range(args.games)
        ]
        for f in futs:
            got = f.result()
            if not got:
                unfinished += 1
            rows.extend(got)
    play_s = time.perf_counter() - t0
    weights, report = fit(rows, args.holdout, args.ridge)
    from concordia.maps import load_board

    boards = {b: load_board(b) for b in BOARDS}
    probes = {
        key: [[round(v, 9) for v in features(s, seat)] for seat in range(s.num_players)]
        for key, s in probe_positions(boards)
    }
    out = args.out or weights_path()
    command = (
        "python -m concordia.tools.train_eval "
        f"--games {args.games} --seed {args.seed} --holdout {args.holdout} --ridge {args.ridge}"
    )
    if counts != ALL_COUNTS:
        command += f" --players {args.players}"
    if pool != DEFAULT_POOL:
        command += f" --agents {args.agents}"
    if args.iterations is not None:
        command += f" --iterations {args.iterations}"
    new_weights = {str(n): [float(f"{v:.6g}") for v in w] for n, w in weights.items()}
    data: dict[str, Any] = {
        "format": 1,
        "feature_hash": feature_hash(),
        "features": list(FEATURE_NAMES),
        "command": command,
        "games": args.games,
        "unfinished_games": unfinished,
        "rows": len(rows),
        "play_seconds": round(play_s, 1),
        "validation": report,
        "probes": probes,
        "weights": new_weights,
    }
    if base:
        # The counts not fitted here keep the base file's weights, and say where from.
        kept = {k: v for k, v in base.get("weights", {}).items() if k not in new_weights}
        data["weights"] = dict(sorted({**kept, **new_weights}.items()))
        data["validation"] = dict(
            sorted({**{k: base["validation"][k] for k in kept}, **report}.items())
        )
        data["base"] = {
            "command": base.get("command"),
            "counts": sorted(kept),
            **({"base": base["base"]} if "base" in base else {}),
        }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(
        f"{args.games} games ({unfinished} unfinished), {len(rows)} rows, "
        f"{play_s:.0f} s of play ({args.jobs} processes), "
        f"fit {time.perf_counter() - t0 - play_s:.1f} s"
    )
    for n, e in report.items():
        print(
            f"{n} players: {e['train_games']} train games ({e['train_rows']} rows), "
            f"{e['val_games']} held out; RMSE train {e['train_rmse']}, held-out "
            f"{e.get('val_rmse', math.nan)} (hand-tuned eval "
            f"{e.get('val_rmse_hand_eval', math.nan)}, "
            f"mean only {e.get('val_rmse_mean_only', math.nan)})"
        )
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
