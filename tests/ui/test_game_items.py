"""Issue 9, one scene test per numbered item: every click lands, every step explains
itself. Positions come from random legal play (``find_actions``); clicks are real
``Click`` intents at the places the scene draws its targets and buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from ui_helpers import (
    board,
    buttons,
    click_button,
    draw,
    find_actions,
    game_scene,
    send,
    show_state,
)

from concordia.core import GameState, Move, Trade
from concordia.core.data import CARD_BY_ID
from concordia.ui.commands import PayFor, SelectColonist, TradeStep
from concordia.ui.game import tooltips
from concordia.ui.game.describe import describe
from concordia.ui.game.hand import hand_keys
from concordia.ui.game.hints import top_copy
from concordia.ui.input import Click, Confirm, HandCard, Hover
from concordia.ui.presenters import card_name
from concordia.ui.scenes.game import GameScene
from concordia.ui.strings import person, set_language, t, tn
from concordia.ui.targeting import Disc, Target

pytestmark = pytest.mark.usefixtures("pygame_display")

HUMAN_AI = ["human", "easy"]


def _at(
    want: Callable[[GameState], bool],
    seed: int = 3,
    kinds: list[str] | None = None,
    board_name: str = "imperium",
    tries: int = 60,
    max_steps: int = 3000,
) -> tuple[Any, GameScene]:
    kinds = kinds or HUMAN_AI
    actions = find_actions(kinds, seed, want, board_name, max_steps=max_steps, tries=tries)
    app, scene = game_scene(kinds, seed, actions, board_name)
    scene.update(0.0)
    return app, scene


def _mine(phase: str) -> Callable[[GameState], bool]:
    return lambda s: s.phase == phase and s.current_player == 0


def _card_in_hand(action: str) -> Callable[[GameState], bool]:
    return lambda s: (
        s.phase == "card"
        and s.turn_player == 0
        and any(CARD_BY_ID[c].action == action for c in s.hand(0))
    )


def _target(scene: GameScene, pred: Callable[[Target], bool]) -> Target:
    return next(tg for tg in scene.targeting().targets() if pred(tg))


# ---------------------------------------------------------------------- items 1 and 2
def test_item1_a_province_label_with_a_route_under_it_takes_the_prefect_click() -> None:
    """Fixed by the targeting layer: routes are no Prefect targets, so the label wins."""
    found = 0
    for board_name in ("imperium", "italia"):
        _app, scene = _at(_mine("prefect"), seed=4, board_name=board_name)
        geo = scene.geometry()
        for province, produce in scene.options().produce.items():
            for fp in geo.provinces[province]:
                x, y = (round(fp.centre[0]), round(fp.centre[1]))
                if scene.board.route_at((x, y)) is None:
                    continue  # no route under this label
                found += 1
                assert scene.board_hit((x, y)).choice == produce  # type: ignore[union-attr]
    assert found > 0, "no province label with a route under it"


def test_item2_the_step_cost_badge_of_a_route_is_clickable() -> None:
    def ready(s: GameState) -> bool:
        return _mine("architect")(s) and any(isinstance(a, Move) for a in s.legal_actions())

    app, scene = _at(ready, seed=5)
    (kind, src), moves = next(iter(scene.options().moves.items()))
    scene.selection.colonist = (kind, src)
    scene.rebuild()
    geo = scene.geometry()
    move = moves[0]
    box = geo.badges[(move.kind, move.dst)]
    pos = (round(box.centre[0]), round(box.centre[1]))
    assert scene.board.route_at(pos) != (move.kind, move.dst)  # off the thin line
    send(app, Click(pos))
    assert scene.controller.actions[-1] == str(move)


# ---------------------------------------------------------------------- item 3
def _two_alike(s: GameState) -> bool:
    if s.phase != "card" or s.turn_player != 0:
        return False
    hand = s.hand(0)
    return any(CARD_BY_ID[a].name == CARD_BY_ID[b].name and a != b for a in hand for b in hand)


def test_item3_either_copy_of_a_card_plays_it() -> None:
    """E.g. the starting Diplomat and a bought one: the core lists one action for both."""
    app, scene = _at(_two_alike, seed=2, tries=200, max_steps=4000)
    hand = scene.state.hand(0)
    listed = {str(a).split()[1] for a in scene.options().legal}
    second = next(
        i
        for i, c in enumerate(hand)
        if c not in listed and any(CARD_BY_ID[o].name == CARD_BY_ID[c].name for o in listed)
    )
    rect, card = scene.hand.rects(0)[second]
    expected = scene.state.play_for_card(card)
    assert expected is not None
    card_buttons = [b for b in buttons(app) if b.rect == rect and b.enabled]
    assert card_buttons, "the second copy has no button"
    send(app, Click(rect.center))
    assert scene.controller.actions[-1] == str(expected)
    send(app, HandCard(0))  # nothing: not in the card phase any more
    scene.undo()
    key = hand_keys(hand)[second]  # the second copy shows its twin's key
    assert key < 9 and key == hand_keys(hand)[hand.index(expected.card)]
    send(app, HandCard(key + 1))
    assert scene.controller.actions[-1] == str(expected)


# ---------------------------------------------------------------------- item 4
def test_item4_the_top_bar_names_who_acts_until_the_turn_is_confirmed() -> None:
    app, scene = _at(_card_in_hand("prefect"))
    click_button(app, lambda v: str(v).startswith("play ") and "prefect" in str(v))
    click_button(app, lambda v: str(v) == "cash")
    assert scene.controller.awaiting_confirm
    me = scene.controller.seats[0].name
    other = scene.controller.seats[1].name
    head = scene.top.headline()
    # The human at the screen is addressed ("Your turn"), not named.
    assert head.startswith(t("game.turn_of.you")) and me not in head and other not in head
    assert t("game.turn_done") in scene.status()
    send(app, Confirm())
    assert other in scene.top.headline()


# ---------------------------------------------------------------------- item 5
def test_item5_building_warns_about_unused_points_and_the_prompt_follows() -> None:
    def ready(s: GameState) -> bool:
        return (
            _mine("architect")(s)
            and s.points > 0
            and any(str(a).startswith("build") for a in s.legal_actions())
        )

    app, scene = _at(ready, seed=4, tries=200)
    points = scene.state.points
    warning = t("game.build_ends_move", n=points)
    assert warning in scene.status()
    build = _target(scene, lambda tg: str(tg.choice).startswith("build"))
    box = scene.geometry().badges[build.key]
    pos = (round(box.centre[0]), round(box.centre[1]))
    assert warning in (scene.tooltip(pos) or "")
    send(app, Click(pos))
    assert scene.controller.actions[-1] == str(build.choice)
    if not scene.controller.awaiting_confirm:
        assert t("game.choose_colonist") not in scene.status()
        more = "game.choose_build_more" if scene.options().builds else "game.choose_finish"
        assert t(more) in scene.status()


# ---------------------------------------------------------------------- item 6
def test_item6_trade_amounts_on_other_rows_survive_a_trade() -> None:
    def ready(s: GameState) -> bool:
        if not _mine("mercator")(s):
            return False
        goods = {a.good for a in s.legal_actions() if isinstance(a, Trade)}
        return len(goods) >= 2

    app, scene = _at(ready, seed=3, tries=200)
    trades = scene.options().trades
    a, b = list(trades)[:2]
    da = 1 if any(tr.amount > 0 for tr in trades[a]) else -1
    db = 1 if any(tr.amount > 0 for tr in trades[b]) else -1
    click_button(app, lambda v: v == TradeStep(a, da))
    click_button(app, lambda v: v == TradeStep(b, db))
    click_button(app, lambda v: str(v) == f"trade {a} {da:+d}")
    assert scene.controller.actions[-1] == f"trade {a} {da:+d}"
    legal_b = {tr.amount for tr in scene.options().trades.get(b, [])}
    if db in legal_b:
        assert scene.selection.trades.get(b) == db


def test_a_hinted_trade_stars_its_stepper_only_until_the_amount_is_set() -> None:
    # Found by hand: with the hinted "buys 1 tool" already set (+1), the "+"
    # stayed starred beside "Buy 1 (−5)", asking for a second tool the hint never named.
    from concordia.ui.game.hints import Hint

    def ready(s: GameState) -> bool:
        return _mine("mercator")(s) and any(
            isinstance(a, Trade) and a.amount == 1 for a in s.legal_actions()
        )

    app, scene = _at(ready, seed=3, tries=200)
    buy = next(a for a in scene.state.legal_actions() if isinstance(a, Trade) and a.amount == 1)
    plus = TradeStep(buy.good, 1)
    minus = TradeStep(buy.good, -1)
    scene.hint = Hint(scene.state.step, 0, [buy], done=True)
    scene.rebuild()
    assert [b.value for b in scene.hint_buttons()] == [plus]
    click_button(app, lambda v: v == plus)
    assert scene.selection.trades.get(buy.good) == 1
    assert [b.value for b in scene.hint_buttons()] == [buy]
    if any(tr.amount == 2 for tr in scene.options().trades[buy.good]):
        click_button(app, lambda v: v == plus)  # one too many: the way back is starred
        assert [b.value for b in scene.hint_buttons()] == [minus]
    scene.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_trade_steppers_name_a_step_not_a_trade(lang: str) -> None:
    # Found by hand: with "+2" bricks set, the "+" button's tooltip said "Buy 1
    # brick (−3)" beside the "Buy 2 (−6)" button: two different trades on one row.
    # Only the trade button names the amount; the steppers name one step.
    from concordia.core.data import GOODS, PRICE
    from concordia.ui.strings import set_language, tn

    set_language(lang)
    try:

        def ready(s: GameState) -> bool:
            return _mine("mercator")(s) and any(
                isinstance(a, Trade) and a.amount >= 2 for a in s.legal_actions()
            )

        app, scene = _at(ready, seed=3, tries=200)
        trades = scene.options().trades
        good = next(g for g, trs in trades.items() if any(tr.amount >= 2 for tr in trs))
        price = PRICE[GOODS.index(good)]
        for _ in range(2):
            click_button(app, lambda v: v == TradeStep(good, 1))
        row = [b for b in scene.buttons.buttons if good in str(b.value)]
        amounts = {
            n
            for b in row
            for n in range(1, 6)
            if t("game.trade_buy", n=n, good=tn("good." + good, n), money=n * price) in b.tooltip
        }
        assert amounts == {2}, [b.tooltip for b in row]
    finally:
        set_language("en")


# ---------------------------------------------------------------------- item 7
def test_item7_colonist_prompt_says_why_nothing_lights_and_drops_cash_later() -> None:
    def none_placeable(s: GameState) -> bool:
        return _mine("colonist")(s) and not any(
            str(a).startswith("place") for a in s.legal_actions()
        )

    _app, scene = _at(none_placeable, seed=6, tries=200)
    status = scene.status()
    p = scene.state.players[0]
    why = "game.no_place_reason" if sum(p.store) else "game.no_place_waiting"
    assert t(why) in status
    assert t("game.choose_place") not in status

    def two_placements(s: GameState) -> bool:
        if not _mine("colonist")(s):
            return False
        for a in s.legal_actions():
            if str(a).startswith("place"):
                after = s.apply(a)
                if after.phase == "colonist" and any(
                    str(x).startswith("place") for x in after.legal_actions()
                ):
                    return True
        return False

    _app, scene = _at(two_placements, seed=7, tries=300)
    place = next(a for a in scene.options().legal if str(a).startswith("place"))
    scene.submit(place)
    assert scene.options().cash is None
    assert t("game.or_cash") not in scene.status()


# ---------------------------------------------------------------------- item 8
def test_item8_the_log_says_what_each_player_gained_and_paid() -> None:
    app, scene = _at(_card_in_hand("prefect"))
    click_button(app, lambda v: str(v).startswith("play ") and "prefect" in str(v))
    before = scene.state
    produce = next(iter(scene.options().produce.values()))
    scene.submit(produce)
    after = scene.state
    line = scene.log.lines()[-1][0]
    me = before.players[0]
    gained = [
        (g, after.players[0].goods[i] - me.goods[i])
        for i, g in enumerate(("brick", "food", "tool", "wine", "cloth"))
        if after.players[0].goods[i] != me.goods[i]
    ]
    assert gained
    for good, n in gained:
        assert f"+{n} {tn('good.' + good, n)}" in line, line

    # Cash names its amount.
    def cash_pays(st: GameState) -> bool:
        if not _card_in_hand("prefect")(st):
            return False
        play = next(a for a in st.legal_actions() if "prefect" in str(a))
        after = st.apply(play)
        cash = next((a for a in after.legal_actions() if str(a) == "cash"), None)
        return cash is not None and after.cost(cash).money < 0

    app, scene = _at(cash_pays, seed=5, tries=200)
    click_button(app, lambda v: str(v).startswith("play ") and "prefect" in str(v))
    money = scene.state.players[0].money
    scene.submit(scene.options().cash)  # type: ignore[arg-type]
    gain = scene.state.players[0].money - money
    assert scene.log.lines()[-1][0].endswith(": +" + tn("game.money", gain))


def test_item8_long_log_lines_wrap_and_hover_lights_the_board() -> None:
    app, scene = _at(lambda s: len(s.players[0].hand) > 0 and s.step > 60, seed=3)
    scene.log.opened |= set(scene.log.folded())  # other seats' turns opened
    rows = scene.log.rows()
    assert rows and not any(text.endswith("…") for text, *_ in rows)
    font = app.fonts.get(12)
    width = scene.log._text_width()
    long = [i for i, (text, _s, _m) in enumerate(scene.log.lines()) if font.size(text)[0] > width]
    assert long, "no log line wider than the log in this game"
    for entry in long:
        assert sum(1 for r in rows if r[3] == entry) >= 2
    # Hover over the newest entry naming a place lights it on the board.
    for pos, index in scene.log.entry_positions():
        keys = scene.log.keys_of(index)
        if keys:
            send(app, Hover(pos))
            lit = scene.highlights()
            assert all(k in lit for k in keys)
            break
    else:
        raise AssertionError("no visible log entry names a place")


# ---------------------------------------------------------------------- item 9
def test_item9_the_end_of_the_game_is_announced_and_final_turns_marked() -> None:
    def triggered(s: GameState) -> bool:
        return s.concordia is not None and not s.is_terminal() and s.final_turns > 1

    _app, scene = _at(triggered, seed=2, kinds=["human", "easy", "easy"], max_steps=6000)
    ender = scene.controller.seats[scene.state.concordia or 0].name
    note = scene.top.end_note()
    assert ender in note
    marks = scene.players.final_turn_marks()
    state = scene.state
    assert not marks[state.concordia or 0]
    assert sum(marks) == state.final_turns - (1 if state.turn_player == state.concordia else 0)
    over = find_actions(["human", "easy"], 2, lambda s: s.is_terminal(), max_steps=6000)
    _app, scene = game_scene(["human", "easy"], 2, over)
    winner = scene.controller.seats[scene.state.outcome().ranking[0]].name
    assert winner in scene.top.headline()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_note_says_how_the_holder_ended_the_game(lang: str) -> None:
    # Found by hand (Italia): Marcus built his 15th house; in the last round the
    # player bought the display's last card, and the note turned into "Marcus bought
    # the last card". It read how from the display, not from the holder's houses.
    def by_houses(s: GameState) -> bool:
        return (
            s.concordia is not None
            and s.players[s.concordia].houses_left == 0
            and not s.is_terminal()
        )

    set_language(lang)
    try:
        _app, scene = _at(by_houses, seed=2, kinds=["human", "easy"], max_steps=8000, tries=80)
        state = scene.state
        name = scene.controller.seats[state.concordia or 0].name
        assert scene.top.end_note().startswith(t("game.end_by_houses", name=name))
        sold = state.copy()  # the same end, the display bought out in the last round
        sold.deck = type(sold.deck)()
        sold.display = [None] * len(sold.display)
        assert all(card is None for card in sold.display_ids())
        show_state(scene, sold)
        assert scene.top.end_note().startswith(t("game.end_by_houses", name=name))
        scene.close()
        by_cards = _at(
            lambda s: (
                s.concordia is not None
                and s.players[s.concordia].houses_left > 0
                and not s.is_terminal()
            ),
            seed=2,
            kinds=["human", "easy", "easy"],
            max_steps=8000,
        )[1]
        name = by_cards.controller.seats[by_cards.state.concordia or 0].name
        assert by_cards.top.end_note().startswith(t("game.end_by_cards", name=name))
        by_cards.close()
    finally:
        set_language("en")


# ---------------------------------------------------------------------- item 10
def test_item10_the_hint_shows_the_whole_play() -> None:
    """The hint follows the adviser to the end of its card: every step is lit on the
    board (numbered) and said in words; following the first step keeps the rest."""

    def ready(s: GameState) -> bool:
        return _card_in_hand("architect")(s) and s.players[0].money >= 0

    _app, scene = _at(ready, seed=4)
    # A fake adviser: the first legal move after the play, then finish.
    state = scene.state
    play = next(a for a in state.legal_actions() if str(a).startswith("play architect"))
    scene.request_hint()
    hint = scene.hint
    assert hint is not None and hint.pending is state
    from concordia.ai.worker import AIResult, Purpose

    scene.ai.cancel()
    pending = state
    chosen = [play]
    scene.take_reply(AIResult(scene.game_id, pending.step, play, purpose=Purpose.HINT))
    while scene.hint is not None and scene.hint.pending is not None:
        pending = scene.hint.pending
        legal = pending.legal_actions()
        nxt = next((a for a in legal if isinstance(a, Move)), legal[-1])
        chosen.append(nxt)
        scene.take_reply(AIResult(scene.game_id, pending.step, nxt, purpose=Purpose.HINT))
    assert scene.hint is not None and scene.hint.done
    assert scene.hint.actions == chosen and len(chosen) >= 3
    lit = scene.highlights()
    moves = [a for a in chosen if isinstance(a, Move)]
    assert moves and all(lit[(m.kind, m.dst)].startswith("★") for m in moves)
    # Said to the player: no name, each step in the second person.
    assert scene.controller.seats[0].name not in scene.hint.text
    lines = scene.hint.text.split(" · ")
    assert lines[0] == _told(describe(scene, chosen[0], 0, viewer=0), first=True)
    for a in chosen[1:]:
        assert _told(describe(scene, a, 0, viewer=0)) in scene.hint.text
    assert scene.message == top_copy(scene, scene.hint)
    scene.submit(play)  # following the first step keeps the rest of the play
    assert scene.hint is not None and scene.hint.actions == chosen[1:]
    assert scene.current_hint is not None


def _told(text: str, first: bool = False) -> str:
    """A line of the hint as said to the player: the sentence in the second person
    without the pronoun English drops ("Build in Verona"), the first one after "Hint:"
    in lower case."""
    bare = text.removeprefix(t("game.hint_you"))
    return (bare[:1].lower() if first else bare[:1].upper()) + bare[1:]


def _italia_architect_hint() -> tuple[Any, GameScene, list[Any]]:
    # A hand-played position (Italia, seed 11) with its hint set: a
    # three-move, two-build Architect (five board steps).
    from pathlib import Path

    from concordia.core import parse_action
    from concordia.ui.game.hints import Hint

    moves = (Path(__file__).parent / "data" / "italia_seed11_architect.txt").read_text()
    app, scene = game_scene(["human", "easy"], 11, moves.splitlines()[:-1], board_name="italia")
    scene.update(0.0)
    state = scene.state
    plan = [
        "play II_architect",
        "move land comum-mutina mutina-verona",
        "move land casinum-hadria ancona-hadria",
        "move land luceria-potentia croton-messana",
        "build verona",
        "build mutina",
        "finish",
    ]
    actions = []
    for text in plan:
        actions.append(parse_action(text, state))
        state = state.apply(actions[-1])
    scene.hint = Hint(scene.state.step, 0, actions, done=True)
    scene.hint.text = scene.hint.describe(scene)
    return app, scene, actions


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_long_hint_names_the_player_once_and_builds_on_one_line(lang: str) -> None:
    # Found by hand (Italia, seed 11, the hand-played game's position): the hint for a
    # three-move Architect named the player on every line and the box cut its second
    # build with "…". Now: the player addressed (never named), the builds on one line,
    # the closing Finish left out, and every line with board steps starts with their
    # stars as numbered on the board.
    try:
        _app, scene, actions = _italia_architect_hint()
        set_language(lang)  # after the app, which sets the language of its settings
        assert scene.hint is not None
        scene.hint.text = scene.hint.describe(scene)
        lines = scene.hint.text.split(" · ")
        name = scene.controller.seats[0].name
        # The player at the screen is addressed, never named.
        assert lines[0] == _told(describe(scene, actions[0], 0, viewer=0), first=True)
        assert [line.count(name) for line in lines] == [0, 0, 0, 0, 0]
        for i, move in enumerate(actions[1:4], start=1):
            assert lines[i] == f"★{i} " + _told(describe(scene, move, 0, viewer=0))
        cities = t("game.list_and", rest="Verona", last="Mutina")
        built = _told(person("log.build", True, name=name, city=cities))
        assert lines[4] == "★4 ★5 " + built
        said = {"en": "Build in Verona and Mutina", "it": "Costruisci a Verona e Mutina"}
        assert lines[4] == "★4 ★5 " + said[lang]
        lit = scene.highlights()
        assert lit["verona"].startswith("★4") and lit["mutina"].startswith("★5")
        scene.close()
    finally:
        set_language("en")


# ---------------------------------------------------------------------- item 11
def test_item11_your_own_moves_are_animated() -> None:
    from dataclasses import replace

    from concordia.ui.render.anim import MoveTween

    def ready(s: GameState) -> bool:
        return _mine("architect")(s) and any(isinstance(a, Move) for a in s.legal_actions())

    app, scene = _at(ready, seed=5)
    app.settings = replace(app.settings, animation_speed="normal")
    (kind, src), moves = next(iter(scene.options().moves.items()))
    scene.selection.colonist = (kind, src)
    scene.rebuild()
    box = scene.geometry().badges[(moves[0].kind, moves[0].dst)]
    send(app, Click((round(box.centre[0]), round(box.centre[1]))))
    assert scene.controller.actions[-1] == str(moves[0])
    assert any(isinstance(tw, MoveTween) for tw in scene.tweens)
    assert scene.animating
    draw(app)


# ---------------------------------------------------------------------- item 12
def test_item12_every_way_to_pay_an_any_good_has_a_button() -> None:
    def several(s: GameState) -> bool:
        if not (s.phase in ("senator", "consul") and s.current_player == 0):
            return False
        by_card: dict[str, int] = {}
        for a in s.legal_actions():
            if str(a).startswith("buy"):
                card = str(a).split()[1]
                by_card[card] = by_card.get(card, 0) + 1
        return any(n >= 3 for n in by_card.values())

    app, scene = _at(several, seed=3, kinds=["human", "easy", "easy"], tries=300)
    buys = scene.options().buys
    card = next(c for c, b in buys.items() if len(b) >= 3)
    click_button(app, lambda v: v == PayFor(card))
    values = {str(b.value) for b in buttons(app) if b.enabled}
    for buy in buys[card]:
        assert str(buy) in values
    # Found by hand: the prompt was "Pay with which goods?", which named neither
    # the card nor that only the "any good" symbols are chosen here. It says both, in
    # the hint's words ("paying food as the extra good").
    extra = len(buys[card][0].choice)
    prompt = scene.top.status()
    assert prompt == tn("game.choose_goods", extra, card=card_name(card))
    assert card_name(card) in prompt and "extra good" in prompt


# ---------------------------------------------------------------------- item 13
def _reorders(s: GameState) -> Move | None:
    """A move after which the core lists the colonists in another order, if any."""
    if not _mine("architect")(s):
        return None
    before = list(dict.fromkeys((a.kind, a.src) for a in s.legal_actions() if isinstance(a, Move)))
    for a in s.legal_actions():
        if not isinstance(a, Move):
            continue
        after = s.apply(a)
        keys = list(
            dict.fromkeys((m.kind, m.src) for m in after.legal_actions() if isinstance(m, Move))
        )
        followed = [(k, a.dst) if (k, w) == (a.kind, a.src) else (k, w) for k, w in before]
        reordered = keys != [x for x in followed if x in keys]
        if len(keys) >= 2 and set(keys) <= set(followed) and reordered:
            return a
    return None


def test_item13_colonist_buttons_keep_their_order_after_a_move() -> None:
    app, scene = _at(lambda s: _reorders(s) is not None, seed=5, tries=300, max_steps=4000)

    def order() -> list[tuple[str, str]]:
        return [
            (b.value.kind, b.value.src)
            for b in sorted(buttons(app), key=lambda b: b.rect.x)
            if isinstance(b.value, SelectColonist)
        ]

    first = order()
    move = _reorders(scene.state)
    assert move is not None
    scene.submit(move)
    now = order()
    followed = [(k, move.dst) if (k, w) == (move.kind, move.src) else (k, w) for k, w in first]
    assert len(now) >= 2
    assert now == [x for x in followed if x in now]


# ---------------------------------------------------------------------- item 14
def test_item14_scores_final_title_disabled_tooltips_and_hand_tooltips() -> None:
    from concordia.ui.scenes.scores import ScoresScene
    from concordia.ui.widgets import Button, ButtonRow

    over = find_actions(["human", "easy"], 2, lambda s: s.is_terminal(), max_steps=6000)
    app, scene = game_scene(["human", "easy"], 2, over)
    scores = ScoresScene(app, scene.controller, final=False)
    assert scores.heading() == t("scores.final")
    row = ButtonRow()
    row.add(Button(pygame.Rect(0, 0, 50, 20), "x", None, "tip", enabled=False))
    assert not row.tooltip((5, 5))
    app2, scene2 = _at(_card_in_hand("prefect"))
    rect, _card = scene2.hand.rects(0)[0]
    from concordia.ui.widgets import tooltip_rect

    tip = scene2.tooltip(rect.center) or ""
    assert tip
    box = tooltip_rect(app2.fonts, tip, rect.center, app2.size, scene2.tooltip_avoid(rect.center))
    assert not box.colliderect(rect)


# ---------------------------------------------------------------------- item 15
def test_item15_plurals_in_both_languages() -> None:
    from concordia.ui.strings import tn

    try:
        for lang in ("en", "it"):
            set_language(lang)
            one, two = tn("game.money", 1), tn("game.money", 2)
            assert one != two.replace("2", "1")
            one, two = tn("game.step_cost", 1), tn("game.step_cost", 2)
            assert one != two.replace("2", "1")
        set_language("it")
        assert tn("good.brick", 2) == "mattoni"
        assert tn("game.money", 1) == "1 sesterzio"
        assert tn("game.step_cost", 1) == "1 passo"
        set_language("en")
        assert tn("game.money", 1) == "1 sestertius"
        assert tn("game.step_cost", 1) == "1 step"
    finally:
        set_language("en")


def test_item15_handover_has_no_echo_tooltip_and_the_name_comes_from_settings() -> None:
    from concordia.settings import Settings
    from concordia.ui.scenes.handover import HandoverScene
    from concordia.ui.scenes.menu import default_seats

    app, scene = game_scene(["human", "human"], 3)
    scene.update(0.0)
    top = app.stack.top
    assert isinstance(top, HandoverScene)
    assert not top.tooltip((300, 300))
    seats = default_seats(("human", "normal"), player_name="Livia")
    assert seats[0].name == "Livia"
    assert Settings(player_name="Livia").player_name == "Livia"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_senator_after_the_last_card_says_none_is_left(language: str) -> None:
    # Found in a whole game by hand under Xvfb: buying the last card of the display
    # left the prompt "You cannot pay for any card of the display", with none there.
    set_language(language)
    try:
        _app, scene = game_scene(["human", "human"], 3)
        state = scene.state.copy()
        state.apply_in_place(next(a for a in state.legal_actions() if str(a) == "play senator"))
        with_cards = state.copy()
        state.display = [None] * len(state.display)
        assert not any(str(a).startswith("buy") for a in state.legal_actions())
        show_state(scene, state)
        assert scene.status() == t("game.no_card_left")
        # Cards there that the player cannot pay for still say so.
        with_cards.players[0].goods = [0] * len(with_cards.players[0].goods)
        assert not any(str(a).startswith("buy") for a in with_cards.legal_actions())
        show_state(scene, with_cards)
        assert scene.status() == t("game.no_buy")
        scene.close()
    finally:
        set_language("en")


def test_the_hint_star_leaves_the_button_label_alone() -> None:
    # Found by hand: the star drawn inside the top-right corner of a hinted button
    # hid the end of a label that fills it ("Take cash: 8 sestertii"). The ring and
    # its star stay outside the button: its inside looks the same with and without.
    from pathlib import Path

    from concordia.core import Finish
    from concordia.ui.game.hints import Hint

    moves = (Path(__file__).parent / "data" / "italia_seed11_architect.txt").read_text()
    app, scene = game_scene(["human", "easy"], 11, moves.splitlines(), board_name="italia")
    scene.update(0.0)
    finish = next(a for a in scene.state.legal_actions() if isinstance(a, Finish))

    def inside() -> bytes:
        draw(app)
        assert app.screen is not None
        (button,) = [b for b in scene.buttons.buttons if b.value == finish]
        label = button.rect.inflate(-4, -12)  # the label's band, clear of rounded corners
        return pygame.image.tobytes(app.screen.subsurface(label), "RGB")

    scene.hint = Hint(scene.state.step, 0, [finish], done=True)
    scene.rebuild()
    assert [b.value for b in scene.hint_buttons()] == [finish]
    ringed = inside()
    scene.hint_buttons = lambda: []  # type: ignore[method-assign]  # the same frame, no ring
    assert inside() == ringed
    scene.close()


def test_a_tooltip_beside_a_card_leaves_the_hint_words_alone() -> None:
    # Found by hand: the tooltip of a display card (left column) went beside the
    # card, onto the hint's words at the top of the board, and stayed there while the
    # pointer rested. Beside the card it now takes a height that leaves them clear.
    from concordia.ui.widgets import tooltip_rect

    app, scene = game_scene(["human", "easy"], 3)
    fonts = app.fonts
    card = pygame.Rect(8, 44, 162, 96)  # a display card at the top of the column
    words = pygame.Rect(188, 48, 520, 150)  # the hint box beside it
    tip = "Farmer (Minerva): produce grain in every city of one province, " * 3
    pos = (90, 90)
    old = tooltip_rect(fonts, tip, pos, (1280, 720), card)
    assert old.colliderect(words)  # what the game did: beside the card, on the words
    got = tooltip_rect(fonts, tip, pos, (1280, 720), card, [words])
    assert not got.colliderect(words) and not got.colliderect(card)
    assert got.width == old.width and got.height == old.height
    assert pygame.Rect(0, 0, 1280, 720).contains(got)
    scene.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_hint_words_do_not_cover_the_steps_they_star(size: tuple[int, int]) -> None:
    # Found by hand: the hint's words sat at the top left of the board over the
    # north, where a long hint covered the stars it numbered. The box now takes the
    # corner of the board that covers the fewest of them (top left when none is).
    from concordia.core import Produce
    from concordia.ui import theme
    from concordia.ui.game.hints import Hint, hint_box

    app, scene = game_scene(["human", "easy"], 1, size=size)
    scene.update(0.0)
    state = scene.state
    play = next(a for a in state.legal_actions() if str(a) == "play prefect")
    board = scene.lay.board
    for province, moved in (("britannia", True), ("mauretania", False)):
        produce = next(a for a in state.apply(play).legal_actions() if a == Produce(province))
        scene.hint = Hint(state.step, 0, [play, produce], done=True)
        scene.hint.text = " · ".join([scene.hint.describe(scene)] + ["a long reason"] * 7)
        placed = hint_box(scene)
        assert placed is not None
        box, lines = placed
        assert len(lines) == 9 and board.contains(box)  # every line: it has the room
        badge = scene.geometry().badges[province]
        star = pygame.Rect(badge.x, badge.y, badge.w, badge.h)
        top_left = pygame.Rect(board.x + scene.px(8), board.y + scene.px(8), box.w, box.h)
        assert top_left.colliderect(star) == moved  # where the words used to go
        assert not box.colliderect(star)
        assert (box.topleft == top_left.topleft) != moved
        assert scene.tooltip_keep_clear()[0] == box
        draw(app)  # the box is drawn where it was placed: its frame
        assert app.screen is not None
        assert app.screen.get_at((box.centerx, box.top))[:3] == theme.HILITE
    scene.hint = None
    assert box not in scene.tooltip_keep_clear()
    scene.close()


@pytest.mark.parametrize(("board_name", "seed"), [("italia", 11), ("imperium", 1)])
def test_a_hinted_province_keeps_its_name_in_sight(board_name: str, seed: int) -> None:
    # Found by hand (Italia): the hint "produces in Lucania" put its star on
    # LVCANIA's name, the spot above it holding a city; Corsica and Asia did the same.
    # The star goes round the name and bonus marker of the province it points at.
    from concordia.core import Produce
    from concordia.ui.game.hints import Hint
    from concordia.ui.render import board_labels

    _app, scene = game_scene(["human", "easy"], seed, board_name=board_name, size=(1280, 720))
    scene.update(0.0)
    state = scene.state
    play = next(a for a in state.legal_actions() if str(a) == "play prefect")
    produces = [a for a in state.apply(play).legal_actions() if isinstance(a, Produce)]
    assert len(produces) > 8
    assert scene.board.renderer is not None
    labels = board_labels.label_rects(scene.board.renderer)
    covered = []
    for produce in produces:
        scene.hint = Hint(state.step, 0, [play, produce], done=True)
        scene.rebuild()
        b = scene.geometry().badges[produce.province]
        if pygame.Rect(b.x, b.y, b.w, b.h).colliderect(labels[produce.province]):
            covered.append(produce.province)
    assert covered == []
    scene.close()


@pytest.mark.parametrize(
    ("board_name", "seed", "size"),
    [
        ("italia", 11, (1280, 720)),
        ("imperium", 21, (1600, 900)),
        ("imperium", 1, (1280, 720)),
        ("imperium", 21, (1280, 720)),
        ("italia", 21, (1600, 900)),
    ],
)
def test_a_hinted_province_hides_no_city_name(
    board_name: str, seed: int, size: tuple[int, int]
) -> None:
    # Found by hand (Imperium, 1600x900): the hint "produces in Italia" put its
    # star on AQVILEIA's name (the spot above the province's name). A province's star
    # takes a spot that hides no city's name.
    from concordia.core import Produce
    from concordia.ui.game.hints import Hint

    _app, scene = game_scene(["human", "easy"], seed, board_name=board_name, size=size)
    scene.update(0.0)
    state = scene.state
    play = next(a for a in state.legal_actions() if str(a) == "play prefect")
    produces = [a for a in state.apply(play).legal_actions() if isinstance(a, Produce)]
    assert len(produces) > 8
    names = {slug: pygame.Rect(*_box(c[1])) for slug, c in scene.geometry().cities.items()}
    covered = []
    for produce in produces:
        scene.hint = Hint(state.step, 0, [play, produce], done=True)
        scene.rebuild()
        b = scene.geometry().badges[produce.province]
        hit = pygame.Rect(b.x, b.y, b.w, b.h).collidelistall(list(names.values()))
        covered += [(produce.province, list(names)[i]) for i in hit]
    assert covered == []
    scene.close()


def _box(b: Any) -> tuple[float, float, float, float]:
    return (b.x, b.y, b.w, b.h)


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720), (1024, 640)])
def test_the_hand_names_its_player_beside_a_hinted_first_card(size: tuple[int, int]) -> None:
    # Found by hand (pass and play, 1600x900): the hint's star on the first card
    # of the hand sat on the end of "Hand — Player 2", the name saying whose hand it is.
    from concordia.core import PlayCard
    from concordia.ui.game import hints
    from concordia.ui.game.hints import Hint

    _app, scene = game_scene(["human", "human", "easy"], 21, size=size)
    scene.update(0.0)
    seat = scene.viewer()
    assert seat is not None
    first = scene.state.hand(seat)[0]
    play = next(a for a in scene.state.legal_actions() if a == PlayCard(first))
    scene.hint = Hint(scene.state.step, seat, [play], done=True)
    scene.rebuild()
    starred = scene.hint_buttons()
    assert [b.value for b in starred] == [play]
    label = scene.hand.label_rect(seat)
    for b in starred:
        (cx, cy), r = hints.star_disc(scene, b.rect)
        assert not label.colliderect(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r))
    assert scene.lay.hand.contains(label)
    scene.close()


def test_a_hinted_build_out_of_order_keeps_the_rest_of_the_hint() -> None:
    # Found by hand: the hint "builds in Carthago and Massilia"; the player built
    # Massilia first and the hint was gone, Carthago's star with it. A step of the plan
    # taken out of order keeps the rest while the rest is still legal; a play off the
    # plan still drops the hint.
    from concordia.core import Build
    from concordia.ui.game.hints import Hint
    from concordia.ui.targeting import action_target

    _app, scene = game_scene(["human", "easy"], 21)
    scene.update(0.0)
    play = next(a for a in scene.state.legal_actions() if str(a) == "play architect")
    scene.submit(play)
    s = scene.state
    for move in (m for m in s.legal_actions() if isinstance(m, Move)):
        after = s.apply(move)
        builds = [b for b in after.legal_actions() if isinstance(b, Build)]
        pairs = [
            (a, b) for a in builds for b in builds if a != b and b in after.apply(a).legal_actions()
        ]
        if pairs:
            break
    else:
        pytest.fail("no Architect move on this deal leads to two builds")
    first, second = pairs[0]
    scene.submit(move)
    scene.hint = Hint(scene.state.step, 0, [first, second], done=True)
    scene.submit(second)
    hint = scene.hint
    assert hint is not None and hint.actions == [first]
    key = action_target(first)
    assert key is not None and scene.highlights()[key].startswith("★")
    scene.hint = Hint(scene.state.step, 0, [first], done=True)
    finish = next(a for a in scene.state.legal_actions() if str(a) == "finish")
    scene.submit(finish)
    assert scene.hint is None
    scene.close()


@pytest.mark.parametrize(
    ("board_name", "size"),
    [
        ("imperium", (1280, 720)),
        ("imperium", (1600, 900)),
        ("italia", (1600, 900)),
        ("italia", (1920, 1080)),
    ],
)
def test_a_city_star_hides_no_province_or_city_name(board_name: str, size: tuple[int, int]) -> None:
    # Found by hand (Imperium, 1600x900): Alexandria's build star sat on AEGYPTVS.
    # A city's star takes a spot beside it that hides no province's name or marker and
    # no other city's name; at these sizes every city of both boards has one (at
    # 1024x640 a few cramped ones do not: docs/ui-targeting.md).
    from concordia.ui.render import board_highlights, board_labels

    app, scene = game_scene(["human", "easy"], 21, board_name=board_name, size=size)
    scene.update(0.0)
    draw(app)
    view = scene.board.renderer
    assert view is not None
    marks = board_labels.label_rects(view)
    names = {slug: board_labels.city_name_rect(view, slug) for slug in view.cities}
    covered = []
    for slug in view.cities:
        box, _img = board_highlights.badge_layout(view, [("city", slug, "★2 hint")])[("city", slug)]
        covered += [(slug, k) for k, r in marks.items() if box.colliderect(r)]
        covered += [(slug, k) for k, r in names.items() if k != slug and box.colliderect(r)]
    assert covered == []
    scene.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_click_on_a_card_the_player_cannot_pay_for_says_its_price(lang: str) -> None:
    # Found by hand (Senator, pass and play): a click on a display card the
    # player could not pay for did nothing and said nothing. It names the card's price
    # (from the core: printed goods and, for a Senator, its slot's), and a card the
    # player can pay for is still bought by its click.
    set_language(lang)
    try:
        app, scene = game_scene(["human", "easy"], 21)
        scene.update(0.0)
        play = next(a for a in scene.state.legal_actions() if str(a) == "play senator")
        scene.submit(play)
        draw(app)
        state = scene.state
        buys = scene.options().buys
        ids = state.display_ids()
        rects = scene.display.rects()
        poor = [i for i, c in enumerate(ids) if c is not None and c not in buys]
        assert poor, "every card is affordable on this deal"
        slot = poor[-1]
        card = ids[slot]
        assert card is not None
        send(app, Click(rects[slot].center))
        assert scene.state is state  # nothing was bought
        message = scene.message or ""
        assert t("game.cannot_buy", name=card_name(card), goods="")[:-1] in message
        assert tn("good." + CARD_BY_ID[card].cost[0], 1) in message
        if "any" in state.card_price(slot):
            assert tn("game.price_any", 1) in message
        rich = next(i for i, c in enumerate(ids) if c in buys)
        scene.message = None
        send(app, Click(rects[rich].center))
        assert scene.message is None or card_name(card) not in scene.message
        assert scene.state is not state or scene.selection.buy_card == ids[rich]
        scene.close()
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_final_scores_come_when_the_last_turn_is_ended(lang: str) -> None:
    # Found by hand (pass and play to the end, 317 actions): the final scores
    # screen opened at the last "finish", before End turn; closed, it left the board
    # with End turn and Undo, and after an Undo and the same finish it never opened
    # again. The last turn ends like any other: End turn (or Undo); then the scores.
    from pathlib import Path

    from concordia.ui.scenes.scores import ScoresScene

    set_language(lang)
    try:
        moves = (Path(__file__).parent / "data" / "imperium_seed21_pass_and_play.txt").read_text()
        app, scene = game_scene(["human", "human", "easy"], 21, moves.splitlines()[:-1])
        scene.update(0.0)
        send(app, Confirm())  # the hand-over to the player of the last turn
        assert app.stack.top is scene
        finish = next(a for a in scene.state.legal_actions() if str(a) == "finish")
        scene.submit(finish)
        for _ in range(3):
            scene.update(0.1)
        assert scene.state.is_terminal()
        assert app.stack.top is scene  # no scores yet: the turn is not ended
        assert scene.top.status() == t("game.over_confirm")
        scene.undo()
        assert not scene.state.is_terminal()
        scene.submit(finish)
        scene.update(0.1)
        assert app.stack.top is scene
        scene.confirm_turn()
        scene.update(0.1)
        assert isinstance(app.stack.top, ScoresScene)
        scene.close()
    finally:
        set_language("en")


def test_the_mercator_panel_hides_the_board_tooltips_under_it() -> None:
    # Found by hand: after a trade the pointer rested on the panel's emptied
    # trade button and the tooltip told the city under the panel ("Antiochia: cloth").
    # Over the panel, only its own buttons have tooltips.
    _app, scene = _at(_mine("mercator"), seed=3, tries=200)
    assert scene.trade.is_open()
    panel = scene.trade.rect()
    on_buttons = [b.rect for b in scene.buttons.buttons if panel.colliderect(b.rect)]
    spots = [
        (x, y)
        for x in range(panel.left + 2, panel.right - 2, 12)
        for y in range(panel.top + 2, panel.bottom - 2, 12)
        if not any(r.collidepoint((x, y)) for r in on_buttons)
    ]
    under = [p for p in spots if tooltips.board_tooltip(scene, p) is not None]
    assert under  # the board under the panel has things to tell
    assert all(scene.tooltip(p) is None for p in under)
    from concordia.core import Finish

    scene.submit(next(a for a in scene.state.legal_actions() if isinstance(a, Finish)))
    assert not scene.trade.is_open()  # the card is done: the board tells again
    assert [scene.tooltip(p) for p in under] == [tooltips.board_tooltip(scene, p) for p in under]
    assert any(scene.tooltip(p) for p in under)
    scene.close()


def test_a_hand_card_tooltip_leaves_the_bar_choices_alone() -> None:
    # Found by hand: after playing the Diplomat the pointer rested on the next
    # hand card, whose tooltip (above the card) hid the bar's "copy Livia's Architect".
    from concordia.ui.widgets import tooltip_rect

    app, scene = _at(_mine("diplomat"), seed=3, tries=200)
    assert app.screen is not None
    size = app.screen.get_size()
    shown = scene.buttons.buttons
    bar = [b.rect for b in shown if b.enabled and scene.lay.actions.contains(b.rect)]
    assert bar
    cards = [r for r, _ in scene.hand.rects(0)]
    assert cards
    covered_before = 0
    for card in cards:
        pos = card.center
        tip = scene.tooltip(pos)
        assert tip
        avoid = scene.tooltip_avoid(pos)
        old = tooltip_rect(app.fonts, tip, pos, size, avoid)
        covered_before += any(old.colliderect(r) for r in bar)
        got = tooltip_rect(app.fonts, tip, pos, size, avoid, scene.tooltip_keep_clear())
        assert not any(got.colliderect(r) for r in bar)
        assert avoid is not None and not got.colliderect(avoid)
    assert covered_before  # what the game did
    scene.close()


def test_a_board_tooltip_leaves_the_hint_stars_alone() -> None:
    # Found by hand: on the last turn the tooltip of the route under the pointer
    # ("sea route Alexandria – Athenae") covered the starred city next to it, the next
    # step of the hint. Over the whole board, no tooltip now covers a star.

    from concordia.ui.game.hints import starred_boxes
    from concordia.ui.widgets import tooltip_rect

    app, scene, _actions = _italia_architect_hint()
    assert scene.hint is not None
    stars = [
        pygame.Rect(round(b.x), round(b.y), round(b.w), round(b.h))
        for b in starred_boxes(scene, scene.hint)
    ]
    assert len(stars) >= 5
    assert app.screen is not None
    size = app.screen.get_size()
    board = scene.lay.board
    before = after = 0
    for x in range(board.left + 5, board.right, 15):
        for y in range(board.top + 5, board.bottom, 15):
            tip = scene.tooltip((x, y))
            if not tip or any(s.collidepoint((x, y)) for s in stars):
                continue
            avoid = scene.tooltip_avoid((x, y))
            old = tooltip_rect(app.fonts, tip, (x, y), size, avoid)
            new = tooltip_rect(app.fonts, tip, (x, y), size, avoid, scene.tooltip_keep_clear())
            before += any(old.colliderect(s) for s in stars)
            after += any(new.colliderect(s) for s in stars)
    assert before > 0  # what the game did
    assert after == 0
    scene.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_hint_counts_a_good_thrown_away_twice(lang: str) -> None:
    # Found by hand: a Farmer hint read "plays Farmer · throws away food · throws
    # away food". The same good thrown away twice in a row is one line with its count.
    from concordia.core import Action, Discard, PlayCard
    from concordia.ui.game.hints import play_words

    try:
        _app, scene = game_scene(["human", "easy"], 3)
        set_language(lang)  # after the app, which sets the language of its settings
        play = PlayCard(scene.state.hand(0)[0])
        steps: list[Action] = [play, Discard("food"), Discard("food"), Discard("brick")]
        lines = play_words(scene, steps, 0)
        two = tn("good.food", 2)
        assert lines[1] == _told(t("log.discard_n.you", n=2, goods=two))
        assert lines[2] == _told(t("log.discard.you", good=t("good.brick")))
        assert lines[1] == {"en": "Throw away 2 food", "it": f"Scarti 2 {two}"}[lang]
        assert len(lines) == 3
        scene.close()
    finally:
        set_language("en")


def test_a_click_hides_the_tooltip_until_the_pointer_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by hand: after a hand card was played the pointer rested where it was,
    # now over the next card, and that card's tooltip popped up over the bar. A click
    # hides the tooltip until the pointer moves again.
    import concordia.ui.app as app_module

    shown: list[str] = []
    monkeypatch.setattr(app_module, "draw_tooltip", lambda _s, _f, tip, *_a: shown.append(tip))
    app, scene = game_scene(["human", "easy"], 3)
    scene.update(0.0)
    card = next(r for r, _ in scene.hand.rects(0))
    pos = card.center
    assert app.screen is not None

    def tips_after(intent: object) -> int:
        shown.clear()
        app.dispatch(intent)  # type: ignore[arg-type]
        app.draw(app.screen)  # type: ignore[arg-type]
        return len(shown)

    assert tips_after(Hover(pos)) == 1
    assert tips_after(Click((pos[0], pos[1]), button=3)) == 0  # any click
    assert tips_after(Hover(pos)) == 0  # the pointer has not moved
    assert tips_after(Hover((pos[0] + 2, pos[1]))) == 1
    scene.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_route_tooltip_says_the_move_once_with_its_steps(lang: str) -> None:
    # Found by hand: over a lit route the tooltip read "Click: Player 1 moves a
    # land colonist to Aquileia – Ravenna. land route Aquileia – Ravenna. Move here: 1
    # step": the route twice. The move is said once, with its steps.
    from concordia.ui.targeting import anchor

    set_language(lang)
    try:
        app, scene = _at(_mine("architect"), seed=3, tries=200)
        click_button(app, lambda v: isinstance(v, SelectColonist))
        assert scene.selection.colonist is not None
        geometry = scene.geometry()
        checked = 0
        for target in scene.targeting().targets():
            if not isinstance(target.choice, Move):
                continue
            point = anchor(geometry, target)
            assert point is not None
            pos = (round(point[0]), round(point[1]))
            hit = scene.board_hit(pos)
            if hit is None or hit.choice != target.choice:
                continue
            tip = tooltips.board_tooltip(scene, pos)
            assert tip is not None
            route = scene.place_name(target.choice.dst)
            assert tip.count(route) == 1, tip
            assert tn("game.tip.steps", scene.state.cost(target.choice).points) in tip, tip
            checked += 1
        assert checked >= 2
        scene.close()
    finally:
        set_language("en")


def _refused_city(s: GameState) -> str | None:
    """A city next to seat 0's colonists where its Architect cannot pay for a house."""
    if not _mine("architect")(s):
        return None
    builds = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("build ")}
    for city in s.cities_next_to(0):
        if s.city_good(city) is not None and 0 not in s.houses_in(city) and city not in builds:
            return city
    return None


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_click_on_a_city_too_dear_to_build_says_so_and_moves_nothing(lang: str) -> None:
    # Found by hand (2p Italia): a colonist beside Ravenna, no food for the
    # house; a click on Ravenna moved the colonist onto a route next to it. A click
    # inside such a city's disc now says why no house is built and changes nothing.
    set_language(lang)
    try:
        app, scene = _at(lambda s: _refused_city(s) is not None, seed=3, tries=300)
        state = scene.state
        city = _refused_city(state)
        assert city is not None
        disc = scene.geometry().cities[city][0]
        pos = (round(disc.centre[0]), round(disc.centre[1]))
        goods, coins = state.house_price(city)
        words = t("game.cannot_build", city=scene.place_name(city), price="")[:-1]
        tip = tooltips.board_tooltip(scene, pos)
        assert tip is not None and tip.startswith(words), tip
        assert tn("game.price", coins, coins=coins, goods="")[:4] in tip
        for g in goods:
            assert tn("good." + g, goods.count(g)) in tip
        send(app, Click(pos))
        assert scene.state is state  # nothing moved, nothing built
        assert scene.message is not None and scene.message.startswith(words)
        scene.close()
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_a_province_badge_nearer_another_province_has_a_line_to_its_own(
    size: tuple[int, int],
) -> None:
    # Found by hand (2p Italia, Prefect, 1600x900): Aemilia's "+2 wine" stood
    # well above it and Etruria's "+2 cloth" just under Aemilia's name: it read as
    # Aemilia's. A badge whose nearest ring is another province's, or that stands apart
    # from its own, has a line to its own ring.
    from concordia.ui.render import board_highlights

    def gap(a: pygame.Rect, b: pygame.Rect) -> float:
        p, q = board_highlights._facing_points(a, b)
        return float(max(abs(p[0] - q[0]), abs(p[1] - q[1])))

    app, scene = game_scene(["human", "easy"], 21, board_name="italia", size=size)
    scene.update(0.0)
    draw(app)
    view = scene.board.renderer
    assert view is not None
    rings = board_highlights.province_rings(view)
    resolved = [("province", slug, "+2 cloth") for slug in rings]
    layout = board_highlights.badge_layout(view, resolved)
    leaders = board_highlights.badge_leaders(view, layout)
    needing = 0
    for slug, ring in rings.items():
        box = layout[("province", slug)][0]
        nearest = min(rings, key=lambda k: (gap(box, rings[k]), k != slug))
        if nearest == slug and gap(box, ring) <= board_highlights.LEADER_GAP:
            continue
        needing += 1
        a, b = board_highlights._facing_points(box, ring)
        assert (a, b) in leaders, slug
        assert box.inflate(2, 2).collidepoint(a) and ring.inflate(2, 2).collidepoint(b)
    assert len(leaders) >= needing
    scene.close()


def test_hint_stars_are_drawn_over_every_ring(monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by hand (2p Italia): three Prefects hinted side by side in the hand;
    # the second card's ring was drawn over the first card's star. Every ring first,
    # then every star.
    from concordia.ui.game import hints

    _app, scene = game_scene(["human", "easy"], 3)
    scene.update(0.0)
    cards = [b for b in scene.buttons.buttons if scene.lay.hand.contains(b.rect)][:3]
    assert len(cards) == 3
    monkeypatch.setattr(scene, "hint_buttons", lambda: cards)
    calls: list[str] = []
    real_rect, real_circle = pygame.draw.rect, pygame.draw.circle

    def rect(*args: Any, **kw: Any) -> Any:
        calls.append("ring")
        return real_rect(*args, **kw)

    def circle(*args: Any, **kw: Any) -> Any:
        calls.append("star")
        return real_circle(*args, **kw)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    monkeypatch.setattr(pygame.draw, "circle", circle)
    assert scene.app.screen is not None
    hints.draw_button_rings(scene, scene.app.screen)
    monkeypatch.undo()
    assert calls.count("ring") == 6 and calls.count("star") == 6
    assert calls.index("star") > max(i for i, c in enumerate(calls) if c == "ring")
    scene.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_note_counts_only_the_other_players_last_turns(lang: str) -> None:
    # Found by hand (2p Italia): right after the 15th house, still in the
    # builder's turn, the top bar said "every other player has one more turn (2
    # left)"; one turn was left, the other player's. By the rules each other player
    # has exactly one more turn, whether or not the ender's turn has ended yet.
    from pathlib import Path

    from concordia.core import new_game

    set_language(lang)
    try:
        # The ender's turn goes on (a 15th house mid-Architect): the core marks the end
        # as it does, the Concordia card and a turn count of the player count.
        _app, scene = _at(_mine("architect"), seed=3)
        state = scene.state
        state.concordia = 0
        state.final_turns = state.num_players
        assert scene.top.end_note().endswith(tn("game.final_turns", state.num_players - 1))
        scene.close()
        # The ender's turn is over (the last card bought, pass and play record).
        moves = (Path(__file__).parent / "data" / "imperium_seed21_pass_and_play.txt").read_text()
        lines = moves.splitlines()
        s = new_game(board("imperium"), 3, 21)
        cut = 0
        while s.concordia is None:
            s = s.apply(next(a for a in s.legal_actions() if str(a) == lines[cut]))
            cut += 1
        assert s.turn_player != s.concordia
        _app, scene = game_scene(["human", "human", "easy"], 21, lines[:cut])
        assert scene.top.end_note().endswith(tn("game.final_turns", 3 - 1))
        scene.close()
    finally:
        set_language("en")


def _repeated_discard_line() -> tuple[int, list[str]]:
    # A deal and a random line of play up to just after a seat threw away the same good
    # twice in a row (an overflow of two or more).
    import random

    from concordia.core import new_game

    for seed in range(30):
        rng = random.Random(seed)
        s = new_game(board("imperium"), 3, seed)
        actions: list[str] = []
        while not s.is_terminal():
            action = rng.choice(s.legal_actions())
            actions.append(str(action))
            s = s.apply(action)
            if actions[-1].startswith("discard") and actions[-2:-1] == actions[-1:]:
                return seed, actions
    raise AssertionError("no repeated discard on 30 deals")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_log_tells_a_repeated_line_once_with_its_count(lang: str) -> None:
    # Found by hand (2p Italia): "Livia throws away brick: −1 brick" three lines
    # in a row. The same line of the same seat in a row is drawn once with its count.
    seed, actions = _repeated_discard_line()
    set_language(lang)
    try:
        _app, scene = game_scene(["human", "easy", "easy"], seed, actions)
        lines = scene.log.lines()
        assert len(lines) == len(actions)  # the log keeps one entry per action
        assert lines[-1][:2] == lines[-2][:2]
        rows = [row for row in scene.log.rows() if row[3] >= len(lines) - 2]
        assert {row[3] for row in rows} == {len(lines) - 2}  # one entry, the first action
        drawn = " ".join(row[0].lstrip("▶ ") for row in rows)
        assert drawn == t("log.repeated", text=lines[-1][0], n=2)
        scene.close()
    finally:
        set_language("en")


def test_an_undo_brings_back_the_hint_that_was_being_followed() -> None:
    # Found by hand (3p Italia): the hint said "Diplomat, copies Senator of
    # Livia"; the player copied the Mercator by mistake, pressed Undo, and the hint was
    # gone. Undo back to a step where a hint was being followed shows it again.
    from concordia.ui.game.hints import Hint

    _app, scene = game_scene(["human", "easy"], 21)
    scene.update(0.0)
    start = scene.state.step
    play = next(a for a in scene.state.legal_actions() if str(a) == "play architect")
    after = scene.state.apply(play)
    move = next(m for m in after.legal_actions() if isinstance(m, Move))
    scene.hint = Hint(start, 0, [play, move], done=True, text="Architect")
    scene.submit(play)
    followed = scene.hint
    assert followed is not None and followed.actions == [move]
    scene.submit(move)  # the hint's last step: nothing left to hint
    assert scene.hint is None
    scene.undo()  # back before the move: the rest of the hint again
    assert scene.hint is followed and scene.current_hint is followed
    assert scene.highlights()  # its star is on the board again
    scene.undo()  # back before the card: the whole hint
    hint = scene.hint
    assert hint is not None and hint.actions == [play, move] and hint.step == start
    # Off the hint: another card drops it; undo brings it back.
    other = next(a for a in scene.state.legal_actions() if str(a).startswith("play ") and a != play)
    scene.submit(other)
    assert scene.hint is None
    scene.undo()
    assert scene.hint is not None and scene.hint.actions == [play, move]
    scene.close()


def _build_beside_selected(s: GameState) -> bool:
    # Seat 0's Architect with movement points left, a city it can build in, and one of
    # its colonists with moves along a route that runs into that city.
    if not _mine("architect")(s) or s.points <= 0:
        return False
    builds = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("build ")}
    moves = [a for a in s.legal_actions() if isinstance(a, Move)]
    return any(c in m.dst.split("-") for m in moves for c in builds)


def test_a_click_inside_a_buildable_city_disc_builds_and_never_takes_a_route() -> None:
    # Found by hand (3p Italia, 1280x720): the hint said "builds in Brundisium";
    # a click 2 px off the centre of Brundisium's starred disc moved the selected
    # colonist along a lit route into Brundisium instead, and the card was finished
    # without the house. The disc is drawn over the routes that run into it: inside a
    # buildable city's disc a click builds (a badge or a colonist piece there keeps it).
    app, scene = _at(_build_beside_selected, seed=5, tries=300)
    state = scene.state
    opts = scene.options()
    geometry = scene.geometry()
    checked = 0
    for colonist in opts.moves:
        scene.selection.colonist = colonist
        scene.rebuild()
        for city, build in opts.builds.items():
            if not any(city in m.dst.split("-") for m in opts.moves[colonist]):
                continue
            disc = geometry.cities[city][0]
            assert isinstance(disc, Disc)
            cx, cy = disc.centre
            r = int(disc.r) - 1
            for dx in range(-r, r + 1, 2):
                for dy in range(-r, r + 1, 2):
                    if dx * dx + dy * dy > r * r:
                        continue
                    pos = (round(cx + dx), round(cy + dy))
                    hit = scene.board_hit(pos)
                    assert hit is not None, (city, pos)
                    if hit.part.what in ("badge", "colonist"):
                        continue
                    assert hit.choice == build, (city, pos, hit.choice)
                    checked += 1
                    last = (pos, city)
    assert checked > 20
    assert scene.state is state
    # And the click itself builds there.
    pos, city = last
    send(app, Click(pos))
    assert 0 in scene.state.houses_in(city)
    scene.close()
