"""What a button of the game window carries when it is not a legal action: a typed
command, decoded by :func:`concordia.ui.game.controls.on_button` (one ``match``), and
compared by the hint and the guide to find the button that leads to a step."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from concordia.core import Trade
from concordia.ui.targeting import SelectColonist

__all__ = ["ButtonValue", "Command", "PayFor", "SelectColonist", "TradePlan", "TradeStep"]


class Command(enum.Enum):
    """A command of the game window that takes no argument."""

    MENU = "menu"
    SAVE = "save"
    SCORES = "scores"
    RULES = "rules"
    UNDO = "undo"
    HINT = "hint"
    END_TURN = "end_turn"


@dataclass(frozen=True)
class PayFor:
    """Senator, Consul: choose how to pay for the display card ``card`` (the action bar
    then lists the ways)."""

    card: str


@dataclass(frozen=True)
class TradeStep:
    """Mercator: one step of ``good``'s amount in the trade panel (``delta`` +1 or -1)."""

    good: str
    delta: int


@dataclass(frozen=True)
class TradePlan:
    """Mercator: the sales planned on the panel's other rows, then the purchase they pay
    for (each legal in turn, as the core checks when each is played)."""

    actions: tuple[Trade, ...]


#: A game button's payload besides a legal action (``SelectColonist``: the Architect's
#: colonist to move, as on the board).
ButtonValue = Command | SelectColonist | PayFor | TradeStep | TradePlan
