"""Fixtures for the reliability tests (helpers in ``reliability_support``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from reliability_support import PlayedGame, play_random

# The UI helpers (``ui_helpers``) drive screens in the tests that load through the window.
_UI_TESTS = str(Path(__file__).resolve().parent.parent / "ui")
if _UI_TESTS not in sys.path:
    sys.path.append(_UI_TESTS)


@pytest.fixture(scope="session")
def game() -> PlayedGame:
    return play_random()


@pytest.fixture(scope="session")
def short_game() -> PlayedGame:
    return play_random("italia", 2, seed=11, steps=40, no_goods=True)
