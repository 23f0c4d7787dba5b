"""The Senator (up to two display cards) and, through :class:`Purchase`, the Consul:
cards bought by clicking the display; a card with several ways to pay its "any good"
symbols asks which in the action bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from concordia.core import Action, BuyCard, CardAction, GameState, Phase
from concordia.core.data import CardDef
from concordia.ui.presenters.base import (
    Choice,
    Point,
    Presenter,
    SceneLike,
    card_name,
    register,
)
from concordia.ui.render.palette import CARD_INK
from concordia.ui.strings import t, tn

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


class Purchase(Presenter):
    """Buying from the display (the Senator's and the Consul's rule)."""

    buys_display = True
    #: The cards drawn on the icon.
    icon_cards: ClassVar[int] = 1

    def prompt(self, scene: SceneLike, seat: int) -> str:
        opts = scene.options()
        if scene.selection.buy_card is not None:
            # Only the display's "any good" symbols are chosen here (the hint's words).
            ways = opts.buys.get(scene.selection.buy_card, [])
            extra = max((len(b.choice) for b in ways), default=1)
            return tn("game.choose_goods", extra, card=card_name(scene.selection.buy_card))
        if not opts.buys:
            if all(card is None for card in scene.state.display_ids()):
                return t("game.no_card_left")  # the last card is bought: nothing to pay for
            return t("game.no_buy")
        return t("game.choose_buy")

    def choices(self, scene: SceneLike) -> list[Choice]:
        if scene.selection.buy_card is None:
            return []  # the cards are chosen on the display
        out = []
        for buy in scene.options().buys.get(scene.selection.buy_card, []):
            goods = ", ".join(t("good." + g) for g in buy.choice) or "—"
            tip = t("game.buy_with", card=card_name(buy.card), goods=goods)
            swatch = buy.choice[0] if len(set(buy.choice)) == 1 else None
            out.append(Choice(goods, buy, tip, swatch=swatch))
        return out

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        # Cards taken from the display.
        cx, cy = centre
        n = self.icon_cards
        for i in range(n):
            off = (i - (n - 1) / 2) * r * 0.6
            card = pygame.Rect(0, 0, round(r * 0.95), round(r * 1.3))
            card.center = (round(cx + off), round(cy - r * 0.1 + abs(off) * 0.3))
            pygame.draw.rect(surface, (250, 246, 232), card, border_radius=2)
            pygame.draw.rect(surface, CARD_INK, card, 1, border_radius=2)
        pygame.draw.circle(surface, (46, 110, 60), (cx + r * 0.6, cy + r * 0.6), r * 0.35)
        white = (255, 255, 255)
        pygame.draw.line(
            surface, white, (cx + r * 0.45, cy + r * 0.6), (cx + r * 0.75, cy + r * 0.6), 1
        )
        pygame.draw.line(
            surface, white, (cx + r * 0.6, cy + r * 0.45), (cx + r * 0.6, cy + r * 0.75), 1
        )


@register
class Senator(Purchase):
    phases = (Phase.SENATOR,)
    card = CardAction.SENATOR
    actions = (BuyCard,)  # the Consul's purchase reads the same
    icon_cards = 2

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        assert isinstance(action, BuyCard)
        return names.said("log.buy", seat, card=card_name(action.card))
