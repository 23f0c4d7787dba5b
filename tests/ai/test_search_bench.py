"""``python -m concordia.tools.search_bench --against DIR`` times the searching levels of two
checkouts side by side and says whether they chose alike (here: this checkout against
itself, so every choice must agree)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from concordia.tools import search_bench as bench

ROOT = Path(__file__).resolve().parents[2]


def test_compare_against_a_checkout(capsys: pytest.CaptureFixture[str]) -> None:
    before = sys.modules["concordia.core"]
    assert bench.main(["--against", str(ROOT), "--positions", "1", "--iterations", "2"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert len(rows) == len(bench.CASES) * len(bench.LEVELS)
    for row in rows:
        this, rate, other, ratio, same = row[-5:]
        assert float(this) > 0 and float(other) > 0
        assert float(rate) == pytest.approx(2 / float(this), rel=0.05)
        assert float(ratio) == pytest.approx(float(other) / float(this), rel=0.05)
        assert same == "yes"
    assert sys.modules["concordia.core"] is before  # the test's own modules are back
