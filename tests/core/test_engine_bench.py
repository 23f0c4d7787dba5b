"""``python -m concordia.bench --against DIR`` loads a second rules core into the same
process and compares the two (here: this checkout against itself)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from concordia import bench

ROOT = Path(__file__).resolve().parents[2]


def test_compare_against_a_checkout(capsys: pytest.CaptureFixture[str]) -> None:
    before = sys.modules["concordia.core"]
    assert bench.main(["--against", str(ROOT), "--games", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[2:]]
    assert len(rows) == 2 * len(bench.CASES)
    for row in rows:
        this, other, ratio = float(row[-3]), float(row[-2]), float(row[-1])
        assert this > 0 and other > 0
        assert ratio == pytest.approx(this / other, abs=1e-3)
    assert sys.modules["concordia.core"] is before  # the test's own modules are back


def test_compare_refuses_a_folder_without_the_package(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        bench.compare(tmp_path, 1)
