"""Issue 31, found by hand: "Save and ? stay highlighted after use". After a click on
a top-bar button the button went back to normal only when the pointer moved over the
game again: it kept its hover colour when the pointer left the window (the top bar
is at the window's edge) and after the page the button opened was closed with the
pointer elsewhere. Driven by pygame events, as in the real window."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import game_scene

from concordia.ui import theme
from concordia.ui.app import App
from concordia.ui.commands import Command
from concordia.ui.controller import saves_folder
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.reference import ReferenceScene
from concordia.ui.widgets import Button

pytestmark = pytest.mark.usefixtures("pygame_display")


def _events(app: App, *events: pygame.event.Event) -> None:
    """Post ``events`` and run one frame of the app (which reads them and paints)."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    app.frame(0.016)


def _move(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        _move(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def _button(scene: GameScene, value: object) -> Button:
    return next(b for b in scene.buttons.buttons if b.value == value)


def _fill(app: App, button: Button) -> tuple[int, int, int]:
    """The colour painted just inside the button's left edge (its background)."""
    assert app.screen is not None
    app.draw(app.screen)
    c = app.screen.get_at((button.rect.x + 3, button.rect.centery))
    return (c.r, c.g, c.b)


def test_save_is_not_highlighted_once_the_pointer_left_the_window() -> None:
    app, scene = game_scene(["human", "easy"])
    save = _button(scene, Command.SAVE)
    _events(app, _move(save.rect.center))
    assert _fill(app, save) == theme.BUTTON_HOVER  # the hover shows while over it
    _events(app, *_click(save.rect.center))
    assert any(p.suffix == ".json" for p in saves_folder().iterdir())  # it saved
    _events(app, pygame.event.Event(pygame.WINDOWLEAVE))
    assert _fill(app, save) == theme.BUTTON
    assert app.mouse is None  # and no tooltip is asked for a pointer that is away


@pytest.mark.parametrize("close", ["back", "escape"])
def test_rules_button_is_not_highlighted_after_its_page_closed(close: str) -> None:
    app, scene = game_scene(["human", "easy"])
    rules = _button(scene, Command.RULES)
    _events(app, *_click(rules.rect.center))
    reference = app.stack.top
    assert isinstance(reference, ReferenceScene)
    back = next(b for b in reference.buttons.buttons if b.value == ("back",))
    if close == "back":
        _events(app, *_click(back.rect.center))
    else:
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
        _events(app, _move(back.rect.center), key)
    assert app.stack.top is scene
    rules = _button(scene, Command.RULES)
    assert _fill(app, rules) == theme.BUTTON
    # the pointer is where the Back button was: the game sees it there
    assert scene.hover == back.rect.center


def test_menu_is_not_highlighted_under_its_dialog() -> None:
    """The pause dialog leaves the game drawn under it: its Menu button must not keep
    the hover colour of the click that opened the dialog while the pointer is on the
    dialog."""
    app, scene = game_scene(["human", "easy"])
    menu = _button(scene, Command.MENU)
    _events(app, *_click(menu.rect.center))
    assert app.stack.top is not scene
    centre = (app.size[0] // 2, app.size[1] // 2)
    _events(app, _move(centre))
    assert scene.hover is None or not menu.rect.collidepoint(scene.hover)
