"""The cached base layer of the board: the background tiles scaled per zoom, the routes,
the city discs with their goods and names, and the province names."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui.render import board_labels, shapes
from concordia.ui.render.board_metrics import (
    BACKDROP,
    LAND_W,
    NAME_MIN,
    NAME_SIZE,
    SEA_W,
    TILE,
)
from concordia.ui.render.camera import Point
from concordia.ui.render.palette import (
    CITY_FILL,
    CITY_RING,
    INK,
    LAND_ROUTE,
    LAND_ROUTE_EDGE,
    PAPER,
    ROMA_FILL,
    ROMA_RING,
    SEA_ROUTE,
    SEA_ROUTE_EDGE,
)

if TYPE_CHECKING:
    from concordia.ui.render.board_view import BoardRenderer


def base_layer(view: BoardRenderer, goods: tuple[str | None, ...]) -> pygame.Surface:
    key = (view.camera.key(), goods)
    if view._base is not None and key == view._base_key:
        return view._base
    vp = view.viewport
    base = view._base
    if base is None or base.get_size() != vp.size:
        base = pygame.Surface(vp.size)
        if pygame.display.get_surface() is not None:
            base = base.convert()
    base.fill(BACKDROP)
    offset = (-vp.x, -vp.y)
    blit_background(view, base, offset)
    draw_routes(view, base, offset)
    draw_cities(view, base, offset, goods)
    board_labels.draw_province_names(view, base, offset)
    view._base, view._base_key = base, key
    return base


def blit_background(view: BoardRenderer, target: pygame.Surface, offset: Point) -> None:
    cam = view.camera
    z = cam.zoom
    zkey = round(z, 4)
    tiles = view._tiles.get(zkey)
    if tiles is None:
        if len(view._tiles) >= 3:
            view._tiles.pop(next(iter(view._tiles)))
        tiles = view._tiles[zkey] = {}
    wx, wy, ww, wh = cam.visible_world_rect()
    bw, bh = view.background.get_size()
    tx0, ty0 = max(0, int(wx // TILE)), max(0, int(wy // TILE))
    tx1 = min((bw - 1) // TILE, int((wx + ww) // TILE))
    ty1 = min((bh - 1) // TILE, int((wy + wh) // TILE))
    sx0 = cam.viewport.x + offset[0] - cam.offset[0] * z
    sy0 = cam.viewport.y + offset[1] - cam.offset[1] * z
    for ty in range(ty0, ty1 + 1):
        top = round(ty * TILE * z)
        bottom = round(min((ty + 1) * TILE, bh) * z)
        for tx in range(tx0, tx1 + 1):
            left = round(tx * TILE * z)
            right = round(min((tx + 1) * TILE, bw) * z)
            img = tiles.get((tx, ty))
            if img is None:
                src = view.background.subsurface(
                    pygame.Rect(
                        tx * TILE,
                        ty * TILE,
                        min(TILE, bw - tx * TILE),
                        min(TILE, bh - ty * TILE),
                    )
                )
                size = (max(1, right - left), max(1, bottom - top))
                img = pygame.transform.smoothscale(src, size)
                tiles[(tx, ty)] = img
            target.blit(img, (round(sx0) + left, round(sy0) + top))


def draw_routes(view: BoardRenderer, target: pygame.Surface, offset: Point) -> None:
    z = view.camera.zoom
    land_w = max(3, round(LAND_W * z))
    dot_r, spacing = sea_dots(view)
    for route in view.routes.values():
        pts = [view._screen(p, offset) for p in route.points]
        if route.spec.kind == "land":
            # A road: one solid brown band with a pale edge.
            pygame.draw.lines(target, LAND_ROUTE_EDGE, False, pts, land_w + 4)
            pygame.draw.lines(target, LAND_ROUTE, False, pts, land_w)
        else:
            # A sea lane: a chain of pale dots ringed in navy, never a line, so it
            # reads as sea even right beside a road (Roma-Syracusae).
            shapes.dotted_polyline(target, SEA_ROUTE_EDGE, SEA_ROUTE, pts, dot_r, spacing)


def sea_dots(view: BoardRenderer) -> tuple[float, float]:
    """Radius and spacing of the sea-route dots (screen px) at this zoom."""
    z = view.camera.zoom
    r = max(2.0, SEA_W * 0.55 * z)
    return r, max(3.4 * r, 7.0)


def draw_cities(
    view: BoardRenderer, target: pygame.Surface, offset: Point, goods: tuple[str | None, ...]
) -> None:
    name_size = view.font_px(NAME_SIZE, NAME_MIN)
    for (slug, city), good in zip(view.cities.items(), goods, strict=True):
        centre = view._screen((city.x, city.y), offset)
        r = view.city_radius(slug)
        line = max(2, round(r / 8))
        if slug == view.capital_slug:
            pygame.draw.circle(target, ROMA_RING, centre, r + line)
            pygame.draw.circle(target, ROMA_FILL, centre, r)
            pygame.draw.circle(target, ROMA_RING, centre, r * 0.82, max(1, line // 2))
            shapes.temple(target, centre, r * 0.55, ROMA_RING)
        else:
            pygame.draw.circle(target, CITY_RING, centre, r + line)
            pygame.draw.circle(target, CITY_FILL, centre, r)
            if good is not None:
                shapes.good_icon(target, good, centre, r * 0.62)
            if city.letter:
                lr = max(6.0, r * 0.42)
                lc = (centre[0] - r * 0.78, centre[1] + r * 0.72)
                pygame.draw.circle(target, INK, lc, lr)
                img = view.text.render(city.letter, max(8, round(lr * 1.3)), PAPER, bold=True)
                target.blit(img, img.get_rect(center=(round(lc[0]), round(lc[1]))))
        label = city.label or city.name
        img = view.text.render(label, name_size, INK, bold=True, halo=PAPER)
        target.blit(img, img.get_rect(midtop=(round(centre[0]), round(centre[1] + r + line))))
