"""Positions built by hand for the expert's lapses seen in play (issue 34): each is
a position where one play is plainly better, and the expert must find it."""

from __future__ import annotations

import random
import threading

from concordia.ai import Limit
from concordia.ai.outcome_search import OutcomeSearchAgent
from concordia.core import GameState
from tests.core.helpers import check, discard_from_hand, game, set_goods, set_turn

BUDGET = Limit(iterations=14)


def _houses(s: GameState, seat: int, cities: list[int]) -> None:
    for c in cities:
        s.houses[c] |= 1 << seat
        s.players[seat].houses_left -= 1


def _plan(s: GameState) -> list[str]:
    seat = s.current_player
    assert seat is not None
    agent = OutcomeSearchAgent()
    agent.choose(s.view_for(seat), BUDGET, random.Random(1), threading.Event())
    return [str(a) for a in agent.last_analysis[0].actions]


def test_prefect_with_the_praefectus_magnus_goes_where_own_houses_produce() -> None:
    # Two players, Italia: seat 0 holds the Praefectus Magnus and two Prefects; it has
    # two houses in Venetia, the other seat two in Transpadana. Producing Venetia
    # gives its two goods and the doubled bonus; any other province only the bonus.
    s = game("italia", 2, seed=1)
    set_turn(s, 0)
    s.praefectus = 0
    discard_from_hand(s, 0, "architect", "mercator", "diplomat", "senator")
    venetia = s.topo.province_by_slug["venetia"]
    transpadana = s.topo.province_by_slug["transpadana"]
    _houses(s, 0, list(s.topo.province_cities[venetia])[1:])
    _houses(s, 1, list(s.topo.province_cities[transpadana]))
    for seat in range(2):
        set_goods(s, seat, brick=1, food=1)
    s = check(s)
    plan = _plan(s)
    assert plan[:2] == ["play prefect", "produce venetia"], plan


def test_no_one_card_tribune_while_other_cards_gain() -> None:
    # Seat 0 has played only its Senator: a Tribune now takes back one card and buys
    # no colonist, while the Architect can build. (With its money set to 0 the shipped
    # network still prefers the Tribune: docs/ai.md, issue 34's lapses.)
    s = game("italia", 2, seed=1)
    set_turn(s, 0)
    discard_from_hand(s, 0, "senator")
    s = check(s)
    plan = _plan(s)
    assert plan[0] != "play tribune", plan
