"""A player's storehouse drawn as a row of its 12 spaces (main thread only).

Goods come first, grouped by kind: each group spans as many spaces as it holds units
and shows the good's icon (its shape, not only its colour) and the count. Waiting
colonists follow after a gap, in the seat's colour and shape. Free spaces are empty
outlined boxes. :func:`storehouse_legend` is the hover text that names it all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from concordia.core.data import GOODS, STOREHOUSE_SPACES
from concordia.ui.render import shapes
from concordia.ui.render.palette import INK, Colour
from concordia.ui.render.text import TextCache
from concordia.ui.strings import t, tn

CHIP_BG: Colour = (236, 228, 206)
FREE_EDGE: Colour = (120, 124, 140)


@dataclass
class StoreReport:
    """The boxes drawn: (what, rect) per group ("good:wine", "land", "sea", "free"),
    and each text with its box (for layout tests)."""

    groups: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)


def storehouse_slots(width: int, gap: int) -> int:
    """The side of one space for a row ``width`` pixels wide (one extra gap sets the
    colonists apart)."""
    return max(6, (width - gap * STOREHOUSE_SPACES) // STOREHOUSE_SPACES)


def draw_storehouse(
    surface: pygame.Surface,
    rect: pygame.Rect,
    goods: Sequence[int],
    store: Sequence[int],
    colour: Colour,
    mark: str,
    text: TextCache,
) -> StoreReport:
    """Draw the storehouse into ``rect`` (one row; the spaces are square, as tall as
    ``rect`` allows). ``goods`` are units per good in ``GOODS`` order, ``store`` the
    waiting [land, sea] colonists; ``colour`` and ``mark`` are the seat's."""
    report = StoreReport()
    gap = max(2, rect.height // 8)
    side = min(rect.height, storehouse_slots(rect.width, gap))
    x = rect.x
    y = rect.y + (rect.height - side) // 2
    count_size = max(8, round(side * 0.55))

    def chip(n: int, what: str, draw_icon: object) -> None:
        nonlocal x
        w = n * side + (n - 1) * gap
        box = pygame.Rect(x, y, w, side)
        pygame.draw.rect(surface, CHIP_BG, box, border_radius=3)
        pygame.draw.rect(surface, INK, box, 1, border_radius=3)
        icon_c = (x + side / 2, y + side / 2)
        assert callable(draw_icon)
        draw_icon(icon_c, side * 0.36)
        if n > 1:
            label = f"×{n}"
            img = text.render(label, count_size, INK, bold=True)
            room = pygame.Rect(x + side, y, w - side, side)
            r = img.get_rect(center=room.center)
            surface.blit(img, r)
            report.texts.append((label, r))
        # Thin ticks between the units keep the spaces countable.
        for i in range(1, n):
            tx = x + i * (side + gap) - gap // 2 - 1
            pygame.draw.line(surface, (190, 180, 156), (tx, y + 2), (tx, y + 3), 1)
            pygame.draw.line(surface, (190, 180, 156), (tx, y + side - 4), (tx, y + side - 3), 1)
        report.groups.append((what, box))
        x += w + gap

    for g, n in zip(GOODS, goods, strict=True):
        if n > 0:
            chip(n, f"good:{g}", lambda c, r, g=g: shapes.good_icon(surface, g, c, r))
    used = sum(goods) + sum(store)
    if sum(store):
        x += gap  # the colonists stand apart from the goods
        if store[0]:
            chip(
                store[0],
                "land",
                lambda c, r: shapes.land_colonist(surface, c, r * 0.95, colour, mark),
            )
        if store[1]:
            chip(
                store[1],
                "sea",
                lambda c, r: shapes.sea_colonist(surface, c, r * 0.95, colour, mark),
            )
    free = max(0, STOREHOUSE_SPACES - used)
    first = None
    for _ in range(free):
        if x + side > rect.right:
            break
        box = pygame.Rect(x, y, side, side)
        pygame.draw.rect(surface, FREE_EDGE, box, 1, border_radius=3)
        first = box if first is None else first.union(box)
        x += side + gap
    if first is not None:
        report.groups.append(("free", first))
    return report


def storehouse_legend(goods: Sequence[int], store: Sequence[int]) -> str:
    """The hover text: what each group is, and the free spaces."""
    parts = [f"{t('good.' + g)} ×{n}" for g, n in zip(GOODS, goods, strict=True) if n > 0]
    text = t("store.goods", goods=", ".join(parts)) if parts else t("store.no_goods")
    if store[0] or store[1]:
        text += " · " + t("store.colonists", land=store[0], sea=store[1])
    free = STOREHOUSE_SPACES - sum(goods) - sum(store)
    return f"{t('store.title', n=STOREHOUSE_SPACES)}: {text} · {tn('store.free', free)}"
