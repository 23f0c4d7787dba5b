"""Presenters: how each card and each step of a turn is shown (see :mod:`.base`).

Every presenter module is imported here, so that importing the package fills the
registry.
"""

from __future__ import annotations

from concordia.ui.presenters import (
    architect,  # noqa: F401  (each registers its presenters)
    colonist,  # noqa: F401
    consul,  # noqa: F401
    diplomat,  # noqa: F401
    mercator,  # noqa: F401
    overflow,  # noqa: F401
    prefect,  # noqa: F401
    senator,  # noqa: F401
    specialist,  # noqa: F401
    tribune,  # noqa: F401
    turn,  # noqa: F401
)
from concordia.ui.presenters.base import (
    Choice,
    Presenter,
    SceneLike,
    action_icon,
    card_line,
    card_name,
    card_presenters,
    card_text,
    card_tooltip,
    for_action,
    for_card,
    for_phase,
)

__all__ = [
    "Choice",
    "Presenter",
    "SceneLike",
    "action_icon",
    "card_line",
    "card_name",
    "card_presenters",
    "card_text",
    "card_tooltip",
    "for_action",
    "for_card",
    "for_phase",
]
