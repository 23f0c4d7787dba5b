"""The action bar: the choices of the current step (left) and the commands (right)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.game.cards import card_name, card_tooltip
from concordia.ui.strings import t
from concordia.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


class ActionBar:
    """Makes the buttons of the action bar and draws the bar with the prompt."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene

    def _bar(self) -> Bar:
        s = self.scene
        return Bar(s.buttons, s.lay.actions, s.app.fonts)

    def buttons(self) -> None:
        s = self.scene
        bar = self._bar()
        c = s.controller
        if c.can_undo():
            bar.add_right(t("game.undo"), ("ui", "undo"), t("game.tip.undo"))
        if c.awaiting_confirm:
            bar.add_right(
                t("game.end_turn"), ("ui", "end_turn"), t("game.tip.end_turn"), accent=True
            )
            return
        hint = s.current_hint
        bar.add_right(
            t("game.hint_wait") if hint is not None and not hint.done else t("game.hint"),
            ("ui", "hint"),
            t("game.tip.hint"),
        )
        opts = s.options()
        state = s.state
        if opts.finish is not None:
            bar.add_right(t("game.finish"), opts.finish, t("game.tip.finish"))
        if opts.cash is not None:
            amount = -state.cost(opts.cash).money
            bar.add(t("game.cash", n=amount), opts.cash, t("game.cash", n=amount))
        phase = state.phase
        if phase == "architect":
            for kind, src in opts.moves:
                label = f"{t('game.kind_' + kind)}: {s.place_name(src)}"
                bar.add(
                    label,
                    ("ui", "select", (kind, src)),
                    t("game.moving", kind=t("game.kind_" + kind), src=s.place_name(src)),
                    selected=s.selected == (kind, src),
                    width=150,
                )
        elif s.place_city is not None:
            for place in opts.places.get(s.place_city, []):
                label = t(
                    "game.place",
                    kind=t("game.kind_" + place.kind),
                    city=s.place_name(place.city),
                )
                bar.add(label, place, label, width=230)
        elif phase == "tribune":
            for places in opts.places.values():
                for place in places:
                    label = t(
                        "game.place",
                        kind=t("game.kind_" + place.kind),
                        city=s.place_name(place.city),
                    )
                    bar.add(label, place, label, width=230)
        elif phase == "diplomat":
            for copy in opts.copies:
                top_card = state.discard(copy.seat)[-1]
                label = t("game.copy", card=card_name(top_card), name=c.seats[copy.seat].name)
                bar.add(label, copy, card_tooltip(top_card), width=220)
        elif phase == "overflow":
            for d in opts.discards:
                bar.add(
                    t("game.discard", good=t("good." + d.good)),
                    d,
                    t("game.discard", good=t("good." + d.good)),
                    swatch=d.good,
                )
        elif phase in ("senator", "consul") and s.buy_card is not None:
            for buy in opts.buys.get(s.buy_card, []):
                goods = ", ".join(t("good." + g) for g in buy.choice) or "—"
                label = t("game.buy_with", card=card_name(buy.card), goods=goods)
                bar.add(label, buy, label, width=260)
        if phase in ("mercator", "first_buy"):
            s.trade.buttons()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        r = s.lay.actions
        pygame.draw.rect(surface, theme.PANEL_LIGHT, r)
        font = s.app.fonts.get(15)
        left = min((b.rect.x for b in s.buttons.buttons if r.contains(b.rect)), default=r.right)
        status = s.top.status()
        first_bar_button = min(
            (b.rect.x for b in s.buttons.buttons if r.contains(b.rect) and b.rect.x < r.centerx),
            default=None,
        )
        if first_bar_button is not None and first_bar_button < r.x + 60:
            return  # the bar is full of choices; the prompt is in the tooltip and top bar
        theme.text(
            surface,
            font,
            theme.fit(font, status, min(left, r.right) - r.x - 24),
            (r.x + 12, r.centery),
            theme.TEXT,
            "midleft",
        )


class Bar:
    """Lays out buttons in the action bar: choices from the left, commands from the right."""

    def __init__(self, row: ButtonRow, rect: pygame.Rect, fonts: theme.Fonts) -> None:
        self.row = row
        self.rect = rect
        self.fonts = fonts
        self.left = rect.x + 8
        self.right = rect.right - 8

    def add(
        self,
        label: str,
        value: object,
        tip: str,
        selected: bool = False,
        width: int | None = None,
        swatch: str | None = None,
    ) -> None:
        font = self.fonts.get(14)
        k = self.fonts.scale
        w = (
            round(width * k)
            if width
            else min(round(240 * k), font.size(label)[0] + round((28 + (20 if swatch else 0)) * k))
        )
        if self.left + w > self.right:
            return
        pad = round(7 * k)
        self.row.add(
            Button(
                pygame.Rect(self.left, self.rect.y + pad, w, self.rect.height - 2 * pad),
                label,
                value,
                tip,
                selected=selected,
                size=14,
                swatch=theme.GOOD_COLOURS.get(swatch) if swatch else None,
            )
        )
        self.left += w + 6

    def add_right(self, label: str, value: object, tip: str, accent: bool = False) -> None:
        font = self.fonts.get(14, True)
        k = self.fonts.scale
        w = font.size(label)[0] + round(32 * k)
        self.right -= w
        pad = round(7 * k)
        self.row.add(
            Button(
                pygame.Rect(self.right, self.rect.y + pad, w, self.rect.height - 2 * pad),
                label,
                value,
                tip,
                size=14,
                bold=True,
                colour=theme.ACCENT if accent else None,
            )
        )
        self.right -= 6
