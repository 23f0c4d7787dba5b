"""The cost of one forecast of the learned outcome evaluation, per player count.

``python -m concordia.tools.outcome_rate [--calls 200]``

For each player count, positions reached by random legal play on both boards (fixed
seeds) are forecast ``--calls`` times in all; prints the milliseconds per call of the
features alone (every seat's) and of the whole forecast (features and the network).
Wall-clock figures: run it alone and note the load (docs/ai.md records runs with
``uptime``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from concordia.ai.outcome import load_outcome, position_features
from concordia.core import GameState, new_game
from concordia.core.data import MAX_PLAYERS, MIN_PLAYERS
from concordia.maps import load_board


def sample_positions(players: int, count: int = 8) -> list[GameState]:
    """``count`` positions of random legal play, alternating the boards."""
    out = []
    for k in range(count):
        board = load_board(("imperium", "italia")[k % 2])
        s = new_game(board, players, 1000 + k)
        rng = random.Random(k)
        for _ in range(40 + 40 * k):
            if s.current_player is None:
                break
            s.apply_in_place(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m concordia.tools.outcome_rate")
    ap.add_argument("--calls", type=int, default=200)
    args = ap.parse_args(argv)
    net = load_outcome()
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        positions = sample_positions(n)
        t0 = time.perf_counter()
        for i in range(args.calls):
            position_features(positions[i % len(positions)])
        t1 = time.perf_counter()
        for i in range(args.calls):
            net.forecast(positions[i % len(positions)])
        t2 = time.perf_counter()
        print(
            f"{n} players: features {(t1 - t0) / args.calls * 1000:.2f} ms, "
            f"forecast {(t2 - t1) / args.calls * 1000:.2f} ms per call"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
