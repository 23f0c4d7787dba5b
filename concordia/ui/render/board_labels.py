"""Province names and bonus markers on the board: where each goes (clear of the cities,
their names and each other, at every zoom) and the names drawn into the base layer."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from concordia.core.board import ProvinceSpec
from concordia.ui.render.board_metrics import (
    CITY_R,
    COLONIST,
    HOUSE,
    MARKER_R,
    MARKER_R_MIN,
    NAME_MIN,
    NAME_SIZE,
    PROVINCE_FLOOR,
    PROVINCE_MIN,
    PROVINCE_SIZE,
    ROMA_R,
)
from concordia.ui.render.camera import Camera, Point
from concordia.ui.render.palette import (
    PAPER,
    PROVINCE_TEXT,
)

if TYPE_CHECKING:
    from concordia.ui.render.board_view import BoardRenderer


def place_province_labels(view: BoardRenderer) -> dict[str, Point]:
    """Move each province label (at zoom 1) to a nearby spot clear of the cities,
    their names and houses, the routes and the labels already placed."""
    name_font = view.text.font(round(NAME_SIZE), bold=True)
    label_font = view.text.font(round(PROVINCE_SIZE), bold=True)
    obstacles: list[pygame.Rect] = []
    for slug, c in view.cities.items():
        r = ROMA_R if slug == view.capital_slug else CITY_R
        top = r + HOUSE * 3.0
        obstacles.append(
            pygame.Rect(
                round(c.x - r - HOUSE * 2.5),
                round(c.y - top),
                round(2 * (r + HOUSE * 2.5)),
                round(top + r + 4),
            )
        )
        w, h = name_font.size(c.label or c.name)
        obstacles.append(pygame.Rect(round(c.x - w / 2), round(c.y + r), w, h + 4))
        if slug == view.capital_slug:
            obstacles.append(
                pygame.Rect(
                    round(c.x - 6 * COLONIST),
                    round(c.y + r + h),
                    round(12 * COLONIST),
                    round(6 * COLONIST),
                )
            )
    segments = [seg for route in view.routes.values() for seg in itertools.pairwise(route.points)]
    placed: dict[str, Point] = {}
    for p in view.board.provinces:
        w, h = label_font.size(_spaced(p.label or p.name.upper()))
        w += round(2 * MARKER_R + 8)
        best: tuple[float, Point] = (math.inf, (p.x, p.y))
        for dy in range(-100, 101, 10):
            for dx in range(-180, 181, 15):
                cx, cy = p.x + dx, p.y + dy
                rect = pygame.Rect(round(cx - w / 2 + MARKER_R), round(cy - h / 2), w, h)
                if not (
                    rect.left >= 0
                    and rect.right <= view.board.width
                    and rect.top >= 0
                    and rect.bottom <= view.board.height
                ):
                    continue
                cost = 0.02 * math.hypot(dx, dy * 1.5)
                for ob in obstacles:
                    clip = rect.clip(ob)
                    cost += clip.width * clip.height * 0.05
                for other in placed.values():
                    if abs(other[0] - cx) < w and abs(other[1] - cy) < h * 1.5:
                        cost += 500
                for a, b in segments:
                    if rect.clipline(a, b):
                        cost += 4
                if cost < best[0]:
                    best = (cost, (cx, cy))
        placed[p.slug] = best[1]
    return placed


def draw_province_names(view: BoardRenderer, target: pygame.Surface, offset: Point) -> None:
    usual = view.font_px(PROVINCE_SIZE, PROVINCE_MIN)
    for p in view.board.provinces:
        name_rect, _ = label_layout(view)[p.slug]
        if name_rect is None:
            continue  # it would cover a city: only the marker is drawn at this zoom
        text, size = view._label_texts.get(p.slug, (_spaced(p.label or p.name.upper()), usual))
        img = view.text.render(text, size, PROVINCE_TEXT, bold=True, halo=PAPER)
        cx, cy = name_rect.center
        target.blit(img, img.get_rect(center=(round(cx + offset[0]), round(cy + offset[1]))))


def label_layout(view: BoardRenderer) -> dict[str, tuple[pygame.Rect | None, tuple[int, int]]]:
    """Per province: the screen rectangle of its name (None when hidden) and the
    centre of its bonus marker, for the current camera.

    Zoomed out, names are drawn at their minimum sizes, larger than the map scale,
    so the spot chosen at zoom 1 may cover a city or its name. Then the name moves
    to the nearest free spot around it (rings of growing radius), if need be set
    without letter spacing or one size smaller (never under :data:`PROVINCE_FLOOR`
    px); names and markers placed earlier are avoided too. Only a name with no free
    spot near its province is left out (the marker stays and the tooltip names
    the province).
    """
    key = view.camera.key()
    if key == view._layout_key:
        return view._layout
    anchors = fit_anchors(view)
    fit = view._anchors_layout
    if fit is not None and fit[0] == key:
        layout, texts = fit[1], fit[2]  # the whole board shown: as placed for it
    else:
        layout, texts = search_labels(view, anchors, 30.0, view._marker_anchors)
    view._layout, view._layout_key = layout, key
    view._label_texts = texts
    return layout


def fit_anchors(view: BoardRenderer) -> dict[str, Point]:
    """Where each province name sits (board pixels) when the whole board is shown:
    the names start from there at every zoom, so zooming in does not move them
    about (and what was clicked at one zoom is found at the next)."""
    vp = tuple(view.viewport)
    if view._anchors is not None and view._anchors[0] == vp:
        return view._anchors[1]
    real = view.camera
    fitted = Camera((view.board.width, view.board.height), view.viewport, real.max_zoom)
    view.camera = fitted
    try:
        layout, texts = search_labels(view, view.label_centres)
        view._anchors_layout = (fitted.key(), layout, texts)
        # A name left out at this zoom is anchored at its marker instead.
        anchors = {
            slug: fitted.screen_to_world(marker if rect is None else (rect.centerx, rect.centery))
            for slug, (rect, marker) in layout.items()
        }
        view._marker_anchors = {
            slug: fitted.screen_to_world(marker) for slug, (_r, marker) in layout.items()
        }
    finally:
        view.camera = real
    view._anchors = (vp, anchors)
    return anchors


def search_labels(
    view: BoardRenderer,
    anchors: Mapping[str, Point],
    reach: float | None = None,
    markers: Mapping[str, Point] | None = None,
) -> tuple[dict[str, tuple[pygame.Rect | None, tuple[int, int]]], dict[str, tuple[str, int]]]:
    """Place the province names near ``anchors`` and the markers beside them for
    the current camera (see :func:`label_layout`)."""
    z = view.camera.zoom
    size = view.font_px(PROVINCE_SIZE, PROVINCE_MIN)
    floor = round(PROVINCE_FLOOR * view.floor_scale)
    sizes = sorted({size, max(floor, size - 1)}, reverse=True)
    mr = view._px(MARKER_R, MARKER_R_MIN)
    blockers: list[pygame.Rect] = []
    for slug, city in view.cities.items():
        cx, cy = view.camera.world_to_screen((city.x, city.y))
        r = view.city_radius(slug)
        line = max(2, round(r / 8))
        circle = pygame.Rect(0, 0, round(2 * (r + line)), round(2 * (r + line)))
        circle.center = (round(cx), round(cy))
        blockers += [circle, city_name_rect(view, slug)]
    x0, y0 = view.camera.world_to_screen((0.0, 0.0))
    x1, y1 = view.camera.world_to_screen((float(view.board.width), float(view.board.height)))
    # Inside the board by the margin of the ring drawn round a lit province (found by
    # hand: TRANSPADANA's ring was cut at the board's edge at 1920x1080).
    bounds = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).inflate(-12, -10)
    if reach is None:
        reach = max(24.0, 90 * z)  # how far a name may move from its spot (screen px)

    def rings(limit: float) -> list[tuple[float, float]]:
        out = [(0.0, 0.0)]
        for ring in range(1, 11):
            rad = limit * ring / 10
            n = 8 + 2 * ring
            out += [
                (rad * math.cos(2 * math.pi * i / n), rad * math.sin(2 * math.pi * i / n) * 0.7)
                for i in range(n)
            ]
        return out

    near, far = rings(reach), rings(3 * reach)
    layout: dict[str, tuple[pygame.Rect | None, tuple[int, int]]] = {}
    texts: dict[str, tuple[str, int]] = {}

    def room(p: ProvinceSpec) -> int:
        """Free spots for the plain name near its place (crowded provinces first)."""
        cx, cy = view.camera.world_to_screen(anchors[p.slug])
        w, h = view.text.font(sizes[-1], bold=True).size(p.label or p.name.upper())
        rect = pygame.Rect(0, 0, w + 4, h + 4)
        free = 0
        for dx, dy in near:
            rect.center = (round(cx + dx), round(cy + dy))
            free += bounds.contains(rect) and rect.collidelist(blockers) < 0
        return free

    # Names first (crowded provinces first), then each marker beside its name.
    names: dict[str, pygame.Rect | None] = {}
    for p in sorted(view.board.provinces, key=room):
        cx, cy = view.camera.world_to_screen(anchors[p.slug])
        word = p.label or p.name.upper()
        names[p.slug] = None
        tries = [(n, text, near) for n in sizes for text in (_spaced(word), word)]
        tries.append((sizes[-1], word, far))  # last: a little further away
        for n, text, offsets in tries:
            w, h = view.text.font(n, bold=True).size(text)
            rect = pygame.Rect(0, 0, w + 4, h + 4)
            for dx, dy in offsets:
                rect.center = (round(cx + dx), round(cy + dy))
                if bounds.contains(rect) and rect.collidelist(blockers) < 0:
                    found = pygame.Rect(rect)
                    names[p.slug] = found
                    texts[p.slug] = (text, n)
                    blockers.append(found)
                    break
            if names[p.slug] is not None:
                break
    for p in view.board.provinces:
        name_rect = names[p.slug]
        marker = pygame.Rect(0, 0, round(2 * mr + 2), round(2 * mr + 2))
        if markers is not None:
            # Where it was with the whole board shown, if that spot is free.
            mx, my = view.camera.world_to_screen(markers[p.slug])
            marker.center = (round(mx), round(my))
            if marker.collidelist(blockers) < 0 and bounds.contains(marker):
                blockers.append(pygame.Rect(marker))
                layout[p.slug] = (name_rect, marker.center)
                continue
        if name_rect is not None:
            marker.center = marker_centre(view, name_rect, mr)
            if marker.collidelist(blockers) >= 0 or not bounds.contains(marker):
                marker.center = free_spot(
                    name_rect.centerx, name_rect.centery, mr, blockers, bounds
                )
        else:
            cx, cy = view.camera.world_to_screen(anchors[p.slug])
            marker.center = free_spot(cx, cy, mr, blockers, bounds)
        blockers.append(pygame.Rect(marker))
        layout[p.slug] = (name_rect, marker.center)
    return layout, texts


def free_spot(
    cx: float,
    cy: float,
    mr: float,
    blockers: list[pygame.Rect],
    bounds: pygame.Rect | None = None,
) -> tuple[int, int]:
    """The spot nearest (cx, cy), on rings of growing radius, where a bonus marker of
    radius ``mr`` covers no city and no city name, inside ``bounds`` if given (else
    (cx, cy) itself)."""
    box = pygame.Rect(0, 0, round(2 * mr + 2), round(2 * mr + 2))
    step = 2 * mr
    for ring in range(5):
        n = max(1, 8 * ring)
        for i in range(n):
            a = 2 * math.pi * i / n
            x, y = cx + ring * step * math.cos(a), cy + ring * step * math.sin(a)
            box.center = (round(x), round(y))
            if box.collidelist(blockers) < 0 and (bounds is None or bounds.contains(box)):
                return box.center
    return (round(cx), round(cy))


def city_name_rect(view: BoardRenderer, slug: str) -> pygame.Rect:
    """Where a city's name is written on screen (under its disc, as
    :func:`board_base.draw_cities` draws it)."""
    city = view.cities[slug]
    cx, cy = view.camera.world_to_screen((city.x, city.y))
    r = view.city_radius(slug)
    line = max(2, round(r / 8))
    font = view.text.font(view.font_px(NAME_SIZE, NAME_MIN), bold=True)
    w, h = font.size(city.label or city.name)
    box = pygame.Rect(0, 0, w, h)
    box.midtop = (round(cx), round(cy + r + line))
    return box


def label_rects(view: BoardRenderer) -> dict[str, pygame.Rect]:
    """Screen rectangles of the province labels plus their bonus markers."""
    mr = view._px(MARKER_R, MARKER_R_MIN)
    rects: dict[str, pygame.Rect] = {}
    for slug, (name_rect, centre) in label_layout(view).items():
        marker = pygame.Rect(0, 0, round(2 * mr + 4), round(2 * mr + 4))
        marker.center = centre
        rects[slug] = marker if name_rect is None else name_rect.union(marker)
    return rects


def marker_centre(view: BoardRenderer, label: pygame.Rect, mr: float) -> tuple[int, int]:
    return (round(label.right + mr + 3), label.centery)


def _spaced(text: str) -> str:
    """Letter-spaced capitals, as on a map (thin spaces between letters)."""
    return "\u2009".join(text)
