"""The game state: the position, the shared mechanics and the dispatch to the cards.

Design (measured, see docs/benchmarks.md): a *mutable* state with a cheap
:meth:`GameState.copy`. The public :meth:`GameState.apply` copies first, so a state you
hold never changes under you; search code that owns a private copy may call
:meth:`GameState.apply_in_place`. Static data (the board, card definitions, the city
goods dealt at setup) is shared by reference between copies.

Every decision is one action (see :mod:`concordia.core.actions`). Playing a card opens
a *phase* (``state.phase``, a :class:`~concordia.core.phase.Phase`) in which the same
player takes the card's sub-decisions until the card is finished. The state looks the
rule of its phase up in :mod:`concordia.core.rules` (each card's rule is in its own
module of :mod:`concordia.core.cards`) and offers the rules a few turn-control
operations (see :mod:`concordia.core.cards.base`); scoring is in
:mod:`concordia.core.scoring`, snapshots in :mod:`concordia.core.snapshot`.

The state's fields are declared once, below (a dataclass): ``new_game``, ``copy()``
(see :mod:`concordia.core.fields`) and ``from_dict()`` all build a state through that
declaration, so adding a field is one line here (plus, for snapshots, the version
bump and migration described in :mod:`concordia.core.snapshot`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from concordia.core import data, hidden, rules, scoring, snapshot
from concordia.core.actions import Action, PlayCard
from concordia.core.board import KINDS, BoardSpec, Topology
from concordia.core.cards import architect, prefect, purchase
from concordia.core.cost import Cost
from concordia.core.data import CARD_BY_ID, CARDS, GOODS
from concordia.core.errors import IllegalActionError
from concordia.core.fields import COPY_EACH, COPY_LIST, make_copy
from concordia.core.phase import CARD, FIRST_BUY, OVER, OVERFLOW, Phase
from concordia.core.player import Player
from concordia.core.scoring import Outcome, Score

__all__ = ["Cost", "GameState", "Outcome", "Player", "Score"]

NUM_GOODS = len(GOODS)
_PLAY_KEY = rules.PLAY_KEY
_MARKER_COINS = prefect.MARKER_COINS


@dataclass(slots=True, eq=False, repr=False, kw_only=True)
class GameState:
    """A position of a game of Concordia.

    Create one with :func:`concordia.core.new_game`. Public read-only views are
    properties; the attributes without a leading underscore may be read but must
    not be changed by callers, and the turn-control methods (``finish_card``,
    ``end_turn``, ``record_trade``...) are for the rules in :mod:`concordia.core.rules`
    only. A state is not thread-safe: hand a :meth:`copy` (or the state itself, if
    nobody mutates it) to another thread.
    """

    board: BoardSpec
    topo: Topology
    num_players: int
    seed: int
    step: int = 0
    intermediate_scoring: bool = False
    no_goods: bool = False
    city_goods: tuple[int, ...]  # good per city index, -1 for the capital
    province_goods: tuple[int, ...]  # good shown on each province's bonus marker
    markers: list[bool] = field(metadata=COPY_LIST)  # True = good side up (province may produce)
    houses: list[int] = field(metadata=COPY_LIST)  # per city: bitmask of seats with a house there
    route_occ: list[int] = field(metadata=COPY_LIST)  # per route: number of colonists on it
    players: list[Player] = field(metadata=COPY_EACH)
    display: list[int | None] = field(metadata=COPY_LIST)
    deck: list[int] = field(metadata=COPY_LIST)  # draw pile, top card last
    praefectus: int
    turn_player: int = 0
    phase: Phase = CARD
    points: int = 0  # Architect movement points left
    concordia: int | None = None  # seat holding the Concordia card
    final_turns: int = -1  # turns left before the end once triggered, -1 before
    _card: int = 0  # index of the card whose action is being carried out
    _traded: tuple[int, ...] = ()  # goods traded in this Mercator (or first buy)
    _bought: int = 0  # cards bought in this Senator or Consul
    _placed: int = 0  # colonists placed in this Colonist
    _overflow: list[int] = field(metadata=COPY_LIST)  # seats whose storehouse overflows, in order
    _first_tribune: list[int | None] = field(metadata=COPY_LIST)  # intermediate scoring option
    _deck_hidden: bool = False  # a view_for() state: the draw order is not real

    # ------------------------------------------------------------------ basics
    def copy(self) -> GameState:
        """An independent copy (static board data is shared)."""
        return _copy(self)

    __copy__ = copy

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is; ``None`` when the game is over."""
        phase = self.phase
        if phase == OVER:
            return None
        if phase == OVERFLOW:
            return self._overflow[0]
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def card(self) -> str | None:
        """Id of the card whose action is being carried out (after a Diplomat: the
        copied card), or None between cards."""
        if self.phase in (CARD, OVER, FIRST_BUY):
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

    def house_price(self, city: str) -> tuple[tuple[str, ...], int]:
        """The goods and sestertii the next house in ``city`` costs (the Architect's
        price, whether or not anyone can build there now)."""
        g1, g2, coins = architect.build_price(self, self.topo.city_by_slug[city])
        return tuple(GOODS[g] for g in (g1, g2) if g >= 0), coins

    def cities_next_to(self, seat: int) -> list[str]:
        """The cities ``seat``'s colonists stand in or next to, where an Architect
        builds without moving (the capital included; its houses are not for sale)."""
        near = architect.cities_next_to(self, self.players[seat])
        return [self.topo.city_slugs[c] for c in sorted(near)]

    def card_price(self, slot: int) -> tuple[str, ...]:
        """What the card in display slot ``slot`` costs in the phase now: its printed
        goods, and under a Senator the goods under its slot too (``"any"``: a good of
        the buyer's choice); () for an empty slot."""
        return purchase.price(self, slot, self.phase == Phase.SENATOR)

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

    def play_for_card(self, card: str) -> PlayCard | None:
        """The legal :class:`PlayCard` that plays ``card`` (a card id in the current
        player's hand), or None. Cards that play identically (two Architects, the
        starting and a bought Diplomat) share one action: the lowest card id's."""
        if self.phase != CARD or card not in CARD_BY_ID:
            return None
        key = _PLAY_KEY[CARD_BY_ID[card].index]
        for c in self.players[self.turn_player].hand:
            if _PLAY_KEY[c] == key:
                return PlayCard(CARDS[c].id)
        return None

    # ----------------------------------------------------------- legal moves
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal decision of :attr:`current_player`, in a deterministic order."""
        return _LEGAL[self.phase](self)

    # ------------------------------------------------------------- costs
    def cost(self, action: Action) -> Cost:
        """What :attr:`current_player` pays for ``action`` in this state.

        Exact for every action whose price is shown before it is taken: Build,
        BuyCard, Place, Trade and Move (points); the cash options report the income
        as a negative ``money``. Other actions cost nothing up front.
        """
        rule = _RULES[self.phase]
        if not isinstance(action, rule.priced):
            rule = _OFF_PHASE_PRICE.get(type(action), rule)
        return rule.cost(self, action)

    # --------------------------------------------------------------- apply
    def apply(self, action: Action) -> GameState:
        """The state after ``action``; this state is left unchanged.

        Raises:
            IllegalActionError: ``action`` is not in :meth:`legal_actions`.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"{action} is not legal in phase {str(self.phase)!r} for seat {self.current_player}"
            )
        s = _copy(self)
        s._do(action)
        return s

    def apply_unchecked(self, action: Action) -> GameState:
        """Like :meth:`apply` without the legality check: the caller guarantees that
        ``action`` came from :meth:`legal_actions` of this state."""
        s = _copy(self)
        s._do(action)
        return s

    def apply_in_place(self, action: Action) -> None:
        """Mutate this state by a legal ``action`` (unchecked). Only for code that owns
        a private copy, such as a search or a playout."""
        self._do(action)

    def _do(self, a: Action) -> None:
        self.step += 1
        _APPLY[self.phase](self, a)

    # ---------------------------------------------- turn control, for the rules
    # The operations the card rules use to steer the turn (see concordia.core.cards.base).
    def begin_card(self, card: int) -> None:
        """Start the action of ``card`` (played, or copied by a Diplomat)."""
        self._card = card
        _BEGIN[card](self, self.players[self.turn_player], card)

    def finish_card(self) -> None:
        """End the card being carried out, as its phase's rule ends it."""
        _FINISH[self.phase](self)

    def trigger_end(self, seat: int) -> None:
        """``seat`` takes the Concordia card: every seat has one more turn."""
        if self.concordia is None:
            self.concordia = seat
            self.final_turns = self.num_players

    def end_turn(self) -> None:
        """The turn passes to the next seat (or the game ends after the last turn)."""
        p = self.players[self.turn_player]
        p.turns += 1
        self.points = 0
        if self.final_turns > 0:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.phase = OVER
                return
        self.turn_player = (self.turn_player + 1) % self.num_players
        nxt = self.players[self.turn_player]
        if self.no_goods and nxt.turns == 0:
            self.phase = FIRST_BUY
            self._traded = ()
        else:
            self.phase = CARD

    def queue_overflow(self, seat: int) -> None:
        """``seat``'s storehouse overflows: it throws goods away in its turn in the queue."""
        self._overflow.append(seat)

    def start_trades(self) -> None:
        """A Mercator begins: no kind of good traded yet."""
        self._traded = ()

    def record_trade(self, good: int) -> int:
        """A kind of good (index into ``GOODS``) was traded; the kinds traded so far."""
        self._traded = traded = (*self._traded, good)
        return len(traded)

    @property
    def traded_goods(self) -> tuple[int, ...]:
        """The kinds of good (indices into ``GOODS``) traded in this Mercator."""
        return self._traded

    def start_purchases(self) -> None:
        """A Senator or Consul begins: no card bought yet."""
        self._bought = 0

    def record_purchase(self) -> int:
        """A display card was bought; the cards bought so far in this card."""
        self._bought += 1
        return self._bought

    def start_placements(self) -> None:
        """A Colonist begins: no colonist placed yet."""
        self._placed = 0

    def record_placement(self) -> None:
        """A colonist was placed: the Colonist's cash option is gone."""
        self._placed += 1

    @property
    def placed(self) -> int:
        """Colonists placed in the current Colonist action."""
        return self._placed

    # ---------------------------------------------------------------- scoring
    def score_of(self, seat: int) -> Score:
        """Victory points of ``seat`` if the game ended now (rulebook, final scoring)."""
        return scoring.score_of(self, seat)

    def scores(self) -> list[Score]:
        """Every seat's :class:`Score` (valid at any time, final when over)."""
        return [self.score_of(s) for s in range(self.num_players)]

    def ranking(self) -> tuple[int, ...]:
        """Seats best first. Ties: the Praefectus Magnus holder, then whoever would
        receive it next (it passes to the right, i.e. to the previous seat)."""
        return scoring.ranking(self, [sc.total for sc in self.scores()])

    def outcome(self) -> Outcome:
        """Final scores and ranking (also meaningful before the end, as a forecast)."""
        return Outcome(tuple(self.scores()), self.ranking())

    # ------------------------------------------------------- hidden information
    def view_for(self, seat: int | None) -> GameState:
        """The state as ``seat`` sees it: the order of the draw pile is hidden (put in a
        canonical order within each deck numeral). Everything else is public."""
        return hidden.view(self)

    @property
    def deck_hidden(self) -> bool:
        """True for a :meth:`view_for` state whose draw order is not the real one."""
        return self._deck_hidden

    def redeal(self, rng: random.Random) -> GameState:
        """A copy with the unseen draw pile shuffled again within each deck numeral
        (the stack keeps deck I cards above deck II, and so on), for determinized
        search. ``rng`` is the caller's generator."""
        return hidden.redeal(self, rng)

    # ----------------------------------------------------------- snapshots
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return snapshot.state_to_dict(self) == snapshot.state_to_dict(other)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """A full JSON-safe snapshot (see :mod:`concordia.core.snapshot`)."""
        return snapshot.state_to_dict(self)

    @classmethod
    def from_dict(cls, d: Any, board: BoardSpec | None = None) -> GameState:
        """Rebuild a state from :meth:`to_dict` output (older versions are migrated).

        Raises:
            InvalidRecordError: the snapshot is malformed, foreign or newer.
        """
        s = cls(**snapshot.state_fields(d, board))
        snapshot.check_state(s)
        return s

    def __repr__(self) -> str:
        return (
            f"<GameState {self.board.name} {self.num_players}p step={self.step} "
            f"phase={self.phase} seat={self.current_player}>"
        )


_copy = make_copy(GameState)  # see concordia.core.fields

# The rules' methods by phase and by card index, looked up once here (a dictionary
# lookup and a call per decision).
_RULES = rules.RULES
_OFF_PHASE_PRICE = rules.OFF_PHASE_PRICE
_LEGAL: dict[str, Callable[[GameState], tuple[Action, ...]]] = {
    ph: r.legal for ph, r in _RULES.items()
}
_APPLY: dict[str, Callable[[GameState, Action], None]] = {ph: r.apply for ph, r in _RULES.items()}
_FINISH: dict[str, Callable[[GameState], None]] = {ph: r.finish for ph, r in _RULES.items()}
_BEGIN: tuple[Callable[[GameState, Player, int], None], ...] = tuple(
    rules.RULE_OF_ACTION[c.action].begin for c in CARDS
)
