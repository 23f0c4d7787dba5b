"""Every decision a player can make, as small immutable values with a text notation.

Each action names things by their notation ids (city and province slugs, card ids,
good names, seat numbers), never by reference into a state, so an action can be
stored, printed, parsed and compared. ``str(action)`` gives its one-line notation and
:func:`parse_action` inverts it::

    play architect          play a card from the hand (card id)
    move land roma aquileia-roma      move a colonist (kind, from, to-route)
    build aquileia          build a house (Architect)
    produce syria           Prefect: make a province produce
    cash                    Prefect or Colonist: take the cash option
    trade food +2           Mercator (or the no-goods first turn): buy (+) or sell (-)
    place sea roma          Colonist / Tribune: put a colonist from the storehouse on the board
    copy 2                  Diplomat: copy the top card of seat 2's discard pile
    buy II_consul wine      Senator / Consul: buy a display card, naming goods for "any"
    discard wine            storehouse overflow: throw one unit away
    finish                  end the current card's action
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from concordia.core.data import CARD_BY_ID, GOOD_INDEX
from concordia.core.errors import InvalidNotationError

if TYPE_CHECKING:
    from concordia.core.state import GameState


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from the hand (a turn starts with this)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Move:
    """Architect: move one colonist of ``kind`` from ``src`` (a city slug or a route
    slug) to the route ``dst``, paying the shortest distance in movement points."""

    kind: str
    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {self.kind} {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class Build:
    """Architect: build a house in a city next to an own colonist."""

    city: str

    def __str__(self) -> str:
        return f"build {self.city}"


@dataclass(frozen=True, slots=True)
class Produce:
    """Prefect: make a province whose bonus marker shows its good produce."""

    province: str

    def __str__(self) -> str:
        return f"produce {self.province}"


@dataclass(frozen=True, slots=True)
class Cash:
    """Prefect or Colonist: take the cash option instead."""

    def __str__(self) -> str:
        return "cash"


@dataclass(frozen=True, slots=True)
class Trade:
    """Mercator: buy (``amount > 0``) or sell (``amount < 0``) units of one good."""

    good: str
    amount: int

    def __str__(self) -> str:
        return f"trade {self.good} {self.amount:+d}"


@dataclass(frozen=True, slots=True)
class Place:
    """Colonist or Tribune: move a colonist of ``kind`` from the storehouse to a city."""

    kind: str
    city: str

    def __str__(self) -> str:
        return f"place {self.kind} {self.city}"


@dataclass(frozen=True, slots=True)
class Copy:
    """Diplomat: act as the top card of ``seat``'s discard pile."""

    seat: int

    def __str__(self) -> str:
        return f"copy {self.seat}"


@dataclass(frozen=True, slots=True)
class BuyCard:
    """Senator or Consul: buy a display card; ``choice`` names the goods paid for each
    "any" symbol under its display position (empty for the Consul)."""

    card: str
    choice: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("buy", self.card, *self.choice))


@dataclass(frozen=True, slots=True)
class Discard:
    """Storehouse overflow: throw one unit of a good away (the owner decides)."""

    good: str

    def __str__(self) -> str:
        return f"discard {self.good}"


@dataclass(frozen=True, slots=True)
class Finish:
    """End the current card's action (or the first-turn purchase of the variant)."""

    def __str__(self) -> str:
        return "finish"


Action: TypeAlias = (
    PlayCard | Move | Build | Produce | Cash | Trade | Place | Copy | BuyCard | Discard | Finish
)
ACTION_TYPES: tuple[type, ...] = (
    PlayCard,
    Move,
    Build,
    Produce,
    Cash,
    Trade,
    Place,
    Copy,
    BuyCard,
    Discard,
    Finish,
)
CASH = Cash()
FINISH = Finish()


def parse_action(text: str, state: GameState | None = None) -> Action:
    """Parse the notation of one action.

    With a ``state`` the action must also be legal in it.

    >>> parse_action("build aquileia")
    Build(city='aquileia')

    Raises:
        InvalidNotationError: the text is not an action, or not a legal one in ``state``.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"an action must be text, not {type(text).__name__}")
    words = text.split()
    action = _parse_words(words, text)
    if state is not None and action not in state.legal_actions():
        raise InvalidNotationError(f"{text!r} is not a legal action now")
    return action


def _kind(word: str, text: str) -> str:
    if word not in ("land", "sea"):
        raise InvalidNotationError(f"{text!r}: colonist kind must be land or sea, not {word!r}")
    return word


def _good(word: str, text: str) -> str:
    if word not in GOOD_INDEX:
        raise InvalidNotationError(f"{text!r}: unknown good {word!r}")
    return word


def _parse_words(words: list[str], text: str) -> Action:
    if not words:
        raise InvalidNotationError("empty action text")
    verb, args = words[0], words[1:]
    arity = {
        "play": 1,
        "move": 3,
        "build": 1,
        "produce": 1,
        "cash": 0,
        "trade": 2,
        "place": 2,
        "copy": 1,
        "discard": 1,
        "finish": 0,
    }
    if verb == "buy":
        if not args:
            raise InvalidNotationError(f"{text!r}: buy needs a card")
        if args[0] not in CARD_BY_ID:
            raise InvalidNotationError(f"{text!r}: unknown card {args[0]!r}")
        return BuyCard(args[0], tuple(_good(g, text) for g in args[1:]))
    if verb not in arity:
        raise InvalidNotationError(f"{text!r}: unknown action {verb!r}")
    if len(args) != arity[verb]:
        raise InvalidNotationError(f"{text!r}: {verb} takes {arity[verb]} argument(s)")
    if verb == "play":
        if args[0] not in CARD_BY_ID:
            raise InvalidNotationError(f"{text!r}: unknown card {args[0]!r}")
        return PlayCard(args[0])
    if verb == "move":
        return Move(_kind(args[0], text), args[1], args[2])
    if verb == "build":
        return Build(args[0])
    if verb == "produce":
        return Produce(args[0])
    if verb == "cash":
        return CASH
    if verb == "trade":
        try:
            amount = int(args[1])
        except ValueError:
            raise InvalidNotationError(f"{text!r}: amount must be a whole number") from None
        if amount == 0 or not args[1].startswith(("+", "-")):
            raise InvalidNotationError(f"{text!r}: amount must be signed and non-zero")
        return Trade(_good(args[0], text), amount)
    if verb == "place":
        return Place(_kind(args[0], text), args[1])
    if verb == "copy":
        if not (args[0].isascii() and args[0].isdigit()):
            raise InvalidNotationError(f"{text!r}: seat must be a number")
        return Copy(int(args[0]))
    if verb == "discard":
        return Discard(_good(args[0], text))
    return FINISH
