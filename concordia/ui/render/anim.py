"""Tweens of board pieces: a colonist sliding along its routes and a new house popping up.

A tween is a small frozen value (who, what, start time, duration); the game scene owns
the list and drops finished ones in ``update``, and the renderer draws them at the time
of its injected clock, so tests step an animation by moving a fake clock. Nothing here
calls pygame.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class MoveTween:
    """Colonist ``kind`` of ``seat`` travelling from ``src`` (a city or route slug) to
    the route ``dst``."""

    seat: int
    kind: str
    src: str
    dst: str
    start: float
    duration: float


@dataclass(frozen=True, slots=True)
class HouseTween:
    """A house of ``seat`` just built in ``city``."""

    seat: int
    city: str
    start: float
    duration: float


Tween: TypeAlias = MoveTween | HouseTween


def progress(tween: Tween, now: float) -> float:
    """0 at the start, 1 at the end (and after)."""
    if tween.duration <= 0:
        return 1.0
    return min(1.0, max(0.0, (now - tween.start) / tween.duration))


def finished(tween: Tween, now: float) -> bool:
    return progress(tween, now) >= 1.0


def ease_in_out(p: float) -> float:
    """Smoothstep: slow start, slow stop."""
    return p * p * (3.0 - 2.0 * p)


def pop_scale(p: float) -> float:
    """Size of a new house over its pop: grows from small to 1.35, settles at 1."""
    if p >= 1.0:
        return 1.0
    if p < 0.55:
        return 0.25 + (1.35 - 0.25) * math.sin(p / 0.55 * math.pi / 2)
    return 1.35 - 0.35 * ((p - 0.55) / 0.45)


class Polyline:
    """Points with cumulative lengths, sampled by the fraction of the length."""

    __slots__ = ("lengths", "points")

    def __init__(self, points: Sequence[Point]) -> None:
        pts = [points[0]] if points else [(0.0, 0.0)]
        for p in points[1:]:
            if p != pts[-1]:
                pts.append(p)
        self.points = tuple(pts)
        lengths = [0.0]
        for (x0, y0), (x1, y1) in itertools.pairwise(self.points):
            lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
        self.lengths = tuple(lengths)

    @property
    def length(self) -> float:
        return self.lengths[-1]

    def at(self, t: float) -> Point:
        total = self.lengths[-1]
        if total <= 0 or len(self.points) == 1:
            return self.points[0]
        d = min(max(t, 0.0), 1.0) * total
        i = max(1, bisect.bisect_left(self.lengths, d))
        i = min(i, len(self.points) - 1)
        seg = self.lengths[i] - self.lengths[i - 1]
        f = 0.0 if seg <= 0 else (d - self.lengths[i - 1]) / seg
        (x0, y0), (x1, y1) = self.points[i - 1], self.points[i]
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)


@dataclass(frozen=True, slots=True)
class RouteGeometry:
    """One route for path finding: its kind, the slugs of its cities, and its points
    in board pixels from city ``a`` to city ``b``."""

    kind: str
    a: str
    b: str
    points: tuple[Point, ...]

    def half(self, from_city: str) -> list[Point]:
        """Points from the route's middle to ``from_city``'s end (the middle first)."""
        line = Polyline(self.points)
        steps = 12
        ts = [0.5 - 0.5 * i / steps for i in range(steps + 1)]  # 0.5 -> 0 (towards a)
        if from_city == self.b:
            ts = [1.0 - t for t in ts]
        return [line.at(t) for t in ts]

    def towards(self, city: str) -> list[Point]:
        """All points, ending at ``city``."""
        return list(self.points if city == self.b else reversed(self.points))


def move_path(
    kind: str, src: str, dst: str, routes: Mapping[str, RouteGeometry], cities: Mapping[str, Point]
) -> Polyline:
    """The way a colonist of ``kind`` travels from ``src`` (a city, or the middle of a
    route) to the middle of route ``dst``: along the polylines of the fewest routes of
    its kind, through the cities in between. ``routes`` maps the slugs of the routes of
    that kind to their geometry. Falls back to a straight line when no such way exists
    (a board edited by hand)."""
    target = routes.get(dst)
    start_point = (
        cities[src]
        if src in cities
        else (Polyline(routes[src].points).at(0.5) if src in routes else None)
    )
    if target is None or start_point is None:
        return Polyline([start_point or (0.0, 0.0), start_point or (0.0, 0.0)])
    end_point = Polyline(target.points).at(0.5)
    if src == dst:
        return Polyline([start_point, end_point])
    # Breadth-first search over cities, through routes of this kind.
    adjacent: dict[str, list[tuple[str, str]]] = {}
    for slug, r in routes.items():
        if r.kind == kind:
            adjacent.setdefault(r.a, []).append((slug, r.b))
            adjacent.setdefault(r.b, []).append((slug, r.a))
    starts = [src] if src in cities else [routes[src].a, routes[src].b]
    came: dict[str, tuple[str, str] | None] = {c: None for c in starts}
    queue = deque(starts)
    goals = {target.a, target.b}
    goal: str | None = next((c for c in starts if c in goals), None)
    while queue and goal is None:
        city = queue.popleft()
        for route, other in adjacent.get(city, []):
            if other not in came:
                came[other] = (city, route)
                if other in goals:
                    goal = other
                    break
                queue.append(other)
    if goal is None:
        return Polyline([start_point, end_point])
    hops: list[tuple[str, str]] = []  # (route, city it arrives at)
    city = goal
    while came[city] is not None:
        prev, route = came[city]  # type: ignore[misc]
        hops.append((route, city))
        city = prev
    hops.reverse()
    first_city = city
    points: list[Point] = []
    if src in cities:
        points.append(cities[src])
    else:
        points.extend(routes[src].half(first_city))
    for route, arrive in hops:
        points.extend(routes[route].towards(arrive))
    points.extend(reversed(target.half(goal)))
    return Polyline(points)
