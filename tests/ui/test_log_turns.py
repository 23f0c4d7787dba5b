"""A seat that throws goods away on another seat's turn (its storehouse overflowed by
their production) and then plays its own turn: the log folds its turn under the card
it played, and the throwing away stays a line of its own.

Found by hand (5 players, Imperium, 1024x640): Marcus's Prefect overflowed Julia's
storehouse, Julia threw a brick away and then played her turn, and the log folded both
into "▸ Julia throws away brick: −1 brick (+2)", hiding the card she played."""

from __future__ import annotations

import random

import pytest
from ui_helpers import board, game_scene

from concordia.core import new_game
from concordia.core.actions import Action, Discard, PlayCard

pytestmark = pytest.mark.usefixtures("pygame_display")

KINDS = ["human", "easy", "easy", "easy", "easy"]


def _discard_then_own_turn() -> tuple[int, list[str], int, int]:
    """Seed, random legal actions, and the indices of a seat's discard and of the card
    play that directly follows it, the seat's turn played out to its end."""
    for seed in range(400):
        rng = random.Random(seed)
        state = new_game(board(), num_players=5, seed=seed)
        done: list[tuple[Action, int]] = []
        while state.current_player is not None and len(done) < 600:
            seat = state.current_player
            action = rng.choice(state.legal_actions())
            done.append((action, seat))
            state = state.apply(action)
            if len(done) < 2:
                continue
            (a0, s0), (a1, s1) = done[-2], done[-1]
            if isinstance(a0, Discard) and isinstance(a1, PlayCard) and s0 == s1 != 0:
                if done[-3][1] == s0:
                    continue  # its own overflow, not another seat's production
                play = len(done) - 1
                while state.current_player == s1:
                    action = rng.choice(state.legal_actions())
                    done.append((action, s1))
                    state = state.apply(action)
                if state.current_player is None:
                    break
                return seed, [str(a) for a, _s in done], play - 1, play
    raise AssertionError("no game of random play has a discard before the seat's own turn")


def test_a_discard_before_the_seats_own_turn_does_not_name_its_turn() -> None:
    seed, actions, discard, play = _discard_then_own_turn()
    app, scene = game_scene(KINDS, seed, actions=actions, size=(1024, 640))
    assert app.screen is not None
    app.draw(app.screen)
    log = scene.log
    rows = log.rows()
    entries = {entry for _text, _seat, _marked, entry in rows}
    # The card play starts a line of its own (its turn folded under it) ...
    assert play in entries, [r for r in rows if r[3] in (discard, play)]
    folded = log.folded()
    assert play in folded
    # ... and the discard is not the head of a fold that swallows that turn.
    assert discard not in folded or folded[discard] == 1
    scene.close()
