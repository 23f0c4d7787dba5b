"""The registry of AI levels: each level's name and the class that plays it.

Levels: ``"random"`` (uniform, for tests), ``"easy"``, ``"normal"``, ``"hard"`` and
``"expert"`` (:mod:`concordia.ai.expert`: the search scored by the learned outcome, with
the real result on the plays that end the game), and one tournament level the UI does
not list (``concordia.ui.controller.AI_KINDS``): ``"expert-v1"``
(:mod:`concordia.ai.expert_v1`, the hand-tuned expert that came before, unchanged, the
yardstick every strength figure of the expert is measured against).
``make_agent(name)`` builds a fresh agent (agents may keep a per-turn plan cache, so
use one instance per seat or per worker). The budget the UI gives each level is
:func:`concordia.ai.base.default_limit`.

This module imports the agents and nothing imports it back: the agent modules import
only :mod:`concordia.ai.base` and each other, so there is no import circle. A new
level is one entry in ``_FACTORIES`` plus its budget in ``base._DEFAULT_LIMITS``.
"""

from __future__ import annotations

from collections.abc import Callable

from concordia.ai.base import Agent
from concordia.ai.expert import ExpertAgent
from concordia.ai.expert_v1 import ExpertV1Agent
from concordia.ai.greedy import EasyAgent, NormalAgent
from concordia.ai.mcts import HardAgent
from concordia.ai.random_agent import RandomAgent

_FACTORIES: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
    "expert": ExpertAgent,
    "expert-v1": ExpertV1Agent,
}

LEVELS: tuple[str, ...] = tuple(_FACTORIES)


def make_agent(name: str) -> Agent:
    """A new agent of the named level (one of :data:`LEVELS`).

    Raises:
        KeyError: unknown level.
    """
    return _FACTORIES[name]()


def agent_names() -> tuple[str, ...]:
    """The registered levels, in registry order (the same as :data:`LEVELS`)."""
    return LEVELS
