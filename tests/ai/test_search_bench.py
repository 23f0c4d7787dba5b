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
        t, o = float(this), float(other)
        assert t > 0 and o > 0
        # The seconds are printed to 3 decimals (a decision at 2 rollouts takes about
        # 0.01 s, so the rounding alone moves a quotient by up to 5 %): the rate and the
        # ratio must lie within what that rounding allows, plus their own last digit.
        # The true seconds lie within half a thousandth of the printed ones.
        assert 2 / (t + 0.0005) - 0.05 <= float(rate) <= 2 / (t - 0.0005) + 0.05
        assert (o - 0.0005) / (t + 0.0005) - 0.005 <= float(ratio)
        assert float(ratio) <= (o + 0.0005) / (t - 0.0005) + 0.005
        assert same == "yes"
    assert sys.modules["concordia.core"] is before  # the test's own modules are back
