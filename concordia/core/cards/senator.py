"""Senator: buy up to two cards of the display, each at its printed goods plus the
goods under its display position ("any" = the buyer's choice) (rulebook, "Senator").
The shared purchase mechanics are in :mod:`concordia.core.cards.purchase`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core.actions import Action, BuyCard
from concordia.core.cards import purchase
from concordia.core.cost import Cost
from concordia.core.phase import SENATOR

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

MAX_CARDS = 2


def begin(s: GameState, p: Player) -> None:
    s.phase = SENATOR
    s._bought = 0


def legal(s: GameState) -> tuple[Action, ...]:
    return purchase.legal(s, extra=True)


def buy(s: GameState, a: BuyCard) -> None:
    purchase.buy(s, a, extra=True, limit=MAX_CARDS)


def cost(s: GameState, a: BuyCard) -> Cost:
    return purchase.cost(s, a, extra=True)
