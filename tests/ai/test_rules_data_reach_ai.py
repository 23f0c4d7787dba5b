"""Every rule number the AI uses comes from the core: change the rules data in a copy
of the package and both the core and the AI's evaluation follow.

The test copies ``concordia/`` to a temporary folder, edits ``core/data.py`` there
(a good's price, the Concordia card, the three gods' caps, the coins of a house),
and runs ``rules_probe.py`` against the original and the edited copy in fresh
interpreters. In each, the AI's evaluation must change by exactly what the core
scores for the same change; across the two, the figures must move with the data.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).resolve().parent / "rules_probe.py"
SNAPSHOT = ROOT / "tests" / "reliability" / "data" / "v1_imperium_4p_senator.json"
EDITS = (
    ("PRICE: Final = (3, 4, 5, 6, 7)", "PRICE: Final = (3, 4, 5, 6, 11)"),
    ("CONCORDIA_VP: Final = 7", "CONCORDIA_VP: Final = 12"),
    ("JUPITER_MAX: Final = 15", "JUPITER_MAX: Final = 2"),
    ("MERCURIUS_MAX: Final = 10", "MERCURIUS_MAX: Final = 2"),
    ("MARS_MAX: Final = 12", "MARS_MAX: Final = 2"),
    ("HOUSE_COINS: Final = (1, 2, 3, 4, 5)", "HOUSE_COINS: Final = (7, 8, 9, 10, 11)"),
)


def _copy_package(dest: Path, edit: bool) -> Path:
    shutil.copytree(
        ROOT / "concordia",
        dest / "concordia",
        ignore=shutil.ignore_patterns("__pycache__", "ui", "tools", "*.npz"),
    )
    if edit:
        path = dest / "concordia" / "core" / "data.py"
        text = path.read_text(encoding="utf-8")
        for old, new in EDITS:
            assert text.count(old) == 1, f"data.py no longer has {old!r}: update the test"
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return dest


def _probe(root: Path) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, str(PROBE), str(SNAPSHOT)],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    original = _probe(_copy_package(tmp_path_factory.mktemp("original"), edit=False))
    edited = _probe(_copy_package(tmp_path_factory.mktemp("edited"), edit=True))
    return original, edited


def test_the_copy_really_runs_the_edited_data(
    figures: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    original, edited = figures
    assert original["prices"] == [3, 4, 5, 6, 7]
    assert edited["prices"] == [3, 4, 5, 6, 11]


@pytest.mark.parametrize("god", ["Jupiter", "Mercurius", "Mars", "Concordia"])
def test_ai_scores_a_god_exactly_as_the_core(
    figures: tuple[dict[str, Any], dict[str, Any]], god: str
) -> None:
    original, edited = figures
    for run in (original, edited):
        assert run[god]["ai"] == pytest.approx(run[god]["core"], abs=1e-9)
    assert original[god]["core"] > 0
    assert edited[god]["core"] != original[god]["core"]


def test_caps_and_card_follow_the_data(figures: tuple[dict[str, Any], dict[str, Any]]) -> None:
    _, edited = figures
    assert edited["Concordia"]["core"] == 12
    assert edited["Jupiter"]["core"] == 2
    assert edited["Mercurius"]["core"] == 2
    assert edited["Mars"]["core"] == 2


def test_prices_reach_core_and_ai(figures: tuple[dict[str, Any], dict[str, Any]]) -> None:
    original, edited = figures
    assert original["cloth"]["core_wealth"] == 7
    assert edited["cloth"]["core_wealth"] == 11
    # The evaluation values a unit by its price: one more cloth is worth 11/7 as much.
    ratio = edited["cloth"]["ai"] / original["cloth"]["ai"]
    assert ratio == pytest.approx(11 / 7, rel=1e-9)


def test_house_coins_follow_the_data(figures: tuple[dict[str, Any], dict[str, Any]]) -> None:
    original, edited = figures
    for run in (original, edited):
        assert run["house"]["coins"] == run["house"]["table"][run["house"]["good"]]
    assert edited["house"]["coins"] != original["house"]["coins"]
