"""Highlights on the board: rings round targets, thickened routes and the badges that
name each choice (placed clear of each other and of the pieces)."""

from __future__ import annotations

import itertools
import math
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
    :func:`resolve`.

    A city's or a province's badge takes a spot touching what it names (a city: above
    it, beside it, under its name; a province: round its ring), nearer to it than to
    any other city or province, inside the board's pane where its city or province is;
    of those, the one that covers no badge placed before it and no piece in ``avoid``
    and hides the least (:func:`_spot_cost`). The most crowded are placed first, so
    they get the few spots they have. A route's badge takes the first spot above its
    middle that hides nothing. Where no spot is free a badge takes the one it overlaps
    least. So every badge names its own place (found by hand at 1024x640: Gallia's
    "+1 food" on Germania's name, star labels drifting from their cities) and every
    badge and piece can be seen and clicked (the hit tests use these same boxes)."""
    resolved = [item for item in resolved if item[2]]
    key = (view.camera.key(), tuple(resolved), tuple(tuple(a) for a in avoid))
    cached = view._badges
    if cached is not None and cached[0] == key:
        return {k: (pygame.Rect(box), img) for k, (box, img) in cached[1].items()}
    out = _layout(view, resolved, avoid)
    # Asked for every frame (drawing and hit tests), and it costs a few milliseconds.
    view._badges = (key, out)
    return {k: (pygame.Rect(box), img) for k, (box, img) in out.items()}


def _layout(
    view: BoardRenderer, resolved: list[tuple[str, str, str]], avoid: Sequence[pygame.Rect]
) -> dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]:
    size = view.font_px(BADGE_SIZE, BADGE_MIN)
    out: dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]] = {}
    placed: list[pygame.Rect] = list(avoid)
    lit = _lit_segments(view, resolved)
    labels = board_labels.label_rects(view)
    rings = province_rings(view)
    slugs = list(view.cities)
    discs = [_city_box(view, slug) for slug in slugs]
    # A badge keeps off the cities' names and the provinces' names and markers too
    # where it can (found by hand: the star of "produces in Italia" sat on
    # AQVILEIA's name, Alexandria's build star on AEGYPTVS).
    names = [board_labels.city_name_rect(view, slug) for slug in slugs]
    marks = list(labels.values())  # the provinces' names and bonus markers
    scene = _Obstacles(lit, discs, names, marks, view.viewport)
    todo: list[tuple[tuple[int, int], int, str, str, pygame.Surface, list[_Spot]]] = []
    for order, (what, key, text) in enumerate(resolved):
        img = view.text.render(text, size, BADGE_TEXT, bold=True)
        box = img.get_rect().inflate(size // 2 + 4, 4)
        if what == "city":
            own = discs[slugs.index(key)]
            attach = ATTACH_CITY * box.height
            spots = _attached(
                _city_spots(view, key, box), own, [d for d in discs if d is not own], attach
            )
            visible = view.viewport.collidepoint(own.center)
        elif what == "province":
            ring = rings[key]
            others = [r for slug, r in rings.items() if slug != key]
            spots = _attached(_province_spots(ring, box), ring, others, LEADER_GAP, tie=True)
            visible = view.viewport.collidepoint(ring.center)
        else:
            kind, slug = key.split(":", 1)
            mx, my = view.route_midpoint(kind, slug)
            box.center = (round(mx), round(my - size * 1.4))
            w, h = box.width + 4, box.height + 2
            moved = [box.move(round(dx * w), round(dy * h)) for dx, dy in _BADGE_SPOTS]
            spots = [_Spot(b, True, False) for b in moved]
            visible = view.viewport.contains(moved[0])
        if visible:
            inside = [sp for sp in spots if view.viewport.contains(sp.box)]
            spots = inside or spots
        # Crowded first: a city or province with few spots of its own (touching it,
        # nearer it than any other), then with few that hide nothing.
        own_spots = sum(sp.attached and not sp.ambiguous for sp in spots)
        free = sum(_spot_cost(sp, scene, what, key, slugs, labels) == 0 for sp in spots)
        rank = (own_spots, free) if what != "route" else (len(spots), len(spots))
        todo.append((rank, order, what, key, img, spots))
    todo.sort(key=lambda item: (item[0], item[1]))
    options: dict[tuple[str, str], list[_Spot]] = {}
    for _rank, _order, what, key, img, spots in todo:
        taken = [*placed, labels[key]] if what == "province" else placed
        near = _NEAR_SPOTS if what == "route" else len(spots)
        box = _free_spot(spots, taken, scene, what, key, slugs, labels, near)
        placed.append(box)
        out[(what, key)] = (box, img)
        options[(what, key)] = spots
    _make_room(out, options, list(avoid))
    return {(w, k): out[(w, k)] for w, k, _t in resolved if (w, k) in out}


def _make_room(
    out: dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]],
    options: dict[tuple[str, str], list[_Spot]],
    avoid: list[pygame.Rect],
) -> None:
    """A city's or province's badge left with no spot of its own (every one taken by a
    badge placed before it) takes one that a single other badge holds, where that
    badge can move to another spot of its own (found by hand: Tyros's star took the
    only spots beside Alexandria, whose badge went beside Cyrene)."""

    def own(spot: _Spot) -> bool:
        return spot.attached and not spot.ambiguous

    for item, spots in options.items():
        if item[0] == "route":
            continue
        box = out[item][0]
        if any(own(sp) and sp.box == box for sp in spots):
            continue
        boxes = {k: b for k, (b, _img) in out.items() if k != item}
        for spot in (sp for sp in spots if own(sp)):
            if spot.box.collidelist(avoid) >= 0:
                continue
            holders = [k for k, b in boxes.items() if spot.box.colliderect(b)]
            if len(holders) != 1 or holders[0][0] == "route":
                continue
            holder = holders[0]
            rest = [b for k, b in boxes.items() if k != holder] + avoid + [spot.box]
            move = next(
                (sp.box for sp in options[holder] if own(sp) and sp.box.collidelist(rest) < 0),
                None,
            )
            if move is not None:
                out[holder] = (move, out[holder][1])
                out[item] = (spot.box, out[item][1])
                break


#: A city's badge touches it when its gap to the city's disc is at most this many badge
#: heights (above the row of its houses, beside it, or under its name).
ATTACH_CITY = 1.8


class _Spot:
    """A candidate box for a badge: whether it touches what it names, and whether it
    is nearer to another city or province than to its own."""

    __slots__ = ("ambiguous", "attached", "box")

    def __init__(self, box: pygame.Rect, attached: bool, ambiguous: bool) -> None:
        self.box = box
        self.attached = attached
        self.ambiguous = ambiguous


class _Obstacles:
    """What a badge should not hide: the lit routes, the city discs and names, the
    provinces' names and markers, and the board's pane."""

    def __init__(
        self,
        lit: list[_Segment],
        discs: list[pygame.Rect],
        names: list[pygame.Rect],
        marks: list[pygame.Rect],
        viewport: pygame.Rect,
    ) -> None:
        self.lit = lit
        self.bounds = [seg[1] for seg in lit]
        self.discs = discs
        self.names = names
        self.marks = marks
        self.viewport = viewport


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return float((dx * dx + dy * dy) ** 0.5)


def _attached(
    boxes: list[pygame.Rect],
    own: pygame.Rect,
    others: list[pygame.Rect],
    limit: float,
    tie: bool = False,
) -> list[_Spot]:
    """Each box as a :class:`_Spot`: attached within ``limit`` pixels of ``own``,
    ambiguous where one of ``others`` is nearer (or as near, with ``tie``)."""
    out = []
    for box in boxes:
        gap = _gap(box, own)
        # The others within ``gap`` on both axes (found in C), then measured.
        grown = box.inflate(2 * round(gap) + 4, 2 * round(gap) + 4)
        near = [_gap(box, others[k]) for k in grown.collidelistall(others)]
        other = min(near, default=float("inf"))
        out.append(_Spot(box, gap <= limit, other < gap or (tie and other == gap)))
    return out


def _province_spots(ring: pygame.Rect, box: pygame.Rect) -> list[pygame.Rect]:
    # Round the ring, touching it: the middles of its top, bottom, right and left
    # sides, then slid along each side (a quarter badge at a time, nearest the middle
    # first, as far as the badge still faces the ring), then a badge's height further
    # out above and below.
    bw, bh = box.width, box.height
    g = 2
    above, below = ring.top - g - bh / 2, ring.bottom + g + bh / 2
    right, left = ring.right + g + bw / 2, ring.left - g - bw / 2
    centres = [
        (ring.centerx, above),
        (ring.centerx, below),
        (right, ring.centery),
        (left, ring.centery),
    ]
    slides: list[tuple[float, float, float]] = []
    reach_x = (ring.width + bw) / 2 - 4
    reach_y = (ring.height + bh) / 2 - 4
    for n in range(1, 12):
        dx, dy = n * bw / 4, n * bh / 2
        for sign in (1, -1):
            if dx <= reach_x:
                slides += [(dx, ring.centerx + sign * dx, above)]
                slides += [(dx, ring.centerx + sign * dx, below)]
            if dy <= reach_y:
                slides += [(dy, right, ring.centery + sign * dy)]
                slides += [(dy, left, ring.centery + sign * dy)]
    centres += [(x, y) for _d, x, y in sorted(slides, key=lambda t: t[0])]
    centres += [(ring.centerx, above - bh - 2), (ring.centerx, below + bh + 2)]
    return [box.copy().move(round(x) - box.centerx, round(y) - box.centery) for x, y in centres]


def _city_box(view: BoardRenderer, slug: str) -> pygame.Rect:
    r = round(view.city_radius(slug))
    (x, y) = view.city_pos(slug)
    return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)


def _city_spots(view: BoardRenderer, slug: str, box: pygame.Rect) -> list[pygame.Rect]:
    # Above the city (where its houses' row ends), to its right and left; then round
    # the disc, touching it, every 15 degrees from the top (found by hand: the spots
    # further out hid GALLIA's name for Lutetia's star, and Leptis Magna's star stood
    # under its name with a long line); under its name; further out above; over the
    # top of its own disc (where every spot beside it is nearer another city: Roma at
    # 1024x640); then round the disc a little apart.
    cx, cy = view.city_pos(slug)
    r = view.city_radius(slug)
    above = cy - r - view._px(HOUSE, HOUSE_MIN) * 3.2
    bw, bh = box.width, box.height
    hw, hh = bw / 2, bh / 2

    def ring(gap: float) -> list[tuple[float, float]]:
        out = []
        for step in range(24):
            a = math.radians(-90 + 15 * ((step + 1) // 2) * (1 if step % 2 else -1))
            ux, uy = math.cos(a), math.sin(a)
            d = r + gap + min(hw / abs(ux) if ux else math.inf, hh / abs(uy) if uy else math.inf)
            out.append((cx + d * ux, cy + d * uy))
        return out

    centres = [
        (cx, above),
        (cx + r + 4 + bw / 2, cy),
        (cx - r - 4 - bw / 2, cy),
        *ring(3.0),
        (cx, cy + r + 2 * bh + 2),
        (cx, above - bh - 2),
        (cx + 0.6 * (bw + 4), above),
        (cx - 0.6 * (bw + 4), above),
        (cx + r + 4 + bw / 2, cy - bh - 2),
        (cx - r - 4 - bw / 2, cy - bh - 2),
        (cx, cy - r),
        (cx, above - 2 * (bh + 2)),
        (cx, cy + r + 3 * bh + 4),
        (cx, above - 3 * (bh + 2)),
        *ring(bh * 0.8),
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


def _spot_cost(
    spot: _Spot,
    scene: _Obstacles,
    what: str,
    key: str,
    slugs: list[str],
    labels: dict[str, pygame.Rect],
) -> int:
    """What a spot hides: a lit route or a city other than its own counts
    ``_HIDES_TARGET`` (a badge over them takes their clicks), a province's name and
    marker 3 (the badge would read as that province's), another city's name 2, its own
    city's name 1; a spot apart from what it names ``_DETACHED``, and one nearer to
    another city or province than to its own ``_AMBIGUOUS``."""
    moved = spot.box
    lit = scene.lit
    lit_hits = [
        i
        for i in moved.collidelistall(scene.bounds)
        if moved.clipline(lit[i][2], lit[i][3]) and not (what == "route" and lit[i][0] == key)
    ]
    own = slugs.index(key) if what == "city" else -1
    hidden = len(lit_hits)
    hidden += sum(1 for i in moved.collidelistall(scene.discs) if i != own)
    cost = hidden * _HIDES_TARGET
    own_name = scene.names[own] if own >= 0 else None
    cost += sum(1 if scene.names[i] is own_name else 2 for i in moved.collidelistall(scene.names))
    own_mark = labels.get(key) if what == "province" else None
    cost += 3 * sum(1 for i in moved.collidelistall(scene.marks) if scene.marks[i] != own_mark)
    if not spot.attached:
        cost += _DETACHED
    if spot.ambiguous:
        cost += _AMBIGUOUS
    return cost


def _free_spot(
    spots: list[_Spot],
    placed: list[pygame.Rect],
    scene: _Obstacles,
    what: str,
    key: str,
    slugs: list[str],
    labels: dict[str, pygame.Rect],
    near: int,
) -> pygame.Rect:
    """Of the first ``near`` of ``spots`` that cover no placed box, the one that costs
    the least (:func:`_spot_cost`; the first such); else the first spot that covers no
    placed box; where none is free, the one that overlaps them least."""
    least: tuple[int, pygame.Rect] | None = None
    best: tuple[int, pygame.Rect] | None = None
    for rank, spot in enumerate(spots):
        moved = spot.box
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
        cost = _spot_cost(spot, scene, what, key, slugs, labels)
        if best is None or cost < best[0]:
            best = (cost, moved)
        if cost == 0:
            break
    if best is not None:
        return best[1]
    return least[1] if least is not None else spots[0].box


def _area(r: pygame.Rect) -> int:
    return r.width * r.height


#: What hiding a lit route or a city costs a badge's spot, against 3 for a province's
#: name and marker, 2 for another city's name and 1 for its own (by hand: Etruria's
#: star took the spot on SPOLETVM's name over the one on AEMILIA's, both counted as
#: one thing hidden).
_HIDES_TARGET = 4
#: What a spot apart from what it names costs, and one nearer to another city or
#: province: more than anything a touching spot may hide (a badge that drifts reads as
#: another place's; a name it covers in part can still be read).
_DETACHED = 20
_AMBIGUOUS = 20

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
