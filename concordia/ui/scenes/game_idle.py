"""The game scene's part of the idle rule (see :meth:`concordia.ui.app.App.frame`).

The window is repainted after input, while something moves, or when the value
:func:`game_redraw_key` returns changes: it gathers everything the game screen shows
that can change without input (a move from the AI thread, a hint arriving, a
message timing out, the thinking dots stepping on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene

#: The thinking dots step this many times a second (see the game scene's drawing).
DOTS_PER_SECOND = 3


def game_redraw_key(scene: GameScene) -> tuple[object, ...]:
    """What the game scene's picture depends on, apart from input and animation."""
    c = scene.controller
    pending = scene.driver.pending
    hint = scene.hint
    thinking = scene.thinking_seat
    dots = None
    if thinking is not None:
        dots = (thinking, int(scene.app.time_source() * DOTS_PER_SECOND) % 4)
    return (
        id(c.state),
        len(c.actions),
        c.committed,
        c.awaiting_confirm,
        scene.message,
        None if pending is None else (str(pending.action), pending.seat),
        None if hint is None else (hint.step, hint.seat, hint.done, len(hint.actions)),
        dots,
        len(scene.tweens),
        scene.selection.colonist,
        scene.selection.place_city,
        scene.selection.buy_card,
        tuple(sorted(scene.selection.trades.items())),
        scene.log.offset,
        scene.shown_human,
        scene.final_shown,
    )


def game_in_motion(scene: GameScene) -> bool:
    """Whether a piece is moving (every frame is painted until it arrives)."""
    return bool(scene.tweens)
