"""Test set-up shared by the whole suite.

The SDL variables are set at import time, before any test module imports pygame, so
every test is headless. Every test gets its own ``CONCORDIA_HOME`` so none touches the
real per-user folders. A board's province label spots and background image are built
once per run and shared by every board view of that board (``_board_builds_once``).
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


@pytest.fixture(scope="session", autouse=True)
def _board_builds_once() -> Iterator[None]:
    """Every game scene builds a ``BoardRenderer``, which places the province labels
    (a search over the whole board, about half a second) and composes the background
    from the Tiled map. Both are pure functions of their inputs, so the suite computes
    each once per board and hands every later view a copy: the real functions still
    run, once, for every board the tests draw."""
    import pygame

    from concordia.core.board import BoardSpec
    from concordia.ui.render import board_labels, board_view
    from concordia.ui.render.camera import Point

    place_labels = board_labels.place_province_labels
    load_background = board_view._load_background
    labels: dict[BoardSpec, dict[str, Point]] = {}
    backgrounds: dict[tuple[object, ...], pygame.Surface] = {}

    def labels_once(view: board_view.BoardRenderer) -> dict[str, Point]:
        # The spots depend on the board and the (fixed) fonts only.
        if view.board not in labels:
            labels[view.board] = place_labels(view)
        return dict(labels[view.board])

    def background_once(path: Path, size: tuple[int, int]) -> pygame.Surface:
        # convert() follows the display's pixel format, so that is part of the key.
        display = pygame.display.get_surface()
        pixels = None if display is None else (display.get_bitsize(), display.get_masks())
        key = (str(path), path.stat().st_mtime_ns, size, pixels)
        if key not in backgrounds:
            backgrounds[key] = load_background(path, size)
        return backgrounds[key].copy()

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(board_labels, "place_province_labels", labels_once)
        mp.setattr(board_view, "_load_background", background_once)
        yield


@pytest.fixture(scope="session")
def pygame_display() -> Iterator[Any]:
    """A 1x1 dummy display (``load_pygame`` and ``convert()`` need one); yields pygame."""
    import pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield pygame
    pygame.display.quit()
