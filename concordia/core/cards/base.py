"""The interface every rule implements: a phase's decisions, and what playing a card does.

A :class:`PhaseRule` is the rule of one :class:`~concordia.core.phase.Phase`: the legal
decisions in it (:meth:`~PhaseRule.legal`), what each does (:meth:`~PhaseRule.apply`),
the price shown before one is taken (:meth:`~PhaseRule.cost`) and how the phase ends
(:meth:`~PhaseRule.finish`). A :class:`CardRule` is the rule of one
:class:`~concordia.core.phase.CardAction`: what playing the card does
(:meth:`~CardRule.begin`), usually opening its phase. Most cards are both; a specialist
opens no phase. :mod:`concordia.core.rules` registers one rule per phase and per card
action, and :class:`~concordia.core.state.GameState` dispatches by looking them up.

A rule changes the position (players, board, display, markers, ``phase``, ``points``)
as the rulebook says, and talks to the turn only through the state's turn-control
operations, never its private fields:

* ``finish_card()`` ends the card (the phase rule's :meth:`~PhaseRule.finish`),
  ``end_turn()`` passes the turn, ``begin_card(card)`` starts a card's action (the
  Diplomat), ``trigger_end(seat)`` gives ``seat`` the Concordia card;
* ``queue_overflow(seat)`` queues a full storehouse (:mod:`concordia.core.storehouse`);
* the tallies of the card in progress: ``start_trades()``, ``record_trade(good)`` and
  ``traded_goods`` (Mercator); ``start_purchases()``, ``record_purchase()`` and
  ``bought`` (Senator, Consul); ``start_placements()``, ``record_placement()`` and
  ``placed`` (Colonist).

A test (``tests/core/test_card_rules.py``) fails if a module of this package touches a
private member of anything but ``self``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from concordia.core.cost import Cost

if TYPE_CHECKING:
    from concordia.core.actions import Action
    from concordia.core.phase import CardAction, Phase
    from concordia.core.player import Player
    from concordia.core.state import GameState


class PhaseRule(ABC):
    """The decisions of one phase. One instance per phase, shared by every state."""

    phase: Phase
    # The action types whose price cost() gives (anything else costs nothing here).
    priced: tuple[type, ...] = ()

    @abstractmethod
    def legal(self, s: GameState) -> tuple[Action, ...]:
        """Every legal decision of the player to move, in a deterministic order."""

    @abstractmethod
    def apply(self, s: GameState, a: Action) -> None:
        """Carry out ``a``, one of :meth:`legal`'s actions (not checked)."""

    def cost(self, s: GameState, a: Action) -> Cost:
        """What the player to move pays for ``a`` (see ``GameState.cost``)."""
        return Cost()

    def finish(self, s: GameState) -> None:
        """End the phase's card: by default the turn passes."""
        s.end_turn()


class CardRule(ABC):
    """What playing a card of one action does. One instance per card action."""

    action: CardAction

    @abstractmethod
    def begin(self, s: GameState, p: Player, card: int) -> None:
        """``p`` (the player to move) has played or copied the card of index ``card``."""
