"""Card faces, card names and texts, and the card tile button (hand and display).

:func:`draw_card` is the only function that paints a card (through
:class:`concordia.ui.render.cards.CardFaces`), and :class:`CardButton` the frame
around a clickable one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pygame

from concordia.core import Action, GameState
from concordia.ui import theme
from concordia.ui.render.cards import CardFaces, FaceReport, draw_chip
from concordia.ui.strings import tn
from concordia.ui.targeting import price_badge
from concordia.ui.widgets import Button

__all__ = [
    "CardButton",
    "CardChoiceButton",
    "draw_card",
    "price_badge",
    "price_text",
]


class CardButton(Button):
    """A card tile that acts as a button; its face is drawn by the scene. In an
    overlapped hand ``rect`` is the card's visible strip (what a click hits) and
    ``whole`` the full card, which is framed when the pointer is on the strip."""

    whole: pygame.Rect | None = None

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        if hover is not None and self.rect.collidepoint(hover):
            frame = self.whole or self.rect
            pygame.draw.rect(surface, theme.HILITE, frame.inflate(4, 4), 3, border_radius=8)
        else:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(2, 2), 2, border_radius=7)


class CardChoiceButton(Button):
    """A choice that is a card (the Diplomat's): a one-line card face above the name
    of its owner (``label``)."""

    card: str = ""
    report: FaceReport | None = None

    def __init__(self, *args: object, card: str, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.card = card

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        hovered = hover is not None and self.rect.collidepoint(hover)
        bg = theme.BUTTON_HOVER if hovered else theme.BUTTON
        pygame.draw.rect(surface, bg, self.rect, border_radius=6)
        border = theme.HILITE if self.selected or hovered else theme.BORDER
        pygame.draw.rect(surface, border, self.rect, 2 if hovered else 1, border_radius=6)
        inner = self.rect.inflate(-6, -4)
        chip_h = max(12, inner.height * 11 // 20)
        chip = pygame.Rect(inner.x, inner.y, inner.width, chip_h)
        self.report = draw_chip(FACES, surface, chip, self.card)
        owner = pygame.Rect(inner.x, chip.bottom, inner.width, inner.bottom - chip.bottom)
        FACES.label(
            surface, self.report, self.label, owner, owner.height, theme.TEXT, anchor="center"
        )


def goods_words(goods: Iterable[str]) -> str:
    """Goods counted and named: "2 bricks, 1 food" ("any": goods of the player's
    choice), in the order they first come."""
    return ", ".join(
        tn("game.price_any", n) if g == "any" else f"{n} {tn('good.' + g, n)}"
        for g, n in Counter(goods).items()
    )


def price_text(state: GameState, action: Action) -> str:
    cost = state.cost(action)
    goods = ", ".join(f"{n} {tn('good.' + g, n)}" for g, n in cost.goods if n > 0)
    if goods:
        return tn("game.price", cost.money, coins=cost.money, goods=goods)
    return tn("game.price_coins", cost.money, coins=cost.money)


#: The one card-face painter of the game screen (fonts and labels cached).
FACES = CardFaces()


def draw_card(
    surface: pygame.Surface,
    fonts: theme.Fonts,
    rect: pygame.Rect,
    card: str,
    hover: tuple[int, int] | None,
    dim: bool = False,
    key: int | None = None,
    *,
    worth: int | None = None,
    surcharge: tuple[str, ...] = (),
    spine: int | None = None,
) -> FaceReport:
    """Paint the face of ``card`` into ``rect`` (see :mod:`concordia.ui.render.cards`);
    ``worth`` is what it gives the viewer now (from :func:`concordia.ui.insight.card_worth`)."""
    return FACES.draw(
        surface, rect, card, worth=worth, surcharge=surcharge, dim=dim, key=key, spine=spine
    )
