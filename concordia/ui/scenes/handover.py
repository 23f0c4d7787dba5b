"""Pass-and-play: "pass to <name>" between two human seats; waits for a click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.input import Click, Confirm, Hover, Intent
from concordia.ui.scene import Scene
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.app import App


class HandoverScene(Scene):
    """Hides the board and the hands until the next human is at the screen."""

    name = "handover"
    opaque = True

    def __init__(self, app: App, player: str, colour: theme.Colour, shape: str) -> None:
        super().__init__(app)
        self.player = player
        self.colour = colour
        self.shape = shape

    def handle(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Click | Confirm):
            self.app.stack.remove(self)
            return None
        if isinstance(intent, Hover):
            return None
        return None

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        return None  # the screen says it in large letters already

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        theme.shape(surface, self.shape, (w // 2, h // 2 - 90), 36, self.colour)
        theme.text(
            surface,
            self.app.fonts.get(40, True),
            t("handover.pass_to", name=self.player),
            (w // 2, h // 2 - 20),
            theme.TEXT,
            "midtop",
        )
        theme.text(
            surface,
            self.app.fonts.get(18),
            t("handover.click", name=self.player),
            (w // 2, h // 2 + 50),
            theme.TEXT_DIM,
            "midtop",
        )
