"""A small line chart: scores over the rounds (final scores, review) and the last
results (statistics). Drawing only; the numbers come from the core via the callers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from concordia.ui import theme


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a value per x position, its colour and the marker shape."""

    label: str
    values: Sequence[int]
    colour: theme.Colour
    shape: str = "circle"


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 5:
            return step
    return 1000


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fonts: theme.Fonts,
    series: Sequence[Series],
    x_label: str,
    mark: int | None = None,
    x_first: int = 0,
    dots: Sequence[theme.Colour | None] | None = None,
    dot_legend: Sequence[tuple[str, theme.Colour]] = (),
) -> None:
    """Draw ``series`` in ``rect``: a y axis in points from 0, x positions ``x_first``,
    ``x_first + 1``... labelled every few steps, a vertical line at position ``mark``,
    the legend along the top. ``dots`` (one colour per x) marks each x on the first
    series (e.g. won / lost), and ``dot_legend`` names their colours in the legend (found
    by hand: the legend's gold "You" beside green and red points no legend explained)."""
    theme.panel(surface, rect, theme.PANEL, theme.BORDER, 6)
    small = fonts.get(12)
    n = max((len(s.values) for s in series), default=0)
    top = max((max(s.values, default=0) for s in series), default=0)
    step = _nice_step(max(1, top))
    top = max(step, -(-top // step) * step)
    label_w = small.size(str(top))[0] + 10
    legend_h = small.get_linesize() + 6
    plot = pygame.Rect(
        rect.x + label_w + 6,
        rect.y + legend_h + 6,
        rect.width - label_w - 16,
        rect.height - legend_h - small.get_linesize() - 16,
    )
    if plot.width < 20 or plot.height < 20:
        return
    # the legend
    x = rect.x + 10
    entries = [(s.label, s.colour, s.shape) for s in series]
    entries += [(label, colour, "circle") for label, colour in dot_legend]
    for label, swatch, shape in entries:
        theme.shape(surface, shape, (x + 5, rect.y + 6 + small.get_linesize() // 2), 5, swatch)
        label = theme.fit(small, label, max(40, rect.width // max(1, len(entries)) - 30))
        theme.text(surface, small, label, (x + 14, rect.y + 5), theme.TEXT)
        x += 22 + small.size(label)[0]
        if x > rect.right - 40:
            break
    # the grid
    for v in range(0, top + 1, step):
        y = plot.bottom - round(plot.height * v / top)
        pygame.draw.line(surface, theme.PANEL_LIGHT, (plot.x, y), (plot.right, y))
        theme.text(surface, small, str(v), (plot.x - 6, y), theme.TEXT_DIM, "midright")

    def px(i: int) -> int:
        return plot.x + (round(plot.width * i / (n - 1)) if n > 1 else plot.width // 2)

    def py(v: int) -> int:
        return plot.bottom - round(plot.height * v / top)

    every = max(1, -(-n // 10))
    for i in range(0, n, every):
        theme.text(
            surface, small, str(x_first + i), (px(i), plot.bottom + 3), theme.TEXT_DIM, "midtop"
        )
    theme.text(
        surface, small, x_label + " →", (rect.right - 10, rect.y + 5), theme.TEXT_DIM, "topright"
    )
    if mark is not None and 0 <= mark < n:
        pygame.draw.line(surface, theme.HILITE, (px(mark), plot.y), (px(mark), plot.bottom), 2)
    for s in series:
        points = [(px(i), py(v)) for i, v in enumerate(s.values)]
        if len(points) > 1:
            pygame.draw.lines(surface, s.colour, False, points, 2)
        if points:
            theme.shape(surface, s.shape, points[-1], 5, s.colour)
    if dots is not None and series:
        first = series[0]
        for i, colour in enumerate(dots[: len(first.values)]):
            if colour is not None:
                pygame.draw.circle(surface, colour, (px(i), py(first.values[i])), 5)
                pygame.draw.circle(surface, theme.BG, (px(i), py(first.values[i])), 5, 1)
