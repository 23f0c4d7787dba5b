"""The application: window, main loop and scene stack (main thread only).

``App.run()`` is the whole program after argument parsing: it initialises pygame, opens
a resizable window, and loops: input intents -> scenes -> update -> draw -> flip.
Nothing here runs at import time.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from concordia.settings import Settings, load_settings_report, save_settings
from concordia.ui import strings, theme
from concordia.ui.autosave import AutosaveWriter
from concordia.ui.input import (
    Click,
    Drag,
    Hover,
    InputMapper,
    Intent,
    Key,
    Leave,
    Quit,
    Resize,
)
from concordia.ui.scene import Scene, SceneStack
from concordia.ui.sound import Sounds
from concordia.ui.startup import crash_saved_note, open_first_screens, show_notice
from concordia.ui.widgets import draw_tooltip

logger = logging.getLogger(__name__)

FPS = 60
MIN_SIZE = (960, 600)

#: Seconds an AI move stays on screen before it is applied, by settings.ai_speed.
AI_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "off": 0.0}
#: Seconds a piece takes to move, by settings.animation_speed.
ANIMATION_TIME = {"slow": 0.8, "normal": 0.4, "fast": 0.15, "off": 0.0}


@dataclass
class AppOptions:
    """Start-up choices from the command line."""

    size: tuple[int, int] | None = None
    fullscreen: bool | None = None
    autoplay: bool = False
    screenshot_dir: Path | None = None
    start: object | None = None  # a GameSetup to start at once
    load: Path | None = None  # a save to open at once (``--load``)
    max_frames: int | None = None


@dataclass
class AutoplayResult:
    """What ``--autoplay`` prints: the final scores, names and the winner."""

    lines: list[str]


class App:
    """Owns pygame, the window and the scene stack."""

    def __init__(
        self,
        options: AppOptions | None = None,
        settings: Settings | None = None,
        time_source: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.options = options or AppOptions()
        self.startup_problems: list[str] = []  # shown by ui.startup.report_startup
        if settings is None:
            settings, self.startup_problems = load_settings_report()
        self.settings = settings
        self.time_source = time_source
        self.stack = SceneStack()
        self.input = InputMapper()
        self.fonts = theme.Fonts()
        self.screen: pygame.Surface | None = None
        self.running = False
        self.exit_code = 0
        self.mouse: tuple[int, int] | None = None
        self.tip_hidden = False  # after a click, until the pointer moves (dispatch)
        self.result: AutoplayResult | None = None
        self.frame_times: list[float] = []
        #: Frames painted, and frames skipped because nothing changed (the idle rule).
        self.painted = 0
        self.skipped = 0
        self._last_key: object = None
        self._force_paint = True
        self.quit_after_draw = False
        self._shot_names: set[str] = set()
        self._shot_count = 0
        #: Scenes that raised unexpectedly; they get no more updates.
        self.broken: list[Scene] = []
        self.crashes = 0
        #: Writes the autosave at each turn end on a background thread.
        self.autosaver = AutosaveWriter()
        #: Sound effects; the mixer starts after the first frame (quick cold start).
        self.sounds = Sounds(self.settings.sound and not self.options.autoplay)
        strings.set_language(self.settings.language)

    # ---------------------------------------------------------------- set-up
    @property
    def autoplay(self) -> bool:
        return self.options.autoplay

    @property
    def size(self) -> tuple[int, int]:
        if self.screen is None:
            return self.options.size or self.settings.window_size
        return self.screen.get_size()

    def ai_delay(self) -> float:
        return 0.0 if self.autoplay else AI_DELAY.get(self.settings.ai_speed, 0.6)

    def animation_time(self) -> float:
        return 0.0 if self.autoplay else ANIMATION_TIME.get(self.settings.animation_speed, 0.4)

    def init_display(self) -> pygame.Surface:
        """Initialise pygame and open the window."""
        if sys.platform.startswith("linux"):
            # The window surface is drawn in software anyway; without this SDL also
            # loads OpenGL (Mesa) to upload it as a texture: about 95 MB more resident
            # memory under X11 for no gain (docs/benchmarks.md, "Game window").
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(strings.t("app.title"))
        return self.open_window()

    def open_window(self) -> pygame.Surface:
        size = self.options.size or self.settings.window_size
        full = (
            self.settings.fullscreen
            if self.options.fullscreen is None
            else (self.options.fullscreen)
        )
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        size = _within_desktop(size)
        flags = pygame.FULLSCREEN if full else pygame.RESIZABLE
        self.screen = pygame.display.set_mode((0, 0) if full else size, flags)
        self._rescale()
        return self.screen

    def use_surface(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface`` instead of a window (tests)."""
        self.screen = surface
        self._rescale()

    def _rescale(self) -> None:
        w, h = self.size
        self._force_paint = True
        self.fonts.set_scale(max(0.85, min(1.5, min(w / 1280, h / 720))))
        for scene in self.stack.scenes:
            relayout = getattr(scene, "layout", None)
            if callable(relayout) and scene not in self.broken:
                try:
                    relayout()
                except Exception as exc:
                    self.crashed(exc, scene, "layout")

    def update_settings(self, settings: Settings, persist: bool = True) -> None:
        """Use new settings now (language, window) and save them."""
        old = self.settings
        self.settings = settings
        strings.set_language(settings.language)
        self.sounds.set_enabled(settings.sound and not self.autoplay)
        if settings.sound and self.running:
            self.sounds.start()
        if persist:
            try:
                save_settings(settings)
            except OSError:
                logger.exception("could not save the settings")
        window_changed = (
            old.window_size != settings.window_size or old.fullscreen != settings.fullscreen
        )
        if window_changed and self.screen is not None and pygame.display.get_init():
            self.options = replace(self.options, size=None, fullscreen=None)
            self.open_window()
        else:
            self._rescale()

    # ---------------------------------------------------------------- scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace_all(self, scene: Scene) -> None:
        self.stack.clear()
        self.stack.push(scene)

    def show_error(self, message: str) -> None:
        from concordia.ui.scenes.dialog import ErrorScene

        logger.warning("error dialog: %s", message)
        self.push(ErrorScene(self, message))

    def start_game(self, setup: object) -> None:
        """Start a new game from a GameSetup, replacing every scene but the menu."""
        from concordia.maps import load_board
        from concordia.ui.controller import GameController, GameSetup

        assert isinstance(setup, GameSetup)
        board = load_board(setup.board)
        self.open_game(GameController(setup, board))

    def open_game(self, controller: object) -> None:
        from concordia.ui.controller import GameController
        from concordia.ui.scenes.game import new_game_scene
        from concordia.ui.scenes.menu import MenuScene

        assert isinstance(controller, GameController)
        self.stack.clear()
        if not self.autoplay:
            self.stack.push(MenuScene(self))
        self.stack.push(new_game_scene(self, controller))
        if controller.notes and not self.autoplay:
            show_notice(self, " ".join(controller.notes))

    def back_to_menu(self) -> None:
        """Close every scene (games cancel their AI) and show the main menu."""
        from concordia.ui.scenes.menu import MenuScene

        self.stack.clear()
        self.broken.clear()
        try:
            self.push(MenuScene(self))
        except Exception:
            logger.exception("the menu cannot be shown; quitting")
            self.quit(1)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # ---------------------------------------------------------------- errors
    def crashed(self, exc: BaseException, scene: Scene | None, where: str) -> None:
        """An unexpected exception escaped a scene: log it with its traceback, stop
        using that scene and show the error dialog, which offers the way back to the
        menu. Nothing is saved here, so the autosave of the last turn end stays as it
        was. ``--autoplay`` has nobody to read a dialog and exits with code 1."""
        from concordia.ui.scenes.dialog import CrashScene

        name = scene.name if scene is not None else "scene"
        logger.error("unexpected error in %s.%s", name, where, exc_info=exc)
        self.crashes += 1
        if scene is not None and scene not in self.broken:
            self.broken.append(scene)
        if self.autoplay:
            self.quit(1)
            return
        top = self.stack.top
        if isinstance(top, CrashScene):
            if scene is top or self.crashes > 20:
                self.back_to_menu()  # the dialog itself failed (or errors keep coming)
            return
        reason = f"{type(exc).__name__}: {exc}"
        try:
            self.push(CrashScene(self, reason, _log_file(), crash_saved_note(self)))
        except Exception:
            logger.exception("the error dialog failed; back to the menu")
            self.back_to_menu()

    def _guard_handle(self, intent: Intent) -> None:
        try:
            self.stack.handle(intent)
        except Exception as exc:
            self.crashed(exc, self.stack.top, "handle")

    def update(self, dt: float) -> None:
        """Update every working scene; one that raises is reported by :meth:`crashed`."""
        for scene in self.stack.scenes:
            if scene in self.broken:
                continue
            try:
                scene.update(dt)
            except Exception as exc:
                self.crashed(exc, scene, "update")

    # ---------------------------------------------------------------- loop
    def dispatch(self, intent: Intent) -> None:
        """Hand one intent to the scenes (the app handles Quit and Resize first)."""
        if isinstance(intent, Quit):
            self.quit(0)
            return
        if isinstance(intent, Resize):
            if self.screen is not None and pygame.display.get_init():
                self.screen = pygame.display.get_surface() or self.screen
            self._rescale()
            return
        if isinstance(intent, Leave):
            self.mouse = None  # no tooltip either
            self.stack.pointer_left()
            return
        if isinstance(intent, Hover | Click | Drag):
            # A click hides the tooltip until the pointer moves: what lies under a
            # resting pointer after the click (the next hand card, once the played one
            # left the hand) was not asked about.
            self.tip_hidden = isinstance(intent, Click) or (
                self.tip_hidden and intent.pos == self.mouse
            )
            self.mouse = intent.pos
        if isinstance(intent, Key) and intent.key == pygame.K_F1 and not self.autoplay:
            self.help_key()
            return
        self._guard_handle(intent)

    def help_key(self) -> None:
        """F1: the rules reference, at the page of what the mouse is over (a scene with a
        ``reference_page(pos)`` method names it, e.g. the card under the cursor); F1 in
        the reference closes it."""
        from concordia.ui.scenes.reference import ReferenceScene, open_reference

        top = self.stack.top
        if isinstance(top, ReferenceScene):
            self.stack.remove(top)
            return
        page = None
        page_of = getattr(top, "reference_page", None)
        if callable(page_of) and self.mouse is not None:
            try:
                page = page_of(self.mouse)
            except Exception:
                logger.exception("reference_page failed")
        open_reference(self, page if isinstance(page, str) else None)

    def draw(self, surface: pygame.Surface) -> None:
        visible = self.stack.visible()
        if not visible or not visible[0].covers_window or visible[0] in self.broken:
            surface.fill(theme.BG)
        for scene in visible:
            if scene in self.broken:
                continue
            try:
                scene.draw(surface)
            except Exception as exc:
                self.crashed(exc, scene, "draw")
                return
        top = self.stack.top
        if top is not None and self.mouse is not None and not self.autoplay and not self.tip_hidden:
            try:
                tip_of = getattr(top, "tooltip", None)
                tip = tip_of(self.mouse) if callable(tip_of) else None
                if tip:
                    avoid_of = getattr(top, "tooltip_avoid", None)
                    avoid = avoid_of(self.mouse) if callable(avoid_of) else None
                    keep_of = getattr(top, "tooltip_keep_clear", None)
                    keep = keep_of() if callable(keep_of) else ()
                    draw_tooltip(surface, self.fonts, tip, self.mouse, avoid, keep)
            except Exception as exc:
                self.crashed(exc, top, "tooltip")

    def frame(self, dt: float) -> bool:
        """One iteration: intents, update, and draw if the picture changed (without
        flipping). Returns whether it painted.

        The idle rule: the window is repainted only after an event (input, the window
        uncovered or resized), when the visible scenes' :meth:`Scene.redraw_key`
        changed, or while one of them is :meth:`Scene.in_motion`. Otherwise the last
        picture stays on screen and the frame costs only the event poll and updates.
        """
        seen = self.input.events
        for intent in self.input.poll():
            self.dispatch(intent)
        self.update(dt)
        painted = False
        if self.screen is not None and self.must_paint(self.input.events != seen):
            self.draw(self.screen)
            self._screenshot()
            painted = True
            self.painted += 1
        else:
            self.skipped += 1
        if self.quit_after_draw:
            self.quit(0)
        return painted

    def must_paint(self, had_events: bool) -> bool:
        """Whether this frame must be drawn (see :meth:`frame`)."""
        visible = self.stack.visible()
        animating = False
        keys: list[object] = [self.size, strings.language(), self.fonts.scale, len(self.broken)]
        for scene in visible:
            keys.append(id(scene))
            try:
                keys.append(scene.redraw_key())
                animating = animating or scene.in_motion()
            except Exception:
                logger.exception("%s.redraw_key failed", scene.name)
                animating = True
        key = tuple(keys)
        changed = key != self._last_key
        self._last_key = key
        force = self._force_paint or self.autoplay or self.options.screenshot_dir is not None
        self._force_paint = False
        return force or had_events or changed or animating

    def repaint(self) -> None:
        """Paint the next frame whatever the idle rule says (after a settings change)."""
        self._force_paint = True

    def run(self) -> int:
        """Open the window and loop until quit; returns the exit code."""
        sys.setswitchinterval(0.001)  # keep the AI thread from starving frames (TOOLCHAIN §6)
        self.init_display()
        open_first_screens(self)
        clock = pygame.time.Clock()
        self.running = True
        frames = 0
        try:
            while self.running and len(self.stack):
                dt = clock.tick(0 if self.autoplay else FPS) / 1000.0
                start = self.time_source()
                if self.frame(min(dt, 0.1)):
                    pygame.display.flip()
                    self.frame_times.append(self.time_source() - start)
                if len(self.frame_times) > 2000:
                    del self.frame_times[:1000]
                frames += 1
                if frames == 1 and self.sounds.enabled:
                    self.sounds.start()
                if self.options.max_frames is not None and frames >= self.options.max_frames:
                    break
        finally:
            self.shutdown()
            pygame.quit()
        return self.exit_code

    def shutdown(self) -> None:
        """Close every scene (the AI stops) and let a running autosave finish; bounded
        to about one second in all."""
        for scene in reversed(self.stack.scenes):
            close = getattr(scene, "close", None)
            if callable(close):
                try:
                    close()
                except Exception:
                    logger.exception("%s.close failed", scene.name)
        self.stack.clear()
        self.autosaver.wait(0.9)
        self.sounds.close()

    def _screenshot(self) -> None:
        folder = self.options.screenshot_dir
        top = self.stack.top
        if folder is None or top is None or self.screen is None:
            return
        key = getattr(top, "shot_name", top.name)
        if key in self._shot_names:
            return
        self._shot_names.add(key)
        self._shot_count += 1
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self._shot_count:02d}-{key}.png"
        pygame.image.save(self.screen, str(path))
        logger.info("screenshot %s", path)


def _within_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` no larger than the desktop (a real display only: the dummy driver's
    desktop is no measure), so a window is never opened beyond the screen."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return size
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not desktops:
        return size
    dw, dh = desktops[0]
    if dw <= 0 or dh <= 0:
        return size
    return (min(size[0], dw), min(size[1], dh))


def _log_file() -> str:
    """Where ``concordia.logs.setup_logging`` writes (shown in the error dialog)."""
    try:
        from concordia.logs import LOG_FILE
        from concordia.settings import log_dir

        return str(log_dir() / LOG_FILE)
    except Exception:
        return "concordia.log"
