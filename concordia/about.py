"""Application name, author and version: the single place they are defined."""

from __future__ import annotations

APP_NAME = "Concordia"
APP_AUTHOR = "ConcordiaDesktop"
__version__ = "0.1.0"
