"""Test set-up shared by the whole suite.

The SDL variables are set at import time, before any test module imports pygame, so
every test is headless. Every test gets its own ``CONCORDIA_HOME`` so none touches the
real per-user folders.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.hypothesis_profiles  # noqa: F401  (registers and loads the Hypothesis profile)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Hypothesis' own files (a cache of the constants it finds in the source, written
    while pytest collects) go to this run's temporary folder, not ``.hypothesis/`` in
    the checkout."""
    from hypothesis.configuration import set_hypothesis_home_dir

    factory: pytest.TempPathFactory = session.config._tmp_path_factory  # type: ignore[attr-defined]
    set_hypothesis_home_dir(factory.mktemp("hypothesis-home", numbered=False))


def _reset_home_override() -> None:
    settings = sys.modules.get("concordia.settings")
    if settings is not None:
        settings.set_home(None)


@pytest.fixture(autouse=True)
def concordia_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point ``CONCORDIA_HOME`` at a fresh folder for each test; yields that folder."""
    home = tmp_path / "concordia-home"
    monkeypatch.setenv("CONCORDIA_HOME", str(home))
    _reset_home_override()
    yield home
    _reset_home_override()


@pytest.fixture(scope="session")
def pygame_display() -> Iterator[Any]:
    """A 1x1 dummy display (``load_pygame`` and ``convert()`` need one); yields pygame."""
    import pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield pygame
    pygame.display.quit()
