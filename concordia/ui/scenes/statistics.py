"""The Statistics screen: games and wins per board and AI level, best and mean score,
and a chart of the last 20 results (from :mod:`concordia.stats`)."""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING

import pygame

from concordia.stats import Summary, kept_aside, open_statistics
from concordia.ui import theme
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import has, t, tn
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App

logger = logging.getLogger(__name__)

WIN = (110, 190, 110)
LOSS = (200, 90, 80)


def totals_line(games: int, human: int, wins: int) -> str:
    """Games finished, with the player, won: each count with its own plural."""
    return " · ".join(
        (tn("stats.finished", games), tn("stats.with_you", human), tn("stats.won", wins))
    )


class StatisticsScene(ButtonScene):
    name = "statistics"
    covers_window = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summary: Summary | None = None
        self.problem: str | None = None
        try:
            with open_statistics() as stats:
                self.summary = stats.summary()
                kept = kept_aside(stats.path)
                if stats.problem is not None:
                    self.problem = t("stats.problem", reason=stats.problem)
                elif kept:
                    self.problem = t("stats.kept", names=", ".join(p.name for p in kept))
                elif self.summary.skipped:
                    self.problem = tn("stats.skipped", self.summary.skipped)
        except (OSError, sqlite3.Error) as exc:
            logger.exception("statistics unavailable")
            self.problem = t("stats.unavailable", reason=str(exc))

    def build(self, area: pygame.Rect) -> None:
        self.buttons.add(
            Button(
                pygame.Rect(
                    area.centerx - self.px(120),
                    area.bottom - self.px(70),
                    self.px(240),
                    self.px(46),
                ),
                t("menu.back"),
                "back",
                t("menu.back"),
                size=18,
            )
        )

    def on_button(self, button: Button) -> None:
        self.app.stack.remove(self)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.title(surface, t("stats.title"), self.px(20))
        fonts = self.app.fonts
        area = surface.get_rect()
        y = self.px(70)
        if self.problem:
            msg = self.problem
            for line in theme.wrap(fonts.get(14), msg, area.width - self.px(80))[:2]:
                theme.text(surface, fonts.get(14), line, (area.centerx, y), theme.DANGER, "midtop")
                y += fonts.get(14).get_linesize()
        s = self.summary
        if s is None and self.problem:  # unavailable: the reason above is all there is
            self.buttons.draw(surface, fonts, self.hover)
            return
        if s is None or s.games == 0:
            theme.text(
                surface,
                fonts.get(18),
                t("stats.empty"),
                (area.centerx, y + self.px(40)),
                theme.TEXT_DIM,
                "midtop",
            )
            self.buttons.draw(surface, fonts, self.hover)
            return
        theme.text(
            surface,
            fonts.get(17, True),
            totals_line(s.games, s.human_games, s.wins),
            (area.centerx, y),
            theme.TEXT,
            "midtop",
        )
        y += self.px(26)
        if s.best is not None and s.mean is not None:
            theme.text(
                surface,
                fonts.get(16),
                t("stats.best_mean", best=s.best, mean=f"{s.mean:.1f}"),
                (area.centerx, y),
                theme.TEXT_DIM,
                "midtop",
            )
            y += self.px(30)
        # the table
        w = min(area.width - self.px(60), self.px(900))
        x0 = area.centerx - w // 2
        heads = [
            "stats.board",
            "stats.level",
            "stats.games",
            "stats.wins",
            "stats.best",
            "stats.mean",
        ]
        cols = [
            x0,
            x0 + w * 22 // 100,
            x0 + w * 50 // 100,
            x0 + w * 62 // 100,
            x0 + w * 74 // 100,
            x0 + w * 86 // 100,
        ]
        head = fonts.get(15, True)
        body = fonts.get(15)
        for key, cx in zip(heads, cols, strict=True):
            theme.text(surface, head, t(key), (cx, y), theme.ACCENT)
        y += head.get_linesize() + self.px(4)
        row_h = body.get_linesize() + self.px(4)
        max_rows = max(1, (area.height // 2 - y) // row_h + 2)
        for i, row in enumerate(s.rows[:max_rows]):
            if i % 2 == 0:
                pygame.draw.rect(
                    surface,
                    theme.PANEL,
                    pygame.Rect(x0 - self.px(8), y - 2, w + self.px(16), row_h),
                    border_radius=4,
                )
            level = (
                t("stats.level.human")
                if row.level == "human"
                else (t("kind." + row.level) if has("kind." + row.level) else row.level)
            )
            board = t("board." + row.board) if has("board." + row.board) else row.board
            cells = [
                board,
                level,
                str(row.games),
                f"{row.wins} ({100 * row.wins // max(1, row.games)} %)",
                str(row.best),
                f"{row.mean:.1f}",
            ]
            for cell, cx in zip(cells, cols, strict=True):
                theme.text(surface, body, cell, (cx, y))
            y += row_h
        y += self.px(12)
        # the chart of the last results
        if s.last:
            from concordia.ui.chart import Series, draw_chart

            theme.text(
                surface,
                fonts.get(14, True),
                tn("stats.last", len(s.last)),
                (x0, y),
                theme.TEXT_DIM,
            )
            y += self.px(22)
            rect = pygame.Rect(x0, y, w, area.bottom - self.px(84) - y)
            if rect.height > self.px(80):
                draw_chart(
                    surface,
                    rect,
                    fonts,
                    [
                        Series(t("stats.you"), [r.total for r in s.last], theme.ACCENT),
                        Series(
                            t("stats.best_other"),
                            [r.best_other for r in s.last],
                            theme.TEXT_DIM,
                            "square",
                        ),
                    ],
                    t("stats.game"),
                    x_first=1,
                    dots=[WIN if r.won else LOSS for r in s.last],
                    dot_legend=[(t("stats.dot_won"), WIN), (t("stats.dot_lost"), LOSS)],
                )
        self.buttons.draw(surface, fonts, self.hover)
