"""Card faces, card names and texts, and the card tile button (hand and display).

ui2 replaces the drawing of card faces here: :func:`draw_card` is the only function that
paints a card, and :class:`CardButton` the frame around a clickable one.
"""

from __future__ import annotations

import pygame

from concordia.core import Action, GameState
from concordia.core.data import CARD_BY_ID, CardDef
from concordia.ui import theme
from concordia.ui.strings import t
from concordia.ui.targeting import price_badge
from concordia.ui.widgets import Button

__all__ = [
    "CardButton",
    "card_name",
    "card_text",
    "card_tooltip",
    "draw_card",
    "price_badge",
    "price_text",
]


class CardButton(Button):
    """A card tile that acts as a button; its face is drawn by the scene."""

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        if hover is not None and self.rect.collidepoint(hover):
            pygame.draw.rect(surface, theme.HILITE, self.rect.inflate(4, 4), 3, border_radius=8)
        else:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(2, 2), 2, border_radius=7)


def card_name(card: str) -> str:
    d = CARD_BY_ID[card]
    return t("card." + d.name.lower())


def card_text(d: CardDef) -> str:
    if d.action == "specialist":
        return t("action.specialist", good=t("good." + (d.good or "")))
    if d.action == "mercator":
        return t("action.mercator", n=d.sestertii)
    return t("action." + d.action)


def card_tooltip(card: str) -> str:
    d = CARD_BY_ID[card]
    god = t("god." + d.god)
    return (
        t("game.tip.hand_card", name=card_name(card), god=god, text=card_text(d))
        + f" [{god}: {t('godtip.' + d.god)}]"
    )


def price_text(state: GameState, action: Action) -> str:
    cost = state.cost(action)
    goods = ", ".join(f"{n} {t('good.' + g)}" for g, n in cost.goods if n > 0)
    if goods:
        return t("game.price", coins=cost.money, goods=goods)
    return t("game.price_coins", coins=cost.money)


def draw_card(
    surface: pygame.Surface,
    fonts: theme.Fonts,
    rect: pygame.Rect,
    card: str,
    hover: tuple[int, int] | None,
    dim: bool = False,
    key: int | None = None,
) -> None:
    d = CARD_BY_ID[card]
    k = fonts.scale
    god_colour = theme.GOD_COLOURS[d.god]
    bg = (236, 226, 200) if not dim else (150, 146, 136)
    pygame.draw.rect(surface, bg, rect, border_radius=6)
    font = fonts.get(10, True)
    band = pygame.Rect(rect.x, rect.y, rect.width, font.get_linesize() + 2)
    pygame.draw.rect(surface, god_colour, band, border_top_left_radius=6, border_top_right_radius=6)
    theme.text(
        surface,
        font,
        theme.fit(font, t("god." + d.god), rect.width - 6),
        (rect.centerx, band.centery),
        (255, 255, 255),
        "center",
    )
    name_font = fonts.get(12, True)
    name = theme.text(
        surface,
        name_font,
        theme.fit(name_font, card_name(card), rect.width - 6),
        (rect.centerx, band.bottom + round(2 * k)),
        (30, 26, 20),
        "midtop",
    )
    gs, gy = round(10 * k), name.bottom + round(2 * k)
    if d.deck:
        theme.text(
            surface, fonts.get(9), d.deck, (rect.right - round(4 * k), gy), (90, 80, 60), "topright"
        )
    gx = rect.x + round(5 * k)
    for g in d.cost:
        pygame.draw.rect(
            surface, theme.GOOD_COLOURS[g], pygame.Rect(gx, gy, gs, gs), border_radius=2
        )
        gx += gs + round(3 * k)
    if key is not None and rect.height > 60 * k:
        theme.text(
            surface,
            fonts.get(10),
            str(key),
            (rect.x + round(4 * k), rect.bottom - 3),
            (90, 80, 60),
            "bottomleft",
        )
    pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=6)
