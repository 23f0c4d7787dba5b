"""Layout of the game screen at 1024x640, 1280x720, 1600x900, 1920x1080 and a size
the window may be dragged to (1366x768), in English and Italian: every label, button,
panel line and log line fits its box (``theme.fit`` never has to shorten one), every
card face fits its card, and a 15-card hand fits at 1024x640 with the hovered card
raised and shown whole."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest
from ui_helpers import board, show_state

from concordia.core import GameState, new_game
from concordia.core.data import CARDS
from concordia.settings import Settings
from concordia.ui import strings, theme
from concordia.ui.app import App, AppOptions
from concordia.ui.controller import GameController, GameSetup
from concordia.ui.input import Hover
from concordia.ui.render.cards import FaceReport
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import default_seats

pytestmark = pytest.mark.usefixtures("pygame_display")

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
PHASES = (
    "card",
    "architect",
    "prefect",
    "senator",
    "consul",
    "mercator",
    "colonist",
    "tribune",
    "diplomat",
    "overflow",
)


def _positions() -> dict[str, GameState]:
    """One position per phase (a human to decide), from random 5-player games."""
    found: dict[str, GameState] = {}
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = new_game(board(), num_players=5, seed=seed)
        while not state.is_terminal() and len(found) < len(PHASES):
            if state.phase in PHASES and state.phase not in found and state.step > 40:
                found[state.phase] = state
            state = state.apply(rng.choice(state.legal_actions()))
        if len(found) == len(PHASES):
            break
    return found


POSITIONS = _positions()


class Cuts:
    """Records every text ``theme.fit`` had to shorten."""

    def __init__(self) -> None:
        self.cut: list[str] = []

    def __call__(self, font: pygame.font.Font, s: str, width: int) -> str:
        out = REAL_FIT(font, s, width)
        if out != s:
            self.cut.append(s)
        return out


REAL_FIT = theme.fit


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cuts]:
    old = strings.language()
    strings.set_language(request.param)
    theme.clear_text_cache()
    cuts = Cuts()
    monkeypatch.setattr(theme, "fit", cuts)
    yield cuts
    strings.set_language(old)
    theme.clear_text_cache()


def _app(size: tuple[int, int]) -> App:
    settings = Settings(ai_speed="off", animation_speed="off", language=strings.language())
    app = App(AppOptions(), settings)
    pygame.font.init()
    app.use_surface(pygame.Surface(size))
    return app


def _scene(app: App, kinds: list[str], actions: list[str] | None = None) -> GameScene:
    setup = GameSetup("imperium", default_seats(kinds), 1)
    scene = GameScene(app, GameController(setup, board(), actions))
    app.stack.push(scene)
    return scene


def _check_faces(reports: list[FaceReport], where: str) -> None:
    for report in reports:
        assert report.cut == [], (where, report.cut)


def _check_language(scene: GameScene) -> None:
    assert strings.t("game.log") == ("Cronaca" if strings.language() == "it" else "Game log")


def _check_inside(scene: GameScene) -> None:
    for text, box in scene.players.texts:
        assert scene.lay.players.contains(box), (text, box, scene.lay.players)


def test_every_position_fits_its_boxes(language: Cuts) -> None:
    assert set(POSITIONS) >= {"card", "architect", "prefect", "mercator", "colonist"}
    for size in SIZES:
        app = _app(size)
        scene = _scene(app, ["human"] * 5)
        assert app.screen is not None
        for phase, state in POSITIONS.items():
            show_state(scene, state)
            for sel in [None, *list(scene.options().moves)[:2]]:
                scene.selection.colonist = sel
                scene.rebuild()
                app.draw(app.screen)
                assert language.cut == [], (size, phase, sel, language.cut)
            _check_faces(scene.hand.reports, f"hand {size} {phase}")
            _check_faces(scene.display.reports, f"display {size} {phase}")
            _check_faces(scene.players.reports, f"discard tops {size} {phase}")
            _check_inside(scene)
        _check_language(scene)


def test_ai_seats_log_and_panels_fit(language: Cuts) -> None:
    """A game with every AI level: the panel names, the log lines of real moves."""
    rng = random.Random(5)
    state = new_game(board(), num_players=5, seed=1)
    actions: list[str] = []
    while state.step < 260:
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    kinds = ["human", "easy", "normal", "hard", "expert"]
    rich = state.copy()
    for p in rich.players:
        p.money = 188  # three-digit purses: the points pill moves left
    for size in SIZES:
        app = _app(size)
        scene = _scene(app, kinds, actions)
        assert app.screen is not None
        app.draw(app.screen)
        _check_levels(scene, kinds, size)
        scene.controller.history[-1] = rich
        scene.rebuild()
        app.draw(app.screen)
        _check_levels(scene, kinds, size)
        scene.close()
        assert language.cut == [], (size, language.cut)
        _check_inside(scene)


def _check_levels(scene: GameScene, kinds: list[str], size: tuple[int, int]) -> None:
    # Every AI seat's level is on its panel: beside the name where there is room, else
    # on the bottom line (found by hand: it vanished once the points pill grew).
    rects = scene.players.rects()
    for seat, kind in enumerate(kinds):
        if kind == "human":
            continue
        level = strings.t("kind." + kind)
        shown = [box for text, box in scene.players.texts if level in text]
        assert any(rects[seat].contains(box) for box in shown), (size, seat, level)


def test_fifteen_cards_fit_at_1024x640(language: Cuts) -> None:
    app = _app((1024, 640))
    scene = _scene(app, ["human"] * 5)
    state = POSITIONS["card"].copy()
    state.players[state.current_player or 0].hand = [c.index for c in CARDS[6:21]]
    show_state(scene, state)
    seat = scene.viewer()
    assert seat is not None
    slots = scene.hand.slots(seat)
    assert len(slots) == 15
    hand = scene.lay.hand
    for slot in slots:
        assert hand.contains(slot.rect), slot
    assert app.screen is not None
    app.draw(app.screen)
    assert language.cut == []
    _check_faces(scene.hand.reports, "15 cards")
    names = {strings.t("card." + c.name.lower()) for c in CARDS[6:21]}
    shown = {text for r in scene.hand.reports for text, _ in r.texts}
    assert names <= shown  # every name is on its card's strip or face
    # Hover the 5th card: it is raised and drawn whole, its name on the full face.
    target = slots[4]
    app.dispatch(Hover(target.hit.center))
    app.draw(app.screen)
    assert scene.hand.hovered(seat) == 4
    last = scene.hand.reports[-1]
    whole = target.rect.move(0, -scene.px(6))
    name = strings.t("card." + next(c for c in CARDS if c.id == target.card).name.lower())
    boxes = [box for text, box in last.texts if text == name]
    assert boxes and all(whole.contains(b) for b in boxes), (boxes, whole)
    _check_faces(scene.hand.reports, "15 cards, hovered")


def test_menu_screens_fit(language: Cuts) -> None:
    """The menu, the new-game screen (every AI level named on a seat), the settings
    and the pause menu."""
    from concordia.ui.scenes.dialog import PauseScene
    from concordia.ui.scenes.menu import MenuScene, NewGameScene
    from concordia.ui.scenes.settings import SettingsScene

    for size in SIZES:
        app = _app(size)
        assert app.screen is not None
        game = _scene(app, ["human", "easy", "normal", "hard", "hard"])
        scenes = [MenuScene(app), NewGameScene(app), SettingsScene(app), PauseScene(app, game)]
        for scene in scenes:
            app.push(scene)
            app.draw(app.screen)
            assert language.cut == [], (size, scene.name, language.cut)
            app.pop()
        game.close()


def test_panels_say_houses_left(language: Cuts) -> None:
    # Each panel's count of houses is the houses still to build, and says so: "9 houses"
    # read as the houses on the board (found by hand at 1024x640, 5 players).
    app = _app((1024, 640))
    scene = _scene(app, ["human"] * 5)
    state = POSITIONS["card"]
    show_state(scene, state)
    assert app.screen is not None
    app.draw(app.screen)
    texts = [text for text, _ in scene.players.texts]
    left = {"en": "left", "it": "rimast"}[strings.language()]
    for p in state.players:
        line = strings.tn("game.houses_left", p.houses_left)
        assert left in line, line
        assert any(line in text for text in texts), (line, texts)
