"""The game scene's view of the board: a thin adapter over ``concordia.ui.render``.

The board is drawn by :class:`concordia.ui.render.BoardRenderer`. This adapter gives the
game scene one small, stable interface (``set_rect``, ``draw``, hit tests, zoom and
pan), and keeps a bare schematic view (routes as lines, cities as dots) for a build in
which the renderer cannot be imported, so the game stays playable and testable.
"""

from __future__ import annotations

import itertools
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from concordia.core import GameState
from concordia.core.board import BoardSpec
from concordia.ui import theme
from concordia.ui.targeting import BoardGeometry, Box, ColonistSpot, Disc, HKey, Line

logger = logging.getLogger(__name__)

__all__ = ["BoardPane", "HKey"]


class BoardPane:
    """Draws the board into a rectangle of the window and answers hit tests."""

    def __init__(
        self, board: BoardSpec, fonts: theme.Fonts, time_source: Callable[[], float] | None = None
    ) -> None:
        self.board = board
        self.fonts = fonts
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.renderer: Any = None
        try:
            from concordia.ui.render import BoardRenderer

            self.renderer = _construct(BoardRenderer, board, self.rect, time_source)
        except Exception:
            logger.exception("board renderer unavailable; using the schematic board")
            self.renderer = None
        self._fallback = None if self.renderer is not None else _Schematic(board, fonts)
        self.palette_indices: tuple[int, ...] = ()

    def set_seat_styles(self, palette_indices: Sequence[int]) -> None:
        """The palette entry (colour and shape) each seat chose, by seat."""
        self.palette_indices = tuple(palette_indices)
        if self.renderer is not None:
            from concordia.ui.render import seat_styles

            self.renderer.set_seat_styles(seat_styles(self.palette_indices))
        elif self._fallback is not None:
            self._fallback.palette_indices = self.palette_indices

    @property
    def schematic(self) -> bool:
        return self.renderer is None

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        if self.renderer is not None:
            for name in ("set_viewport", "resize", "set_rect"):
                fn = getattr(self.renderer, name, None)
                if callable(fn):
                    fn(self.rect)
                    return
            camera = getattr(self.renderer, "camera", None)
            if camera is not None:
                camera.set_viewport(self.rect)
        elif self._fallback is not None:
            self._fallback.set_rect(self.rect)

    def draw(
        self,
        surface: pygame.Surface,
        state: GameState,
        highlights: Mapping[HKey, str],
        tweens: Sequence[Any] = (),
        hover: HKey | None = None,
    ) -> None:
        """Draw ``state`` with ``highlights``; ``tweens`` are pieces in motion
        (``concordia.ui.render.anim``; the schematic board shows them at rest);
        ``hover`` is the target a click would choose now (drawn emphasised)."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        try:
            if self.renderer is not None:
                self.renderer.draw(surface, state, dict(highlights), hover=hover, tweens=tweens)
            elif self._fallback is not None:
                self._fallback.draw(surface, state, highlights)
        finally:
            surface.set_clip(clip)

    def geometry(
        self, state: GameState, highlights: Mapping[HKey, str], tweens: Sequence[Any] = ()
    ) -> BoardGeometry:
        """Where everything is drawn now (for ``highlights``): what the hit tests use."""
        if self.renderer is not None:
            geo: BoardGeometry = self.renderer.geometry(state, highlights, tweens)
            return geo
        assert self._fallback is not None
        return self._fallback.geometry(state)

    def city_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        if self.renderer is not None:
            return _as_str(self.renderer.city_at(pos))
        return self._fallback.city_at(pos) if self._fallback else None

    def route_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        if not self.rect.collidepoint(pos):
            return None
        hit = (
            self.renderer.route_at(pos)
            if self.renderer is not None
            else self._fallback.route_at(pos)
            if self._fallback
            else None
        )
        if hit is None:
            return None
        if isinstance(hit, tuple) and len(hit) == 2:
            return (str(hit[0]), str(hit[1]))
        return None

    def province_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        if self.renderer is not None:
            return _as_str(self.renderer.province_at(pos))
        return None

    def wheel(self, pos: tuple[int, int], notches: int) -> None:
        camera = self._camera()
        if camera is not None:
            camera.wheel(pos, notches)

    def pan(self, dx: int, dy: int) -> None:
        camera = self._camera()
        if camera is not None:
            camera.pan(dx, dy)

    def _camera(self) -> Any:
        if self.renderer is not None:
            return getattr(self.renderer, "camera", None)
        return self._fallback.camera if self._fallback else None


def _construct(
    cls: Any, board: BoardSpec, rect: pygame.Rect, time_source: Callable[[], float] | None
) -> Any:
    try:
        return cls(board, rect, time_source=time_source) if time_source else cls(board, rect)
    except TypeError:
        return cls(board)


def _as_str(value: object) -> str | None:
    if value is None:
        return None
    slug = getattr(value, "slug", value)
    return str(slug)


class _Schematic:
    """Routes as lines and cities as dots: used only when the renderer is missing."""

    def __init__(self, board: BoardSpec, fonts: theme.Fonts) -> None:
        from concordia.ui.render.camera import Camera

        self.board = board
        self.fonts = fonts
        self.camera = Camera((board.width, board.height), pygame.Rect(0, 0, 800, 600))
        self.cities = {c.slug: c for c in board.cities}
        self.palette_indices: tuple[int, ...] = ()

    def _style(self, seat: int) -> tuple[theme.Colour, str]:
        index = self.palette_indices[seat] if seat < len(self.palette_indices) else seat
        return theme.seat_colour(index), theme.seat_shape(index)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.camera.set_viewport(rect)

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return self.camera.world_to_screen((x, y))

    def draw(
        self, surface: pygame.Surface, state: GameState, highlights: Mapping[HKey, str]
    ) -> None:
        pygame.draw.rect(surface, (46, 70, 96), self.camera.viewport)
        font = self.fonts.get(11)
        for r in self.board.routes:
            pts = [self._pt(*p) for p in r.points] or [
                self._pt(self.cities[_slug(r.a)].x, self.cities[_slug(r.a)].y),
                self._pt(self.cities[_slug(r.b)].x, self.cities[_slug(r.b)].y),
            ]
            lit = (r.kind, r.slug) in highlights
            colour = (
                theme.HILITE if lit else ((150, 110, 70) if r.kind == "land" else (140, 190, 230))
            )
            if len(pts) >= 2:
                pygame.draw.lines(surface, colour, False, pts, 4 if lit else 2)
        for seat in range(state.num_players):
            colour, shape = self._style(seat)
            for _kind, loc in state.colonists(seat):
                x, y = self._where(loc)
                theme.shape(surface, shape, (x + seat * 3, y - 6 + seat * 2), 6, colour)
        for c in self.board.cities:
            x, y = self._pt(c.x, c.y)
            lit = c.slug in highlights
            pygame.draw.circle(surface, theme.HILITE if lit else (240, 230, 210), (x, y), 9)
            for i, seat in enumerate(state.houses_in(c.slug)):
                pygame.draw.rect(
                    surface, self._style(seat)[0], pygame.Rect(x - 12 + i * 7, y + 8, 6, 6)
                )
            theme.text(surface, font, c.name, (int(x), int(y) - 12), theme.TEXT, "midbottom")
        for key, label in highlights.items():
            if isinstance(key, str) and key in self.cities and label:
                c = self.cities[key]
                x, y = self._pt(c.x, c.y)
                theme.text(surface, font, label, (int(x), int(y) + 16), theme.HILITE, "midtop")

    def _where(self, loc: str) -> tuple[float, float]:
        if loc in self.cities:
            c = self.cities[loc]
            return self._pt(c.x, c.y)
        for r in self.board.routes:
            if r.slug == loc and r.points:
                mx, my = r.points[len(r.points) // 2]
                return self._pt(mx, my)
        return self.camera.viewport.center

    def geometry(self, state: GameState) -> BoardGeometry:
        vp = self.camera.viewport
        geo = BoardGeometry(viewport=Box(vp.x, vp.y, vp.width, vp.height))
        for c in self.board.cities:
            geo.cities[c.slug] = (Disc(self._pt(c.x, c.y), 12),)
            geo.city_province[c.slug] = _slug(c.province) if c.province else None
        for r in self.board.routes:
            pts = tuple(self._pt(*p) for p in r.points)
            if len(pts) >= 2:
                geo.routes[(r.kind, r.slug)] = (Line(pts, 16),)
        for seat in range(state.num_players):
            for kind, loc in state.colonists(seat):
                x, y = self._where(loc)
                geo.colonists.append(ColonistSpot(Disc((x, y), 8), seat, kind, loc))
        return geo

    def city_at(self, pos: tuple[int, int]) -> str | None:
        for c in self.board.cities:
            x, y = self._pt(c.x, c.y)
            if math.hypot(x - pos[0], y - pos[1]) <= 12:
                return c.slug
        return None

    def route_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        best: tuple[float, tuple[str, str]] | None = None
        for r in self.board.routes:
            pts = [self._pt(*p) for p in r.points]
            for a, b in itertools.pairwise(pts):
                d = _seg_dist(pos, a, b)
                if d <= 8 and (best is None or d < best[0]):
                    best = (d, (r.kind, r.slug))
        return best[1] if best else None


def _slug(name: str) -> str:
    return "_".join(name.lower().split())


def _seg_dist(p: tuple[int, int], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    u = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - u * dx, p[1] - ay - u * dy)
