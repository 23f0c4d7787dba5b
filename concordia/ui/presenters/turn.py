"""Choosing the card to play (between cards), and the words every card shares: a card
played, and a card finished."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import Action, Finish, GameState, Phase, PlayCard
from concordia.ui.presenters.base import Presenter, card_name, register

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


@register
class Turn(Presenter):
    phases = (Phase.CARD,)
    actions = (PlayCard, Finish)
    prompt_key = "game.choose_card"

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        if isinstance(action, PlayCard):
            return names.said("log.play", seat, card=card_name(action.card))
        return names.said("log.finish", seat)
