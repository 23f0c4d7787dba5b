"""AI opponents: agents, the background worker and the headless game loop.

Imports only :mod:`concordia.core` and the standard library (no pygame, pytmx,
appdirs, maps or ui), so search can run anywhere, including in worker processes.
"""

from __future__ import annotations

from concordia.ai.base import Agent, Limit, default_limit, fallback_action
from concordia.ai.registry import LEVELS, make_agent

__all__ = ["LEVELS", "Agent", "Limit", "default_limit", "fallback_action", "make_agent"]
