"""Board rendering: the Tiled background plus the pieces of a game state (main thread only).

:class:`BoardRenderer` draws a board and answers hit tests; :class:`Camera` maps board
pixels to screen pixels (zoom about the cursor, drag to pan, fit to the window).
``PLAYER_COLOURS`` and ``PLAYER_SHAPES`` are five Okabe-Ito colours (they stay apart under
deuteranopia and protanopia), each with its shape; a seat's pick is a :class:`SeatStyle`,
handed to the renderer with ``BoardRenderer.set_seat_styles``.
"""

from __future__ import annotations

from concordia.ui.render.board_view import BoardRenderer, BoardState, HighlightKey, Highlights
from concordia.ui.render.camera import Camera
from concordia.ui.render.palette import (
    GOOD_COLOURS,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    SeatStyle,
    palette_style,
    seat_styles,
)

__all__ = [
    "GOOD_COLOURS",
    "PLAYER_COLOURS",
    "PLAYER_SHAPES",
    "BoardRenderer",
    "BoardState",
    "Camera",
    "HighlightKey",
    "Highlights",
    "SeatStyle",
    "palette_style",
    "seat_styles",
]
