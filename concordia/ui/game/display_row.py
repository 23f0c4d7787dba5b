"""The card display: the cards for sale with each slot's extra price (a column at the
left of the board)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core.data import CARD_BY_ID
from concordia.ui import theme
from concordia.ui.commands import PayFor
from concordia.ui.game.cards import CardButton, draw_card, goods_words
from concordia.ui.insight import card_worth
from concordia.ui.presenters import card_name, card_text, for_phase
from concordia.ui.render.cards import FaceReport
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView


class DisplayRow:
    """Lays out, draws and makes the buttons of the card display."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene
        #: What the last paint drew on each card (for layout tests).
        self.reports: list[FaceReport] = []

    def buttons(self) -> None:
        s = self.scene
        opts = s.options()
        if not for_phase(s.state.phase).buys_display or s.controller.awaiting_confirm:
            return
        for slot, rect in enumerate(self.rects()):
            card = s.state.display_ids()[slot]
            if card is None or card not in opts.buys:
                continue
            buys = opts.buys[card]
            value: object = buys[0] if len(buys) == 1 else PayFor(card)
            s.buttons.add(CardButton(rect, card_name(card), value, self.tooltip_for(slot, card)))

    def rects(self) -> list[pygame.Rect]:
        """The display's slots, top to bottom in a column left of the board (the deck
        count below them)."""
        s = self.scene
        area = s.lay.display.inflate(-s.px(12), -s.px(10))
        n = len(s.state.display)
        gap = s.px(5)
        label_h = s.app.fonts.get(13).get_linesize() + gap
        h = min(s.px(96), (area.height - label_h - (n - 1) * gap) // max(1, n))
        return [pygame.Rect(area.x, area.y + i * (h + gap), area.width, h) for i in range(n)]

    def tooltip_for(self, slot: int, card: str) -> str:
        s = self.scene
        d = CARD_BY_ID[card]
        state = s.state
        # The price due in this phase, from the core: a Consul pays the printed goods
        # only, a Senator the goods under the position too.
        cost = goods_words(state.card_price(slot)) or "—"
        extra = state.display_cost(slot)
        if for_phase(state.phase).printed_price:
            where = t("game.slot_consul", n=slot + 1)
        else:
            extra_s = (
                t("game.slot_extra", goods=", ".join(t("good." + g) for g in extra))
                if extra
                else t("game.slot_none")
            )
            where = f"{t('game.slot', n=slot + 1)} ({extra_s})"
        return f"{where}. " + t(
            "game.tip.display_card",
            name=card_name(card),
            god=t("god." + d.god),
            cost=cost,
            text=card_text(d),
        )

    def refusal(self, pos: tuple[int, int]) -> str | None:
        """Why the display card under ``pos`` cannot be bought now (a Senator's or a
        Consul's purchase the player cannot pay for), or None. Found by hand: a
        click on such a card did nothing and said nothing."""
        s = self.scene
        if not for_phase(s.state.phase).buys_display or not s.human_to_act:
            return None
        hit = self.card_at(pos)
        if hit is None or hit[1] in s.options().buys:
            return None
        slot, card = hit
        return t(
            "game.cannot_buy", name=card_name(card), goods=goods_words(s.state.card_price(slot))
        )

    def card_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """The display slot and card under ``pos``, if a card is there."""
        ids = self.scene.state.display_ids()
        for slot, rect in enumerate(self.rects()):
            card = ids[slot]
            if rect.collidepoint(pos) and card is not None:
                return slot, card
        return None

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The text and price of the display card under ``pos``."""
        hit = self.card_at(pos)
        return None if hit is None else self.tooltip_for(*hit)

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        self.reports = []
        r = s.lay.display
        pygame.draw.rect(surface, theme.PANEL, r)
        state = view.state
        fonts = s.app.fonts
        rects = self.rects()
        for slot, rect in enumerate(rects):
            card = state.display_ids()[slot]
            extra = state.display_cost(slot)
            if card is None:
                theme.panel(surface, rect, theme.BUTTON_DISABLED, theme.BORDER)
                theme.text(
                    surface,
                    fonts.get(13),
                    t("game.sold_out"),
                    rect.center,
                    theme.TEXT_DIM,
                    "center",
                )
            else:
                viewer = view.viewer
                self.reports.append(
                    draw_card(
                        surface,
                        fonts,
                        rect,
                        card,
                        view.hover,
                        surcharge=tuple(extra),
                        worth=None if viewer is None else card_worth(state, viewer, card),
                    )
                )
        if rects:
            theme.text(
                surface,
                fonts.get(13),
                t("game.deck", n=state.deck_size),
                (rects[-1].centerx, rects[-1].bottom + s.px(5)),
                theme.TEXT_DIM,
                "midtop",
            )
