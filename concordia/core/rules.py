"""The registry of rules: one :class:`~concordia.core.cards.base.PhaseRule` per phase
and one :class:`~concordia.core.cards.base.CardRule` per card action.

:class:`~concordia.core.state.GameState` looks the rule of its phase up here to list,
carry out, price and finish decisions, and the rule of a card's action to play it. A
new card is a rule module in :mod:`concordia.core.cards` plus its line here (and its
:class:`~concordia.core.phase.Phase` and :class:`~concordia.core.phase.CardAction`
members); ``tests/core/test_card_rules.py`` checks that every phase and card action
has exactly one rule.

The two phases that belong to no card are here too: choosing a card to play
(:class:`ChooseCard`) and the end of the game (:class:`GameOver`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import storehouse
from concordia.core.actions import Action, Build, BuyCard, Cash, Move, Place, PlayCard, Trade
from concordia.core.cards import (
    architect,
    colonist,
    diplomat,
    mercator,
    prefect,
    purchase,
    specialist,
    tribune,
)
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.data import CARD_BY_ID, CARDS
from concordia.core.errors import IllegalActionError
from concordia.core.phase import CARD, OVER, CardAction, Phase

if TYPE_CHECKING:
    from concordia.core.state import GameState

# The key under which two cards play identically (two Architects are the same play;
# Mercators differ by their sestertii).
PLAY_KEY: tuple[tuple[str, int, str | None], ...] = tuple(
    (c.action, c.sestertii, c.good) for c in CARDS
)


class ChooseCard(PhaseRule):
    """Between cards: play one from the hand (it goes to the discard pile and its rule
    begins). Cards that play identically share one action, the first in hand order."""

    phase = CARD

    def legal(self, s: GameState) -> tuple[Action, ...]:
        seen: set[tuple[str, int, str | None]] = set()
        out: list[Action] = []
        for c in s.players[s.turn_player].hand:
            key = PLAY_KEY[c]
            if key not in seen:
                seen.add(key)
                out.append(PlayCard(CARDS[c].id))
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if not isinstance(a, PlayCard):
            raise IllegalActionError(f"{a} is not a card play")
        card = CARD_BY_ID[a.card].index
        p = s.players[s.turn_player]
        p.hand.remove(card)
        p.discard.append(card)
        s.begin_card(card)


class GameOver(PhaseRule):
    """The game has ended: nobody decides anything."""

    phase = OVER

    def legal(self, s: GameState) -> tuple[Action, ...]:
        return ()

    def apply(self, s: GameState, a: Action) -> None:
        raise IllegalActionError(f"{a}: the game is over")


PHASE_RULES: tuple[PhaseRule, ...] = (
    ChooseCard(),
    tribune.RULE,
    architect.RULE,
    prefect.RULE,
    mercator.RULE,
    mercator.FIRST_BUY_RULE,
    colonist.RULE,
    diplomat.RULE,
    purchase.SENATOR_RULE,
    purchase.CONSUL_RULE,
    storehouse.RULE,
    GameOver(),
)
CARD_RULES: tuple[CardRule, ...] = (
    tribune.RULE,
    architect.RULE,
    prefect.RULE,
    mercator.RULE,
    colonist.RULE,
    diplomat.RULE,
    purchase.SENATOR_RULE,
    purchase.CONSUL_RULE,
    specialist.RULE,
)
RULES: dict[Phase, PhaseRule] = {r.phase: r for r in PHASE_RULES}
RULE_OF_ACTION: dict[CardAction, CardRule] = {r.action: r for r in CARD_RULES}

# Who prices an action taken outside its own phase (a preview, such as the coins of a
# house shown between cards): the rule of the phase that takes it, Consul and Colonist
# where two phases take it (the Senator's and the Prefect's prices depend on the phase).
OFF_PHASE_PRICE: dict[type, PhaseRule] = {
    Move: architect.RULE,
    Build: architect.RULE,
    Place: colonist.RULE,
    Cash: colonist.RULE,
    Trade: mercator.RULE,
    BuyCard: purchase.CONSUL_RULE,
}
