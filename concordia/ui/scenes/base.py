"""A scene made of buttons: the shared shape of menus and dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.input import Cancel, Click, Hover, Intent
from concordia.ui.scene import Scene
from concordia.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from concordia.ui.app import App


class ButtonScene(Scene):
    """Rebuilds its buttons in :meth:`layout` (on enter and on resize); a click on an
    enabled button calls :meth:`on_button`; Esc calls :meth:`on_cancel`."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonRow()

    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def px(self, n: float) -> int:
        """``n`` pixels at the 1280x720 design size, scaled like the fonts."""
        return round(n * self.app.fonts.scale)

    def layout(self) -> None:
        self.buttons.clear()
        self.build(pygame.Rect((0, 0), self.app.size))

    def build(self, area: pygame.Rect) -> None:
        """Add the buttons for a window of ``area``."""

    def on_button(self, button: Button) -> None:
        """A button was clicked."""

    def on_cancel(self) -> None:
        """Esc was pressed."""

    def handle(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Hover):
            self.hover = intent.pos
            return None if self.opaque else intent
        if isinstance(intent, Click):
            self.hover = intent.pos
            button = self.buttons.hit(intent.pos)
            if button is not None:
                self.on_button(button)
            return None
        if isinstance(intent, Cancel):
            self.on_cancel()
            return None
        return self.handle_other(intent)

    def handle_other(self, intent: Intent) -> Intent | None:
        return None

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        return self.buttons.tooltip(pos)

    def tooltip_avoid(self, pos: tuple[int, int]) -> pygame.Rect | None:
        """The button whose tooltip shows at ``pos``: the tooltip goes beside it."""
        button = self.buttons.hit(pos)
        return None if button is None else button.rect

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """Every button: a tooltip that covered them hid the one about to be clicked
        (found in the review at 1024x640: Next's covered Back, a costliest turn's the
        next ones)."""
        return [b.rect for b in self.buttons.buttons]

    def title(self, surface: pygame.Surface, s: str, y: int, size: int = 34) -> None:
        theme.text(
            surface,
            self.app.fonts.get(size, True),
            s,
            (surface.get_width() // 2, y),
            theme.ACCENT,
            "midtop",
        )
