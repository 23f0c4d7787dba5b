"""The settings screen: language, window, animation and AI speed, sound."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from concordia.settings import ANIMATION_SPEEDS, LANGUAGES
from concordia.ui import theme
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import LANGUAGE_NAMES, t
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (1024, 640))
_SPEED_KEY = {
    "slow": "speed.slow",
    "normal": "speed.normal",
    "fast": "speed.fast",
    "off": "speed.instant",
}


class SettingsScene(ButtonScene):
    """Each button cycles one setting; changes are saved at once."""

    name = "settings"

    def build(self, area: pygame.Rect) -> None:
        s = self.app.settings
        onoff = {True: t("option.on"), False: t("option.off")}
        rows = [
            ("language", t("settings.language"), LANGUAGE_NAMES.get(s.language, s.language)),
            ("window", t("settings.window"), "{} × {}".format(*self.shown_size())),
            ("fullscreen", t("settings.fullscreen"), onoff[s.fullscreen]),
            ("animation", t("settings.animation"), t(_SPEED_KEY[s.animation_speed])),
            ("ai_speed", t("settings.ai_speed"), t(_SPEED_KEY[s.ai_speed])),
            ("sound", t("settings.sound"), onoff[s.sound]),
        ]
        x = area.centerx + self.px(10)
        y = self.px(130)
        for i, (key, _label, value) in enumerate(rows):
            self.buttons.add(
                Button(
                    pygame.Rect(x, y + i * self.px(56), self.px(260), self.px(42)),
                    value,
                    key,
                    t(f"settings.tip.{key}"),
                    size=17,
                )
            )
        self.buttons.add(
            Button(
                pygame.Rect(
                    area.centerx - self.px(120),
                    max(y + self.px(6 * 56 + 30), area.bottom - self.px(80)),
                    self.px(240),
                    self.px(46),
                ),
                t("menu.back"),
                "back",
                t("menu.back"),
                size=18,
            )
        )

    def shown_size(self) -> tuple[int, int]:
        """The size of the window as it is (started with ``--size``, or dragged), or in
        fullscreen the size the window will have when fullscreen is switched off."""
        if self.app.screen is not None and not self.app.settings.fullscreen:
            return self.app.size
        return self.app.settings.window_size

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.title(surface, t("settings.title"), 40)
        font = self.app.fonts.get(18)
        labels = [
            t("settings.language"),
            t("settings.window"),
            t("settings.fullscreen"),
            t("settings.animation"),
            t("settings.ai_speed"),
            t("settings.sound"),
        ]
        for b, label in zip(self.buttons.buttons, labels, strict=False):
            theme.text(
                surface,
                font,
                label,
                (b.rect.x - self.px(30), b.rect.centery),
                theme.TEXT,
                "midright",
            )
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def on_button(self, button: Button) -> None:
        s = self.app.settings
        key = button.value
        if key == "back":
            self.app.pop()
            return
        if key == "language":
            new = replace(s, language=_next(LANGUAGES, s.language))
        elif key == "window":
            sizes = offered_sizes()
            shown = self.shown_size()
            i = sizes.index(shown) if shown in sizes else -1
            set_window_size(self.app, sizes[(i + 1) % len(sizes)])
            self.layout()
            return
        elif key == "fullscreen":
            new = replace(s, fullscreen=not s.fullscreen)
        elif key == "animation":
            new = replace(s, animation_speed=_next(ANIMATION_SPEEDS, s.animation_speed))
        elif key == "ai_speed":
            new = replace(s, ai_speed=_next(ANIMATION_SPEEDS, s.ai_speed))
        elif key == "sound":
            new = replace(s, sound=not s.sound)
        else:
            return
        self.app.update_settings(new)
        self.layout()

    def on_cancel(self) -> None:
        self.app.pop()


def set_window_size(app: App, size: tuple[int, int]) -> None:
    """Keep ``size`` as the window size in the settings and, when windowed, resize the
    window to it now (also when the settings already held that size but the window was
    started with ``--size`` or dragged to another)."""
    app.update_settings(replace(app.settings, window_size=size))
    if (
        app.screen is not None
        and pygame.display.get_init()
        and not app.settings.fullscreen
        and app.size != size
    ):
        app.options = replace(app.options, size=None, fullscreen=None)
        app.open_window()


def screen_size() -> tuple[int, int] | None:
    """The largest desktop (screen) size, or None when pygame's display is not started."""
    if not pygame.display.get_init():
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    return max((int(w), int(h)) for w, h in sizes)


def offered_sizes() -> list[tuple[int, int]]:
    """The window sizes the settings offer: those that fit on the screen (a larger
    window would put buttons off-screen); the smallest one at least."""
    screen = screen_size()
    if screen is None:
        return [*WINDOW_SIZES]
    fit = [s for s in WINDOW_SIZES if s[0] <= screen[0] and s[1] <= screen[1]]
    return fit or [min(WINDOW_SIZES)]


def _next(options: tuple[str, ...], value: str) -> str:
    i = options.index(value) if value in options else -1
    return options[(i + 1) % len(options)]
