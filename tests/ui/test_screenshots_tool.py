"""The screenshot tool draws every screen it names, each a real picture (slow: it plays
three short AI games and reviews one)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from concordia.tools import screenshots

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("pygame_display")]


def test_every_screen_is_drawn_at_the_smallest_size(tmp_path: Path) -> None:
    from concordia.settings import home_dir

    before = home_dir()
    taken = screenshots.shoot((1024, 640), tmp_path)
    names = {p.stem for p in taken}
    for screen in ("menu", "load", "statistics", "game-hint", "final-scores", "review", "guide"):
        assert screen in names
    for path in taken:
        image = pygame.image.load(str(path))
        assert image.get_size() == (1024, 640), path
        # A drawn screen has many colours; a blank or failed one has a few.
        colours = {image.get_at((x, y))[:3] for x in range(0, 1024, 4) for y in range(0, 640, 4)}
        assert len(colours) > 8, path
    assert home_dir() == before  # the user's folder is back in use
