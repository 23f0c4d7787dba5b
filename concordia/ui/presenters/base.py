"""What every presenter provides, the registry that finds them, and the card words
that ask them.

A presenter is how one step of a turn is shown: a card's own decisions (the
Architect's moves and builds, the Senator's purchases, ...), choosing the card, or a
full storehouse. It answers the panels' questions about its step: the prompt of the
top bar, the choice buttons of the action bar, whether the trade panel or the display
takes the clicks, the words of its actions in the log and the hint, and, for a card,
its icon, its one-line text and its rules page. The panels look it up by the phase
(:func:`for_phase`), by the card (:func:`for_card`) or by an action's type
(:func:`for_action`) instead of branching on them.

Each presenter module registers its presenters with :func:`register`; the package's
``__init__`` imports every module, so the registry is full once the package is
imported. A new card is one new module (listed there) plus its strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

import pygame

from concordia.core import Action, CardAction, GameState, Phase
from concordia.core.data import CARD_BY_ID, CardDef
from concordia.ui.render.palette import CARD_INK
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.controller import GameController
    from concordia.ui.game.describe import Names
    from concordia.ui.targeting import Options, Selection

Point = tuple[float, float]


class ColonistOrder(Protocol):
    def colonist_order(self) -> list[tuple[str, str]]: ...


class SceneLike(Protocol):
    """What a presenter reads of the game scene."""

    @property
    def state(self) -> GameState: ...

    @property
    def controller(self) -> GameController: ...

    @property
    def selection(self) -> Selection: ...

    @property
    def bar(self) -> ColonistOrder: ...

    def options(self) -> Options: ...

    def place_name(self, slug: str) -> str: ...


@dataclass(frozen=True)
class Choice:
    """One choice button of the action bar (its payload is a legal action or a UI step)."""

    label: str
    value: object
    tip: str
    selected: bool = False
    swatch: str | None = None
    card: str | None = None  # shown as a card face (a Diplomat's choice)


class Presenter:
    """The defaults: a prompt from :attr:`prompt_key` (else the phase's name), no
    choice buttons, no words, a plain circle for an icon."""

    #: The phases it presents (none for a card that has no decisions of its own).
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: The card it presents (``CardDef.action``), or None.
    card: ClassVar[CardAction | None] = None
    #: The action types whose words it gives (log, hint, the AI's pending move).
    actions: ClassVar[tuple[type, ...]] = ()
    #: The strings key of the prompt when nothing more is to be said.
    prompt_key: ClassVar[str] = ""
    #: The trade panel takes the player's choices.
    trades: ClassVar[bool] = False
    #: The display's cards are bought by clicking them.
    buys_display: ClassVar[bool] = False
    #: A display card costs only its printed goods (the Consul: no position surcharge).
    printed_price: ClassVar[bool] = False
    #: Colonists move and houses are built by clicking the board.
    board_moves: ClassVar[bool] = False

    def prompt(self, scene: SceneLike, seat: int) -> str:
        """What the human ``seat`` deciding now should do."""
        phase = scene.state.phase
        return t(self.prompt_key) if self.prompt_key else t("phase." + phase)

    def choices(self, scene: SceneLike) -> list[Choice]:
        """The choice buttons of the action bar."""
        return []

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        """One log line for ``action`` (one of :attr:`actions`) by ``seat``."""
        return names.said("log.finish", seat)

    def card_line(self, d: CardDef) -> str:
        """The one line of text under the card's name."""
        return t("cardline." + d.action)

    def card_text(self, d: CardDef) -> str:
        """What the card does, in a sentence (its tooltip)."""
        return t("action." + d.action)

    def line_good(self, d: CardDef) -> str | None:
        """A good whose icon follows :meth:`card_line` on the face, or None."""
        return None

    def rules_page(self, d: CardDef) -> str:
        """The rules page of the card (a :data:`~concordia.ui.rules_pages.CARD_KINDS`)."""
        return d.action

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        """A small picture of the card's action, drawn in code."""
        pygame.draw.circle(surface, CARD_INK, centre, r, line_width(r))


def line_width(r: float) -> int:
    """The line width of an icon of radius ``r``."""
    return max(1, round(r / 5))


def card_rect(centre: Point, w: float, h: float) -> pygame.Rect:
    """A ``w`` x ``h`` rectangle centred on ``centre`` (a small card of an icon)."""
    rect = pygame.Rect(0, 0, round(w), round(h))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


# ---------------------------------------------------------------------- the registry
_BY_PHASE: dict[Phase, Presenter] = {}
_BY_CARD: dict[str, Presenter] = {}
_BY_ACTION: dict[type, Presenter] = {}
_DEFAULT = Presenter()

P = TypeVar("P", bound=type[Presenter])


def register(cls: P) -> P:
    """Class decorator: one instance of ``cls`` presents its phases, card and actions."""
    presenter = cls()
    for phase in cls.phases:
        assert phase not in _BY_PHASE, f"two presenters for {phase}"
        _BY_PHASE[phase] = presenter
    if cls.card is not None:
        assert cls.card not in _BY_CARD, f"two presenters for {cls.card}"
        _BY_CARD[cls.card] = presenter
    for kind in cls.actions:
        assert kind not in _BY_ACTION, f"two presenters for {kind.__name__}"
        _BY_ACTION[kind] = presenter
    return cls


def for_phase(phase: Phase) -> Presenter:
    """The presenter of ``phase`` (the defaults for one without, the game's end)."""
    return _BY_PHASE.get(phase, _DEFAULT)


def for_card(action: str) -> Presenter:
    """The presenter of the card whose ``CardDef.action`` is ``action``."""
    return _BY_CARD.get(action, _DEFAULT)


def for_action(action: Action) -> Presenter:
    """The presenter that words ``action``."""
    return _BY_ACTION.get(type(action), _DEFAULT)


def card_presenters() -> list[Presenter]:
    """Every card's presenter, in the order the package registers them."""
    return list(_BY_CARD.values())


# ---------------------------------------------------------------------- card words
def card_name(card: str) -> str:
    """A card's name (a core card id) in the language shown."""
    return t("card." + CARD_BY_ID[card].name.lower())


def card_line(d: CardDef) -> str:
    """The one line of text under a card's name."""
    return for_card(d.action).card_line(d)


def card_text(d: CardDef) -> str:
    """What a card does, in a sentence."""
    return for_card(d.action).card_text(d)


def card_tooltip(card: str) -> str:
    """A card's tooltip: its name, god and action, and what its god scores."""
    d = CARD_BY_ID[card]
    god = t("god." + d.god)
    return (
        t("game.tip.hand_card", name=card_name(card), god=god, text=card_text(d))
        + f" [{god}: {t('godtip.' + d.god)}]"
    )


def action_icon(surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
    """A small picture of a card's action, drawn in code by its presenter."""
    for_card(d.action).icon(surface, d, centre, r)
