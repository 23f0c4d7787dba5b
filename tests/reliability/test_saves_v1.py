"""Saves written by the version before issue 10's refactor still load, unchanged.

``tests/reliability/data/v1_*.json`` were written at commit 3ef102e with
``concordia.saves.save_game`` (a 4-player Imperium game stopped after the first
Senator purchase, a 2-player Italia no-goods game in the middle of a Mercator, and a
finished 5-player game); ``v1_expected.json`` holds what that version read from them
(phase, legal actions, scores, ...). Today's code must load each file cleanly (the
record replays and matches the snapshot, no warnings) and see the same position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from concordia.core import GameState
from concordia.saves import load_game

DATA = Path(__file__).resolve().parent / "data"
EXPECTED: dict[str, Any] = json.loads((DATA / "v1_expected.json").read_text(encoding="utf-8"))


def _facts(s: GameState) -> dict[str, Any]:
    return {
        "step": s.step,
        "phase": s.phase,
        "current_player": s.current_player,
        "card": s.card,
        "traded": list(s.traded),
        "bought": s.bought,
        "legal": [str(a) for a in s.legal_actions()],
        "scores": [sc.total for sc in s.scores()],
        "ranking": list(s.ranking()),
        "money": [pl.money for pl in s.players],
        "goods": [list(pl.goods) for pl in s.players],
    }


def test_every_example_save_has_expectations() -> None:
    files = sorted(p.name for p in DATA.glob("v1_*.json") if p.name != "v1_expected.json")
    assert files == sorted(EXPECTED)
    assert len(files) == 3


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_v1_save_loads_cleanly_and_unchanged(name: str) -> None:
    raw = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert raw["snapshot"]["version"] == 1
    loaded = load_game(DATA / name)
    assert loaded.warnings == ()
    assert loaded.replayable
    assert _facts(loaded.state) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_v1_snapshot_alone_restores_the_position(name: str) -> None:
    raw = json.loads((DATA / name).read_text(encoding="utf-8"))
    state = GameState.from_dict(raw["snapshot"])
    assert _facts(state) == EXPECTED[name]
