"""A hand-tuned evaluation of a position for one seat, built on the live god scoring.

``evaluate(state, seat)`` estimates the seat's final victory points:

* the *projected* god score: for every god, the number of the seat's cards of that
  god times the god's metric (houses, provinces, kinds of goods, colonists, wealth,
  specialist cities) as it stands now, plus the growth expected over the seat's
  remaining turns, capped like the real metric;
* the value of money and goods still to be turned into houses and cards (it fades
  as the end comes near, where only Vesta counts them), with a bonus for the goods
  that the next houses need;
* the production value of the houses owned;
* the option value of the cards still in hand (so wasting a card costs something and
  a Tribune is worth more the emptier the hand);
* where the colonists stand: the unbuilt cities next to them.

All weights are in :class:`Weights`; the easy level uses a cruder set. Every rule
number (prices, the gods' caps and points per unit, the Concordia card, the price of
a house, what a colonist costs, the goods) is read from the core, so a change of the
rules data reaches the AI too (``tests/ai/test_rules_data_reach_ai.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from concordia.core import GameState, Phase, data
from concordia.core.board import Topology
from concordia.core.cards.architect import house_price
from concordia.core.cards.colonist import PRICE_GOODS as COLONIST_GOODS
from concordia.core.data import CARDS, GODS, GOOD_INDEX, GOODS, PRICE
from concordia.core.scoring import wealth

_GOD_INDEX = {g: i for i, g in enumerate(GODS)}
_VESTA, _JUPITER, _SATURNUS, _MERCURIUS, _MARS, _MINERVA = (
    _GOD_INDEX[g] for g in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva")
)
_CARD_GOD: tuple[int, ...] = tuple(_GOD_INDEX[c.god] for c in CARDS)
_CARD_MINERVA: tuple[tuple[int, int], ...] = tuple(
    (GOOD_INDEX[c.good], c.minerva_vp) if c.action == "specialist" and c.good else (-1, 0)
    for c in CARDS
)
_NUM_GOODS = len(GOODS)
# The gods' rules as the evaluation uses them (floats; the caps per unit counted).
_VESTA_DIV = float(data.VESTA_SESTERTII_PER_VP)
_JUPITER_MAX = float(data.JUPITER_MAX)
_MERCURIUS_VP = float(data.MERCURIUS_VP_PER_GOOD)
_MERCURIUS_CAP = data.MERCURIUS_MAX / data.MERCURIUS_VP_PER_GOOD  # kinds of goods
_MARS_VP = float(data.MARS_VP_PER_COLONIST)
_MARS_CAP = data.MARS_MAX / data.MARS_VP_PER_COLONIST  # colonists
_CONCORDIA_VP = float(data.CONCORDIA_VP)
# The goods a house costs in a city of each good (coins aside), from the core's rule.
_HOUSE_GOODS: tuple[tuple[int, ...], ...] = tuple(
    tuple(g for g in house_price(cg, 0)[:2] if g >= 0) for cg in range(_NUM_GOODS)
)
_TRIBUNE_ACTION = tuple(c.action == "tribune" for c in CARDS)
_START_CARDS = len(data.STARTING_HAND)


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable weights of :func:`evaluate`."""

    # Expected growth of each metric per own remaining turn.
    growth_houses: float = 0.42  # non-brick houses (Jupiter)
    growth_provinces: float = 0.28  # provinces (Saturnus)
    growth_kinds: float = 0.15  # kinds of goods produced (Mercurius, x2)
    growth_colonists: float = 0.12  # colonists on the board (Mars, x2)
    growth_specialist: float = 0.06  # houses of a specialist's good (Minerva)
    growth_scale: float = 0.8  # how much of that growth to believe
    money: float = 0.18  # VP per sestertius while there is time to spend it
    future_cards: float = 0.045  # future cards per god, per remaining turn
    money_horizon: float = 6.0  # turns left below which money fades to Vesta only
    spend_per_turn: float = 14.0  # sestertii a seat can turn into points per turn
    house: float = 0.7  # per house built (Concordia race, flexibility)
    need: float = 0.4  # per unit of a good the next houses need
    # The next houses are those of the counted cities at most this many Architect
    # steps from a colonist (0: only cities next to one).
    need_steps: int = 0
    production: float = 0.035  # per price unit of a house, per remaining turn
    hand: float = 9.0  # option value of a full hand
    hand_decay: float = 0.72
    hand_horizon: float = 5.0
    target: float = 0.5  # per unbuilt city next to an own colonist
    target_decay: float = 0.55  # per Architect step further away
    targets_counted: int = 4
    # Stall breaker (:func:`stall_cost`): past ``stall_turns`` own turns (finished
    # games take 25-50), every card left to sell, house left to build and good missing
    # to buy the last cards costs ``stall`` VP per extra turn, so agents that would
    # rather farm cash forever drive the game to its end.
    stall_turns: int = 60
    stall: float = 0.5
    # Read the game's pace off the cards bought so far (``remaining_turns(paced=True)``)
    # instead of assuming every seat buys 0.30 cards a turn.
    paced: bool = False


# Measured (docs/ai.md): the projection terms at full strength lost to the cruder
# set, so the normal level uses the crude set plus a third of the metric growth.
EASY = Weights(
    growth_scale=0.0,
    future_cards=0.0,
    hand=4.0,
    target=0.6,
    target_decay=0.3,
    need=0.6,
    production=0.0,
)
NORMAL = Weights(
    growth_scale=0.3,
    future_cards=0.0,
    hand=4.0,
    target=0.6,
    target_decay=0.3,
    need=0.6,
    production=0.0,
)

# The weight sets by name, for knobs that pick one (``--set expert.score_weights=full``).
# "full" is every projection term at the strength :class:`Weights` defaults to.
WEIGHTS_BY_NAME: dict[str, Weights] = {
    "easy": EASY,
    "normal": NORMAL,
    "full": Weights(),
    "full_paced": Weights(paced=True),
    # The normal set with the goods of cities one Architect step away counted as needed
    # (a knob for the expert's hoarding once the cities next to its
    # colonists are built).
    "normal_need1": replace(NORMAL, need_steps=1),
    # The normal set valuing cities further from a colonist as the full set does
    # (a knob: colonists spread towards cities 1-2 Architect steps away).
    "normal_reach": replace(NORMAL, target_decay=Weights().target_decay),
}


class _Static:
    """Per-board tables the evaluation needs (built once per topology)."""

    __slots__ = (
        "capital",
        "city_province",
        "nc",
        "num_provinces",
        "route_ends",
        "route_neighbours",
        "steps_to_city",
    )

    def __init__(self, topo: Topology) -> None:
        self.nc = topo.num_cities
        self.capital = topo.capital
        self.city_province = topo.city_province
        self.num_provinces = topo.num_provinces
        self.route_ends = topo.route_ends
        # steps_to_city[kind][location][city]: Architect steps a colonist of ``kind``
        # at ``location`` (city index, or num_cities + route index) needs to stand on a
        # route next to ``city`` (0 when it already does).
        inf = 99
        nr = topo.num_routes
        table: list[list[tuple[int, ...]]] = []
        for k in (0, 1):
            rows: list[tuple[int, ...]] = []
            for loc in range(self.nc + nr):
                row = []
                for c in range(self.nc):
                    best = inf
                    for r2 in topo.city_routes[c][k]:
                        d = (
                            topo.city_dist[loc][k][r2]
                            if loc < self.nc
                            else topo.route_dist[loc - self.nc][r2]
                        )
                        if loc >= self.nc and topo.route_kind[loc - self.nc] != k:
                            d = inf
                        best = min(best, d)
                    row.append(best)
                rows.append(tuple(row))
            table.append(rows)
        self.steps_to_city: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(rows) for rows in table
        )
        # From a city, per kind: the cities one route away.
        self.route_neighbours: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
            tuple(
                tuple(sorted({e for r in topo.city_routes[c][k] for e in topo.route_ends[r]} - {c}))
                for k in (0, 1)
            )  # type: ignore[misc]
            for c in range(topo.num_cities)
        )


_STATIC: dict[int, tuple[Topology, _Static]] = {}


def static_for(topo: Topology) -> _Static:
    hit = _STATIC.get(id(topo))
    if hit is None or hit[0] is not topo:
        hit = (topo, _Static(topo))
        _STATIC[id(topo)] = hit
    return hit[1]


# The pace remaining_turns assumes: cards bought per turn, and how many turns of it
# weigh as a prior against the pace seen so far (``paced``).
CARDS_PER_TURN = 0.30
PACE_PRIOR_TURNS = 12.0


def remaining_turns(s: GameState, seat: int, paced: bool = False) -> float:
    """Estimated number of turns ``seat`` still has (0 when the game is over).

    The cards left to sell are divided by the cards a round sells: 0.30 a turn, or,
    with ``paced``, the rate seen so far in this game (cards bought per turn taken,
    pulled towards 0.30 by a prior of ``PACE_PRIOR_TURNS`` turns), so a table that
    races for the end is expected to end sooner."""
    if s.phase == Phase.OVER:
        return 0.0
    n = s.num_players
    if s.final_turns >= 0:
        # Seats still to play their last turn: the next final_turns seats from the mover.
        ahead = (seat - s.turn_player) % n
        return 1.0 if ahead < s.final_turns else 0.0
    cards_left = len(s.deck) + sum(1 for c in s.display if c is not None)
    rate = CARDS_PER_TURN
    if paced:
        turns = sum(p.turns for p in s.players)
        bought = sum(len(p.hand) + len(p.discard) for p in s.players) - _START_CARDS * n
        rate = (bought + CARDS_PER_TURN * PACE_PRIOR_TURNS) / (turns + PACE_PRIOR_TURNS)
        rate = max(0.5 * CARDS_PER_TURN, rate)
    by_cards = cards_left / (rate * n)
    houses_left = min(p.houses_left for p in s.players)
    by_houses = houses_left / 0.55
    return min(by_cards, by_houses)


def own_houses(s: GameState, seat: int, st: _Static) -> tuple[list[int], set[int], set[int], int]:
    """``seat``'s houses in ``s``: how many per good, the provinces and the cities they
    stand in, and the summed price of the goods they produce (shared with the expert's
    features)."""
    bit = 1 << seat
    city_goods = s.city_goods
    per_good = [0] * _NUM_GOODS
    provinces: set[int] = set()
    own: set[int] = set()
    prod = 0
    for c, mask in enumerate(s.houses):
        if mask & bit:
            g = city_goods[c]
            per_good[g] += 1
            provinces.add(st.city_province[c])
            own.add(c)
            prod += PRICE[g]
    return per_good, provinces, own, prod


def near_cities(
    st: _Static, cols: Sequence[tuple[int, int]], own: set[int], max_steps: int
) -> dict[int, int]:
    """The cities other than the capital and ``own`` that colonists at ``cols`` reach in
    at most ``max_steps`` Architect steps: city -> fewest steps (shared with the
    expert's features)."""
    capital = st.capital
    near: dict[int, int] = {}
    for kind, loc in cols:
        row = st.steps_to_city[kind][loc]
        for c, d in enumerate(row):
            if d > max_steps or c == capital or c in own:
                continue
            if d < near.get(c, max_steps + 1):
                near[c] = d
    return near


# The part of :func:`evaluate` that only the seat's houses and colonists decide (the
# Mercator plans of the searches evaluate dozens of positions that differ only in
# goods and money): keyed by the board's tables, the seat, every city's houses, the
# seat's colonists and the two weights it reads. The board's tables live for the whole
# run and each entry holds the game's city goods, so neither id in a key can be reused
# by another object while the entry lives. Cleared whole when full.
_BoardPart = tuple[list[int], int, int, int, list[tuple[float, int, int]], tuple[int, ...]]
_BOARD_CACHE: dict[tuple[object, ...], _BoardPart] = {}
_BOARD_CACHE_SIZE = 4096


def _board_part(
    s: GameState, seat: int, st: _Static, cols: tuple[tuple[int, int], ...], w: Weights
) -> _BoardPart:
    """``seat``'s houses per good, provinces, houses and their production (as
    :func:`own_houses`), the best ``w.targets_counted`` unbuilt cities near its
    colonists: (worth, city, Architect steps), best first, and the game's city goods
    (kept alive by the entry)."""
    per_good, provinces, own, prod = own_houses(s, seat, st)
    near = near_cities(st, cols, own, 4)
    vals: list[tuple[float, int, int]] = []
    if near:
        city_goods = s.city_goods
        decay = w.target_decay
        worth_at = [decay**d for d in range(5)]  # a city's worth by steps away
        ranked = sorted(
            (
                (worth_at[d] * (1.0 + 0.08 * PRICE[city_goods[c]]), worth_at[d], c, d)
                for c, d in near.items()
            ),
            reverse=True,
        )[: w.targets_counted]
        vals = [(v, c, d) for v, _worth, c, d in ranked]
    return per_good, len(provinces), len(own), prod, vals, s.city_goods


# The seat's cards as :func:`evaluate` reads them, keyed by hand and discard pile.
_CardsPart = tuple[list[int], list[tuple[int, int]], int]
_CARDS_CACHE: dict[tuple[tuple[int, ...], tuple[int, ...]], _CardsPart] = {}


def _cards_part(hand: Sequence[int], discard: Sequence[int]) -> _CardsPart:
    """Cards per god, the (good, VP) of each specialist in hand then discard pile, in
    that order, and how many cards in hand are not a Tribune."""
    count = [0] * len(GODS)
    specialists: list[tuple[int, int]] = []
    for c in (*hand, *discard):
        count[_CARD_GOD[c]] += 1
        g, vp = _CARD_MINERVA[c]
        if vp:
            specialists.append((g, vp))
    k = sum(1 for c in hand if not _TRIBUNE_ACTION[c])
    return count, specialists, k


def evaluate(s: GameState, seat: int, w: Weights = NORMAL) -> float:
    """Estimated final victory points of ``seat`` (higher is better for it)."""
    st = static_for(s.topo)
    p = s.players[seat]
    r = remaining_turns(s, seat, w.paced)
    if r <= 0.0:
        return float(s.score_of(seat).total) if s.phase == Phase.OVER else _final_like(s, seat)

    cols_t = tuple(p.cols)
    key = (
        id(st),
        id(s.city_goods),
        seat,
        tuple(s.houses),
        cols_t,
        w.target_decay,
        w.targets_counted,
    )
    board = _BOARD_CACHE.get(key)
    if board is None:
        board = _board_part(s, seat, st, cols_t, w)
        if len(_BOARD_CACHE) >= _BOARD_CACHE_SIZE:
            _BOARD_CACHE.clear()
        _BOARD_CACHE[key] = board
    per_good, n_provinces, n_own, prod, vals, _goods = board
    cards_key = (tuple(p.hand), tuple(p.discard))
    cards = _CARDS_CACHE.get(cards_key)
    if cards is None:
        cards = _cards_part(p.hand, p.discard)
        if len(_CARDS_CACHE) >= _BOARD_CACHE_SIZE:
            _CARDS_CACHE.clear()
        _CARDS_CACHE[cards_key] = cards
    count, specialists, k = cards
    minerva = 0.0
    grow = w.growth_scale * r
    for g, vp in specialists:
        minerva += vp * (per_good[g] + w.growth_specialist * grow)
    goods = p.goods
    worth = wealth(p)
    non_brick = n_own - per_good[data.BRICK]
    kinds = sum(1 for x in per_good if x)
    cols = len(p.cols)
    fc = w.future_cards * grow
    score = (count[_VESTA] + fc) * worth / _VESTA_DIV
    hl = float(p.houses_left)
    score += (count[_JUPITER] + fc) * min(_JUPITER_MAX, non_brick + min(hl, w.growth_houses * grow))
    score += (count[_SATURNUS] + fc) * min(
        float(st.num_provinces), n_provinces + min(hl, w.growth_provinces * grow)
    )
    score += (
        (count[_MERCURIUS] + fc)
        * _MERCURIUS_VP
        * min(_MERCURIUS_CAP, kinds + min(hl, w.growth_kinds * grow))
    )
    score += (
        (count[_MARS] + fc)
        * _MARS_VP
        * min(_MARS_CAP, cols + min(float(p.store[0] + p.store[1]), w.growth_colonists * grow))
    )
    score += minerva
    if s.concordia == seat:
        score += _CONCORDIA_VP
    score -= stall_cost(s, seat, w)

    # Resources still to be spent.
    mv = w.money * min(1.0, r / w.money_horizon)
    score += mv * min(worth, w.spend_per_turn * r)
    score += w.house * n_own
    score += w.production * prod * min(r, 12.0) * min(1.0, r / w.money_horizon)

    # Cards in hand: option value (``k``: those that are not a Tribune).
    fade = min(1.0, r / w.hand_horizon)
    score += w.hand * (1.0 - w.hand_decay**k) * fade

    # Colonists near unbuilt cities (by Architect steps), and the goods houses need.
    if w.target and p.houses_left and vals:
        city_goods = s.city_goods
        need = [0] * _NUM_GOODS
        tw = w.target * fade
        for v, c, d in vals:
            score += tw * v
            if d <= w.need_steps:
                for g in _HOUSE_GOODS[city_goods[c]]:
                    need[g] += 1
        if p.store[0] + p.store[1] and r > 4:
            for g in COLONIST_GOODS:
                need[g] += 1
        nb = w.need * fade
        for g in range(_NUM_GOODS):
            if need[g]:
                score += nb * min(goods[g], need[g])
    return score


def against_rivals(values: Sequence[float], seat: int, spite: float) -> float:
    """``seat``'s value less ``spite`` x the mean of the best and the average other
    seat's: how the searching levels weigh a position against the opponents."""
    others = [v for o, v in enumerate(values) if o != seat]
    return values[seat] - spite * (0.5 * max(others) + 0.5 * sum(others) / len(others))


def stall_cost(s: GameState, seat: int, w: Weights = NORMAL) -> float:
    """The stall breaker's charge against ``seat`` in ``s`` (VP; 0 within ``w.stall_turns``
    own turns and once the game is over).

    Past ``w.stall_turns`` own turns, ``w.stall`` VP per extra turn for every card left
    to sell, every house ``seat`` has left to build and, once the draw pile is empty,
    every good ``seat`` lacks to pay the printed price of the cards still for sale: a
    seat that could end the game only after a Mercator (the last card wants goods it
    does not hold) then buys them instead of farming cash, which one-turn planners
    would never see (a 3-player game of the outcome search and two expert-v1 stalled for
    thousands of actions with one card left and only tools in the rich seats' stores).
    Games that end within ``w.stall_turns`` own turns never pay it."""
    if s.phase == Phase.OVER:
        return 0.0
    p = s.players[seat]
    overtime = p.turns - w.stall_turns
    if overtime <= 0:
        return 0.0
    left = [c for c in s.display if c is not None]
    units = len(s.deck) + len(left) + p.houses_left
    if not s.deck and s.concordia is None:
        need = [0] * _NUM_GOODS
        for c in left:
            for g in CARDS[c].cost:
                need[GOOD_INDEX[g]] += 1
        units += sum(max(0, need[g] - p.goods[g]) for g in range(_NUM_GOODS))
    return w.stall * overtime * units


def _final_like(s: GameState, seat: int) -> float:
    # The seat has no turn left but the game is not over: its score is nearly final.
    return float(s.score_of(seat).total)


def relative(s: GameState, seat: int, w: Weights = NORMAL, spite: float = 0.25) -> float:
    """``evaluate`` for ``seat`` minus ``spite`` times the best opponent's."""
    mine = evaluate(s, seat, w)
    if not spite:
        return mine
    best = max(evaluate(s, o, w) for o in range(s.num_players) if o != seat)
    return mine - spite * best
