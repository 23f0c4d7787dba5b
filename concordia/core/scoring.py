"""Scoring: the gods' victory points (rulebook, "Final scoring"), the ranking with its
tie-break, and the optional intermediate scoring at each first Tribune.

Every number comes from :mod:`concordia.core.data`; the AI's evaluation reads the same
numbers and :func:`wealth`, so a change there reaches both.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import mul
from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.data import CARDS, GOOD_INDEX, GOODS, PRICE

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

NUM_GOODS = len(GOODS)


@dataclass(frozen=True, slots=True)
class Score:
    """Victory points of one seat: per god, the Concordia card and the total."""

    seat: int
    gods: dict[str, int]
    concordia: int
    total: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: ``ranking`` lists seats best first (tie-break
    applied) and ``winner`` is ``ranking[0]``."""

    scores: tuple[Score, ...]
    ranking: tuple[int, ...]

    @property
    def winner(self) -> int:
        return self.ranking[0]


def wealth(p: Player) -> int:
    """Vesta's measure: sestertii plus every good at its bank price."""
    goods: int = sum(map(mul, p.goods, PRICE))
    return p.money + goods


def score_of(s: GameState, seat: int) -> Score:
    """Victory points of ``seat`` if the game ended now."""
    p = s.players[seat]
    gods = dict.fromkeys(data.GODS, 0)
    count = dict.fromkeys(data.GODS, 0)
    minerva = 0
    bit = 1 << seat
    own = [c for c, mask in enumerate(s.houses) if mask & bit]
    per_good = [0] * NUM_GOODS
    for c in own:
        per_good[s.city_goods[c]] += 1
    for c in (*p.hand, *p.discard):
        card = CARDS[c]
        count[card.god] += 1
        if card.good is not None and card.action == "specialist":
            minerva += card.minerva_vp * per_good[GOOD_INDEX[card.good]]
    # Vesta: every 10 sestertii of wealth; Jupiter: houses in non-brick cities;
    # Saturnus: provinces with a house; Mercurius: 2 per kind of good produced;
    # Mars: 2 per colonist on the board; Minerva: the specialists' cities.
    gods["Vesta"] = count["Vesta"] * (wealth(p) // data.VESTA_SESTERTII_PER_VP)
    non_brick = sum(per_good) - per_good[data.BRICK]
    gods["Jupiter"] = count["Jupiter"] * min(data.JUPITER_MAX, non_brick)
    provinces = {s.topo.city_province[c] for c in own}
    gods["Saturnus"] = count["Saturnus"] * len(provinces)
    kinds = sum(1 for n in per_good if n)
    gods["Mercurius"] = count["Mercurius"] * min(
        data.MERCURIUS_MAX, data.MERCURIUS_VP_PER_GOOD * kinds
    )
    gods["Mars"] = count["Mars"] * min(data.MARS_MAX, data.MARS_VP_PER_COLONIST * len(p.cols))
    gods["Minerva"] = minerva
    concordia = data.CONCORDIA_VP if s.concordia == seat else 0
    return Score(seat, gods, concordia, sum(gods.values()) + concordia)


def ranking(s: GameState, totals: list[int]) -> tuple[int, ...]:
    """Seats best first by ``totals``. Ties: the Praefectus Magnus holder, then whoever
    would receive it next (it passes to the right, i.e. to the previous seat)."""
    n = s.num_players
    return tuple(sorted(range(n), key=lambda seat: (-totals[seat], (s.praefectus - seat) % n)))


def first_tribune(s: GameState, seat: int) -> None:
    """Intermediate scoring option: note the score at a seat's first Tribune (a later
    Tribune changes nothing); when every seat has one, the best gets 2 sestertii and
    the second best 1 (tied seats each get the reward of the place they share; a
    shared first place leaves no second place)."""
    if s._first_tribune[seat] is not None:
        return
    s._first_tribune[seat] = s.score_of(seat).total
    if any(v is None for v in s._first_tribune):
        return
    values = [v for v in s._first_tribune if v is not None]
    ranked = sorted(set(values), reverse=True)
    place = 0
    for value in ranked:
        if place >= len(data.INTERMEDIATE_REWARDS):
            break
        winners = [seat for seat, v in enumerate(values) if v == value]
        for w in winners:
            s.players[w].money += data.INTERMEDIATE_REWARDS[place]
        place += len(winners)
