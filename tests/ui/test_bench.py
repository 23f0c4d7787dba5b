"""``python -m concordia.ui.bench`` runs end to end (a few frames, one cold start)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.slow
def test_bench_runs(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "concordia.ui.bench",
            "--frames",
            "5",
            "--starts",
            "1",
            "--idle-seconds",
            "1",
            "--out",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "| 1280x720 |" in out and "| 1920x1080 |" in out
    assert "cold start to the first menu frame" in out and "peak RSS" in out
    assert "| menu, 1280x720 |" in out and "| game, human to choose" in out
    assert "idle CPU" in out
    report = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "| 1280x720 |" in report and "idle CPU" in report
    assert '"idle"' in (tmp_path / "out" / "results.json").read_text(encoding="utf-8")
    assert (tmp_path / "out" / "home" / "actions.json").is_file()  # not in the system temp
