"""The review screen in a player's words: the summary, each turn's chance of winning,
and why the expert's play was better, in the hint's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from ui_helpers import draw, drawn_texts, make_app

from concordia.advice import given_up, play_reasons
from concordia.core import Action, GameRecord, GameState, PlayCard, parse_action
from concordia.maps import load_board
from concordia.review import Review, TurnReview
from concordia.ui.game.describe import Names
from concordia.ui.game.hints import reason_text
from concordia.ui.scenes.review import ReviewScene, loss_label, summary, why_words
from concordia.ui.strings import set_language, t, tn

if TYPE_CHECKING:
    from concordia.ui.app import App
from tests.learn.test_game_review import _cheap_game

pytestmark = pytest.mark.usefixtures("pygame_display")


def _scene() -> tuple[App, ReviewScene, GameRecord]:
    record, _states = _cheap_game(1)
    app = make_app()
    scene = ReviewScene(app, record, load_board("italia"))  # not entered: no job
    return app, scene, record


def _judged(scene: ReviewScene, index: int, played_win: float, best_win: float) -> TurnReview:
    """A review of turn ``index`` as if another card had been played there and the
    expert's play were the turn recorded (the figures are the test's: this checks the
    words, not the expert)."""
    turn = scene.turns[index]
    start = scene.states[turn.start]
    other = next(
        a for a in start.legal_actions() if isinstance(a, PlayCard) and str(a) != turn.actions[0]
    )
    s = start.apply(other)
    suggested = [str(other)]
    while not s.is_terminal() and s.turn_player == turn.seat and s.current_player == turn.seat:
        if s.phase.name == "CARD":
            break
        a = s.legal_actions()[-1]
        suggested.append(str(a))
        s = s.apply(a)
    return TurnReview(
        index,
        turn.seat,
        tuple(suggested),
        turn.actions,
        played_win,
        best_win,
        -3.0,
        4.0,
        turn.movers,
    )


def test_the_summary_counts_the_turns_and_the_chance_they_cost() -> None:
    app, scene, _record = _scene()
    mine = [tr.index for tr in scene.turns if tr.seat == 0]
    gaining = [
        i
        for i in mine
        if play_reasons(
            scene.states[scene.turns[i].start],
            _parsed(scene, i),
            0,
        )
    ]
    worst = _judged(scene, gaining[0], 0.40, 0.55)  # 15 % lost
    second = _judged(scene, mine[5], 0.50, 0.56)  # 6 % lost
    noise = _judged(scene, mine[7], 0.50, 0.53)  # within the noise: not flagged
    review = Review("k", (worst, second, noise))
    assert review.flagged() == [worst, second] and review.costliest() == [worst, second]
    for lang in ("en", "it"):
        set_language(lang)
        words = summary(review)
        assert words == tn("review.summary", 2, pct=20)  # 1 - 0.85 x 0.94 = 0.201
        assert loss_label(worst) == "15 %"
    set_language("en")
    assert "2 turns the expert would not have" in summary(review)
    assert "about 20 % of your winning chance" in summary(review)
    assert summary(Review("k", (noise,))) == t("review.no_loss")
    # The costliest turn says why in the hint's words: what the expert's play does and
    # what the turn played gave up against it.
    turn = scene.turns[worst.turn]
    start = scene.states[turn.start]
    best = _parsed(scene, worst.turn)
    played = _seq(start, worst.played)
    mine_r = play_reasons(start, best, turn.seat)
    lost = given_up(mine_r, play_reasons(start, played, turn.seat))
    names = Names(scene.seat_name, scene.place_name)
    why = "; ".join(reason_text(r, names) for r in mine_r[:3])
    assert why and lost, "the expert's play gains nothing the rules can tell"
    told = ", ".join(reason_text(r, names) for r in lost[:2])
    assert why_words(scene, turn, worst) == t("review.why_lost", why=why, lost=told)
    scene.job.review = review
    scene.index = worst.turn
    app.stack.push(scene)
    draw(app)


def test_a_decided_game_is_told_in_points() -> None:
    _app, scene, _record = _scene()
    mine = [tr.index for tr in scene.turns if tr.seat == 0]
    decided = _judged(scene, mine[3], 0.0, 0.01)
    assert decided.decided and decided.points_lost == 7.0 and decided.flagged
    assert loss_label(decided) == "7 VP"


def _parsed(scene: ReviewScene, index: int) -> list[Action]:
    turn = scene.turns[index]
    return _seq(scene.states[turn.start], turn.actions)


def _seq(start: GameState, texts: tuple[str, ...]) -> list[Action]:
    s = start
    out = []
    for text in texts:
        a = parse_action(text, s)
        out.append(a)
        s = s.apply(a)
    return out


def test_the_chance_lost_together_never_passes_a_whole_win() -> None:
    # Found with the demo game of an easy AI: the losses summed read "279 % of a win".
    _app, scene, _record = _scene()
    mine = [tr.index for tr in scene.turns if tr.seat == 0]
    review = Review("k", tuple(_judged(scene, i, 0.1, 0.6) for i in mine[:5]))
    assert len(review.flagged()) == 5
    assert review.total_loss() == round(1 - 0.5**5, 3)
    assert "about 97 %" in summary(review)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_summary_is_shown_whole_at_the_smallest_size(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by hand at 1024x640: "…cost you about 52 % of your winni…"."""
    record, _states = _cheap_game(1)
    app = make_app((1024, 640))
    set_language(lang)  # after the app, which sets the settings' language
    try:
        scene = ReviewScene(app, record, load_board("italia"))
        mine = [tr.index for tr in scene.turns if tr.seat == 0]
        judged = tuple(_judged(scene, i, 0.30, 0.60) for i in mine[:6])
        scene.job.review = Review("k", judged)
        app.stack.push(scene)
        drawn = drawn_texts(monkeypatch)
        draw(app)
        words = summary(scene.job.review)
        assert len(words) > 90  # long enough to need two lines at this size
        shown = [line for line, _right in drawn if line and line in words]
        assert " ".join(shown[:2]) == words or "".join(shown[:1]) == words, shown
        assert not any(line.endswith("…") for line in shown)
    finally:
        set_language("en")
