"""Prefect: a province whose bonus marker shows its good produces: the player takes
the bonus good (two for the Praefectus Magnus holder, who then passes it to the
right), the marker flips, and every house in the province produces its city's good
for its owner. Or cash: the coins on every flipped marker, and all markers turn face
up again; cash neither doubles nor passes the Praefectus Magnus (rulebook, "Prefect")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data, storehouse
from concordia.core.actions import CASH, Action, Cash, Produce
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.cost import Cost
from concordia.core.data import GOODS
from concordia.core.phase import PREFECT, CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

MARKER_COINS: tuple[int, ...] = tuple(data.MARKER_COINS[g] for g in GOODS)


def produce(s: GameState, a: Produce) -> None:
    prov = s.topo.province_by_slug[a.province]
    me = s.turn_player
    n = s.num_players
    g = s.province_goods[prov]
    bonus = 1
    if s.praefectus == me:
        bonus = 2
        s.praefectus = (me - 1) % n
    s.players[me].goods[g] += bonus
    s.markers[prov] = False
    for c in s.topo.province_cities[prov]:
        mask = s.houses[c]
        if mask:
            cg = s.city_goods[c]
            for seat in range(n):
                if mask >> seat & 1:
                    s.players[seat].goods[cg] += 1
    for i in range(n):  # overflows are settled in turn order from the producer
        storehouse.check(s, (me + i) % n)
    storehouse.settle(s)


def cash_income(s: GameState) -> int:
    return sum(
        MARKER_COINS[s.province_goods[i]] for i, active in enumerate(s.markers) if not active
    )


def cash_cost(s: GameState) -> Cost:
    return Cost(-cash_income(s))


class Prefect(CardRule, PhaseRule):
    action = CardAction.PREFECT
    phase = PREFECT
    priced = (Cash,)

    def begin(self, s: GameState, p: Player, card: int) -> None:
        s.phase = PREFECT

    def legal(self, s: GameState) -> tuple[Action, ...]:
        slugs = s.topo.province_slugs
        out: list[Action] = [Produce(slugs[i]) for i, active in enumerate(s.markers) if active]
        out.append(CASH)
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Produce):
            produce(s, a)
        else:  # the cash: every marker turns face up again
            s.players[s.turn_player].money += cash_income(s)
            s.markers = [True] * len(s.markers)
            self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        return cash_cost(s) if isinstance(a, Cash) else Cost()


RULE = Prefect()
