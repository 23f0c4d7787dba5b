"""Colours of the board overlays, the players and the goods."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Colour = tuple[int, int, int]

# Five Okabe & Ito (2008) colours. Of all 5-subsets of that palette this one keeps the
# largest smallest CIELAB distance between any two colours for normal vision and under
# simulated deuteranopia and protanopia (Machado 2009), about 25. Shapes back them up.
PLAYER_COLOURS: Final[tuple[Colour, ...]] = (
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
    (240, 228, 66),  # yellow
    (0, 158, 115),  # bluish green
    (86, 180, 233),  # sky blue
)
PLAYER_COLOUR_NAMES: Final = ("vermillion", "blue", "yellow", "green", "sky blue")
PLAYER_SHAPES: Final = ("circle", "square", "triangle", "diamond", "hexagon")

GOOD_COLOURS: Final[dict[str, Colour]] = {
    "brick": (170, 84, 60),
    "food": (222, 196, 90),
    "tool": (130, 140, 150),
    "wine": (120, 50, 110),
    "cloth": (90, 150, 200),
}

INK: Final[Colour] = (40, 30, 22)
#: The ink of the card faces and their icons.
CARD_INK: Final[Colour] = (34, 28, 20)
PAPER: Final[Colour] = (250, 243, 225)
LAND_ROUTE: Final[Colour] = (122, 74, 36)
LAND_ROUTE_EDGE: Final[Colour] = (245, 232, 200)
SEA_ROUTE: Final[Colour] = (20, 52, 110)
SEA_ROUTE_EDGE: Final[Colour] = (200, 225, 240)
CITY_FILL: Final[Colour] = (250, 244, 228)
CITY_RING: Final[Colour] = (92, 66, 40)
ROMA_FILL: Final[Colour] = (246, 214, 120)
ROMA_RING: Final[Colour] = (150, 30, 30)
PROVINCE_TEXT: Final[Colour] = (92, 40, 30)
GOLD: Final[Colour] = (232, 190, 70)
GOLD_DARK: Final[Colour] = (140, 100, 20)
HIGHLIGHT: Final[Colour] = (255, 214, 60)
BADGE_BG: Final[Colour] = (36, 30, 26)
BADGE_TEXT: Final[Colour] = (255, 240, 200)


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How one seat's pieces look: a palette colour and the shape that goes with it."""

    colour: Colour
    shape: str


def palette_style(index: int) -> SeatStyle:
    """Palette entry ``index`` (0-4, wrapped): its colour and its shape. A player who
    picks a colour gets that colour's shape, so two seats never share either."""
    return SeatStyle(
        PLAYER_COLOURS[index % len(PLAYER_COLOURS)], PLAYER_SHAPES[index % len(PLAYER_SHAPES)]
    )


def seat_styles(palette_indices: Sequence[int]) -> tuple[SeatStyle, ...]:
    """One style per seat from the palette index each seat chose."""
    return tuple(palette_style(i) for i in palette_indices)


def player_colour(seat: int) -> Colour:
    """The default colour of a seat (0-based) when no choice was made."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_shape(seat: int) -> str:
    """The default shape name of a seat (0-based), one of :data:`PLAYER_SHAPES`."""
    return PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
