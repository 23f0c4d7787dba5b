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
from concordia.ui.render import board_base, board_highlights, board_labels, board_pieces
from concordia.ui.render.anim import (
    MoveTween,
    Polyline,
    RouteGeometry,
    Tween,
    ease_in_out,
    move_path,
    progress,
)
from concordia.ui.render.board_metrics import (
    BACKDROP,
    BADGE_MIN,
    BADGE_SIZE,
    CITY_R,
    CITY_R_MIN,
    COLONIST,
    COLONIST_MIN,
    FLOOR_PANE,
    HOUSE,
    HOUSE_ANGLES,
    HOUSE_MIN,
    LAND_W,
    MARKER_R,
    MARKER_R_MIN,
    NAME_MIN,
    NAME_SIZE,
    PROVINCE_FLOOR,
    PROVINCE_MIN,
    PROVINCE_SIZE,
    ROMA_R,
    SEA_W,
    TILE,
)
from concordia.ui.render.camera import Camera, Point
from concordia.ui.render.palette import (
    SeatStyle,
    player_colour,
    player_shape,
)
from concordia.ui.render.text import TextCache
from concordia.ui.targeting import BoardGeometry, Box, ColonistSpot, Disc, Footprint, Line

# The sizes live in board_metrics (shared with the helpers) and are named here too.
__all__ = [
    "BACKDROP",
    "BADGE_MIN",
    "BADGE_SIZE",
    "CITY_R",
    "CITY_R_MIN",
    "COLONIST",
    "COLONIST_MIN",
    "FLOOR_PANE",
    "HOUSE",
    "HOUSE_ANGLES",
    "HOUSE_MIN",
    "LAND_W",
    "MARKER_R",
    "MARKER_R_MIN",
    "NAME_MIN",
    "NAME_SIZE",
    "PROVINCE_FLOOR",
    "PROVINCE_MIN",
    "PROVINCE_SIZE",
    "ROMA_R",
    "SEA_W",
    "TILE",
    "BoardRenderer",
    "BoardState",
    "HighlightKey",
    "Highlights",
]

# A highlight target: a city or province slug, ("city"|"province", slug), or a route
# as (kind, route slug) with kind "land" or "sea". The value is a short badge text
# ("" for a ring without a badge).
HighlightKey: TypeAlias = str | tuple[str, str]
Highlights: TypeAlias = Mapping[HighlightKey, str]


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
        if path is None:
            self.background = _plain_background((board.width, board.height))
        else:
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
        # The last badge layout, by its camera, badges and pieces (board_highlights).
        self._badges: (
            tuple[object, dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]] | None
        ) = None
        self.label_centres: dict[str, Point] = board_labels.place_province_labels(self)
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
        for slug, rect in board_labels.label_rects(self).items():
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
        resolved = board_highlights.resolve(self, highlights or {})
        hover_target = board_highlights.resolve(self, {hover: ""}) if hover is not None else []
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
            surface.blit(board_base.base_layer(self, goods), vp.topleft)
            board_highlights.draw_route_highlights(self, surface, resolved, hover_target)
            if state is not None:
                board_pieces.draw_province_markers(self, surface, state)
                board_pieces.draw_houses(self, surface, state, running, now)
                board_pieces.draw_colonists(self, surface, state, running, now)
            if not running and area.width > 0 and area.height > 0:
                self._pieces = (state, key, surface.subsurface(area).copy())
        board_highlights.draw_place_highlights(self, surface, resolved, hover_target)
        board_highlights.draw_badges(
            self, surface, resolved, board_pieces.piece_boxes(self, state, running, now)
        )
        surface.set_clip(old_clip)

    # -- layers (drawn by board_base, board_labels, board_pieces, board_highlights) ----

    def _label_layout(self) -> dict[str, tuple[pygame.Rect | None, tuple[int, int]]]:
        """Per province: the screen rectangle of its name (None when hidden) and the
        centre of its bonus marker, for the current camera (see
        :func:`board_labels.label_layout`)."""
        return board_labels.label_layout(self)

    def colonist_spots(
        self, state: BoardState, tweens: Sequence[Tween] = (), now: float | None = None
    ) -> list[tuple[Point, int, str]]:
        """Where each colonist is drawn (screen point, seat, kind): in its city, spread
        along its route, or on its way for a running :class:`MoveTween`."""
        return [
            (p, seat, kind)
            for p, seat, kind, _ in board_pieces.colonist_places(self, state, tweens, now)
        ]

    def _route_by_slug(self, slug: str, kind: str) -> _Route | None:
        route = self.routes.get((kind, slug))
        if route is None:
            route = self.routes.get(("sea" if kind == "land" else "land", slug))
        return route

    # -- highlights ---------------------------------------------------------------------

    def badge_layout(
        self, resolved: Iterable[tuple[str, str, str]], avoid: Sequence[pygame.Rect] = ()
    ) -> dict[tuple[str, str], tuple[pygame.Rect, pygame.Surface]]:
        """Where each badge is drawn (its box and text image), by (what, key) as in
        :func:`board_highlights.resolve`. A badge that would cover one placed before it,
        or a piece in ``avoid``, moves up, so every badge and piece can be seen and
        clicked (the hit tests use these same boxes)."""
        return board_highlights.badge_layout(self, resolved, avoid)

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
        name_size = self.font_px(NAME_SIZE, NAME_MIN)
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
        rings = board_highlights.province_rings(self)
        for slug, (name_rect, centre) in board_labels.label_layout(self).items():
            parts: list[Footprint] = [Disc((float(centre[0]), float(centre[1])), mr + 2)]
            if name_rect is not None:
                parts.append(Box(name_rect.x, name_rect.y, name_rect.width, name_rect.height))
            # The ring drawn round a lit province, gaps between its name and marker too
            # (a click there did nothing: Italia, Venetia).
            ring = rings[slug]
            parts.append(Box(ring.x, ring.y, ring.width, ring.height))
            geo.provinces[slug] = tuple(parts)
        avoid = board_pieces.piece_boxes(self, state, tweens, self.time_source())
        for (what, name), (box, _) in board_highlights.badge_layout(
            self, board_highlights.resolve(self, highlights), avoid
        ).items():
            hkey: HighlightKey = name
            if what == "route":
                kind, slug = name.split(":", 1)
                hkey = (kind, slug)
            geo.badges[hkey] = Box(box.x, box.y, box.width, box.height)
        if state is not None:
            size = self._px(COLONIST, COLONIST_MIN)
            for pos, seat, kind, loc in board_pieces.colonist_places(self, state, tweens):
                geo.colonists.append(ColonistSpot(Disc(pos, size * 1.2), seat, kind, loc))
        return geo

    # -- helpers ------------------------------------------------------------------------

    @property
    def floor_scale(self) -> float:
        """How much the screen-pixel floors grow with the board's pane: 1 up to the pane
        of a 1280x720 window, then as the pane (to 2), so a bigger window shows the same
        picture bigger at fit zoom instead of pieces and names at their small floors."""
        vp = self.viewport
        return max(1.0, min(vp.width / FLOOR_PANE[0], vp.height / FLOOR_PANE[1], 2.0))

    def _px(self, world: float, floor: float) -> float:
        return max(floor * self.floor_scale, world * self.camera.zoom)

    def font_px(self, size: float, floor: float) -> int:
        """A text size: ``size`` board pixels at this zoom, never under ``floor``
        screen pixels (grown by :attr:`floor_scale`)."""
        return max(round(floor * self.floor_scale), round(size * self.camera.zoom))

    def _screen(self, world: Point, offset: Point) -> Point:
        x, y = self.camera.world_to_screen(world)
        return (x + offset[0], y + offset[1])

    def _city_goods(self, state: BoardState | None) -> tuple[str | None, ...]:
        if state is None:
            return tuple(None for _ in self.cities)
        return tuple(None if s == self.capital_slug else state.city_good(s) for s in self.cities)


def _map_path(board: BoardSpec) -> Path | None:
    """The map whose art is drawn: the file the board was read from, else the bundled
    map of its name. A board rebuilt from a save (no source) whose name is not a
    bundled board gets no art: a name from a file is never used as a path."""
    if board.source:
        return Path(board.source)
    from concordia.saves import is_bundled_board

    if not is_bundled_board(board.name):
        return None
    from concordia.resources import resource_path

    return resource_path("maps", f"{board.name}.tmx")


def _plain_background(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    surf.fill((40, 70, 100))
    return surf


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
