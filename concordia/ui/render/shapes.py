"""Small drawing helpers for board pieces: player marks, goods, houses, colonists, coins."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from concordia.ui.render.palette import GOLD, GOLD_DARK, GOOD_COLOURS, INK, Colour

Point = tuple[float, float]


def shape_points(kind: str, centre: Point, r: float) -> list[Point]:
    """The polygon of a player shape (a circle is approximated by 16 points)."""
    cx, cy = centre
    if kind == "square":
        r *= 0.9
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if kind == "triangle":
        return [(cx, cy - r * 1.2), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    if kind == "diamond":
        return [(cx, cy - r * 1.25), (cx + r * 1.1, cy), (cx, cy + r * 1.25), (cx - r * 1.1, cy)]
    n = 6 if kind == "hexagon" else 16
    return [
        (
            cx + r * math.cos(2 * math.pi * i / n + math.pi / 2),
            cy + r * math.sin(2 * math.pi * i / n + math.pi / 2),
        )
        for i in range(n)
    ]


def player_mark(
    surface: pygame.Surface,
    kind: str,
    centre: Point,
    r: float,
    colour: Colour,
    outline: Colour | None = INK,
) -> None:
    """A player's shape, filled, with an outline."""
    if kind == "circle":
        pygame.draw.circle(surface, colour, centre, r)
        if outline:
            pygame.draw.circle(surface, outline, centre, r, 1)
        return
    pts = shape_points(kind, centre, r)
    pygame.draw.polygon(surface, colour, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 1)


def house(surface: pygame.Surface, centre: Point, size: float, colour: Colour, mark: str) -> None:
    """A house piece (pentagon) in the player's colour with the player's shape on it."""
    cx, cy = centre
    w = size
    pts = [
        (cx - w, cy + w),
        (cx - w, cy - w * 0.2),
        (cx, cy - w * 1.15),
        (cx + w, cy - w * 0.2),
        (cx + w, cy + w),
    ]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, INK, pts, max(1, round(size / 6)))
    player_mark(surface, mark, (cx, cy + w * 0.25), max(2.0, w * 0.42), _contrast(colour), None)


def land_colonist(
    surface: pygame.Surface, centre: Point, size: float, colour: Colour, mark: str
) -> None:
    """A land colonist: a pawn (head and a wide body) with the player's shape on it."""
    cx, cy = centre
    s = size
    body = [
        (cx - s * 0.95, cy + s),
        (cx - s * 0.45, cy - s * 0.25),
        (cx + s * 0.45, cy - s * 0.25),
        (cx + s * 0.95, cy + s),
    ]
    line = max(1, round(s / 7))
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, INK, body, line)
    head = (cx, cy - s * 0.55)
    pygame.draw.circle(surface, colour, head, s * 0.45)
    pygame.draw.circle(surface, INK, head, s * 0.45, line)
    player_mark(surface, mark, (cx, cy + s * 0.45), max(2.0, s * 0.3), _contrast(colour), None)


def sea_colonist(
    surface: pygame.Surface, centre: Point, size: float, colour: Colour, mark: str
) -> None:
    """A sea colonist: a boat (hull and sail) with the player's shape on the sail."""
    cx, cy = centre
    s = size
    line = max(1, round(s / 7))
    hull = [
        (cx - s * 1.1, cy + s * 0.25),
        (cx + s * 1.1, cy + s * 0.25),
        (cx + s * 0.7, cy + s * 0.9),
        (cx - s * 0.7, cy + s * 0.9),
    ]
    sail = [
        (cx - s * 0.05, cy - s * 1.05),
        (cx - s * 0.05, cy + s * 0.15),
        (cx - s * 0.95, cy + s * 0.15),
    ]
    sail2 = [
        (cx + s * 0.05, cy - s * 1.05),
        (cx + s * 0.05, cy + s * 0.15),
        (cx + s * 0.85, cy + s * 0.15),
    ]
    for poly in (hull, sail, sail2):
        pygame.draw.polygon(surface, colour, poly)
        pygame.draw.polygon(surface, INK, poly, line)
    player_mark(
        surface, mark, (cx + s * 0.33, cy - s * 0.15), max(2.0, s * 0.24), _contrast(colour), None
    )


def good_icon(surface: pygame.Surface, good: str, centre: Point, r: float) -> None:
    """A drawn icon for a good: brick wall, wheat, hammer, grapes, bolt of cloth."""
    cx, cy = centre
    colour = GOOD_COLOURS.get(good, (200, 200, 200))
    line = max(1, round(r / 7))
    if good == "brick":
        rect = pygame.Rect(0, 0, round(r * 1.7), round(r * 1.2))
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surface, colour, rect)
        mid = rect.centery
        pygame.draw.line(surface, INK, (rect.left, mid), (rect.right - 1, mid), line)
        pygame.draw.line(surface, INK, (rect.centerx, rect.top), (rect.centerx, mid), line)
        q = rect.left + rect.width // 4
        pygame.draw.line(surface, INK, (q, mid), (q, rect.bottom - 1), line)
        pygame.draw.line(
            surface, INK, (q + rect.width // 2, mid), (q + rect.width // 2, rect.bottom - 1), line
        )
        pygame.draw.rect(surface, INK, rect, line)
    elif good == "food":
        pygame.draw.line(surface, (150, 120, 40), (cx, cy + r), (cx, cy - r * 0.2), line + 1)
        for i in range(3):
            y = cy - r * 0.75 + i * r * 0.45
            for side in (-1, 1):
                grain = pygame.Rect(0, 0, max(3, round(r * 0.55)), max(3, round(r * 0.38)))
                grain.center = (round(cx + side * r * 0.3), round(y))
                pygame.draw.ellipse(surface, colour, grain)
                pygame.draw.ellipse(surface, INK, grain, 1)
        top = pygame.Rect(0, 0, max(3, round(r * 0.38)), max(3, round(r * 0.6)))
        top.center = (round(cx), round(cy - r * 0.95))
        pygame.draw.ellipse(surface, colour, top)
        pygame.draw.ellipse(surface, INK, top, 1)
    elif good == "tool":
        handle = [
            (cx - r * 0.15, cy - r * 0.3),
            (cx + r * 0.15, cy - r * 0.3),
            (cx + r * 0.15, cy + r),
            (cx - r * 0.15, cy + r),
        ]
        pygame.draw.polygon(surface, (140, 96, 50), handle)
        pygame.draw.polygon(surface, INK, handle, 1)
        head = pygame.Rect(0, 0, round(r * 1.7), max(3, round(r * 0.7)))
        head.center = (round(cx), round(cy - r * 0.55))
        pygame.draw.rect(surface, colour, head, border_radius=max(1, round(r * 0.15)))
        pygame.draw.rect(surface, INK, head, line, border_radius=max(1, round(r * 0.15)))
    elif good == "wine":
        gr = r * 0.3
        rows = ((-0.55, (-0.6, 0.0, 0.6)), (-0.05, (-0.3, 0.3)), (0.45, (0.0,)))
        for dy, xs in rows:
            for dx in xs:
                p = (cx + dx * r, cy + dy * r + r * 0.15)
                pygame.draw.circle(surface, colour, p, gr + 0.5)
                pygame.draw.circle(surface, INK, p, gr + 0.5, 1)
        pygame.draw.line(
            surface, (80, 120, 40), (cx, cy - r * 0.55), (cx + r * 0.35, cy - r), line + 1
        )
    elif good == "cloth":
        rect = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.3))
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surface, colour, rect, border_radius=max(1, round(r * 0.35)))
        for f in (0.33, 0.66):
            x = rect.left + rect.width * f
            pygame.draw.line(surface, (40, 80, 120), (x, rect.top + 2), (x, rect.bottom - 3), 1)
        pygame.draw.rect(surface, INK, rect, line, border_radius=max(1, round(r * 0.35)))
    else:
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, INK, centre, r, 1)


def coin(surface: pygame.Surface, centre: Point, r: float) -> None:
    """A gold coin disc (the caller writes the value on it)."""
    pygame.draw.circle(surface, GOLD, centre, r)
    pygame.draw.circle(surface, GOLD_DARK, centre, r, max(1, round(r / 6)))
    pygame.draw.circle(surface, GOLD_DARK, centre, r * 0.72, 1)


def temple(surface: pygame.Surface, centre: Point, r: float, colour: Colour) -> None:
    """A small temple front (pediment, columns, base): the capital's icon."""
    cx, cy = centre
    roof = [(cx - r, cy - r * 0.35), (cx, cy - r), (cx + r, cy - r * 0.35)]
    pygame.draw.polygon(surface, colour, roof)
    base = pygame.Rect(0, 0, round(r * 2.1), max(2, round(r * 0.28)))
    base.midtop = (round(cx), round(cy + r * 0.62))
    pygame.draw.rect(surface, colour, base)
    width = max(1, round(r * 0.22))
    for i in range(4):
        x = cx - r * 0.72 + i * r * 0.48
        pygame.draw.line(surface, colour, (x, cy - r * 0.3), (x, cy + r * 0.62), width)


def dashed_polyline(
    surface: pygame.Surface,
    colour: Colour,
    points: Sequence[Point],
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A polyline drawn as dashes of ``dash`` pixels separated by ``gap`` pixels."""
    period = dash + gap
    phase = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg < 1e-6:
            continue
        ux, uy = (x1 - x0) / seg, (y1 - y0) / seg
        t = -phase
        while t < seg:
            a = max(t, 0.0)
            b = min(t + dash, seg)
            if b > a:
                pygame.draw.line(
                    surface, colour, (x0 + ux * a, y0 + uy * a), (x0 + ux * b, y0 + uy * b), width
                )
            t += period
        phase = (phase + seg) % period


def dotted_polyline(
    surface: pygame.Surface,
    fill: Colour,
    edge: Colour,
    points: Sequence[Point],
    r: float,
    spacing: float,
) -> None:
    """A polyline drawn as round dots of radius ``r`` every ``spacing`` pixels, each
    ringed in ``edge`` (the sea routes: a chain of dots never looks like a road)."""
    phase = spacing / 2
    ring = max(1, round(r / 3))
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg < 1e-6:
            continue
        ux, uy = (x1 - x0) / seg, (y1 - y0) / seg
        t = phase
        while t < seg:
            c = (x0 + ux * t, y0 + uy * t)
            pygame.draw.circle(surface, edge, c, r + ring)
            pygame.draw.circle(surface, fill, c, r)
            t += spacing
        phase = t - seg


def _contrast(colour: Colour) -> Colour:
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 250, 250)
