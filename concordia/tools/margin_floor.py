"""How well can any forecast know the final margin two thirds into a game?
``python -m concordia.tools.margin_floor``.

The outcome network's margin forecast at the start of the last third of a held-out game
is measured against that game's final margin (``train_outcome.validate``). Part of that
error is no forecast's fault: from the same position the same seats, with a re-dealt
draw pile and other dice for their random plays, finish with other margins. This tool
measures that part. For held-out games of the self-play archive (the same groups
``train_outcome`` holds out) it takes the turn start at two thirds of the game, plays it
to the end ``--plays`` times with the recorded seats (:func:`selfplay.play_out`, the
draw pile re-dealt by ``GameState.redeal``), and prints per player
count:

* **floor**: the root of the mean variance of a seat's final margin over the plays
  from one position, the RMSE of a forecast that knew the mean of the plays exactly,
  so no forecast from the position does better on games played this way;
* **net vs game**: the network's RMSE against the recorded games (what the training
  command reports, on these positions only);
* **net vs mean**: the network's RMSE against the mean of the plays (the part of its
  error a better forecast could remove, plus the mean's own sampling noise, about
  floor / sqrt(plays)).

Example (the figures in docs/experiments)::

    nice -n 10 python -m concordia.tools.margin_floor --games 760 --seed 3 \\
        --per-count 8 --plays 8 --jobs 1
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from concordia.ai.outcome import exact_outcome, load_outcome
from concordia.core import Phase
from concordia.tools import selfplay
from concordia.tools.train_outcome import held_out
from concordia.workers import process_context

LATE = 2.0 / 3.0  # the fraction of a game's turn starts at which the margin is judged


def late_position(game: dict[str, Any], boards: dict[str, Any]) -> Any:
    """The turn start at :data:`LATE` of a stored game (as ``train_outcome.validate``
    picks it: the first whose index over the count of turn starts reaches it)."""
    starts = [s.copy() for s in selfplay.replay_positions(game, boards)]
    count = len(starts)
    at = next(i for i in range(count) if i / count >= LATE)
    return starts[at]


def plays_from(
    game: dict[str, Any], plays: int, policy: selfplay.Policy, weights: str | None
) -> dict[str, Any]:
    """Play the late position of ``game`` to the end ``plays`` times (in a worker
    process); the final margins of every play and the network's forecast."""
    from concordia.maps import load_board  # tools may load maps; the ai may not

    boards = {b: load_board(b) for b in selfplay.BOARDS}
    pos = late_position(game, boards)
    net = load_outcome(Path(weights) if weights else None)
    forecast = list(net.forecast(pos).margin)
    finals = selfplay.final_state(game, boards)
    recorded = list(exact_outcome(finals).margin)
    margins = []
    for k in range(plays):
        key = f"floor/{game['seed']}/{k}"
        s = pos.redeal(random.Random(key))
        selfplay.play_out(s, game["agents"], policy, key)
        if s.phase == Phase.OVER:
            margins.append(list(exact_outcome(s).margin))
    return {
        "index": game["index"],
        "players": game["players"],
        "forecast": forecast,
        "recorded": recorded,
        "margins": margins,
    }


def summarise(results: Sequence[dict[str, Any]]) -> dict[int, dict[str, float]]:
    """Per player count: positions, floor, net vs game and net vs mean (VP)."""
    out: dict[int, dict[str, float]] = {}
    for n in sorted({r["players"] for r in results}):
        var: list[float] = []
        vs_game: list[float] = []
        vs_mean: list[float] = []
        for r in results:
            if r["players"] != n or len(r["margins"]) < 2:
                continue
            k = len(r["margins"])
            for seat in range(n):
                ms = [m[seat] for m in r["margins"]]
                mean = sum(ms) / k
                var.append(sum((m - mean) ** 2 for m in ms) / (k - 1))
                vs_game.append((r["forecast"][seat] - r["recorded"][seat]) ** 2)
                vs_mean.append((r["forecast"][seat] - mean) ** 2)
        if not var:
            continue
        out[n] = {
            "positions": len(var) / n,
            "floor": math.sqrt(sum(var) / len(var)),
            "net_vs_game": math.sqrt(sum(vs_game) / len(vs_game)),
            "net_vs_mean": math.sqrt(sum(vs_mean) / len(vs_mean)),
        }
    return out


def pick_games(data: Path, games: int, seed: int, per_count: int) -> list[dict[str, Any]]:
    """The first ``per_count`` finished held-out games of each player count."""
    chosen: list[dict[str, Any]] = []
    taken: dict[int, int] = {}
    for g in selfplay.load_games(data, games, seed):
        n = g["players"]
        if g["over"] and held_out(g["index"], 4) and taken.get(n, 0) < per_count:
            chosen.append(g)
            taken[n] = taken.get(n, 0) + 1
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m concordia.tools.margin_floor",
        description="The spread of the final margin from the late positions of held-out "
        "self-play games: the floor under the margin forecast's RMSE.",
    )
    ap.add_argument("--games", type=int, required=True, help="archive games 0..N-1 to pick from")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--per-count", type=int, default=8, help="positions per player count")
    ap.add_argument("--plays", type=int, default=8, help="plays to the end per position")
    ap.add_argument("--epsilon", type=float, default=selfplay.Policy().epsilon)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--weights", type=str, default=None, help="default: the shipped file")
    ap.add_argument(
        "--data", type=Path, default=selfplay.archive_path(), help="default: the archive"
    )
    args = ap.parse_args(argv)
    chosen = pick_games(args.data, args.games, args.seed, args.per_count)
    policy = selfplay.Policy(epsilon=args.epsilon)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), mp_context=process_context()) as ex:
        futs = [ex.submit(plays_from, g, args.plays, policy, args.weights) for g in chosen]
        results = [f.result() for f in futs]
    print(f"{len(chosen)} positions, {args.plays} plays each, epsilon {args.epsilon}")
    print("players  positions  floor  net-vs-game  net-vs-mean   (margin RMSE, VP)")
    for n, f in summarise(results).items():
        print(
            f"{n:7d}  {f['positions']:9.0f}  {f['floor']:5.1f}  {f['net_vs_game']:11.1f}"
            f"  {f['net_vs_mean']:11.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
