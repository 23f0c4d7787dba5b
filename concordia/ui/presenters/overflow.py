"""A full storehouse: the player throws goods away, one button per good."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import Action, Discard, GameState, Phase
from concordia.ui.presenters.base import Choice, Presenter, SceneLike, register
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


@register
class Overflow(Presenter):
    phases = (Phase.OVERFLOW,)
    actions = (Discard,)
    prompt_key = "game.choose_overflow"

    def choices(self, scene: SceneLike) -> list[Choice]:
        out = []
        for d in scene.options().discards:
            label = t("game.discard", good=t("good." + d.good))
            out.append(Choice(label, d, label, swatch=d.good))
        return out

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        assert isinstance(action, Discard)
        return names.said("log.discard", seat, good=t("good." + action.good))
