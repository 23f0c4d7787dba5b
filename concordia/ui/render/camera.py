"""The view onto a board: zoom about a screen point, pan by dragging, fit to a viewport."""

from __future__ import annotations

import pygame

Point = tuple[float, float]

WHEEL_STEP = 1.15  # zoom factor per wheel notch


class Camera:
    """Maps board (world) pixels to screen pixels inside ``viewport``.

    ``screen = viewport.topleft + (world - offset) * zoom``. The smallest zoom shows the
    whole board in the viewport (``fit``); the largest is :attr:`max_zoom`. Panning is
    clamped so the board never leaves a gap when it is larger than the viewport, and is
    centred along an axis where it is smaller.

    Args:
        world_size: board size in pixels (``BoardSpec.width``, ``height``).
        viewport: the screen rectangle the board is drawn into.
        max_zoom: the largest zoom (screen pixels per board pixel).
    """

    def __init__(
        self, world_size: tuple[int, int], viewport: pygame.Rect, max_zoom: float = 2.0
    ) -> None:
        self.world_w, self.world_h = max(1, world_size[0]), max(1, world_size[1])
        self.viewport = pygame.Rect(viewport)
        self.max_zoom = max_zoom
        self.zoom = 1.0
        self.offset: Point = (0.0, 0.0)
        self.fitted = True
        self.fit()

    # -- queries ------------------------------------------------------------------------

    @property
    def fit_zoom(self) -> float:
        """The zoom that shows the whole board in the viewport."""
        vw, vh = max(1, self.viewport.width), max(1, self.viewport.height)
        return min(vw / self.world_w, vh / self.world_h)

    @property
    def min_zoom(self) -> float:
        return min(self.fit_zoom, self.max_zoom)

    def world_to_screen(self, p: Point) -> Point:
        z = self.zoom
        return (
            self.viewport.x + (p[0] - self.offset[0]) * z,
            self.viewport.y + (p[1] - self.offset[1]) * z,
        )

    def screen_to_world(self, p: Point) -> Point:
        z = self.zoom
        return (
            (p[0] - self.viewport.x) / z + self.offset[0],
            (p[1] - self.viewport.y) / z + self.offset[1],
        )

    def visible_world_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the board area shown in the viewport."""
        z = self.zoom
        return (self.offset[0], self.offset[1], self.viewport.width / z, self.viewport.height / z)

    def key(self) -> tuple[float, float, float, int, int, int, int]:
        """Changes whenever the mapping changes (for caches)."""
        v = self.viewport
        return (
            round(self.zoom, 6),
            round(self.offset[0], 3),
            round(self.offset[1], 3),
            v.x,
            v.y,
            v.width,
            v.height,
        )

    # -- changes ------------------------------------------------------------------------

    def fit(self) -> None:
        """Show the whole board, centred."""
        self.zoom = self.min_zoom
        self.fitted = True
        self._clamp()

    def set_viewport(self, viewport: pygame.Rect) -> None:
        """Follow a resized window: refit if fitted, else keep the centre point."""
        centre = self.screen_to_world(self.viewport.center)
        self.viewport = pygame.Rect(viewport)
        if self.fitted:
            self.fit()
            return
        self.zoom = min(max(self.zoom, self.min_zoom), self.max_zoom)
        self.center_on(centre)

    def center_on(self, world: Point) -> None:
        z = self.zoom
        self.offset = (
            world[0] - self.viewport.width / (2 * z),
            world[1] - self.viewport.height / (2 * z),
        )
        self._clamp()

    def zoom_at(self, screen_pos: Point, factor: float) -> None:
        """Multiply the zoom by ``factor`` keeping the board point under ``screen_pos``."""
        before = self.screen_to_world(screen_pos)
        new = min(max(self.zoom * factor, self.min_zoom), self.max_zoom)
        if abs(new - self.zoom) < 1e-9:
            return
        self.zoom = new
        self.fitted = new <= self.fit_zoom + 1e-9
        self.offset = (
            before[0] - (screen_pos[0] - self.viewport.x) / new,
            before[1] - (screen_pos[1] - self.viewport.y) / new,
        )
        self._clamp()

    def wheel(self, screen_pos: Point, notches: float) -> None:
        """Zoom by mouse-wheel notches (positive = in) about the cursor."""
        self.zoom_at(screen_pos, WHEEL_STEP**notches)

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) screen pixels (a drag)."""
        z = self.zoom
        self.offset = (self.offset[0] - dx / z, self.offset[1] - dy / z)
        self._clamp()

    def _clamp(self) -> None:
        z = self.zoom
        vw, vh = self.viewport.width / z, self.viewport.height / z
        ox, oy = self.offset
        ox = (self.world_w - vw) / 2 if vw >= self.world_w else min(max(ox, 0.0), self.world_w - vw)
        oy = (self.world_h - vh) / 2 if vh >= self.world_h else min(max(oy, 0.0), self.world_h - vh)
        self.offset = (ox, oy)
