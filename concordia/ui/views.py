"""The board's zoom and pan, kept per game so they survive *Continue* and loading a save.

A view is stored as the zoom relative to the fit zoom (so it means the same in a
window of another size) and the board point at the middle of the pane, under a key
naming the game (board, seed, number of seats): reopening the same game shows the
board as it was left, a new deal starts fitted. The file is ``views.json`` in the
data folder (small JSON, written atomically; a file that cannot be read is ignored).
Pygame-free.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from concordia.fileio import atomic_write_text, load_json_capped
from concordia.settings import data_dir

logger = logging.getLogger(__name__)

FILE = "views.json"
MAX_VIEWS = 50  # the oldest games are forgotten past this
MAX_VIEWS_BYTES = 1024 * 1024  # 50 views are a few kilobytes


@dataclass(frozen=True)
class View:
    """``zoom``: times the fit zoom (1 = the whole board); ``centre``: board pixels."""

    zoom: float
    centre: tuple[float, float]


def game_key(board: str, seed: int, seats: int) -> str:
    return f"{board}:{seed}:{seats}"


def _path() -> Path:
    return data_dir() / FILE


def _read() -> dict[str, Any]:
    try:
        data = load_json_capped(_path(), MAX_VIEWS_BYTES)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        logger.warning("%s ignored: %s", _path(), exc)
        return {}
    return data if isinstance(data, dict) else {}


def problem() -> str | None:
    """What is wrong with the views file, naming it (None when it is fine or missing;
    a damaged file is only ignored, and replaced at the next view saved)."""
    try:
        data = load_json_capped(_path(), MAX_VIEWS_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{_path()} cannot be read ({exc.strerror or exc}); board views start afresh"
    except ValueError as exc:
        return f"{_path()} is damaged ({exc}); board views start afresh"
    if not isinstance(data, dict):
        return f"{_path()} is damaged (not a JSON object); board views start afresh"
    return None


def load_view(key: str) -> View | None:
    """The view stored for ``key``, if any (a malformed entry counts as none)."""
    entry = _read().get(key)
    try:
        zoom = float(entry["zoom"])  # type: ignore[index]
        cx, cy = (float(v) for v in entry["centre"])  # type: ignore[index]
    except (TypeError, KeyError, ValueError):
        return None
    if not (zoom > 0 and math.isfinite(zoom) and math.isfinite(cx) and math.isfinite(cy)):
        return None
    return View(zoom, (cx, cy))


def save_view(key: str, view: View) -> None:
    """Remember ``view`` for ``key`` (newest last; errors are logged, never raised)."""
    data = _read()
    data.pop(key, None)
    data[key] = {"zoom": round(view.zoom, 5), "centre": [round(v, 2) for v in view.centre]}
    while len(data) > MAX_VIEWS:
        data.pop(next(iter(data)))
    try:
        _path().parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(_path(), json.dumps(data, indent=1))
    except OSError:
        logger.warning("could not write %s", _path(), exc_info=True)


def capture(camera: Any) -> View:
    """The view a :class:`concordia.ui.render.camera.Camera` shows now."""
    vp = camera.viewport
    centre = camera.screen_to_world(vp.center)
    fit = camera.fit_zoom or 1.0
    return View(camera.zoom / fit, (float(centre[0]), float(centre[1])))


def apply(camera: Any, view: View) -> None:
    """Show ``view`` with ``camera`` (clamped to its zoom range)."""
    fit = camera.fit_zoom
    zoom = min(max(view.zoom * fit, camera.min_zoom), camera.max_zoom)
    camera.zoom = zoom
    camera.fitted = zoom <= fit + 1e-9
    camera.center_on(view.centre)


class SavedView:
    """One game's board view between runs: restored when the game opens, written again
    whenever it changed since it was last written."""

    def __init__(self, key: str) -> None:
        self.key = key
        self._last: View | None = None

    def restore(self, camera: Any) -> None:
        """Zoom and pan ``camera`` as the game was left (nothing without a camera)."""
        view = load_view(self.key)
        if camera is not None and view is not None:
            apply(camera, view)

    def remember(self, camera: Any) -> None:
        """Save how ``camera`` shows the board, when that changed."""
        if camera is None:
            return
        view = capture(camera)
        if view != self._last:
            self._last = view
            save_view(self.key, view)
