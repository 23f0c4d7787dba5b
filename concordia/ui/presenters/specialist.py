"""The specialists (Mason, Farmer, Smith, Vintner, Weaver): every house of one good
produces at once, so they have no step of their own; each has its own rules page."""

from __future__ import annotations

import pygame

from concordia.core import CardAction
from concordia.core.data import CardDef
from concordia.ui.presenters.base import Point, Presenter, register
from concordia.ui.render import shapes
from concordia.ui.strings import t


@register
class Specialist(Presenter):
    card = CardAction.SPECIALIST

    def card_line(self, d: CardDef) -> str:
        return t("cardline.specialist", n=d.minerva_vp)

    def line_good(self, d: CardDef) -> str | None:
        return d.good or None

    def card_text(self, d: CardDef) -> str:
        return t("action.specialist", good=t("good." + (d.good or "")))

    def rules_page(self, d: CardDef) -> str:
        return d.name.lower()

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        if d.good:
            shapes.good_icon(surface, d.good, centre, r * 0.95)
        else:
            super().icon(surface, d, centre, r)
