"""The Diplomat: the top card of another player's discard pile is copied; the action
bar shows each such card with its owner."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Action, CardAction, Copy, GameState, Phase
from concordia.core.data import CardDef
from concordia.ui.presenters.base import (
    Choice,
    Point,
    Presenter,
    SceneLike,
    card_name,
    card_rect,
    card_tooltip,
    register,
)
from concordia.ui.render.palette import CARD_INK
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


@register
class Diplomat(Presenter):
    phases = (Phase.DIPLOMAT,)
    card = CardAction.DIPLOMAT
    actions = (Copy,)
    prompt_key = "game.choose_diplomat"

    def choices(self, scene: SceneLike) -> list[Choice]:
        state, seats = scene.state, scene.controller.seats
        out = []
        for copy in scene.options().copies:
            top_card = state.discard(copy.seat)[-1]
            label = t("game.copy", card=card_name(top_card), name=seats[copy.seat].name)
            tip = f"{label}. {card_tooltip(top_card)}"
            # The choice shows the card itself (a one-line face) and its owner.
            out.append(Choice(seats[copy.seat].name, copy, tip, card=top_card))
        return out

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        assert isinstance(action, Copy)
        pile = before.discard(action.seat)
        card = card_name(pile[-1]) if pile else "?"
        if action.seat == names.viewer:  # "Livia copies your Architect"
            return t("log.copy.yours", name=names.seat(seat), card=card)
        return names.said("log.copy", seat, card=card, other=names.seat(action.seat))

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        # One card copied onto another.
        cx, cy = centre
        for dx, dy, fill in ((-0.3, -0.25, (200, 190, 170)), (0.25, 0.2, (250, 246, 232))):
            card = card_rect((cx + dx * r, cy + dy * r), r * 0.95, r * 1.3)
            pygame.draw.rect(surface, fill, card, border_radius=2)
            pygame.draw.rect(surface, CARD_INK, card, 1, border_radius=2)
