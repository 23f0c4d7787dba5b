"""Board maps: Tiled ``.tmx`` files read into :class:`~concordia.core.board.BoardSpec`.

Importing this package imports pytmx (and so pygame); the rules core never does.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from concordia.maps.loader import load_board, resolve_map

__all__ = ["load_board", "resolve_map"]
