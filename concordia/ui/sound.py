"""Sound effects through ``pygame.mixer`` (main thread only).

The effects are our own WAV files in ``assets/sounds/`` (made by
``python -m concordia.tools.make_sounds``). A machine without an audio device is
normal: when the mixer cannot start, the failure is logged once (one INFO line in
the log file, nothing on the terminal) and every :meth:`Sounds.play` is a no-op, so
the game runs the same, only silent.

SDL's audio back ends report their own failures from C straight to file descriptor 2
(ALSA prints eight ``ALSA lib ...`` lines when there is no sound card), which no
Python logging setting reaches. :func:`_stderr_to_log` therefore points descriptor 2
at an anonymous temporary file while the mixer starts and puts what was written
there into the log at DEBUG level.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

import pygame

from concordia.resources import resource_path

logger = logging.getLogger(__name__)

#: The effects the game plays, by name (file ``assets/sounds/<name>.wav``).
EFFECTS = ("card", "build", "coin", "turn")
VOLUME = 0.5


class Sounds:
    """Loads the effects once the mixer is up and plays them when sound is on.

    Args:
        enabled: the "sound" setting.
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self._started = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        #: Names of the effects played (or that would have played with a device).
        self.played: list[str] = []

    def start(self) -> bool:
        """Start the mixer and load the effects (once); False when there is no audio."""
        if self._started:
            return self.available
        self._started = True
        try:
            if not pygame.mixer.get_init():
                with _stderr_to_log():
                    pygame.mixer.init(frequency=22_050, size=-16, channels=2, buffer=512)
        except (pygame.error, OSError) as exc:
            # Normal on a machine without a sound card: the log file only (INFO).
            logger.info("no sound: the audio device could not be opened (%s)", exc)
            return False
        for name in EFFECTS:
            path = resource_path("assets", "sounds", f"{name}.wav")
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                logger.warning("sound %s not loaded: %s", path, exc)
                continue
            sound.set_volume(VOLUME)
            self._sounds[name] = sound
        self.available = True
        return True

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled

    def play(self, name: str) -> None:
        """Play effect ``name`` if sound is on and the mixer works; never raises."""
        if not self.enabled:
            return
        self.played.append(name)
        if len(self.played) > 100:
            del self.played[:50]
        sound = self._sounds.get(name) if self.available else None
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error as exc:
            logger.warning("sound %s failed: %s", name, exc)

    def close(self) -> None:
        if self.available:
            try:
                pygame.mixer.quit()
            except pygame.error:
                logger.exception("mixer quit failed")
        self.available = False
        self._started = False
        self._sounds = {}


@contextlib.contextmanager
def _stderr_to_log() -> Iterator[None]:
    """Send what C code writes to file descriptor 2 meanwhile to the log (DEBUG).

    Leaves descriptor 2 alone when it cannot be redirected (a windowed frozen build
    has none) or no temporary file can be made.
    """
    with contextlib.ExitStack() as stack:
        try:
            if sys.stderr is not None:
                sys.stderr.flush()
            # Anonymous (already unlinked): nothing is left on disk.
            captured = stack.enter_context(tempfile.TemporaryFile())
            saved = os.dup(2)
        except (OSError, ValueError):
            saved = -1
        if saved < 0:
            yield
            return
        stack.callback(os.close, saved)
        try:
            os.dup2(captured.fileno(), 2)
            yield
        finally:
            os.dup2(saved, 2)
            captured.seek(0)
            text = captured.read(64_000).decode("utf-8", "replace").strip()
            if text:
                logger.debug("audio start-up messages:\n%s", text)
