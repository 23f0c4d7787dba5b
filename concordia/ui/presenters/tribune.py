"""The Tribune: the cards come back; then a colonist may be bought for Roma (a button
per kind in the action bar)."""

from __future__ import annotations

import math

import pygame

from concordia.core import CardAction, Phase
from concordia.core.data import CardDef
from concordia.ui.presenters.base import (
    Choice,
    Point,
    Presenter,
    SceneLike,
    card_rect,
    line_width,
    register,
)
from concordia.ui.presenters.colonist import place_choices
from concordia.ui.render.palette import CARD_INK
from concordia.ui.strings import t


@register
class Tribune(Presenter):
    phases = (Phase.TRIBUNE,)
    card = CardAction.TRIBUNE

    def prompt(self, scene: SceneLike, seat: int) -> str:
        return t(
            "game.choose_kind" if scene.selection.place_city is not None else "game.choose_tribune"
        )

    def choices(self, scene: SceneLike) -> list[Choice]:
        city = scene.selection.place_city
        return place_choices(scene, [city] if city is not None else scene.options().places)

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        # The cards come back: a turning arrow round a card.
        cx, cy = centre
        lw = line_width(r)
        card = card_rect(centre, r * 0.8, r * 1.1)
        pygame.draw.rect(surface, (250, 246, 232), card, border_radius=2)
        pygame.draw.rect(surface, CARD_INK, card, 1, border_radius=2)
        arc = card_rect(centre, 2 * r, 2 * r)
        pygame.draw.arc(surface, CARD_INK, arc, math.radians(20), math.radians(300), lw + 1)
        tip = (cx + r * math.cos(math.radians(20)), cy - r * math.sin(math.radians(20)))
        pygame.draw.polygon(
            surface,
            CARD_INK,
            [(tip[0] - r * 0.35, tip[1]), (tip[0] + r * 0.3, tip[1]), (tip[0], tip[1] + r * 0.45)],
        )
