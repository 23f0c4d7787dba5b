"""Fixtures for the reliability tests (helpers in ``reliability_support``)."""

from __future__ import annotations

import pytest
from reliability_support import PlayedGame, play_random


@pytest.fixture(scope="session")
def game() -> PlayedGame:
    return play_random()


@pytest.fixture(scope="session")
def short_game() -> PlayedGame:
    return play_random("italia", 2, seed=11, steps=40, no_goods=True)
