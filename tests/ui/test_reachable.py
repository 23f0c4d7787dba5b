"""Every legal action can be reached by clicking, in every phase, in English and Italian.

For sampled positions of every phase (random games on both boards, one without starting
goods for the first purchase), each legal action is played the way a player would: a
click on its button, its hand or display card, or its board target, after the clicks
that lead there (the colonist to move, the card to buy, the amount to trade). The scene
must then have submitted exactly that action.
"""

from __future__ import annotations

import random

import pytest
from ui_helpers import board, buttons, game_scene, show_state

from concordia.core import (
    Action,
    BuyCard,
    GameState,
    Move,
    Trade,
    new_game,
)
from concordia.ui.commands import PayFor, TradeStep
from concordia.ui.input import Click
from concordia.ui.scenes.game import GameScene
from concordia.ui.strings import set_language
from concordia.ui.targeting import ChoosePlace, SelectColonist, Target

pytestmark = pytest.mark.usefixtures("pygame_display")

PHASES = (
    "card",
    "architect",
    "prefect",
    "mercator",
    "colonist",
    "tribune",
    "diplomat",
    "senator",
    "consul",
    "overflow",
    "first_buy",
)


def _sample(per_phase: int) -> dict[str, list[GameState]]:
    out: dict[str, list[GameState]] = {p: [] for p in PHASES}
    rng = random.Random(9)
    games = [("imperium", 4, s, False) for s in range(3)] + [
        ("italia", 3, 10 + s, False) for s in range(3)
    ]
    games += [("imperium", 3, 20, True), ("italia", 2, 21, True)]
    for name, n, seed, no_goods in games:
        state = new_game(board(name), num_players=n, seed=seed, no_goods=no_goods)
        while not state.is_terminal():
            bucket = out[state.phase]
            rare = state.phase in ("first_buy", "overflow")
            if (rng.random() < 0.2 or rare) and len(bucket) < per_phase:
                bucket.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def _click_value(scene: GameScene, value: object) -> bool:
    for b in buttons(scene.app):
        if b.enabled and b.value == value:
            scene.app.dispatch(Click(b.rect.center))
            return True
    return False


def _click_target(scene: GameScene, pred: object) -> bool:
    from concordia.ui.targeting import anchor

    geo = scene.geometry()
    for target in scene.targeting().targets():
        if pred(target):  # type: ignore[operator]
            at = anchor(geo, target)
            assert at is not None
            scene.app.dispatch(Click((round(at[0]), round(at[1]))))
            return True
    return False


def _play(scene: GameScene, action: Action) -> None:
    """Reach ``action`` by clicks only (see the module docstring)."""
    if _click_value(scene, action):
        return
    if isinstance(action, Move):
        key = (action.kind, action.src)
        if not _click_value(scene, SelectColonist(*key)):
            assert _click_target(scene, lambda t: t.choice == SelectColonist(*key)), action
        assert scene.selection.colonist == key
        assert _click_target(scene, lambda t: t.choice == action), action
        return
    if isinstance(action, BuyCard):
        assert _click_value(scene, PayFor(action.card)), action
        assert _click_value(scene, action), action
        return
    if isinstance(action, Trade):
        step = 1 if action.amount > 0 else -1
        for _ in range(abs(action.amount)):
            assert _click_value(scene, TradeStep(action.good, step)), action
        assert _click_value(scene, action), action
        return

    def leads(target: Target) -> bool:
        c = target.choice
        return c == action or (
            isinstance(c, ChoosePlace) and str(action) in {f"place {k} {c.city}" for k in "ls"}
        )

    city = getattr(action, "city", None)

    def places(target: Target) -> bool:
        return target.choice == action or target.choice == ChoosePlace(str(city))

    assert _click_target(scene, places if city else leads), f"no click reaches {action}"
    if scene.selection.place_city is not None:
        assert _click_value(scene, action), action


def _check(per_phase: int, language: str, size: tuple[int, int]) -> int:
    samples = _sample(per_phase)
    missing = [p for p, states in samples.items() if not states]
    assert not missing, f"no sampled position in {missing}"
    set_language(language)
    checked = 0
    scenes: dict[tuple[str, int], GameScene] = {}
    try:
        for states in samples.values():
            for state in states:
                key = (state.board.name, state.num_players)
                if key not in scenes:
                    _, scenes[key] = game_scene(["human"] * key[1], 1, [], key[0], size)
                scene = scenes[key]
                for action in state.legal_actions():
                    show_state(scene, state)
                    _play(scene, action)
                    assert scene.controller.actions == [str(action)], (state.phase, action)
                    checked += 1
    finally:
        set_language("en")
        for scene in scenes.values():
            scene.close()
    return checked


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_legal_action_is_reachable_by_clicks(language: str) -> None:
    assert _check(2, language, (1024, 640)) > 100


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_every_legal_action_is_reachable_by_clicks_more_positions(size: tuple[int, int]) -> None:
    for language in ("en", "it"):
        _check(6, language, size)
