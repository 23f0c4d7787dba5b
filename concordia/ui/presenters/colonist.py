"""The Colonist: new colonists placed in cities (clicked on the board; a city where
both kinds may go asks which, in the action bar), or the cash."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from concordia.core import Action, CardAction, GameState, Phase, Place
from concordia.core.data import CardDef
from concordia.ui.presenters.base import Choice, Point, Presenter, SceneLike, register
from concordia.ui.render import shapes
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


def place_choices(scene: SceneLike, cities: Iterable[str]) -> list[Choice]:
    """A button for each colonist that may be placed in ``cities``."""
    opts = scene.options()
    out = []
    for city in cities:
        for place in opts.places.get(city, []):
            label = t(
                "game.place", kind=t("game.kind_" + place.kind), city=scene.place_name(place.city)
            )
            out.append(Choice(label, place, label))
    return out


@register
class Colonist(Presenter):
    phases = (Phase.COLONIST,)
    card = CardAction.COLONIST
    actions = (Place,)

    def prompt(self, scene: SceneLike, seat: int) -> str:
        if scene.selection.place_city is not None:
            return t("game.choose_kind")
        opts = scene.options()
        if not opts.places:
            p = scene.state.players[seat]
            why = "game.no_place_reason" if sum(p.store) else "game.no_place_waiting"
            return t(why) + (" · " + t("game.or_cash") if opts.cash else "")
        tail = t("game.or_cash") if opts.cash else t("game.or_finish")
        return f"{t('game.choose_place')}, {tail}"

    def choices(self, scene: SceneLike) -> list[Choice]:
        if scene.selection.place_city is None:
            return []  # the cities are chosen on the board
        return place_choices(scene, [scene.selection.place_city])

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        assert isinstance(action, Place)
        return names.said(
            "log.place",
            seat,
            kind=t("game.kind_" + action.kind),
            city=names.place(action.city),
        )

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        shapes.land_colonist(surface, centre, r * 0.85, (176, 160, 130), "circle")
