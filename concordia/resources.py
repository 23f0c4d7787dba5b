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
