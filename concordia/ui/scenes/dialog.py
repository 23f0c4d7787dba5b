"""Modal dialogs drawn over the scene below: the error box and the in-game menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.input import Confirm, Intent
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import t
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App
    from concordia.ui.scenes.game import GameScene


class ErrorScene(ButtonScene):
    """A message and an OK button (Enter or Esc closes it)."""

    name = "error"
    opaque = False

    def __init__(self, app: App, message: str) -> None:
        super().__init__(app)
        self.message = message

    def _box(self, area: pygame.Rect) -> pygame.Rect:
        w = min(640, area.width - 80)
        return pygame.Rect(area.centerx - w // 2, area.centery - 130, w, 260)

    def build(self, area: pygame.Rect) -> None:
        box = self._box(area)
        self.buttons.add(Button(pygame.Rect(box.centerx - 80, box.bottom - 62, 160, 44),
                                t("error.ok"), "ok", t("error.ok"), size=18))

    def draw(self, surface: pygame.Surface) -> None:
        theme.shade(surface)
        box = self._box(surface.get_rect())
        theme.panel(surface, box, theme.PANEL, theme.DANGER, 10)
        theme.text(surface, self.app.fonts.get(22, True), t("error.title"),
                   (box.centerx, box.y + 18), theme.TEXT, "midtop")
        font = self.app.fonts.get(16)
        for i, line in enumerate(theme.wrap(font, self.message, box.width - 40)[:5]):
            theme.text(surface, font, line, (box.x + 20, box.y + 64 + i * font.get_linesize()))
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def on_button(self, button: Button) -> None:
        self.app.stack.remove(self)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Confirm):
            self.app.stack.remove(self)
        return None


class PauseScene(ButtonScene):
    """The in-game menu (Esc): resume, save, load, settings, main menu, quit."""

    name = "pause"
    opaque = False

    def __init__(self, app: App, game: GameScene) -> None:
        super().__init__(app)
        self.game = game

    def build(self, area: pygame.Rect) -> None:
        items = [("resume", "pause.resume"), ("save", "pause.save"), ("load", "pause.load"),
                 ("settings", "pause.settings"), ("main_menu", "pause.main_menu"),
                 ("quit", "pause.quit")]
        top = area.centery - 190
        for i, (key, label) in enumerate(items):
            self.buttons.add(Button(pygame.Rect(area.centerx - 160, top + 60 + i * 52, 320, 44),
                                    t(label), key, t(label), size=17))

    def draw(self, surface: pygame.Surface) -> None:
        theme.shade(surface)
        area = surface.get_rect()
        box = pygame.Rect(area.centerx - 190, area.centery - 200, 380, 400)
        theme.panel(surface, box, theme.PANEL, theme.ACCENT, 10)
        theme.text(surface, self.app.fonts.get(22, True), t("pause.title"),
                   (box.centerx, box.y + 16), theme.ACCENT, "midtop")
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def on_button(self, button: Button) -> None:
        key = button.value
        if key == "resume":
            self.app.stack.remove(self)
        elif key == "save":
            self.app.stack.remove(self)
            self.game.save_now()
        elif key == "load":
            from concordia.ui.scenes.load import LoadScene

            self.app.push(LoadScene(self.app))
        elif key == "settings":
            from concordia.ui.scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "main_menu":
            self.game.close()
            while len(self.app.stack) > 1:
                self.app.pop()
            if not len(self.app.stack):
                from concordia.ui.scenes.menu import MenuScene

                self.app.push(MenuScene(self.app))
        elif key == "quit":
            self.app.quit(0)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)

    def handle_other(self, intent: Intent) -> Intent | None:
        return None
