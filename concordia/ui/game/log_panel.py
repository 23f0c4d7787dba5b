"""The game log: one line per action, newest at the bottom, with a scroll bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.game.describe import describe_text
from concordia.ui.strings import t
from concordia.ui.widgets import ScrollBar

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


class LogPanel:
    """Keeps the log texts and draws and scrolls the log."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: Lines hidden below the newest one (0: the end of the log is shown).
        self.offset = 0
        self._texts: list[tuple[str, str, int]] = []
        self._language = ""

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        return t("game.tip.log") if self.scene.lay.log.collidepoint(pos) else None

    def click(self, pos: tuple[int, int]) -> bool:
        """Jump the log where its scroll bar is clicked; whether the click was on it."""
        bar = self.bar()
        if not bar.hit(pos):
            return False
        self.offset = max(0, bar.total - bar.shown - bar.first_at(pos))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        r = s.lay.log
        theme.panel(surface, r.inflate(-8, -8), theme.PANEL, theme.BORDER)
        fonts = s.app.fonts
        theme.text(
            surface,
            fonts.get(13, True),
            t("game.log"),
            (r.x + s.px(14), r.y + s.px(10)),
            theme.TEXT_DIM,
        )
        font = fonts.get(12)
        line_h = font.get_linesize()
        lines = self.lines()
        bar = self.bar()
        end = max(0, len(lines) - self.offset)
        width = r.width - s.px(28) - (bar.rect.width + 6 if bar.scrollable else 0)
        for row, (text, seat, marked) in enumerate(lines[max(0, end - bar.shown) : end]):
            y = bar.rect.y + row * line_h
            colour = s.colour(seat) if marked else theme.TEXT
            theme.text(
                surface,
                font,
                theme.fit(font, ("▶ " if marked else "   ") + text, width),
                (r.x + s.px(14), y),
                colour,
            )
        bar.draw(surface)

    def bar(self) -> ScrollBar:
        """The game log's scroll bar (the newest line is at the bottom; ``log_scroll``
        counts the lines hidden below it)."""
        s = self.scene
        r = s.lay.log
        line_h = s.app.fonts.get(12).get_linesize()
        top = r.y + s.px(10) + s.app.fonts.get(13, True).get_linesize() + s.px(4)
        rows = max(1, (r.bottom - s.px(10) - top) // line_h)
        total = len(s.controller.actions)
        first = max(0, total - self.offset - rows)
        return ScrollBar(
            pygame.Rect(r.right - s.px(20), top, s.px(8), rows * line_h), total, rows, first
        )

    def scroll(self, lines: int) -> None:
        """Scroll the log ``lines`` up (positive) or down, within its length."""
        bar = self.bar()
        top = max(0, bar.total - bar.shown)
        self.offset = max(0, min(top, self.offset + lines))

    def lines(self) -> list[tuple[str, int, bool]]:
        """(text, seat, is that seat's last move) per action, texts kept between frames."""
        s = self.scene
        from concordia.ui.strings import language

        c = s.controller
        if self._language != language():
            self._language = language()
            self._texts = []
        texts = self._texts
        while texts and (len(texts) > len(c.actions) or texts[-1][0] != c.actions[len(texts) - 1]):
            texts.pop()  # undone actions
        for i in range(len(texts), len(c.actions)):
            texts.append(
                (c.actions[i], describe_text(s, c.actions[i], c.actors[i], i), c.actors[i])
            )
        marked = {c.last_action_of(seat) for seat in range(len(c.seats))}
        return [(text, seat, i in marked) for i, (_, text, seat) in enumerate(texts)]
