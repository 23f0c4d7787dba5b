"""Shared helpers of the UI scene tests: build an app on an off-screen surface, find a
position by random play, and click buttons and board targets like a player would."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from concordia.core import GameState
from concordia.maps import load_board
from concordia.settings import Settings
from concordia.ui.app import App, AppOptions
from concordia.ui.controller import GameController, GameSetup
from concordia.ui.input import Click, Intent
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import default_seats
from concordia.ui.widgets import Button

_BOARDS: dict[str, Any] = {}


def board(name: str = "imperium") -> Any:
    if name not in _BOARDS:
        _BOARDS[name] = load_board(name)
    return _BOARDS[name]


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    """An App drawing on an off-screen surface (the dummy display must exist)."""
    app = App(AppOptions(), Settings(ai_speed="off", animation_speed="off"))
    pygame.font.init()
    app.use_surface(pygame.Surface(size))
    return app


def find_actions(
    kinds: list[str],
    seed: int,
    want: Callable[[GameState], bool],
    board_name: str = "imperium",
    max_steps: int = 3000,
    tries: int = 40,
) -> list[str]:
    """Notation of a random legal line of play from the start to a state where ``want``."""
    b = board(board_name)
    from concordia.core import new_game

    for attempt in range(tries):
        rng = random.Random(f"{seed}/{attempt}")
        state = new_game(b, num_players=len(kinds), seed=seed)
        actions: list[str] = []
        for _ in range(max_steps):
            if want(state):
                return actions
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            actions.append(str(action))
            state = state.apply(action)
    raise AssertionError("no position found")


def game_scene(
    kinds: list[str],
    seed: int = 1,
    actions: list[str] | None = None,
    board_name: str = "imperium",
    size: tuple[int, int] = (1280, 720),
) -> tuple[App, GameScene]:
    app = make_app(size)
    setup = GameSetup(board_name, default_seats(kinds), seed)
    controller = GameController(setup, board(board_name), actions)
    scene = GameScene(app, controller)
    app.stack.push(scene)
    return app, scene


def buttons(app: App) -> list[Button]:
    top = app.stack.top
    row = getattr(top, "buttons", None)
    return list(row.buttons) if row is not None else []


def click_button(app: App, match: Callable[[Any], bool]) -> Button:
    """Click the first enabled button of the top scene whose value matches."""
    for b in buttons(app):
        if b.enabled and match(b.value):
            app.dispatch(Click(b.rect.center))
            return b
    values = [b.value for b in buttons(app)]
    raise AssertionError(f"no matching button among {values}")


def send(app: App, *intents: Intent) -> None:
    for intent in intents:
        app.dispatch(intent)


def draw(app: App) -> None:
    assert app.screen is not None
    app.draw(app.screen)


def drawn_texts(monkeypatch: Any) -> list[tuple[str, int]]:
    """Record every ``theme.text`` call from now on (still drawing it): the text and the
    x of its right edge, in draw order."""
    from concordia.ui import theme

    drawn: list[tuple[str, int]] = []
    real = theme.text

    def spy(surface: Any, font: Any, text: str, pos: Any, *a: Any, **kw: Any) -> Any:
        drawn.append((text, pos[0] + font.size(text)[0]))
        return real(surface, font, text, pos, *a, **kw)

    monkeypatch.setattr(theme, "text", spy)
    return drawn


def show_state(scene: GameScene, state: GameState) -> None:
    """Put ``state`` on screen as the position to play (history and selection reset);
    the scene's seats should all be human so that whoever decides can click."""
    c = scene.controller
    c.history = [state]
    c.actions, c.actors, c.committed = [], [], 0
    scene.selection.clear()
    scene.hint = None
    scene.rebuild()
