"""Learn to play: the guided game driven headless by the clicks it asks for."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from ui_helpers import click_button, draw, make_app

from concordia.ui.ai_bridge import HINT_LEVEL
from concordia.ui.app import App
from concordia.ui.commands import Command
from concordia.ui.guide import STEPS, GuideScene, start_guided_game
from concordia.ui.input import Click
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import MenuScene
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


def run_until(app: App, done: Callable[[], bool], timeout: float = 60.0, what: object = "") -> None:
    """Frames (update and draw) until ``done()``; the AI answers on its thread."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, f"timed out: {what}"
        app.update(0.05)
        draw(app)
        time.sleep(0.002)


def ready(guide: GuideScene) -> Callable[[], bool]:
    """The player can make the current step's click."""

    def check() -> bool:
        step = guide.step
        if step is None or guide.finished:
            return True
        if step.expect != "info" and not guide.game.human_to_act:
            return False
        return guide.click_point() is not None

    return check


def follow_guide(
    app: App,
    guide: GuideScene,
    board_first: bool = False,
    check: Callable[[GuideScene], None] | None = None,
) -> int:
    """Click wherever the guide rings, step after step (``board_first``: the ring on
    the board when there is one, else the ringed button; ``check`` looks at each step
    before its click); returns the clicks made."""
    clicks = 0
    while not guide.finished:
        run_until(app, ready(guide), what=guide.step)
        if guide.finished:
            break
        if check is not None:
            check(guide)
        points = guide.expected_points()
        for p in points:  # every ring on the board takes the click it asks for
            hit = guide.game.board_hit(p)
            assert hit is not None and guide.classify(hit.choice) == "yes", (guide.step, p)
        point = points[0] if board_first and points else guide.click_point()
        assert point is not None, guide.step
        app.dispatch(Click(point))
        clicks += 1
        assert guide.answer is None, guide.answer  # a click the guide asked for
        app.update(0.05)
        assert clicks < 200
    return clicks


def test_the_guide_is_followed_to_its_end_by_its_own_clicks() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    click_button(app, lambda v: v == "learn")
    guide = app.stack.top
    assert isinstance(guide, GuideScene)
    game = guide.game
    try:
        clicks = follow_guide(app, guide)
        assert not guide.off_script
        assert guide.step is not None and guide.step.text == "done"
        # every action step of the table was played, in order, by the human
        c = game.controller
        human = [a for a, seat in zip(c.actions, c.actors, strict=True) if seat == 0]
        expected = [s.expect for s in STEPS if s.expect not in ("info", "end_turn")]
        expected = [e for e in expected if not e.startswith("select ")]
        assert human[: len(expected)] == expected
        assert clicks >= len(STEPS) - 2
        # The last step said "H asks the hard AI for a hint"; hints come
        # from the expert (HINT_LEVEL), and the words name the adviser they ask.
        words = " ".join(guide.text_lines(10_000)[1])
        assert t("adviser." + HINT_LEVEL) in words and HINT_LEVEL == "expert"
        assert "{" not in words and t("adviser.hard") not in words
        click_button(app, lambda v: v == "next")  # "Play on": the guide stays to teach
        assert app.stack.top is guide and guide.coaching
    finally:
        game.close()


def test_the_rings_on_the_board_are_what_the_player_clicks() -> None:
    """Step 2 ringed the land/sea badge beside Roma, whose click selects the land
    colonist: the newcomer's click was refused. Followed by its board rings alone."""
    app = make_app()
    guide = start_guided_game(app)
    try:
        click_button(app, lambda v: v == "next")  # past the welcome
        while guide.step is not None and guide.step.text != "select":
            run_until(app, ready(guide), what=guide.step)
            app.dispatch(Click(guide.click_point() or (0, 0)))
            app.update(0.05)
        run_until(app, ready(guide), what=guide.step)
        points = guide.expected_points()
        assert points, "the sea colonist in Roma is ringed on the board"
        app.dispatch(Click(points[0]))
        assert guide.answer is None, guide.answer
        assert guide.game.selection.colonist == ("sea", "roma")
        follow_guide(app, guide, board_first=True)
        assert not guide.off_script and guide.step is not None and guide.step.text == "done"
    finally:
        guide.game.close()


def test_a_wrong_click_is_answered_and_leaving_continues_the_game() -> None:
    app = make_app()
    guide = start_guided_game(app)
    game = guide.game
    assert isinstance(game, GameScene)
    try:
        click_button(app, lambda v: v == "next")  # past the welcome
        run_until(app, ready(guide))
        assert guide.step is not None and guide.step.expect == "play architect"
        tribune = next(b for b in game.buttons.buttons if str(b.value) == "play tribune")
        app.dispatch(Click(tribune.rect.center))
        assert guide.answer is not None and "Architect" in guide.answer
        assert game.controller.actions == []  # the wrong card was not played
        draw(app)
        # a click on an empty part of the board is answered too
        board = game.lay.board
        app.dispatch(Click((board.x + 3, board.y + 3)))
        assert guide.answer is not None and game.controller.actions == []
        # leave the guide: the same card is now simply played
        click_button(app, lambda v: v == "leave")
        assert app.stack.top is game and guide not in app.stack.scenes
        click_button(app, lambda v: str(v) == "play tribune")
        assert game.controller.actions[0] == "play tribune"
        click_button(app, lambda v: str(v) == "finish")
        click_button(app, lambda v: v == Command.END_TURN)
        run_until(app, lambda: game.human_to_act and game.state.turn_player == 0, 60)
        assert len(game.controller.actions) > 3  # the AIs played their turns
        assert isinstance(app.stack.top, GameScene)
    finally:
        game.close()


def test_the_table_matches_the_deal() -> None:
    """If the deal or the easy AI change, this says so first (then print the new turns
    with ``python -m concordia.ui.guide`` and update STEPS)."""
    from concordia.ui.guide import derive_script

    actions = [s.expect for s in STEPS if s.expect not in ("info", "end_turn")]
    actions = [a for a in actions if not a.startswith("select ")]
    assert actions == [a for turn in derive_script() for a in turn]
