"""The game scene's per-position caches (panels, board pieces) never show stale pixels:
a scene that drew every step of a game matches a fresh scene drawing the last position;
and the scene paints the whole window (the app skips clearing it)."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import board

from concordia.settings import Settings
from concordia.ui.app import App, AppOptions
from concordia.ui.controller import GameController, GameSetup
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import default_seats

pytestmark = pytest.mark.usefixtures("pygame_display")

KINDS = ["human", "human", "human"]


def _app(size: tuple[int, int]) -> App:
    app = App(
        AppOptions(), Settings(ai_speed="off", animation_speed="off"), time_source=lambda: 50.0
    )
    pygame.font.init()
    app.use_surface(pygame.Surface(size))
    return app


def _scene(app: App, actions: list[str]) -> GameScene:
    setup = GameSetup("imperium", default_seats(KINDS), 21)
    scene = GameScene(app, GameController(setup, board(), actions))
    app.stack.push(scene)
    return scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_cached_frames_match_fresh_frames(size: tuple[int, int]) -> None:
    app = _app(size)
    scene = _scene(app, [])
    assert app.screen is not None
    rng = random.Random(4)
    for _ in range(60):
        legal = scene.state.legal_actions()
        scene.controller.submit(rng.choice(legal))
        scene.controller.confirm_turn()
        scene.rebuild()
        app.draw(app.screen)
    cached = app.screen.copy()
    fresh_app = _app(size)
    _scene(fresh_app, list(scene.controller.actions))
    assert fresh_app.screen is not None
    fresh_app.draw(fresh_app.screen)
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(fresh_app.screen, "RGB")


def test_the_game_scene_paints_every_pixel() -> None:
    app = _app((1280, 720))
    _scene(app, [])
    assert app.screen is not None
    app.screen.fill((255, 0, 255))
    app.draw(app.screen)
    w, h = app.screen.get_size()
    stray = [
        (x, y)
        for x in range(0, w, 4)
        for y in range(0, h, 4)
        if app.screen.get_at((x, y))[:3] == (255, 0, 255)
    ]
    assert stray == []


def test_board_pieces_cache_follows_the_state() -> None:
    from concordia.core import Move, new_game
    from concordia.ui.render import BoardRenderer

    b = board()
    state = new_game(b, num_players=3, seed=21)
    rng = random.Random(2)
    later = state
    while not any(isinstance(a, Move) for a in later.legal_actions()):
        later = later.apply(rng.choice(later.legal_actions()))
    later = later.apply(next(a for a in later.legal_actions() if isinstance(a, Move)))
    rect = pygame.Rect(0, 0, 1000, 700)
    warm = BoardRenderer(b, rect, time_source=lambda: 1.0)
    surface = pygame.Surface(rect.size)
    warm.draw(surface, state, {})
    warm.draw(surface, later, {})
    fresh = BoardRenderer(b, rect, time_source=lambda: 1.0)
    other = pygame.Surface(rect.size)
    fresh.draw(other, later, {})
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(other, "RGB")
