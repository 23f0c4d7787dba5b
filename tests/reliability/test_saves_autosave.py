"""Autosave rotation: the previous autosave is kept, but never a corrupt one."""

from __future__ import annotations

import json

import pytest
from reliability_support import PlayedGame, board, fingerprint

from concordia import saves
from concordia.core import GameRecord


def _upto(game: PlayedGame, n: int) -> GameRecord:
    r = game.record
    return GameRecord(
        r.board, r.num_players, r.seed, r.options, r.actions[:n], r.seats, r.app_version
    )


def _step(path_text: str) -> int:
    return int(json.loads(path_text)["snapshot"]["step"])


def test_first_autosave_has_no_backup(game: PlayedGame) -> None:
    saves.autosave(_upto(game, 5), game.states[5])
    assert saves.autosave_path().exists()
    assert not saves.autosave_backup_path().exists()
    assert saves.load_autosave(board).state == game.states[5]


def test_each_autosave_keeps_the_previous_one(game: PlayedGame) -> None:
    for n in (5, 6, 7):
        saves.autosave(_upto(game, n), game.states[n])
    assert _step(saves.autosave_path().read_text("utf-8")) == 7
    assert _step(saves.autosave_backup_path().read_text("utf-8")) == 6
    assert saves.load_game(saves.autosave_backup_path(), board).state == game.states[6]


def test_corrupt_autosave_never_replaces_a_good_backup(game: PlayedGame) -> None:
    saves.autosave(_upto(game, 5), game.states[5])
    saves.autosave(_upto(game, 6), game.states[6])  # backup = step 5
    backup_before = fingerprint(saves.autosave_backup_path())
    saves.autosave_path().write_bytes(saves.autosave_path().read_bytes()[:100])  # cut short

    saves.autosave(_upto(game, 7), game.states[7])

    assert fingerprint(saves.autosave_backup_path()) == backup_before
    assert saves.load_autosave(board).state == game.states[7]


def test_autosave_with_warnings_is_not_rotated(game: PlayedGame) -> None:
    """A previous autosave that loads only with a warning is not clean enough."""
    saves.autosave(_upto(game, 5), game.states[5])
    saves.autosave(_upto(game, 6), game.states[6])
    backup_before = fingerprint(saves.autosave_backup_path())
    doc = json.loads(saves.autosave_path().read_text("utf-8"))
    doc["snapshot"]["players"][0]["money"] = -1  # recoverable from the record
    saves.autosave_path().write_text(json.dumps(doc), "utf-8")
    saves.autosave(_upto(game, 7), game.states[7])
    assert fingerprint(saves.autosave_backup_path()) == backup_before


def test_load_autosave_falls_back_to_the_backup(game: PlayedGame) -> None:
    saves.autosave(_upto(game, 5), game.states[5])
    saves.autosave(_upto(game, 6), game.states[6])
    saves.autosave_path().write_bytes(b"\xff\xfegarbage")
    before = fingerprint(saves.autosave_path())

    loaded = saves.load_autosave(board)

    assert loaded.state == game.states[5]
    assert "previous autosave" in loaded.warnings[0]
    assert "not a text file" in loaded.warnings[0]
    assert fingerprint(saves.autosave_path()) == before


def test_both_autosaves_broken_names_both_reasons(game: PlayedGame) -> None:
    saves.autosave(_upto(game, 5), game.states[5])
    saves.autosave(_upto(game, 6), game.states[6])
    saves.autosave_path().write_bytes(b"")
    saves.autosave_backup_path().write_bytes(b"[]")
    with pytest.raises(saves.SaveError) as info:
        saves.load_autosave(board)
    assert "empty" in str(info.value) and "autosave.bak.json" in str(info.value)
    assert "not a Concordia saved game" in str(info.value)


def test_no_autosave_at_all() -> None:
    with pytest.raises(saves.SaveError, match="does not exist"):
        saves.load_autosave(board)
