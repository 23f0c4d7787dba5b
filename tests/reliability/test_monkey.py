"""The monkey test: seeded random clicks, keys, wheel turns and drags on every screen,
through the real input mapping, with the save folder holding good and damaged files.
No screen may raise (no crash dialog, no broken scene). Bounded: a fixed number of
inputs per screen, cut short at a deadline (a bound on the test, not a speed figure)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import pygame
import pytest
from reliability_support import PlayedGame, play_random
from ui_helpers import board, make_app

from concordia import saves
from concordia.settings import saves_dir
from concordia.stats import record_game
from concordia.ui.app import App
from concordia.ui.controller import GameController, GameSetup
from concordia.ui.scenes.dialog import CrashScene
from concordia.ui.scenes.load import LoadScene
from concordia.ui.scenes.menu import MenuScene, NewGameScene, default_seats
from concordia.ui.scenes.scores import ScoresScene
from concordia.ui.scenes.settings import SettingsScene
from concordia.ui.scenes.statistics import StatisticsScene

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("pygame_display")]

INPUTS_PER_SCREEN = 300
SECONDS_PER_SCREEN = 6.0
SIZE = (1280, 720)
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_TAB,
    pygame.K_F1,
    pygame.K_1,
    pygame.K_3,
    pygame.K_a,
    pygame.K_z,
    pygame.K_PLUS,
    pygame.K_MINUS,
)


def _game(app: App) -> None:
    setup = GameSetup("imperium", default_seats(["human", "easy", "human"]), 3)
    app.open_game(GameController(setup, board("imperium")))


def _finished_scores(app: App) -> None:
    game = play_random("italia", 2, seed=4, steps=None)
    setup = GameSetup("italia", default_seats(["human", "easy"]), game.record.seed)
    controller = GameController(setup, board("italia"), list(game.record.actions))
    app.open_game(controller)
    app.push(ScoresScene(app, controller, final=True))


def _guide(app: App) -> None:
    from concordia.ui.guide import start_guided_game

    start_guided_game(app)


def _reference(app: App) -> None:
    from concordia.ui.scenes.reference import open_reference

    open_reference(app)


SCREENS: dict[str, Callable[[App], None]] = {
    "menu": lambda app: None,
    "new_game": lambda app: app.push(NewGameScene(app)),
    "load": lambda app: app.push(LoadScene(app)),
    "statistics": lambda app: app.push(StatisticsScene(app)),
    "settings": lambda app: app.push(SettingsScene(app)),
    "reference": _reference,
    "game": _game,
    "scores": _finished_scores,
    "guide": _guide,
}


def _events(rng: random.Random, app: App) -> list[pygame.event.Event]:
    w, h = SIZE
    roll = rng.random()
    top = app.stack.top
    row = getattr(top, "buttons", None)
    enabled = [b for b in getattr(row, "buttons", []) if b.enabled]
    if roll < 0.45 and enabled:
        pos = rng.choice(enabled).rect.center
    else:
        pos = (rng.randrange(w), rng.randrange(h))
    if roll < 0.7:
        button = 1 if rng.random() < 0.85 else 3
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if roll < 0.82:
        key = rng.choice(KEYS)
        text = chr(key) if 32 <= key < 127 else ""
        mod = pygame.KMOD_CTRL if key == pygame.K_z and rng.random() < 0.5 else 0
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text)]
    if roll < 0.9:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)))]
    end = (min(w - 1, pos[0] + rng.randint(-200, 200)), min(h - 1, pos[1] + rng.randint(-200, 200)))
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=end,
            rel=(end[0] - pos[0], end[1] - pos[1]),
            buttons=(1, 0, 0),
        ),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ]


@pytest.fixture
def saves_folder(short_game: PlayedGame) -> None:
    """Good saves, a finished game in the statistics, and damaged files to list."""
    folder = saves_dir()
    saves.save_game(folder / "good.json", short_game.record, short_game.state)
    saves.autosave(short_game.record, short_game.state)
    document = saves.save_document(short_game.record, short_game.state)
    (folder / "newer.json").write_text(json.dumps(dict(document, version=9)), encoding="utf-8")
    (folder / "cut.json").write_text(json.dumps(document)[:500], encoding="utf-8")
    finished = play_random("italia", 2, seed=4, steps=None)
    record_game(finished.record, finished.state)


@pytest.mark.usefixtures("saves_folder")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_random_input_never_breaks_a_screen(screen: str) -> None:
    rng = random.Random(f"monkey/{screen}")
    app = make_app(SIZE)
    app.push(MenuScene(app))
    SCREENS[screen](app)
    assert app.screen is not None
    app.draw(app.screen)
    seen = {s.name for s in app.stack.scenes}
    deadline = time.monotonic() + SECONDS_PER_SCREEN
    try:
        for step in range(INPUTS_PER_SCREEN):
            if time.monotonic() > deadline:
                break
            for event in _events(rng, app):
                for intent in app.input.translate(event):
                    app.dispatch(intent)
            app.update(0.05)
            if not len(app.stack):
                app.push(MenuScene(app))
            if step % 3 == 0:
                app.draw(app.screen)
            top = app.stack.top
            seen.add(top.name if top is not None else "")
            assert not isinstance(top, CrashScene), f"{screen}: crash after {step} inputs"
            assert not app.broken and app.crashes == 0, f"{screen}: broken after {step} inputs"
    finally:
        app.autosaver.wait(5.0)
        app.stack.clear()
    assert len(seen) >= 2, f"the monkey never left {screen}: {seen}"
