"""The pieces drawn over the base layer: province markers, houses and colonists (at
rest or sliding along a running :class:`~concordia.ui.render.anim.MoveTween`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from concordia.ui.render import board_labels, shapes
from concordia.ui.render.anim import HouseTween, MoveTween, Tween, pop_scale, progress
from concordia.ui.render.board_metrics import (
    COLONIST,
    COLONIST_MIN,
    HOUSE,
    HOUSE_ANGLES,
    HOUSE_MIN,
    MARKER_R,
    MARKER_R_MIN,
    NAME_MIN,
    NAME_SIZE,
)
from concordia.ui.render.camera import Point
from concordia.ui.render.palette import (
    INK,
    PAPER,
)

if TYPE_CHECKING:
    from concordia.ui.render.board_view import BoardRenderer, BoardState


def draw_province_markers(view: BoardRenderer, surface: pygame.Surface, state: BoardState) -> None:
    mr = view._px(MARKER_R, MARKER_R_MIN)
    for p in view.board.provinces:
        _, centre = board_labels.label_layout(view)[p.slug]
        if state.marker_active(p.slug):
            tile = pygame.Rect(0, 0, round(2 * mr), round(2 * mr))
            tile.center = centre
            pygame.draw.rect(surface, PAPER, tile, border_radius=max(2, round(mr / 4)))
            pygame.draw.rect(
                surface, INK, tile, max(1, round(mr / 8)), border_radius=max(2, round(mr / 4))
            )
            shapes.good_icon(surface, state.province_good(p.slug), centre, mr * 0.62)
        else:
            shapes.coin(surface, centre, mr)
            img = view.text.render(
                str(state.marker_coins(p.slug)), max(8, round(mr * 1.1)), INK, bold=True
            )
            surface.blit(img, img.get_rect(center=centre))


def draw_houses(
    view: BoardRenderer,
    surface: pygame.Surface,
    state: BoardState,
    tweens: Sequence[Tween] = (),
    now: float = 0.0,
) -> None:
    hs = view._px(HOUSE, HOUSE_MIN)
    popping = {(tw.city, tw.seat): progress(tw, now) for tw in tweens if isinstance(tw, HouseTween)}
    for slug in view.cities:
        seats = state.houses_in(slug)
        if not seats:
            continue
        cx, cy = view.city_pos(slug)
        dist = view.city_radius(slug) + hs * 1.5
        for seat in seats:
            a = math.radians(HOUSE_ANGLES[seat % len(HOUSE_ANGLES)])
            pos = (cx + dist * math.cos(a), cy + dist * math.sin(a))
            style = view.seat_style(seat)
            p = popping.get((slug, seat))
            if p is not None:
                ring = hs * (1.0 + 2.2 * p)
                pygame.draw.circle(surface, style.colour, pos, ring, max(1, round(3 * (1 - p))))
            shapes.house(
                surface,
                pos,
                hs * (pop_scale(p) if p is not None else 1.0),
                style.colour,
                style.shape,
            )


def piece_boxes(
    view: BoardRenderer, state: BoardState | None, tweens: Sequence[Tween], now: float
) -> list[pygame.Rect]:
    """The boxes of the colonists as drawn (badges keep clear of them)."""
    if state is None:
        return []
    size = view._px(COLONIST, COLONIST_MIN)
    out = []
    for (x, y), _, _, _ in colonist_places(view, state, tweens, now):
        r = pygame.Rect(0, 0, round(2.4 * size), round(2.4 * size))
        r.center = (round(x), round(y))
        out.append(r)
    return out


def colonist_places(
    view: BoardRenderer, state: BoardState, tweens: Sequence[Tween] = (), now: float | None = None
) -> list[tuple[Point, int, str, str]]:
    """:meth:`BoardRenderer.colonist_spots` plus where each colonist stands (city or route slug)."""
    t = view.time_source() if now is None else now
    size = view._px(COLONIST, COLONIST_MIN)
    in_city: dict[str, list[tuple[int, str]]] = {}
    on_route: dict[str, list[tuple[int, str]]] = {}
    for seat in range(state.num_players):
        for kind, where in state.colonists(seat):
            bucket = in_city if where in view.cities else on_route
            bucket.setdefault(where, []).append((seat, kind))
    moving: list[MoveTween] = []
    for tw in tweens:
        if not isinstance(tw, MoveTween) or progress(tw, t) >= 1.0:
            continue
        bucket = in_city if tw.dst in view.cities else on_route
        pieces = bucket.get(tw.dst, [])
        if (tw.seat, tw.kind) in pieces:  # drawn on its way instead
            pieces.remove((tw.seat, tw.kind))
            moving.append(tw)
    spots: list[tuple[Point, int, str, str]] = []
    name_h = view.font_px(NAME_SIZE, NAME_MIN) * 1.25
    for slug, pieces in in_city.items():
        cx, cy = view.city_pos(slug)
        top = cy + view.city_radius(slug) + name_h + size * 1.2
        per_row = 5
        step = size * 2.3
        for i, (seat, kind) in enumerate(sorted(pieces)):
            row, col = divmod(i, per_row)
            n = min(per_row, len(pieces) - row * per_row)
            pos = (cx + (col - (n - 1) / 2) * step, top + row * size * 2.4)
            spots.append((pos, seat, kind, slug))
    for slug, pieces in on_route.items():
        if not pieces:
            continue
        route = view._route_by_slug(slug, pieces[0][1])
        if route is None:
            continue
        n = len(pieces)
        spread = min(0.16, 0.6 / max(1, n))
        for i, (seat, kind) in enumerate(sorted(pieces)):
            f = 0.5 + (i - (n - 1) / 2) * spread
            spots.append((view.camera.world_to_screen(route.at(f)), seat, kind, slug))
    for tw in moving:
        spots.append((view.tween_point(tw, t), tw.seat, tw.kind, tw.dst))
    return spots


def draw_colonists(
    view: BoardRenderer,
    surface: pygame.Surface,
    state: BoardState,
    tweens: Sequence[Tween] = (),
    now: float | None = None,
) -> None:
    size = view._px(COLONIST, COLONIST_MIN)
    for pos, seat, kind in view.colonist_spots(state, tweens, now):
        colonist(view, surface, pos, size, seat, kind)


def colonist(
    view: BoardRenderer, surface: pygame.Surface, pos: Point, size: float, seat: int, kind: str
) -> None:
    draw = shapes.sea_colonist if kind == "sea" else shapes.land_colonist
    style = view.seat_style(seat)
    draw(surface, pos, size, style.colour, style.shape)
