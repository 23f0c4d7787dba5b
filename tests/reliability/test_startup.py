"""Start-up never fails silently: an unusable per-user folder, damaged settings or views
and missing bundled files each reach the window (or make --smoke-test fail)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame
import pytest

from concordia import resources, smoke
from concordia.settings import (
    check_user_folders,
    data_dir,
    load_settings_report,
    settings_path,
)
from concordia.ui import views
from concordia.ui.app import App, AppOptions
from concordia.ui.scenes.dialog import ErrorScene
from concordia.ui.scenes.menu import MenuScene
from concordia.ui.startup import report_startup

pytestmark = pytest.mark.usefixtures("pygame_display")


def _start() -> App:
    """An App as the command line makes it (settings read from disk), up to its first
    screen and the start-up report, drawn off-screen."""
    app = App(AppOptions())
    pygame.font.init()
    app.use_surface(pygame.Surface((1280, 720)))
    app.push(MenuScene(app))
    report_startup(app)
    assert app.screen is not None
    app.draw(app.screen)
    return app


def _shown(app: App) -> str:
    top = app.stack.top
    assert isinstance(top, ErrorScene), f"no message shown, top is {top}"
    return top.message


def test_an_unusable_per_user_folder_is_shown(concordia_home: Path) -> None:
    concordia_home.mkdir(parents=True, exist_ok=True)
    (concordia_home / "config").write_text("a file where the folder should be")
    settings, problems = load_settings_report()
    assert settings.language == "en" and problems
    assert any("settings folder" in p for p in check_user_folders())
    assert "settings folder" in _shown(_start())


def test_damaged_settings_are_shown_and_kept() -> None:
    path = settings_path()
    path.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    before = path.read_bytes()
    message = _shown(_start())
    assert "settings.json" in message and "nested too deeply" in message
    assert path.read_bytes() == before


def test_damaged_views_are_shown() -> None:
    path = views._path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    assert "views.json" in _shown(_start())


def test_nothing_is_shown_when_all_is_well() -> None:
    app = _start()
    assert isinstance(app.stack.top, MenuScene) and app.startup_problems == []


def _bundle(tmp_path: Path) -> Path:
    """A copy of the bundled files to break."""
    root = tmp_path / "bundle"
    for part in ("assets", "maps"):
        shutil.copytree(resources.resource_root() / part, root / part)
    return root


def test_missing_or_damaged_weights_fail_the_smoke_test(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _bundle(tmp_path)
    monkeypatch.setattr(resources, "resource_root", lambda: root)
    assert resources.missing_resources() == []
    (root / "assets" / "ai" / "expert_weights.json").unlink()
    (root / "assets" / "ai" / "other.json").write_text('{"w": NaN}', encoding="utf-8")
    (root / "assets" / "boards" / "italia.png").unlink()
    problems = resources.missing_resources()
    assert any("expert_weights.json is missing" in p for p in problems)
    assert any("other.json cannot be read" in p for p in problems)
    assert any("italia.png is missing" in p for p in problems)
    with pytest.raises(RuntimeError, match="expert_weights"):  # --smoke-test's checks
        smoke._checks(tmp_path / "home")
    assert "expert_weights.json" in _shown(_start())


def test_an_empty_xdg_folder_is_never_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CONCORDIA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    for key in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(key, "")
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    folder = data_dir()
    assert folder.is_absolute() and folder.is_relative_to(tmp_path / "user")
    assert list(work.iterdir()) == []
    assert os.environ["XDG_DATA_HOME"] == ""  # the environment is left as it was


def test_without_fonts_the_command_line_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from concordia.cli import main

    root = _bundle(tmp_path)
    (root / "assets" / "fonts" / "DejaVuSans.ttf").unlink()
    monkeypatch.setattr(resources, "resource_root", lambda: root)
    assert main([]) == 2
    assert "DejaVuSans.ttf is missing" in capsys.readouterr().err
