"""Consul: buy one card of the display at its printed goods only, whatever its
position (rulebook, "Consul"). The shared purchase mechanics are in
:mod:`concordia.core.cards.purchase`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core.actions import Action, BuyCard
from concordia.core.cards import purchase
from concordia.core.cost import Cost
from concordia.core.phase import CONSUL

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

MAX_CARDS = 1


def begin(s: GameState, p: Player) -> None:
    s.phase = CONSUL
    s._bought = 0


def legal(s: GameState) -> tuple[Action, ...]:
    return purchase.legal(s, extra=False)


def buy(s: GameState, a: BuyCard) -> None:
    purchase.buy(s, a, extra=False, limit=MAX_CARDS)


def cost(s: GameState, a: BuyCard) -> Cost:
    return purchase.cost(s, a, extra=False)
