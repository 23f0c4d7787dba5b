"""The hint calls the parts of the game scene make, bound to the scene.

:mod:`concordia.ui.game.hints` takes the scene itself; the panels and helpers of
``concordia/ui/game`` see the scene only as a :class:`~concordia.ui.game.parts.GameParts`,
so they reach the hint through this object (``scene.hints``), which hands the scene on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ai.worker import AIResult
from concordia.ui.board_pane import HKey
from concordia.ui.game import hints
from concordia.ui.game.hints import Hint
from concordia.ui.targeting import Box

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


class SceneHints:
    """:class:`~concordia.ui.game.parts.HintCalls` for one game scene."""

    def __init__(self, scene: GameScene) -> None:
        self._scene = scene

    def current(self) -> Hint | None:
        return hints.current_hint(self._scene)

    def on_reply(self, reply: AIResult) -> None:
        hints.on_hint(self._scene, reply)

    def after_undo(self) -> Hint | None:
        return hints.after_undo(self._scene)

    def mark(self, highlights: dict[HKey, str]) -> dict[HKey, str]:
        return hints.mark(self._scene, highlights)

    def box(self) -> tuple[pygame.Rect, list[str]] | None:
        return hints.hint_box(self._scene)

    def starred_boxes(self, hint: Hint) -> list[Box]:
        return hints.starred_boxes(self._scene, hint)

    def star_disc(self, rect: pygame.Rect) -> tuple[tuple[int, int], int]:
        return hints.star_disc(self._scene, rect)
