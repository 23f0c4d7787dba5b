"""Saving and loading a game gives the same game back; writing is atomic."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from reliability_support import PlayedGame, board, fingerprint, play_random

from concordia import saves
from concordia.core import GameRecord
from concordia.settings import saves_dir


def test_round_trip_mid_game(game: PlayedGame, tmp_path: Path) -> None:
    path = saves.save_game(tmp_path / "mid.json", game.record, game.state)
    loaded = saves.load_game(path, board)
    assert loaded.state == game.state
    assert loaded.record == game.record
    assert loaded.warnings == ()
    assert loaded.replayable
    assert loaded.state.legal_actions() == game.state.legal_actions()


def test_round_trip_finished_game_with_options(tmp_path: Path) -> None:
    played = play_random("italia", 4, seed=3, steps=None, intermediate_scoring=True)
    assert played.state.is_terminal()
    path = saves.save_game(tmp_path / "end.json", played.record, played.state)
    loaded = saves.load_game(path)  # default board loader
    assert loaded.state == played.state
    assert loaded.state.scores() == played.state.scores()


def test_file_is_versioned_json_without_code(game: PlayedGame, tmp_path: Path) -> None:
    path = saves.save_game(tmp_path / "g.json", game.record, game.state)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == "concordia-save"
    assert document["version"] == saves.SAVE_VERSION
    assert document["record"]["actions"] == game.record.actions
    assert document["snapshot"]["step"] == len(game.record.actions)
    assert {"app_version", "saved_at"} <= set(document)
    assert b"pickle" not in path.read_bytes()


def test_save_refuses_a_state_of_another_game(game: PlayedGame, tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError, match="step"):
        saves.save_game(tmp_path / "g.json", game.record, game.states[3])
    assert not (tmp_path / "g.json").exists()


def test_failed_write_keeps_the_old_file_and_no_temp(
    game: PlayedGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saves.save_game(tmp_path / "g.json", game.record, game.state)
    before = fingerprint(path)

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    shorter = GameRecord(
        game.record.board,
        game.record.num_players,
        game.record.seed,
        game.record.options,
        game.record.actions[:10],
    )
    with pytest.raises(saves.SaveError, match="No space left"):
        saves.save_game(path, shorter, game.states[10])
    monkeypatch.undo()
    assert fingerprint(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_list_saves_reports_unreadable_files(game: PlayedGame, short_game: PlayedGame) -> None:
    folder = saves_dir()
    saves.save_game(folder / "first.json", game.record, game.state)
    saves.save_game(folder / "second.json", short_game.record, short_game.state)
    saves.autosave(short_game.record, short_game.state)
    (folder / "broken.json").write_text('{"format": "concordia-save", "vers', encoding="utf-8")
    (folder / "notes.txt").write_text("not a save", encoding="utf-8")
    broken_before = fingerprint(folder / "broken.json")

    listing = saves.list_saves()

    by_name = {info.name: info for info in listing.saves}
    assert set(by_name) == {"first", "second", "autosave"}
    assert by_name["first"].board == "imperium" and by_name["first"].players == 3
    assert by_name["first"].step == len(game.record.actions)
    assert by_name["second"].board == "italia" and by_name["second"].players == 2
    assert by_name["autosave"].kind == "autosave" and by_name["first"].kind == "save"
    assert [u.path.name for u in listing.unreadable] == ["broken.json"]
    assert "cut short" in listing.unreadable[0].reason
    assert fingerprint(folder / "broken.json") == broken_before
    times = [info.saved_at for info in listing.saves]
    assert times == sorted(times, reverse=True)
