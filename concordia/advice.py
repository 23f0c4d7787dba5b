"""Why a play is good, in words a player uses: the reasons the hint and the review give.

Pure Python (no pygame). :func:`play_reasons` replays a card play from a position and
compares the position before and after it (the core's scores per god, the storehouse,
the Concordia card, the end of the game and its tie-break, the cities an opponent's
colonist could take next, what an opponent's Diplomat could copy), so every reason is a
fact of the rules, never a forecast. :func:`given_up` tells a next best play apart from
the best by what it does not get. A :class:`Reason` is a key of :data:`REASON_KEYS` and
its numbers; the UI says it with ``t("reason." + key, ...)`` (a test checks both
languages have every key), a seat passed as its index, a city as its slug (the UI names
them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from concordia.core import (
    Action,
    Build,
    BuyCard,
    CardAction,
    Copy,
    Discard,
    GameState,
    Move,
    Phase,
    Place,
    Produce,
)
from concordia.core.data import CARDS, GODS
from concordia.core.scoring import wealth

__all__ = [
    "REASON_KEYS",
    "Reason",
    "can_architect",
    "copy_left",
    "could_reach",
    "gaining_copy",
    "given_up",
    "play_reasons",
    "reached_first",
    "replay_play",
]

#: Every reason the hint and the review can give (``reason.<key>`` in the catalogue).
#: ``win_chance`` and ``margin`` are the search's numbers (calibrated: the chance of
#: winning and the expected final margin); the rest are facts of the play.
REASON_KEYS: tuple[str, ...] = (
    "end_win",  # ends the game and wins: {lead}
    "end_lose",  # ends the game and loses by {lead}
    "end_tie_win",  # ends the game level on points and wins on the tie-break
    "end_tie_lose",  # ends the game level on points and loses on the tie-break
    "end_trigger",  # takes the Concordia card while leading by {lead}
    "end_trigger_behind",  # takes the Concordia card while behind by {lead}
    "province",  # a new province for {cards} Saturnus cards: +{n}
    "god",  # {god}: +{n}
    "copies",  # copies {seat}'s {card}
    "reach_first",  # builds in {place} before {seat}'s colonist can reach it
    "no_copy",  # leaves {seat}'s {n} Diplomats nothing that gains them anything
    "praefectus",  # produces with the Praefectus Magnus: its bonus
    "discard",  # goods thrown away: {n}
    "no_discard",  # keeps {n} goods the next best throws away
    "win_chance",  # about {pct} % to win
    "margin",  # expected final margin {lead}
    "gives_up_god",  # gives up {n} of {god}
    "gives_up_end",  # does not end the game
    "gives_up_reach",  # does not reach {place} before {seat}'s colonist
    "gives_up_copy",  # leaves {seat}'s {n} Diplomats a copy that pays
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
    #: A city's slug (the city a house takes first).
    place: str = ""


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
    the end of the game (a sure win or loss once it is over, said as the tie-break's
    where the points are level; the Concordia card taken with the lead it leaves), a
    city built in before an opponent's colonist can reach it (:func:`reached_first`),
    an opponent's Diplomats left nothing worth copying (:func:`copy_left`), the points
    each god gains (a new province for the Saturnus cards), the card it copies, and
    the goods it throws away. Empty when the play does not replay."""
    after = replay_play(state, actions)
    if after is None:
        return []
    out: list[Reason] = []
    lead = _lead(after, seat)
    if after.is_terminal():
        won = after.outcome().winner == seat
        if lead == 0:
            out.append(Reason("end_tie_win" if won else "end_tie_lose"))
        else:
            out.append(Reason("end_win" if won else "end_lose", abs(lead)))
    elif state.concordia is None and after.concordia == seat:
        out.append(Reason("end_trigger" if lead > 0 else "end_trigger_behind", abs(lead)))
    if not after.is_terminal():
        out.extend(reached_first(state, actions, after, seat))
        out.extend(copy_left(state, after, seat))
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


def _after_me(state: GameState, seat: int) -> list[int]:
    """The other seats in the order they play after ``seat``."""
    n = state.num_players
    return [(seat + k) % n for k in range(1, n)]


def _holds(state: GameState, seat: int, action: CardAction) -> int:
    """How many cards of ``action`` ``seat`` holds in hand (hands are open)."""
    return sum(1 for c in state.players[seat].hand if CARDS[c].action == action)


def can_architect(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can carry out an Architect in its next turn from ``state``:
    one in hand, or a Diplomat and an Architect on top of another seat's discard."""
    if _holds(state, seat, CardAction.ARCHITECT):
        return True
    if not _holds(state, seat, CardAction.DIPLOMAT):
        return False
    return any(
        p.discard and CARDS[p.discard[-1]].action == CardAction.ARCHITECT
        for i, p in enumerate(state.players)
        if i != seat
    )


def could_reach(state: GameState, seat: int, city: int) -> bool:
    """Whether an Architect of ``seat`` could build in ``city`` (an index) from
    ``state`` as far as its colonists go: one stands next to the city already, or can
    end its move on a free route next to it with the Architect's points (one per
    colonist on the board)."""
    topo = state.topo
    nc = topo.num_cities
    points = len(state.players[seat].cols)
    for kind, loc in state.players[seat].cols:
        if loc == city:
            return True
        for r in topo.city_routes[city][kind]:
            if loc == nc + r:
                return True
            dist = topo.city_dist[loc][kind][r] if loc < nc else topo.route_dist[loc - nc][r]
            if dist <= points and not state.route_occ[r]:
                return True
    return False


def reached_first(
    state: GameState, actions: Sequence[Action], after: GameState, seat: int
) -> list[Reason]:
    """The first city ``seat`` takes with ``actions`` that an opponent could build in
    next turn (an Architect to play, no house there, houses left): a house built where
    the opponent's colonist could still reach it (its house would cost more), or a
    colonist moved onto the last free route next to a city the opponent's colonist
    could reach before the move and cannot after it. The opponent named is the first
    to play after ``seat``."""
    topo = state.topo
    built = [topo.city_by_slug[a.city] for a in actions if isinstance(a, Build)]
    blocked = [
        c
        for a in actions
        if isinstance(a, Move)
        for c in topo.route_ends[topo.route_by_slug[(0 if a.kind == "land" else 1, a.dst)]]
    ]
    for city, by_move in [*((c, False) for c in built), *((c, True) for c in blocked)]:
        if city == topo.capital or state.houses[city] & (1 << seat):
            continue
        for other in _after_me(after, seat):
            p = after.players[other]
            if after.houses[city] & (1 << other) or p.houses_left <= 0:
                continue
            if not can_architect(after, other):
                continue
            if by_move:
                taken = could_reach(state, other, city) and not could_reach(after, other, city)
            else:
                taken = could_reach(after, other, city)
            if taken:
                return [Reason("reach_first", seat=other, place=topo.city_slugs[city])]
    return []


#: The steps of a copied card searched for a gain: a card's income comes as it begins
#: (the Mercator's and the Tribune's coins, a specialist's goods) or with its first
#: step (a Colonist's cash, a Prefect's province).
COPY_DEPTH = 1

#: The steps that never pay (a move, a house, a colonist placed, a card bought): the
#: search for a gain skips them (an Architect's copy has dozens of moves).
_SPENDS = (Move, Build, Place, BuyCard)


def gaining_copy(state: GameState, seat: int) -> bool:
    """Whether ``seat`` playing a Diplomat in ``state`` (as if it were its turn) has a
    copy that gains it sestertii or goods (its wealth at bank prices, the core's
    measure) within :data:`COPY_DEPTH` steps of the copied card. Whether the seat holds
    a Diplomat is the caller's question."""
    probe = state.copy()
    probe.turn_player, probe.phase, probe.points = seat, Phase.CARD, 0
    diplomat = next(
        (c for c in probe.players[seat].hand if CARDS[c].action == CardAction.DIPLOMAT), None
    )
    play = None if diplomat is None else probe.play_for_card(CARDS[diplomat].id)
    if play is None or play not in probe.legal_actions():
        return False
    probe.apply_in_place(play)
    base = wealth(probe.players[seat])
    for copy in probe.legal_actions():
        if isinstance(copy, Copy) and _gains(probe.apply(copy), seat, base, COPY_DEPTH):
            return True
    return False


def _gains(s: GameState, seat: int, base: int, depth: int) -> bool:
    # Goods over the storehouse count as gained: an over-claim, so never a reason said
    # wrongly (a copy that gains nothing is the reason's claim).
    if wealth(s.players[seat]) > base:
        return True
    if depth == 0 or s.is_terminal() or s.current_player != seat:
        return False
    return any(
        _gains(s.apply(a), seat, base, depth - 1)
        for a in s.legal_actions()
        if not isinstance(a, _SPENDS)
    )


def copy_left(state: GameState, after: GameState, seat: int) -> list[Reason]:
    """The opponents whose Diplomats could copy something that gains them sestertii
    or goods before the play and nothing after it (the card on top of ``seat``'s
    discard is the one the play leaves): one reason per such opponent, ``n`` its
    Diplomats."""
    out = []
    for other in _after_me(after, seat):
        n = _holds(after, other, CardAction.DIPLOMAT)
        if n and gaining_copy(state, other) and not gaining_copy(after, other):
            out.append(Reason("no_copy", n, seat=other))
    return out


def given_up(best: Sequence[Reason], other: Sequence[Reason]) -> list[Reason]:
    """What a next best play gives up against the best: the end of the game the best
    brings, the city the best reaches before an opponent's colonist, the opponent's
    Diplomats the best leaves nothing that pays, the points of each god the best gains
    more of, and the goods it throws away that the best keeps."""
    out: list[Reason] = []
    keys = {r.key for r in other}
    ends = {"end_win", "end_tie_win", "end_trigger"}
    if any(r.key in ends for r in best) and not keys & ends:
        out.append(Reason("gives_up_end"))
    for r in best:
        same = [o for o in other if o.key == r.key and o.seat == r.seat and o.place == r.place]
        if r.key == "reach_first" and not same:
            out.append(Reason("gives_up_reach", seat=r.seat, place=r.place))
        if r.key == "no_copy" and not same:
            out.append(Reason("gives_up_copy", r.n, seat=r.seat))
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
