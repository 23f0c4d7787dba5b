"""The review's line of scores at the end of a turn: every seat's name and score shown
whole, at the smallest window size, with five players and long names."""

from __future__ import annotations

import random

import pytest
from ui_helpers import draw, drawn_texts, make_app

from concordia.core import GameRecord, new_game
from concordia.maps import load_board
from concordia.ui.scenes.review import ReviewScene

pytestmark = pytest.mark.usefixtures("pygame_display")

NAMES = ["Player 1", "Livia", "Marcus", "Julia", "Titus"]


def _record(names: list[str]) -> GameRecord:
    board = load_board("imperium")
    rng = random.Random(5)
    state = new_game(board, num_players=len(names), seed=5)
    actions: list[str] = []
    while len(actions) < 60:
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    seats = [{"kind": "human", "name": names[0]}] + [
        {"kind": "normal", "name": name} for name in names[1:]
    ]
    return GameRecord("imperium", len(names), 5, {}, actions, seats)


@pytest.mark.parametrize(
    "names", [NAMES, ["Maximilianus", "Aurelianus", "Constantina", "Valeriana", "Theodosius"]]
)
def test_every_seat_score_is_shown_whole(names: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by hand at 1024x640, 5 players: "Player… 7  Livia 7  Marcu… 7": the
    # human's own score was cut off.
    app = make_app((1024, 640))
    record = _record(names)
    scene = ReviewScene(app, record, load_board("imperium"))  # not entered: no job
    app.stack.push(scene)
    scene.index = len(scene.turns) - 1
    drawn = drawn_texts(monkeypatch)
    draw(app)
    texts = [text for text, _right in drawn]
    scores = scene.states[scene.turns[scene.index].end].scores()
    for seat, name in enumerate(names):
        assert f"{name} {scores[seat].total}" in texts, (name, texts)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_review_with_no_costly_turn_says_so_inside_its_panel(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found by hand at 1920x1080: "You played no turn the expert would not have (beyond
    # its mar…" ran past the window's right edge under the chart.
    from concordia.review import Review
    from concordia.ui.strings import t

    app = make_app(size)
    scene = ReviewScene(app, _record(NAMES), load_board("imperium"))  # not entered: no job
    scene.job.review = Review("k", ())
    app.stack.push(scene)
    drawn = drawn_texts(monkeypatch)
    draw(app)
    words = t("review.no_loss")
    # The line under the chart (the summary at the top says the same in its own place).
    under = [(s, right) for s, right in drawn if s and s in words and s != words]
    under += [(s, right) for s, right in drawn if s == words]
    assert under, drawn
    assert all(right <= size[0] for _s, right in under), under
