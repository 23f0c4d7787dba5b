"""Where the read-only bundled files are: the only code that knows about PyInstaller.

``resource_path("maps", "italia.tmx")`` works from a source checkout, an installed
package run from the checkout, and a frozen one-folder or one-file build
(``sys._MEIPASS``). Nothing else in the package uses ``__file__`` to find assets.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding ``maps/`` and ``assets/``."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """Absolute path of a read-only bundled file, e.g. ``resource_path("maps", "x.tmx")``."""
    return resource_root().joinpath(*parts)


#: Bundled files the game cannot do without: the fonts, the two boards and their art.
REQUIRED_FILES: tuple[tuple[str, ...], ...] = (
    ("assets", "fonts", "DejaVuSans.ttf"),
    ("assets", "fonts", "DejaVuSans-Bold.ttf"),
    ("maps", "imperium.tmx"),
    ("maps", "italia.tmx"),
    ("assets", "boards", "imperium.png"),
    ("assets", "boards", "italia.png"),
)
#: The AI's learned weights: the expert's file must be there; every JSON file in
#: ``assets/ai`` must parse (see :func:`missing_resources`).
REQUIRED_WEIGHTS: tuple[tuple[str, ...], ...] = (("assets", "ai", "expert_weights.json"),)
MAX_WEIGHTS_BYTES = 16 * 1024 * 1024


def missing_resources() -> list[str]:
    """What is wrong with the bundled files, one sentence each (empty: all there).

    Checks that every :data:`REQUIRED_FILES` and :data:`REQUIRED_WEIGHTS` file is a
    non-empty regular file, and that every ``assets/ai/*.json`` is a JSON object
    (without NaN or Infinity). Reads nothing else; standard library only.
    """
    from concordia.fileio import load_json_capped

    problems: list[str] = []
    for parts in REQUIRED_FILES + REQUIRED_WEIGHTS:
        path = resource_path(*parts)
        try:
            if not path.is_file() or path.stat().st_size == 0:
                problems.append(f"{'/'.join(parts)} is missing or empty")
        except OSError as exc:
            problems.append(f"{'/'.join(parts)} cannot be read ({exc.strerror or exc})")
    folder = resource_path("assets", "ai")
    weights = sorted(folder.glob("*.json")) if folder.is_dir() else []
    for path in weights:
        name = f"assets/ai/{path.name}"
        try:
            data = load_json_capped(path, MAX_WEIGHTS_BYTES)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            problems.append(f"{name} cannot be read ({reason})")
            continue
        if not isinstance(data, dict) or not data:
            problems.append(f"{name} is not a weights file (no JSON object in it)")
    return problems
