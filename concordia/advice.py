"""Why a play is good, in words a player uses: the reasons the hint and the review give.

Pure Python (no pygame). :func:`play_reasons` replays a card play from a position and
compares the position before and after it (the core's scores per god, the storehouse,
the Concordia card, the end of the game), so every reason is a fact of the rules, never
a forecast. :func:`given_up` tells a next best play apart from the best by what it does
not get. A :class:`Reason` is a key of :data:`REASON_KEYS` and its numbers; the UI says
it with ``t("reason." + key, ...)`` (a test checks both languages have every key), and a
seat is passed as its index (the UI names it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from concordia.core import Action, Copy, Discard, GameState, Produce
from concordia.core.data import CARDS, GODS

__all__ = ["REASON_KEYS", "Reason", "given_up", "play_reasons", "replay_play"]

#: Every reason the hint and the review can give (``reason.<key>`` in the catalogue).
#: ``win_chance`` and ``margin`` are the search's numbers (calibrated: the chance of
#: winning and the expected final margin); the rest are facts of the play.
REASON_KEYS: tuple[str, ...] = (
    "end_win",  # ends the game and wins: {lead}
    "end_lose",  # ends the game and loses by {lead}
    "end_trigger",  # takes the Concordia card while leading by {lead}
    "end_trigger_behind",  # takes the Concordia card while behind by {lead}
    "province",  # a new province for {cards} Saturnus cards: +{n}
    "god",  # {god}: +{n}
    "copies",  # copies {seat}'s {card}
    "praefectus",  # produces with the Praefectus Magnus: its bonus
    "discard",  # goods thrown away: {n}
    "no_discard",  # keeps {n} goods the next best throws away
    "win_chance",  # about {pct} % to win
    "margin",  # expected final margin {lead}
    "gives_up_god",  # gives up {n} of {god}
    "gives_up_end",  # does not end the game
)


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: its key (:data:`REASON_KEYS`) and its numbers and names."""

    key: str
    n: int = 0
    god: str = ""
    seat: int = -1
    #: The cards of ``god`` the seat holds (a new province counts for each Saturnus).
    cards: int = 0
    #: A card's id (the card a Diplomat copies).
    card: str = ""


def replay_play(state: GameState, actions: Sequence[Action]) -> GameState | None:
    """The position after ``actions`` from ``state``, or None where one is not legal
    (an adviser plans on its own view of the game)."""
    s = state.copy()
    for a in actions:
        if a not in s.legal_actions():
            return None
        s.apply_in_place(a)
    return s


def _lead(s: GameState, seat: int) -> int:
    totals = [sc.total for sc in s.scores()]
    return totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def _own_discards(state: GameState, actions: Sequence[Action], seat: int) -> int:
    s = state.copy()
    n = 0
    for a in actions:
        if isinstance(a, Discard) and s.current_player == seat:
            n += 1
        if a not in s.legal_actions():
            break
        s.apply_in_place(a)
    return n


def play_reasons(state: GameState, actions: Sequence[Action], seat: int) -> list[Reason]:
    """What the play ``actions`` from ``state`` does for ``seat``, most telling first:
    the end of the game (a sure win or loss once it is over, the Concordia card taken
    with the lead it leaves), the points each god gains (a new province for the
    Saturnus cards), the card it copies, and the goods it throws away. Empty when the
    play does not replay."""
    after = replay_play(state, actions)
    if after is None:
        return []
    out: list[Reason] = []
    lead = _lead(after, seat)
    if after.is_terminal():
        won = after.outcome().winner == seat
        out.append(Reason("end_win" if won else "end_lose", abs(lead)))
    elif state.concordia is None and after.concordia == seat:
        out.append(Reason("end_trigger" if lead > 0 else "end_trigger_behind", abs(lead)))
    before_gods = state.score_of(seat).gods
    after_gods = after.score_of(seat).gods
    gains = sorted(
        ((after_gods[g] - before_gods[g], g) for g in GODS if after_gods[g] > before_gods[g]),
        key=lambda x: (-x[0], x[1]),
    )
    cards = after.players[seat]
    for n, god in gains:
        # Saturnus gains by a new province or by a Saturnus card bought: only the first
        # is "a new province for your cards" (found by hand: a Senator buying a
        # Saturnus card read "a new province for your 4 Saturnus cards").
        if god == "Saturnus" and provinces_of(after, seat) > provinces_of(state, seat):
            count = sum(1 for c in (*cards.hand, *cards.discard) if CARDS[c].god == god)
            out.append(Reason("province", n, god, cards=count))
        else:
            out.append(Reason("god", n, god))
    s = state
    for a in actions:
        if isinstance(a, Copy) and s.players[a.seat].discard:
            copied = CARDS[s.players[a.seat].discard[-1]].id
            out.append(Reason("copies", seat=a.seat, card=copied))
        if isinstance(a, Produce) and s.current_player == seat and s.praefectus == seat:
            out.append(Reason("praefectus"))
        if a not in s.legal_actions():
            break
        s = s.apply(a)
    thrown = _own_discards(state, actions, seat)
    if thrown:
        out.append(Reason("discard", thrown))
    return out


def given_up(best: Sequence[Reason], other: Sequence[Reason]) -> list[Reason]:
    """What a next best play gives up against the best: the end of the game the best
    brings, the points of each god the best gains more of, and the goods it throws
    away that the best keeps."""
    out: list[Reason] = []
    keys = {r.key for r in other}
    if any(r.key in ("end_win", "end_trigger") for r in best) and not keys & {
        "end_win",
        "end_trigger",
    }:
        out.append(Reason("gives_up_end"))
    mine = {r.god: r.n for r in other if r.key in ("god", "province")}
    for r in best:
        if r.key in ("god", "province") and r.n > mine.get(r.god, 0):
            out.append(Reason("gives_up_god", r.n - mine.get(r.god, 0), r.god))
    thrown_best = sum(r.n for r in best if r.key == "discard")
    thrown = sum(r.n for r in other if r.key == "discard")
    if thrown > thrown_best:
        out.append(Reason("discard", thrown - thrown_best))
    return out


def provinces_of(state: GameState, seat: int) -> int:
    """How many provinces ``seat`` has a house in (what each Saturnus card scores)."""
    bit = 1 << seat
    topo = state.topo
    return len(
        {topo.city_province[c] for c, owners in enumerate(state.houses) if owners & bit} - {-1}
    )
