"""Every button of the game window carries a legal action or a typed command (no
string tuples), and the command reaches the scene."""

from __future__ import annotations

import random
import typing

import pytest
from ui_helpers import click_button, game_scene, show_state

from concordia.core.actions import ACTION_TYPES
from concordia.ui.commands import ButtonValue, PayFor, SelectColonist

pytestmark = pytest.mark.usefixtures("pygame_display")

TYPED = (*ACTION_TYPES, *typing.get_args(ButtonValue))


def test_every_game_button_carries_an_action_or_a_command() -> None:
    app, scene = game_scene(["human"] * 3, 8)
    rng = random.Random(8)
    state = scene.state
    seen: set[type] = set()
    for _ in range(250):
        if state.is_terminal():
            break
        show_state(scene, state)
        opts = scene.options()
        several = [card for card, ways in opts.buys.items() if len(ways) > 1]
        if several:
            click_button(app, lambda v, card=several[0]: v == PayFor(card))  # type: ignore[misc]
        elif opts.moves:
            click_button(app, lambda v: isinstance(v, SelectColonist))
        for b in scene.buttons.buttons:
            # A disabled button may carry nothing (a trade amount not set yet).
            assert isinstance(b.value, TYPED) or (b.value is None and not b.enabled), b.value
            seen.add(type(b.value))
        state = state.apply(rng.choice(state.legal_actions()))
    assert SelectColonist in seen and len(seen) > 5
    scene.close()
