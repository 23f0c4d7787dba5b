"""Placeholder, replaced below."""
from __future__ import annotations

from concordia.ai.greedy import NormalAgent


class HardAgent(NormalAgent):
    name = "hard"
