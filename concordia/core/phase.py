"""The phases of a turn (what kind of decision the player to move takes now) and the
card actions (what a card does when played).

``Phase`` is a ``str`` enum, so ``state.phase == "architect"`` keeps working in tools,
tests and saves, and a snapshot stores the plain string. Between cards the phase is
``CARD``; playing a card opens the card's own phase until the card is finished.
The module-level names (``CARD``, ``ARCHITECT``, ...) are the same members, bound
once so that the rules' hot paths do not look them up on the class each time.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """What :attr:`~concordia.core.state.GameState.current_player` decides now."""

    CARD = "card"  # choose a card to play
    ARCHITECT = "architect"  # move colonists, build houses
    PREFECT = "prefect"  # produce in a province or take the cash
    MERCATOR = "mercator"  # trade up to two kinds of goods
    COLONIST = "colonist"  # place colonists or take the cash
    TRIBUNE = "tribune"  # after taking the cards back: pay for a colonist in Roma
    DIPLOMAT = "diplomat"  # choose whose top discard card to copy
    SENATOR = "senator"  # buy up to two display cards
    CONSUL = "consul"  # buy one display card at its printed price
    OVERFLOW = "overflow"  # a full storehouse: choose what to throw away
    FIRST_BUY = "first_buy"  # "start without goods" variant: the first purchase
    OVER = "over"  # the game has ended

    def __repr__(self) -> str:
        # The plain string it equals: messages such as "nobody can move in phase
        # 'over'" read as they did when phases were strings.
        return repr(self.value)


CARD: Final = Phase.CARD
ARCHITECT: Final = Phase.ARCHITECT
PREFECT: Final = Phase.PREFECT
MERCATOR: Final = Phase.MERCATOR
COLONIST: Final = Phase.COLONIST
TRIBUNE: Final = Phase.TRIBUNE
DIPLOMAT: Final = Phase.DIPLOMAT
SENATOR: Final = Phase.SENATOR
CONSUL: Final = Phase.CONSUL
OVERFLOW: Final = Phase.OVERFLOW
FIRST_BUY: Final = Phase.FIRST_BUY
OVER: Final = Phase.OVER


class CardAction(StrEnum):
    """The action of a card (:attr:`concordia.core.data.CardDef.action`): which rule of
    :mod:`concordia.core.rules` playing it starts."""

    TRIBUNE = "tribune"
    ARCHITECT = "architect"
    PREFECT = "prefect"
    MERCATOR = "mercator"
    COLONIST = "colonist"
    DIPLOMAT = "diplomat"
    SENATOR = "senator"
    CONSUL = "consul"
    SPECIALIST = "specialist"  # Mason, Farmer, Smith, Vintner, Weaver

    def __repr__(self) -> str:
        return repr(self.value)
