"""The load list tells each save apart (board, round, seats and scores), deletes a save
only after a confirmation, and loading a save never loses the game in progress."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import board, click_button, draw, find_actions, make_app

from concordia import saves
from concordia.core import GameState
from concordia.settings import saves_dir
from concordia.ui import strings
from concordia.ui.controller import GameController, GameSetup, SeatConfig, list_saves
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.load import LoadScene
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")

SEATS = [SeatConfig("human", "Anna", 0), SeatConfig("hard", "Brutus", 1)]


def _controller(seed: int, steps: int) -> GameController:
    def want(s: GameState) -> bool:
        return s.step >= steps and s.phase == "card"

    actions = find_actions(["human", "human"], seed, want)
    return GameController(GameSetup("imperium", list(SEATS), seed), board(), actions)


def _round(state: GameState) -> int:
    return sum(p.turns for p in state.players) // state.num_players + 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_each_row_shows_board_round_seats_and_scores(lang: str) -> None:
    game = _controller(7, 60)
    path = saves_dir() / "mine.json"
    game.save(path)
    app = make_app()
    strings.set_language(lang)
    try:
        load = LoadScene(app)
        app.stack.push(load)
        draw(app)
        row = next(b for b in load.buttons.buttons if b.value == path)
        text = f"{row.label} {getattr(row, 'detail', '')}"
        state = game.state
        assert t("board.imperium") in text
        assert t("load.round", n=_round(state)) in text and _round(state) > 2
        for seat, score in zip(SEATS, state.scores(), strict=True):
            assert f"{seat.name} ({t('kind.' + seat.kind)}) {score.total}" in text, text
    finally:
        strings.set_language("en")


def test_the_summary_is_read_from_the_save_itself() -> None:
    game = _controller(7, 60)
    path = saves_dir() / "mine.json"
    game.save(path)
    (info,) = saves.list_saves().saves
    assert info.round == _round(game.state)
    assert [(s.name, s.kind, s.score) for s in info.seats] == [
        (seat.name, seat.kind, score.total)
        for seat, score in zip(SEATS, game.state.scores(), strict=True)
    ]


def test_a_save_is_deleted_after_a_confirmation() -> None:
    game = _controller(7, 20)
    path = saves_dir() / "old.json"
    game.save(path)
    app = make_app()
    load = LoadScene(app)
    app.stack.push(load)
    draw(app)
    click_button(app, lambda v: v == ("delete", path))
    assert path.exists()  # the first click only asks
    armed = next(b for b in load.buttons.buttons if b.value == ("delete", path))
    assert armed.label == t("load.delete_confirm")
    click_button(app, lambda v: v == ("delete", path))
    assert not path.exists()
    assert all(b.value != path for b in load.buttons.buttons)


def _load(app_path: Path) -> GameScene:
    app = make_app()
    load = LoadScene(app)
    app.stack.push(load)
    draw(app)
    click_button(app, lambda v: v == app_path)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    return scene


def test_loading_a_save_never_loses_the_game_in_progress() -> None:
    """Found by hand: loading an old save turned the running game's autosave into the
    'Previous autosave', and a second load lost it."""
    running = _controller(7, 40)
    saves.autosave(running.record(), running.state)  # the game in progress
    old, other = _controller(8, 20), _controller(9, 20)
    old.save(saves_dir() / "old.json")
    other.save(saves_dir() / "other.json")
    for path in (saves_dir() / "old.json", saves_dir() / "other.json"):
        scene = _load(path)
        # the loaded game plays two turns: each writes the autosave
        for _ in range(2):
            saves.autosave(scene.controller.record(), scene.state)
    kept = [saves.load_game(e.path) for e in list_saves() if not e.damaged]
    assert any(k.record.actions == running.record().actions for k in kept)
    # loading the autosave itself (or a later save of that game) keeps no copy
    before = sorted(p.name for p in saves_dir().glob("*.json"))
    _load(saves.autosave_path())
    assert sorted(p.name for p in saves_dir().glob("*.json")) == before


def test_loading_at_start_keeps_the_game_in_progress_too() -> None:
    from concordia.ui.startup import load_at_start

    running = _controller(7, 40)
    saves.autosave(running.record(), running.state)
    old = _controller(8, 20)
    path = saves_dir() / "old.json"
    old.save(path)
    app = make_app()
    load_at_start(app, path)
    assert isinstance(app.stack.top, GameScene)
    kept = [e for e in list_saves() if e.kept]
    assert len(kept) == 1
    assert saves.load_game(kept[0].path).record.actions == running.record().actions
