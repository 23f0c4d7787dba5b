"""Mercator: take the card's sestertii (3 for the starting card, 5 for the others),
then trade with the bank at the fixed prices: at most two kinds of goods, each bought
or sold in any quantity, buying limited by the free storehouse spaces (rulebook,
"Mercator"). The "start without goods" variant's first-turn purchase buys goods of
any kinds at the same prices, so it is here too (phase ``FIRST_BUY``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core.actions import FINISH, Action, Trade
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.cost import Cost
from concordia.core.data import CARDS, GOOD_INDEX, GOODS, PRICE
from concordia.core.phase import CARD, FIRST_BUY, MERCATOR, CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

KINDS_PER_TRADE = 2
_NUM_GOODS = len(GOODS)


def legal(s: GameState) -> tuple[Action, ...]:
    """The trades open now (the Mercator's and the first purchase's) and finishing."""
    p = s.players[s.turn_player]
    out: list[Action] = []
    first_buy = s.phase == FIRST_BUY
    traded = s.traded_goods
    if first_buy or len(traded) < KINDS_PER_TRADE:
        free = p.free_space()
        for g in range(_NUM_GOODS):
            if g in traded:
                continue
            name = GOODS[g]
            if not first_buy:
                for n in range(1, p.goods[g] + 1):
                    out.append(Trade(name, -n))
            for n in range(1, min(free, p.money // PRICE[g]) + 1):
                out.append(Trade(name, n))
    out.append(FINISH)
    return tuple(out)


def trade(s: GameState, a: Trade) -> int:
    """Carry out the trade; the number of kinds traded so far in this card."""
    p = s.players[s.turn_player]
    g = GOOD_INDEX[a.good]
    p.goods[g] += a.amount
    p.money -= a.amount * PRICE[g]
    return s.record_trade(g)


def trade_cost(a: Trade) -> Cost:
    return Cost(a.amount * PRICE[GOOD_INDEX[a.good]], ((a.good, -a.amount),))


class Mercator(CardRule, PhaseRule):
    action = CardAction.MERCATOR
    phase = MERCATOR
    priced = (Trade,)

    def begin(self, s: GameState, p: Player, card: int) -> None:
        p.money += CARDS[card].sestertii
        s.phase = MERCATOR
        s.start_trades()

    def legal(self, s: GameState) -> tuple[Action, ...]:
        return legal(s)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Trade):
            if trade(s, a) >= KINDS_PER_TRADE:
                self.finish(s)
        else:
            self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        return trade_cost(a) if isinstance(a, Trade) else Cost()


class FirstBuy(PhaseRule):
    """The "start without goods" variant's first purchase: goods of any kinds, then the
    turn goes on with a card (the turn begins with ``start_trades()`` done)."""

    phase = FIRST_BUY
    priced = (Trade,)

    def legal(self, s: GameState) -> tuple[Action, ...]:
        return legal(s)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Trade):
            trade(s, a)
        else:
            self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        return trade_cost(a) if isinstance(a, Trade) else Cost()

    def finish(self, s: GameState) -> None:
        s.phase = CARD  # the player now plays a card as usual


RULE = Mercator()
FIRST_BUY_RULE = FirstBuy()
