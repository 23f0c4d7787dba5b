"""The storehouse overflow (rulebook, "Storehouse"): 12 spaces for goods and waiting
colonists. Whoever holds more after a production throws goods of their choice away,
in turn order from the producing player; a seat holding a single kind of good has no
choice and is settled at once. When nobody overflows any more, the turn ends.

The queue of overflowing seats is the state's (it is saved with it); this module is
its rule, so it reads the queue where the card rules may only add to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.actions import Action, Discard
from concordia.core.cards.base import PhaseRule
from concordia.core.data import GOOD_INDEX, GOODS
from concordia.core.errors import IllegalActionError
from concordia.core.phase import OVERFLOW

if TYPE_CHECKING:
    from concordia.core.state import GameState

_CAP = data.STOREHOUSE_SPACES
_NUM_GOODS = len(GOODS)


def check(s: GameState, seat: int) -> None:
    """Queue ``seat`` to throw goods away if its storehouse overflows."""
    if s.players[seat].used_space() > _CAP:
        s.queue_overflow(seat)


def settle(s: GameState) -> None:
    """Drop seats whose storehouse fits; auto-resolve seats holding one kind; when
    nobody overflows any more, the turn ends."""
    overflow = s._overflow
    while overflow:
        p = s.players[overflow[0]]
        excess = p.used_space() - _CAP
        if excess <= 0:
            overflow.pop(0)
            continue
        kinds = [g for g in range(_NUM_GOODS) if p.goods[g]]
        if len(kinds) == 1:
            p.goods[kinds[0]] -= excess
            overflow.pop(0)
            continue
        s.phase = OVERFLOW
        return
    s.end_turn()


class Overflow(PhaseRule):
    """The first queued seat throws one unit away per decision until its storehouse
    fits."""

    phase = OVERFLOW

    def legal(self, s: GameState) -> tuple[Action, ...]:
        p = s.players[s._overflow[0]]
        return tuple(Discard(GOODS[g]) for g in range(_NUM_GOODS) if p.goods[g])

    def apply(self, s: GameState, a: Action) -> None:
        if not isinstance(a, Discard):  # the only decision of the phase
            raise IllegalActionError(f"{a} is not a decision of a full storehouse")
        s.players[s._overflow[0]].goods[GOOD_INDEX[a.good]] -= 1
        settle(s)


RULE = Overflow()
