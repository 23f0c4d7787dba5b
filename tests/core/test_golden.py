"""Golden replays: seeded random games recorded in tests/core/golden/*.json replay to
the same states (digest every 50 steps) and the same final scores.

A failure means the rules changed behaviour. If that was deliberate, regenerate with
``python -m tests.core.golden_regen`` and name the rule in the commit message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from concordia.core import GameRecord, parse_action, replay
from tests.core.golden_regen import GOLDEN_DIR, SPECS, digest, final_scores
from tests.core.helpers import board, game

FILES = sorted(GOLDEN_DIR.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_spec_has_a_golden_file() -> None:
    assert sorted(p.stem for p in FILES) == sorted(SPECS)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path: Path) -> None:
    g = load(path)
    s = game(g["board"], g["num_players"], g["seed"], **g["options"])
    assert digest(s) == g["digests"]["0"]
    for i, text in enumerate(g["actions"], start=1):
        s = s.apply(parse_action(text, s))
        key = str(i)
        if key in g["digests"]:
            assert digest(s) == g["digests"][key], f"{path.name}: state differs at step {i}"
    assert s.is_terminal()
    assert final_scores(s) == g["final_scores"]
    assert list(s.ranking()) == g["ranking"]
    assert s.concordia == g["concordia"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays(path: Path) -> None:
    g = load(path)
    rec = GameRecord(
        board=g["board"],
        num_players=g["num_players"],
        seed=g["seed"],
        options=g["options"],
        actions=g["actions"],
    )
    s = replay(rec, board(g["board"]))
    assert digest(s) == g["digests"][str(len(g["actions"]))]
