"""Fonts, colours, the player palette and small drawing helpers (main thread only).

Fonts are the bundled DejaVu TTFs, loaded by path through
:func:`concordia.resources.resource_path` (never pygame's default font, which breaks
in frozen builds). The player palette is the Okabe-Ito colour-blind-safe set, and each
player also gets a shape, so players can be told apart without colour.
"""

from __future__ import annotations

import functools
import logging
import math
from pathlib import Path
from typing import Final

import pygame

from concordia.resources import resource_path
from concordia.ui.render.palette import GOOD_COLOURS as BOARD_GOOD_COLOURS

logger = logging.getLogger(__name__)

Colour = tuple[int, int, int]

BG: Final[Colour] = (28, 30, 38)
PANEL: Final[Colour] = (44, 47, 58)
PANEL_LIGHT: Final[Colour] = (60, 64, 78)
BORDER: Final[Colour] = (96, 100, 118)
TEXT: Final[Colour] = (236, 232, 220)
TEXT_DIM: Final[Colour] = (170, 168, 160)
ACCENT: Final[Colour] = (214, 170, 70)
HILITE: Final[Colour] = (255, 214, 90)
BUTTON: Final[Colour] = (72, 78, 98)
BUTTON_HOVER: Final[Colour] = (96, 104, 130)
BUTTON_DISABLED: Final[Colour] = (52, 54, 62)
DANGER: Final[Colour] = (200, 80, 70)
TOOLTIP_BG: Final[Colour] = (250, 246, 232)
TOOLTIP_TEXT: Final[Colour] = (30, 30, 30)

#: Text on a light fill (the gold of a primary button).
TEXT_DARK: Final[Colour] = (30, 28, 24)


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 is the floor for text)."""

    def lum(c: Colour) -> float:
        def ch(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@functools.lru_cache(maxsize=64)  # drawn for every button of every painted frame
def text_on(fill: Colour) -> Colour:
    """The text colour that reads best on ``fill``: the light text or the dark one
    (found by hand: the Play button's white on gold was hard to read)."""
    return TEXT if contrast(TEXT, fill) >= contrast(TEXT_DARK, fill) else TEXT_DARK


# The board's good colours, plus grey for an "any" price symbol.
GOOD_COLOURS: Final[dict[str, Colour]] = {**BOARD_GOOD_COLOURS, "any": (200, 200, 200)}
GOD_COLOURS: Final[dict[str, Colour]] = {
    "Vesta": (220, 150, 60),
    "Jupiter": (200, 70, 60),
    "Saturnus": (90, 150, 90),
    "Mercurius": (220, 200, 80),
    "Mars": (150, 60, 50),
    "Minerva": (110, 130, 200),
}

# Okabe & Ito (2008) colour-universal-design palette; the shapes back up the colours.
DEFAULT_PLAYER_COLOURS: Final[tuple[Colour, ...]] = (
    (213, 94, 0),
    (0, 114, 178),
    (240, 228, 66),
    (0, 158, 115),
    (86, 180, 233),
)
SHAPES: Final = ("circle", "square", "triangle", "diamond", "hexagon")

# The game window at the 1280x720 design size (each grows with the font scale).
GAME_TOP_H: Final = 38  # the top bar: whose turn, the prompt, Menu/Save/Scores
GAME_DISPLAY_W_MIN: Final = 112  # the card display as a column left of the board
GAME_ACTION_H: Final = 48  # the action bar
GAME_HAND_H: Final = 112  # your hand
GAME_SIDE_W: Final = 340  # the player panels and the log
HAND_CARD_W: Final = 104  # widest hand card
DISPLAY_CARD_W: Final = 128  # widest display card
CARD_GAP: Final = 6
CARD_FACE: Final[Colour] = (236, 226, 200)
CARD_FACE_DIM: Final[Colour] = (150, 146, 136)
CARD_INK: Final[Colour] = (30, 26, 20)
CARD_INK_DIM: Final[Colour] = (90, 80, 60)
CARD_EDGE: Final[Colour] = (60, 50, 40)
HINT_RING_SHADOW: Final[Colour] = (20, 18, 16)


def player_colours() -> tuple[Colour, ...]:
    """The palette shared with the board renderer (``concordia.ui.render.palette``)."""
    try:
        from concordia.ui.render.palette import PLAYER_COLOURS
    except ImportError:
        return DEFAULT_PLAYER_COLOURS
    return tuple(PLAYER_COLOURS)


def seat_colour(palette_index: int) -> Colour:
    """The colour of palette entry ``palette_index`` (what a seat chose)."""
    colours = player_colours()
    return colours[palette_index % len(colours)]


def seat_shape(palette_index: int) -> str:
    """The shape that goes with palette entry ``palette_index``."""
    return SHAPES[palette_index % len(SHAPES)]


class Fonts:
    """A cache of the bundled fonts by (size, bold). Create after ``pygame.init()``."""

    REGULAR: Final = ("assets", "fonts", "DejaVuSans.ttf")
    BOLD: Final = ("assets", "fonts", "DejaVuSans-Bold.ttf")

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        px = max(8, round(size * self.scale))
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(str(_font_file(bold)), px)
            self._cache[key] = font
        return font

    def set_scale(self, scale: float) -> None:
        if abs(scale - self.scale) > 0.01:
            self.scale = scale
            self._cache.clear()
            clear_text_cache()  # font ids may be reused by the new fonts


def _font_file(bold: bool) -> Path:
    path = resource_path(*(Fonts.BOLD if bold else Fonts.REGULAR))
    if path.exists():
        return path
    # A source checkout before the fonts were added: use the same DejaVu file from the
    # system, by path. Frozen builds always bundle assets/fonts.
    system = Path("/usr/share/fonts/truetype/dejavu") / path.name
    if system.exists():
        logger.warning("bundled font %s missing; using %s", path, system)
        return system
    raise FileNotFoundError(f"font not found: {path}")


_TEXT_CACHE: dict[tuple[int, str, Colour], pygame.Surface] = {}
_TEXT_CACHE_MAX = 3000


_FIT_CACHE: dict[tuple[int, str, int], str] = {}
_WRAP_CACHE: dict[tuple[int, str, int], list[str]] = {}


def clear_text_cache() -> None:
    _TEXT_CACHE.clear()
    _FIT_CACHE.clear()
    _WRAP_CACHE.clear()


#: The longest text rendered in one piece (a line wider than any window by far).
MAX_RENDER_CHARS = 2000


def drawable(s: str) -> str:
    """``s`` with every character a font cannot take (NUL, other control characters, a
    lone surrogate from a file name that is not UTF-8) replaced by U+FFFD."""
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() else "\ufffd" for ch in s)


def render(font: pygame.font.Font, s: str, colour: Colour) -> pygame.Surface:
    """``font.render`` with a cache (most labels are the same frame after frame); text
    a font cannot take is cleaned (:func:`drawable`) and at most
    :data:`MAX_RENDER_CHARS` are drawn."""
    s = drawable(s[:MAX_RENDER_CHARS])
    key = (id(font), s, colour)
    img = _TEXT_CACHE.get(key)
    if img is None:
        if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
            _TEXT_CACHE.clear()
        img = font.render(s, True, colour)
        _TEXT_CACHE[key] = img
    return img


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    s: str,
    pos: tuple[int, int],
    colour: Colour = TEXT,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name."""
    img = render(font, s, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap(font: pygame.font.Font, s: str, width: int) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (on spaces); cached."""
    key = (id(font), s, width)
    hit = _WRAP_CACHE.get(key)
    if hit is None:
        if len(_WRAP_CACHE) >= _TEXT_CACHE_MAX:
            _WRAP_CACHE.clear()
        hit = _WRAP_CACHE[key] = _wrap(font, s, width)
    return list(hit)


def _wrap(font: pygame.font.Font, s: str, width: int) -> list[str]:
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(font: pygame.font.Font, s: str, width: int) -> str:
    """``s`` (cleaned, :func:`drawable`) shortened with an ellipsis to fit ``width``
    pixels; cached. The cut is found by bisection: about log2(len(s)) measurements, so
    a name of 100,000 characters costs no more than a few short ones."""
    key = (id(font), s, width)
    hit = _FIT_CACHE.get(key)
    if hit is not None:
        return hit
    if len(_FIT_CACHE) >= _TEXT_CACHE_MAX:
        _FIT_CACHE.clear()
    out = drawable(s[: MAX_RENDER_CHARS + 1])
    if len(out) > MAX_RENDER_CHARS or font.size(out)[0] > width:
        lo, hi = 0, min(len(out), MAX_RENDER_CHARS)  # the longest prefix that fits
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(out[:mid] + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        out = out[:lo] + "…"
    _FIT_CACHE[key] = out
    return out


def lines_in_box(
    fonts: Fonts, s: str, width: int, height: int, sizes: tuple[int, ...], bold: bool = False
) -> tuple[pygame.font.Font, list[str]]:
    """The font and lines to show ``s`` in a ``width`` x ``height`` box: one line at
    the first of ``sizes`` (design sizes) where it fits, else wrapped on as many lines
    as the height holds, smaller if need be. Only when even the smallest size cannot
    hold it is the last line shortened (with :func:`fit`)."""
    for size in sizes:
        font = fonts.get(size, bold)
        rows = max(1, height // max(1, font.get_linesize()))
        lines = wrap(font, s, width) if font.size(s)[0] > width else [s]
        if len(lines) <= rows and all(font.size(line)[0] <= width for line in lines):
            return font, lines
    font = fonts.get(sizes[-1], bold)
    rows = max(1, height // max(1, font.get_linesize()))
    lines = wrap(font, s, width)
    head = lines[: rows - 1]
    return font, [*head, fit(font, " ".join(lines[rows - 1 :]), width)]


def text_in_box(
    surface: pygame.Surface,
    fonts: Fonts,
    s: str,
    box: pygame.Rect,
    colour: Colour = TEXT,
    sizes: tuple[int, ...] = (14, 13, 12, 11),
    bold: bool = False,
    centred: bool = False,
) -> list[pygame.Rect]:
    """Draw ``s`` in ``box`` (see :func:`lines_in_box`), centred vertically and
    left-aligned (or centred); returns the line rectangles."""
    font, lines = lines_in_box(fonts, s, box.width, box.height, sizes, bold)
    step = font.get_linesize()
    y = box.centery - step * len(lines) // 2
    out = []
    for line in lines:
        if centred:
            out.append(text(surface, font, line, (box.centerx, y), colour, "midtop"))
        else:
            out.append(text(surface, font, line, (box.x, y), colour))
        y += step
    return out


def shape(
    surface: pygame.Surface,
    kind: str,
    centre: tuple[float, float],
    r: float,
    colour: Colour,
    outline: Colour | None = (20, 20, 20),
) -> None:
    """Draw a player's shape (circle, square, triangle, diamond, hexagon)."""
    cx, cy = centre
    points: list[tuple[float, float]]
    if kind == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r)
        if outline:
            pygame.draw.circle(surface, outline, (cx, cy), r, 1)
        return
    if kind == "square":
        points = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    elif kind == "triangle":
        points = [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    elif kind == "diamond":
        points = [(cx, cy - r * 1.2), (cx + r * 1.2, cy), (cx, cy + r * 1.2), (cx - r * 1.2, cy)]
    else:
        points = [
            (cx + r * math.cos(a * math.pi / 3), cy + r * math.sin(a * math.pi / 3))
            for a in range(6)
        ]
    pygame.draw.polygon(surface, colour, points)
    if outline:
        pygame.draw.polygon(surface, outline, points, 1)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour = PANEL,
    border: Colour | None = BORDER,
    radius: int = 6,
) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, 1, border_radius=radius)


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind a dialog)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))
