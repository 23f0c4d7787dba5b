"""Specialists (Mason, Farmer, Smith, Vintner, Weaver): each own house in a city of
the card's good produces one unit of it, for the player only; no decision follows
(rulebook, "Specialists")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import storehouse
from concordia.core.data import CARDS, GOOD_INDEX

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

# The good each card index makes as a specialist (-1 for the other cards).
_GOOD: tuple[int, ...] = tuple(
    GOOD_INDEX[c.good] if c.action == "specialist" and c.good is not None else -1 for c in CARDS
)


def begin(s: GameState, p: Player) -> None:
    g = _GOOD[s._card]
    bit = 1 << p.seat
    p.goods[g] += sum(1 for c, mask in enumerate(s.houses) if mask & bit and s.city_goods[c] == g)
    storehouse.check(s, p.seat)
    storehouse.settle(s)
