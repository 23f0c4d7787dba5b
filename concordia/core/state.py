"""The game state and every rule of the base game.

Design (measured, see docs/benchmarks.md): a *mutable* state with a cheap
:meth:`GameState.copy`. The public :meth:`GameState.apply` copies first, so a state you
hold never changes under you; search code that owns a private copy may call
:meth:`GameState.apply_in_place`. Static data (the board, card definitions, the city
goods dealt at setup) is shared by reference between copies.

Every decision is one action (see :mod:`concordia.core.actions`). Playing a card opens
a *phase* (``state.phase``) in which the same player takes the card's sub-decisions
until the card is finished. The rule for each card is in a ``_legal_<phase>`` /
``_do_<action>`` pair below, each citing the rulebook.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from concordia.core import data
from concordia.core.actions import (
    CASH,
    FINISH,
    Action,
    Build,
    BuyCard,
    Cash,
    Copy,
    Discard,
    Finish,
    Move,
    Place,
    PlayCard,
    Produce,
    Trade,
)
from concordia.core.board import KINDS, BoardSpec, Topology
from concordia.core.data import CARD_BY_ID, CARDS, GOOD_INDEX, GOODS, PRICE
from concordia.core.errors import IllegalActionError

NUM_GOODS = len(GOODS)
_CAP = data.STOREHOUSE_SPACES
_TRIBUNE = CARD_BY_ID["tribune"].index
# Action kind of each card index, and the key under which two cards play identically
# (two Architects are the same play; Mercators differ by their sestertii).
_CARD_ACTION: tuple[str, ...] = tuple(c.action for c in CARDS)
_PLAY_KEY: tuple[tuple[str, int, str | None], ...] = tuple(
    (c.action, c.sestertii, c.good) for c in CARDS
)
_DECK_RANK = {d: i for i, d in enumerate(data.DECKS)}
_ANY = "any"
_DISPLAY_EXTRA: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if g == _ANY else GOOD_INDEX[g] for g in extra) for extra in data.DISPLAY_EXTRA
)
_MARKER_COINS: tuple[int, ...] = tuple(data.MARKER_COINS[g] for g in GOODS)


@dataclass(frozen=True, slots=True)
class Cost:
    """What the acting player pays for an action (negative ``money`` = receives).

    ``goods`` maps a good name to units paid (negative = received); ``points`` is the
    Architect movement points a :class:`Move` uses.
    """

    money: int = 0
    goods: tuple[tuple[str, int], ...] = ()
    points: int = 0

    def goods_dict(self) -> dict[str, int]:
        return dict(self.goods)


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


class Player:
    """One seat's belongings. Read freely; only the state's rules change them."""

    __slots__ = (
        "cols",
        "discard",
        "goods",
        "hand",
        "houses_left",
        "money",
        "seat",
        "store",
        "turns",
    )

    seat: int
    money: int
    goods: list[int]  # units per good, in GOODS order
    store: list[int]  # colonists waiting in the storehouse: [land, sea]
    cols: list[tuple[int, int]]  # colonists on the board: (kind, location) sorted
    houses_left: int
    hand: list[int]  # card indices, sorted
    discard: list[int]  # card indices, top of the pile last
    turns: int  # turns completed

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat = self.seat
        p.money = self.money
        p.goods = self.goods[:]
        p.store = self.store[:]
        p.cols = self.cols[:]
        p.houses_left = self.houses_left
        p.hand = self.hand[:]
        p.discard = self.discard[:]
        p.turns = self.turns
        return p

    def used_space(self) -> int:
        """Storehouse spaces in use (goods plus waiting colonists)."""
        g = self.goods
        return g[0] + g[1] + g[2] + g[3] + g[4] + self.store[0] + self.store[1]

    def free_space(self) -> int:
        return _CAP - self.used_space()


class GameState:
    """A position of a game of Concordia.

    Create one with :func:`concordia.core.new_game`. Public read-only views are
    properties; the attributes without a leading underscore may be read but must
    not be changed by callers. A state is not thread-safe: hand a :meth:`copy` (or
    the state itself, if nobody mutates it) to another thread.
    """

    __slots__ = (
        "_bought",
        "_card",
        "_deck_hidden",
        "_first_tribune",
        "_overflow",
        "_placed",
        "_traded",
        "board",
        "city_goods",
        "concordia",
        "deck",
        "display",
        "final_turns",
        "houses",
        "intermediate_scoring",
        "markers",
        "no_goods",
        "num_players",
        "phase",
        "players",
        "points",
        "praefectus",
        "province_goods",
        "route_occ",
        "seed",
        "step",
        "topo",
        "turn_player",
    )

    board: BoardSpec
    topo: Topology
    num_players: int
    seed: int
    step: int
    intermediate_scoring: bool
    no_goods: bool
    city_goods: tuple[int, ...]  # good per city index, -1 for the capital
    province_goods: tuple[int, ...]  # good shown on each province's bonus marker
    markers: list[bool]  # True = good side up (province may produce)
    houses: list[int]  # per city: bitmask of seats with a house there
    route_occ: list[int]  # per route: number of colonists on it
    players: list[Player]
    display: list[int | None]
    deck: list[int]  # draw pile, top card last
    praefectus: int
    turn_player: int
    phase: str
    points: int
    concordia: int | None
    final_turns: int  # turns left before the end once triggered, -1 before
    _card: int  # index of the card whose action is being carried out
    _traded: tuple[int, ...]
    _bought: int
    _placed: int
    _overflow: list[int]
    _first_tribune: list[int | None]
    _deck_hidden: bool

    # ------------------------------------------------------------------ basics
    def copy(self) -> GameState:
        """An independent copy (static board data is shared)."""
        s = GameState.__new__(GameState)
        s.board = self.board
        s.topo = self.topo
        s.num_players = self.num_players
        s.seed = self.seed
        s.step = self.step
        s.intermediate_scoring = self.intermediate_scoring
        s.no_goods = self.no_goods
        s.city_goods = self.city_goods
        s.province_goods = self.province_goods
        s.markers = self.markers[:]
        s.houses = self.houses[:]
        s.route_occ = self.route_occ[:]
        s.players = [p.copy() for p in self.players]
        s.display = self.display[:]
        s.deck = self.deck[:]
        s.praefectus = self.praefectus
        s.turn_player = self.turn_player
        s.phase = self.phase
        s.points = self.points
        s.concordia = self.concordia
        s.final_turns = self.final_turns
        s._card = self._card
        s._traded = self._traded
        s._bought = self._bought
        s._placed = self._placed
        s._overflow = self._overflow[:]
        s._first_tribune = self._first_tribune[:]
        s._deck_hidden = self._deck_hidden
        return s

    __copy__ = copy

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is; ``None`` when the game is over."""
        if self.phase == "over":
            return None
        if self.phase == "overflow":
            return self._overflow[0]
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def card(self) -> str | None:
        """Id of the card whose action is being carried out (after a Diplomat: the
        copied card), or None between cards."""
        if self.phase in ("card", "over", "first_buy"):
            return None
        return CARDS[self._card].id

    @property
    def traded(self) -> tuple[str, ...]:
        """Goods already traded in the current Mercator action."""
        return tuple(GOODS[g] for g in self._traded)

    @property
    def bought(self) -> int:
        """Cards bought in the current Senator or Consul action."""
        return self._bought

    # --------------------------------------------------------------- queries
    def city_good(self, city: str) -> str | None:
        """The good a city produces (None for the capital)."""
        g = self.city_goods[self.topo.city_by_slug[city]]
        return None if g < 0 else GOODS[g]

    def houses_in(self, city: str) -> list[int]:
        """Seats with a house in the city."""
        mask = self.houses[self.topo.city_by_slug[city]]
        return [p for p in range(self.num_players) if mask >> p & 1]

    def marker_active(self, province: str) -> bool:
        return self.markers[self.topo.province_by_slug[province]]

    def province_good(self, province: str) -> str:
        return GOODS[self.province_goods[self.topo.province_by_slug[province]]]

    def marker_coins(self, province: str) -> int:
        return _MARKER_COINS[self.province_goods[self.topo.province_by_slug[province]]]

    def display_cost(self, slot: int) -> tuple[str, ...]:
        """Extra goods under display slot ``slot`` (0-based), paid by the Senator."""
        return data.DISPLAY_EXTRA[slot]

    def colonists(self, seat: int) -> list[tuple[str, str]]:
        """A seat's colonists on the board as (kind, location slug) pairs."""
        return [(KINDS[k], self._loc_slug(loc)) for k, loc in self.players[seat].cols]

    def hand(self, seat: int) -> list[str]:
        return [CARDS[c].id for c in self.players[seat].hand]

    def discard(self, seat: int) -> list[str]:
        return [CARDS[c].id for c in self.players[seat].discard]

    def display_ids(self) -> list[str | None]:
        return [None if c is None else CARDS[c].id for c in self.display]

    def _loc_slug(self, loc: int) -> str:
        nc = self.topo.num_cities
        return self.topo.city_slugs[loc] if loc < nc else self.topo.route_slugs[loc - nc]

    # ----------------------------------------------------------- legal moves
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal decision of :attr:`current_player`, in a deterministic order."""
        phase = self.phase
        if phase == "card":
            return self._legal_card()
        if phase == "architect":
            return self._legal_architect()
        if phase == "mercator" or phase == "first_buy":
            return self._legal_trade()
        if phase == "prefect":
            return self._legal_prefect()
        if phase == "senator" or phase == "consul":
            return self._legal_buy()
        if phase == "colonist":
            return self._legal_colonist()
        if phase == "tribune":
            return self._legal_tribune()
        if phase == "diplomat":
            return self._legal_diplomat()
        if phase == "overflow":
            p = self.players[self._overflow[0]]
            return tuple(Discard(GOODS[g]) for g in range(NUM_GOODS) if p.goods[g])
        return ()

    def _legal_card(self) -> tuple[Action, ...]:
        seen: set[tuple[str, int, str | None]] = set()
        out: list[Action] = []
        for c in self.players[self.turn_player].hand:
            key = _PLAY_KEY[c]
            if key not in seen:
                seen.add(key)
                out.append(PlayCard(CARDS[c].id))
        return tuple(out)

    def play_for_card(self, card: str) -> PlayCard | None:
        """The legal :class:`PlayCard` that plays ``card`` (a card id in the current
        player's hand), or None. Cards that play identically (two Architects, the
        starting and a bought Diplomat) share one action: the lowest card id's."""
        if self.phase != "card" or card not in CARD_BY_ID:
            return None
        key = _PLAY_KEY[CARD_BY_ID[card].index]
        for c in self.players[self.turn_player].hand:
            if _PLAY_KEY[c] == key:
                return PlayCard(CARDS[c].id)
        return None

    def _legal_architect(self) -> tuple[Action, ...]:
        # Rulebook, Architect: movement points = own colonists on the board, split
        # freely; each step enters the next route of the colonist's kind; a colonist
        # may pass but never end on an occupied route. Building ends the movement.
        topo = self.topo
        p = self.players[self.turn_player]
        out: list[Action] = []
        pts = self.points
        if pts > 0:
            occ = self.route_occ
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
        out.extend(Build(topo.city_slugs[c]) for c in self._buildable_cities(p))
        out.append(FINISH)
        return tuple(out)

    def _build_price(self, city: int) -> tuple[int, int, int]:
        """(good 1, good 2 or -1, coins) of a house in ``city``."""
        g = self.city_goods[city]
        coins = data.HOUSE_COINS[g] * (self.houses[city].bit_count() + 1)
        if g == data.BRICK:
            return data.FOOD, -1, coins
        return data.BRICK, g, coins

    def _buildable_cities(self, p: Player) -> list[int]:
        if p.houses_left <= 0:
            return []
        topo = self.topo
        nc = topo.num_cities
        bit = 1 << p.seat
        cands: set[int] = set()
        for _, loc in p.cols:
            if loc < nc:
                cands.add(loc)
            else:
                a, b = topo.route_ends[loc - nc]
                cands.add(a)
                cands.add(b)
        out = []
        goods = p.goods
        for c in sorted(cands):
            if c == topo.capital or self.houses[c] & bit:
                continue
            g1, g2, coins = self._build_price(c)
            if coins > p.money:
                continue
            if g2 == g1:
                if goods[g1] < 2:
                    continue
            elif goods[g1] < 1 or (g2 >= 0 and goods[g2] < 1):
                continue
            out.append(c)
        return out

    def _legal_trade(self) -> tuple[Action, ...]:
        # Mercator: at most two kinds of goods, any quantity, at the fixed prices;
        # buying is limited by free storehouse spaces. Each kind is traded once, in one
        # direction. The no-goods variant's first-turn purchase buys any kinds.
        p = self.players[self.turn_player]
        out: list[Action] = []
        first_buy = self.phase == "first_buy"
        if first_buy or len(self._traded) < 2:
            free = p.free_space()
            for g in range(NUM_GOODS):
                if g in self._traded:
                    continue
                name = GOODS[g]
                if not first_buy:
                    for n in range(1, p.goods[g] + 1):
                        out.append(Trade(name, -n))
                for n in range(1, min(free, p.money // PRICE[g]) + 1):
                    out.append(Trade(name, n))
        out.append(FINISH)
        return tuple(out)

    def _legal_prefect(self) -> tuple[Action, ...]:
        out: list[Action] = [
            Produce(self.topo.province_slugs[i]) for i, active in enumerate(self.markers) if active
        ]
        out.append(CASH)
        return tuple(out)

    def _buy_options(self, slot: int, senator: bool) -> list[tuple[str, ...]]:
        """The ways the acting player can pay for the card in ``slot`` (each a tuple of
        goods chosen for the "any" symbols), or [] if unaffordable."""
        card = CARDS[self.display[slot]]  # type: ignore[index]
        need = [0] * NUM_GOODS
        for name in card.cost:
            need[GOOD_INDEX[name]] += 1
        anys = 0
        if senator:
            for x in _DISPLAY_EXTRA[slot]:
                if x < 0:
                    anys += 1
                else:
                    need[x] += 1
        have = self.players[self.turn_player].goods
        if any(have[g] < need[g] for g in range(NUM_GOODS)):
            return []
        if anys == 0:
            return [()]
        # At most one "any" per display position in the base game; the loop handles more.
        options: list[tuple[str, ...]] = [()]
        for _ in range(anys):
            nxt = []
            for opt in options:
                start = GOOD_INDEX[opt[-1]] if opt else 0
                for g in range(start, NUM_GOODS):
                    used = need[g] + sum(1 for o in opt if o == GOODS[g])
                    if have[g] > used:
                        nxt.append((*opt, GOODS[g]))
            options = nxt
        return options

    def _legal_buy(self) -> tuple[Action, ...]:
        # Senator: up to two cards, each at its red-field goods plus the goods under its
        # position ("any" = buyer's choice); Consul: one card, red-field goods only.
        senator = self.phase == "senator"
        out: list[Action] = []
        for slot, c in enumerate(self.display):
            if c is None:
                continue
            cid = CARDS[c].id
            for choice in self._buy_options(slot, senator):
                out.append(BuyCard(cid, choice))
        out.append(FINISH)
        return tuple(out)

    def _legal_colonist(self) -> tuple[Action, ...]:
        # Colonist: pay 1 food + 1 tool per colonist placed in Roma or a city with an
        # own house; or take 5 + 1 per own colonist on the board (before any placement).
        p = self.players[self.turn_player]
        out: list[Action] = []
        if p.goods[data.FOOD] >= 1 and p.goods[data.TOOL] >= 1 and (p.store[0] or p.store[1]):
            bit = 1 << p.seat
            cities = [self.topo.capital] + [
                c for c in range(self.topo.num_cities) if self.houses[c] & bit
            ]
            for c in sorted(cities):
                for k in (0, 1):
                    if p.store[k]:
                        out.append(Place(KINDS[k], self.topo.city_slugs[c]))
        if self._placed == 0:
            out.append(CASH)
        out.append(FINISH)
        return tuple(out)

    def _legal_tribune(self) -> tuple[Action, ...]:
        p = self.players[self.turn_player]
        roma = self.topo.city_slugs[self.topo.capital]
        out: list[Action] = [Place(KINDS[k], roma) for k in (0, 1) if p.store[k]]
        out.append(FINISH)
        return tuple(out)

    def _legal_diplomat(self) -> tuple[Action, ...]:
        # Diplomat: the top card of another player's discard pile, not a Diplomat; a
        # pile emptied by a Tribune has nothing to copy.
        out: list[Action] = []
        for s in range(self.num_players):
            if s == self.turn_player:
                continue
            pile = self.players[s].discard
            if pile and _CARD_ACTION[pile[-1]] != "diplomat":
                out.append(Copy(s))
        out.append(FINISH)
        return tuple(out)

    # ------------------------------------------------------------- costs
    def cost(self, action: Action) -> Cost:
        """What :attr:`current_player` pays for ``action`` in this state.

        Exact for every action whose price is shown before it is taken: Build,
        BuyCard, Place, Trade and Move (points); the cash options report the income
        as a negative ``money``. Other actions cost nothing up front.
        """
        p = self.players[self.turn_player]
        if isinstance(action, Build):
            g1, g2, coins = self._build_price(self.topo.city_by_slug[action.city])
            goods: dict[str, int] = {GOODS[g1]: 1}
            if g2 >= 0:
                goods[GOODS[g2]] = goods.get(GOODS[g2], 0) + 1
            return Cost(coins, tuple(goods.items()))
        if isinstance(action, BuyCard):
            card = CARD_BY_ID[action.card]
            goods = {}
            for g in card.cost:
                goods[g] = goods.get(g, 0) + 1
            if self.phase == "senator":
                slot = self.display.index(card.index)
                for g in data.DISPLAY_EXTRA[slot]:
                    if g != _ANY:
                        goods[g] = goods.get(g, 0) + 1
                for g in action.choice:
                    goods[g] = goods.get(g, 0) + 1
            return Cost(0, tuple(sorted(goods.items(), key=lambda kv: GOOD_INDEX[kv[0]])))
        if isinstance(action, Place):
            return Cost(0, (("food", 1), ("tool", 1)))
        if isinstance(action, Trade):
            return Cost(
                action.amount * PRICE[GOOD_INDEX[action.good]], ((action.good, -action.amount),)
            )
        if isinstance(action, Move):
            return Cost(points=self._move_distance(action))
        if isinstance(action, Cash):
            if self.phase == "prefect":
                return Cost(-self._prefect_cash())
            return Cost(-(data.COLONIST_CASH_BASE + len(p.cols)))
        return Cost()

    def _prefect_cash(self) -> int:
        return sum(
            _MARKER_COINS[self.province_goods[i]]
            for i, active in enumerate(self.markers)
            if not active
        )

    def _move_distance(self, action: Move) -> int:
        topo = self.topo
        kind = 0 if action.kind == "land" else 1
        dst = topo.route_by_slug[(kind, action.dst)]
        if action.src in topo.city_by_slug:
            return topo.city_dist[topo.city_by_slug[action.src]][kind][dst]
        return topo.route_dist[topo.route_by_slug[(kind, action.src)]][dst]

    # --------------------------------------------------------------- apply
    def apply(self, action: Action) -> GameState:
        """The state after ``action``; this state is left unchanged.

        Raises:
            IllegalActionError: ``action`` is not in :meth:`legal_actions`.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"{action} is not legal in phase {self.phase!r} for seat {self.current_player}"
            )
        s = self.copy()
        s._do(action)
        return s

    def apply_unchecked(self, action: Action) -> GameState:
        """Like :meth:`apply` without the legality check: the caller guarantees that
        ``action`` came from :meth:`legal_actions` of this state."""
        s = self.copy()
        s._do(action)
        return s

    def apply_in_place(self, action: Action) -> None:
        """Mutate this state by a legal ``action`` (unchecked). Only for code that owns
        a private copy, such as a search or a playout."""
        self._do(action)

    def _do(self, a: Action) -> None:
        self.step += 1
        t = type(a)
        if t is PlayCard:
            self._do_play(CARD_BY_ID[a.card].index)  # type: ignore[union-attr]
        elif t is Move:
            self._do_move(a)  # type: ignore[arg-type]
        elif t is Build:
            self._do_build(self.topo.city_by_slug[a.city])  # type: ignore[union-attr]
        elif t is Trade:
            self._do_trade(a)  # type: ignore[arg-type]
        elif t is Finish:
            self._finish_card()
        elif t is Produce:
            self._do_produce(self.topo.province_by_slug[a.province])  # type: ignore[union-attr]
        elif t is Cash:
            self._do_cash()
        elif t is BuyCard:
            self._do_buy(a)  # type: ignore[arg-type]
        elif t is Place:
            self._do_place(a)  # type: ignore[arg-type]
        elif t is Copy:
            self._begin_card(self.players[a.seat].discard[-1])  # type: ignore[union-attr]
        elif t is Discard:
            self._do_discard(GOOD_INDEX[a.good])  # type: ignore[union-attr]
        else:  # pragma: no cover - guarded by the Action union
            raise IllegalActionError(f"unknown action {a!r}")

    def _do_play(self, card: int) -> None:
        p = self.players[self.turn_player]
        p.hand.remove(card)
        p.discard.append(card)
        self._begin_card(card)

    def _begin_card(self, card: int) -> None:
        """Start the action of ``card`` (played, or copied by a Diplomat)."""
        self._card = card
        action = _CARD_ACTION[card]
        p = self.players[self.turn_player]
        if action == "tribune":
            # Take back all played cards, the Tribune included; +1 per card beyond 3.
            back = len(p.discard)
            p.money += max(0, back - data.TRIBUNE_FREE_CARDS)
            p.hand.extend(p.discard)
            p.hand.sort()
            p.discard.clear()
            if self.intermediate_scoring and self._first_tribune[p.seat] is None:
                self._record_first_tribune(p.seat)
            if self._can_pay_colonist(p):
                self.phase = "tribune"
            else:
                self._end_turn()
        elif action == "architect":
            self.phase = "architect"
            self.points = len(p.cols)
        elif action == "prefect":
            self.phase = "prefect"
        elif action == "mercator":
            p.money += CARDS[card].sestertii
            self.phase = "mercator"
            self._traded = ()
        elif action == "colonist":
            self.phase = "colonist"
            self._placed = 0
        elif action == "diplomat":
            self.phase = "diplomat"
        elif action == "senator" or action == "consul":
            self.phase = action
            self._bought = 0
        elif action == "specialist":
            # Own houses in cities of the card's good produce 1 each; nobody else.
            g = GOOD_INDEX[CARDS[card].good]  # type: ignore[index]
            bit = 1 << p.seat
            n = sum(
                1 for c, mask in enumerate(self.houses) if mask & bit and self.city_goods[c] == g
            )
            p.goods[g] += n
            if p.used_space() > _CAP:
                self._overflow.append(p.seat)
            self._settle_overflow()
        else:  # pragma: no cover
            raise IllegalActionError(f"card {CARDS[card].id} has no action")

    @staticmethod
    def _can_pay_colonist(p: Player) -> bool:
        return p.goods[data.FOOD] >= 1 and p.goods[data.TOOL] >= 1 and (p.store[0] + p.store[1]) > 0

    def _do_move(self, a: Move) -> None:
        topo = self.topo
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
            self.route_occ[r] -= 1
        self.points -= cost
        self.route_occ[dst] += 1
        cols = self.players[self.turn_player].cols
        cols.remove((kind, src_loc))
        cols.append((kind, nc + dst))
        cols.sort()

    def _do_build(self, city: int) -> None:
        p = self.players[self.turn_player]
        g1, g2, coins = self._build_price(city)
        p.money -= coins
        p.goods[g1] -= 1
        if g2 >= 0:
            p.goods[g2] -= 1
        self.houses[city] |= 1 << p.seat
        p.houses_left -= 1
        self.points = 0  # building ends the movement part of the Architect
        if p.houses_left == 0:
            self._trigger_end(p.seat)

    def _do_trade(self, a: Trade) -> None:
        p = self.players[self.turn_player]
        g = GOOD_INDEX[a.good]
        p.goods[g] += a.amount
        p.money -= a.amount * PRICE[g]
        self._traded = (*self._traded, g)
        if self.phase == "mercator" and len(self._traded) >= 2:
            self._finish_card()

    def _do_produce(self, prov: int) -> None:
        # Prefect: bonus good to the player (doubled for the Praefectus Magnus holder,
        # who then passes it to the right); marker flips; every house there produces.
        me = self.turn_player
        n = self.num_players
        g = self.province_goods[prov]
        bonus = 1
        if self.praefectus == me:
            bonus = 2
            self.praefectus = (me - 1) % n
        self.players[me].goods[g] += bonus
        self.markers[prov] = False
        for c in self.topo.province_cities[prov]:
            mask = self.houses[c]
            if mask:
                cg = self.city_goods[c]
                for s in range(n):
                    if mask >> s & 1:
                        self.players[s].goods[cg] += 1
        for i in range(n):
            s = (me + i) % n
            if self.players[s].used_space() > _CAP:
                self._overflow.append(s)
        self._settle_overflow()

    def _do_cash(self) -> None:
        p = self.players[self.turn_player]
        if self.phase == "prefect":
            # Cash neither doubles nor passes the Praefectus Magnus.
            p.money += self._prefect_cash()
            self.markers = [True] * len(self.markers)
        else:
            p.money += data.COLONIST_CASH_BASE + len(p.cols)
        self._finish_card()

    def _do_buy(self, a: BuyCard) -> None:
        p = self.players[self.turn_player]
        card = CARD_BY_ID[a.card]
        slot = self.display.index(card.index)
        goods = p.goods
        for g in card.cost:
            goods[GOOD_INDEX[g]] -= 1
        if self.phase == "senator":
            for x in _DISPLAY_EXTRA[slot]:
                if x >= 0:
                    goods[x] -= 1
            for g in a.choice:
                goods[GOOD_INDEX[g]] -= 1
        self.display[slot] = None
        p.hand.append(card.index)
        p.hand.sort()
        self._bought += 1
        if self._bought >= (2 if self.phase == "senator" else 1):
            self._finish_card()

    def _do_place(self, a: Place) -> None:
        p = self.players[self.turn_player]
        k = 0 if a.kind == "land" else 1
        p.goods[data.FOOD] -= 1
        p.goods[data.TOOL] -= 1
        p.store[k] -= 1
        p.cols.append((k, self.topo.city_by_slug[a.city]))
        p.cols.sort()
        if self.phase == "tribune":
            self._finish_card()
        else:
            self._placed += 1

    def _do_discard(self, g: int) -> None:
        p = self.players[self._overflow[0]]
        p.goods[g] -= 1
        self._settle_overflow()

    def _settle_overflow(self) -> None:
        """Drop seats whose storehouse fits; auto-resolve seats holding one kind."""
        while self._overflow:
            p = self.players[self._overflow[0]]
            excess = p.used_space() - _CAP
            if excess <= 0:
                self._overflow.pop(0)
                continue
            kinds = [g for g in range(NUM_GOODS) if p.goods[g]]
            if len(kinds) == 1:
                p.goods[kinds[0]] -= excess
                self._overflow.pop(0)
                continue
            self.phase = "overflow"
            return
        self._end_turn()

    def _finish_card(self) -> None:
        if self.phase == "senator" or self.phase == "consul":
            self._refill_display()
        elif self.phase == "first_buy":
            self.phase = "card"
            return
        self._end_turn()

    def _refill_display(self) -> None:
        cards = [c for c in self.display if c is not None]
        while len(cards) < data.DISPLAY_SIZE and self.deck:
            cards.append(self.deck.pop())
        self.display = list(cards)
        if not cards and not self.deck and self._bought:
            # Buying the last card ends the game for the buyer.
            self._trigger_end(self.turn_player)

    def _trigger_end(self, seat: int) -> None:
        if self.concordia is None:
            self.concordia = seat
            self.final_turns = self.num_players

    def _end_turn(self) -> None:
        p = self.players[self.turn_player]
        p.turns += 1
        self.points = 0
        if self.final_turns > 0:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.phase = "over"
                return
        self.turn_player = (self.turn_player + 1) % self.num_players
        nxt = self.players[self.turn_player]
        self.phase = "first_buy" if self.no_goods and nxt.turns == 0 else "card"
        if self.phase == "first_buy":
            self._traded = ()

    def _record_first_tribune(self, seat: int) -> None:
        """Intermediate scoring option: note the score at a seat's first Tribune; when
        every seat has one, the best gets 2 sestertii and the second best 1 (tied seats
        each get the reward of the place they share; a shared first place leaves no
        second place)."""
        self._first_tribune[seat] = self.score_of(seat).total
        if any(v is None for v in self._first_tribune):
            return
        values = [v for v in self._first_tribune if v is not None]
        ranked = sorted(set(values), reverse=True)
        place = 0
        for value in ranked:
            if place >= len(data.INTERMEDIATE_REWARDS):
                break
            winners = [s for s, v in enumerate(values) if v == value]
            for s in winners:
                self.players[s].money += data.INTERMEDIATE_REWARDS[place]
            place += len(winners)

    # ---------------------------------------------------------------- scoring
    def score_of(self, seat: int) -> Score:
        """Victory points of ``seat`` if the game ended now (rulebook, final scoring)."""
        p = self.players[seat]
        topo = self.topo
        gods = dict.fromkeys(data.GODS, 0)
        count = dict.fromkeys(data.GODS, 0)
        minerva = 0
        bit = 1 << seat
        own = [c for c, mask in enumerate(self.houses) if mask & bit]
        per_good = [0] * NUM_GOODS
        for c in own:
            per_good[self.city_goods[c]] += 1
        for c in (*p.hand, *p.discard):
            card = CARDS[c]
            count[card.god] += 1
            if card.action == "specialist":
                minerva += card.minerva_vp * per_good[GOOD_INDEX[card.good]]  # type: ignore[index]
        wealth = p.money + sum(p.goods[g] * PRICE[g] for g in range(NUM_GOODS))
        gods["Vesta"] = count["Vesta"] * (wealth // 10)
        non_brick = sum(per_good[1:])
        gods["Jupiter"] = count["Jupiter"] * min(data.JUPITER_MAX, non_brick)
        provinces = {topo.city_province[c] for c in own}
        gods["Saturnus"] = count["Saturnus"] * len(provinces)
        kinds = sum(1 for n in per_good if n)
        gods["Mercurius"] = count["Mercurius"] * min(data.MERCURIUS_MAX, 2 * kinds)
        gods["Mars"] = count["Mars"] * min(data.MARS_MAX, 2 * len(p.cols))
        gods["Minerva"] = minerva
        concordia = data.CONCORDIA_VP if self.concordia == seat else 0
        return Score(seat, gods, concordia, sum(gods.values()) + concordia)

    def scores(self) -> list[Score]:
        """Every seat's :class:`Score` (valid at any time, final when over)."""
        return [self.score_of(s) for s in range(self.num_players)]

    def ranking(self) -> tuple[int, ...]:
        """Seats best first. Ties: the Praefectus Magnus holder, then whoever would
        receive it next (it passes to the right, i.e. to the previous seat)."""
        n = self.num_players
        totals = [s.total for s in self.scores()]
        return tuple(sorted(range(n), key=lambda s: (-totals[s], (self.praefectus - s) % n)))

    def outcome(self) -> Outcome:
        """Final scores and ranking (also meaningful before the end, as a forecast)."""
        return Outcome(tuple(self.scores()), self.ranking())

    # ------------------------------------------------------- hidden information
    def view_for(self, seat: int | None) -> GameState:
        """The state as ``seat`` sees it: the order of the draw pile is hidden (put in a
        canonical order within each deck numeral). Everything else is public."""
        s = self.copy()
        s.deck = sorted(self.deck, key=_canonical_deck_key)
        s._deck_hidden = True
        return s

    @property
    def deck_hidden(self) -> bool:
        """True for a :meth:`view_for` state whose draw order is not the real one."""
        return self._deck_hidden

    def redeal(self, rng: random.Random) -> GameState:
        """A copy with the unseen draw pile shuffled again within each deck numeral
        (the stack keeps deck I cards above deck II, and so on), for determinized
        search. ``rng`` is the caller's generator."""
        s = self.copy()
        groups: dict[int, list[int]] = {}
        for c in self.deck:
            groups.setdefault(_DECK_RANK[CARDS[c].deck], []).append(c)  # type: ignore[index]
        deck: list[int] = []
        for rank in sorted(groups, reverse=True):  # highest numeral at the bottom
            g = sorted(groups[rank])
            rng.shuffle(g)
            deck.extend(g)
        s.deck = deck
        return s

    # ----------------------------------------------------------- equality
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        from concordia.core.record import state_to_dict

        return state_to_dict(self) == state_to_dict(other)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """A full JSON-safe snapshot (see :mod:`concordia.core.record`)."""
        from concordia.core.record import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, d: Any, board: BoardSpec | None = None) -> GameState:
        """Rebuild a state from :meth:`to_dict` output.

        Raises:
            InvalidRecordError: the snapshot is malformed, foreign or newer.
        """
        from concordia.core.record import state_from_dict

        state: GameState = state_from_dict(d, board)
        return state

    def __repr__(self) -> str:
        return (
            f"<GameState {self.board.name} {self.num_players}p step={self.step} "
            f"phase={self.phase} seat={self.current_player}>"
        )


def _canonical_deck_key(c: int) -> tuple[int, int]:
    # Bottom of the pile first: highest numeral first; within a numeral by index.
    return (-_DECK_RANK[CARDS[c].deck], c)  # type: ignore[index]
