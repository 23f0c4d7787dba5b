"""Shared fixtures for the AI tests: boards (loaded once) and mid-game positions."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from concordia.core import BoardSpec, GameState, new_game
from concordia.maps import load_board

# The AI tests import their fixture generator as ``tests.ai.choices_regen``.
ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


@pytest.fixture(scope="session")
def boards() -> dict[str, BoardSpec]:
    return {name: load_board(name) for name in ("imperium", "italia")}


def _random_position(board: BoardSpec, players: int, seed: int, steps: int) -> GameState:
    s = new_game(board, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.current_player is None:
            break
        s.apply_in_place(rng.choice(s.legal_actions()))
    while s.phase not in ("card", "over"):
        s.apply_in_place(rng.choice(s.legal_actions()))
    return s


@pytest.fixture()
def position() -> Callable[[BoardSpec, int, int, int], GameState]:
    """``position(board, players, seed, steps)``: the position after ``steps`` random
    legal actions (then played on to the start of a turn)."""
    return _random_position
