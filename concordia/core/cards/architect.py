"""Architect: movement points = own colonists on the board, split freely among them;
each step enters the next route of the colonist's kind, and a colonist may pass but
never end on an occupied route. Then build houses in cities next to own colonists,
paying the city's price; building ends the movement (rulebook, "Architect")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.actions import FINISH, Action, Build, Move
from concordia.core.board import KINDS
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.cost import Cost
from concordia.core.data import GOODS
from concordia.core.phase import ARCHITECT, CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState


def house_price(good: int, houses_there: int) -> tuple[int, int, int]:
    """The price of a house in a city of ``good`` that already has ``houses_there``
    houses: (first good, second good or -1, sestertii). A brick city takes 1 food, any
    other 1 brick + 1 of its own good; the coins are the good's house coins times the
    number of houses after building. The AI plans with this same function."""
    coins = data.HOUSE_COINS[good] * (houses_there + 1)
    if good == data.BRICK:
        return data.FOOD, -1, coins
    return data.BRICK, good, coins


def build_price(s: GameState, city: int) -> tuple[int, int, int]:
    """(good 1, good 2 or -1, coins) of a house in ``city`` now."""
    return house_price(s.city_goods[city], s.houses[city].bit_count())


def cities_next_to(s: GameState, p: Player) -> set[int]:
    """The cities ``p``'s colonists stand in or next to: where a house needs no move."""
    nc = s.topo.num_cities
    cands: set[int] = set()
    for _, loc in p.cols:
        if loc < nc:
            cands.add(loc)
        else:
            a, b = s.topo.route_ends[loc - nc]
            cands.add(a)
            cands.add(b)
    return cands


def buildable_cities(s: GameState, p: Player) -> list[int]:
    if p.houses_left <= 0:
        return []
    topo = s.topo
    bit = 1 << p.seat
    out = []
    goods = p.goods
    for c in sorted(cities_next_to(s, p)):
        if c == topo.capital or s.houses[c] & bit:
            continue
        g1, g2, coins = house_price(s.city_goods[c], s.houses[c].bit_count())
        if coins > p.money:
            continue
        if g2 == g1:
            if goods[g1] < 2:
                continue
        elif goods[g1] < 1 or (g2 >= 0 and goods[g2] < 1):
            continue
        out.append(c)
    return out


def move(s: GameState, a: Move) -> None:
    topo = s.topo
    kind = 0 if a.kind == "land" else 1
    nc = topo.num_cities
    dst = topo.route_by_slug[(kind, a.dst)]
    if a.src in topo.city_by_slug:
        src_loc = topo.city_by_slug[a.src]
        cost = topo.city_dist[src_loc][kind][dst]
    else:
        r = topo.route_by_slug[(kind, a.src)]
        src_loc = nc + r
        cost = topo.route_dist[r][dst]
        s.route_occ[r] -= 1
    s.points -= cost
    s.route_occ[dst] += 1
    cols = s.players[s.turn_player].cols
    cols.remove((kind, src_loc))
    cols.append((kind, nc + dst))
    cols.sort()


def build(s: GameState, a: Build) -> None:
    city = s.topo.city_by_slug[a.city]
    p = s.players[s.turn_player]
    g1, g2, coins = house_price(s.city_goods[city], s.houses[city].bit_count())
    p.money -= coins
    p.goods[g1] -= 1
    if g2 >= 0:
        p.goods[g2] -= 1
    s.houses[city] |= 1 << p.seat
    p.houses_left -= 1
    s.points = 0  # building ends the movement part of the Architect
    if p.houses_left == 0:
        s.trigger_end(p.seat)


def move_distance(s: GameState, a: Move) -> int:
    topo = s.topo
    kind = 0 if a.kind == "land" else 1
    dst = topo.route_by_slug[(kind, a.dst)]
    if a.src in topo.city_by_slug:
        return topo.city_dist[topo.city_by_slug[a.src]][kind][dst]
    return topo.route_dist[topo.route_by_slug[(kind, a.src)]][dst]


def move_cost(s: GameState, a: Move) -> Cost:
    return Cost(points=move_distance(s, a))


def build_cost(s: GameState, a: Build) -> Cost:
    g1, g2, coins = build_price(s, s.topo.city_by_slug[a.city])
    goods: dict[str, int] = {GOODS[g1]: 1}
    if g2 >= 0:
        goods[GOODS[g2]] = goods.get(GOODS[g2], 0) + 1
    return Cost(coins, tuple(goods.items()))


class Architect(CardRule, PhaseRule):
    action = CardAction.ARCHITECT
    phase = ARCHITECT
    priced = (Move, Build)

    def begin(self, s: GameState, p: Player, card: int) -> None:
        s.phase = ARCHITECT
        s.points = len(p.cols)

    def legal(self, s: GameState) -> tuple[Action, ...]:
        topo = s.topo
        p = s.players[s.turn_player]
        out: list[Action] = []
        pts = s.points
        if pts > 0:
            occ = s.route_occ
            nc = topo.num_cities
            done: set[tuple[int, int]] = set()
            for col in p.cols:
                if col in done:
                    continue
                done.add(col)
                kind, loc = col
                kname = KINDS[kind]
                if loc < nc:
                    dist = topo.city_dist[loc][kind]
                    src = topo.city_slugs[loc]
                else:
                    dist = topo.route_dist[loc - nc]
                    src = topo.route_slugs[loc - nc]
                for r in topo.routes_of_kind[kind]:
                    if dist[r] <= pts and not occ[r]:
                        out.append(Move(kname, src, topo.route_slugs[r]))
        out.extend(Build(topo.city_slugs[c]) for c in buildable_cities(s, p))
        out.append(FINISH)
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Move):
            move(s, a)
        elif isinstance(a, Build):
            build(s, a)
        else:
            self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        if isinstance(a, Move):
            return move_cost(s, a)
        if isinstance(a, Build):
            return build_cost(s, a)
        return Cost()


RULE = Architect()
