"""Numbers the game window shows that the rules decide: what a card is worth to a
player now, what a Prefect action would bring, the live totals.

Pygame-free, so it is tested headless. Nothing here knows a scoring rule: every
figure is read from the core (:meth:`GameState.scores` and :meth:`GameState.apply`)
on a private copy of the state, so the window can never disagree with the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from concordia.core import GameState, Produce
from concordia.core.data import CARD_BY_ID, GOODS


def _total(state: GameState, seat: int) -> int:
    return state.scores()[seat].total


def owns(state: GameState, seat: int, card: str) -> bool:
    """Whether ``card`` is in the seat's hand or discard pile (the cards that score)."""
    p = state.players[seat]
    index = CARD_BY_ID[card].index
    return index in p.hand or index in p.discard


def card_worth(state: GameState, seat: int, card: str) -> int:
    """The points ``card`` gives ``seat`` if the game ended now.

    For a card the seat owns: its total now minus its total without that card. For any
    other card (the display, a rival's discard top): its total with the card added to
    its hand minus its total now; the price is not paid (the figure is what the card
    itself scores, not the purchase's net effect).
    """
    index = CARD_BY_ID[card].index
    trial = state.copy()
    p = trial.players[seat]
    now = _total(state, seat)
    if index in p.hand:
        p.hand.remove(index)
        return now - _total(trial, seat)
    if index in p.discard:
        p.discard.remove(index)
        return now - _total(trial, seat)
    p.hand.append(index)
    return _total(trial, seat) - now


def totals(state: GameState) -> list[int]:
    """Every seat's total if the game ended now (the live score of the panels)."""
    return [s.total for s in state.scores()]


def produce_gain(state: GameState, action: Produce) -> dict[str, int]:
    """Goods the acting player receives from ``action`` (the bonus marker's good,
    doubled for the Praefectus Magnus holder, plus what their own houses in the
    province make), read from the state after applying it to a copy. Goods that
    would not fit are counted: the storehouse choice comes afterwards."""
    seat = state.turn_player
    before = state.players[seat].goods
    after = state.apply(action).players[seat].goods
    return {g: after[i] - before[i] for i, g in enumerate(GOODS) if after[i] != before[i]}


def gain_text(gain: dict[str, int], name: Callable[[str, int], str]) -> str:
    """``{"wine": 2, "brick": 1}`` as "+2 wines +1 brick", ``name(good, n)`` naming
    ``n`` units of a good."""
    return " ".join(f"+{n} {name(g, n)}" for g, n in gain.items() if n > 0)
