"""One load path: the Load screen, Continue and the review command load through
``concordia.saves`` and open what it recovers, on the board it checked, without
opening any file a save names."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from reliability_support import PlayedGame, board, fingerprint, opened_files
from ui_helpers import click_button, draw, make_app

from concordia import saves
from concordia.core.snapshot import board_to_dict
from concordia.resources import resource_path
from concordia.settings import saves_dir
from concordia.ui import controller as ui_controller
from concordia.ui.controller import load_autosave, load_game
from concordia.ui.scenes.dialog import ErrorScene
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.load import LoadScene
from concordia.ui.scenes.menu import MenuScene
from concordia.ui.startup import load_at_start

pytestmark = pytest.mark.usefixtures("pygame_display")


def _write(path: Path, game: PlayedGame) -> Path:
    saves.save_game(path, game.record, game.state)
    return path


def _edit(path: Path, change: Any) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document), encoding="utf-8")


def _break_history(document: dict[str, Any]) -> None:
    document["record"]["actions"][3] = "build nowhere"


def test_one_save_error_class() -> None:
    assert ui_controller.SaveError is saves.SaveError


def test_a_save_whose_history_is_lost_opens_at_its_position(short_game: PlayedGame) -> None:
    path = _write(saves_dir() / "lost.json", short_game)
    _edit(path, _break_history)
    before = fingerprint(path)
    controller = load_game(path)
    assert controller.state == short_game.state
    assert not controller.replayable
    assert not controller.can_undo()
    assert any("undo" in note for note in controller.notes)
    assert fingerprint(path) == before
    # play goes on from there, and the game saves and loads again at its new position
    state = controller.submit(controller.state.legal_actions()[0])
    controller.confirm_turn()
    again = saves_dir() / "again.json"
    controller.save(again)
    assert load_game(again).state == state


def test_the_load_screen_opens_it_and_says_what_was_lost(short_game: PlayedGame) -> None:
    path = _write(saves_dir() / "lost.json", short_game)
    _edit(path, _break_history)
    app = make_app()
    app.push(LoadScene(app))
    draw(app)
    click_button(app, lambda v: v == path)
    top = app.stack.top
    assert isinstance(top, ErrorScene) and "undo" in top.message
    assert top.heading is not None
    game = app.stack.scenes[-2]
    assert isinstance(game, GameScene) and game.controller.state == short_game.state
    draw(app)


def test_a_changed_map_continues_on_the_stored_board(
    short_game: PlayedGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(saves_dir() / "old.json", short_game)
    original = board("italia")
    for i in range(len(original.routes)):
        changed = dataclasses.replace(
            original, routes=original.routes[:i] + original.routes[i + 1 :]
        )
        try:
            changed.validate()
        except ValueError:
            continue
        break
    import concordia.maps

    monkeypatch.setattr(concordia.maps, "load_board", lambda name: changed)
    controller = load_game(path)
    assert board_to_dict(controller.board) == board_to_dict(original)
    assert controller.state == short_game.state and controller.replayable
    assert any("changed" in note for note in controller.notes)


def test_a_board_named_by_path_is_never_opened(short_game: PlayedGame, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.tmx"
    shutil.copy(resource_path("maps", "italia.tmx"), elsewhere)
    path = _write(saves_dir() / "named.json", short_game)

    def rename(document: dict[str, Any]) -> None:
        document["record"]["board"] = str(elsewhere)
        document["snapshot"]["board"]["name"] = str(elsewhere)

    _edit(path, rename)
    with opened_files() as opened:
        controller = load_game(path)
        app = make_app()
        app.open_game(controller)
        draw(app)
        controller.autosave()  # the game stays savable
        controller.save(saves_dir() / "resaved.json")
    assert str(elsewhere) not in opened
    assert load_game(saves_dir() / "resaved.json").state == controller.state


def test_continue_falls_back_to_the_previous_autosave(short_game: PlayedGame) -> None:
    _write(saves.autosave_backup_path(), short_game)
    saves.autosave_path().write_text('{"format": "concordia-save", "vers', encoding="utf-8")
    controller = load_autosave()
    assert controller.state == short_game.state
    assert any("previous autosave" in note for note in controller.notes)
    app = make_app()
    app.push(MenuScene(app))
    draw(app)
    click_button(app, lambda v: v == "continue")
    top = app.stack.top
    assert isinstance(top, ErrorScene) and "previous autosave" in top.message
    assert isinstance(app.stack.scenes[-2], GameScene)


def test_continue_is_offered_with_only_the_previous_autosave(short_game: PlayedGame) -> None:
    _write(saves.autosave_backup_path(), short_game)
    app = make_app()
    app.push(MenuScene(app))
    draw(app)
    click_button(app, lambda v: v == "continue")
    assert isinstance(app.stack.scenes[-2], GameScene)


def test_the_command_line_opens_a_save_the_same_way(short_game: PlayedGame) -> None:
    from concordia.cli import build_parser

    path = _write(saves_dir() / "lost.json", short_game)
    _edit(path, _break_history)
    assert build_parser().parse_args(["--load", str(path)]).load == path
    app = make_app()
    app.push(MenuScene(app))
    load_at_start(app, path)  # what App.run does with --load
    top = app.stack.top
    assert isinstance(top, ErrorScene) and "undo" in top.message
    assert isinstance(app.stack.scenes[-2], GameScene)
    broken = saves_dir() / "broken.json"
    broken.write_text("{", encoding="utf-8")
    app = make_app()
    app.push(MenuScene(app))
    load_at_start(app, broken)
    top = app.stack.top
    assert isinstance(top, ErrorScene) and "broken.json" in top.message
    assert isinstance(app.stack.scenes[-2], MenuScene)
