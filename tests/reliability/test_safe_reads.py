"""Every file the game reads is read safely: only regular files (never a FIFO or a
device, nor a link to one), size- and nesting-capped, one clear message naming the file,
the file untouched; the Load screen lists damaged saves instead of hiding them."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from reliability_support import PlayedGame, fingerprint
from ui_helpers import click_button, draw, make_app

from concordia import saves
from concordia.fileio import UnsafeFileError, load_json_capped, read_bytes_capped
from concordia.review import load_cached
from concordia.settings import load_settings, saves_dir, settings_path
from concordia.ui import views
from concordia.ui.controller import list_saves
from concordia.ui.scenes.dialog import ErrorScene
from concordia.ui.scenes.load import LoadScene

pytestmark = pytest.mark.usefixtures("pygame_display")

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
DEEP = "[" * 100_000 + "]" * 100_000


def finishes(call: Callable[[], Any], seconds: float = 10.0) -> Any:
    """The result of ``call()``, which must return within ``seconds`` (no blocking)."""
    box: list[Any] = []

    def run() -> None:
        try:
            box.append(("ok", call()))
        except BaseException as exc:
            box.append(("raised", exc))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"{call} did not return within {seconds} s"
    kind, value = box[0]
    if kind == "raised":
        raise value
    return value


@needs_fifo
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "autosave.json"
    os.mkfifo(fifo)
    with pytest.raises(UnsafeFileError, match="FIFO"):
        finishes(lambda: read_bytes_capped(fifo, 1000))
    saves_dir().mkdir(parents=True, exist_ok=True)
    os.mkfifo(saves.autosave_path())
    with pytest.raises(saves.SaveError, match=r"autosave\.json: .*FIFO"):
        finishes(saves.load_autosave)


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(UnsafeFileError, match="device"):
        finishes(lambda: read_bytes_capped(link, 1000))
    with pytest.raises(saves.SaveError, match=r"zero\.json: .*device"):
        finishes(lambda: saves.load_game(link))


def test_size_and_nesting_are_capped(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    with pytest.raises(UnsafeFileError, match="too large"):
        read_bytes_capped(big, 1000)
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP, encoding="utf-8")
    with pytest.raises(ValueError, match="nested too deeply"):
        load_json_capped(deep, 10**6)
    nan = tmp_path / "nan.json"
    nan.write_text('{"x": NaN}', encoding="utf-8")
    with pytest.raises(ValueError, match="NaN"):
        load_json_capped(nan, 1000)


@needs_fifo
def test_settings_as_a_fifo_give_the_defaults_at_once() -> None:
    path = settings_path()
    os.mkfifo(path)
    assert finishes(load_settings).language == "en"


def test_deeply_nested_settings_views_and_review_cache_are_ignored(tmp_path: Path) -> None:
    path = settings_path()
    path.write_text(DEEP, encoding="utf-8")
    before = fingerprint(path)
    assert load_settings().language == "en"
    assert fingerprint(path) == before
    view_file = views._path()
    view_file.write_text(DEEP, encoding="utf-8")
    assert views.load_view("imperium:1:4") is None
    cache = tmp_path / "game.json.review"
    cache.write_text(DEEP, encoding="utf-8")
    assert load_cached(cache, "key") is None


def test_a_view_with_nan_or_infinity_is_no_view() -> None:
    view_file = views._path()
    view_file.parent.mkdir(parents=True, exist_ok=True)
    for centre in ('["NaN", 3]', "[1e999, 3]", '[3, "inf"]'):
        view_file.write_text(
            '{"k": {"zoom": 1.5, "centre": ' + centre + "}}",
            encoding="utf-8",
        )
        assert views.load_view("k") is None, centre
    view_file.write_text('{"k": {"zoom": 1.5, "centre": [3, 4]}}', encoding="utf-8")
    assert views.load_view("k") == views.View(1.5, (3.0, 4.0))


def _damaged_files(game: PlayedGame) -> dict[str, bytes]:
    good = saves.save_document(game.record, game.state)
    newer = dict(good, version=saves.SAVE_VERSION + 1)
    text = json.dumps(good)
    return {
        "empty.json": b"",
        "truncated.json": text[: len(text) // 2].encode("utf-8"),
        "garbage.json": b"\x00\xff\xfe garbage",
        "newer.json": json.dumps(newer).encode("utf-8"),
        "deep.json": DEEP.encode("utf-8"),
    }


def test_the_load_screen_lists_damaged_saves_with_reason_and_delete(
    short_game: PlayedGame,
) -> None:
    folder = saves_dir()
    saves.save_game(folder / "good.json", short_game.record, short_game.state)
    for name, data in _damaged_files(short_game).items():
        (folder / name).write_bytes(data)
    before = {p.name: fingerprint(p) for p in folder.iterdir()}
    entries = list_saves()
    assert entries[0].name == "good"
    damaged = {e.name: e.damaged for e in entries if e.damaged}
    assert set(damaged) == {"empty", "truncated", "garbage", "newer", "deep"}
    assert "update the game" in damaged["newer"]
    assert "empty" in damaged["empty"]
    assert {p.name: fingerprint(p) for p in folder.iterdir()} == before

    app = make_app()
    app.push(LoadScene(app))
    draw(app)
    click_button(app, lambda v: v == ("damaged", folder / "newer.json"))
    top = app.stack.top
    assert isinstance(top, ErrorScene) and "update the game" in top.message
    app.stack.remove(top)
    click_button(app, lambda v: v == ("delete", folder / "empty.json"))
    assert (folder / "empty.json").exists()  # the first click only asks
    draw(app)
    click_button(app, lambda v: v == ("delete", folder / "empty.json"))
    assert not (folder / "empty.json").exists()
    assert (folder / "newer.json").exists()
    draw(app)


@pytest.fixture
def far_east(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time UTC+14, where 9999-12-31 23:59 UTC is past the last representable date."""
    monkeypatch.setenv("TZ", "Etc/GMT-14")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("far_east")
def test_one_bad_entry_never_breaks_the_list(short_game: PlayedGame) -> None:
    folder = saves_dir()
    document = saves.save_document(short_game.record, short_game.state)
    for year, name in (("9999-12-31T23:59:59+00:00", "late"), ("0001-01-01T00:00:00", "early")):
        (folder / f"{name}.json").write_text(
            json.dumps(dict(document, saved_at=year)), encoding="utf-8"
        )
    latin1 = os.fsencode(folder) + b"/caf\xe9.json"
    with open(latin1, "wb") as handle:
        handle.write(json.dumps(document).encode("utf-8"))
    entries = list_saves()
    assert len(entries) == 3 and not any(e.damaged for e in entries)
    assert any(e.name == "caf\ufffd" for e in entries)
    app = make_app()
    app.push(LoadScene(app))
    draw(app)
    assert app.stack.top is not None and app.stack.top.name == "load" and not app.broken
