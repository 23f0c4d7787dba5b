"""Where the game window's tooltips go, at every window size: never over what they
describe. A player's panel's tooltip leaves that panel clear, the log's leaves the log
clear, and the key help ("?") and the other top-bar buttons' tooltips keep off the
players' panels and the log.

Found by hand (5 players, 1024x640): the log's tooltip covered its own lines and the
key-help tooltip sat over the first player's panel."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import game_scene

from concordia.ui.widgets import tooltip_rect

pytestmark = pytest.mark.usefixtures("pygame_display")

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_tooltips_leave_what_they_describe_clear(size: tuple[int, int]) -> None:
    app, scene = game_scene(["human", "easy", "easy", "easy", "easy"], 3, size=size)
    assert app.screen is not None
    app.draw(app.screen)

    def place(pos: tuple[int, int]) -> pygame.Rect:
        scene.hover = pos
        tip = scene.tooltip(pos)
        assert tip, pos
        return tooltip_rect(
            app.fonts, tip, pos, size, scene.tooltip_avoid(pos), scene.tooltip_keep_clear()
        )

    lay = scene.lay
    faults: list[object] = []
    for seat, panel in enumerate(scene.players.rects()):
        for pos in (
            panel.center,
            (panel.x + 20, panel.bottom - 6),
            (panel.right - 20, panel.y + 8),
        ):
            if place(pos).colliderect(panel):
                faults.append(("panel", seat, pos))
    log = lay.log
    for pos in [(log.centerx, y) for y in range(log.y + 12, log.bottom - 8, 24)]:
        if place(pos).colliderect(log):
            faults.append(("log", pos))
    top = [b for b in scene.buttons.buttons if lay.top.contains(b.rect) and b.tooltip]
    assert top, "no top-bar button with a tooltip"
    for b in top:
        if place(b.rect.center).colliderect(lay.side):
            faults.append(("top bar", b.label))
    assert faults == []
    scene.close()
