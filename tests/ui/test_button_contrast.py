"""Button labels read on their fill (found by hand: the menu's Play button was white on
gold, a contrast of 1.8)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from concordia.ui import theme
from concordia.ui.widgets import Button

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_every_button_fill_gets_a_readable_label() -> None:
    for fill in (theme.BUTTON, theme.BUTTON_HOVER, theme.ACCENT):
        assert theme.contrast(theme.text_on(fill), fill) >= 4.5, fill
    # The delete button's red: large bold labels need 3:1.
    assert theme.contrast(theme.text_on(theme.DANGER), theme.DANGER) >= 3.0
    assert theme.contrast(theme.TEXT, theme.ACCENT) < 3.0  # why the gold needs dark text


def test_a_gold_button_draws_its_label_dark(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    fonts = theme.Fonts()
    colours: list[Any] = []
    real = theme.text

    def spy(surface: Any, font: Any, text: str, pos: Any, colour: Any, *a: Any, **k: Any) -> Any:
        colours.append(colour)
        return real(surface, font, text, pos, colour, *a, **k)

    monkeypatch.setattr(theme, "text", spy)
    surface = pygame.Surface((300, 60))
    Button(pygame.Rect(0, 0, 280, 44), "Play", "play", colour=theme.ACCENT).draw(
        surface, fonts, None
    )
    Button(pygame.Rect(0, 0, 280, 44), "Rules", "rules").draw(surface, fonts, None)
    assert colours == [theme.text_on(theme.ACCENT), theme.TEXT]
    assert colours[0] != theme.TEXT
