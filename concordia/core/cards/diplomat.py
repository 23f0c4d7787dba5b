"""Diplomat: carry out the action of the top card of another player's discard pile,
as if it were played (not a Diplomat; a pile emptied by a Tribune has nothing to
copy). The copied card stays where it is (rulebook, "Diplomat")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core.actions import FINISH, Action, Copy
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.data import CARDS
from concordia.core.phase import DIPLOMAT, CardAction

if TYPE_CHECKING:
    from concordia.core.player import Player
    from concordia.core.state import GameState

_IS_DIPLOMAT: tuple[bool, ...] = tuple(c.action == CardAction.DIPLOMAT for c in CARDS)


class Diplomat(CardRule, PhaseRule):
    action = CardAction.DIPLOMAT
    phase = DIPLOMAT

    def begin(self, s: GameState, p: Player, card: int) -> None:
        s.phase = DIPLOMAT

    def legal(self, s: GameState) -> tuple[Action, ...]:
        out: list[Action] = []
        for seat in range(s.num_players):
            if seat == s.turn_player:
                continue
            pile = s.players[seat].discard
            if pile and not _IS_DIPLOMAT[pile[-1]]:
                out.append(Copy(seat))
        out.append(FINISH)
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, Copy):
            s.begin_card(s.players[a.seat].discard[-1])
        else:
            self.finish(s)


RULE = Diplomat()
