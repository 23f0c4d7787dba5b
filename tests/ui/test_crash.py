"""An exception inside a scene never takes the window down: it is logged with its
traceback, the error dialog offers the way back to the menu, and the autosave stays."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_helpers import click_button, draw, game_scene, send

from concordia.ui.app import App
from concordia.ui.controller import autosave_path, load_autosave
from concordia.ui.input import Click, Confirm, Intent
from concordia.ui.scene import Scene
from concordia.ui.scenes.dialog import CrashScene
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("pygame_display")


class Boom(Scene):
    """A scene that raises in ``where`` (handle, update or draw)."""

    name = "boom"

    def __init__(self, app: App, where: str) -> None:
        super().__init__(app)
        self.where = where

    def handle(self, intent: Intent) -> Intent | None:
        if self.where == "handle":
            raise RuntimeError("boom in handle")
        return None

    def update(self, dt: float) -> None:
        if self.where == "update":
            raise RuntimeError("boom in update")

    def draw(self, surface: object) -> None:
        if self.where == "draw":
            raise RuntimeError("boom in draw")


@pytest.fixture
def log_file() -> Iterator[Path]:
    from concordia.logs import setup_logging

    path = setup_logging()
    yield path
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler.get_name() in ("concordia-file", "concordia-stderr"):
            root.removeHandler(handler)
            handler.close()


def _frame(app: App) -> None:
    app.update(0.016)
    draw(app)


@pytest.mark.parametrize("where", ["handle", "update", "draw"])
def test_a_raising_scene_shows_the_error_dialog_and_logs(where: str, log_file: Path) -> None:
    app, scene = game_scene(["human", "easy"], 7)
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    send(app, Confirm())  # the turn end writes the autosave
    assert app.autosaver.wait(5.0)
    saved = autosave_path().read_bytes()
    app.stack.push(Boom(app, where))
    send(app, Click((5, 5)))
    for _ in range(3):
        _frame(app)
    top = app.stack.top
    assert isinstance(top, CrashScene)
    assert f"boom in {where}" in top.reason
    assert sum(isinstance(s, CrashScene) for s in app.stack.scenes) == 1
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and f"boom in {where}" in text
    # Back to the menu: the game is closed, the autosave untouched and loadable.
    click_button(app, lambda v: v == "menu")
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1
    assert scene._closed
    assert autosave_path().read_bytes() == saved
    assert load_autosave().actions == ["play prefect", "cash"]
    _frame(app)


def test_the_game_scene_itself_raising(monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = game_scene(["human", "easy"], 7)

    def broken(surface: object) -> None:
        raise ZeroDivisionError("bad draw")

    monkeypatch.setattr(scene, "draw", broken)
    _frame(app)
    assert isinstance(app.stack.top, CrashScene)
    _frame(app)  # the broken scene is hidden by the dialog and not drawn again
    assert app.crashes == 1
    send(app, Confirm())
    assert isinstance(app.stack.top, MenuScene)


def test_the_error_dialog_draws_at_both_sizes() -> None:
    for size in ((1280, 720), (1920, 1080)):
        app, _ = game_scene(["human", "easy"], 7, size=size)
        app.stack.push(CrashScene(app, "RuntimeError: " + "x" * 300, "/a/long/path/" * 8))
        draw(app)
        for b in app.stack.top.buttons.buttons:  # type: ignore[union-attr]
            assert app.screen is not None and app.screen.get_rect().contains(b.rect)
        assert isinstance(app.stack.scenes[0], GameScene)


def test_autoplay_exits_with_an_error_code_on_a_crash() -> None:
    app, _ = game_scene(["easy", "easy"], 7)
    app.options.autoplay = True
    app.stack.push(Boom(app, "update"))
    app.running = True
    app.update(0.0)
    assert not app.running and app.exit_code == 1
