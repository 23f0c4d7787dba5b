"""The list of saved games."""

from __future__ import annotations

import pygame

from concordia.ui import theme
from concordia.ui.controller import SaveError, list_saves, load_game
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import t
from concordia.ui.widgets import Button

MAX_ROWS = 10


class LoadScene(ButtonScene):
    """Click a save to load it; a save that cannot be read shows an error and stays."""

    name = "load"

    def build(self, area: pygame.Rect) -> None:
        self.app.autosaver.wait(1.0)  # list the autosave only once it is complete
        try:
            files = list_saves()[:MAX_ROWS]
        except OSError:
            files = []
        self.empty = not files
        for i, entry in enumerate(files):
            label = t("load.autosave") if entry.autosave else entry.name
            text = (f"{label} · {t('board.' + entry.board)} · {entry.players} · "
                    f"{entry.when}")
            self.buttons.add(Button(pygame.Rect(area.centerx - 300, 110 + i * 50, 600, 42),
                                    text, entry.path, t("load.tip"), size=16))
        self.buttons.add(Button(pygame.Rect(area.centerx - 120, area.bottom - 80, 240, 46),
                                t("menu.back"), "back", t("menu.back"), size=18))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.title(surface, t("load.title"), 40)
        if self.empty:
            theme.text(surface, self.app.fonts.get(18), t("load.empty"),
                       (surface.get_width() // 2, 140), theme.TEXT_DIM, "midtop")
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def on_button(self, button: Button) -> None:
        if button.value == "back":
            self.app.pop()
            return
        try:
            controller = load_game(button.value)
        except SaveError as exc:
            self.app.show_error(t("error.load_failed", reason=exc.reason))
            return
        self.app.open_game(controller)

    def on_cancel(self) -> None:
        self.app.pop()
