"""Raw pygame events -> :class:`Intent` values.

This module is the only caller of ``pygame.event.get()`` in the package. Scenes never
see pygame events: they receive small immutable intents and return ``None`` to consume
one or the intent itself to pass it down the scene stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

import pygame

Pos: TypeAlias = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Click:
    """A mouse button was released at ``pos`` (button 1 left, 3 right)."""

    pos: Pos
    button: int = 1


@dataclass(frozen=True, slots=True)
class Hover:
    """The mouse moved to ``pos`` with no button held."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class Drag:
    """The mouse moved by ``rel`` with a button held (used to pan the board)."""

    pos: Pos
    rel: Pos


@dataclass(frozen=True, slots=True)
class Wheel:
    """The wheel turned ``dy`` notches (positive = up/away) with the mouse at ``pos``."""

    pos: Pos
    dy: int


@dataclass(frozen=True, slots=True)
class Key:
    """Any other key press (pygame key code and its text, possibly empty)."""

    key: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Enter: accept the default choice."""


@dataclass(frozen=True, slots=True)
class Cancel:
    """Escape: close, go back or open the pause menu."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Ctrl+Z: take back the last own step of this turn."""


@dataclass(frozen=True, slots=True)
class HandCard:
    """Keys 1-9 and 0: the n-th card of the hand (1-based; 0 is the tenth). The later
    cards' keys are letters (``concordia.ui.game.hand.HAND_KEYS``), sent as :class:`Key`."""

    n: int


@dataclass(frozen=True, slots=True)
class Resize:
    """The window got a new size."""

    size: Pos


@dataclass(frozen=True, slots=True)
class Quit:
    """The window is being closed."""


@dataclass(frozen=True, slots=True)
class Leave:
    """The pointer left the window (nothing in it is under the pointer any more)."""


Intent: TypeAlias = (
    Click | Hover | Drag | Wheel | Key | Confirm | Cancel | Undo | HandCard | Resize | Quit | Leave
)

_DRAG_SLOP = 4  # pixels a held mouse must travel before a press becomes a drag


class InputMapper:
    """Turns the pygame event queue into intents (main thread only).

    Remembers whether the current mouse press became a drag, so that releasing the
    button after panning the board is not also reported as a click.
    """

    def __init__(self) -> None:
        self._press: Pos | None = None
        self._dragging = False
        self.events = 0

    def poll(self) -> list[Intent]:
        """Drain the pygame event queue and return the intents, in order.
        :attr:`events` counts the raw events seen (any of them, e.g. the window being
        uncovered, means the window must be repainted)."""
        events = pygame.event.get()
        self.events += len(events)
        return [i for event in events for i in self.translate(event)]

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents for one pygame event (often none)."""
        et = event.type
        if et == pygame.QUIT:
            return [Quit()]
        if et in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            size = getattr(event, "size", None) or (event.x, event.y)
            return [Resize((int(size[0]), int(size[1])))]
        if et == pygame.WINDOWLEAVE:
            return [Leave()]
        if et == pygame.KEYDOWN:
            return [self._key(event)]
        if et == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._press = (int(event.pos[0]), int(event.pos[1]))
            self._dragging = False
            return []
        if et == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            was_drag = self._dragging
            self._press = None
            self._dragging = False
            return (
                []
                if was_drag
                else [Click((int(event.pos[0]), int(event.pos[1])), int(event.button))]
            )
        if et == pygame.MOUSEMOTION:
            pos = (int(event.pos[0]), int(event.pos[1]))
            if self._press is not None and any(event.buttons):
                if not self._dragging:
                    dx, dy = pos[0] - self._press[0], pos[1] - self._press[1]
                    if abs(dx) + abs(dy) < _DRAG_SLOP:
                        return []
                    self._dragging = True
                    return [Drag(pos, (dx, dy))]
                return [Drag(pos, (int(event.rel[0]), int(event.rel[1])))]
            return [Hover(pos)]
        if et == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            return [Wheel((int(mx), int(my)), int(event.y))]
        return []

    @staticmethod
    def _key(event: pygame.event.Event) -> Intent:
        key = int(event.key)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Confirm()
        if key == pygame.K_ESCAPE:
            return Cancel()
        if key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return Undo()
        if pygame.K_1 <= key <= pygame.K_9 and not event.mod & pygame.KMOD_CTRL:
            return HandCard(key - pygame.K_0)
        if pygame.K_KP1 <= key <= pygame.K_KP9:
            return HandCard(key - pygame.K_KP1 + 1)
        if key in (pygame.K_0, pygame.K_KP0) and not event.mod & pygame.KMOD_CTRL:
            return HandCard(10)  # 0 stands for the tenth card, after 9
        return Key(key, str(getattr(event, "unicode", "") or ""))
