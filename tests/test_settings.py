"""Settings file and per-user folders (concordia.settings, concordia.fileio)."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from pathlib import Path

import appdirs
import pytest

from concordia import settings as st
from concordia.about import APP_NAME
from concordia.fileio import atomic_write_text


def test_defaults_when_no_file(concordia_home: Path) -> None:
    s = st.load_settings()
    assert s == st.Settings()
    assert s.format == st.SETTINGS_FORMAT
    assert s.language == "en"
    assert s.window_size == (1280, 720)
    assert s.fullscreen is False
    assert s.animation_speed == "normal"
    assert s.ai_speed == "normal"
    assert s.sound is True
    assert s.last_seats == ("human", "normal", "normal", "normal")
    assert s.last_board == "imperium"
    assert not st.settings_path().exists()  # loading never writes


def test_round_trip() -> None:
    wanted = st.Settings(
        language="it",
        window_size=(1920, 1080),
        fullscreen=True,
        animation_speed="off",
        ai_speed="fast",
        sound=False,
        last_seats=("normal", "human", "hard"),
        last_board="italia",
    )
    path = st.save_settings(wanted)
    assert st.load_settings() == wanted
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["window_size"] == [1920, 1080]
    assert data["last_seats"] == ["normal", "human", "hard"]
    assert data["format"] == st.SETTINGS_FORMAT


def test_lists_become_tuples_and_bad_values_raise() -> None:
    s = st.Settings(window_size=[800, 600], last_seats=["human", "normal"])  # type: ignore[arg-type]
    assert s.window_size == (800, 600)
    assert s.last_seats == ("human", "normal")
    hash(s)  # frozen and hashable
    with pytest.raises(ValueError):
        st.Settings(animation_speed="warp")
    with pytest.raises(ValueError):
        dataclasses.replace(s, window_size=(0, 600))


def test_unknown_keys_ignored_and_missing_keys_default() -> None:
    st.settings_path().write_text(
        json.dumps({"language": "it", "from_the_future": 42}), encoding="utf-8"
    )
    assert st.load_settings() == st.Settings(language="it")


def test_wrong_types_take_defaults_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    path = st.settings_path()
    bad = {"language": "it", "sound": "yes", "window_size": [1, "x"], "fullscreen": 1}
    path.write_text(json.dumps(bad), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="concordia.settings"):
        s = st.load_settings()
    assert s == st.Settings(language="it")
    assert {"sound", "window_size", "fullscreen"} <= {
        word for record in caplog.records for word in record.getMessage().split()
    }


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2, 3]", b"\xff\xfe\x00garbage", b""])
def test_corrupt_file_gives_defaults_and_is_kept_until_a_save(
    content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    path = st.settings_path()
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="concordia.settings"):
        assert st.load_settings() == st.Settings()
    assert caplog.records, "a corrupt file must be logged"
    assert path.read_bytes() == content  # loading leaves it untouched

    changed = st.Settings(sound=False)
    st.save_settings(changed)
    assert path.with_name("settings.json.bad").read_bytes() == content
    assert st.load_settings() == changed


def test_clean_file_is_not_backed_up_on_save() -> None:
    st.save_settings(st.Settings(language="it"))
    st.save_settings(st.Settings(language="en"))
    assert not st.settings_path().with_name("settings.json.bad").exists()


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "out" / "file.json"
    target.parent.mkdir()
    atomic_write_text(target, "first")
    atomic_write_text(target, "second ✓")
    assert target.read_text(encoding="utf-8") == "second ✓"
    assert os.listdir(target.parent) == ["file.json"]

    st.save_settings(st.Settings())
    assert sorted(os.listdir(st.config_dir())) == ["settings.json"]


def test_atomic_write_failure_keeps_old_file_and_cleans_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file.txt"
    target.write_text("old", encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk on fire"):
        atomic_write_text(target, "new")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["file.txt"]


def test_concordia_home_redirects_every_folder(concordia_home: Path) -> None:
    assert not concordia_home.exists()  # nothing is created until a folder is asked for
    folders = [st.config_dir(), st.data_dir(), st.saves_dir(), st.log_dir()]
    assert len(set(folders)) == 4
    for folder in folders:
        assert folder.is_dir()
        assert folder.parent == concordia_home
    assert st.settings_path().parent == concordia_home / "config"


def test_set_home_wins_over_environment(tmp_path: Path, concordia_home: Path) -> None:
    other = tmp_path / "portable"
    assert st.set_home(other) is None
    try:
        assert st.saves_dir() == other / "saves"
        assert st.home_dir() == other
    finally:
        assert st.set_home(None) == other
    assert st.home_dir() == concordia_home


def test_appdirs_folders_without_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CONCORDIA_HOME")
    # Keep appdirs inside tmp_path: it follows HOME and the XDG variables on Linux and
    # macOS, and asks the Windows shell through _get_win_folder on Windows.
    for var in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    monkeypatch.setattr(
        appdirs, "_get_win_folder", lambda name: str(tmp_path / name), raising=False
    )
    folders = [st.config_dir(), st.data_dir(), st.saves_dir(), st.log_dir()]
    for folder in folders:
        assert folder.is_dir()
        assert folder.is_relative_to(tmp_path)
        assert APP_NAME in folder.parts
    assert st.saves_dir().parent == st.data_dir()


def test_logging_goes_to_a_rotating_file_in_log_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    from logging.handlers import RotatingFileHandler

    from concordia.logs import setup_logging

    root = logging.getLogger()
    before = list(root.handlers)
    try:
        path = setup_logging()
        setup_logging()  # a second call replaces, never duplicates
        ours = [h for h in root.handlers if h not in before]
        files = [h for h in ours if isinstance(h, RotatingFileHandler)]
        assert len(files) == 1
        assert path == st.log_dir() / "concordia.log"
        assert (files[0].maxBytes, files[0].backupCount) == (1_000_000, 3)
        logging.getLogger("concordia.test").warning("hello log")
        files[0].flush()
        assert "hello log" in path.read_text(encoding="utf-8")

        # A windowed frozen build has no stderr: no StreamHandler may be added then.
        monkeypatch.setattr("sys.stderr", None)
        setup_logging()
        ours = [h for h in root.handlers if h not in before]
        assert [type(h) for h in ours] == [RotatingFileHandler]
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()


def test_player_name_is_kept_and_checked() -> None:
    s = dataclasses.replace(st.Settings(), player_name="Livia")
    st.save_settings(s)
    assert st.load_settings().player_name == "Livia"
    assert st.Settings().player_name == ""
    with pytest.raises(ValueError):
        st.Settings(player_name="x" * 17)
    with pytest.raises(ValueError):
        st.Settings(player_name=3)  # type: ignore[arg-type]
