"""Prefect: a province whose bonus marker shows its good produces: the player takes
the bonus good (two for the Praefectus Magnus holder, who then passes it to the
right), the marker flips, and every house in the province produces its city's good
for its owner. Or cash: the coins on every flipped marker, and all markers turn face
up again; cash neither doubles nor passes the Praefectus Magnus (rulebook, "Prefect")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data, storehouse
from concordia.core.actions import CASH, Action, Produce
from concordia.core.cost import Cost
from concordia.core.data import GOODS, STOREHOUSE_SPACES
from concordia.core.phase import PREFECT

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

MARKER_COINS: tuple[int, ...] = tuple(data.MARKER_COINS[g] for g in GOODS)


def begin(s: GameState, p: Player) -> None:
    s.phase = PREFECT


def legal(s: GameState) -> tuple[Action, ...]:
    out: list[Action] = [
        Produce(s.topo.province_slugs[i]) for i, active in enumerate(s.markers) if active
    ]
    out.append(CASH)
    return tuple(out)


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
    cap = STOREHOUSE_SPACES
    for i in range(n):
        seat = (me + i) % n
        if s.players[seat].used_space() > cap:
            s._overflow.append(seat)
    storehouse.settle(s)


def cash_income(s: GameState) -> int:
    return sum(
        MARKER_COINS[s.province_goods[i]] for i, active in enumerate(s.markers) if not active
    )


def cash(s: GameState) -> None:
    s.players[s.turn_player].money += cash_income(s)
    s.markers = [True] * len(s.markers)
    s._finish_card()


def cash_cost(s: GameState) -> Cost:
    return Cost(-cash_income(s))
