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
    from concordia.ui.game.parts import SceneCommands


class ErrorScene(ButtonScene):
    """A message and an OK button (Enter or Esc closes it)."""

    name = "error"
    opaque = False

    def __init__(self, app: App, message: str, title: str | None = None) -> None:
        super().__init__(app)
        self.message = message
        self.heading = title

    def _box(self, area: pygame.Rect) -> pygame.Rect:
        w = min(self.px(640), area.width - 80)
        return pygame.Rect(area.centerx - w // 2, area.centery - self.px(130), w, self.px(260))

    def build(self, area: pygame.Rect) -> None:
        box = self._box(area)
        self.buttons.add(
            Button(
                pygame.Rect(
                    box.centerx - self.px(80), box.bottom - self.px(62), self.px(160), self.px(44)
                ),
                t("error.ok"),
                "ok",
                t("error.ok"),
                size=18,
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme.shade(surface)
        box = self._box(surface.get_rect())
        theme.panel(surface, box, theme.PANEL, theme.DANGER, 10)
        theme.text(
            surface,
            self.app.fonts.get(22, True),
            self.heading or t("error.title"),
            (box.centerx, box.y + self.px(18)),
            theme.TEXT,
            "midtop",
        )
        font = self.app.fonts.get(16)
        for i, line in enumerate(theme.wrap(font, self.message, box.width - self.px(40))[:5]):
            theme.text(
                surface,
                font,
                line,
                (box.x + self.px(20), box.y + self.px(64) + i * font.get_linesize()),
            )
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def on_button(self, button: Button) -> None:
        self.app.stack.remove(self)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Confirm):
            self.app.stack.remove(self)
        return None


class CrashScene(ButtonScene):
    """Shown when a scene raised unexpectedly: what happened, where the log is, and a
    way back to the menu (the autosave from the last turn end is untouched). Opaque,
    so the broken scene below is never drawn again."""

    name = "crash"
    opaque = True

    def __init__(self, app: App, reason: str, log_path: str, saved_note: str = "") -> None:
        super().__init__(app)
        self.reason = reason
        self.log_path = log_path
        #: What is true about the autosave of the game in play (empty: no game).
        self.saved_note = saved_note

    def _box(self, area: pygame.Rect) -> pygame.Rect:
        w = min(self.px(760), area.width - 80)
        h = min(self.px(380), area.height - 40)
        return pygame.Rect(area.centerx - w // 2, area.centery - h // 2, w, h)

    def build(self, area: pygame.Rect) -> None:
        box = self._box(area)
        self.buttons.add(
            Button(
                pygame.Rect(
                    box.centerx - self.px(250), box.bottom - self.px(66), self.px(280), self.px(46)
                ),
                t("error.crash_menu"),
                "menu",
                t("error.crash_menu"),
                size=18,
                bold=True,
                colour=theme.ACCENT,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(
                    box.centerx + self.px(50), box.bottom - self.px(66), self.px(200), self.px(46)
                ),
                t("error.crash_quit"),
                "quit",
                t("error.crash_quit"),
                size=18,
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        box = self._box(surface.get_rect())
        theme.panel(surface, box, theme.PANEL, theme.DANGER, 10)
        theme.text(
            surface,
            self.app.fonts.get(22, True),
            t("error.title"),
            (box.centerx, box.y + self.px(18)),
            theme.TEXT,
            "midtop",
        )
        font = self.app.fonts.get(15)
        y = box.y + self.px(62)
        paragraphs = (
            t("error.unexpected", reason=self.reason),
            t("error.crash_body", log=self.log_path),
            self.saved_note,
        )
        bottom = box.bottom - self.px(80)
        width = box.width - self.px(40)
        for para in paragraphs:
            for line in theme.wrap(font, para, width):
                if y + font.get_linesize() > bottom:
                    break
                theme.text(surface, font, theme.fit(font, line, width), (box.x + self.px(20), y))
                y += font.get_linesize()
            y += self.px(8)
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def on_button(self, button: Button) -> None:
        if button.value == "menu":
            self.app.back_to_menu()
        else:
            self.app.quit(0)

    def on_cancel(self) -> None:
        self.app.back_to_menu()

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Confirm):
            self.app.back_to_menu()
        return None


class PauseScene(ButtonScene):
    """The in-game menu (Esc): resume, save, load, settings, main menu, quit."""

    name = "pause"
    opaque = False

    def __init__(self, app: App, game: SceneCommands) -> None:
        super().__init__(app)
        self.game = game

    def build(self, area: pygame.Rect) -> None:
        items = [
            ("resume", "pause.resume"),
            ("save", "pause.save"),
            ("load", "pause.load"),
            ("settings", "pause.settings"),
            ("main_menu", "pause.main_menu"),
            ("quit", "pause.quit"),
        ]
        top = area.centery - self.px(190)
        for i, (key, label) in enumerate(items):
            self.buttons.add(
                Button(
                    pygame.Rect(
                        area.centerx - self.px(160),
                        top + self.px(60 + i * 52),
                        self.px(320),
                        self.px(44),
                    ),
                    t(label),
                    key,
                    t(label),
                    size=17,
                )
            )

    def draw(self, surface: pygame.Surface) -> None:
        theme.shade(surface)
        area = surface.get_rect()
        box = pygame.Rect(
            area.centerx - self.px(190), area.centery - self.px(200), self.px(380), self.px(400)
        )
        theme.panel(surface, box, theme.PANEL, theme.ACCENT, 10)
        theme.text(
            surface,
            self.app.fonts.get(22, True),
            t("pause.title"),
            (box.centerx, box.y + self.px(16)),
            theme.ACCENT,
            "midtop",
        )
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
