"""Fonts by path (``assets/fonts``) and a cache of rendered, haloed labels."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from concordia.resources import resource_path
from concordia.ui.render.palette import Colour

logger = logging.getLogger(__name__)

_SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


def font_file(bold: bool = False) -> Path:
    """The bundled DejaVu Sans file (the system copy only in a checkout that lacks it)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = resource_path("assets", "fonts", name)
    if path.exists():
        return path
    system = _SYSTEM_DEJAVU / name
    if system.exists():
        logger.warning("bundled font %s missing; using %s", path, system)
        return system
    raise FileNotFoundError(f"font not found: {path}")


class TextCache:
    """Rendered text surfaces keyed by (text, size, bold, colour, halo).

    Sizes are whole pixels, so a zoom level reuses its labels frame after frame. The
    cache is dropped when it grows past ``limit`` entries (zooming through many sizes).
    """

    def __init__(self, limit: int = 2000) -> None:
        self.limit = limit
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, bool, Colour, Colour | None], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(str(font_file(bold)), key[0])
            self._fonts[key] = font
        return font

    def render(
        self, text: str, size: int, colour: Colour, bold: bool = False, halo: Colour | None = None
    ) -> pygame.Surface:
        """``text`` in ``colour``, with a 1-2 px outline in ``halo`` if given."""
        key = (text, max(6, size), bold, colour, halo)
        img = self._texts.get(key)
        if img is not None:
            return img
        if len(self._texts) >= self.limit:
            self._texts.clear()
        font = self.font(size, bold)
        fg = font.render(text, True, colour)
        if halo is None:
            img = fg
        else:
            d = 2 if size >= 16 else 1
            back = font.render(text, True, halo)
            img = pygame.Surface((fg.get_width() + 2 * d, fg.get_height() + 2 * d), pygame.SRCALPHA)
            for dx in range(-d, d + 1):
                for dy in range(-d, d + 1):
                    if dx or dy:
                        img.blit(back, (d + dx, d + dy))
            img.blit(fg, (d, d))
        self._texts[key] = img
        return img
