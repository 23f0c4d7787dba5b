"""AI seats in the game scene: ask the background thread, take its answer, show the
move for the AI speed, then play it (see :class:`~concordia.ui.ai_bridge.AIBridge`).

:class:`AIDriver` holds that part of the scene's state: the open request, its answer
not yet used, when the thinking began, and the move on screen before it is played."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from concordia.ai.worker import AIResult
from concordia.core import Action
from concordia.ui.game import hints
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts

logger = logging.getLogger(__name__)

#: ``--autoplay`` gives each AI level this fraction of its usual thinking time.
AUTOPLAY_TIME_SCALE = 0.25
#: ``--autoplay`` gives up (exit code 1) on a game longer than this; real games take
#: 300-700 actions, so only agents that stop trying to end the game get here.
AUTOPLAY_MAX_ACTIONS = 3000


@dataclass
class PendingAI:
    """An AI decision shown on screen for ``delay`` seconds before it is applied."""

    action: Action
    seat: int
    remaining: float


@dataclass
class AIDriver:
    """The AI seats' state in one game scene (the functions below drive it)."""

    #: The (game id, step) of the open request, None when none is open.
    requested: tuple[int, int] | None = None
    #: The open request's answer, not yet used.
    reply: AIResult | None = None
    #: When the open request was sent (the app's clock), to subtract from the AI speed.
    think_start: float = 0.0
    #: A decided move shown on screen before it is played.
    pending: PendingAI | None = None

    def forget(self) -> None:
        """Drop the request, its answer and the move on screen (an undo)."""
        self.requested = None
        self.reply = None
        self.pending = None


def drain(scene: GameParts) -> None:
    """Take every reply the AI thread has sent: keep the answer to the open request,
    show a hint, and drop anything stale (from before an undo, a move or a load)."""
    while (reply := scene.ai.poll()) is not None:
        take_reply(scene, reply)


def take_reply(scene: GameParts, reply: AIResult) -> None:
    if reply.hint:
        hints.on_hint(scene, reply)
        return
    key = (reply.game_id, reply.step)
    if key != scene.driver.requested or key != (scene.game_id, scene.state.step):
        logger.debug("dropped a stale AI reply for step %d", reply.step)
        return
    scene.driver.reply = reply


def thinking_seat(scene: GameParts) -> int | None:
    """The AI seat whose answer the scene is waiting for, if any."""
    state = scene.state
    if scene.driver.pending is not None or state.is_terminal() or scene.controller.awaiting_confirm:
        return None
    seat = state.current_player
    if seat is None or scene.controller.seat_is_human(seat):
        return None
    return seat


def drive(scene: GameParts, seat: int) -> None:
    state = scene.state
    key = (scene.game_id, state.step)
    if scene.driver.requested != key:
        scene.driver.requested = key
        scene.driver.reply = None
        scene.driver.think_start = scene.app.time_source()
        scene.ai.request(scene.game_id, state, seat, scene.controller.seats[seat].kind)
    if scene.driver.reply is None and scene.app.autoplay:
        reply = scene.ai.poll(0.5)  # no frames to keep smooth: wait for the answer
        if reply is not None:
            take_reply(scene, reply)
    reply = scene.driver.reply
    if reply is None or scene.tweens:
        return  # no answer yet, or the last move is still sliding into place
    scene.driver.reply = None
    action = reply.action
    if reply.error is not None or action is None or action not in state.legal_actions():
        logger.warning(
            "AI of seat %d failed at step %d (%s); playing a random legal move",
            seat,
            state.step,
            reply.error or f"illegal {action}",
        )
        action = scene.ai.fallback_action(state)
        scene.flash(t("game.ai_error", name=scene.controller.seats[seat].name))
        if action is None:
            return
    # The move stays on screen for the AI speed, less the time spent thinking.
    delay = scene.app.ai_delay() - (scene.app.time_source() - scene.driver.think_start)
    if delay <= 0:
        scene.submit(action)
    else:
        scene.driver.pending = PendingAI(action, seat, delay)


def step(scene: GameParts, dt: float) -> None:
    """One frame of the game flow: play the AI move on screen when its time is up, end
    the game, hand over between humans, or ask the AI thread for the next move."""
    state = scene.state
    if scene.driver.pending is not None:
        scene.driver.pending.remaining -= dt
        if scene.driver.pending.remaining <= 0 and not scene.tweens:
            action = scene.driver.pending.action
            scene.driver.pending = None
            scene.submit(action)
        return
    if scene.controller.awaiting_confirm:
        # A human's last turn ends like any other (End turn or Undo), then the final
        # scores (found by hand: shown at the last step, then closed, an Undo
        # and the same step never showed them again).
        return
    if state.is_terminal():
        scene.finish_game()
        return
    if scene.app.autoplay and len(scene.controller.actions) >= AUTOPLAY_MAX_ACTIONS:
        logger.error("autoplay: no end after %d actions; giving up", AUTOPLAY_MAX_ACTIONS)
        scene.app.quit(1)
        return
    seat = state.current_player
    assert seat is not None
    if scene.controller.seat_is_human(seat):
        if scene.controller.human_count > 1 and seat != scene.shown_human:
            scene.shown_human = seat
            scene.hand_over(seat)
        elif scene.shown_human is None:
            scene.shown_human = seat
        return
    drive(scene, seat)
