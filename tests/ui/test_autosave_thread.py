"""The autosave is written off the main thread: a turn end returns at once, two writes
never overlap (the newest position wins), failures reach the screen, and quitting
waits for a running write (at most about a second)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from ui_helpers import click_button, game_scene, send

from concordia import saves
from concordia.ui.autosave import AutosaveWriter
from concordia.ui.controller import load_autosave
from concordia.ui.input import Confirm
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


def _end_turn(app: Any, scene: Any) -> None:
    """Play Prefect for cash and confirm."""
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    send(app, Confirm())


def test_turn_end_does_not_wait_for_a_slow_write(monkeypatch: pytest.MonkeyPatch) -> None:
    real = saves.autosave
    threads: list[str] = []
    release = threading.Event()

    def slow(record: Any, state: Any) -> Any:
        threads.append(threading.current_thread().name)
        release.wait(30)  # until the test lets it finish
        return real(record, state)

    monkeypatch.setattr(saves, "autosave", slow)
    app, scene = game_scene(["human", "easy"], 7)
    _end_turn(app, scene)
    assert app.autosaver.busy  # the turn ended while the write was still held up
    release.set()
    assert app.autosaver.wait(30.0)
    assert threads == ["concordia-autosave"]
    assert load_autosave().actions == ["play prefect", "cash"]


def test_writes_never_overlap_and_the_newest_wins() -> None:
    lock = threading.Lock()
    running = 0
    most = 0
    written: list[int] = []

    def write(record: Any, state: Any) -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.02)
        written.append(record)
        with lock:
            running -= 1

    writer = AutosaveWriter(write)
    for i in range(10):
        writer.save(i, None)  # type: ignore[arg-type]
        time.sleep(0.005)
    assert writer.wait(5.0)
    assert most == 1
    assert written[-1] == 9 and written == sorted(written) and len(written) < 10
    writer.save(10, None)  # type: ignore[arg-type]  # a new thread after going idle
    assert writer.wait(5.0) and written[-1] == 10


def test_a_failed_write_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(record: Any, state: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(saves, "autosave", broken)
    app, scene = game_scene(["human", "easy"], 7)
    _end_turn(app, scene)
    assert app.autosaver.wait(5.0)
    scene.update(0.0)
    assert scene.message == t("error.save_failed", reason="disk full")


def test_quitting_waits_for_a_running_write(monkeypatch: pytest.MonkeyPatch) -> None:
    real = saves.autosave

    def slow(record: Any, state: Any) -> Any:
        time.sleep(0.3)
        return real(record, state)

    monkeypatch.setattr(saves, "autosave", slow)
    app, scene = game_scene(["human", "easy"], 7)
    _end_turn(app, scene)
    app.shutdown()
    assert not app.autosaver.busy
    assert load_autosave().actions == ["play prefect", "cash"]


def test_quitting_gives_up_on_a_write_that_does_not_finish() -> None:
    release = threading.Event()
    writer = AutosaveWriter(lambda record, state: release.wait(60))
    app, _scene = game_scene(["human", "easy"], 7)
    app.autosaver = writer
    writer.save(None, None)  # type: ignore[arg-type]
    app.shutdown()
    assert writer.busy  # shutdown gave up on the write, which is still held up
    release.set()
    assert writer.wait(30.0)
