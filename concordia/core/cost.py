"""What an action costs the player who takes it (the price shown before it is taken)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Cost:
    """What the acting player pays for an action (negative ``money`` = receives).

    ``goods`` maps a good name to units paid (negative = received); ``points`` is the
    Architect movement points a :class:`~concordia.core.actions.Move` uses.
    """

    money: int = 0
    goods: tuple[tuple[str, int], ...] = ()
    points: int = 0

    def goods_dict(self) -> dict[str, int]:
        return dict(self.goods)
