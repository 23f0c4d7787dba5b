"""Player colours: picked per seat on the new-game screen, drawn by the board renderer and
the panels from one per-seat mapping, and kept in saves."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_helpers import board, click_button, draw, game_scene, make_app

from concordia.ui import theme
from concordia.ui.commands import Command
from concordia.ui.controller import (
    GameController,
    GameSetup,
    SeatConfig,
    fix_colours,
    list_saves,
    load_game,
)
from concordia.ui.render import PLAYER_COLOURS, PLAYER_SHAPES, palette_style, seat_styles
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import MenuScene, NewGameScene

pytestmark = pytest.mark.usefixtures("pygame_display")


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    n = 0
    for x in range(rect.x, rect.right, 2):
        for y in range(rect.y, rect.bottom, 2):
            if surface.get_at((x, y))[:3] == colour:
                n += 1
    return n


def test_new_game_colour_button_cycles_through_free_colours() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    click_button(app, lambda v: v == "new")
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    seats = scene.setup.seats
    assert [s.colour for s in seats] == list(range(len(seats)))
    others = {s.colour for s in seats[1:]}
    click_button(app, lambda v: v == ("colour", 0))
    assert seats[0].colour not in others and seats[0].colour != 0
    picked = seats[0].colour
    # The button shows the new colour as its swatch.
    button = next(b for b in scene.buttons.buttons if b.value == ("colour", 0))
    assert button.swatch == PLAYER_COLOURS[picked]
    draw(app)
    click_button(app, lambda v: v == ("start",))
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.controller.seats[0].colour == picked
    assert game.colour(0) == PLAYER_COLOURS[picked]
    assert game.shape(0) == PLAYER_SHAPES[picked]
    renderer = game.board.renderer
    assert renderer is not None
    assert renderer.seat_style(0) == palette_style(picked)


def test_added_seat_gets_a_free_colour() -> None:
    app = make_app()
    app.stack.push(NewGameScene(app))
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    while len(scene.setup.seats) < 5:
        click_button(app, lambda v: v == ("add",))
    assert sorted(s.colour for s in scene.setup.seats) == [0, 1, 2, 3, 4]


def test_with_every_colour_taken_a_click_swaps_colours() -> None:
    app = make_app()
    app.stack.push(NewGameScene(app))
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    while len(scene.setup.seats) < 5:
        click_button(app, lambda v: v == ("add",))
    click_button(app, lambda v: v == ("colour", 0))
    assert [s.colour for s in scene.setup.seats] == [1, 0, 2, 3, 4]


def test_renderer_draws_pieces_in_the_seat_styles() -> None:
    app, scene = game_scene(["human", "easy"], 5)
    del app
    renderer = scene.board.renderer
    assert renderer is not None
    surface = pygame.Surface((1280, 720))
    rect = scene.lay.board
    default = PLAYER_COLOURS[0]
    scene.board.draw(surface, scene.state, {})
    assert _count(surface, rect, default) > 0  # seat 0's colonists in Roma
    # Seat 0 picks palette entry 3, seat 1 entry 4: vermillion disappears from the board.
    scene.controller.seats[0].colour = 3
    scene.controller.seats[1].colour = 4
    scene.board.set_seat_styles([3, 4])
    surface.fill((0, 0, 0))
    scene.board.draw(surface, scene.state, {})
    assert _count(surface, rect, default) == 0
    assert _count(surface, rect, PLAYER_COLOURS[3]) > 0
    assert _count(surface, rect, PLAYER_COLOURS[4]) > 0
    assert renderer.seat_style(1) == seat_styles([3, 4])[1]


def test_panels_use_the_seat_colour() -> None:
    app, scene = game_scene(["human", "easy"], 5)
    scene.controller.seats[0].colour = 2
    scene.board.set_seat_styles([2, 1])
    draw(app)
    assert app.screen is not None
    first = scene.players.rects()[0]
    assert _count(app.screen, first, PLAYER_COLOURS[2]) > 0
    assert _count(app.screen, first, PLAYER_COLOURS[0]) == 0


def test_colours_survive_save_and_load() -> None:
    seats = [SeatConfig("human", "Ada", 4), SeatConfig("easy", "Livia", 2)]
    controller = GameController(GameSetup("imperium", seats, 9), board("imperium"))
    app, _ = game_scene(["human", "easy"])
    scene = GameScene(app, controller)
    app.stack.push(scene)
    click_button(app, lambda v: v == Command.SAVE)
    saved = [s for s in list_saves() if not s.autosave]
    loaded = load_game(saved[0].path)
    assert [s.colour for s in loaded.seats] == [4, 2]
    again = GameScene(app, loaded)
    assert again.colour(0) == theme.seat_colour(4) == PLAYER_COLOURS[4]
    assert again.board.palette_indices == (4, 2)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ([{"colour": 7}, {"colour": 1}], [0, 1]),
        ([{"colour": 2}, {"colour": 2}], [2, 0]),
        ([{"colour": "red"}, {}], [0, 1]),
        ([{"colour": True}, {"colour": 0}], [0, 1]),
    ],
)
def test_bad_or_duplicate_colours_in_a_record_are_repaired(
    raw: list[Any], expected: list[int]
) -> None:
    seats = [SeatConfig.from_dict(d, i) for i, d in enumerate(raw)]
    fix_colours(seats)
    assert [s.colour for s in seats] == expected
