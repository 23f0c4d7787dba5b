"""The AI chooses exactly what it chose before the rules core was split by card.

``tests/ai/data/choices.json`` was written by ``python -m tests.ai.choices_regen`` at
commit 3ef102e (before issue 10's refactor): single decisions of every level at fixed
positions and iteration budgets on both boards, and stretches of games between mixed
levels. A refactor of the core or of the evaluation must leave every one unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.ai.choices_regen import DATA, DECISIONS, GAMES, decide, game


def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def test_fixture_covers_every_spec() -> None:
    data = _data()
    assert [tuple(d["spec"]) for d in data["decisions"]] == list(DECISIONS)
    assert [(g["spec"][0], tuple(g["spec"][1]), *g["spec"][2:]) for g in data["games"]] == list(
        GAMES
    )
    levels = {d[4] for d in DECISIONS} | {lv for g in GAMES for lv in g[1]}
    assert levels == {"easy", "normal", "hard"}
    assert {d[0] for d in DECISIONS} == {g[0] for g in GAMES} == {"imperium", "italia"}


def test_single_decisions_unchanged() -> None:
    data = _data()
    assert [tuple(d["spec"]) for d in data["decisions"]] == list(DECISIONS)
    got = [decide(spec) for spec in DECISIONS]
    assert got == [d["action"] for d in data["decisions"]]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_game_stretches_unchanged(index: int) -> None:
    expected = _data()["games"][index]["actions"]
    assert game(GAMES[index]) == expected
