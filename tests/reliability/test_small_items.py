"""The smaller reliability items: a map with a missing tileset or a NaN coordinate, an
absurd window size in the settings, stray temporary files of killed autosaves, and a
save failure message that says it once."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from reliability_support import PlayedGame

from concordia import saves
from concordia.core import BoardError
from concordia.maps import load_board
from concordia.maps.__main__ import main as check_maps
from concordia.resources import resource_path
from concordia.settings import load_settings_report, settings_path
from concordia.ui.strings import t


def _map(tmp_path: Path, old: str, new: str) -> Path:
    text = resource_path("maps", "italia.tmx").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_missing_external_tileset_is_a_board_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _map(
        tmp_path, " </properties>", ' </properties>\n <tileset firstgid="1" source="gone.tsx"/>'
    )
    with pytest.raises(BoardError, match=r"broken\.tmx"):
        load_board(path)
    assert check_maps([str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err


def test_a_nan_coordinate_is_refused(tmp_path: Path) -> None:
    path = _map(tmp_path, 'x="523.2"', 'x="nan"')
    with pytest.raises(BoardError, match="not a number"):
        load_board(path)


def test_an_absurd_window_size_takes_the_default() -> None:
    settings_path().write_text(json.dumps({"window_size": [100000, 100000]}), encoding="utf-8")
    settings, problems = load_settings_report()
    assert settings.window_size == (1280, 720)
    assert problems and "window_size" in problems[0]


def test_stray_temporary_files_of_killed_autosaves_are_removed(short_game: PlayedGame) -> None:
    folder = saves.autosave_path().parent
    old = [folder / f".autosave.json.{n}.tmp" for n in "abcd"]
    for path in old:
        path.write_text("half a save", encoding="utf-8")
        stale = time.time() - 3600
        os.utime(path, (stale, stale))
    fresh = folder / ".autosave.json.live.tmp"  # another write may be under way
    fresh.write_text("being written", encoding="utf-8")
    saves.autosave(short_game.record, short_game.state)
    assert not any(p.exists() for p in old)
    assert fresh.exists()
    assert saves.load_autosave().state == short_game.state


def test_a_save_failure_says_so_once(short_game: PlayedGame, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(saves.SaveError) as caught:
        saves.save_game(blocker / "game.json", short_game.record, short_game.state)
    message = t("error.save_failed", reason=str(caught.value))
    assert message.lower().count("could not be saved") == 1, message
    assert "unchanged" in message
