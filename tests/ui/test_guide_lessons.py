"""The guided game teaches the whole game: every card, each god's scoring, the
storehouse, the end; its pages are numbered apart; its player has a real name."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from test_guided_game import ready, run_until
from ui_helpers import board, click_button, draw, find_actions, make_app

from concordia.core import GameState, Phase, PlayCard, new_game, parse_action
from concordia.core.data import CARD_BY_ID, CARDS
from concordia.settings import Settings
from concordia.ui import strings
from concordia.ui.app import App, AppOptions
from concordia.ui.commands import Command
from concordia.ui.guide import GUIDE_BOARD, STEPS, GuideScene, start_guided_game
from concordia.ui.guide_lessons import END_NEAR_CARDS, LESSON_WHEN, LESSONS, STOREHOUSE_WARN
from concordia.ui.input import Click
from concordia.ui.rules_pages import GOD_SCORING
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_every_card_and_every_god_is_taught() -> None:
    played = {CARD_BY_ID[s.expect.split()[1]].action for s in STEPS if s.expect.startswith("play")}
    assert played | set(LESSONS) >= {c.action for c in CARDS}
    gods = {s.god for s in STEPS if s.god} | {"Minerva"}  # Minerva with the specialists
    assert gods == {c.god for c in CARDS}
    for s in STEPS:  # a step teaching a god plays a card of that god
        if s.god:
            assert CARD_BY_ID[s.expect.split()[1]].god == s.god
    assert {"storehouse", "game_end", "concordia"} <= set(LESSONS) == set(LESSON_WHEN)
    for lang in ("en", "it"):
        strings.set_language(lang)
        try:
            for key in LESSONS:
                assert strings.has("guide.lesson." + key)
        finally:
            strings.set_language("en")


def test_the_guided_player_has_a_real_name() -> None:
    """Named "You", the game said "You's turn" and "You plays"."""
    app = make_app()
    guide = start_guided_game(app)
    try:
        name = guide.game.controller.seats[guide.human].name
        assert name != t("seat.you") and name == t("seat.default_name", n=1)
    finally:
        guide.game.close()
    app = App(AppOptions(), Settings(ai_speed="off", animation_speed="off", player_name="Ada"))
    app.use_surface(make_app().screen)  # type: ignore[arg-type]
    guide = start_guided_game(app)
    try:
        assert guide.game.controller.seats[guide.human].name == "Ada"
    finally:
        guide.game.close()


def test_the_display_is_where_the_guide_says() -> None:
    app = make_app()
    guide = start_guided_game(app)
    try:
        lay = guide.game.lay
        assert lay.display.right <= lay.board.x  # the display is left of the board
        assert "on the left" in t("guide.senator") and "at the top" not in t("guide.senator")
    finally:
        guide.game.close()


def _titles_of_the_whole_guide(app: App, guide: GuideScene) -> list[tuple[int, bool, str]]:
    """(step index, waiting for the others, title) of every page shown, in order."""
    seen: list[tuple[int, bool, str]] = []

    def note() -> bool:
        page = (guide.index, not guide.game.human_to_act, guide.text_lines(600)[0])
        if not seen or seen[-1] != page:
            seen.append(page)
        return ready(guide)()

    while not guide.finished:
        run_until(app, note, what=guide.step)
        if guide.finished:
            break
        point = guide.click_point()
        assert point is not None
        app.dispatch(Click(point))
        app.update(0.05)
    return seen


def test_each_page_of_the_guide_has_its_own_number_and_the_lessons_follow() -> None:
    app = make_app()
    guide = start_guided_game(app)
    try:
        pages = _titles_of_the_whole_guide(app, guide)
        numbered = [(i, title) for i, waiting, title in pages if not waiting or i == 0]
        titles = [title for _, title in numbered]
        by_index: dict[int, set[str]] = {}
        for i, title in numbered:
            by_index.setdefault(i, set()).add(title)
        # a step keeps its number; two steps never share one ("step 1 of 30" twice)
        assert all(len(v) == 1 for v in by_index.values()), by_index
        assert len(set(titles)) == len(by_index), titles
        waiting = {title for i, w, title in pages if w and i > 0}
        assert waiting == {t("guide.title_waiting")}
        # "Play on": the guide stays, and at the next turn teaches what is new
        click_button(app, lambda v: v == "next")
        assert guide.coaching and guide.lesson is None
        game = guide.game
        run_until(app, lambda: guide.lesson is not None, what="the first lesson")
        assert game.state.turn_player == guide.human and game.state.phase == Phase.CARD
        # the Diplomat in the hand (the Colonist and specialists in the display and a
        # storehouse of 10 used spaces wait for the next turns)
        assert guide.lesson == "diplomat"
        words = " ".join(guide.text_lines(10_000)[1])
        assert words and "{" not in words
        draw(app)
        click_button(app, lambda v: v == "got_it")
        assert guide.lesson is None and guide.taught == {"diplomat"}
        # while coaching the player's clicks and keys are the game's: a card is played
        card = next(b for b in game.buttons.buttons if str(b.value).startswith("play "))
        app.dispatch(Click(card.rect.center))
        assert game.controller.actions[-1] == str(card.value)
    finally:
        guide.game.close()


def test_the_lessons_come_one_a_turn() -> None:
    """Found by hand at 1024x640: after "Play on" four lessons (the Diplomat, the
    Colonist card, the specialists, the storehouse) came one after another at the same
    moment, each needing "Got it" before the board could be seen. At most one lesson
    now comes between two cards the player plays; the others wait for the next turns."""
    app = make_app((1024, 640))
    guide = start_guided_game(app)
    game = guide.game
    try:
        _titles_of_the_whole_guide(app, guide)
        click_button(app, lambda v: v == "next")  # "Play on"
        rng = random.Random(5)
        plays = 0  # the cards the player played after the script
        seen: list[tuple[int, str]] = []  # (plays before it, lesson)
        while plays < 8 and not game.state.is_terminal():
            run_until(app, lambda: guide.lesson is not None or game.human_to_act, what=seen)
            if guide.lesson is not None:
                seen.append((plays, guide.lesson))
                draw(app)
                click_button(app, lambda v: v == "got_it")
                continue
            if game.controller.awaiting_confirm:
                end = next(b for b in game.buttons.buttons if b.value == Command.END_TURN)
                app.dispatch(Click(end.rect.center))  # the guide lets the click through
            else:
                action = rng.choice(game.state.legal_actions())
                plays += isinstance(action, PlayCard)
                game.submit(action)
            app.update(0.05)
        lessons = [key for _, key in seen]
        assert len(set(lessons)) == len(lessons), seen  # each lesson once
        assert [n for n, _ in seen][:2] == [0, 1], seen  # one before the first card
        befores = [n for n, _ in seen]
        assert befores == sorted(set(befores)), seen  # never two between two cards
        # all four that were due at once are shown, one turn after another
        assert lessons[:4] == ["diplomat", "colonist", "specialist", "storehouse"], seen
        assert guide.taught >= set(lessons[:4])
    finally:
        game.close()


def test_the_specialist_lesson_teaches_minerva_and_the_steps_their_gods() -> None:
    app = make_app()
    guide = start_guided_game(app)
    try:
        guide.coaching = True
        guide.lesson = "specialist"
        words = " ".join(guide.text_lines(10_000)[1])
        assert GOD_SCORING["en"]["Minerva"] in words
        guide.coaching, guide.lesson = False, None
        for i, step in enumerate(STEPS):
            if step.god and step.expect.startswith("play"):
                guide.index = i
                first = next(s for s in STEPS if s.god == step.god) is step
                words = " ".join(guide.text_lines(10_000)[1])
                assert (GOD_SCORING["en"][step.god] in words) == first, step
    finally:
        guide.game.close()


def _state(want: Callable[[GameState], bool]) -> GameState:
    actions = find_actions(["human"] * 3, 1, want, GUIDE_BOARD, max_steps=4000, tries=80)
    state = new_game(board(GUIDE_BOARD), 3, 1)
    for a in actions:
        state = state.apply(parse_action(a))
    return state


def test_the_later_lessons_come_when_their_moment_comes() -> None:
    consul = _state(
        lambda s: (
            s.phase == Phase.CARD
            and s.turn_player == 0
            and any(c is not None and CARD_BY_ID[c].action == "consul" for c in s.display_ids())
        )
    )
    assert LESSON_WHEN["consul"](consul, 0)
    assert not LESSON_WHEN["consul"](_state(lambda s: s.step == 0), 0)  # none at the start
    full = _state(
        lambda s: (
            s.phase == Phase.CARD
            and s.turn_player == 0
            and s.players[0].used_space() >= STOREHOUSE_WARN
        )
    )
    assert LESSON_WHEN["storehouse"](full, 0)

    def cards_left(s: GameState) -> int:
        return s.deck_size + sum(1 for c in s.display_ids() if c is not None)

    # the draw pile empty is not yet the end: the display still holds its cards
    empty_deck = _state(
        lambda s: (
            s.phase == Phase.CARD
            and s.turn_player == 0
            and s.deck_size == 0
            and cards_left(s) > END_NEAR_CARDS
            and min(p.houses_left for p in s.players) > 5
        )
    )
    assert not LESSON_WHEN["game_end"](empty_deck, 0)
    near_end = _state(
        lambda s: (
            s.phase == Phase.CARD
            and s.turn_player == 0
            and cards_left(s) <= END_NEAR_CARDS
            and s.concordia is None
        )
    )
    assert LESSON_WHEN["game_end"](near_end, 0)
    over = _state(lambda s: s.concordia is not None)
    assert LESSON_WHEN["concordia"](over, 0) and not LESSON_WHEN["game_end"](over, 0)


def test_tooltips_keep_the_games_placement_under_the_guide() -> None:
    app = make_app()
    guide = start_guided_game(app)
    try:
        game = guide.game
        draw(app)
        pos = game.lay.hand.center
        assert guide.tooltip_avoid(pos) == game.tooltip_avoid(pos)
        assert guide.tooltip_keep_clear() == game.tooltip_keep_clear()
    finally:
        guide.game.close()
