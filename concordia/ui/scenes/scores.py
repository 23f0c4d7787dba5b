"""Scores: the live "if the game ended now" table and the final scoring screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core.data import GODS
from concordia.ui import theme
from concordia.ui.input import Confirm, Intent
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import person, t, tn
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App
    from concordia.ui.controller import GameController


class ScoresScene(ButtonScene):
    """Per-god table for every player; ``final`` adds the winner and the tie-break."""

    opaque = False

    def __init__(self, app: App, controller: GameController, final: bool = False) -> None:
        super().__init__(app)
        self.controller = controller
        self.final = final
        self.name = "final_scores" if final else "scores"
        state = controller.state
        self.outcome = state.outcome()
        self.concordia = state.concordia
        #: Every seat's score at the start and after each round (final screen only).
        self.history: list[list[int]] = []
        self.recorded = False
        if final:
            self.history = _history(controller)

    def enter(self) -> None:
        super().enter()
        if self.final and not self.recorded and self.controller.state.is_terminal():
            from concordia.stats import record_game

            self.recorded = True
            record_game(self.controller.record(), self.controller.state)

    def _box(self, area: pygame.Rect) -> pygame.Rect:
        w = min(area.width - 40, self.px(1160))
        extra = 300 if self.final else 110
        h = min(area.height - 30, self.px(200 + 48 * len(self.controller.seats) + extra))
        return pygame.Rect(area.centerx - w // 2, area.centery - h // 2, w, h)

    def build(self, area: pygame.Rect) -> None:
        box = self._box(area)
        keys = ["close", "review", "menu"] if self.final else ["close"]
        labels = {
            "close": t("scores.close"),
            "review": t("scores.review"),
            "menu": t("scores.main_menu"),
        }
        tips = {**labels, "review": t("scores.tip.review")}
        bw, gap = self.px(200), self.px(24)
        x = box.centerx - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        for key in keys:
            self.buttons.add(
                Button(
                    pygame.Rect(x, box.bottom - self.px(58), bw, self.px(44)),
                    labels[key],
                    key,
                    tips[key],
                    size=17,
                )
            )
            x += bw + gap

    def columns(self, box: pygame.Rect) -> list[int]:
        first = box.x + self.px(30)
        name_w = self.px(190)
        step = (box.width - self.px(60) - name_w) // (len(GODS) + 2)
        return [first] + [first + name_w + i * step for i in range(len(GODS) + 2)]

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        tip = self.buttons.tooltip(pos)
        if tip:
            return tip
        box = self._box(pygame.Rect((0, 0), self.app.size))
        cols = self.columns(box)
        header_y = box.y + self.px(70)
        if header_y - 4 <= pos[1] <= header_y + self.px(26):
            for i, god in enumerate(GODS):
                if cols[i + 1] - 10 <= pos[0] < cols[i + 2] - 10:
                    return f"{t('god.' + god)}: {t('godtip.' + god)}"
        return None

    def heading(self) -> str:
        """The title: final once the game is over, even when opened from the game."""
        over = self.final or self.controller.state.is_terminal()
        return t("scores.final") if over else t("scores.title")

    def draw(self, surface: pygame.Surface) -> None:
        theme.shade(surface, 170)
        box = self._box(surface.get_rect())
        theme.panel(surface, box, theme.PANEL, theme.ACCENT, 10)
        fonts = self.app.fonts
        title = self.heading()
        theme.text(
            surface,
            fonts.get(24, True),
            title,
            (box.centerx, box.y + self.px(16)),
            theme.ACCENT,
            "midtop",
        )
        cols = self.columns(box)
        head = fonts.get(15, True)
        y = box.y + self.px(70)
        theme.text(surface, head, t("scores.player"), (cols[0], y), theme.TEXT_DIM)
        for i, god in enumerate(GODS):
            theme.text(surface, head, t(f"god.{god}"), (cols[i + 1], y), theme.GOD_COLOURS[god])
        theme.text(surface, head, t("scores.concordia"), (cols[-2], y), theme.TEXT_DIM)
        theme.text(surface, head, t("scores.total"), (cols[-1], y), theme.ACCENT)
        body = fonts.get(17)
        bold = fonts.get(17, True)
        ranking = self.outcome.ranking
        for row, seat in enumerate(ranking):
            score = self.outcome.scores[seat]
            cfg = self.controller.seats[seat]
            ry = y + self.px(40 + row * 44)
            if row % 2 == 0:
                pygame.draw.rect(
                    surface,
                    theme.PANEL_LIGHT,
                    pygame.Rect(
                        box.x + self.px(16), ry - self.px(8), box.width - self.px(32), self.px(38)
                    ),
                    border_radius=4,
                )
            theme.shape(
                surface,
                theme.seat_shape(cfg.colour),
                (cols[0] + self.px(8), ry + self.px(11)),
                self.px(8),
                theme.seat_colour(cfg.colour),
            )
            theme.text(
                surface,
                bold if row == 0 else body,
                theme.fit(body, f"{row + 1}. {cfg.name}", self.px(160)),
                (cols[0] + self.px(24), ry),
            )
            for i, god in enumerate(GODS):
                theme.text(surface, body, str(score.gods.get(god, 0)), (cols[i + 1], ry))
            theme.text(
                surface, body, str(score.concordia) if score.concordia else "–", (cols[-2], ry)
            )
            theme.text(surface, bold, str(score.total), (cols[-1], ry), theme.ACCENT)
        if self.final:
            below = self._winner(surface, box, y + self.px(40 + len(ranking) * 44 + 2))
            chart = pygame.Rect(
                box.x + self.px(30),
                below + self.px(4),
                box.width - self.px(60),
                box.bottom - self.px(70) - below - self.px(4),
            )
            if chart.height > self.px(60) and len(self.history) > 1:
                self._chart(surface, chart)
        self.buttons.draw(surface, fonts, self.hover)

    def _chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        from concordia.ui.chart import Series, draw_chart

        series = [
            Series(
                cfg.name,
                [row[seat] for row in self.history],
                theme.seat_colour(cfg.colour),
                theme.seat_shape(cfg.colour),
            )
            for seat, cfg in enumerate(self.controller.seats)
        ]
        draw_chart(surface, rect, self.app.fonts, series, t("scores.round"))

    def margin_text(self) -> str:
        """The winner and by how much (or that the tie-break decided)."""
        ranking = self.outcome.ranking
        scores = self.outcome.scores
        name = self.controller.seats[ranking[0]].name
        if len(ranking) < 2:
            return ""
        n = scores[ranking[0]].total - scores[ranking[1]].total
        you = self.you(ranking[0])
        if n == 0:
            return person("scores.tie_margin", you, name=name)
        key = "scores.margin_one" if n == 1 else "scores.margin"
        return person(key, you, name=name, n=n)

    def you(self, seat: int) -> bool:
        """Whether ``seat`` is the player at the screen, addressed as "you": the only
        human seat (in pass-and-play the final scores name every seat)."""
        c = self.controller
        return c.human_count == 1 and c.seat_is_human(seat)

    def winner_line(self, winner: int, name: str, points: int) -> str:
        """Who won and with how many points."""
        if self.you(winner):
            return t("scores.winner.you", n=points)
        return tn("scores.winner", points, name=name)

    def winner_rows(self, font: pygame.font.Font, width: int) -> list[str]:
        """The lines under the winner (margin, tie-break, Concordia card), as many on a
        row as fit ``width``, a longer one wrapped: never cut (found by hand at
        1024x640: "…Concordia card (7 points) to L…")."""
        ranking = self.outcome.ranking
        scores = self.outcome.scores
        winner = ranking[0]
        name = self.controller.seats[winner].name
        lines = [self.margin_text()] if len(ranking) > 1 else []
        if len(ranking) > 1 and scores[ranking[1]].total == scores[winner].total:
            lines.append(person("scores.tiebreak", self.you(winner), name=name))
        if self.concordia is not None:
            holder = self.concordia
            name = self.controller.seats[holder].name
            lines.append(person("scores.concordia_to", self.you(holder), name=name))
        sep = "  ·  "
        rows: list[str] = []
        for line in (x for x in lines if x):
            if rows and font.size(rows[-1] + sep + line)[0] <= width:
                rows[-1] += sep + line
            else:
                rows.extend(theme.wrap(font, line, width) or [line])
        return rows

    def _winner(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        """Draw the winner lines from ``y``; returns the y below them."""
        fonts = self.app.fonts
        ranking = self.outcome.ranking
        scores = self.outcome.scores
        winner = ranking[0]
        name = self.controller.seats[winner].name
        theme.text(
            surface,
            fonts.get(20, True),
            self.winner_line(winner, name, scores[winner].total),
            (box.centerx, y),
            theme.HILITE,
            "midtop",
        )
        font = fonts.get(15)
        row_y = y + self.px(30)
        for row in self.winner_rows(font, box.width - self.px(40)):
            theme.text(surface, font, row, (box.centerx, row_y), theme.TEXT_DIM, "midtop")
            row_y += font.get_linesize()
        return row_y

    def on_button(self, button: Button) -> None:
        if button.value == "review":
            from concordia.review import cache_path
            from concordia.saves import autosave_path
            from concordia.ui.scenes.review import ReviewScene

            record = self.controller.record()
            cache = cache_path(autosave_path())  # beside the game's autosave
            self.app.push(ReviewScene(self.app, record, self.controller.board, cache=cache))
        elif button.value == "menu":
            from concordia.ui.scenes.menu import MenuScene

            self.app.replace_all(MenuScene(self.app))
        else:
            self.app.stack.remove(self)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Confirm):
            self.app.stack.remove(self)
        return None


def _history(controller: GameController) -> list[list[int]]:
    """Scores over the rounds from the controller's states (replayed if they are not all
    there); empty when the record cannot be replayed (the chart is then left out)."""
    from concordia.core import ConcordiaError
    from concordia.review import score_history

    record = controller.record()
    states = controller.history if len(controller.history) == len(record.actions) + 1 else None
    try:
        return score_history(record, controller.board, states)
    except ConcordiaError:
        return []
