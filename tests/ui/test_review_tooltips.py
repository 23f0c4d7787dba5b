"""The review's tooltips keep off its own buttons.

Found at 1024x640: the tooltip of a costliest-turn button, or of Previous / Next, was
drawn over the buttons round it (the next costliest turns, Back), so the button the
player was about to click was hidden. The tooltip is placed as the window places it
(:func:`tooltip_rect` with the scene's ``tooltip_avoid`` and ``tooltip_keep_clear``,
when it has them) for points all over each button with a tooltip."""

from __future__ import annotations

from typing import Any

import pytest
from test_review_words import _judged
from ui_helpers import make_app

from concordia.maps import load_board
from concordia.review import Review
from concordia.ui.scenes.review import ReviewScene
from concordia.ui.widgets import tooltip_rect
from tests.learn.test_game_review import _cheap_game

pytestmark = pytest.mark.usefixtures("pygame_display")


def _placed(app: Any, scene: Any, pos: tuple[int, int]) -> Any:
    """Where the window draws the tooltip for ``pos`` (as in ``App.draw``)."""
    tip = scene.tooltip(pos)
    assert tip, pos
    avoid_of = getattr(scene, "tooltip_avoid", None)
    keep_of = getattr(scene, "tooltip_keep_clear", None)
    avoid = avoid_of(pos) if callable(avoid_of) else None
    keep = keep_of() if callable(keep_of) else ()
    return tooltip_rect(app.fonts, tip, pos, app.size, avoid, keep)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_a_review_tooltip_covers_none_of_its_buttons(size: tuple[int, int]) -> None:
    record, _states = _cheap_game(1)
    app = make_app(size)
    scene = ReviewScene(app, record, load_board("italia"))  # not entered: no job
    mine = [i for i, turn in enumerate(scene.turns) if turn.seat == 0][:3]
    scene.job.review = Review(
        "k", tuple(_judged(scene, i, 0.2, 0.6 - 0.1 * k) for k, i in enumerate(mine))
    )
    scene.layout()
    buttons = [b for b in scene.buttons.buttons if b.tooltip and b.enabled]
    assert sum(1 for b in buttons if b.value[0] == "goto") == 3
    assert {b.value[0] for b in buttons} >= {"next", "back", "goto"}
    faults = []
    for b in buttons:
        r = b.rect.inflate(-6, -6)
        for pos in (r.center, r.topleft, r.topright, r.bottomleft, r.bottomright, r.midtop):
            tip = _placed(app, scene, pos)
            covered = [o.value for o in scene.buttons.buttons if tip.colliderect(o.rect)]
            if covered:
                faults.append((b.value, pos, covered))
    assert faults == []
