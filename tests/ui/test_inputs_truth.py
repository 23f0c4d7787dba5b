"""Every input does what it shows (issue 31): the Consul's price on the display card's
tooltip, the hand's keys on alike cards, the hint's stars from any moment of the turn,
and the sea colonist of an inland city."""

from __future__ import annotations

import pytest
from ui_helpers import find_actions, game_scene

from concordia.core import GameState
from concordia.ui import strings
from concordia.ui.game.cards import goods_words
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


def _consul_turn() -> list[str]:
    def want(s: GameState) -> bool:
        return s.phase == "consul" and any(
            card is not None and s.display_cost(slot) for slot, card in enumerate(s.display_ids())
        )

    return find_actions(["human", "human"], 5, want, tries=200, max_steps=6000)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_consul_tooltip_shows_the_price_the_consul_pays(lang: str) -> None:
    strings.set_language(lang)
    try:
        _app, scene = game_scene(["human", "human"], 5, _consul_turn())
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
