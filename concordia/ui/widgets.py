"""Buttons and tooltips: the small widgets every scene uses (main thread only)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from concordia.ui import theme


@dataclass
class Button:
    """A clickable rectangle with a label, a tooltip and a payload.

    ``value`` is handed back by :meth:`ButtonRow.hit`; scenes usually store the legal
    action a button submits there, so a click can only ever submit a listed action.
    """

    rect: pygame.Rect
    label: str
    value: Any = None
    tooltip: str = ""
    enabled: bool = True
    selected: bool = False
    colour: theme.Colour | None = None
    swatch: theme.Colour | None = None
    size: int = 16
    bold: bool = False

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        if not self.enabled:
            bg = theme.BUTTON_DISABLED
        elif hover is not None and self.rect.collidepoint(hover):
            bg = theme.BUTTON_HOVER
        else:
            bg = self.colour or theme.BUTTON
        border = theme.HILITE if self.selected else theme.BORDER
        pygame.draw.rect(surface, bg, self.rect, border_radius=6)
        pygame.draw.rect(surface, border, self.rect, 2 if self.selected else 1, border_radius=6)
        font = fonts.get(self.size, self.bold)
        pad = 8 if self.rect.width >= 40 else 2  # a small "+" button keeps its sign
        x0 = self.rect.x + pad
        if self.swatch is not None:
            pygame.draw.rect(
                surface,
                self.swatch,
                pygame.Rect(x0, self.rect.centery - 7, 14, 14),
                border_radius=3,
            )
            x0 += 20
        width = self.rect.right - pad - x0
        colour = theme.text_on(bg) if self.enabled else theme.TEXT_DIM
        if font.size(self.label)[0] <= width:
            if self.swatch is None:
                theme.text(surface, font, self.label, self.rect.center, colour, "center")
            else:
                theme.text(surface, font, self.label, (x0, self.rect.centery), colour, "midleft")
            return
        # Too long for one line: smaller, on two lines if the button is tall enough.
        sizes = tuple(n for n in (self.size - 1, self.size - 2, 11, 10) if n <= self.size)
        box = pygame.Rect(x0, self.rect.y + 2, width, self.rect.height - 4)
        theme.text_in_box(
            surface, fonts, self.label, box, colour, sizes, self.bold, centred=self.swatch is None
        )


@dataclass
class ButtonRow:
    """A list of buttons that are drawn and hit-tested together."""

    buttons: list[Button] = field(default_factory=list)

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()

    def hit(self, pos: tuple[int, int]) -> Button | None:
        for b in reversed(self.buttons):
            if b.contains(pos):
                return b
        return None

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The tooltip of the enabled button under ``pos`` (a disabled one has none)."""
        for b in reversed(self.buttons):
            if b.rect.collidepoint(pos):
                return (b.tooltip or b.label) if b.enabled else None
        return None

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        for b in self.buttons:
            b.draw(surface, fonts, hover)


def column(
    x: int,
    y: int,
    w: int,
    h: int,
    gap: int,
    labels: Sequence[str],
    make: Callable[[pygame.Rect, int, str], Button],
) -> list[Button]:
    """Lay out one button per label in a column starting at (x, y)."""
    return [make(pygame.Rect(x, y + i * (h + gap), w, h), i, s) for i, s in enumerate(labels)]


def tooltip_rect(
    fonts: theme.Fonts,
    tip: str,
    pos: tuple[int, int],
    size: tuple[int, int],
    avoid: pygame.Rect | None = None,
    keep_clear: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where the tooltip box for ``tip`` goes: near ``pos``, inside a surface of
    ``size``, and clear of ``avoid`` (the thing it describes) when given: above it,
    else below it, else beside it. If that place covers one of ``keep_clear`` (say,
    the hint's words), the place nearest the pointer that covers neither wins (also
    trying just above and below each of them); if there is none, the first place."""
    font = fonts.get(14)
    sw, sh = size
    max_w = min(420, sw - 20)
    lines = theme.wrap(font, tip, max_w - 16)
    line_h = font.get_linesize()
    w = min(max_w, max(font.size(s)[0] for s in lines) + 16)
    h = line_h * len(lines) + 12
    x = pos[0] + 16
    y = pos[1] + 20
    if x + w > sw - 4:
        x = max(4, pos[0] - w - 8)
    if y + h > sh - 4:
        y = max(4, pos[1] - h - 8)
    rect = pygame.Rect(x, y, w, h)
    places = [rect]
    x0 = min(max(4, pos[0] - w // 2), sw - w - 4)
    if avoid is not None:
        places = [pygame.Rect(x0, y, w, h) for y in (avoid.top - h - 6, avoid.bottom + 6)]
        for x in (avoid.right + 6, avoid.left - w - 6):
            for y in (avoid.y, avoid.bottom - h, pos[1] - h // 2):
                places.append(pygame.Rect(x, min(max(4, y), sh - h - 4), w, h))
        places = [r for r in places if 4 <= r.x <= sw - w - 4 and 4 <= r.y <= sh - h - 4]
        if not rect.colliderect(avoid):
            places.insert(0, rect)
        if not places:
            return rect
    if not any(places[0].colliderect(k) for k in keep_clear):
        return places[0]
    # Also each corner around the pointer, and just above and below each box to keep
    # clear; the nearest to the pointer of the places that cover neither wins.
    for x in (pos[0] + 16, pos[0] - w - 8):
        for y in (pos[1] + 20, pos[1] - h - 8):
            places.append(pygame.Rect(x, y, w, h))
    for k in keep_clear:
        for y in (k.bottom + 6, k.top - h - 6):
            for x in (x0, places[0].x):
                places.append(pygame.Rect(x, y, w, h))
    clear = [
        r
        for r in places
        if 4 <= r.x <= sw - w - 4
        and 4 <= r.y <= sh - h - 4
        and not (avoid is not None and r.colliderect(avoid))
        and not any(r.colliderect(k) for k in keep_clear)
    ]
    if not clear:
        return places[0]
    return min(clear, key=lambda r: _distance(r, pos))


def _distance(r: pygame.Rect, p: tuple[int, int]) -> float:
    dx = max(r.left - p[0], 0, p[0] - r.right)
    dy = max(r.top - p[1], 0, p[1] - r.bottom)
    return float(dx * dx + dy * dy)


def draw_tooltip(
    surface: pygame.Surface,
    fonts: theme.Fonts,
    tip: str,
    pos: tuple[int, int],
    avoid: pygame.Rect | None = None,
    keep_clear: Sequence[pygame.Rect] = (),
) -> None:
    """Draw a wrapped tooltip box near ``pos``, kept inside the surface and clear of
    ``avoid`` (and where it can, of ``keep_clear``: :func:`tooltip_rect`)."""
    font = fonts.get(14)
    max_w = min(420, surface.get_width() - 20)
    lines = theme.wrap(font, tip, max_w - 16)
    line_h = font.get_linesize()
    rect = tooltip_rect(fonts, tip, pos, surface.get_size(), avoid, keep_clear)
    x, y = rect.topleft
    pygame.draw.rect(surface, theme.TOOLTIP_BG, rect, border_radius=5)
    pygame.draw.rect(surface, (90, 80, 60), rect, 1, border_radius=5)
    for i, s in enumerate(lines):
        theme.text(surface, font, s, (x + 8, y + 6 + i * line_h), theme.TOOLTIP_TEXT)


@dataclass
class ScrollBar:
    """A vertical scroll bar for a list of ``total`` rows showing ``shown`` rows from
    row ``first``; a click on the track picks the rows around that point."""

    rect: pygame.Rect
    total: int = 0
    shown: int = 0
    first: int = 0

    @property
    def scrollable(self) -> bool:
        return self.total > self.shown > 0

    def thumb(self) -> pygame.Rect:
        if not self.scrollable:
            return pygame.Rect(self.rect)
        h = max(16, round(self.rect.height * self.shown / self.total))
        span = self.total - self.shown
        y = self.rect.y + round((self.rect.height - h) * min(self.first, span) / span)
        return pygame.Rect(self.rect.x, y, self.rect.width, h)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.scrollable and self.rect.inflate(8, 0).collidepoint(pos)

    def first_at(self, pos: tuple[int, int]) -> int:
        """The first row to show so that the thumb is centred on ``pos``."""
        thumb = self.thumb()
        room = self.rect.height - thumb.height
        if room <= 0:
            return 0
        f = (pos[1] - self.rect.y - thumb.height / 2) / room
        return round(max(0.0, min(1.0, f)) * (self.total - self.shown))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.scrollable:
            return
        pygame.draw.rect(surface, theme.PANEL_LIGHT, self.rect, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT, self.thumb(), border_radius=5)
