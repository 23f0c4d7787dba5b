"""The key help shows at the "?" button of the top bar, next to it.

Found by hand (5 players, 1024x640): the list of keys ("Esc menu · Enter confirm ·
Ctrl+Z undo · 1–9, 0, A… hand …") came up over the empty board wherever the pointer
rested on the sea or between cities, far from anything it describes, and nowhere else.
The empty board now says what the board itself takes (wheel, drag); the keys are in the
tooltip of the "?" (help and rules) button, placed beside that button."""

from __future__ import annotations

import pytest
from ui_helpers import game_scene

from concordia.ui.commands import Command
from concordia.ui.strings import set_language, t
from concordia.ui.widgets import tooltip_rect

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_key_help_is_at_the_help_button(lang: str, size: tuple[int, int]) -> None:
    set_language(lang)
    try:
        app, scene = game_scene(["human", "easy", "easy", "easy", "easy"], 3, size=size)
        assert app.screen is not None
        app.draw(app.screen)
        keys = t("game.shortcuts")
        board = scene.lay.board
        tips = [
            scene.tooltip((x, y))
            for x in range(board.x + 4, board.right, 23)
            for y in range(board.y + 4, board.bottom, 23)
        ]
        assert any(tips)
        assert [tip for tip in tips if tip and keys in tip] == []
        (help_button,) = [b for b in scene.buttons.buttons if b.value == Command.RULES]
        pos = help_button.rect.center
        tip = scene.tooltip(pos)
        assert tip is not None and keys in tip
        rect = tooltip_rect(
            app.fonts, tip, pos, size, scene.tooltip_avoid(pos), scene.tooltip_keep_clear()
        )
        assert not rect.colliderect(help_button.rect)
        gap_x = max(help_button.rect.left - rect.right, rect.left - help_button.rect.right, 0)
        gap_y = max(help_button.rect.top - rect.bottom, rect.top - help_button.rect.bottom, 0)
        assert max(gap_x, gap_y) <= 12, (rect, help_button.rect)
        assert not rect.colliderect(scene.lay.side)
        scene.close()
    finally:
        set_language("en")
