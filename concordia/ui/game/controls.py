"""What the player's input does in the game scene: keys, clicks and buttons become a
legal action submitted through the scene, or a step of the interface (select, scroll,
open a dialog). Board clicks go through :mod:`concordia.ui.targeting`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core.actions import ACTION_TYPES
from concordia.ui.commands import Command, PayFor, SelectColonist, TradePlan, TradeStep
from concordia.ui.controller import SaveError, saves_folder
from concordia.ui.game import hand, hints, pointer
from concordia.ui.input import (
    Cancel,
    Click,
    Confirm,
    Drag,
    Hover,
    Intent,
    Key,
    Undo,
    Wheel,
)
from concordia.ui.strings import t
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts


def handle(scene: GameParts, intent: Intent) -> Intent | None:
    if isinstance(intent, Hover):
        scene.hover = intent.pos
        return None
    if isinstance(intent, Wheel):
        if scene.lay.board.collidepoint(intent.pos):
            scene.board.wheel(intent.pos, intent.dy)
        elif scene.lay.log.collidepoint(intent.pos):
            scene.log.scroll(intent.dy)
        return None
    if isinstance(intent, Drag):
        if scene.lay.board.collidepoint(intent.pos):
            scene.board.pan(*intent.rel)
        return None
    if isinstance(intent, Cancel):
        if scene.selection:
            scene.selection.clear_choice()
            scene.rebuild()
        else:
            from concordia.ui.scenes.dialog import PauseScene

            scene.app.push(PauseScene(scene.app, scene))
        return None
    if isinstance(intent, Undo):
        scene.undo()
        return None
    if isinstance(intent, Confirm):
        on_confirm(scene)
        return None
    if isinstance(intent, Key) and intent.key == pygame.K_h:
        scene.request_hint()
        return None
    index = hand.key_index(intent)
    if index is not None:
        play_hand_key(scene, index)
        return None
    if isinstance(intent, Click):
        scene.hover = intent.pos
        on_click(scene, intent.pos, intent.button)
        return None
    return None


def on_confirm(scene: GameParts) -> None:
    if scene.controller.awaiting_confirm:
        scene.confirm_turn()
        return
    if not scene.human_to_act:
        return
    opts = scene.options()
    if opts.finish is not None and len(opts.legal) == 1:
        scene.submit(opts.finish)


def play_hand_key(scene: GameParts, key: int) -> None:
    """Play the card that shows hand key ``key`` (see :func:`hand.hand_keys`)."""
    if not scene.human_to_act or scene.controller.awaiting_confirm:
        return
    seat = scene.decider
    if seat is None:
        return
    cards = scene.state.hand(seat)
    index = hand.card_for_key(cards, key)
    if index is not None:
        action = scene.options().hand.get(cards[index])
        if action is not None:
            scene.submit(action)


def on_click(scene: GameParts, pos: tuple[int, int], button: int) -> None:
    b = scene.buttons.hit(pos)
    if b is not None:
        on_button(scene, b)
        return
    if scene.log.click(pos):
        return
    if button != 1 or not scene.human_to_act or scene.controller.awaiting_confirm:
        return
    if scene.lay.board.collidepoint(pos) and not scene.trade.covers(pos):
        star = pointer.star_click(scene, pos)
        if star is not None:
            if not star.actions:
                scene.flash(star.why)
            for action in star.actions:
                scene.submit(action)
            return
        refused = pointer.house_refusal(scene, pos)
        if refused is not None:
            scene.flash(refused)
            return
        scene.click_board(pos)
        return
    refused = scene.display.refusal(pos)
    if refused is not None:
        scene.flash(refused)


def on_button(scene: GameParts, b: Button) -> None:
    value = b.value
    match value:
        case Command.MENU:
            from concordia.ui.scenes.dialog import PauseScene

            scene.app.push(PauseScene(scene.app, scene))
            return
        case Command.SCORES:
            from concordia.ui.scenes.scores import ScoresScene

            scene.app.push(ScoresScene(scene.app, scene.controller, final=False))
            return
        case Command.RULES:
            from concordia.ui.scenes.reference import open_reference

            open_reference(scene.app)
            return
        case Command.SAVE:
            scene.save_now()
            return
        case Command.UNDO:
            scene.undo()
            return
        case Command.HINT:
            scene.request_hint()
            return
        case Command.END_TURN:
            scene.confirm_turn()
            return
        case SelectColonist(kind=kind, src=src):
            scene.selection.colonist = (kind, src)
            scene.rebuild()
            return
        case PayFor(card=card):
            scene.selection.buy_card = card
            scene.rebuild()
            return
        case TradeStep(good=good, delta=delta):
            scene.trade.step(good, delta)
            return
        case TradePlan(actions=actions):
            if scene.human_to_act and not scene.controller.awaiting_confirm:
                for action in actions:
                    scene.submit(action)
            return
    if (
        isinstance(value, ACTION_TYPES)
        and scene.human_to_act
        and not scene.controller.awaiting_confirm
    ):
        scene.submit(value)  # type: ignore[arg-type]  # ACTION_TYPES is the Action union


def undo(scene: GameParts) -> None:
    """Take back the last action not yet final, dropping what the scene held for it."""
    if scene.controller.undo():
        scene.ai.cancel()
        scene.driver.forget()
        scene.hint = hints.after_undo(scene)
        scene.tweens = []
        scene.selection.clear()
        scene.rebuild()


def save_now(scene: GameParts) -> None:
    """Save the game under a dated name in the saves folder and say so."""
    import time

    name = time.strftime("concordia-%Y%m%d-%H%M%S")
    try:
        scene.controller.save(saves_folder() / f"{name}.json")
    except (SaveError, OSError) as exc:
        scene.app.show_error(t("error.save_failed", reason=str(exc)))
        return
    scene.flash(t("game.saved", name=name))
