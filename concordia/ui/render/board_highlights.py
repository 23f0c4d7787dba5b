"""Highlights on the board: rings round targets, thickened routes and the badges that
name each choice (placed clear of each other and of the pieces)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from concordia.ui.render import board_base, board_labels, shapes
from concordia.ui.render.board_metrics import (
    BADGE_MIN,
    BADGE_SIZE,
    HOUSE,
    HOUSE_MIN,
    LAND_W,
)
from concordia.ui.render.palette import (
    BADGE_BG,
    BADGE_TEXT,
    HIGHLIGHT,
    INK,
    LAND_ROUTE,
    SEA_ROUTE,
    SEA_ROUTE_EDGE,
)

if TYPE_CHECKING:
    from concordia.ui.render.board_view import BoardRenderer, Highlights


def resolve(view: BoardRenderer, highlights: Highlights) -> list[tuple[str, str, str]]:
    """Normalise highlight keys to (what, key, text); what is city/province/route."""
    out: list[tuple[str, str, str]] = []
    for key, text in highlights.items():
        if isinstance(key, tuple):
            what, slug = key
            if what in ("land", "sea"):
                if (what, slug) in view.routes:
                    out.append(("route", f"{what}:{slug}", text))
            elif what == "city" and slug in view.cities:
                out.append(("city", slug, text))
            elif what == "province" and slug in view.provinces:
                out.append(("province", slug, text))
        elif key in view.cities:
            out.append(("city", key, text))
        elif key in view.provinces:
            out.append(("province", key, text))
        else:
            for kind in ("land", "sea"):
                if (kind, key) in view.routes:
                    out.append(("route", f"{kind}:{key}", text))
    return out


def draw_route_highlights(
    view: BoardRenderer,
    surface: pygame.Surface,
    resolved: Iterable[tuple[str, str, str]],
    hover: Sequence[tuple[str, str, str]],
) -> None:
    z = view.camera.zoom
    width = max(6, round(14 * z))
    for what, key, _ in [*resolved, *hover]:
        if what != "route":
            continue
        kind, slug = key.split(":", 1)
        pts = [view.camera.world_to_screen(p) for p in view.routes[(kind, slug)].points]
        pygame.draw.lines(surface, HIGHLIGHT, False, pts, width)
        colour = LAND_ROUTE if kind == "land" else SEA_ROUTE
        if kind == "land":
            pygame.draw.lines(surface, colour, False, pts, max(3, round(LAND_W * z)))
        else:
            dot_r, spacing = board_base.sea_dots(view)
            shapes.dotted_polyline(surface, SEA_ROUTE_EDGE, colour, pts, dot_r, spacing)


def draw_place_highlights(
    view: BoardRenderer,
    surface: pygame.Surface,
    resolved: Iterable[tuple[str, str, str]],
    hover: Sequence[tuple[str, str, str]],
) -> None:
    # A steady ring (no pulse): a still picture lets the window idle (see App.frame).
    ring = max(3, round(5 * view.camera.zoom + 1))
    hovered = {(w, k) for w, k, _ in hover}
    for what, key, _ in [*resolved, *hover]:
        width = ring + 2 if (what, key) in hovered else ring
        if what == "city":
            centre = view.city_pos(key)
            r = view.city_radius(key) + max(3.0, 5 * view.camera.zoom)
            pygame.draw.circle(surface, INK, centre, r + 1, width + 2)
            pygame.draw.circle(surface, HIGHLIGHT, centre, r, width)
        elif what == "province":
            rect = board_labels.label_rects(view)[key].inflate(8, 6)
            pygame.draw.rect(surface, INK, rect.inflate(2, 2), width + 2, border_radius=8)
            pygame.draw.rect(surface, HIGHLIGHT, rect, width, border_radius=8)


def draw_badges(
    view: BoardRenderer,
    surface: pygame.Surface,
    resolved: Iterable[tuple[str, str, str]],
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    for box, img in badge_layout(view, resolved, avoid).values():
        pygame.draw.rect(surface, BADGE_BG, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, HIGHLIGHT, box, 2, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))


def badge_layout(
    view: BoardRenderer, resolved: Iterable[tuple[str, str, str]], avoid: Sequence[pygame.Rect] = ()
) -> dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]:
    """Where each badge is drawn (its box and text image), by (what, key) as in
    :func:`resolve`. A badge that would cover one placed before it, or a piece in
    ``avoid``, moves up, so every badge and piece can be seen and clicked (the hit
    tests use these same boxes)."""
    size = max(BADGE_MIN, round(BADGE_SIZE * view.camera.zoom))
    out: dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]] = {}
    placed: list[pygame.Rect] = list(avoid)
    for what, key, text in resolved:
        if not text:
            continue
        if what == "city":
            cx, cy = view.city_pos(key)
            anchor = (cx, cy - view.city_radius(key) - view._px(HOUSE, HOUSE_MIN) * 3.2)
        elif what == "province":
            rect = board_labels.label_rects(view)[key]
            anchor = (rect.centerx, rect.top - size * 0.9)
        else:
            kind, slug = key.split(":", 1)
            mx, my = view.route_midpoint(kind, slug)
            anchor = (mx, my - size * 1.4)
        img = view.text.render(text, size, BADGE_TEXT, bold=True)
        box = img.get_rect(center=(round(anchor[0]), round(anchor[1]))).inflate(size // 2 + 4, 4)
        # Nearest free spot: up, beside, below, then further out (one box at a time).
        w, h = box.width + 4, box.height + 2
        for dx, dy in _BADGE_SPOTS:
            moved = box.move(round(dx * w), round(dy * h))
            if moved.collidelist(placed) < 0:
                box = moved
                break
        placed.append(box)
        out[(what, key)] = (box, img)
    return out


#: Where a badge may go when its spot is taken, nearest first (in badge widths, heights).
_BADGE_SPOTS: tuple[tuple[float, float], ...] = (
    (0, 0),
    (0, -1),
    (0.6, 0),
    (-0.6, 0),
    (0, 1),
    (0.6, -1),
    (-0.6, -1),
    (0, -2),
    (1.2, 0),
    (-1.2, 0),
    (0, 2),
    (0, -3),
)
