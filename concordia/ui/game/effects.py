"""Sounds and piece animations for the actions played in the game scene."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import Action, Build, BuyCard, Cash, Move, Place, PlayCard, Trade
from concordia.ui.render.anim import HouseTween, MoveTween, finished

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts


def animate(scene: GameParts, action: Action, seat: int) -> None:
    """Start the tween of a move or a build at the animation speed (none when the
    speed is off or in ``--autoplay``)."""
    duration = scene.app.animation_time()
    if duration <= 0:
        return
    now = scene.app.time_source()
    if isinstance(action, Move):
        scene.tweens.append(MoveTween(seat, action.kind, action.src, action.dst, now, duration))
    elif isinstance(action, Build):
        scene.tweens.append(HouseTween(seat, action.city, now, duration))


def animating(scene: GameParts) -> bool:
    """Whether a piece is still moving (the next AI move waits for it)."""
    now = scene.app.time_source()
    return any(not finished(tw, now) for tw in scene.tweens)


def play_sound(scene: GameParts, action: Action) -> None:
    """The sound effect of one action (none for most sub-steps)."""
    sounds = scene.app.sounds
    if isinstance(action, PlayCard | BuyCard):
        sounds.play("card")
    elif isinstance(action, Build | Place):
        sounds.play("build")
    elif isinstance(action, Cash | Trade):
        sounds.play("coin")
