"""The hostile-file suite: every kind of bad file (``hostile_files``, generated here)
goes through the path the Load screen uses (``ui.controller.list_saves`` and
``load_game``), and the same for settings, views, the review cache and statistics.
Each must give a load or one clear message naming the file, leave the file as it was,
never open a file the save names, and return (a FIFO or device never blocks, a huge or
deep file is refused before it costs much)."""

from __future__ import annotations

import math
import os
import shutil
import sqlite3
import stat
import threading
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from hostile_files import DEEP, JSON_KINDS, SAVE_KINDS, good_document, make_save
from reliability_support import PlayedGame, fingerprint, opened_files
from ui_helpers import draw, make_app

from concordia import saves
from concordia.resources import resource_path
from concordia.review import load_cached
from concordia.settings import load_settings_report, saves_dir, settings_path
from concordia.stats import StatisticsUnavailable, kept_aside, open_statistics
from concordia.ui import views
from concordia.ui.controller import GameController, list_saves, load_game
from concordia.ui.input import Key
from concordia.ui.scenes.load import LoadScene

pytestmark = pytest.mark.usefixtures("pygame_display")

#: Kinds the save code recovers: the Load screen must open them (with a note if need be).
MUST_LOAD = {
    "bom",
    "extra-fields",
    "saved-at-9999",
    "saved-at-0001",
    "saved-at-number",
    "board-relative-path",
    "board-absolute-path",
    "board-path-no-suffix",
    "board-unknown-name",
    "board-changed",
    "seats-garbage",
    "seat-name-huge",
    "seat-name-nul",
    "action-garbage",
    "action-illegal",
    "action-number",
    "actions-not-list",
    "no-record",
    "record-list",
    "seed-text",
    "seed-huge",
    "players-0",
    "players-100",
    "options-list",
    "no-snapshot",
    "snapshot-list",
    "snapshot-phase",
}
#: Kinds that are not loadable saves: listed as damaged, refused with a message.
MUST_REFUSE = set(SAVE_KINDS) - MUST_LOAD - {"folder", "snapshot-step"}
WATCHDOG_S = 60.0  # a hang detector, not a speed bound
#: Python memory one file may cost to list and load (a save's cap is 16 MiB; the
#: largest kinds here are a 1 MB name and 400 KB of brackets).
MEMORY_BOUND = 256 * 2**20
BIG_KINDS = {
    "huge-sparse",
    "link-to-dev-zero",
    "deep-nesting",
    "deep-in-record",
    "seat-name-huge",
    "huge-int",
    "nul-bytes",
}


def finishes(call: Callable[[], Any]) -> Any:
    """``call()``'s result or exception; it must return within :data:`WATCHDOG_S`."""
    box: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            box.append((True, call()))
        except BaseException as exc:
            box.append((False, exc))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(WATCHDOG_S)
    assert box, f"{call} blocked"
    return box[0][1]


def state_of(path: Path) -> tuple[object, ...]:
    """What must not change: the kind of entry, and the bytes of a regular file."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return ("missing",)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(info.st_mode):
        return ("file", *fingerprint(path))
    return ("other", stat.S_IFMT(info.st_mode))


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A map outside the game that a save names: reading it would be the bug."""
    path = tmp_path / "victim.tmx"
    shutil.copy(resource_path("maps", "italia.tmx"), path)
    return path


def _kind_needs(kind: str) -> None:
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    if kind == "link-to-dev-zero" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero on this system")


@pytest.mark.parametrize("kind", sorted(SAVE_KINDS))
def test_a_hostile_save_through_the_load_screen_path(
    kind: str, short_game: PlayedGame, victim: Path
) -> None:
    _kind_needs(kind)
    document = good_document(short_game.record, short_game.state)
    path = make_save(kind, document, victim, saves_dir())
    before, victim_before = state_of(path), fingerprint(victim)
    traced = kind in BIG_KINDS  # tracing costs time: only where memory is the risk
    if traced:
        tracemalloc.start()
    try:
        with opened_files() as opened:
            entries = finishes(list_saves)
            result = finishes(lambda: load_game(path))
        peak = tracemalloc.get_traced_memory()[1] if traced else 0
    finally:
        if traced:
            tracemalloc.stop()
    assert peak < MEMORY_BOUND, f"{kind}: {peak / 2**20:.0f} MiB"
    assert not isinstance(entries, BaseException), entries
    assert str(victim) not in opened and not any(p.endswith(".tsx") for p in opened)
    listed = [e for e in entries if e.path == path]
    if kind == "folder":
        assert listed == []
    else:
        assert len(listed) == 1
        assert listed[0].name.isprintable()
    if isinstance(result, GameController):
        assert kind not in MUST_REFUSE, f"{kind} loaded"
        assert all(seat.name.isprintable() and len(seat.name) <= 40 for seat in result.seats)
        assert all(note.isprintable() for note in result.notes)
        result.autosave()  # what was opened can be played on and saved
        assert saves.load_autosave().state == result.state
    else:
        assert isinstance(result, saves.SaveError), repr(result)
        assert kind not in MUST_LOAD, f"{kind} refused: {result}"
        assert str(result).startswith(f"{path.name}: ") and result.reason
        assert "Traceback" not in result.reason and "internal error" not in result.reason
        if listed:
            assert listed[0].damaged, f"{kind} listed as loadable but refused"
    assert state_of(path) == before
    assert fingerprint(victim) == victim_before


def test_every_hostile_save_at_once_on_the_load_screen(
    short_game: PlayedGame, victim: Path
) -> None:
    document = good_document(short_game.record, short_game.state)
    folder = saves_dir()
    kinds = [k for k in sorted(SAVE_KINDS) if k != "fifo" or hasattr(os, "mkfifo")]
    for kind in kinds:
        make_save(kind, document, victim, folder)
    app = make_app()
    scene = LoadScene(app)
    app.push(scene)
    draw(app)
    entries = scene.entries or []
    assert len(entries) == len(kinds) - 1  # the folder is not listed
    for _ in range(len(entries)):
        app.dispatch(Key(pygame.K_DOWN, ""))
        draw(app)
    assert not app.broken and app.stack.top is scene


def _json_file(kind: str, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_bytes(JSON_KINDS[kind])


JSON_CASES = sorted(JSON_KINDS) + (["fifo"] if hasattr(os, "mkfifo") else [])


@pytest.mark.parametrize("kind", JSON_CASES)
def test_hostile_settings_views_and_review_cache(kind: str, tmp_path: Path) -> None:
    files = {
        "settings": settings_path(),
        "views": views._path(),
        "cache": tmp_path / "game.json.review",
    }
    for path in files.values():
        _json_file(kind, path)
    before = {name: state_of(path) for name, path in files.items()}
    settings, problems = finishes(load_settings_report)
    assert settings.window_size[0] <= 8192 and all("settings.json" in p for p in problems)
    view = finishes(lambda: views.load_view("k"))
    assert view is None or all(math.isfinite(v) for v in (view.zoom, *view.centre))
    views_problem = finishes(views.problem)
    assert views_problem is None or "views.json" in views_problem
    assert finishes(lambda: load_cached(files["cache"], "key")) is None
    assert {name: state_of(path) for name, path in files.items()} == before


STATS_CASES = ["empty", "garbage", "deep", "sqlite-header"] + (
    ["fifo"] if hasattr(os, "mkfifo") else []
)


@pytest.mark.parametrize("kind", STATS_CASES)
def test_hostile_statistics_files(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "sqlite-header":
        path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    else:
        path.write_bytes({"empty": b"", "garbage": bytes(range(256)) * 16, "deep": DEEP}[kind])
    before = state_of(path)

    def open_and_count() -> tuple[str | None, int]:
        with open_statistics(path) as stats:  # one thread per connection
            return stats.problem, stats.count()

    result = finishes(open_and_count)
    if isinstance(result, tuple):
        problem, count = result
        assert count == 0
        if problem is not None:  # damaged: kept aside as it was
            kept = kept_aside(path)
            assert len(kept) == 1 and state_of(kept[0]) == before
    else:
        assert isinstance(result, StatisticsUnavailable | sqlite3.Error), repr(result)
        assert state_of(path) == before


def test_the_open_watch_sees_a_file_opened(victim: Path) -> None:
    """The check above is only worth something if reading the victim would be seen."""
    with opened_files() as opened:
        victim.read_bytes()
    assert str(victim) in opened
