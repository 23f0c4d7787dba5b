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
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def load_checkout(root: Path, *names: str) -> list[Any]:
    """The modules ``names`` (``"concordia.core"``, ...) of the checkout at ``root``,
    imported afresh: the ``concordia`` modules already loaded are set aside and put
    back afterwards, so both checkouts run side by side in one process."""
    mine = {k: v for k, v in sys.modules.items() if k == "concordia" or k.startswith("concordia.")}
    for k in mine:
        del sys.modules[k]
    sys.path.insert(0, str(root))
    try:
        modules = [importlib.import_module(n) for n in names]
        if not Path(str(modules[0].__file__)).resolve().is_relative_to(root.resolve()):
            raise SystemExit(f"{root} holds no concordia package")
        return modules
    finally:
        sys.path.remove(str(root))
        for k in [k for k in sys.modules if k == "concordia" or k.startswith("concordia.")]:
            del sys.modules[k]
        sys.modules.update(mine)


def _load_core(root: Path) -> tuple[Any, Any]:
    """(new_game, load_board) of the checkout at ``root`` (:func:`load_checkout`)."""
    core, maps = load_checkout(root, "concordia.core", "concordia.maps")
    return core.new_game, maps.load_board


def _timed_game(new: Any, board: Any, players: int, seed: int, in_place: bool) -> tuple[float, int]:
    state = new(board, players, seed)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        if in_place:
            state.apply_in_place(action)
        else:
            state = state.apply(action)
        steps += 1
    return time.process_time() - start, steps


def compare(other: Path, games: int) -> None:
    """Steps per CPU-second of this checkout and of ``other``, games interleaved."""
    cores = {"this": (new_game, load_board), "other": _load_core(other)}
    print(f"this checkout vs {other}: {games} deals per case, CPU time, interleaved")
    print(f"{'case':<14}{'mode':<10}{'this':>10}{'other':>10}{'this/other':>12}")
    for name, n in CASES:
        boards = {tag: fns[1](name) for tag, fns in cores.items()}
        for in_place in (True, False):
            total = {tag: [0.0, 0] for tag in cores}
            for seed in range(games):
                order = ("this", "other") if seed % 2 == 0 else ("other", "this")
                for tag in order:
                    t, steps = _timed_game(cores[tag][0], boards[tag], n, seed, in_place)
                    total[tag][0] += t
                    total[tag][1] += int(steps)
            rate = {tag: total[tag][1] / total[tag][0] for tag in cores}
            mode = "in place" if in_place else "apply()"
            print(
                f"{name + ' ' + str(n) + 'p':<14}{mode:<10}{rate['this']:>10.0f}"
                f"{rate['other']:>10.0f}{rate['this'] / rate['other']:>12.3f}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per case")
    parser.add_argument(
        "--against", type=Path, metavar="DIR", help="compare with the checkout at DIR"
    )
    parser.add_argument("--games", type=int, default=30, help="deals per case (--against)")
    args = parser.parse_args(argv)
    if args.against is not None:
        compare(args.against, args.games)
        return 0
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
