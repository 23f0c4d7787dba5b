"""Sound effects: our generated WAVs, played on game events when sound is on, and a
game that runs silently when there is no audio device."""

from __future__ import annotations

import ctypes.util
import logging
import os
import subprocess
import sys
import wave
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from ui_helpers import click_button, game_scene, send

from concordia.resources import resource_path
from concordia.tools import make_sounds
from concordia.ui.input import Confirm
from concordia.ui.sound import EFFECTS, Sounds

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_the_committed_wavs_are_small_and_reproducible(tmp_path: Path) -> None:
    assert make_sounds.main(["--out", str(tmp_path)]) == 0
    for name in EFFECTS:
        shipped = resource_path("assets", "sounds", f"{name}.wav")
        assert shipped.read_bytes() == (tmp_path / f"{name}.wav").read_bytes(), name
        with wave.open(str(shipped)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22_050)
            assert w.getnframes() / w.getframerate() < 1.0
        assert shipped.stat().st_size < 64_000


def test_game_events_play_their_sounds() -> None:
    app, scene = game_scene(["human", "easy"], 7)
    assert app.sounds.start()  # SDL_AUDIODRIVER=dummy: the mixer works
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    assert app.sounds.played == ["card", "coin"]
    send(app, Confirm())
    app.sounds.close()


def test_sound_off_plays_nothing() -> None:
    app, scene = game_scene(["human", "easy"], 7)
    app.update_settings(replace(app.settings, sound=False), persist=False)
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    assert app.sounds.played == []


def test_turn_chime_when_a_human_turn_begins() -> None:
    app, scene = game_scene(["human", "human"], 3)
    scene.update(0.0)
    send(app, Confirm())  # the hand-over screen
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    assert "turn" not in app.sounds.played  # not before the turn is confirmed
    send(app, Confirm())
    assert app.sounds.played[-1] == "turn"


def test_no_audio_device_is_logged_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(True)
    capfd.readouterr()
    with caplog.at_level(logging.DEBUG, logger="concordia.ui.sound"):
        assert sounds.start() is False
    # What the C library printed went to the log (DEBUG), not to the terminal.
    assert capfd.readouterr().err == ""
    shown = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert len(shown) == 1 and shown[0].levelno == logging.INFO
    assert "audio device" in shown[0].getMessage()
    debug = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
    assert any("Unknown PCM default" in m for m in debug)
    sounds.play("card")  # a no-op, never an error
    assert not sounds.available
    app, scene = game_scene(["human", "easy"], 7)
    app.sounds = sounds
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    assert scene.controller.actions == ["play prefect"]


# Start the real mixer in a fresh process, with the log set up as the game does it.
_START_SOUND = """
import pygame
from concordia.logs import setup_logging
from concordia.ui.sound import Sounds
setup_logging()
print(Sounds(True).start())
"""
_RAW_MIXER = """
import pygame
try:
    pygame.mixer.init()
except pygame.error as exc:
    print(exc)
"""


def _run_with_broken_alsa(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with SDL forced onto ALSA and ALSA given no configuration: the
    mixer then fails the way it does on a machine without a sound card (on other
    systems SDL has no ALSA driver and fails without printing)."""
    env = dict(os.environ)
    env.update(
        SDL_AUDIODRIVER="alsa",
        ALSA_CONFIG_PATH=str(home / "no-such-asound.conf"),
        CONCORDIA_HOME=str(home),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


def test_without_a_sound_card_the_terminal_stays_quiet(tmp_path: Path) -> None:
    raw = _run_with_broken_alsa(_RAW_MIXER, tmp_path)
    if ctypes.util.find_library("asound"):  # where SDL can use ALSA, the C library prints
        assert "ALSA lib" in raw.stderr, raw.stderr
    game = _run_with_broken_alsa(_START_SOUND, tmp_path)
    assert game.returncode == 0, game.stderr
    assert game.stdout.strip() == "False"
    assert game.stderr == ""
    log = (tmp_path / "logs" / "concordia.log").read_text(encoding="utf-8").splitlines()
    assert len(log) == 1, log
    assert "INFO" in log[0] and "no sound" in log[0]
