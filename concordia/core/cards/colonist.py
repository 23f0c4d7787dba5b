"""Colonist: pay 1 food + 1 tool per colonist placed from the storehouse in Roma or
in a city with an own house; or, before any placement, take 5 sestertii + 1 per own
colonist on the board (rulebook, "Colonist"). The Tribune's colonist uses
:func:`can_pay` and :func:`put` too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.actions import CASH, FINISH, Action, Cash, Place
from concordia.core.board import KINDS
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.cost import Cost
from concordia.core.data import GOOD_INDEX
from concordia.core.phase import COLONIST, CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

# The goods one colonist costs, as indices, and as the cost preview shows them.
PRICE_GOODS: tuple[int, ...] = tuple(GOOD_INDEX[g] for g in data.COLONIST_COST)
_PRICE_PREVIEW: tuple[tuple[str, int], ...] = tuple(
    (g, data.COLONIST_COST.count(g)) for g in dict.fromkeys(data.COLONIST_COST)
)


def can_pay(p: Player) -> bool:
    """Whether ``p`` holds the goods for one colonist."""
    goods = p.goods
    for g in PRICE_GOODS:  # noqa: SIM110 - a loop: all() with a generator is slower here
        if goods[g] < 1:
            return False
    return True


def put(s: GameState, a: Place) -> None:
    """Pay for a colonist and move it from the storehouse to the city."""
    p = s.players[s.turn_player]
    k = 0 if a.kind == "land" else 1
    for g in PRICE_GOODS:
        p.goods[g] -= 1
    p.store[k] -= 1
    p.cols.append((k, s.topo.city_by_slug[a.city]))
    p.cols.sort()


def cash_income(s: GameState) -> int:
    return data.COLONIST_CASH_BASE + len(s.players[s.turn_player].cols)


def place_cost() -> Cost:
    return Cost(0, _PRICE_PREVIEW)


class Colonist(CardRule, PhaseRule):
    action = CardAction.COLONIST
    phase = COLONIST
    priced = (Place, Cash)

    def begin(self, s: GameState, p: Player, card: int) -> None:
        s.phase = COLONIST
        s.start_placements()

    def legal(self, s: GameState) -> tuple[Action, ...]:
        p = s.players[s.turn_player]
        out: list[Action] = []
        if can_pay(p) and (p.store[0] or p.store[1]):
            bit = 1 << p.seat
            houses = s.houses
            topo = s.topo
            cities = [topo.capital] + [c for c in range(topo.num_cities) if houses[c] & bit]
            for c in sorted(cities):
                for k in (0, 1):
                    if p.store[k]:
                        out.append(Place(KINDS[k], topo.city_slugs[c]))
        if s.placed == 0:
            out.append(CASH)
        out.append(FINISH)
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Place):
            put(s, a)
            s.record_placement()
        elif isinstance(a, Cash):
            s.players[s.turn_player].money += cash_income(s)
            self.finish(s)
        else:
            self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        if isinstance(a, Place):
            return place_cost()
        if isinstance(a, Cash):
            return Cost(-cash_income(s))
        return Cost()


RULE = Colonist()
