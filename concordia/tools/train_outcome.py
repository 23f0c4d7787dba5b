"""Train the learned outcome evaluation: ``python -m concordia.tools.train_outcome``.

One command, seeded and resumable:

1. generates the self-play games ``0 .. --games-1`` not yet cached in ``--data`` (by
   default the repository's archive, ``assets/ai/selfplay``, which holds games of
   the shipped network's training run, so a run adds to them;
   :mod:`concordia.tools.selfplay`: seats drawn from ``--agents``, by default the
   archive's pool of expert-v1, hard and normal, a random whole card play now and
   then, 2-5 players in turn, both boards; ``--jobs`` processes);
2. replays them and computes every seat's features at every turn start
   (:func:`concordia.ai.outcome.position_features`), cached per chunk of games next to
   the games (keyed by the feature hash, so a feature change recomputes them; git
   ignores these caches in the archive);
3. fits one network per player count (numpy, the dev extra): one hidden tanh layer,
   a per-seat strength logit trained by the cross-entropy of the softmax over the seats
   against the winner (the game's tie-break), and the final margin over the best
   opponent and the final points by squared error;
4. validates on the held-out games (every ``--holdout``-th group of four consecutive
   games, one of each player count) and prints the calibration figures: reliability by
   decile (predicted win probability against the observed rate), the Brier score
   against always predicting 1/n, and the RMSE of the margin forecast at the start of
   the last third of each game;
5. writes the weights file (default ``assets/ai/outcome_weights.json``) with the
   command, the seed, the game counts, the figures and the probes.

Example (the shipped weights: the expert's self-play games of seed 4 beside the
archive's games of seed 3; docs/ai.md has the run)::

    nice -n 10 python -m concordia.tools.train_outcome --games 570 --seed 4 --jobs 2 \
        --agents expert --iterations 8 --base 3:2890
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from concordia.ai.outcome import (
    OUTCOME_FEATURES,
    OutcomeNet,
    outcome_hash,
    outcome_weights_path,
    position_features,
)
from concordia.core import BoardSpec, GameState, new_game
from concordia.tools import selfplay
from concordia.workers import process_context

POINTS_OFFSET = 120.0  # the points head is trained on (points - offset) / scale
POINTS_SCALE = 40.0
MARGIN_SCALE = 20.0
HEAD_WEIGHT = 0.5  # weight of each regression head's loss beside the win cross-entropy

# Fixed positions whose features and outputs the weights file records (board, players,
# seed, random legal actions from the start).
PROBES: tuple[tuple[str, int, int, int], ...] = (
    ("imperium", 4, 1, 80),
    ("italia", 2, 2, 160),
    ("imperium", 5, 3, 300),
    ("italia", 3, 4, 220),
)


def probe_positions(boards: dict[str, BoardSpec]) -> list[tuple[str, GameState]]:
    """The positions of :data:`PROBES`: random legal play from a seed."""
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


def _feature_chunk(data: str, seed: int, k: int) -> str:
    """Replay chunk ``k``'s games and cache their features (in a worker process)."""
    import numpy as np

    from concordia.maps import load_board

    path = _features_path(Path(data), seed, k)
    if path.exists():
        return str(path)
    boards = {b: load_board(b) for b in selfplay.BOARDS}
    games = selfplay.read_chunk(selfplay.chunk_path(Path(data), seed, k))
    arrays: dict[str, Any] = {}
    for j, g in enumerate(games):
        if not g["over"]:
            continue
        rows = [position_features(s) for s in selfplay.replay_positions(g, boards)]
        arrays[f"x{j}"] = np.array(rows, dtype=np.float32)
        arrays[f"m{j}"] = np.array([g["index"], g["players"], g["winner"], *g["scores"]])
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)
    return str(path)


def _features_path(data: Path, seed: int, k: int) -> Path:
    return data / f"features-{outcome_hash()}-s{seed}-{k:05d}.npz"


class Dataset:
    """One player count's positions: features (P, n, d), the winner, final margins
    and points per seat, the game index and the position's fraction of the game."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.x: list[Any] = []
        self.winner: list[int] = []
        self.margin: list[list[float]] = []
        self.points: list[list[float]] = []
        self.game: list[int] = []
        self.frac: list[float] = []

    def add_game(self, x: Any, index: int, winner: int, scores: Sequence[float]) -> None:
        n = self.n
        margins = [scores[o] - max(scores[p] for p in range(n) if p != o) for o in range(n)]
        count = len(x)
        for i in range(count):
            self.x.append(x[i])
            self.winner.append(winner)
            self.margin.append(margins)
            self.points.append(list(scores))
            self.game.append(index)
            self.frac.append(i / count)

    def arrays(self, keep: Any) -> dict[str, Any]:
        import numpy as np

        idx = np.array([keep(g) for g in self.game], dtype=bool)
        return {
            "x": np.array(self.x, dtype=np.float64)[idx],
            "winner": np.array(self.winner, dtype=np.int64)[idx],
            "margin": np.array(self.margin, dtype=np.float64)[idx],
            "points": np.array(self.points, dtype=np.float64)[idx],
            "game": np.array(self.game, dtype=np.int64)[idx],
            "frac": np.array(self.frac, dtype=np.float64)[idx],
        }


def held_out(index: int, holdout: int) -> bool:
    """Whether game ``index`` is kept for validation (whole groups of four games, one
    of each player count)."""
    return (index // len(selfplay.ALL_COUNTS)) % holdout == 0


def train_net(
    d: dict[str, Any], hidden: int, epochs: int, lr: float, decay: float, seed: int
) -> dict[str, Any]:
    """Fit one player count's network (Adam on minibatches); its JSON layers."""
    import numpy as np

    x = d["x"]
    p_count, n, dim = x.shape
    flat = x.reshape(-1, dim)
    mean = flat.mean(axis=0)
    std = flat.std(axis=0)
    std[std < 1e-9] = 1.0
    z = (x - mean) / std
    rng = np.random.default_rng(seed)
    params = {
        "w1": rng.normal(0.0, 1.0 / math.sqrt(dim), (hidden, dim)),
        "b1": np.zeros(hidden),
        "ws": rng.normal(0.0, 0.1, hidden),
        "wm": rng.normal(0.0, 0.1, hidden),
        "wp": rng.normal(0.0, 0.1, hidden),
        "bm": np.zeros(1),
        "bp": np.zeros(1),
    }
    m_t = d["margin"] / MARGIN_SCALE
    p_t = (d["points"] - POINTS_OFFSET) / POINTS_SCALE
    onehot = np.zeros((p_count, n))
    onehot[np.arange(p_count), d["winner"]] = 1.0
    adam_m = {k: np.zeros_like(v) for k, v in params.items()}
    adam_v = {k: np.zeros_like(v) for k, v in params.items()}
    batch = 256
    step = 0
    for _epoch in range(epochs):
        order = rng.permutation(p_count)
        for start in range(0, p_count, batch):
            b = order[start : start + batch]
            zb = z[b]
            h = np.tanh(zb @ params["w1"].T + params["b1"])  # (B, n, H)
            s = h @ params["ws"]
            s = s - s.max(axis=1, keepdims=True)
            e = np.exp(s)
            prob = e / e.sum(axis=1, keepdims=True)
            mo = h @ params["wm"] + params["bm"][0]
            po = h @ params["wp"] + params["bp"][0]
            k = len(b)
            ds = (prob - onehot[b]) / k
            dm = HEAD_WEIGHT * 2.0 * (mo - m_t[b]) / (k * n)
            dp = HEAD_WEIGHT * 2.0 * (po - p_t[b]) / (k * n)
            grads = {
                "ws": np.einsum("bn,bnh->h", ds, h),
                "wm": np.einsum("bn,bnh->h", dm, h),
                "wp": np.einsum("bn,bnh->h", dp, h),
                "bm": np.array([dm.sum()]),
                "bp": np.array([dp.sum()]),
            }
            dh = (
                ds[..., None] * params["ws"]
                + dm[..., None] * params["wm"]
                + dp[..., None] * params["wp"]
            )
            dzh = dh * (1.0 - h * h)
            grads["w1"] = dzh.reshape(-1, hidden).T @ zb.reshape(-1, dim)
            grads["b1"] = dzh.reshape(-1, hidden).sum(axis=0)
            grads["w1"] += decay * params["w1"]
            step += 1
            for name, g in grads.items():
                adam_m[name] = 0.9 * adam_m[name] + 0.1 * g
                adam_v[name] = 0.999 * adam_v[name] + 0.001 * g * g
                mh = adam_m[name] / (1.0 - 0.9**step)
                vh = adam_v[name] / (1.0 - 0.999**step)
                params[name] -= lr * mh / (np.sqrt(vh) + 1e-8)
    # The heads in VP: margin = MARGIN_SCALE * (h.wm + bm), points likewise.
    wm = params["wm"] * MARGIN_SCALE
    bm = params["bm"][0] * MARGIN_SCALE
    wp = params["wp"] * POINTS_SCALE
    bp = params["bp"][0] * POINTS_SCALE + POINTS_OFFSET

    def rounded(v: Any) -> list[Any]:
        return [float(f"{float(t):.7g}") for t in v]

    return {
        "mean": rounded(mean),
        "std": rounded(std),
        "w1": [rounded(r) for r in params["w1"]],
        "b1": rounded(params["b1"]),
        "strength": [*rounded(params["ws"]), 0.0],
        "margin": [*rounded(wm), float(f"{bm:.7g}")],
        "points": [*rounded(wp), float(f"{bp:.7g}")],
    }


def predict(layers: dict[str, Any], x: Any) -> tuple[Any, Any, Any]:
    """numpy forward pass of one network on (P, n, d) features: win probabilities,
    margins, points (the same numbers as :class:`OutcomeNet`, batched)."""
    import numpy as np

    mean = np.array(layers["mean"])
    std = np.array(layers["std"])
    z = (x - mean) / std
    h = np.tanh(z @ np.array(layers["w1"]).T + np.array(layers["b1"]))
    ws, wm, wp = (np.array(layers[k]) for k in ("strength", "margin", "points"))
    s = h @ ws[:-1] + ws[-1]
    s = s - s.max(axis=1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True), h @ wm[:-1] + wm[-1], h @ wp[:-1] + wp[-1]


def validate(layers: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
    """The calibration figures of one player count on held-out positions."""
    import numpy as np

    x = d["x"]
    n = x.shape[1]
    prob, margin, points = predict(layers, x)
    y = np.zeros_like(prob)
    y[np.arange(len(y)), d["winner"]] = 1.0
    brier = float(np.mean((prob - y) ** 2))
    base = float(np.mean((1.0 / n - y) ** 2))
    deciles = []
    gap = 0.0
    pf, yf = prob.ravel(), y.ravel()
    for k in range(10):
        sel = (pf >= k / 10) & ((pf < (k + 1) / 10) if k < 9 else (pf <= 1.0))
        count = int(sel.sum())
        if not count:
            continue
        pm, ob = float(pf[sel].mean()), float(yf[sel].mean())
        deciles.append([k, count, round(pm, 3), round(ob, 3)])
        if count >= 100:
            gap = max(gap, abs(pm - ob))
    # The margin forecast at the start of the last third of each held-out game.
    late = []
    games = d["game"]
    for g in np.unique(games):
        rows = np.nonzero(games == g)[0]
        at = rows[np.searchsorted(d["frac"][rows], 2.0 / 3.0)] if len(rows) else None
        if at is not None:
            late.append(at)
    late_idx = np.array(late, dtype=np.int64)
    rmse_margin = float(np.sqrt(np.mean((margin[late_idx] - d["margin"][late_idx]) ** 2)))
    rmse_points = float(np.sqrt(np.mean((points[late_idx] - d["points"][late_idx]) ** 2)))
    accuracy = float(np.mean(prob.argmax(axis=1) == d["winner"]))
    return {
        "games": len(np.unique(games)),
        "positions": len(x),
        "brier": round(brier, 4),
        "brier_uniform": round(base, 4),
        "brier_skill": round(1.0 - brier / base, 3),
        "reliability": deciles,
        "reliability_max_gap": round(gap, 3),
        "margin_rmse_last_third": round(rmse_margin, 2),
        "points_rmse_last_third": round(rmse_points, 2),
        "winner_accuracy": round(accuracy, 3),
    }


RUN_STRIDE = 10_000_000  # a game's key in a Dataset: run number * RUN_STRIDE + index


def load_datasets(
    data: Path,
    games: int,
    seed: int,
    jobs: int,
    run: int = 0,
    sets: dict[int, Dataset] | None = None,
) -> dict[int, Dataset]:
    """Compute (or read back) the features of every stored game of ``seed`` and add them
    to ``sets`` (a new dict for None) under the keys ``run * RUN_STRIDE + index``."""
    import numpy as np

    chunks = [
        k
        for k in range((games + selfplay.CHUNK - 1) // selfplay.CHUNK)
        if selfplay.chunk_path(data, seed, k).exists()
    ]
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=process_context()) as ex:
        paths = list(
            ex.map(_feature_chunk, [str(data)] * len(chunks), [seed] * len(chunks), chunks)
        )
    sets = {} if sets is None else sets
    for p in paths:
        with np.load(p) as z:
            for key in sorted(k for k in z.files if k.startswith("m")):
                meta = z[key]
                index, n, winner = int(meta[0]), int(meta[1]), int(meta[2])
                if index >= games:
                    continue
                sets.setdefault(n, Dataset(n)).add_game(
                    z["x" + key[1:]], run * RUN_STRIDE + index, winner, [float(v) for v in meta[3:]]
                )
    return sets


def parse_base(text: str) -> tuple[int, int]:
    """``SEED:GAMES`` of ``--base``."""
    try:
        seed, games = (int(v) for v in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--base wants SEED:GAMES, not {text!r}") from None
    return seed, games


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m concordia.tools.train_outcome",
        description="Generate self-play games, train and validate the outcome network.",
    )
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument(
        "--data",
        type=Path,
        default=selfplay.archive_path(),
        help="folder of the cached games (default: the repository's archive, assets/ai/selfplay)",
    )
    ap.add_argument("--out", type=Path, default=None, help="default: the shipped file")
    ap.add_argument("--holdout", type=int, default=4, help="every k-th group is held out")
    ap.add_argument("--hidden", type=int, default=8, help="hidden units per network")
    ap.add_argument("--epochs", type=int, default=4, help="passes over the training positions")
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--decay", type=float, default=1e-4)
    ap.add_argument(
        "--agents",
        default=None,
        help="pool the seats are drawn from, comma-separated (default: the archive's, "
        + ",".join(selfplay.Policy().pool)
        + "; 'random' makes the quick games of the pipeline's test)",
    )
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="rollouts of a searching seat's decision in the generated games "
        f"(default {selfplay.Policy().hard_iterations})",
    )
    ap.add_argument(
        "--base",
        type=parse_base,
        action="append",
        default=[],
        metavar="SEED:GAMES",
        help="also train and validate on games 0 .. GAMES-1 of another seed already in "
        "--data (never generated here; repeatable)",
    )
    args = ap.parse_args(argv)
    try:
        policy = selfplay.Policy.of_pool(args.agents, args.iterations)
    except ValueError as err:
        ap.error(str(err))
    runs = [(args.seed, args.games), *args.base]
    if len({seed for seed, _ in runs}) < len(runs):
        ap.error("every --base seed must differ from --seed and from the others")
    t0 = time.perf_counter()
    played = selfplay.generate(args.data, args.games, args.seed, args.jobs, policy)
    t1 = time.perf_counter()
    sets: dict[int, Dataset] = {}
    for run, (seed, games) in enumerate(runs):
        load_datasets(args.data, games, seed, args.jobs, run, sets)
    t2 = time.perf_counter()
    networks: dict[str, Any] = {}
    report: dict[str, Any] = {}
    for n, ds in sorted(sets.items()):
        train = ds.arrays(lambda g: not held_out(g % RUN_STRIDE, args.holdout))
        val = ds.arrays(lambda g: held_out(g % RUN_STRIDE, args.holdout))
        if not len(train["x"]):
            continue
        layers = train_net(train, args.hidden, args.epochs, args.lr, args.decay, args.seed + n)
        networks[str(n)] = layers
        entry: dict[str, Any] = {"train_games": len(set(train["game"].tolist()))}
        entry["train"] = {
            k: v for k, v in validate(layers, train).items() if k not in ("reliability",)
        }
        if len(val["x"]):
            entry["held_out"] = validate(layers, val)
        if len(runs) > 1:
            entry["held_out_by_seed"] = {}
            for run, (seed, _games) in enumerate(runs):
                mine = val["game"] // RUN_STRIDE == run  # this run's rows of the held-out set
                part = {k: v[mine] for k, v in val.items()}
                if len(part["x"]):
                    entry["held_out_by_seed"][str(seed)] = validate(layers, part)
        report[str(n)] = entry
    t3 = time.perf_counter()
    from concordia.maps import load_board

    boards = {b: load_board(b) for b in selfplay.BOARDS}
    data: dict[str, Any] = {
        "format": 1,
        "feature_hash": outcome_hash(),
        "features": list(OUTCOME_FEATURES),
        "command": (
            f"python -m concordia.tools.train_outcome --games {args.games} --seed {args.seed} "
            f"--holdout {args.holdout} --hidden {args.hidden} --epochs {args.epochs} "
            f"--lr {args.lr} --decay {args.decay}"
            + f" --agents {','.join(policy.pool)}"
            + (
                f" --iterations {policy.hard_iterations}"
                if policy.hard_iterations != selfplay.Policy().hard_iterations
                else ""
            )
            + "".join(f" --base {seed}:{games}" for seed, games in args.base)
        ),
        "seed": args.seed,
        "games": args.games,
        "base": [[seed, games] for seed, games in args.base],
        "games_used": sum(len(set(d.game)) for d in sets.values()),
        "policy": policy.describe(),
        "seconds": {
            "play": round(t1 - t0, 1),
            "features": round(t2 - t1, 1),
            "fit": round(t3 - t2, 1),
        },
        "validation": report,
        "networks": networks,
    }
    net = OutcomeNet.from_json(data)
    probes = {}
    for key, s in probe_positions(boards):
        rows = position_features(s)
        fc = net.forecast_features(s.num_players, rows)
        probes[key] = {
            "features": [[round(v, 6) for v in r] for r in rows],
            "win": [round(v, 6) for v in fc.win],
            "margin": [round(v, 4) for v in fc.margin],
            "points": [round(v, 4) for v in fc.points],
        }
    data["probes"] = probes
    out = args.out or outcome_weights_path()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(
        f"{args.games} games asked, {data['games_used']} used ({played} chunks played now, "
        f"{t1 - t0:.0f} s), features {t2 - t1:.0f} s, fit {t3 - t2:.0f} s"
    )
    for count, e in report.items():
        h = e.get("held_out")
        if not h:
            print(f"{count} players: {e['train_games']} train games, none held out")
            continue
        print(
            f"{count} players: {e['train_games']} train games, {h['games']} held out "
            f"({h['positions']} positions): Brier {h['brier']} vs 1/n {h['brier_uniform']} "
            f"(skill {h['brier_skill']:+.1%}), reliability max gap {h['reliability_max_gap']:.3f}"
            f", margin RMSE at 2/3 {h['margin_rmse_last_third']} VP, points RMSE "
            f"{h['points_rmse_last_third']} VP, winner picked {h['winner_accuracy']:.1%}"
        )
        print(
            "   deciles (bin, count, predicted, observed): "
            + " ".join(f"{b}:{c}:{p:.2f}/{o:.2f}" for b, c, p, o in h["reliability"])
        )
        for seed, part in e.get("held_out_by_seed", {}).items():
            print(
                f"   seed {seed}: {part['games']} held out, skill {part['brier_skill']:+.1%}, "
                f"reliability max gap {part['reliability_max_gap']:.3f}, margin RMSE at 2/3 "
                f"{part['margin_rmse_last_third']} VP, winner picked {part['winner_accuracy']:.1%}"
            )
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
