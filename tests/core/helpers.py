"""Build specific positions for the rules-core tests.

Every helper starts from a real :func:`new_game` and sets fields directly (the state
is mutable), keeping the redundant fields consistent: ``houses`` with
``houses_left``, colonists with ``route_occ`` and the storehouse, cards with the
display and the draw pile. :func:`check` round-trips a state through its snapshot,
whose loader validates all of that, so a test can make sure its position is legal.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import Any

from concordia.core import Action, GameState, Phase, new_game, parse_action
from concordia.core.board import BoardSpec, slugify
from concordia.core.data import CARD_BY_ID, GOOD_INDEX, GOODS
from concordia.maps import load_board

KIND = {"land": 0, "sea": 1}


@functools.cache
def board(name: str = "imperium") -> BoardSpec:
    """The committed board ``name``, loaded once per test session."""
    return load_board(name)


def game(board_name: str = "imperium", n: int = 4, seed: int = 0, **options: Any) -> GameState:
    """A new game on a committed board."""
    return new_game(board(board_name), num_players=n, seed=seed, **options)


# ------------------------------------------------------------------ names
def city(s: GameState, name: str) -> int:
    """City index by name or slug (``"Aquileia"``, ``"isca_dumnoniorum"``)."""
    return s.topo.city_by_slug[slugify(name)]


def province(s: GameState, name: str) -> int:
    return s.topo.province_by_slug[slugify(name)]


def route(s: GameState, kind: str, slug: str) -> int:
    """Route index by kind and ``"a-b"`` slug (city slugs in alphabetical order)."""
    return s.topo.route_by_slug[(KIND[kind], slug)]


def route_loc(s: GameState, kind: str, slug: str) -> int:
    """The ``cols`` location of a route (num_cities + route index)."""
    return s.topo.num_cities + route(s, kind, slug)


def card(card_id: str) -> int:
    return CARD_BY_ID[card_id].index


# ------------------------------------------------------------------ board
def set_city_good(s: GameState, name: str, good: str, *, marker: bool = True) -> None:
    """Force the good of a city; with ``marker`` its province's bonus marker again
    shows the most valuable good of the province (as at setup)."""
    goods = list(s.city_goods)
    goods[city(s, name)] = GOOD_INDEX[good]
    s.city_goods = tuple(goods)
    if marker:
        s.province_goods = tuple(max(goods[c] for c in cities) for cities in s.topo.province_cities)


def set_province_good(s: GameState, name: str, good: str) -> None:
    """Force the good shown on a province's bonus marker."""
    pg = list(s.province_goods)
    pg[province(s, name)] = GOOD_INDEX[good]
    s.province_goods = tuple(pg)


def add_house(s: GameState, seat: int, name: str) -> None:
    c = city(s, name)
    assert not s.houses[c] >> seat & 1, f"seat {seat} already has a house in {name}"
    s.houses[c] |= 1 << seat
    s.players[seat].houses_left -= 1


def add_houses(s: GameState, seat: int, names: Iterable[str]) -> None:
    for name in names:
        add_house(s, seat, name)


def clear_houses(s: GameState) -> None:
    s.houses = [0] * s.topo.num_cities
    for p in s.players:
        p.houses_left = 15


# -------------------------------------------------------------- colonists
def set_colonists(
    s: GameState, seat: int, where: Sequence[tuple[str, str]], store: tuple[int, int] | None = None
) -> None:
    """Put the colonists of ``seat`` on ``where`` (pairs of kind and a city name or a
    route slug); ``store`` (land, sea) defaults to the rest of the 3 + 3."""
    p = s.players[seat]
    nc = s.topo.num_cities
    for _, loc in p.cols:
        if loc >= nc:
            s.route_occ[loc - nc] -= 1
    cols = []
    for kind, place in where:
        if "-" in place:
            loc = route_loc(s, kind, place)
            s.route_occ[loc - nc] += 1
        else:
            loc = city(s, place)
        cols.append((KIND[kind], loc))
    p.cols = sorted(cols)
    if store is None:
        store = (3 - sum(1 for k, _ in cols if k == 0), 3 - sum(1 for k, _ in cols if k == 1))
    p.store = list(store)


# ------------------------------------------------------------------ goods
def set_goods(s: GameState, seat: int, **goods: int) -> None:
    """Set a seat's goods; unnamed goods become 0."""
    for g in goods:
        assert g in GOOD_INDEX, g
    s.players[seat].goods = [goods.get(g, 0) for g in GOODS]


def goods_of(s: GameState, seat: int) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, s.players[seat].goods, strict=True) if n}


# ------------------------------------------------------------------ cards
def take_from_market(s: GameState, card_id: str) -> int:
    """Remove a card for sale from the display (refilled) or the draw pile."""
    c = card(card_id)
    if c in s.display:
        s.display.remove(c)
        if s.deck:
            s.display.append(s.deck.pop())
    else:
        s.deck.remove(c)
    return c


def give_card(s: GameState, seat: int, card_id: str, *, discard: bool = False) -> None:
    """Move a card for sale from the market into a seat's hand (or discard pile)."""
    c = take_from_market(s, card_id)
    p = s.players[seat]
    if discard:
        p.discard.append(c)
    else:
        p.hand.append(c)
        p.hand.sort()


def discard_from_hand(s: GameState, seat: int, *card_ids: str) -> None:
    """Move cards from a seat's hand onto its discard pile (last one on top)."""
    p = s.players[seat]
    for cid in card_ids:
        p.hand.remove(card(cid))
        p.discard.append(card(cid))


def set_turn(s: GameState, seat: int) -> None:
    """Make it ``seat``'s turn, between cards."""
    s.turn_player = seat
    s.phase = Phase.CARD


# ------------------------------------------------------------------ play
def play(s: GameState, *texts: str) -> GameState:
    """Apply actions given in notation, each checked against the legal list."""
    for text in texts:
        s = s.apply(parse_action(text, s))
    return s


def legal(s: GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def check(s: GameState) -> GameState:
    """Validate a hand-built position through a snapshot round trip; returns the copy."""
    t = GameState.from_dict(s.to_dict(), s.board)
    assert t == s
    return t


def random_playout(
    s: GameState,
    rng: random.Random,
    max_steps: int = 5000,
) -> tuple[GameState, list[Action]]:
    """Play random legal actions until the game ends (or ``max_steps``)."""
    actions: list[Action] = []
    s = s.copy()
    while not s.is_terminal() and len(actions) < max_steps:
        a = rng.choice(s.legal_actions())
        s.apply_in_place(a)
        actions.append(a)
    return s, actions


def set_display(s: GameState, card_ids: Sequence[str]) -> None:
    """Put exactly these cards for sale in the display (left to right); the cards they
    replace go on top of the draw pile."""
    wanted = [card(c) for c in card_ids]
    pool = [c for c in s.display if c is not None] + s.deck
    assert all(c in pool for c in wanted), "card not for sale in this game"
    displaced = [c for c in s.display if c is not None and c not in wanted]
    s.deck = [c for c in s.deck if c not in wanted] + displaced[::-1]
    s.display = list(wanted)
