"""Every screen of the game as a PNG, drawn by the game's own scenes, at chosen sizes.

``python -m concordia.tools.screenshots --out docs/screenshots --sizes 1024x640,1920x1080``

The screens are drawn off-screen (SDL's dummy video driver) by the same scene code the
window runs, so the pictures are what a player sees at that window size; the games shown
are played by the AI from fixed seeds, so a rerun gives the same pictures. Settings,
saves and statistics live in a temporary folder: nothing of the user's is read or written.
Each size gets its own folder (``OUT/1024x640/menu.png``...).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

#: How long a background job (a hint, a review) may take before the picture is taken
#: as it stands (the picture then shows the job still running).
JOB_WAIT_S = 90.0


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


class Shooter:
    """Draws one app at one size and saves what is on top as ``OUT/name.png``."""

    def __init__(self, size: tuple[int, int], out: Path) -> None:
        from concordia.settings import Settings
        from concordia.ui.app import App, AppOptions

        self.size = size
        self.out = out
        self.app = App(AppOptions(), Settings(ai_speed="off", animation_speed="off"))
        pygame.font.init()
        self.app.use_surface(pygame.Surface(size))
        self.taken: list[Path] = []

    def pump(self, frames: int = 3) -> None:
        for _ in range(frames):
            self.app.frame(1 / 60)

    def pump_until(self, ready: Callable[[], bool], limit_s: float = JOB_WAIT_S) -> None:
        end = time.monotonic() + limit_s
        while not ready() and time.monotonic() < end:
            self.app.frame(1 / 60)
            time.sleep(0.02)
        self.pump()

    def shot(self, name: str, mouse: tuple[int, int] | None = None) -> None:
        from concordia.ui.input import Hover

        if mouse is not None:
            self.app.dispatch(Hover(mouse))
        screen = self.app.screen
        assert screen is not None
        self.app.draw(screen)
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"{name}.png"
        pygame.image.save(screen, str(path))
        self.taken.append(path)
        print(f"  {path}")

    def click(self, match: Callable[[Any], bool]) -> None:
        from concordia.ui.input import Click

        row = getattr(self.app.stack.top, "buttons", None)
        for b in list(row.buttons) if row is not None else []:
            if b.enabled and match(b.value):
                self.app.dispatch(Click(b.rect.center))
                self.pump()
                return
        raise RuntimeError(f"no button matching on {self.app.stack.top!r}")


def _finished_games(home: Path) -> list[tuple[Any, Any]]:
    """Three short AI games, saved and recorded in the statistics of ``home``."""
    from concordia.ai.play import play_game
    from concordia.core import GameRecord
    from concordia.maps import load_board
    from concordia.saves import save_game
    from concordia.stats import record_game

    games = []
    for board, kinds, seed in (
        ("italia", ["easy", "easy"], 9),
        ("imperium", ["easy", "easy", "easy"], 4),
        ("imperium", ["easy", "easy", "easy", "easy"], 7),
    ):
        played = play_game(load_board(board), kinds, seed=seed)
        names = ["You", "Livia", "Marcus", "Julia", "Titus"]
        seats = [
            {"kind": "human" if i == 0 else k, "name": names[i], "colour": i}
            for i, k in enumerate(kinds)
        ]
        record = GameRecord(board, len(kinds), seed, {}, [str(a) for a in played.actions], seats)
        record_game(record, played.state)
        saves = home / "saves"
        saves.mkdir(parents=True, exist_ok=True)
        save_game(saves / f"{board}-{len(kinds)}p.json", record, played.state)
        games.append((record, played.state))
    return games


def _prefix(board_name: str, kinds: Sequence[str], seed: int, share: float) -> list[str]:
    """The actions of an easy-AI game up to about ``share`` of it, stopping where seat 0
    is to play a card."""
    from concordia.ai.play import play_game
    from concordia.core import new_game, parse_action
    from concordia.maps import load_board

    board = load_board(board_name)
    played = play_game(board, ["easy"] * len(kinds), seed=seed)
    state = new_game(board, num_players=len(kinds), seed=seed)
    out: list[str] = []
    goal = int(len(played.actions) * share)
    for i, action in enumerate(played.actions):
        if i >= goal and state.phase == "card" and state.turn_player == 0:
            break
        out.append(str(action))
        state = state.apply(parse_action(str(action)))
    return out


def _game(shooter: Shooter, board: str, kinds: list[str], seed: int, share: float) -> Any:
    from concordia.maps import load_board
    from concordia.ui.controller import GameController, GameSetup
    from concordia.ui.scenes.game import game_in
    from concordia.ui.scenes.menu import default_seats

    actions = _prefix(board, kinds, seed, share) if share > 0 else None
    setup = GameSetup(board, default_seats(kinds), seed)
    shooter.app.open_game(GameController(setup, load_board(board), actions))
    game = game_in(shooter.app.stack.scenes)
    assert game is not None
    shooter.pump()
    return game


def shoot(size: tuple[int, int], out: Path) -> list[Path]:
    """Every screen at ``size`` into ``out``; the user's folder and language are put
    back afterwards."""
    from concordia.settings import home_dir, set_home
    from concordia.ui import strings

    previous = home_dir()
    with tempfile.TemporaryDirectory(prefix="concordia-shots-") as tmp:
        try:
            return _shoot_all(size, out, Path(tmp))
        finally:
            set_home(previous)
            strings.set_language("en")


def _shoot_all(size: tuple[int, int], out: Path, home: Path) -> list[Path]:
    from concordia.settings import set_home
    from concordia.ui import strings
    from concordia.ui.guide import start_guided_game
    from concordia.ui.scenes.dialog import ErrorScene, PauseScene
    from concordia.ui.scenes.handover import HandoverScene
    from concordia.ui.scenes.load import LoadScene
    from concordia.ui.scenes.menu import MenuScene, NewGameScene
    from concordia.ui.scenes.reference import ReferenceScene
    from concordia.ui.scenes.review import ReviewScene
    from concordia.ui.scenes.scores import ScoresScene
    from concordia.ui.scenes.settings import SettingsScene
    from concordia.ui.scenes.statistics import StatisticsScene

    set_home(home)
    strings.set_language("en")
    s = Shooter(size, out)
    games = _finished_games(home)
    app = s.app

    app.stack.push(MenuScene(app))
    s.pump()
    s.shot("menu")
    for name, make in (
        ("new-game", NewGameScene),
        ("settings", SettingsScene),
        ("load", LoadScene),
        ("statistics", StatisticsScene),
        ("reference", ReferenceScene),
    ):
        scene = make(app)
        app.stack.push(scene)
        s.pump()
        s.shot(name)
        app.stack.remove(scene)
    strings.set_language("it")
    scene = ReferenceScene(app)
    app.stack.push(scene)
    s.pump()
    s.shot("reference-it")
    app.stack.remove(scene)
    strings.set_language("en")

    # A game against three AIs, from its first turn to the late game.
    game = _game(s, "imperium", ["human", "normal", "normal", "normal"], 21, 0)
    s.shot("game-start")
    game.request_hint()
    s.pump_until(lambda: game.hint is not None and game.hint.done)
    s.shot("game-hint")
    game = _game(s, "imperium", ["human", "normal", "normal", "normal"], 21, 0)
    s.click(lambda v: str(v) == "play architect")
    s.shot("game-architect")
    app.stack.push(PauseScene(app, game))
    s.pump()
    s.shot("pause")
    app.pop()
    app.stack.push(HandoverScene(app, "Livia", (60, 110, 200), "circle"))
    s.pump()
    s.shot("handover")
    app.pop()

    game = _game(s, "italia", ["human", "hard"], 72, 0.5)
    s.shot("game-italia-midgame")
    game = _game(s, "imperium", ["human", "easy", "easy", "easy", "easy"], 5, 0.8)
    s.shot("game-5-players-late")
    strings.set_language("it")
    game = _game(s, "italia", ["human", "easy", "easy"], 30, 0.3)
    s.shot("game-it")
    strings.set_language("en")

    # The end: final scores and the review of a finished game.
    from concordia.maps import load_board
    from concordia.ui.controller import GameController

    record, _state = games[0]
    controller = GameController.from_record(record, load_board(record.board))
    app.stack.clear()
    app.stack.push(MenuScene(app))
    app.stack.push(ScoresScene(app, controller, True))
    s.pump()
    s.shot("final-scores")
    review = ReviewScene(app, record, load_board(record.board), iterations=8)
    app.stack.push(review)
    s.pump_until(lambda: review.job.finished.is_set())
    s.shot("review")
    app.stack.clear()

    app.stack.push(MenuScene(app))
    start_guided_game(app)
    s.pump()
    s.shot("guide")
    app.stack.clear()
    app.stack.push(MenuScene(app))
    app.stack.push(
        ErrorScene(app, "The save 'old.json' is from a newer version of the game: kept as is.")
    )
    s.pump()
    s.shot("error-dialog")
    app.stack.clear()
    return s.taken


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    p.add_argument("--sizes", default="1024x640,1920x1080", help="comma-separated WxH")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    pygame.init()
    pygame.display.set_mode((1, 1))  # images convert only once a display mode is set
    for text in args.sizes.split(","):
        size = _size(text)
        print(f"{size[0]}x{size[1]}:")
        shoot(size, args.out / f"{size[0]}x{size[1]}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
