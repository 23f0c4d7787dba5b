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


def inland(state: GameState, city: str) -> bool:
    """True for a city no sea route reaches: a sea colonist there can never move."""
    topo = state.topo
    return not topo.city_routes[topo.city_by_slug[city]][1]


def inland_warning(scene: SceneLike, places: Iterable[Place]) -> str | None:
    """The words for a sea colonist among ``places`` that would stand in an inland city,
    or None.

    The rules let the Colonist place either kind in Roma or in any city with a house of
    yours; none forbids a sea colonist inland (the Italian guide only says a fleet
    there "makes no sense"). So the core offers it, and the player is told that it can
    never move from there (found by hand: it was placed with no word)."""
    for place in places:
        if place.kind == "sea" and inland(scene.state, place.city):
            return t("game.place_inland", city=scene.place_name(place.city))
    return None


def place_choices(scene: SceneLike, cities: Iterable[str]) -> list[Choice]:
    """A button for each colonist that may be placed in ``cities``."""
    opts = scene.options()
    out = []
    for city in cities:
        for place in opts.places.get(city, []):
            label = t(
                "game.place", kind=t("game.kind_" + place.kind), city=scene.place_name(place.city)
            )
            warning = inland_warning(scene, [place])
            out.append(Choice(label, place, f"{label}. {warning}" if warning else label))
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
