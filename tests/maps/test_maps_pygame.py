"""Load every map the way the UI does: ``pytmx.util_pygame.load_pygame`` after a display
mode exists (catches a missing or unreadable background image)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import pytmx  # type: ignore[import-untyped, unused-ignore]
from pytmx.util_pygame import load_pygame  # type: ignore[import-untyped, unused-ignore]

MAP_FILES = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))


@pytest.mark.parametrize("tmx", MAP_FILES, ids=[p.stem for p in MAP_FILES])
def test_load_pygame(tmx: Path, pygame_display: object) -> None:
    """``pygame_display`` (tests/conftest.py) sets a 1x1 mode under the dummy driver."""
    tm = load_pygame(str(tmx))
    background = tm.get_layer_by_name("background")
    assert isinstance(background, pytmx.TiledImageLayer)
    image = background.image
    assert isinstance(image, pygame.Surface)
    assert image.get_size() == (tm.width * tm.tilewidth, tm.height * tm.tileheight)
