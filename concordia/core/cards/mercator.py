"""Mercator: take the card's sestertii (3 for the starting card, 5 for the others),
then trade with the bank at the fixed prices: at most two kinds of goods, each bought
or sold in any quantity, buying limited by the free storehouse spaces (rulebook,
"Mercator"). The "start without goods" variant's first-turn purchase buys goods of
any kinds at the same prices, so it is here too (phase ``FIRST_BUY``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core.actions import FINISH, Action, Trade
from concordia.core.cost import Cost
from concordia.core.data import CARDS, GOOD_INDEX, GOODS, PRICE
from concordia.core.phase import FIRST_BUY, MERCATOR

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

KINDS_PER_TRADE = 2
_NUM_GOODS = len(GOODS)


def begin(s: GameState, p: Player) -> None:
    p.money += CARDS[s._card].sestertii
    s.phase = MERCATOR
    s._traded = ()


def legal(s: GameState) -> tuple[Action, ...]:
    p = s.players[s.turn_player]
    out: list[Action] = []
    first_buy = s.phase == FIRST_BUY
    traded = s._traded
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


def trade(s: GameState, a: Trade) -> None:
    p = s.players[s.turn_player]
    g = GOOD_INDEX[a.good]
    p.goods[g] += a.amount
    p.money -= a.amount * PRICE[g]
    s._traded = (*s._traded, g)
    if s.phase == MERCATOR and len(s._traded) >= KINDS_PER_TRADE:
        s._finish_card()


def trade_cost(a: Trade) -> Cost:
    return Cost(a.amount * PRICE[GOOD_INDEX[a.good]], ((a.good, -a.amount),))
