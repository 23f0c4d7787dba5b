"""Tribune: take back every played card (+1 sestertius per card beyond 3), then
optionally pay 1 food + 1 tool for a colonist in Roma (rulebook, "Tribune")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data, scoring
from concordia.core.actions import FINISH, Action, Place
from concordia.core.board import KINDS
from concordia.core.cards import colonist
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.cost import Cost
from concordia.core.phase import TRIBUNE, CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState


class Tribune(CardRule, PhaseRule):
    action = CardAction.TRIBUNE
    phase = TRIBUNE
    priced = (Place,)

    def begin(self, s: GameState, p: Player, card: int) -> None:
        back = len(p.discard)
        p.money += max(0, back - data.TRIBUNE_FREE_CARDS)
        p.hand.extend(p.discard)
        p.hand.sort()
        p.discard.clear()
        if s.intermediate_scoring:
            scoring.first_tribune(s, p.seat)
        if colonist.can_pay(p) and (p.store[0] + p.store[1]) > 0:
            s.phase = TRIBUNE
        else:
            s.end_turn()

    def legal(self, s: GameState) -> tuple[Action, ...]:
        p = s.players[s.turn_player]
        roma = s.topo.city_slugs[s.topo.capital]
        out: list[Action] = [Place(KINDS[k], roma) for k in (0, 1) if p.store[k]]
        out.append(FINISH)
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Place):  # the one colonist a Tribune may pay for ends the card
            colonist.put(s, a)
        self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        return colonist.place_cost() if isinstance(a, Place) else Cost()


RULE = Tribune()
