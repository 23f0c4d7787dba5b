"""Highlights on the board: rings round targets, thickened routes and the badges that
name each choice (placed clear of each other and of the pieces)."""

from __future__ import annotations

import itertools
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
    rings: dict[str, pygame.Rect] | None = None
    for what, key, _ in [*resolved, *hover]:
        width = ring + 2 if (what, key) in hovered else ring
        if what == "city":
            centre = view.city_pos(key)
            r = view.city_radius(key) + max(3.0, 5 * view.camera.zoom)
            pygame.draw.circle(surface, INK, centre, r + 1, width + 2)
            pygame.draw.circle(surface, HIGHLIGHT, centre, r, width)
        elif what == "province":
            rings = province_rings(view) if rings is None else rings
            rect = rings[key]
            pygame.draw.rect(surface, INK, rect.inflate(2, 2), width + 2, border_radius=8)
            pygame.draw.rect(surface, HIGHLIGHT, rect, width, border_radius=8)


def province_rings(view: BoardRenderer) -> dict[str, pygame.Rect]:
    """The ring drawn round each province when lit: its name and its bonus marker with a
    margin. The whole ring takes the province's clicks (:meth:`BoardRenderer.geometry`)."""
    return {slug: rect.inflate(8, 6) for slug, rect in board_labels.label_rects(view).items()}


def draw_badges(
    view: BoardRenderer,
    surface: pygame.Surface,
    resolved: Iterable[tuple[str, str, str]],
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    layout = badge_layout(view, resolved, avoid)
    for a, b in badge_leaders(view, layout):
        pygame.draw.line(surface, INK, a, b, 4)
        pygame.draw.line(surface, HIGHLIGHT, a, b, 2)
    for box, img in layout.values():
        pygame.draw.rect(surface, BADGE_BG, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, HIGHLIGHT, box, 2, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))


#: A badge further than this (pixels) from what it names gets a leader line to it.
LEADER_GAP = 6

Point = tuple[int, int]


def badge_leaders(
    view: BoardRenderer, layout: dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]
) -> list[tuple[Point, Point]]:
    """A line from each province's or city's badge that stands apart from it (further
    than :data:`LEADER_GAP`) to the ring or disc it names, nearest edge to nearest edge.
    Found by hand (Italia, a Prefect): Aemilia's "+2 wine" stood well above the
    province and Etruria's "+2 cloth" right under Aemilia's name, so it read as
    Aemilia's."""
    rings = province_rings(view) if any(w == "province" for w, _k in layout) else {}
    out = []
    for (what, key), (box, _img) in layout.items():
        if what == "province":
            target = rings[key]
        elif what == "city":
            target = _city_box(view, key)
        else:
            continue
        a, b = _facing_points(box, target)
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) > LEADER_GAP:
            out.append((a, b))
    return out


def _facing_points(r: pygame.Rect, q: pygame.Rect) -> tuple[Point, Point]:
    # The nearest points of two rectangles: per axis, the middle of the overlap, else
    # the facing edges.
    def axis(lo1: int, hi1: int, lo2: int, hi2: int) -> tuple[int, int]:
        if hi1 < lo2:
            return hi1, lo2
        if hi2 < lo1:
            return lo1, hi2
        mid = (max(lo1, lo2) + min(hi1, hi2)) // 2
        return mid, mid

    ax, bx = axis(r.left, r.right, q.left, q.right)
    ay, by = axis(r.top, r.bottom, q.top, q.bottom)
    return (ax, ay), (bx, by)


def badge_layout(
    view: BoardRenderer, resolved: Iterable[tuple[str, str, str]], avoid: Sequence[pygame.Rect] = ()
) -> dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]:
    """Where each badge is drawn (its box and text image), by (what, key) as in
    :func:`resolve`. Each badge takes the first spot of its own list (a city's: above
    it, beside it, under its name; a route's or a province's: above its middle, then
    round about) that covers no badge placed before it and no piece in ``avoid``, and
    that hides no lit route, no other city and no city's name if such a spot is near. A city's price
    badge on the road to the next city took the clicks meant for that road (Italia,
    found by hand). Where no spot is free a badge takes the one it overlaps least. So every
    badge and piece can be seen and clicked (the hit tests use these same boxes)."""
    size = view.font_px(BADGE_SIZE, BADGE_MIN)
    out: dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]] = {}
    placed: list[pygame.Rect] = list(avoid)
    resolved = list(resolved)
    lit = _lit_segments(view, resolved)
    labels = board_labels.label_rects(view)
    slugs = list(view.cities)
    discs = [_city_box(view, slug) for slug in slugs]
    # A badge keeps off the cities' names and the provinces' names and markers too
    # where it can (found by hand: the star of "produces in Italia" sat on
    # AQVILEIA's name, Alexandria's build star on AEGYPTVS).
    names = [board_labels.city_name_rect(view, slug) for slug in slugs]
    marks = list(labels.values())  # the provinces' names and bonus markers
    for what, key, text in resolved:
        if not text:
            continue
        img = view.text.render(text, size, BADGE_TEXT, bold=True)
        box = img.get_rect().inflate(size // 2 + 4, 4)
        if what == "city":
            spots = _city_spots(view, key, box)
        else:
            if what == "province":
                rect = labels[key]
                anchor: tuple[float, float] = (rect.centerx, rect.top - size * 0.9)
            else:
                kind, slug = key.split(":", 1)
                mx, my = view.route_midpoint(kind, slug)
                anchor = (mx, my - size * 1.4)
            box.center = (round(anchor[0]), round(anchor[1]))
            w, h = box.width + 4, box.height + 2
            spots = [box.move(round(dx * w), round(dy * h)) for dx, dy in _BADGE_SPOTS]
        own = discs[slugs.index(key)] if what == "city" else None
        lit_others = [seg for seg in lit if seg[0] != key] if what == "route" else lit
        near = len(spots) if what != "route" else _NEAR_SPOTS
        # A province's badge keeps off its own name and marker, the thing it points at
        # (found by hand: "★ hint" over LVCANIA's name, above it a city).
        taken = [*placed, labels[key]] if what == "province" else placed
        box = _free_spot(spots, taken, lit_others, discs, own, near, view.viewport, names, marks)
        placed.append(box)
        out[(what, key)] = (box, img)
    return out


def _city_box(view: BoardRenderer, slug: str) -> pygame.Rect:
    r = round(view.city_radius(slug))
    (x, y) = view.city_pos(slug)
    return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)


def _city_spots(view: BoardRenderer, slug: str, box: pygame.Rect) -> list[pygame.Rect]:
    # Above the city (where its houses' row ends), to its right and left, under its
    # name, then further out above.
    cx, cy = view.city_pos(slug)
    r = view.city_radius(slug)
    above = cy - r - view._px(HOUSE, HOUSE_MIN) * 3.2
    bw, bh = box.width, box.height
    centres = [
        (cx, above),
        (cx + r + 4 + bw / 2, cy),
        (cx - r - 4 - bw / 2, cy),
        (cx, cy + r + 2 * bh + 2),
        (cx, above - bh - 2),
        (cx + 0.6 * (bw + 4), above),
        (cx - 0.6 * (bw + 4), above),
        (cx + r + 4 + bw / 2, cy - bh - 2),
        (cx - r - 4 - bw / 2, cy - bh - 2),
        (cx, above - 2 * (bh + 2)),
        (cx, cy + r + 3 * bh + 4),
        (cx, above - 3 * (bh + 2)),
    ]
    return [box.copy().move(round(x) - box.centerx, round(y) - box.centery) for x, y in centres]


#: A lit route's segment for the badge layout: (its route key, its bounding box, ends).
_Segment = tuple[str, pygame.Rect, tuple[float, float], tuple[float, float]]


def _lit_segments(view: BoardRenderer, resolved: list[tuple[str, str, str]]) -> list[_Segment]:
    out: list[_Segment] = []
    for what, key, _ in resolved:
        if what != "route":
            continue
        kind, slug = key.split(":", 1)
        pts = [view.camera.world_to_screen(p) for p in view.routes[(kind, slug)].points]
        for a, b in itertools.pairwise(pts):
            x0, x1 = sorted((a[0], b[0]))
            y0, y1 = sorted((a[1], b[1]))
            bound = pygame.Rect(int(x0), int(y0), int(x1 - x0) + 1, int(y1 - y0) + 1)
            out.append((key, bound, a, b))
    return out


def _free_spot(
    spots: list[pygame.Rect],
    placed: list[pygame.Rect],
    lit: list[_Segment],
    cities: list[pygame.Rect],
    own: pygame.Rect | None,
    near: int,
    viewport: pygame.Rect,
    names: Sequence[pygame.Rect] = (),
    marks: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Of the first ``near`` of ``spots`` that cover no placed box, the one that hides
    the least (the first such): a lit route or a city other than ``own`` counts
    ``_HIDES_TARGET`` (a badge over them takes their clicks), a city's name in ``names``
    2, a province's name and marker in ``marks`` 1; else the first spot that covers no
    placed box; where none is free, the one that overlaps them least. A spot that leaves
    the board's viewport counts only where the first spot does too."""
    if viewport.contains(spots[0]):
        spots = [spot for spot in spots if viewport.contains(spot)]
    least: tuple[int, pygame.Rect] | None = None
    bounds = [seg[1] for seg in lit]
    best: tuple[int, pygame.Rect] | None = None
    for rank, moved in enumerate(spots):
        hits = moved.collidelistall(placed)
        if hits:
            area = sum(_area(moved.clip(placed[i])) for i in hits)
            if least is None or area < least[0]:
                least = (area, moved)
            continue
        if rank >= near:
            if best is None:
                best = (0, moved)
            break
        hidden = sum(
            1 for i in moved.collidelistall(bounds) if moved.clipline(lit[i][2], lit[i][3])
        )
        hidden += sum(1 for i in moved.collidelistall(cities) if cities[i] is not own)
        hidden *= _HIDES_TARGET
        hidden += 2 * len(moved.collidelistall(names)) + len(moved.collidelistall(marks))
        if best is None or hidden < best[0]:
            best = (hidden, moved)
        if hidden == 0:
            break
    if best is not None:
        return best[1]
    return least[1] if least is not None else spots[0]


def _area(r: pygame.Rect) -> int:
    return r.width * r.height


#: What hiding a lit route or a city costs a badge's spot, against 2 for a city's name
#: and 1 for a province's name and marker (by hand: Etruria's star took the spot on
#: SPOLETVM's name over the one on AEMILIA's, both counted as one thing hidden).
_HIDES_TARGET = 4

#: How many of a route's first spots it tries for one that hides no lit route, city or
#: city name (a city or a province tries all of its spots: they are all beside it; a
#: province's star found none among Gallia's first five at 1280x720).
_NEAR_SPOTS = 5

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
