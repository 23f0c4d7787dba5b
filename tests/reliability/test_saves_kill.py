"""kill -9 in the middle of saving never leaves an unloadable save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reliability_support import board

from concordia import saves
from concordia.settings import saves_dir

# The child saves as fast as it can, alternating between a short and a long game, so
# the file keeps changing size; with "autosave" it goes through the rotation too.
CHILD = r"""
import random, sys
from concordia import saves
from concordia.settings import saves_dir
from concordia.core import GameRecord, new_game
from concordia.maps import load_board

mode, path = sys.argv[1], sys.argv[2]
state = new_game(load_board("imperium"), 4, 9)
rng = random.Random(9)
games = []
actions = []
while not state.is_terminal() and len(actions) < 300:
    a = rng.choice(state.legal_actions())
    state = state.apply(a)
    actions.append(str(a))
    if len(actions) in (3, 300):
        games.append((GameRecord("imperium", 4, 9, {}, list(actions)), state))
print("ready", flush=True)
i = 0
while True:
    record, st = games[i % 2]
    if mode == "autosave":
        saves.autosave(record, st)
    else:
        saves.save_game(path, record, st)
    i += 1
"""


def _kill_during_saves(mode: str, path: Path, rounds: int, home: Path) -> list[float]:
    rng = random.Random(f"kill/{mode}")
    env = {**os.environ, "CONCORDIA_HOME": str(home)}
    delays = []
    for _ in range(rounds):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, mode, str(path)], stdout=subprocess.PIPE, env=env
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == b"ready"
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline:  # at least one save
            time.sleep(0.005)
        delay = rng.uniform(0.0, 0.4)
        time.sleep(delay)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        assert child.returncode == -signal.SIGKILL
        delays.append(delay)
        loaded = saves.load_game(path, board)  # must not raise
        assert loaded.warnings == ()
        assert loaded.state.step in (3, 300)
    return delays


# Each round starts a child Python (about half a second): a few in the default run, more
# in the slow stage.
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
@pytest.mark.parametrize("rounds", [3, pytest.param(6, marks=pytest.mark.slow)])
def test_kill_9_during_save_game_loop(concordia_home: Path, rounds: int) -> None:
    path = saves_dir() / "loop.json"
    _kill_during_saves("save", path, rounds=rounds, home=concordia_home)
    leftovers = [p.name for p in path.parent.iterdir() if p.name != "loop.json"]
    assert all(name.endswith(".tmp") for name in leftovers)  # only stray temp files
    assert [i.name for i in saves.list_saves().saves] == ["loop"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
@pytest.mark.parametrize("rounds", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_kill_9_during_autosave_loop(concordia_home: Path, rounds: int) -> None:
    _kill_during_saves("autosave", saves.autosave_path(), rounds=rounds, home=concordia_home)
    loaded = saves.load_autosave(board)
    assert loaded.warnings == ()
    if saves.autosave_backup_path().exists():
        assert saves.load_game(saves.autosave_backup_path(), board).warnings == ()
