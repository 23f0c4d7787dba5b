"""Specialists (Mason, Farmer, Smith, Vintner, Weaver): each own house in a city of
the card's good produces one unit of it, for the player only; no decision follows
(rulebook, "Specialists")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import storehouse
from concordia.core.cards.base import CardRule
from concordia.core.data import CARDS, GOOD_INDEX
from concordia.core.phase import CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

# The good each card index makes as a specialist (-1 for the other cards).
_GOOD: tuple[int, ...] = tuple(
    GOOD_INDEX[c.good] if c.action == CardAction.SPECIALIST and c.good is not None else -1
    for c in CARDS
)


class Specialist(CardRule):
    """No phase of its own: the goods come in, full storehouses are settled, and the
    turn ends."""

    action = CardAction.SPECIALIST

    def begin(self, s: GameState, p: Player, card: int) -> None:
        g = _GOOD[card]
        bit = 1 << p.seat
        houses = s.houses
        city_goods = s.city_goods
        p.goods[g] += sum(1 for c, mask in enumerate(houses) if mask & bit and city_goods[c] == g)
        storehouse.check(s, p.seat)
        storehouse.settle(s)


RULE = Specialist()
