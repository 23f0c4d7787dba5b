"""The top bar: whose turn it is, what to do now (the prompt), Menu / Save / Scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.game.describe import describe
from concordia.ui.strings import t
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


class TopBar:
    """Says whose turn it is and what to do, and makes the Menu/Save/Scores buttons."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene

    def buttons(self) -> None:
        """Menu, Save and Scores, right-aligned."""
        s = self.scene
        top = s.lay.top
        x = top.right - 8
        for key, label, tip in (
            ("menu", t("game.menu"), t("game.tip.menu")),
            ("save", t("game.save"), t("game.tip.save")),
            ("scores", t("game.scores"), t("game.tip.scores")),
        ):
            w = s.px(96)
            x -= w
            s.buttons.add(
                Button(
                    pygame.Rect(x, top.y + s.px(4), w, top.height - s.px(8)),
                    label,
                    ("ui", key),
                    tip,
                    size=14,
                )
            )
            x -= s.px(6)
        w = s.px(40)  # the rules reference (F1)
        s.buttons.add(
            Button(
                pygame.Rect(x - w, top.y + s.px(4), w, top.height - s.px(8)),
                "?",
                ("ui", "rules"),
                t("game.tip.rules"),
                size=16,
                bold=True,
            )
        )

    def status(self) -> str:
        s = self.scene
        state = s.state
        c = s.controller
        if state.is_terminal():
            return t("game.over")
        if s.controller.awaiting_confirm:
            return t("game.confirm_turn")
        seat = state.current_player
        assert seat is not None
        name = c.seats[seat].name
        if not c.seat_is_human(seat):
            if s.pending_ai is not None:
                return describe(s, s.pending_ai.action, seat)
            return t("game.thinking", name=name)
        phase = state.phase
        prompt = {
            "card": "game.choose_card",
            "prefect": "game.choose_province",
            "senator": "game.choose_buy",
            "consul": "game.choose_buy",
            "mercator": "game.choose_trade",
            "colonist": "game.choose_place",
            "tribune": "game.choose_tribune",
            "diplomat": "game.choose_diplomat",
            "overflow": "game.choose_overflow",
            "first_buy": "game.choose_first_buy",
        }.get(phase, "")
        if phase == "architect":
            prompt = "game.choose_route" if s.selected else "game.choose_colonist"
            return f"{t(prompt)} · {t('game.points_left', n=state.points)}"
        if s.buy_card is not None or s.place_city is not None:
            prompt = "game.choose_goods" if s.buy_card else "game.choose_place"
        return t(prompt) if prompt else t("phase." + phase)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        r = s.lay.top
        pygame.draw.rect(surface, theme.PANEL, r)
        state = s.state
        fonts = s.app.fonts
        x = r.x + 12
        if not state.is_terminal():
            seat = state.turn_player
            theme.shape(
                surface,
                s.shape(seat),
                (x + s.px(8), r.centery),
                s.px(8),
                s.colour(seat),
            )
            x += s.px(24)
            label = (
                f"{t('game.turn_of', name=s.controller.seats[seat].name)} · "
                f"{t('phase.' + state.phase)}"
            )
            if state.current_player != seat and state.current_player is not None:
                label += " · " + t(
                    "game.decides", name=s.controller.seats[state.current_player].name
                )
            rect = theme.text(
                surface,
                fonts.get(16, True),
                theme.fit(fonts.get(16, True), label, r.width // 2),
                (x, r.centery),
                theme.TEXT,
                "midleft",
            )
            x = rect.right + 16
        msg = s.message
        if msg is None and not state.is_terminal():
            msg = self.status()
        if msg:
            room = r.right - s.px(3 * 102 + 16) - x
            theme.text(
                surface,
                fonts.get(14),
                theme.fit(fonts.get(14), msg, room),
                (x, r.centery),
                theme.HILITE,
                "midleft",
            )
