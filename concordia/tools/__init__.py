"""Developer tools (not used by the game at run time)."""

from __future__ import annotations
