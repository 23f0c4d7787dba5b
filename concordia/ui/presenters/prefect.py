"""The Prefect: a province produces (clicked on the board), or the player takes the
cash."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Action, CardAction, Cash, GameState, Phase, Produce
from concordia.core.data import CardDef
from concordia.ui.presenters.base import Point, Presenter, line_width, register
from concordia.ui.render.palette import CARD_INK

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


@register
class Prefect(Presenter):
    phases = (Phase.PREFECT,)
    card = CardAction.PREFECT
    actions = (Produce, Cash)  # the Colonist's cash reads the same
    prompt_key = "game.choose_province"

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        if isinstance(action, Produce):
            return names.said("log.produce", seat, province=names.place(action.province))
        return names.said("log.cash", seat)

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        # A province's bonus marker turning out goods.
        cx, cy = centre
        lw = line_width(r)
        tile = pygame.Rect(0, 0, round(r * 1.6), round(r * 1.6))
        tile.center = (round(cx), round(cy))
        pygame.draw.rect(surface, (250, 246, 232), tile, border_radius=max(2, round(r / 4)))
        pygame.draw.rect(surface, CARD_INK, tile, lw, border_radius=max(2, round(r / 4)))
        pygame.draw.polygon(
            surface,
            (72, 136, 78),
            [(cx, cy - r * 0.6), (cx + r * 0.55, cy + r * 0.1), (cx - r * 0.55, cy + r * 0.1)],
        )
        bar = pygame.Rect(0, 0, round(r * 0.4), round(r * 0.45))
        bar.midtop = (round(cx), round(cy + r * 0.1))
        pygame.draw.rect(surface, (72, 136, 78), bar)
