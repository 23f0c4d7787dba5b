"""The game log in a 5-player game at 1024x640: after a round, the turns of the four
other seats are all on screen without scrolling (each folded to one line that a click
opens), and the log folds to its title and opens again at the button beside it.

Found by hand (5 players, Imperium, 1024x640): the log showed about 7 lines, so a
round of four AIs needed scrolling every time."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import board, game_scene

from concordia.core import new_game
from concordia.ui.input import Click

pytestmark = pytest.mark.usefixtures("pygame_display")

KINDS = ["human", "easy", "easy", "easy", "easy"]


def _a_round(seed: int) -> list[str]:
    """Random legal play to the human's second turn: every other seat has played one
    whole turn since the human's first."""
    rng = random.Random(seed)
    state = new_game(board(), num_players=5, seed=seed)
    actions: list[str] = []
    turns = 0
    last = state.current_player
    while True:
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
        if state.current_player != last:
            turns += 1
            last = state.current_player
        if turns >= 5 and state.current_player == 0:
            return actions


def _differ(a: pygame.Surface, b: pygame.Surface) -> bool:
    return bool(pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB"))


def _last_turns(actors: list[int]) -> dict[int, int]:
    """Each seat's last run of actions: its first action's index."""
    out: dict[int, int] = {}
    for i, seat in enumerate(actors):
        if i == 0 or actors[i - 1] != seat:
            out[seat] = i
    return out


@pytest.mark.parametrize("seed", [3, 8])
def test_a_round_of_the_four_other_seats_shows_without_scrolling(seed: int) -> None:
    app, scene = game_scene(KINDS, seed, actions=_a_round(seed), size=(1024, 640))
    assert app.screen is not None
    app.draw(app.screen)
    log = scene.log
    assert log.offset == 0
    shown = {entry for _t, _s, _m, entry, _p in log.visible_rows()}
    actors = list(scene.controller.actors)
    last = _last_turns(actors)
    assert set(last) >= {1, 2, 3, 4}
    missing = [seat for seat in (1, 2, 3, 4) if last[seat] not in shown]
    assert missing == [], (missing, len(log.rows()), log.bar().shown)
    # A folded turn opens at a click on its line and closes at a second one.
    seat_rows = [pos for pos, entry in log.entry_positions() if entry == last[1]]
    before = len(log.rows())
    picture = app.screen.subsurface(scene.lay.log).copy()
    app.dispatch(Click(seat_rows[0]))
    opened = len(log.rows())
    assert opened > before
    app.draw(app.screen)
    assert _differ(picture, app.screen.subsurface(scene.lay.log))
    seat_rows = [pos for pos, entry in log.entry_positions() if entry == last[1]]
    app.dispatch(Click(seat_rows[0]))
    assert len(log.rows()) == before
    scene.close()


def test_the_log_folds_and_opens_at_its_button() -> None:
    app, scene = game_scene(KINDS, 3, actions=_a_round(3), size=(1024, 640))
    assert app.screen is not None
    app.draw(app.screen)
    log = scene.log
    assert log.visible_rows()
    button = log.toggle_rect()
    assert scene.lay.log.contains(button)
    assert log.tooltip(button.center) is not None
    shown = app.screen.subsurface(scene.lay.log).copy()
    app.dispatch(Click(button.center))
    assert log.collapsed
    app.draw(app.screen)
    folded = app.screen.subsurface(scene.lay.log).copy()
    assert _differ(shown, folded)  # the window shows it (not a cached picture)
    app.dispatch(Click(button.center))
    assert not log.collapsed
    app.draw(app.screen)
    assert log.visible_rows()
    assert not _differ(shown, app.screen.subsurface(scene.lay.log))
    scene.close()
