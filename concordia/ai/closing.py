"""Plays that take the Concordia card by buying the last cards for sale.

The planner that proposes the search's candidates values a card by what it adds to the
position, so with two cards left it may buy one and leave the other (and the Concordia
card with it) to the next seat. Near the end that race decides games: whoever buys the
last card ends the game and scores 7 more. :func:`closing_options` lists every whole
card play of the mover that buys out the market (a Senator, a Consul, or a Diplomat
copying one), so the search always weighs ending the game itself.

With two players the game then ends after one turn of the other seat, so
:func:`closing_wins` can judge a closing play by the real result after each of the
final turns the planner proposes for that seat (the opponent model of the searches).
"""

from __future__ import annotations

from concordia.ai.evaluate import NORMAL
from concordia.ai.expert_v1 import architect_options, card_options
from concordia.ai.greedy import TurnOption, turn_options, value_fn
from concordia.ai.outcome import Outcome, exact_outcome
from concordia.core import Action, GameState, Phase
from concordia.core.actions import PlayCard

# The phases a closing play passes through: the buying cards and the Diplomat's copy.
_BUYING = frozenset({Phase.SENATOR, Phase.CONSUL, Phase.DIPLOMAT})
MAX_LEFT = 2  # a Senator buys at most two cards, so no play closes a bigger market
_MAX_PLAYS = 64  # closing plays listed at most (the good paid for an "any" slot varies)
REPLY_SPITE = 0.25  # the other seat's final turn is planned like the hard agent's
REPLY_BRANCH = 3  # first choices of its Architect and other cards tried besides the plan
_SETTLE_GUARD = 50  # forced steps (discards) played after a card play at most


def closing_options(view: GameState) -> list[TurnOption]:
    """The mover's whole card plays that buy the last cards for sale (the game's end
    triggered by the mover), each with its end position; [] unless at most
    :data:`MAX_LEFT` cards are left and the Concordia card is still to take."""
    me = view.current_player
    if me is None or view.phase != Phase.CARD or view.concordia is not None:
        return []
    if sum(1 for c in view.display if c is not None) + view.deck_size > MAX_LEFT:
        return []
    out: list[TurnOption] = []

    def walk(s: GameState, acts: list[Action]) -> None:
        if len(out) >= _MAX_PLAYS:
            return
        if s.concordia == me:
            while s.phase in _BUYING and s.turn_player == me and s.current_player == me:
                finish = s.legal_actions()[-1]  # the card's finish: nothing is left to buy
                s.apply_in_place(finish)
                acts = [*acts, finish]
            out.append(TurnOption(acts, s, 0.0))
            return
        if s.phase not in _BUYING or s.turn_player != me:
            return
        for a in s.legal_actions():
            t = s.copy()
            t.apply_in_place(a)
            walk(t, [*acts, a])

    for a in view.legal_actions():
        if isinstance(a, PlayCard):
            s = view.copy()
            s.apply_in_place(a)
            walk(s, [a])
    return out


def _settled(s: GameState) -> GameState:
    # The forced steps after a card play (the seats' discards), by the first legal choice.
    guard = 0
    while not s.is_terminal() and s.phase != Phase.CARD and guard < _SETTLE_GUARD:
        s.apply_in_place(s.legal_actions()[0])
        guard += 1
    return s


def closing_wins(world: GameState) -> list[tuple[tuple[Action, ...], Outcome]]:
    """Two players: the mover's closing plays in ``world`` (:func:`closing_options`)
    that win the game after every final turn the planner proposes for the other seat
    (its turn options, and the best first choices of its Architect and other cards),
    each with the real result of the reply that leaves the mover the smallest margin."""
    me = world.current_player
    if me is None or world.num_players != 2:
        return []
    out = []
    for option in closing_options(world):
        s = _settled(option.state.copy())
        if s.phase == Phase.OVER:
            worst: Outcome | None = exact_outcome(s)
        else:
            other = s.current_player
            assert other is not None and other != me
            plan = value_fn(other, NORMAL, REPLY_SPITE)
            replies = (
                turn_options(s, plan)
                + architect_options(s, plan, REPLY_BRANCH)
                + card_options(s, plan, REPLY_BRANCH)
            )
            worst = None
            for r in replies:
                t = _settled(r.state.copy())
                if t.phase != Phase.OVER:
                    worst = None  # not the last turn after all: no verdict
                    break
                got = exact_outcome(t)
                if got.win[me] < 1.0:
                    worst = None
                    break
                if worst is None or got.margin[me] < worst.margin[me]:
                    worst = got
        if worst is not None and worst.win[me] >= 1.0:
            out.append((tuple(option.actions), worst))
    return out
