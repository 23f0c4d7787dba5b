"""The core tests import their helpers as ``tests.core.helpers``: make sure the
repository root is importable however pytest was started."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
