"""Rules-core benchmark: ``python -m concordia.bench [--seconds S]``.

Prints random-legal-playout speed (whole games per second and steps per second,
``legal_actions()`` called at every step) for 2-player Italia, 4- and 5-player
Imperium, once applying actions in place on a private copy (what a search does) and
once through the public ``apply()`` (a copy per step), plus the cost of ``copy()``,
``to_dict()`` and ``legal_actions()``. One core, one process. Figures and the command
are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from concordia.core import GameState, new_game
from concordia.maps import load_board

CASES = (("italia", 2), ("imperium", 4), ("imperium", 5))


def playout_rate(
    board_name: str, players: int, seconds: float, in_place: bool
) -> tuple[float, float, int]:
    """(games/s, steps/s, games) of uniformly random legal playouts."""
    board = load_board(board_name)
    games = steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(board, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            if in_place:
                state.apply_in_place(action)
            else:
                state = state.apply(action)
            steps += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, games


def per_call_us(fn: Callable[[], object], repeat: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


def midgame_state(board_name: str, players: int, steps: int = 150) -> GameState:
    state = new_game(load_board(board_name), players, 1)
    rng = random.Random(1)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_in_place(rng.choice(state.legal_actions()))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per case")
    args = parser.parse_args(argv)
    print(f"{'case':<14}{'mode':<10}{'games/s':>9}{'steps/s':>10}{'games':>7}")
    for name, n in CASES:
        for in_place in (True, False):
            gps, sps, games = playout_rate(name, n, args.seconds, in_place)
            mode = "in place" if in_place else "apply()"
            print(f"{name + ' ' + str(n) + 'p':<14}{mode:<10}{gps:>9.1f}{sps:>10.0f}{games:>7}")
    state = midgame_state("imperium", 4)
    print(f"mid-game 4p Imperium (step {state.step}, phase {state.phase}):")
    print(f"  copy()          {per_call_us(state.copy):8.1f} us")
    print(f"  legal_actions() {per_call_us(state.legal_actions):8.1f} us")
    print(f"  to_dict()       {per_call_us(state.to_dict, 500):8.1f} us")
    print(f"  scores()        {per_call_us(state.scores):8.1f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
