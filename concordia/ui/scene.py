"""Scenes and the scene stack.

A scene owns its UI state (selection, hover, tweens). ``handle(intent)`` returns ``None``
to consume an intent or the intent to pass it to the scene below; ``update(dt)`` changes
things; ``draw(surface)`` never mutates game or UI state. Everything here runs on the main
thread.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from concordia.ui.app import App
    from concordia.ui.input import Intent

logger = logging.getLogger(__name__)


class Scene:
    """Base class. ``opaque`` scenes hide everything below them when drawn."""

    opaque = True
    #: Whether ``draw`` paints every pixel itself (then the app skips clearing the
    #: window first, which costs a full-screen fill per frame).
    covers_window = False
    #: Name used for screenshots and logs.
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        #: Where the pointer is over this scene (None: not over the window); what its
        #: buttons show hovered.
        self.hover: tuple[int, int] | None = None

    def enter(self) -> None:
        """Called once when pushed onto the stack."""

    def exit(self) -> None:
        """Called once when removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again."""

    def handle(self, intent: Intent) -> Intent | None:
        """Consume ``intent`` (return ``None``) or pass it on (return it)."""
        return intent

    def update(self, dt: float) -> None:
        """Advance timers and poll background work; ``dt`` in seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``; must not change any state."""

    def redraw_key(self) -> object:
        """A value that changes whenever the picture would change without any input
        (a move arriving from the AI thread, a message timing out). The app repaints
        only after input, a change of this key, or while :meth:`in_motion`; a scene
        that changes only on input keeps the default."""
        return None

    def in_motion(self) -> bool:
        """Whether something moves on screen now (then every frame is repainted)."""
        return False


class SceneStack:
    """A stack of scenes with symmetric enter/exit and pause/resume calls."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            top = self._scenes[-1]
            # The pointer moved while the scene was covered (found by hand: "?" stayed
            # highlighted after the rules page it opened was closed elsewhere).
            top.hover = top.app.mouse
            top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is neither paused nor resumed)."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        """Remove every scene, top first. A scene whose ``exit`` raises is logged and
        removed anyway (this is also the way out after an unexpected error)."""
        while self._scenes:
            scene = self._scenes.pop()
            try:
                scene.exit()
            except Exception:
                logger.exception("%s.exit failed", scene.name)

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` wherever it is (resuming the new top if it was on top)."""
        if scene not in self._scenes:
            return
        if self._scenes[-1] is scene:
            self.pop()
            return
        self._scenes.remove(scene)
        scene.exit()

    def pointer_left(self) -> None:
        """The pointer left the window: no scene keeps a button hovered (found by hand:
        Save, at the window's top edge, stayed highlighted once the pointer left the
        window over it)."""
        for scene in self._scenes:
            scene.hover = None

    def handle(self, intent: Intent) -> Intent | None:
        """Offer ``intent`` from the top scene down until one consumes it. An opaque scene
        that passes an intent on still stops it: the scenes below it are hidden."""
        for scene in reversed(list(self._scenes)):
            passed = scene.handle(intent)
            if passed is None:
                return None
            intent = passed
            if scene.opaque:
                return intent
        return intent

    def update(self, dt: float) -> None:
        for scene in list(self._scenes):
            scene.update(dt)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom-up: from the topmost opaque scene to the top."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
