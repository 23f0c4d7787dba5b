"""The kill -9 check, run by hand: ``python tests/reliability/kill_check.py [--kills 10]``.

A child process autosaves games at three points each and adds each finished game to the
statistics, as fast as it can, in one per-user folder; it is killed with SIGKILL at a
random moment, again and again. After each kill the parent checks, through the same
code the game uses, that the autosave (or its backup) loads, that the statistics open
with no damage reported and lost no game, and counts the stray temporary files. It
prints one line per kill and a summary; the exit status is 1 if anything was lost.
POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import random, sys
from concordia import saves
from concordia.core import GameRecord, new_game
from concordia.maps import load_board
from concordia.stats import record_game

seed = int(sys.argv[1])
board = load_board("italia")
rng = random.Random(seed)
seats = [{"kind": "human", "name": "A"}, {"kind": "easy", "name": "B"}]
games = []
for g in range(3):
    state = new_game(board, 2, seed * 10 + g)
    states, actions = [state], []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
        actions.append(str(action))
    games.append((seed * 10 + g, actions, states))
print("ready", flush=True)
n = 0
while True:
    for game_seed, actions, states in games:
        for k in (len(actions) // 3, 2 * len(actions) // 3, len(actions)):
            saves.autosave(GameRecord("italia", 2, game_seed, {}, actions[:k], seats), states[k])
        # a new key each time (the seed is part of it), so every game is a new row
        record_game(GameRecord("italia", 2, seed * 10**6 + n, {}, actions, seats), states[-1])
        print("recorded", flush=True)
        n += 1
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-wait", type=float, default=3.0, help="seconds before a kill")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from concordia import saves
    from concordia.settings import saves_dir, set_home
    from concordia.stats import kept_aside, open_statistics

    rng = random.Random(args.seed)
    failures = 0
    recorded = 0
    with tempfile.TemporaryDirectory(prefix="concordia-kill-") as home:
        set_home(home)
        env = dict(os.environ, CONCORDIA_HOME=home, PYTHONPATH=str(ROOT))
        for kill in range(1, args.kills + 1):
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, str(args.seed * 100 + kill)],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert child.stdout is not None
            child.stdout.readline()  # "ready"
            time.sleep(rng.uniform(0.2, args.max_wait))
            child.kill()
            out, _ = child.communicate()
            recorded += out.count("recorded")
            try:
                loaded = saves.load_autosave()
                autosave = f"autosave step {loaded.state.step}" + (
                    " (previous autosave)" if loaded.warnings else ""
                )
            except saves.SaveError as exc:
                autosave = f"AUTOSAVE LOST: {exc}"
                failures += 1
            with open_statistics() as stats:
                count = stats.count()
                problem = stats.problem
            if problem is not None or kept_aside() or count < recorded:
                failures += 1
            strays = sorted(p.name for p in saves_dir().glob(".*.tmp"))
            print(
                f"kill {kill}: {autosave}; statistics {count} games "
                f"({recorded} reported recorded){'; DAMAGE: ' + problem if problem else ''}; "
                f"{len(strays)} stray temporary file(s)",
                flush=True,
            )
        set_home(None)
    print(f"{args.kills} kills, {failures} with something lost")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
