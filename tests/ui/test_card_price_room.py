"""A display card's price icons keep clear of its points pill.

Found in the 1024x640 screenshots (game start, Italia midgame): on a narrow display card
whose price has several goods, the last icons (the "?" of a good of your choice among
them) were drawn under the "+VP" pill, as the icons never shrank below 6 px. Every card
of the game is drawn in every display slot, with that slot's extra goods and a two-digit
worth, at the two smallest window sizes."""

from __future__ import annotations

import pytest
from ui_helpers import game_scene

from concordia.core.data import CARD_BY_ID
from concordia.ui.game.cards import draw_card

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_price_icons_never_run_under_the_worth_pill(size: tuple[int, int]) -> None:
    app, scene = game_scene(["human", "easy"], 1, size=size)
    assert app.screen is not None
    app.draw(app.screen)
    state = scene.state
    faults = []
    checked = 0
    for slot, rect in enumerate(scene.display.rects()):
        extra = tuple(state.display_cost(slot))
        for card in CARD_BY_ID:
            for worth in (4, 12):
                report = draw_card(
                    app.screen, app.fonts, rect, card, None, surcharge=extra, worth=worth
                )
                assert report.price is not None and report.worth is not None
                if CARD_BY_ID[card].cost or extra:
                    assert report.price.width > 0, card
                    checked += 1
                if report.price.colliderect(report.worth) or not rect.contains(report.price):
                    faults.append((slot, card, worth, report.price, report.worth))
    assert checked > 100
    assert faults == []
    scene.close()
