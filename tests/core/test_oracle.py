"""The Architect's, Mercator's and buyers' legal lists against small independent
re-statements of the rules, computed from the board description by name (not from the
core's compiled topology), in the positions of random games."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from concordia.core import Build, BuyCard, GameState, Move, Trade
from concordia.core.board import slugify
from concordia.core.data import CARDS, DISPLAY_EXTRA, GOODS, HOUSE_COINS, PRICE
from tests.core.helpers import game
from tests.hypothesis_profiles import examples

CONFIGS = [(b, n) for b in ("imperium", "italia") for n in (2, 3, 4, 5)]
KINDS = ("land", "sea")


def oracle_moves(s: GameState) -> dict[Move, int]:
    """Every (colonist, free route of its kind) within the points left, with its cost:
    first step from a city onto one of its routes, each next step across a city."""
    routes = [(r.kind, slugify(r.a), slugify(r.b)) for r in s.board.routes]
    me = s.current_player
    assert me is not None
    occupied = set()
    for p in s.players:
        for kind, loc in s.colonists(p.seat):
            if "-" in loc:
                occupied.add((kind, loc))
    out: dict[Move, int] = {}
    for kind, loc in set(s.colonists(me)):
        same = [r for r in routes if r[0] == kind]
        slug = {r: "-".join(sorted(r[1:])) for r in same}
        if "-" in loc:
            start = [r for r in same if slug[r] == loc]
            dist = dict.fromkeys(start, 0)
        else:
            start = [r for r in same if loc in r[1:]]
            dist = dict.fromkeys(start, 1)
        queue = deque(start)
        while queue:
            r = queue.popleft()
            for nxt in same:
                if nxt not in dist and set(nxt[1:]) & set(r[1:]):
                    dist[nxt] = dist[r] + 1
                    queue.append(nxt)
        for r, d in dist.items():
            if d <= s.points and (kind, slug[r]) not in occupied:
                out[Move(kind, loc, slug[r])] = d
    return out


def oracle_builds(s: GameState) -> set[str]:
    me = s.current_player
    assert me is not None
    p = s.players[me]
    if p.houses_left == 0:
        return set()
    near = set()
    for _, loc in s.colonists(me):
        near.update(loc.split("-"))
    out = set()
    have = dict(zip(GOODS, p.goods, strict=True))
    for c in near:
        good = s.city_good(c)
        if good is None or me in s.houses_in(c):
            continue
        coins = HOUSE_COINS[GOODS.index(good)] * (len(s.houses_in(c)) + 1)
        need = ["food"] if good == "brick" else ["brick", good]
        if coins <= p.money and all(have[g] >= need.count(g) for g in need):
            out.add(c)
    return out


def oracle_trades(s: GameState) -> set[Trade]:
    me = s.current_player
    assert me is not None
    p = s.players[me]
    if s.phase == "mercator" and len(s.traded) >= 2:
        return set()
    out: set[Trade] = set()
    free = 12 - sum(p.goods) - sum(p.store)
    for i, g in enumerate(GOODS):
        if g in s.traded:
            continue
        if s.phase == "mercator":
            out.update(Trade(g, -k) for k in range(1, p.goods[i] + 1))
        out.update(Trade(g, k) for k in range(1, free + 1) if k * PRICE[i] <= p.money)
    return out


def oracle_buys(s: GameState) -> set[BuyCard]:
    me = s.current_player
    assert me is not None
    have = s.players[me].goods
    out = set()
    for slot, c in enumerate(s.display):
        if c is None:
            continue
        fixed = list(CARDS[c].cost)
        anys = 0
        if s.phase == "senator":
            fixed += [g for g in DISPLAY_EXTRA[slot] if g != "any"]
            anys = DISPLAY_EXTRA[slot].count("any")
        choices: list[tuple[str, ...]] = [()]
        for _ in range(anys):
            choices = [
                (*ch, g)
                for ch in choices
                for g in GOODS
                if not ch or GOODS.index(g) >= GOODS.index(ch[-1])
            ]
        for ch in choices:
            need = fixed + list(ch)
            if all(have[i] >= need.count(g) for i, g in enumerate(GOODS)):
                out.add(BuyCard(CARDS[c].id, ch))
    return out


def compare(s: GameState) -> int:
    acts = s.legal_actions()
    if s.phase == "architect":
        moves = {a: s.cost(a).points for a in acts if isinstance(a, Move)}
        assert moves == oracle_moves(s)
        assert {a.city for a in acts if isinstance(a, Build)} == oracle_builds(s)
        return 1
    if s.phase in ("mercator", "first_buy"):
        assert {a for a in acts if isinstance(a, Trade)} == oracle_trades(s)
        return 1
    if s.phase in ("senator", "consul"):
        assert {a for a in acts if isinstance(a, BuyCard)} == oracle_buys(s)
        return 1
    return 0


@pytest.mark.parametrize(("board_name", "n"), CONFIGS)
@settings(
    max_examples=examples(2, spread=len(CONFIGS)),
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), no_goods=st.booleans())
def test_legal_lists_match_the_oracle(board_name: str, n: int, seed: int, no_goods: bool) -> None:
    s = game(board_name, n, seed, no_goods=no_goods)
    rng = random.Random(seed)
    checked = 0
    while not s.is_terminal():
        checked += compare(s)
        s.apply_in_place(rng.choice(s.legal_actions()))
    assert checked > 20
