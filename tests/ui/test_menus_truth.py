"""The menu, New game and Settings say what is so: the real window size, only sizes
that fit on the screen, a typed seed, names kept when a seat's kind changes."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_helpers import click_button, make_app, send

from concordia.ui.app import App
from concordia.ui.controller import SEAT_KINDS
from concordia.ui.input import Confirm, HandCard, Key
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import MenuScene, NewGameScene
from concordia.ui.scenes.settings import SettingsScene
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


def _window_label(app: App) -> str:
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return next(b.label for b in scene.buttons.buttons if b.value == "window")


def test_settings_show_the_real_window_size() -> None:
    """Started with --size 1024x640 while the settings keep 1280x720."""
    app = make_app((1024, 640))
    assert app.settings.window_size == (1280, 720)
    app.stack.push(SettingsScene(app))
    assert _window_label(app) == "1024 × 640"


def test_window_sizes_larger_than_the_screen_are_not_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    app = make_app((1280, 720))
    app.stack.push(SettingsScene(app))
    seen = []
    for _ in range(6):
        click_button(app, lambda v: v == "window")
        seen.append(app.settings.window_size)
        assert _window_label(app) == "{} × {}".format(*app.size)
    assert set(seen) == {(1280, 720), (1024, 640)}
    assert app.size == app.settings.window_size


def test_the_next_size_is_applied_even_when_the_settings_held_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--size 1024x640, settings 1280x720: the next size (1280x720) resizes the window."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    app = make_app((1024, 640))
    app.stack.push(SettingsScene(app))
    click_button(app, lambda v: v == "window")
    assert app.size == (1280, 720) == app.settings.window_size
    assert _window_label(app) == "1280 × 720"


def _new_game(app: App) -> NewGameScene:
    app.stack.push(MenuScene(app))
    click_button(app, lambda v: v == "new")
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    return scene


def _is(value: object) -> Callable[[object], bool]:
    return lambda v: bool(v == value)


def _type(app: App, text: str) -> None:
    for ch in text:
        if ch.isdigit() and ch != "0":
            send(app, HandCard(int(ch)))
        elif ch == "0":
            send(app, HandCard(10))
        else:
            send(app, Key(ord(ch), ch))


def test_the_seed_can_be_typed_and_still_rerolled() -> None:
    app = make_app()
    scene = _new_game(app)
    click_button(app, lambda v: v == ("seed",))
    for _ in range(8):
        send(app, Key(pygame.K_BACKSPACE))
    _type(app, "4207x")  # a letter is not part of a seed
    send(app, Confirm())  # the first Enter ends the typing
    assert scene.setup.seed == 4207
    label = next(b.label for b in scene.buttons.buttons if b.value == ("seed",))
    assert label == "4207"
    click_button(app, lambda v: v == ("reroll",))
    assert scene.setup.seed != 4207
    click_button(app, lambda v: v == ("seed",))
    for _ in range(8):
        send(app, Key(pygame.K_BACKSPACE))
    _type(app, "10")
    send(app, Confirm())
    send(app, Confirm())  # the second starts the game with that deal
    game = app.stack.top
    assert isinstance(game, GameScene) and game.controller.setup.seed == 10


def test_an_empty_typed_seed_keeps_the_old_one() -> None:
    app = make_app()
    scene = _new_game(app)
    old = scene.setup.seed
    click_button(app, lambda v: v == ("seed",))
    for _ in range(8):
        send(app, Key(pygame.K_BACKSPACE))
    send(app, Confirm())
    assert scene.setup.seed == old


def test_cycling_a_seats_kind_keeps_its_name() -> None:
    app = make_app()
    scene = _new_game(app)
    names = [s.name for s in scene.setup.seats]
    assert names[0] == t("seat.default_name", n=1)
    for i in range(len(names)):
        for _ in range(len(SEAT_KINDS)):
            click_button(app, _is(("kind", i)))
            assert scene.setup.seats[i].name == names[i]
    # a typed name is kept too
    click_button(app, lambda v: v == ("name", 1))
    for _ in range(12):
        send(app, Key(pygame.K_BACKSPACE))
    _type(app, "Ada")
    send(app, Confirm())
    for _ in range(len(SEAT_KINDS) - 1):
        click_button(app, lambda v: v == ("kind", 1))
        assert scene.setup.seats[1].name == "Ada"
