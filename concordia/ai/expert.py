"""The expert level (being replaced: for now the first expert's search)."""

from __future__ import annotations

from concordia.ai.expert_v1 import ExpertV1Agent


class ExpertAgent(ExpertV1Agent):
    """The menu's expert."""

    name = "expert"
