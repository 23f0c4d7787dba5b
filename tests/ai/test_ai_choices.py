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


# The default run checks a turn start on one board and a mid-card position on the other
# (every level at each) and the first actions of every stretch; the slow stage checks
# every decision and every whole stretch.
FAST_POSITIONS = {("imperium", 110), ("italia", 133)}
FAST_STRETCH = 20


def _decisions(fast: bool) -> list[int]:
    return [i for i, d in enumerate(DECISIONS) if ((d[0], d[3]) in FAST_POSITIONS) == fast]


def test_the_fast_decisions_are_every_level_at_two_positions() -> None:
    fast = [DECISIONS[i] for i in _decisions(True)]
    assert {d[4] for d in fast} == {"easy", "normal", "hard"}
    assert {d[0] for d in fast} == {"imperium", "italia"}
    assert len(_decisions(True)) + len(_decisions(False)) == len(DECISIONS)


def test_single_decisions_unchanged_at_two_positions() -> None:
    data = _data()
    got = [decide(DECISIONS[i]) for i in _decisions(True)]
    assert got == [data["decisions"][i]["action"] for i in _decisions(True)]


@pytest.mark.slow
def test_single_decisions_unchanged() -> None:
    data = _data()
    assert [tuple(d["spec"]) for d in data["decisions"]] == list(DECISIONS)
    got = [decide(DECISIONS[i]) for i in _decisions(False)]
    assert got == [data["decisions"][i]["action"] for i in _decisions(False)]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_game_stretches_start_unchanged(index: int) -> None:
    # play_game seeds each decision from the deal seed and the step, so the first
    # actions of a stretch are the first actions of the recorded one.
    expected = _data()["games"][index]["actions"]
    board, levels, seed, iters, _steps = GAMES[index]
    assert game((board, levels, seed, iters, FAST_STRETCH)) == expected[:FAST_STRETCH]


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(GAMES)))
def test_game_stretches_unchanged(index: int) -> None:
    expected = _data()["games"][index]["actions"]
    assert game(GAMES[index]) == expected
