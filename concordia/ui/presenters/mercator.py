"""The Mercator: trading up to two kinds of goods in the trade panel; and the
no-goods variant's first purchase, which uses the same panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Action, CardAction, GameState, Phase, Trade
from concordia.core.data import CardDef
from concordia.ui.presenters.base import Point, Presenter, line_width, register
from concordia.ui.render import shapes
from concordia.ui.render.palette import CARD_INK
from concordia.ui.strings import t, tn

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


@register
class Mercator(Presenter):
    phases = (Phase.MERCATOR,)
    card = CardAction.MERCATOR
    actions = (Trade,)
    prompt_key = "game.choose_trade"
    trades = True

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        assert isinstance(action, Trade)
        key = "log.trade_buy" if action.amount > 0 else "log.trade_sell"
        n = abs(action.amount)
        return names.said(key, seat, n=n, good=tn("good." + action.good, n))

    def card_line(self, d: CardDef) -> str:
        return t("cardline.mercator", n=d.sestertii)

    def card_text(self, d: CardDef) -> str:
        return t("action.mercator", n=d.sestertii)

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        # A coin and two arrows.
        cx, cy = centre
        lw = line_width(r)
        shapes.coin(surface, (cx - r * 0.35, cy), r * 0.6)
        for dy, sign in ((-0.45, 1), (0.45, -1)):
            y = cy + dy * r
            x0, x1 = cx + r * 0.05, cx + r
            pygame.draw.line(surface, CARD_INK, (x0, y), (x1, y), lw)
            tx = x1 if sign > 0 else x0
            pygame.draw.polygon(
                surface,
                CARD_INK,
                [
                    (tx, y),
                    (tx - sign * r * 0.3, y - r * 0.22),
                    (tx - sign * r * 0.3, y + r * 0.22),
                ],
            )


@register
class FirstBuy(Presenter):
    """The "start without goods" variant: goods bought at the bank's prices before the
    first card, in the Mercator's panel."""

    phases = (Phase.FIRST_BUY,)
    prompt_key = "game.choose_first_buy"
    trades = True
