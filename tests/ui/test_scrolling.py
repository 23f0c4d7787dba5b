"""The load screen lists every save (scrolling), and the game log has a scroll bar."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_helpers import draw, find_actions, game_scene, make_app, send

from concordia.settings import saves_dir
from concordia.ui.input import Click, Key, Wheel
from concordia.ui.scenes.load import LoadScene

pytestmark = pytest.mark.usefixtures("pygame_display")


def _shown(scene: LoadScene) -> list[Path]:
    return [b.value for b in scene.buttons.buttons if isinstance(b.value, Path)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_load_screen_reaches_every_save(size: tuple[int, int]) -> None:
    _app, game = game_scene(["human", "easy"], 3)
    for i in range(23):
        game.controller.save(saves_dir() / f"game-{i:02d}.json")
    app = make_app(size)
    scene = LoadScene(app)
    app.stack.push(scene)
    draw(app)
    first = _shown(scene)
    assert 0 < len(first) < 23 and scene.bar.scrollable
    seen = set(first)
    for _ in range(30):
        send(app, Wheel((size[0] // 2, 200), -1))
        seen.update(_shown(scene))
        draw(app)
    assert len(seen) == 23
    send(app, Key(pygame.K_HOME))
    assert _shown(scene) == first
    # A click at the bottom of the scroll bar jumps to the end.
    bar = scene.bar.rect
    send(app, Click((bar.centerx, bar.bottom - 1)))
    assert scene.offset == 23 - scene.rows
    for b in scene.buttons.buttons:
        assert app.screen is not None and app.screen.get_rect().contains(b.rect)


def test_game_log_scroll_bar() -> None:
    actions = find_actions(
        ["human", "easy"], 2, lambda s: s.step > 150 and s.current_player == 0 and s.phase == "card"
    )
    app, scene = game_scene(["human", "easy"], 2, actions)
    bar = scene.log.bar()
    assert bar.scrollable and bar.first == bar.total - bar.shown  # the newest lines
    send(app, Wheel(scene.lay.log.center, 5))
    assert scene.log.offset == 5
    assert scene.log.bar().first == bar.total - bar.shown - 5
    send(app, Click((bar.rect.centerx, bar.rect.y)))  # the top: the oldest lines
    assert scene.log.bar().first == 0
    send(app, Wheel(scene.lay.log.center, 10**6))
    assert scene.log.bar().first == 0  # never past the start
    send(app, Wheel(scene.lay.log.center, -(10**6)))
    assert scene.log.offset == 0
    draw(app)
