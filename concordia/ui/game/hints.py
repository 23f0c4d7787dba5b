"""Hints: the hard AI's suggestion for the human deciding now, shown on the board, on
the buttons and in words. It never plays for the player.

A :class:`Hint` holds a list of actions (the suggested play) and a text, so a stronger
adviser or an explanation ("why") can fill it without changes to the scene.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from concordia.core import Action, BuyCard, Move, Trade
from concordia.ui.ai_bridge import Reply
from concordia.ui.game.describe import describe
from concordia.ui.strings import t
from concordia.ui.targeting import HKey, action_target
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene

logger = logging.getLogger(__name__)


@dataclass
class Hint:
    """A hint asked for ``seat`` at ``step``: the hard AI's choice once it answered."""

    step: int
    seat: int
    action: Action | None = None
    done: bool = False


def current_hint(scene: GameScene) -> Hint | None:
    """The hint for the position on screen (None once anything was played)."""
    hint = scene.hint
    if hint is None or hint.step != scene.state.step or not scene.human_to_act:
        return None
    return hint


def request_hint(scene: GameScene) -> None:
    """Ask the hard AI, on the AI thread, what the human deciding now should play."""
    state = scene.state
    if (
        not scene.human_to_act
        or scene.controller.awaiting_confirm
        or state.is_terminal()
        or current_hint(scene) is not None
    ):
        return
    seat = state.current_player
    assert seat is not None
    scene.hint = Hint(state.step, seat)
    scene.ai.request_hint(scene.game_id, state, seat)
    scene.flash(t("game.hint_thinking"))
    scene._rebuild()


def on_hint(scene: GameScene, reply: Reply) -> None:
    hint = current_hint(scene)
    if hint is None or reply.game_id != scene.game_id or reply.step != hint.step:
        logger.debug("dropped a stale hint for step %d", reply.step)
        return
    hint.done = True
    action = reply.action
    if reply.error is not None or action is None or action not in scene.options().legal:
        logger.warning("no hint at step %d: %s", reply.step, reply.error or action)
        scene.flash(t("game.hint_none"))
    else:
        hint.action = action
        scene.flash(t("game.hint_is", what=describe(scene, action, hint.seat)))
        scene.message_time = 8.0
    scene._rebuild()


def hint_buttons(scene: GameScene) -> list[Button]:
    """The buttons that carry the hinted action (or lead to it)."""
    hint = current_hint(scene)
    if hint is None or hint.action is None:
        return []
    a = hint.action
    wanted: list[object] = [a]
    if isinstance(a, Move):
        wanted.append(("ui", "select", (a.kind, a.src)))
    if isinstance(a, BuyCard):
        wanted.append(("ui", "buy_card", a.card))
    if isinstance(a, Trade):
        wanted.append(("ui", "trade_step", a.good, 1 if a.amount > 0 else -1))
    return [b for b in scene.buttons.buttons if b.value in wanted and b.enabled]


def mark(scene: GameScene, highlights: dict[HKey, str]) -> dict[HKey, str]:
    """``highlights`` with the hinted target starred (and the colonist it moves ringed)."""
    out = dict(highlights)
    hint = current_hint(scene)
    if hint is None or hint.action is None:
        return out
    key = action_target(hint.action)
    if key is not None:
        out[key] = "★ " + (out.get(key) or t("game.hint_badge"))
    if isinstance(hint.action, Move):
        src = hint.action.src
        out.setdefault(src if src in scene.cities else (hint.action.kind, src), "")
    return out
