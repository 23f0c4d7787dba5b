"""Concordia for the desktop: a pygame edition of Mac Gerdts' board game."""

from __future__ import annotations

from concordia.about import __version__

__all__ = ["__version__"]
