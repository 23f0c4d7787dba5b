"""Scene tests: clicks and keys go in, the actions submitted to the controller come out.

Every assertion is on ``controller.actions`` (the notation of what the scene submitted);
the scene can only submit actions listed by ``state.legal_actions()``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from ui_helpers import click_button, draw, find_actions, game_scene, send

from concordia.core import GameState
from concordia.core.data import CARD_BY_ID
from concordia.ui.commands import Command, PayFor, SelectColonist, TradeStep
from concordia.ui.controller import list_saves, load_game
from concordia.ui.input import Cancel, Click, Confirm, HandCard, Undo
from concordia.ui.scenes.dialog import PauseScene
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.handover import HandoverScene

pytestmark = pytest.mark.usefixtures("pygame_display")

HUMAN_AI = ["human", "easy"]


def _has_card(action: str) -> Callable[[GameState], bool]:
    def want(state: GameState) -> bool:
        return (
            state.phase == "card"
            and state.turn_player == 0
            and any(CARD_BY_ID[c].action == action for c in state.hand(0))
        )

    return want


def _scene_at(
    action: str, seed: int = 3, extra: Callable[[GameState], bool] | None = None
) -> tuple[Any, GameScene]:
    base = _has_card(action)
    actions = find_actions(HUMAN_AI, seed, (lambda s: base(s) and extra(s)) if extra else base)
    app, scene = game_scene(HUMAN_AI, seed, actions)
    scene.update(0.0)
    return app, scene


def _play(app: Any, scene: GameScene, action: str) -> None:
    n = len(scene.controller.actions)
    click_button(
        app, lambda v: str(v).startswith("play ") and CARD_BY_ID[str(v).split()[1]].action == action
    )
    assert len(scene.controller.actions) == n + 1
    assert CARD_BY_ID[scene.controller.actions[-1].split()[1]].action == action


def _finish_turn(app: Any, scene: GameScene) -> None:
    c = scene.controller
    guard = 0
    while not c.awaiting_confirm and c.seat_is_human(c.state.current_player):
        click_button(app, lambda v: str(v) in ("finish", "cash") or str(v).startswith("discard"))
        guard += 1
        assert guard < 20
    assert c.awaiting_confirm
    send(app, Confirm())
    assert not c.awaiting_confirm
    assert c.committed == len(c.actions)


def _last(scene: GameScene) -> str:
    return scene.controller.actions[-1]


def test_architect_turn_moves_by_route_click_and_finishes() -> None:
    app, scene = _scene_at("architect")
    _play(app, scene, "architect")
    opts = scene.options()
    (kind, src), moves = next(iter(opts.moves.items()))
    click_button(app, lambda v: v == SelectColonist(kind, src))
    assert scene.selection.colonist == (kind, src)
    highlights = scene.highlights()
    for move in moves:  # every reachable route is lit with its step cost
        assert highlights[(move.kind, move.dst)] == str(scene.state.cost(move).points)
    renderer = scene.board.renderer
    assert renderer is not None
    for move in moves:
        x, y = renderer.route_midpoint(move.kind, move.dst)
        if scene.board.city_at((int(x), int(y))) is None and scene.board.route_at(
            (int(x), int(y))
        ) == (move.kind, move.dst):
            app.dispatch(Click((int(x), int(y))))
            break
    else:
        pytest.fail("no route midpoint is clear of other targets at this zoom")
    assert _last(scene) == str(move)
    _finish_turn(app, scene)


def test_architect_build_click_pays_the_listed_price() -> None:
    def can_build_after_play(state: GameState) -> bool:
        card = next((c for c in state.hand(0) if CARD_BY_ID[c].action == "architect"), None)
        if card is None:
            return False
        after = state.apply(next(a for a in state.legal_actions() if str(a) == f"play {card}"))
        return any(str(a).startswith("build") for a in after.legal_actions())

    app, scene = _scene_at("architect", seed=4, extra=can_build_after_play)
    _play(app, scene, "architect")
    city, build = next(iter(scene.options().builds.items()))
    assert "s" in scene.highlights()[city]
    renderer = scene.board.renderer
    x, y = renderer.city_pos(city)
    money = scene.state.players[0].money
    price = scene.state.cost(build).money
    app.dispatch(Click((int(x), int(y))))
    assert _last(scene) == f"build {city}"
    assert scene.state.players[0].money == money - price


def test_prefect_produces_in_a_clicked_province() -> None:
    app, scene = _scene_at("prefect")
    _play(app, scene, "prefect")
    province = next(iter(scene.options().produce))
    x, y = scene.board.renderer.province_pos(province)
    app.dispatch(Click((int(x), int(y))))
    assert _last(scene) == f"produce {province}"
    _finish_turn(app, scene)


def test_prefect_cash_button_shows_its_amount() -> None:
    app, scene = _scene_at("prefect")
    _play(app, scene, "prefect")
    b = click_button(app, lambda v: str(v) == "cash")
    assert any(ch.isdigit() for ch in b.label)
    assert _last(scene) == "cash"


def test_mercator_trade_panel_submits_one_trade_per_kind() -> None:
    app, scene = _scene_at("mercator")
    _play(app, scene, "mercator")
    good = next(
        g for g, trades in scene.options().trades.items() if any(tr.amount > 0 for tr in trades)
    )
    click_button(app, lambda v: v == TradeStep(good, 1))
    click_button(app, lambda v: str(v) == f"trade {good} +1")
    assert _last(scene) == f"trade {good} +1"
    assert good not in scene.options().trades  # that kind is done
    _finish_turn(app, scene)


def test_senator_buys_a_clicked_display_card() -> None:
    app, scene = _scene_at("senator", extra=lambda s: s.players[0].goods[4] > 0)
    _play(app, scene, "senator")
    buys = scene.options().buys
    assert buys
    card = next(iter(buys))
    click_button(app, lambda v: str(v).startswith(f"buy {card}") or v == PayFor(card))
    if scene.selection.buy_card is not None:  # several ways to pay for an "any": pick one
        click_button(app, lambda v: str(v).startswith(f"buy {card}"))
    assert _last(scene).startswith(f"buy {card}")
    assert card in scene.state.hand(0)


def test_diplomat_copies_a_chosen_top_card() -> None:
    def copyable(state: GameState) -> bool:
        pile = state.discard(1)
        return bool(pile) and CARD_BY_ID[pile[-1]].action not in ("diplomat",)

    app, scene = _scene_at("diplomat", extra=copyable)
    _play(app, scene, "diplomat")
    click_button(app, lambda v: str(v) == "copy 1")
    assert _last(scene) == "copy 1"


def test_tribune_takes_cards_back_and_offers_a_colonist() -> None:
    app, scene = _scene_at("tribune", extra=lambda s: len(s.discard(0)) >= 2)
    _play(app, scene, "tribune")
    state = scene.state
    if state.phase == "tribune":
        click_button(app, lambda v: str(v).startswith("place") or str(v) == "finish")
    assert len(scene.state.discard(0)) == 0 or scene.state.turn_player != 0


def test_colonist_places_in_a_clicked_city_or_takes_cash() -> None:
    app, scene = _scene_at("colonist", seed=5)
    _play(app, scene, "colonist")
    places = scene.options().places
    if places:
        city, options = next(iter(places.items()))
        x, y = scene.board.renderer.city_pos(city)
        app.dispatch(Click((int(x), int(y))))
        if len(options) > 1:
            assert scene.selection.place_city == city
            click_button(app, lambda v: str(v).startswith("place ") and str(v).endswith(city))
        assert _last(scene).startswith("place ")
    else:
        click_button(app, lambda v: str(v) == "cash")
        assert _last(scene) == "cash"


def test_consul_buys_one_card() -> None:
    app, scene = _scene_at("consul", seed=6)
    _play(app, scene, "consul")
    buys = scene.options().buys
    if not buys:
        click_button(app, lambda v: str(v) == "finish")
        return
    card = next(iter(buys))
    click_button(app, lambda v: str(v).startswith(f"buy {card}"))
    assert _last(scene).startswith(f"buy {card}")


def test_overflow_discard_is_chosen_by_the_owner() -> None:
    actions = find_actions(
        HUMAN_AI,
        8,
        lambda s: s.phase == "overflow" and s.current_player == 0,
        max_steps=4000,
        tries=200,
    )
    app, scene = game_scene(HUMAN_AI, 8, actions)
    scene.update(0.0)
    discards = scene.options().discards
    assert discards
    click_button(app, lambda v: str(v) == str(discards[0]))
    assert _last(scene) == str(discards[0])


def test_hand_keys_play_cards_and_undo_stops_at_the_turn_start() -> None:
    app, scene = game_scene(HUMAN_AI, 2)
    scene.update(0.0)
    c = scene.controller
    hand = scene.state.hand(0)
    send(app, HandCard(2))  # the second card of the hand
    assert c.actions == [f"play {hand[1]}"]
    send(app, Undo())
    assert c.actions == []
    send(app, Undo())  # nothing of this turn is left to undo
    assert c.actions == []
    # A whole Prefect turn, undone step by step, then confirmed.
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    assert c.awaiting_confirm
    send(app, Undo())
    assert c.actions == ["play prefect"] and not c.awaiting_confirm
    click_button(app, lambda v: str(v) == "cash")
    send(app, Confirm())
    assert c.committed == 2
    send(app, Undo())  # never across a confirmed turn
    assert c.actions == ["play prefect", "cash"]


def test_a_finished_turn_dims_no_card_of_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by hand under Xvfb: after a Diplomat copied a Senator, the turn
    awaiting End turn showed the Senator and both bought cards dimmed. The listed
    actions were already the next seat's (its hand's plays), so the hand dimmed every
    card that seat could not play. A finished turn offers nothing from the hand."""
    import concordia.ui.game.hand as hand_module
    from concordia.ui.game.cards import draw_card as real

    dims: list[bool] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        dims.append(bool(kwargs.get("dim")))
        return real(*args, **kwargs)

    monkeypatch.setattr(hand_module, "draw_card", spy)
    app, scene = game_scene(HUMAN_AI, 2)
    scene.update(0.0)
    c = scene.controller
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    assert c.awaiting_confirm
    # The core has moved on: the next seat's card plays are what it lists now.
    assert any(str(a).startswith("play ") for a in c.state.legal_actions())
    assert not scene.options().hand and not scene.options().legal
    dims.clear()
    assert app.screen is not None
    scene.hand.draw(app.screen, scene.frame_view())
    assert dims and not any(dims)


def test_ai_seat_plays_from_the_background_thread() -> None:
    _app, scene = game_scene(["easy", "human"], 4)
    c = scene.controller
    deadline = time.monotonic() + 10
    while c.state.turn_player == 0 and time.monotonic() < deadline:
        scene.update(0.016)
        time.sleep(0.002)
    assert c.state.turn_player == 1
    assert c.actors and set(c.actors) == {0}
    assert c.committed == len(c.actions)  # AI steps are final


def test_ai_move_waits_on_screen_for_the_ai_speed() -> None:
    from dataclasses import replace

    app, scene = game_scene(["easy", "human"], 4)
    app.settings = replace(app.settings, ai_speed="slow")
    deadline = time.monotonic() + 10
    while scene.driver.pending is None and time.monotonic() < deadline:
        scene.update(0.0)
        time.sleep(0.002)
    assert scene.driver.pending is not None and scene.controller.actions == []
    scene.update(5.0)
    assert len(scene.controller.actions) == 1


def test_pass_and_play_hands_over_between_humans() -> None:
    app, scene = game_scene(["human", "human"], 3)
    scene.update(0.0)
    top = app.stack.top
    assert isinstance(top, HandoverScene) and top.player == scene.controller.seats[0].name
    send(app, Click((10, 10)))
    assert app.stack.top is scene
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    scene.update(0.0)
    assert app.stack.top is scene  # waits for the turn to be confirmed
    send(app, Confirm())
    scene.update(0.0)
    top = app.stack.top
    assert isinstance(top, HandoverScene) and top.player == scene.controller.seats[1].name
    send(app, Confirm())
    assert app.stack.top is scene
    assert scene.viewer() == 1


def test_save_and_load_round_trip() -> None:
    app, scene = game_scene(HUMAN_AI, 7)
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: v == Command.SAVE)
    saves = [s for s in list_saves() if not s.autosave]
    assert len(saves) == 1
    loaded = load_game(saves[0].path)
    assert loaded.actions == scene.controller.actions
    assert loaded.state == scene.controller.state
    assert [s.to_dict() for s in loaded.seats] == [s.to_dict() for s in scene.controller.seats]


def test_autosave_after_a_confirmed_turn() -> None:
    from concordia.ui.controller import load_autosave

    app, scene = game_scene(HUMAN_AI, 7)
    scene.update(0.0)
    click_button(app, lambda v: str(v).startswith("play prefect"))
    click_button(app, lambda v: str(v) == "cash")
    send(app, Confirm())
    assert app.autosaver.wait(5.0)
    assert load_autosave().actions == ["play prefect", "cash"]


def test_corrupt_save_is_refused_and_left_untouched(concordia_home: Any) -> None:
    from concordia.settings import saves_dir
    from concordia.ui.controller import SaveError

    path = saves_dir() / "broken.json"
    path.write_text('{"format": "concordia-save", "version": 99}', encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError):
        load_game(path)
    assert path.read_bytes() == before


def test_escape_opens_the_game_menu() -> None:
    app, scene = game_scene(HUMAN_AI, 1)
    send(app, Cancel())
    assert isinstance(app.stack.top, PauseScene)
    send(app, Cancel())
    top: object = app.stack.top  # send() changed the stack: not the PauseScene any more
    assert top is scene


def test_the_load_screen_tells_the_autosave_from_its_backup() -> None:
    # Found by hand: the load screen listed "Autosave · Italia · 3 · 08:54" twice,
    # the autosave and the previous one kept as its backup.
    from concordia.ui.scenes.load import LoadScene
    from concordia.ui.strings import t

    app, scene = game_scene(HUMAN_AI, 7)
    scene.update(0.0)
    for _ in range(2):  # two confirmed turns of the human: the second keeps a backup
        while scene.state.current_player != 0:
            scene.update(0.05)
        click_button(app, lambda v: str(v).startswith("play "))
        while scene.state.turn_player == 0 and not scene.controller.awaiting_confirm:
            legal = scene.options().legal
            scene.submit(legal[-1])
        send(app, Confirm())
        assert app.autosaver.wait(5.0)
    kinds = sorted((e.autosave, e.backup) for e in list_saves())
    assert (True, True) in kinds and (True, False) in kinds
    load = LoadScene(app)
    app.stack.push(load)
    draw(app)
    labels = [str(b.label) for b in load.buttons.buttons]
    assert any(x.startswith(t("load.autosave") + " · ") for x in labels)
    assert any(x.startswith(t("load.autosave_backup") + " · ") for x in labels)


def test_every_panel_draws_one_frame_from_the_same_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scene makes one GameView a frame and hands it to each panel's draw."""
    import dataclasses

    from concordia.ui.game.parts import GameView

    app, scene = game_scene(HUMAN_AI, 2)
    scene.update(0.0)
    seen: dict[str, GameView] = {}
    for name in ("top", "display", "bar", "hand", "players", "log"):
        panel = getattr(scene, name)

        def spy(surface: Any, view: GameView, _name: str = name, _draw: Any = panel.draw) -> None:
            seen[_name] = view
            _draw(surface, view)

        monkeypatch.setattr(panel, "draw", spy)
    made: list[GameView] = []
    frame_view = scene.frame_view

    def counted() -> GameView:
        made.append(frame_view())
        return made[-1]

    monkeypatch.setattr(scene, "frame_view", counted)
    assert app.screen is not None
    scene.draw(app.screen)
    assert len(made) == 1 and set(seen) == {"top", "display", "bar", "hand", "players", "log"}
    assert all(v is made[0] for v in seen.values())
    view = made[0]
    assert view.state is scene.state and view.viewer == scene.viewer() == 0
    assert view.human_to_act == scene.human_to_act and view.decider == scene.decider
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hover = (1, 1)  # type: ignore[misc]
