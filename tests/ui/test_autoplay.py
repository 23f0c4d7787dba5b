"""``--autoplay``: an AI-only game through the real scene loop, headless, exit 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _autoplay(
    board: str, seats: str, seed: int, home: Path, extra: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "concordia",
            "--autoplay",
            "--board",
            board,
            "--seats",
            seats,
            "--seed",
            str(seed),
            "--home",
            str(home),
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
        check=False,
    )


@pytest.mark.slow  # a whole game; the real loop runs in the default run in test_ai_seats.py
def test_autoplay_two_seats_with_screenshots(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    done = _autoplay("italia", "easy,easy", 3, tmp_path / "home", ("--screenshot", str(shots)))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0] == "Final scores:" and len(lines) == 3
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("game" in n for n in names) and any("final_scores" in n for n in names)


def test_autoplay_refuses_human_seats(tmp_path: Path) -> None:
    done = _autoplay("imperium", "human,easy", 1, tmp_path)
    assert done.returncode == 2


@pytest.mark.slow
@pytest.mark.parametrize("board", ["imperium", "italia"])
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_autoplay_completes(board: str, seats: int, tmp_path: Path) -> None:
    kinds = ",".join(["easy", "normal", "hard", "easy", "normal"][:seats])
    done = _autoplay(board, kinds, 3, tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.strip().splitlines()) == seats + 1
