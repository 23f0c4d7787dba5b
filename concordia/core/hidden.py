"""Hidden information: only the order of the draw pile is secret. A seat's view puts
the pile in a canonical order; a search re-deals it (within each deck numeral, deck I
above deck II and so on) with its own generator, never peeking at the real order."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.data import CARDS

if TYPE_CHECKING:
    from concordia.core.state import GameState

_DECK_RANK = {d: i for i, d in enumerate(data.DECKS)}


def _deck_rank(c: int) -> int:
    deck = CARDS[c].deck
    return _DECK_RANK[deck] if deck is not None else -1


def _canonical_deck_key(c: int) -> tuple[int, int]:
    # Bottom of the pile first: highest numeral first; within a numeral by index.
    return (-_deck_rank(c), c)


def view(s: GameState) -> GameState:
    v = s.copy()
    v.deck = sorted(s.deck, key=_canonical_deck_key)
    v._deck_hidden = True
    return v


def redeal(s: GameState, rng: random.Random) -> GameState:
    r = s.copy()
    groups: dict[int, list[int]] = {}
    for c in s.deck:
        groups.setdefault(_deck_rank(c), []).append(c)
    deck: list[int] = []
    for rank in sorted(groups, reverse=True):  # highest numeral at the bottom
        g = sorted(groups[rank])
        rng.shuffle(g)
        deck.extend(g)
    r.deck = deck
    return r
