"""Every input does what it shows (issue 31): the Consul's price on the display card's
tooltip, the hand's keys on alike cards, the hint's stars from any moment of the turn,
and the sea colonist of an inland city."""

from __future__ import annotations

import pytest
from ui_helpers import draw, find_actions, game_scene, send

from concordia.core import Action, Build, Copy, GameState, Move, Place, Produce
from concordia.ui import strings
from concordia.ui.game import tooltips
from concordia.ui.game.cards import goods_words
from concordia.ui.game.hints import Hint
from concordia.ui.input import Click
from concordia.ui.presenters import card_name
from concordia.ui.scenes.game import GameScene
from concordia.ui.strings import t
from concordia.ui.targeting import HKey, action_target

pytestmark = pytest.mark.usefixtures("pygame_display")


def _consul_turn() -> list[str]:
    def want(s: GameState) -> bool:
        return s.phase == "consul" and any(
            card is not None and s.display_cost(slot) for slot, card in enumerate(s.display_ids())
        )

    return find_actions(["human", "human"], 5, want, tries=200, max_steps=6000)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_consul_tooltip_shows_the_price_the_consul_pays(lang: str) -> None:
    try:
        _app, scene = game_scene(["human", "human"], 5, _consul_turn())
        strings.set_language(lang)  # after the app, which sets the settings' language
        state = scene.state
        seen = 0
        for slot, card in enumerate(state.display_ids()):
            extra = state.display_cost(slot)
            if card is None or not extra:
                continue
            seen += 1
            tip = scene.display.tooltip_for(slot, card)
            price = state.card_price(slot)  # the core's price in this phase
            assert "any" not in price  # the display position's surcharge is not due
            assert goods_words(price) in tip, tip
            assert t("game.slot_extra", goods=t("good.any")) not in tip, tip
            assert t("game.slot_consul", n=slot + 1) in tip, tip
        assert seen
    finally:
        strings.set_language("en")


# ---------------------------------------------------------------------- hint stars
def _star_centre(scene: GameScene, key: HKey) -> tuple[int, int]:
    box = scene.geometry().badges[key]
    return round(box.centre[0]), round(box.centre[1])


def _hint(scene: GameScene, actions: list[Action]) -> None:
    scene.hint = Hint(scene.state.step, 0, actions, done=True)
    scene.hint.text = scene.hint.describe(scene)
    scene.rebuild()


def test_a_star_clicked_before_its_card_plays_the_card_then_the_step() -> None:
    """Found by hand: the Prefect's province star did nothing until the card was played
    (and its tooltip was the province's)."""
    app, scene = game_scene(["human", "easy"], 4)
    draw(app)
    play = scene.state.play_for_card("prefect")
    assert play is not None
    produce = next(a for a in scene.state.apply(play).legal_actions() if isinstance(a, Produce))
    _hint(scene, [play, produce])
    draw(app)
    assert action_target(produce) not in scene.targeting().highlights()  # not a target yet
    pos = _star_centre(scene, produce.province)
    tip = tooltips.scene_tooltip(scene, pos)
    assert tip is not None and tip.startswith(t("game.tip.star", star="★", what="")), tip
    assert t("game.tip.province_produce") not in tip and scene.place_name(produce.province) in tip
    send(app, Click(pos))
    assert scene.controller.actions == [str(play), str(produce)]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_star_that_cannot_be_played_yet_says_why(lang: str) -> None:
    """A build starred after a move: clicking it before the move says which step comes
    first, in words, and plays nothing."""
    try:
        app, scene = game_scene(["human", "easy"], 4)
        strings.set_language(lang)  # after the app, which sets the settings' language
        state = scene.state
        play = state.play_for_card("architect")
        assert play is not None
        after = state.apply(play)
        near = {a for a in after.legal_actions() if isinstance(a, Build)}
        plan: tuple[Move, Build] | None = None
        for move in (a for a in after.legal_actions() if isinstance(a, Move)):
            later = state.apply(play).apply(move)
            build = next(
                (a for a in later.legal_actions() if isinstance(a, Build) and a not in near),
                None,
            )
            if build is not None:
                plan = (move, build)
                break
        assert plan is not None
        _hint(scene, [play, *plan])
        draw(app)
        pos = _star_centre(scene, plan[1].city)
        send(app, Click(pos))
        assert scene.controller.actions == []
        message = scene.message
        assert message is not None and "★2" in message, message
        head = t("game.star_first", star="★2", steps="")
        assert message.startswith(head.rstrip(".")), message  # the words of this language
        move = plan[0]
        # it names the card to play and the move that comes first
        assert card_name("architect") in message and scene.place_name(move.dst) in message
        tip = tooltips.scene_tooltip(scene, pos)
        assert tip == message
    finally:
        strings.set_language("en")


def _diplomat_can_copy_a_prefect(s: GameState) -> bool:
    if s.phase != "card" or s.turn_player != 0:
        return False
    play = s.play_for_card("diplomat")
    if play is None:
        return False
    return any(_copies_prefect(s, a) for a in s.apply(play).legal_actions())


def _copies_prefect(s: GameState, a: Action) -> bool:
    if not isinstance(a, Copy):
        return False
    pile = s.discard(a.seat)
    return bool(pile) and pile[-1].endswith("prefect")


def test_a_star_after_a_diplomats_copy_plays_the_card_and_the_copy_first() -> None:
    """Found by hand: the hint "play Diplomat, copy Livia's Prefect, produce in Corsica"
    had a star only on Corsica; clicking it said "first you play Diplomat, then you copy
    Livia's Prefect" and did nothing, though the player had nothing else to click for
    those steps. Steps with no star of their own are played with the star's step."""
    actions = find_actions(["human", "human"], 6, _diplomat_can_copy_a_prefect, tries=200)
    app, scene = game_scene(["human", "human"], 6, actions)
    draw(app)
    state = scene.state
    play = state.play_for_card("diplomat")
    assert play is not None
    copy = next(a for a in state.apply(play).legal_actions() if _copies_prefect(state, a))
    produce = next(
        a for a in state.apply(play).apply(copy).legal_actions() if isinstance(a, Produce)
    )
    assert action_target(copy) is None  # the copy has no star on the board
    _hint(scene, [play, copy, produce])
    draw(app)
    send(app, Click(_star_centre(scene, produce.province)))
    assert scene.controller.actions[len(actions) :] == [str(play), str(copy), str(produce)]


# ---------------------------------------------------------------------- inland cities
def _inland(state: GameState, city: str) -> bool:
    topo = state.topo
    return not topo.city_routes[topo.city_by_slug[city]][1]


def _sea_colonist_inland(s: GameState) -> bool:
    return s.phase == "colonist" and any(
        isinstance(a, Place) and a.kind == "sea" and _inland(s, a.city) for a in s.legal_actions()
    )


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_sea_colonist_offered_inland_says_it_can_never_move(lang: str) -> None:
    """The rules let a Colonist place a sea colonist in any city with a house of yours
    (the Italian guide: a fleet there "makes no sense"), so it is offered, with words."""
    actions = find_actions(["human", "human"], 6, _sea_colonist_inland, tries=300)
    try:
        app, scene = game_scene(["human", "human"], 6, actions)
        strings.set_language(lang)
        state = scene.state
        place = next(
            a
            for a in state.legal_actions()
            if isinstance(a, Place) and a.kind == "sea" and _inland(state, a.city)
        )
        warning = t("game.place_inland", city=scene.place_name(place.city))
        draw(app)
        pos = _star_centre(scene, place.city)  # the city's badge
        tip = tooltips.scene_tooltip(scene, pos)
        assert tip is not None and warning in tip, tip
        # the action bar's choice (a city where both kinds may go) warns too
        scene.selection.place_city = place.city
        scene.rebuild()
        chosen = [b for b in scene.buttons.buttons if b.value == place]
        assert chosen and warning in chosen[0].tooltip, [b.tooltip for b in chosen]
        # a coastal city's sea colonist has no such words
        for a in state.legal_actions():
            if isinstance(a, Place) and a.kind == "sea" and not _inland(state, a.city):
                scene.selection.place_city = a.city
                scene.rebuild()
                tips = [b.tooltip for b in scene.buttons.buttons if b.value == a]
                assert tips and all(
                    t("game.place_inland", city=scene.place_name(a.city)) not in x for x in tips
                )
    finally:
        strings.set_language("en")


def test_a_long_message_stays_long_enough_to_read() -> None:
    """Found by hand: the star's refusal (90 characters) left the top bar within 3 s."""
    _app, scene = game_scene(["human", "easy"], 4)
    short, long = "Saved.", "x" * 90
    scene.flash(long)
    scene.update(5.0)
    assert scene.message == long  # still there after 5 s
    scene.update(1.5)
    assert scene.message is None  # gone after 6 s (90 characters at 15 a second)
    scene.flash(short)
    scene.update(2.9)
    assert scene.message == short
    scene.update(0.2)
    assert scene.message is None
