"""Names and text: any name is drawn in bounded time and without a crash, NUL and lone
surrogates are refused at entry and cleaned at load, and the crash dialog says only
what is true about the autosave."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
from reliability_support import PlayedGame
from ui_helpers import draw, game_scene, make_app

from concordia import saves
from concordia.resources import resource_path
from concordia.settings import saves_dir
from concordia.ui import theme
from concordia.ui.controller import load_game
from concordia.ui.input import Click, Confirm, Key
from concordia.ui.scene import Scene
from concordia.ui.scenes.dialog import CrashScene
from concordia.ui.scenes.menu import NewGameScene
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


class CountingFont(pygame.font.Font):
    """A font that counts its measurements."""

    calls = 0

    def size(self, text: Any) -> tuple[int, int]:
        type(self).calls += 1
        return super().size(text)


def test_fit_bisects_a_name_of_100000_characters() -> None:
    pygame.font.init()
    font = CountingFont(str(resource_path(*theme.Fonts.REGULAR)), 16)
    name = "Maximilianus" * 8_334
    out = theme.fit(font, name, 200)
    assert out.endswith("…") and name.startswith(out[:-1])
    assert font.size(out)[0] <= 200 < font.size(name[: len(out)] + "…")[0]
    assert CountingFont.calls < 40


def test_text_a_font_cannot_take_is_cleaned() -> None:
    pygame.font.init()
    font = pygame.font.Font(str(resource_path(*theme.Fonts.REGULAR)), 16)
    for bad in ("a\x00b", "caf\udce9", "x\ud800"):
        assert theme.render(font, bad, theme.TEXT).get_width() > 0
        assert "\ufffd" in theme.fit(font, bad, 500)


def test_names_from_a_save_are_cleaned_and_drawn(short_game: PlayedGame) -> None:
    path = saves_dir() / "names.json"
    saves.save_game(path, short_game.record, short_game.state)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["record"]["seats"] = [
        {"kind": "human", "name": "Nul\x00l"},
        {"kind": "human", "name": "Lone\ud800" + "x" * 100_000},
    ]
    path.write_text(json.dumps(document), encoding="utf-8")
    controller = load_game(path)
    names = [seat.name for seat in controller.seats]
    assert names[0] == "Nul\ufffdl"
    assert names[1].startswith("Lone\ufffd") and len(names[1]) <= 40
    app = make_app()
    app.open_game(controller)
    draw(app)
    assert not app.broken


def test_nul_and_lone_surrogates_are_refused_at_entry() -> None:
    app = make_app()
    scene = NewGameScene(app)
    app.push(scene)
    draw(app)
    edit = next(b for b in scene.buttons.buttons if b.value == ("name", 0))
    app.dispatch(Click(edit.rect.center))
    assert scene.editing == 0
    before = scene.setup.seats[0].name
    for text in ("\x00", "\ud800", "\x1b"):
        app.dispatch(Key(0, text))
    assert scene.setup.seats[0].name == before
    app.dispatch(Key(0, "é"))
    assert scene.setup.seats[0].name == before + "é"


class Boom(Scene):
    name = "boom"

    def draw(self, surface: object) -> None:
        raise RuntimeError("boom")


def _crash_note(app: Any) -> str:
    app.push(Boom(app))
    draw(app)
    top = app.stack.top
    assert isinstance(top, CrashScene)
    note: str = top.saved_note
    return note


def test_the_crash_dialog_says_autosaved_only_when_it_was() -> None:
    app, scene = game_scene(["human", "normal"], 7)
    assert _crash_note(app) == t("error.crash_not_autosaved")

    app, scene = game_scene(["human", "normal"], 7)
    scene.update(0.0)
    from ui_helpers import click_button

    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    app.dispatch(Confirm())
    assert app.autosaver.wait(5.0)
    assert _crash_note(app) == t("error.crash_autosave")

    app = make_app()  # no game: nothing to say about an autosave
    assert _crash_note(app) == ""
