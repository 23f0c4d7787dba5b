"""Panels painted once per position: the display, the hand, the player panels and the
log are blitted from a cache until the state or what they show changes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from concordia.core import GameState
from concordia.ui import theme


class PanelCache:
    """Keeps one painted image per panel name."""

    def __init__(self) -> None:
        self._panels: dict[str, tuple[GameState, tuple[object, ...], pygame.Surface]] = {}
        self._scratch: pygame.Surface | None = None

    def blit(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        state: GameState,
        key: tuple[object, ...],
        paint: Callable[[pygame.Surface], None],
    ) -> None:
        """Blit panel ``name`` from the cache, painting it again (with ``paint``, which
        draws at screen positions) only when ``state`` or ``key`` changed. The state is
        compared by identity (and kept alive by the cache): states are immutable."""
        full = (key, tuple(rect))
        hit = self._panels.get(name)
        if hit is not None and hit[0] is state and hit[1] == full:
            surface.blit(hit[2], rect)
            return
        size = surface.get_size()
        if self._scratch is None or self._scratch.get_size() != size:
            self._scratch = pygame.Surface(size)
        scratch = self._scratch
        area = rect.clip(scratch.get_rect())
        scratch.set_clip(area)
        scratch.fill(theme.BG, area)
        paint(scratch)
        scratch.set_clip(None)
        img = scratch.subsurface(area).copy()
        self._panels[name] = (state, full, img)
        surface.blit(img, area)
