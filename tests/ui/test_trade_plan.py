"""The Mercator panel counts the sales planned on its other rows when it offers a purchase.

Found by hand: with 2 sestertii you could not plan "sell 1 cloth (+7), then buy 2
bricks" in the panel, as the + of the bricks was capped by the money before the sale.
The core allows it (each trade is its own action: sell, then buy with the money and the
space the sale gave); the panel now offers the purchase and its button plays the planned
sale first, then the purchase."""

from __future__ import annotations

import pytest
from ui_helpers import draw, game_scene, show_state

from concordia.core import Trade
from concordia.core.data import GOODS
from concordia.ui.commands import TradeStep
from concordia.ui.input import Click

pytestmark = pytest.mark.usefixtures("pygame_display")


def _press(app: object, scene: object, value: object) -> bool:
    """Click the enabled panel button carrying ``value``; whether there was one."""
    for b in scene.buttons.buttons:  # type: ignore[attr-defined]
        if b.value == value and b.enabled:
            app.dispatch(Click(b.rect.center))  # type: ignore[attr-defined]
            draw(app)  # type: ignore[arg-type]
            return True
    return False


def test_a_purchase_paid_by_a_planned_sale_can_be_set_and_played() -> None:
    app, scene = game_scene(["human", "easy"], 1, size=(1024, 640))
    state = scene.state.apply(
        next(a for a in scene.state.legal_actions() if str(a) == "play mercator")
    )
    state = state.copy()
    seat = state.turn_player
    state.players[seat].money = 2
    show_state(scene, state)
    draw(app)
    assert not any(isinstance(a, Trade) and a.amount > 0 for a in state.legal_actions())
    brick, cloth = GOODS.index("brick"), GOODS.index("cloth")
    assert state.players[seat].goods[cloth] == 1
    # Without a planned sale the purchase stays at 0: 2 sestertii buy no brick.
    _press(app, scene, TradeStep("brick", 1))
    assert scene.selection.trades.get("brick", 0) == 0
    # Plan the sale of the cloth (+7), then two bricks (6 of the 9 sestertii).
    assert _press(app, scene, TradeStep("cloth", -1))
    assert scene.selection.trades["cloth"] == -1
    assert _press(app, scene, TradeStep("brick", 1))
    assert _press(app, scene, TradeStep("brick", 1))
    assert scene.selection.trades["brick"] == 2
    # The cloth's free space and money allow three bricks at most, no more.
    for _ in range(3):
        _press(app, scene, TradeStep("brick", 1))
    assert scene.selection.trades["brick"] == 3
    assert _press(app, scene, TradeStep("brick", -1))
    # The brick row's button sells the cloth first, then buys the two bricks.
    row = [b for b in scene.buttons.buttons if b.enabled and b.rect.y == _row_y(scene, "brick")]
    trade_button = max(row, key=lambda b: b.rect.x)
    app.dispatch(Click(trade_button.rect.center))
    draw(app)
    after = scene.state.players[seat]
    assert after.goods[cloth] == 0 and after.goods[brick] == state.players[seat].goods[brick] + 2
    assert after.money == 2 + 7 - 6
    scene.close()


def _row_y(scene: object, good: str) -> int:
    minus = next(
        b
        for b in scene.buttons.buttons  # type: ignore[attr-defined]
        if b.value == TradeStep(good, -1)
    )
    return int(minus.rect.y)
