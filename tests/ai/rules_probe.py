"""Run by ``test_rules_data_reach_ai.py`` in a fresh interpreter on a (possibly edited)
copy of the package: prints, as JSON, what the core and the AI's evaluation make of
a few rule numbers at one position. Standard library and concordia.core/ai only."""

from __future__ import annotations

import json
import sys
from typing import Any

from concordia.ai.evaluate import EASY, evaluate
from concordia.core import Build, GameState, Phase, data
from concordia.core.data import CARD_BY_ID
from concordia.core.scoring import wealth


def probe(snapshot_path: str) -> dict[str, Any]:
    with open(snapshot_path, encoding="utf-8") as f:
        raw = json.load(f)
    s = GameState.from_dict(raw["snapshot"])
    s.phase = Phase.CARD
    seat = s.turn_player
    p = s.players[seat]
    # Houses for the seat in the first eight cities (several goods, some not brick).
    topo = s.topo
    for c in [c for c in range(topo.num_cities) if c != topo.capital][:8]:
        if not s.houses[c] >> seat & 1:
            s.houses[c] |= 1 << seat
            p.houses_left -= 1
    out: dict[str, Any] = {"prices": list(data.PRICE)}

    def with_card(card: str) -> GameState:
        t = s.copy()
        t.players[seat].discard.append(CARD_BY_ID[card].index)
        return t

    def delta_core(t: GameState, god: str) -> int:
        return t.score_of(seat).gods[god] - s.score_of(seat).gods[god]

    def delta_ai(t: GameState) -> float:
        return evaluate(t, seat, EASY) - evaluate(s, seat, EASY)

    # Jupiter (an Architect), Mercurius (a Mercator), Mars (a Colonist) in the discard
    # pile: the god's points for one more card are what the AI adds (easy weights do
    # not project growth, so the evaluation's god term is the live score).
    for god, card in (
        ("Jupiter", "I_architect"),
        ("Mercurius", "I_mercator"),
        ("Mars", "I_colonist"),
    ):
        t = with_card(card)
        out[god] = {"core": delta_core(t, god), "ai": delta_ai(t)}
    # The Concordia card.
    t = s.copy()
    t.concordia = seat
    out["Concordia"] = {"core": t.score_of(seat).concordia, "ai": delta_ai(t)}
    # One more cloth (colonists taken off the board, so no house plan needs it).
    base = s.copy()
    base.players[seat].cols = []
    more = base.copy()
    more.players[seat].goods[data.CLOTH] += 1
    out["cloth"] = {
        "core_wealth": wealth(more.players[seat]) - wealth(base.players[seat]),
        "ai": evaluate(more, seat, EASY) - evaluate(base, seat, EASY),
    }
    # The coins of a house, through the cost the core shows before a build.
    city = next(c for c in range(topo.num_cities) if c != topo.capital and not s.houses[c])
    good = s.city_goods[city]
    out["house"] = {
        "good": good,
        "coins": s.cost(Build(topo.city_slugs[city])).money,
        "table": list(data.HOUSE_COINS),
    }
    return out


if __name__ == "__main__":
    print(json.dumps(probe(sys.argv[1])))
