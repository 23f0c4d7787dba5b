"""Sound effects: our generated WAVs, played on game events when sound is on, and a
game that runs silently when there is no audio device."""

from __future__ import annotations

import logging
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
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(True)
    with caplog.at_level(logging.WARNING):
        assert sounds.start() is False
    assert "audio device" in caplog.text
    sounds.play("card")  # a no-op, never an error
    assert not sounds.available
    app, scene = game_scene(["human", "easy"], 7)
    app.sounds = sounds
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    assert scene.controller.actions == ["play prefect"]
