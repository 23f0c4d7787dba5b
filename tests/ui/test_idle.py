"""The idle rule: with no input and nothing moving, the window is not repainted.

Frames are driven through ``App.frame`` (what the main loop calls) with a clock that
advances 1/60 s per frame; the board's repaints are counted over 2 s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from ui_helpers import board

from concordia.core import PlayCard
from concordia.settings import Settings
from concordia.ui.app import App, AppOptions
from concordia.ui.controller import GameController, GameSetup
from concordia.ui.render.anim import MoveTween
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import MenuScene, default_seats

pytestmark = pytest.mark.usefixtures("pygame_display")

FPS = 60


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _app(clock: Clock) -> App:
    app = App(AppOptions(), Settings(ai_speed="off", animation_speed="normal"), time_source=clock)
    pygame.font.init()
    app.use_surface(pygame.Surface((1280, 720)))
    pygame.event.clear()
    return app


def _count_draws(obj: Any, name: str) -> list[int]:
    calls = [0]
    real: Callable[..., Any] = getattr(obj, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    setattr(obj, name, counted)
    return calls


def _run(app: App, clock: Clock, seconds: float) -> int:
    painted = 0
    for _ in range(round(seconds * FPS)):
        clock.now += 1 / FPS
        painted += app.frame(1 / FPS)
    return painted


def _human_scene(clock: Clock) -> tuple[App, GameScene]:
    app = _app(clock)
    setup = GameSetup("imperium", default_seats(["human", "easy"]), 3)
    scene = GameScene(app, GameController(setup, board()))
    app.push(scene)
    assert scene.state.current_player == 0
    return app, scene


def test_waiting_for_the_human_does_not_repaint_the_board() -> None:
    clock = Clock()
    app, scene = _human_scene(clock)
    draws = _count_draws(scene.board, "draw")
    _run(app, clock, 0.1)  # the first frame paints
    first = draws[0]
    assert first >= 1
    painted = _run(app, clock, 2.0)
    assert painted == 0 and draws[0] == first, (painted, draws[0] - first)
    assert app.skipped >= 2 * FPS


def test_input_repaints_once() -> None:
    clock = Clock()
    app, scene = _human_scene(clock)
    draws = _count_draws(scene.board, "draw")
    _run(app, clock, 0.1)
    before = draws[0]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert _run(app, clock, 1.0) == 1
    assert draws[0] == before + 1


def test_a_move_repaints_and_a_moving_piece_repaints_every_frame() -> None:
    clock = Clock()
    app, scene = _human_scene(clock)
    draws = _count_draws(scene.board, "draw")
    _run(app, clock, 0.1)
    before = draws[0]
    # A change of position without input (as when the AI thread's move is applied).
    action = next(a for a in scene.state.legal_actions() if isinstance(a, PlayCard))
    scene.controller.submit(action)
    assert _run(app, clock, 0.5) == 1
    assert draws[0] == before + 1
    # A colonist sliding for 0.4 s: painted every frame until it arrives, then idle.
    kind, src = scene.state.colonists(0)[0]
    scene.tweens.append(MoveTween(0, kind, src, src, clock.now, 0.4))
    painted = _run(app, clock, 1.0)
    assert 0.4 * FPS - 2 <= painted <= 0.4 * FPS + 3, painted


def test_the_menu_idles() -> None:
    clock = Clock()
    app = _app(clock)
    app.push(MenuScene(app))
    _run(app, clock, 0.1)
    assert _run(app, clock, 2.0) == 0


def test_thinking_dots_repaint_a_few_times_a_second() -> None:
    clock = Clock()
    app = _app(clock)
    setup = GameSetup("imperium", default_seats(["hard", "human"]), 3)
    scene = GameScene(app, GameController(setup, board()))
    app.push(scene)
    try:
        _run(app, clock, 0.1)
        if scene.thinking_seat is None:
            raise AssertionError("the AI seat should be thinking")
        painted = _run(app, clock, 2.0)
        # Three steps a second (and the AI's answer, if it came): far fewer than 120.
        assert 4 <= painted <= 12, painted
    finally:
        scene.close()
