"""Draw a board (Tiled background plus the pieces of a game state) and hit-test it.

Main thread only: everything here calls pygame. :class:`BoardRenderer` never changes
the state it draws. Sizes are in board pixels and scale with the camera's zoom, with a
floor in screen pixels so that markers stay readable on a small window.

Frame cost: the background (scaled per zoom level, in tiles, cached), the routes, the
city discs and the names are composed into one cached surface that is rebuilt only when
the camera or the cities' goods change; every frame then blits it once and draws the
province markers, houses, colonists and highlights on top.
"""

from __future__ import annotations

import itertools
import math
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import pygame
import pytmx.util_pygame

from concordia.core.board import BoardSpec, CitySpec, ProvinceSpec, RouteSpec, slugify
from concordia.ui.render import shapes
from concordia.ui.render.anim import (
    HouseTween,
    MoveTween,
    Polyline,
    RouteGeometry,
    Tween,
    ease_in_out,
    move_path,
    pop_scale,
    progress,
)
from concordia.ui.render.camera import Camera, Point
from concordia.ui.render.palette import (
    BADGE_BG,
    BADGE_TEXT,
    CITY_FILL,
    CITY_RING,
    HIGHLIGHT,
    INK,
    LAND_ROUTE,
    LAND_ROUTE_EDGE,
    PAPER,
    PROVINCE_TEXT,
    ROMA_FILL,
    ROMA_RING,
    SEA_ROUTE,
    SEA_ROUTE_EDGE,
    Colour,
    SeatStyle,
    player_colour,
    player_shape,
)
from concordia.ui.render.text import TextCache
from concordia.ui.targeting import BoardGeometry, Box, ColonistSpot, Disc, Footprint, Line

# A highlight target: a city or province slug, ("city"|"province", slug), or a route
# as (kind, route slug) with kind "land" or "sea". The value is a short badge text
# ("" for a ring without a badge).
HighlightKey: TypeAlias = str | tuple[str, str]
Highlights: TypeAlias = Mapping[HighlightKey, str]

BACKDROP: Colour = (24, 22, 20)
TILE = 256

# Sizes in board pixels (multiplied by the zoom) and their floors in screen pixels.
CITY_R, CITY_R_MIN = 26.0, 11.0
ROMA_R = 36.0
NAME_SIZE, NAME_MIN = 21.0, 11
PROVINCE_SIZE, PROVINCE_MIN = 30.0, 12
PROVINCE_FLOOR = 11  # zoomed out, a province name that must move may shrink to this
HOUSE, HOUSE_MIN = 10.0, 5.8
COLONIST, COLONIST_MIN = 13.0, 6.5
MARKER_R, MARKER_R_MIN = 19.0, 9.0
BADGE_SIZE, BADGE_MIN = 20.0, 11
LAND_W, SEA_W = 6.0, 5.0
HOUSE_ANGLES = (-162.0, -126.0, -90.0, -54.0, -18.0)  # one slot per seat, above the city


class BoardState(Protocol):
    """What the renderer reads from a game state (``concordia.core.state.GameState``)."""

    num_players: int

    def city_good(self, city: str) -> str | None: ...
    def houses_in(self, city: str) -> list[int]: ...
    def marker_active(self, province: str) -> bool: ...
    def province_good(self, province: str) -> str: ...
    def marker_coins(self, province: str) -> int: ...
    def colonists(self, seat: int) -> list[tuple[str, str]]: ...


@dataclass(frozen=True)
class _Route:
    spec: RouteSpec
    points: tuple[Point, ...]  # board pixels, from city a to city b
    lengths: tuple[float, ...]  # cumulative length at each point

    def at(self, t: float) -> Point:
        """The point at fraction ``t`` of the polyline's length."""
        total = self.lengths[-1]
        if total <= 0:
            return self.points[0]
        d = min(max(t, 0.0), 1.0) * total
        for i in range(1, len(self.points)):
            if self.lengths[i] >= d:
                seg = self.lengths[i] - self.lengths[i - 1]
                f = 0.0 if seg <= 0 else (d - self.lengths[i - 1]) / seg
                (x0, y0), (x1, y1) = self.points[i - 1], self.points[i]
                return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
        return self.points[-1]


class BoardRenderer:
    """Draws one board into a viewport and maps screen points back to board items.

    Args:
        board: the board (``concordia.maps.load_board(name)``).
        viewport: screen rectangle to draw into (default: the display surface).
        map_path: the Tiled map with the ``background`` image layer (default: the
            board's own file). A display mode must be set first (pytmx converts images).
        time_source: clock for the highlight pulse (injected so tests can step it).
    """

    def __init__(
        self,
        board: BoardSpec,
        viewport: pygame.Rect | None = None,
        map_path: str | Path | None = None,
        time_source: Callable[[], float] = time.monotonic,
    ) -> None:
        self.board = board
        self.time_source = time_source
        if viewport is None:
            display = pygame.display.get_surface()
            viewport = display.get_rect() if display else pygame.Rect(0, 0, 1280, 720)
        path = Path(map_path) if map_path is not None else _map_path(board)
        self.background = _load_background(path, (board.width, board.height))
        self.camera = Camera((board.width, board.height), viewport)
        self.text = TextCache()
        self.cities: dict[str, CitySpec] = {c.slug: c for c in board.cities}
        self.provinces: dict[str, ProvinceSpec] = {p.slug: p for p in board.provinces}
        self.capital_slug = next((c.slug for c in board.cities if c.name == board.capital), "")
        self.routes: dict[tuple[str, str], _Route] = {}
        for r in board.routes:
            self.routes[(r.kind, r.slug)] = _make_route(r, self.cities)
        self._tiles: dict[float, dict[tuple[int, int], pygame.Surface]] = {}
        self._base: pygame.Surface | None = None
        self._base_key: tuple[object, ...] = ()
        self._layout: dict[str, tuple[pygame.Rect | None, tuple[int, int]]] = {}
        self._layout_key: tuple[object, ...] = ()
        # The text (letter-spaced or plain) and font size of each shown province name.
        self._label_texts: dict[str, tuple[str, int]] = {}
        self._anchors: tuple[tuple[int, ...], dict[str, Point]] | None = None
        self._marker_anchors: dict[str, Point] = {}
        self._anchors_layout: (
            tuple[
                object,
                dict[str, tuple[pygame.Rect | None, tuple[int, int]]],
                dict[str, tuple[str, int]],
            ]
            | None
        ) = None
        self.label_centres: dict[str, Point] = self._place_province_labels()
        self.seat_styles: tuple[SeatStyle, ...] = ()
        self._geometry: dict[str, dict[str, RouteGeometry]] = {"land": {}, "sea": {}}
        for (kind, slug), route in self.routes.items():
            self._geometry.setdefault(kind, {})[slug] = RouteGeometry(
                kind, slugify(route.spec.a), slugify(route.spec.b), route.points
            )
        self._city_world: dict[str, Point] = {s: (c.x, c.y) for s, c in self.cities.items()}
        self._paths: dict[tuple[str, str, str], Polyline] = {}
        self._pieces: tuple[BoardState | None, tuple[object, ...], pygame.Surface] | None = None

    def set_seat_styles(self, styles: Sequence[SeatStyle]) -> None:
        """Colour and shape of each seat's pieces, by seat (seats beyond the list get
        the palette default for their number)."""
        self.seat_styles = tuple(styles)

    def seat_style(self, seat: int) -> SeatStyle:
        """The style the pieces of ``seat`` are drawn in."""
        if 0 <= seat < len(self.seat_styles):
            return self.seat_styles[seat]
        return SeatStyle(player_colour(seat), player_shape(seat))

    # -- viewport -----------------------------------------------------------------------

    @property
    def viewport(self) -> pygame.Rect:
        return self.camera.viewport

    def set_viewport(self, rect: pygame.Rect) -> None:
        """Follow a resized window (or a changed layout)."""
        self.camera.set_viewport(rect)

    # -- geometry -----------------------------------------------------------------------

    def city_pos(self, slug: str) -> Point:
        """Screen position of a city's centre."""
        c = self.cities[slug]
        return self.camera.world_to_screen((c.x, c.y))

    def route_midpoint(self, kind: str, slug: str) -> Point:
        """Screen position of the middle of a route's polyline."""
        return self.camera.world_to_screen(self.routes[(kind, slug)].at(0.5))

    def province_pos(self, slug: str) -> Point:
        """Screen position of a province's label centre."""
        return self.camera.world_to_screen(self.label_centres[slug])

    def city_radius(self, slug: str) -> float:
        """Screen radius of a city's disc."""
        return self._px(ROMA_R if slug == self.capital_slug else CITY_R, CITY_R_MIN)

    # -- animation ----------------------------------------------------------------------

    def move_path(self, kind: str, src: str, dst: str) -> Polyline:
        """The board-pixel path a colonist of ``kind`` slides along from ``src`` to
        ``dst`` (cached)."""
        key = (kind, src, dst)
        path = self._paths.get(key)
        if path is None:
            path = move_path(kind, src, dst, self._geometry.get(kind, {}), self._city_world)
            self._paths[key] = path
        return path

    def tween_point(self, tween: MoveTween, now: float | None = None) -> Point:
        """Screen position of a sliding colonist at time ``now`` (default: the clock)."""
        t = self.time_source() if now is None else now
        path = self.move_path(tween.kind, tween.src, tween.dst)
        return self.camera.world_to_screen(path.at(ease_in_out(progress(tween, t))))

    # -- hit tests ----------------------------------------------------------------------

    def city_at(self, pos: Point) -> CitySpec | None:
        """The city whose disc (or a few pixels around it) holds the screen point."""
        best: tuple[float, CitySpec] | None = None
        for slug, city in self.cities.items():
            cx, cy = self.city_pos(slug)
            d = math.hypot(pos[0] - cx, pos[1] - cy)
            if d <= self.city_radius(slug) + 4 and (best is None or d < best[0]):
                best = (d, city)
        return best[1] if best else None

    def route_at(self, pos: Point, tolerance: float = 9.0) -> tuple[str, str] | None:
        """The route whose polyline passes within ``tolerance`` screen pixels of ``pos``,
        as ``(kind, route slug)`` (the same key as in highlights); None if none does."""
        spec = self.route_spec_at(pos, tolerance)
        return None if spec is None else (spec.kind, spec.slug)

    def route_spec_at(self, pos: Point, tolerance: float = 9.0) -> RouteSpec | None:
        """Like :meth:`route_at` but returns the :class:`RouteSpec`."""
        world = self.camera.screen_to_world(pos)
        limit = tolerance / self.camera.zoom
        best: tuple[float, RouteSpec] | None = None
        for route in self.routes.values():
            d = _polyline_distance(world, route.points)
            if d <= limit and (best is None or d < best[0]):
                best = (d, route.spec)
        return best[1] if best else None

    def province_at(self, pos: Point) -> ProvinceSpec | None:
        """The province whose label (or marker) is under ``pos``, else the province of the
        nearest city within a few city radii (None near Roma or far from any city)."""
        for slug, rect in self._label_rects().items():
            if rect.collidepoint(pos):
                return self.provinces[slug]
        world = self.camera.screen_to_world(pos)
        nearest = min(self.board.cities, key=lambda c: math.hypot(c.x - world[0], c.y - world[1]))
        if math.hypot(nearest.x - world[0], nearest.y - world[1]) > 6 * CITY_R:
            return None
        if nearest.province is None:
            return None
        return next((p for p in self.board.provinces if p.name == nearest.province), None)

    # -- drawing ------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        state: BoardState | None = None,
        highlights: Highlights | None = None,
        hover: HighlightKey | None = None,
        tweens: Sequence[Tween] = (),
    ) -> None:
        """Draw the board into :attr:`viewport` of ``surface``.

        Args:
            surface: the target (usually the display surface).
            state: the game state to show (None: the empty board).
            highlights: targets to ring, each with a badge text (see :data:`HighlightKey`).
            hover: one target to emphasise (e.g. under the mouse).
            tweens: pieces in motion at the time of :attr:`time_source` (a colonist of a
                running :class:`MoveTween` is drawn on its way, not at its route).
        """
        goods = self._city_goods(state)
        vp = self.viewport
        old_clip = surface.get_clip()
        surface.set_clip(vp)
        resolved = self._resolve(highlights or {})
        hover_target = self._resolve({hover: ""}) if hover is not None else []
        now = self.time_source()
        running = [tw for tw in tweens if progress(tw, now) < 1.0]
        # Route highlights and the pieces change only with the state: while nothing
        # moves they come from a cached copy of the viewport (one blit per frame).
        key = (
            self.camera.key(),
            goods,
            tuple(vp),
            self.seat_styles,
            tuple(r for r in resolved if r[0] == "route"),
            tuple(hover_target),
        )
        area = vp.clip(surface.get_rect())
        cached = self._pieces
        if not running and cached is not None and cached[0] is state and cached[1] == key:
            surface.blit(cached[2], area)  # the base layer is in it
        else:
            surface.blit(self._base_layer(goods), vp.topleft)
            self._draw_route_highlights(surface, resolved, hover_target)
            if state is not None:
                self._draw_province_markers(surface, state)
                self._draw_houses(surface, state, running, now)
                self._draw_colonists(surface, state, running, now)
            if not running and area.width > 0 and area.height > 0:
                self._pieces = (state, key, surface.subsurface(area).copy())
        self._draw_place_highlights(surface, resolved, hover_target)
        self._draw_badges(surface, resolved, self._piece_boxes(state, running, now))
        surface.set_clip(old_clip)

    # -- base layer ---------------------------------------------------------------------

    def _base_layer(self, goods: tuple[str | None, ...]) -> pygame.Surface:
        key = (self.camera.key(), goods)
        if self._base is not None and key == self._base_key:
            return self._base
        vp = self.viewport
        base = self._base
        if base is None or base.get_size() != vp.size:
            base = pygame.Surface(vp.size)
            if pygame.display.get_surface() is not None:
                base = base.convert()
        base.fill(BACKDROP)
        offset = (-vp.x, -vp.y)
        self._blit_background(base, offset)
        self._draw_routes(base, offset)
        self._draw_cities(base, offset, goods)
        self._draw_province_names(base, offset)
        self._base, self._base_key = base, key
        return base

    def _blit_background(self, target: pygame.Surface, offset: Point) -> None:
        cam = self.camera
        z = cam.zoom
        zkey = round(z, 4)
        tiles = self._tiles.get(zkey)
        if tiles is None:
            if len(self._tiles) >= 3:
                self._tiles.pop(next(iter(self._tiles)))
            tiles = self._tiles[zkey] = {}
        wx, wy, ww, wh = cam.visible_world_rect()
        bw, bh = self.background.get_size()
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
                    src = self.background.subsurface(
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

    def _draw_routes(self, target: pygame.Surface, offset: Point) -> None:
        z = self.camera.zoom
        land_w = max(3, round(LAND_W * z))
        dot_r, spacing = self._sea_dots()
        for route in self.routes.values():
            pts = [self._screen(p, offset) for p in route.points]
            if route.spec.kind == "land":
                # A road: one solid brown band with a pale edge.
                pygame.draw.lines(target, LAND_ROUTE_EDGE, False, pts, land_w + 4)
                pygame.draw.lines(target, LAND_ROUTE, False, pts, land_w)
            else:
                # A sea lane: a chain of pale dots ringed in navy, never a line, so it
                # reads as sea even right beside a road (Roma-Syracusae).
                shapes.dotted_polyline(target, SEA_ROUTE_EDGE, SEA_ROUTE, pts, dot_r, spacing)

    def _sea_dots(self) -> tuple[float, float]:
        """Radius and spacing of the sea-route dots (screen px) at this zoom."""
        z = self.camera.zoom
        r = max(2.0, SEA_W * 0.55 * z)
        return r, max(3.4 * r, 7.0)

    def _draw_cities(
        self, target: pygame.Surface, offset: Point, goods: tuple[str | None, ...]
    ) -> None:
        z = self.camera.zoom
        name_size = max(NAME_MIN, round(NAME_SIZE * z))
        for (slug, city), good in zip(self.cities.items(), goods, strict=True):
            centre = self._screen((city.x, city.y), offset)
            r = self.city_radius(slug)
            line = max(2, round(r / 8))
            if slug == self.capital_slug:
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
                    img = self.text.render(city.letter, max(8, round(lr * 1.3)), PAPER, bold=True)
                    target.blit(img, img.get_rect(center=(round(lc[0]), round(lc[1]))))
            label = city.label or city.name
            img = self.text.render(label, name_size, INK, bold=True, halo=PAPER)
            target.blit(img, img.get_rect(midtop=(round(centre[0]), round(centre[1] + r + line))))

    def _draw_province_names(self, target: pygame.Surface, offset: Point) -> None:
        usual = max(PROVINCE_MIN, round(PROVINCE_SIZE * self.camera.zoom))
        for p in self.board.provinces:
            name_rect, _ = self._label_layout()[p.slug]
            if name_rect is None:
                continue  # it would cover a city: only the marker is drawn at this zoom
            text, size = self._label_texts.get(p.slug, (_spaced(p.label or p.name.upper()), usual))
            img = self.text.render(text, size, PROVINCE_TEXT, bold=True, halo=PAPER)
            cx, cy = name_rect.center
            target.blit(img, img.get_rect(center=(round(cx + offset[0]), round(cy + offset[1]))))

    def _label_layout(self) -> dict[str, tuple[pygame.Rect | None, tuple[int, int]]]:
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
        key = self.camera.key()
        if key == self._layout_key:
            return self._layout
        anchors = self._fit_anchors()
        fit = self._anchors_layout
        if fit is not None and fit[0] == key:
            layout, texts = fit[1], fit[2]  # the whole board shown: as placed for it
        else:
            layout, texts = self._search_labels(anchors, 30.0, self._marker_anchors)
        self._layout, self._layout_key = layout, key
        self._label_texts = texts
        return layout

    def _fit_anchors(self) -> dict[str, Point]:
        """Where each province name sits (board pixels) when the whole board is shown:
        the names start from there at every zoom, so zooming in does not move them
        about (and what was clicked at one zoom is found at the next)."""
        vp = tuple(self.viewport)
        if self._anchors is not None and self._anchors[0] == vp:
            return self._anchors[1]
        real = self.camera
        fitted = Camera((self.board.width, self.board.height), self.viewport, real.max_zoom)
        self.camera = fitted
        try:
            layout, texts = self._search_labels(self.label_centres)
            self._anchors_layout = (fitted.key(), layout, texts)
            # A name left out at this zoom is anchored at its marker instead.
            anchors = {
                slug: fitted.screen_to_world(
                    marker if rect is None else (rect.centerx, rect.centery)
                )
                for slug, (rect, marker) in layout.items()
            }
            self._marker_anchors = {
                slug: fitted.screen_to_world(marker) for slug, (_r, marker) in layout.items()
            }
        finally:
            self.camera = real
        self._anchors = (vp, anchors)
        return anchors

    def _search_labels(
        self,
        anchors: Mapping[str, Point],
        reach: float | None = None,
        markers: Mapping[str, Point] | None = None,
    ) -> tuple[dict[str, tuple[pygame.Rect | None, tuple[int, int]]], dict[str, tuple[str, int]]]:
        """Place the province names near ``anchors`` and the markers beside them for
        the current camera (see :meth:`_label_layout`)."""
        z = self.camera.zoom
        size = max(PROVINCE_MIN, round(PROVINCE_SIZE * z))
        sizes = sorted({size, max(PROVINCE_FLOOR, size - 1)}, reverse=True)
        name_font = self.text.font(max(NAME_MIN, round(NAME_SIZE * z)), bold=True)
        mr = self._px(MARKER_R, MARKER_R_MIN)
        blockers: list[pygame.Rect] = []
        for slug, city in self.cities.items():
            cx, cy = self.camera.world_to_screen((city.x, city.y))
            r = self.city_radius(slug)
            line = max(2, round(r / 8))
            circle = pygame.Rect(0, 0, round(2 * (r + line)), round(2 * (r + line)))
            circle.center = (round(cx), round(cy))
            w, h = name_font.size(city.label or city.name)
            name = pygame.Rect(0, 0, w, h)
            name.midtop = (round(cx), round(cy + r + line))
            blockers += [circle, name]
        x0, y0 = self.camera.world_to_screen((0.0, 0.0))
        x1, y1 = self.camera.world_to_screen((float(self.board.width), float(self.board.height)))
        bounds = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
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
            cx, cy = self.camera.world_to_screen(anchors[p.slug])
            w, h = self.text.font(sizes[-1], bold=True).size(p.label or p.name.upper())
            rect = pygame.Rect(0, 0, w + 4, h + 4)
            free = 0
            for dx, dy in near:
                rect.center = (round(cx + dx), round(cy + dy))
                free += bounds.contains(rect) and rect.collidelist(blockers) < 0
            return free

        # Names first (crowded provinces first), then each marker beside its name.
        names: dict[str, pygame.Rect | None] = {}
        for p in sorted(self.board.provinces, key=room):
            cx, cy = self.camera.world_to_screen(anchors[p.slug])
            word = p.label or p.name.upper()
            names[p.slug] = None
            tries = [(n, text, near) for n in sizes for text in (_spaced(word), word)]
            tries.append((sizes[-1], word, far))  # last: a little further away
            for n, text, offsets in tries:
                w, h = self.text.font(n, bold=True).size(text)
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
        for p in self.board.provinces:
            name_rect = names[p.slug]
            marker = pygame.Rect(0, 0, round(2 * mr + 2), round(2 * mr + 2))
            if markers is not None:
                # Where it was with the whole board shown, if that spot is free.
                mx, my = self.camera.world_to_screen(markers[p.slug])
                marker.center = (round(mx), round(my))
                if marker.collidelist(blockers) < 0 and bounds.contains(marker):
                    blockers.append(pygame.Rect(marker))
                    layout[p.slug] = (name_rect, marker.center)
                    continue
            if name_rect is not None:
                marker.center = self._marker_centre(name_rect, mr)
                if marker.collidelist(blockers) >= 0 or not bounds.contains(marker):
                    marker.center = self._free_spot(
                        name_rect.centerx, name_rect.centery, mr, blockers, bounds
                    )
            else:
                cx, cy = self.camera.world_to_screen(anchors[p.slug])
                marker.center = self._free_spot(cx, cy, mr, blockers, bounds)
            blockers.append(pygame.Rect(marker))
            layout[p.slug] = (name_rect, marker.center)
        return layout, texts

    @staticmethod
    def _free_spot(
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

    def _label_rects(self) -> dict[str, pygame.Rect]:
        """Screen rectangles of the province labels plus their bonus markers."""
        mr = self._px(MARKER_R, MARKER_R_MIN)
        rects: dict[str, pygame.Rect] = {}
        for slug, (name_rect, centre) in self._label_layout().items():
            marker = pygame.Rect(0, 0, round(2 * mr + 4), round(2 * mr + 4))
            marker.center = centre
            rects[slug] = marker if name_rect is None else name_rect.union(marker)
        return rects

    # -- dynamic layer ------------------------------------------------------------------

    def _draw_province_markers(self, surface: pygame.Surface, state: BoardState) -> None:
        mr = self._px(MARKER_R, MARKER_R_MIN)
        for p in self.board.provinces:
            _, centre = self._label_layout()[p.slug]
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
                img = self.text.render(
                    str(state.marker_coins(p.slug)), max(8, round(mr * 1.1)), INK, bold=True
                )
                surface.blit(img, img.get_rect(center=centre))

    def _draw_houses(
        self,
        surface: pygame.Surface,
        state: BoardState,
        tweens: Sequence[Tween] = (),
        now: float = 0.0,
    ) -> None:
        hs = self._px(HOUSE, HOUSE_MIN)
        popping = {
            (tw.city, tw.seat): progress(tw, now) for tw in tweens if isinstance(tw, HouseTween)
        }
        for slug in self.cities:
            seats = state.houses_in(slug)
            if not seats:
                continue
            cx, cy = self.city_pos(slug)
            dist = self.city_radius(slug) + hs * 1.5
            for seat in seats:
                a = math.radians(HOUSE_ANGLES[seat % len(HOUSE_ANGLES)])
                pos = (cx + dist * math.cos(a), cy + dist * math.sin(a))
                style = self.seat_style(seat)
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

    def _piece_boxes(
        self, state: BoardState | None, tweens: Sequence[Tween], now: float
    ) -> list[pygame.Rect]:
        """The boxes of the colonists as drawn (badges keep clear of them)."""
        if state is None:
            return []
        size = self._px(COLONIST, COLONIST_MIN)
        out = []
        for (x, y), _, _, _ in self._colonist_places(state, tweens, now):
            r = pygame.Rect(0, 0, round(2.4 * size), round(2.4 * size))
            r.center = (round(x), round(y))
            out.append(r)
        return out

    def colonist_spots(
        self, state: BoardState, tweens: Sequence[Tween] = (), now: float | None = None
    ) -> list[tuple[Point, int, str]]:
        """Where each colonist is drawn (screen point, seat, kind): in its city, spread
        along its route, or on its way for a running :class:`MoveTween`."""
        return [(p, seat, kind) for p, seat, kind, _ in self._colonist_places(state, tweens, now)]

    def _colonist_places(
        self, state: BoardState, tweens: Sequence[Tween] = (), now: float | None = None
    ) -> list[tuple[Point, int, str, str]]:
        """:meth:`colonist_spots` plus where each colonist stands (city or route slug)."""
        t = self.time_source() if now is None else now
        size = self._px(COLONIST, COLONIST_MIN)
        in_city: dict[str, list[tuple[int, str]]] = {}
        on_route: dict[str, list[tuple[int, str]]] = {}
        for seat in range(state.num_players):
            for kind, where in state.colonists(seat):
                bucket = in_city if where in self.cities else on_route
                bucket.setdefault(where, []).append((seat, kind))
        moving: list[MoveTween] = []
        for tw in tweens:
            if not isinstance(tw, MoveTween) or progress(tw, t) >= 1.0:
                continue
            bucket = in_city if tw.dst in self.cities else on_route
            pieces = bucket.get(tw.dst, [])
            if (tw.seat, tw.kind) in pieces:  # drawn on its way instead
                pieces.remove((tw.seat, tw.kind))
                moving.append(tw)
        spots: list[tuple[Point, int, str, str]] = []
        name_h = max(NAME_MIN, round(NAME_SIZE * self.camera.zoom)) * 1.25
        for slug, pieces in in_city.items():
            cx, cy = self.city_pos(slug)
            top = cy + self.city_radius(slug) + name_h + size * 1.2
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
            route = self._route_by_slug(slug, pieces[0][1])
            if route is None:
                continue
            n = len(pieces)
            spread = min(0.16, 0.6 / max(1, n))
            for i, (seat, kind) in enumerate(sorted(pieces)):
                f = 0.5 + (i - (n - 1) / 2) * spread
                spots.append((self.camera.world_to_screen(route.at(f)), seat, kind, slug))
        for tw in moving:
            spots.append((self.tween_point(tw, t), tw.seat, tw.kind, tw.dst))
        return spots

    def _draw_colonists(
        self,
        surface: pygame.Surface,
        state: BoardState,
        tweens: Sequence[Tween] = (),
        now: float | None = None,
    ) -> None:
        size = self._px(COLONIST, COLONIST_MIN)
        for pos, seat, kind in self.colonist_spots(state, tweens, now):
            self._colonist(surface, pos, size, seat, kind)

    def _colonist(
        self, surface: pygame.Surface, pos: Point, size: float, seat: int, kind: str
    ) -> None:
        draw = shapes.sea_colonist if kind == "sea" else shapes.land_colonist
        style = self.seat_style(seat)
        draw(surface, pos, size, style.colour, style.shape)

    def _route_by_slug(self, slug: str, kind: str) -> _Route | None:
        route = self.routes.get((kind, slug))
        if route is None:
            route = self.routes.get(("sea" if kind == "land" else "land", slug))
        return route

    # -- highlights ---------------------------------------------------------------------

    def _resolve(self, highlights: Highlights) -> list[tuple[str, str, str]]:
        """Normalise highlight keys to (what, key, text); what is city/province/route."""
        out: list[tuple[str, str, str]] = []
        for key, text in highlights.items():
            if isinstance(key, tuple):
                what, slug = key
                if what in ("land", "sea"):
                    if (what, slug) in self.routes:
                        out.append(("route", f"{what}:{slug}", text))
                elif what == "city" and slug in self.cities:
                    out.append(("city", slug, text))
                elif what == "province" and slug in self.provinces:
                    out.append(("province", slug, text))
            elif key in self.cities:
                out.append(("city", key, text))
            elif key in self.provinces:
                out.append(("province", key, text))
            else:
                for kind in ("land", "sea"):
                    if (kind, key) in self.routes:
                        out.append(("route", f"{kind}:{key}", text))
        return out

    def _draw_route_highlights(
        self,
        surface: pygame.Surface,
        resolved: Iterable[tuple[str, str, str]],
        hover: Sequence[tuple[str, str, str]],
    ) -> None:
        z = self.camera.zoom
        width = max(6, round(14 * z))
        for what, key, _ in [*resolved, *hover]:
            if what != "route":
                continue
            kind, slug = key.split(":", 1)
            pts = [self.camera.world_to_screen(p) for p in self.routes[(kind, slug)].points]
            pygame.draw.lines(surface, HIGHLIGHT, False, pts, width)
            colour = LAND_ROUTE if kind == "land" else SEA_ROUTE
            if kind == "land":
                pygame.draw.lines(surface, colour, False, pts, max(3, round(LAND_W * z)))
            else:
                dot_r, spacing = self._sea_dots()
                shapes.dotted_polyline(surface, SEA_ROUTE_EDGE, colour, pts, dot_r, spacing)

    def _draw_place_highlights(
        self,
        surface: pygame.Surface,
        resolved: Iterable[tuple[str, str, str]],
        hover: Sequence[tuple[str, str, str]],
    ) -> None:
        # A steady ring (no pulse): a still picture lets the window idle (see App.frame).
        ring = max(3, round(5 * self.camera.zoom + 1))
        hovered = {(w, k) for w, k, _ in hover}
        for what, key, _ in [*resolved, *hover]:
            width = ring + 2 if (what, key) in hovered else ring
            if what == "city":
                centre = self.city_pos(key)
                r = self.city_radius(key) + max(3.0, 5 * self.camera.zoom)
                pygame.draw.circle(surface, INK, centre, r + 1, width + 2)
                pygame.draw.circle(surface, HIGHLIGHT, centre, r, width)
            elif what == "province":
                rect = self._label_rects()[key].inflate(8, 6)
                pygame.draw.rect(surface, INK, rect.inflate(2, 2), width + 2, border_radius=8)
                pygame.draw.rect(surface, HIGHLIGHT, rect, width, border_radius=8)

    def _draw_badges(
        self,
        surface: pygame.Surface,
        resolved: Iterable[tuple[str, str, str]],
        avoid: Sequence[pygame.Rect] = (),
    ) -> None:
        for box, img in self.badge_layout(resolved, avoid).values():
            pygame.draw.rect(surface, BADGE_BG, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, HIGHLIGHT, box, 2, border_radius=box.height // 2)
            surface.blit(img, img.get_rect(center=box.center))

    def badge_layout(
        self, resolved: Iterable[tuple[str, str, str]], avoid: Sequence[pygame.Rect] = ()
    ) -> dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]:
        """Where each badge is drawn (its box and text image), by (what, key) as in
        :meth:`_resolve`. A badge that would cover one placed before it, or a piece in
        ``avoid``, moves up, so every badge and piece can be seen and clicked (the hit
        tests use these same boxes)."""
        size = max(BADGE_MIN, round(BADGE_SIZE * self.camera.zoom))
        out: dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]] = {}
        placed: list[pygame.Rect] = list(avoid)
        for what, key, text in resolved:
            if not text:
                continue
            if what == "city":
                cx, cy = self.city_pos(key)
                anchor = (cx, cy - self.city_radius(key) - self._px(HOUSE, HOUSE_MIN) * 3.2)
            elif what == "province":
                rect = self._label_rects()[key]
                anchor = (rect.centerx, rect.top - size * 0.9)
            else:
                kind, slug = key.split(":", 1)
                mx, my = self.route_midpoint(kind, slug)
                anchor = (mx, my - size * 1.4)
            img = self.text.render(text, size, BADGE_TEXT, bold=True)
            box = img.get_rect(center=(round(anchor[0]), round(anchor[1]))).inflate(
                size // 2 + 4, 4
            )
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

    def geometry(
        self,
        state: BoardState | None,
        highlights: Highlights,
        tweens: Sequence[Tween] = (),
    ) -> BoardGeometry:
        """Where this board draws each city, route, province, colonist and badge (for
        ``highlights``) at the current camera: the footprints the hit tests use, made by
        the same layout functions as :meth:`draw`."""
        z = self.camera.zoom
        geo = BoardGeometry()
        vp = self.viewport
        geo.viewport = Box(vp.x, vp.y, vp.width, vp.height)
        name_size = max(NAME_MIN, round(NAME_SIZE * z))
        name_font = self.text.font(name_size, bold=True)
        for slug, city in self.cities.items():
            cx, cy = self.city_pos(slug)
            r = self.city_radius(slug)
            line = max(2, round(r / 8))
            w, h = name_font.size(city.label or city.name)
            geo.cities[slug] = (
                Disc((cx, cy), r + line + 2),
                Box(cx - w / 2, cy + r + line, w, h),
            )
            geo.city_province[slug] = slugify(city.province) if city.province else None
        width = max(18.0, LAND_W * z + 8)
        for key, route in self.routes.items():
            pts = tuple(self.camera.world_to_screen(p) for p in route.points)
            geo.routes[key] = (Line(pts, width),)
        mr = self._px(MARKER_R, MARKER_R_MIN)
        for slug, (name_rect, centre) in self._label_layout().items():
            parts: list[Footprint] = [Disc((float(centre[0]), float(centre[1])), mr + 2)]
            if name_rect is not None:
                parts.append(Box(name_rect.x, name_rect.y, name_rect.width, name_rect.height))
            geo.provinces[slug] = tuple(parts)
        avoid = self._piece_boxes(state, tweens, self.time_source())
        for (what, name), (box, _) in self.badge_layout(self._resolve(highlights), avoid).items():
            hkey: HighlightKey = name
            if what == "route":
                kind, slug = name.split(":", 1)
                hkey = (kind, slug)
            geo.badges[hkey] = Box(box.x, box.y, box.width, box.height)
        if state is not None:
            size = self._px(COLONIST, COLONIST_MIN)
            for pos, seat, kind, loc in self._colonist_places(state, tweens):
                geo.colonists.append(ColonistSpot(Disc(pos, size * 1.2), seat, kind, loc))
        return geo

    # -- label placement ----------------------------------------------------------------

    def _place_province_labels(self) -> dict[str, Point]:
        """Move each province label (at zoom 1) to a nearby spot clear of the cities,
        their names and houses, the routes and the labels already placed."""
        name_font = self.text.font(round(NAME_SIZE), bold=True)
        label_font = self.text.font(round(PROVINCE_SIZE), bold=True)
        obstacles: list[pygame.Rect] = []
        for slug, c in self.cities.items():
            r = ROMA_R if slug == self.capital_slug else CITY_R
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
            if slug == self.capital_slug:
                obstacles.append(
                    pygame.Rect(
                        round(c.x - 6 * COLONIST),
                        round(c.y + r + h),
                        round(12 * COLONIST),
                        round(6 * COLONIST),
                    )
                )
        segments = [
            seg for route in self.routes.values() for seg in itertools.pairwise(route.points)
        ]
        placed: dict[str, Point] = {}
        for p in self.board.provinces:
            w, h = label_font.size(_spaced(p.label or p.name.upper()))
            w += round(2 * MARKER_R + 8)
            best: tuple[float, Point] = (math.inf, (p.x, p.y))
            for dy in range(-100, 101, 10):
                for dx in range(-180, 181, 15):
                    cx, cy = p.x + dx, p.y + dy
                    rect = pygame.Rect(round(cx - w / 2 + MARKER_R), round(cy - h / 2), w, h)
                    if not (
                        rect.left >= 0
                        and rect.right <= self.board.width
                        and rect.top >= 0
                        and rect.bottom <= self.board.height
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

    # -- helpers ------------------------------------------------------------------------

    def _px(self, world: float, floor: float) -> float:
        return max(floor, world * self.camera.zoom)

    def _screen(self, world: Point, offset: Point) -> Point:
        x, y = self.camera.world_to_screen(world)
        return (x + offset[0], y + offset[1])

    def _marker_centre(self, label: pygame.Rect, mr: float) -> tuple[int, int]:
        return (round(label.right + mr + 3), label.centery)

    def _city_goods(self, state: BoardState | None) -> tuple[str | None, ...]:
        if state is None:
            return tuple(None for _ in self.cities)
        return tuple(None if s == self.capital_slug else state.city_good(s) for s in self.cities)


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


def _map_path(board: BoardSpec) -> Path:
    if board.source:
        return Path(board.source)
    from concordia.maps import resolve_map

    return resolve_map(board.name)


def _load_background(path: Path, size: tuple[int, int]) -> pygame.Surface:
    """Compose the map's visible image and tile layers, in the file's order, into one
    surface of the board's size (pytmx reorders layers and ignores layer opacity)."""
    tm: Any = pytmx.util_pygame.load_pygame(str(path))
    root = ET.parse(path).getroot()
    tags = ("layer", "imagelayer", "objectgroup", "group")
    rank = {int(e.get("id", "-1")): i for i, e in enumerate(root) if e.tag in tags}
    layers = sorted(tm.visible_layers, key=lambda la: rank.get(getattr(la, "id", -1), 1000))
    w = max(1, size[0] or int(tm.width) * int(tm.tilewidth))
    h = max(1, size[1] or int(tm.height) * int(tm.tileheight))
    surf = pygame.Surface((w, h))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    surf.fill((40, 70, 100))
    for layer in layers:
        opacity = float(getattr(layer, "opacity", 1.0) or 1.0)
        if isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
            img = layer.image
            if opacity < 1.0:
                img = img.copy()
                img.set_alpha(round(opacity * 255))
            surf.blit(
                img,
                (int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)),
            )
        elif isinstance(layer, pytmx.TiledTileLayer):
            tw, th = int(tm.tilewidth), int(tm.tileheight)
            for x, y, img in layer.tiles():
                if opacity < 1.0:
                    img = img.copy()
                    img.set_alpha(round(opacity * 255))
                surf.blit(img, (x * tw, y * th))
    return surf


def _make_route(spec: RouteSpec, cities: Mapping[str, CitySpec]) -> _Route:
    pts: list[Point] = [(float(x), float(y)) for x, y in spec.points]
    if len(pts) < 2:
        a = next(c for c in cities.values() if c.name == spec.a)
        b = next(c for c in cities.values() if c.name == spec.b)
        pts = [(a.x, a.y), (b.x, b.y)]
    lengths = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    return _Route(spec, tuple(pts), tuple(lengths))


def _polyline_distance(p: Point, points: Sequence[Point]) -> float:
    best = math.inf
    px, py = p
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        dx, dy = x1 - x0, y1 - y0
        seg2 = dx * dx + dy * dy
        t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / seg2))
        best = min(best, math.hypot(px - (x0 + t * dx), py - (y0 + t * dy)))
    return best


def _spaced(text: str) -> str:
    """Letter-spaced capitals, as on a map (thin spaces between letters)."""
    return "\u2009".join(text)
