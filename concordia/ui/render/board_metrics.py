"""Sizes of the board's pieces and labels, shared by :mod:`board_view` and its helpers.

Sizes are in board pixels (multiplied by the camera's zoom), each with a floor in screen
pixels so that markers stay readable on a small window.
"""

from __future__ import annotations

from concordia.ui.render.palette import Colour

BACKDROP: Colour = (24, 22, 20)
TILE = 256

# Sizes in board pixels (multiplied by the zoom) and their floors in screen pixels.
CITY_R, CITY_R_MIN = 26.0, 11.0
ROMA_R = 36.0
NAME_SIZE, NAME_MIN = 21.0, 11
PROVINCE_SIZE, PROVINCE_MIN = 30.0, 12
PROVINCE_FLOOR = 11  # zoomed out, a province name that must move may shrink to this
HOUSE, HOUSE_MIN = 10.0, 5.8
COLONIST, COLONIST_MIN = 13.0, 6.5
MARKER_R, MARKER_R_MIN = 19.0, 9.0
BADGE_SIZE, BADGE_MIN = 20.0, 11
LAND_W, SEA_W = 6.0, 5.0
#: The board's pane in a 1280x720 window: the floors above are for it and grow with a
#: bigger pane (:attr:`BoardRenderer.floor_scale`).
FLOOR_PANE = (783, 522)
HOUSE_ANGLES = (-162.0, -126.0, -90.0, -54.0, -18.0)  # one slot per seat, above the city
