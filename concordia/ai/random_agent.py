"""The uniform-random agent (tests, fallbacks, the bottom of the strength ladder)."""

from __future__ import annotations

import random
import threading

from concordia.ai.base import Limit
from concordia.core import Action, GameState


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        return rng.choice(view.legal_actions())
