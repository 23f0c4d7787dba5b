"""The figures the window shows beside cards and provinces come from the core.

``concordia.ui.insight`` is pygame-free; these tests check its answers against
figures worked out here from ``GameState.scores()`` in other ways (the per-god
points divided among that god's cards, the change in a seat's goods), in 20 positions
reached by random play on both boards.
"""

from __future__ import annotations

import random
import subprocess
import sys

from concordia.core import GameState, Produce, new_game
from concordia.core.data import CARD_BY_ID
from concordia.maps import load_board
from concordia.ui import insight


def _positions(count: int) -> list[GameState]:
    out: list[GameState] = []
    boards = [load_board("imperium"), load_board("italia")]
    rng = random.Random(11)
    seed = 0
    while len(out) < count:
        seed += 1
        board = boards[seed % 2]
        state = new_game(board, num_players=2 + seed % 4, seed=seed)
        stop = rng.randrange(40, 400)
        while not state.is_terminal() and state.step < stop:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


POSITIONS = _positions(20)


def _owned(state: GameState, seat: int) -> list[str]:
    return [*state.hand(seat), *state.discard(seat)]


def test_insight_is_pygame_free() -> None:
    code = "import sys, concordia.ui.insight; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_owned_cards_share_their_gods_points() -> None:
    """A god scores the same for each of its cards: n cards of Vesta are worth
    n times one; the Minerva specialists' worths add up to the Minerva points."""
    checked = 0
    for state in POSITIONS:
        for seat in range(state.num_players):
            gods = state.scores()[seat].gods
            owned = _owned(state, seat)
            by_god: dict[str, list[int]] = {}
            for card in owned:
                by_god.setdefault(CARD_BY_ID[card].god, []).append(
                    insight.card_worth(state, seat, card)
                )
            for god, worths in by_god.items():
                assert sum(worths) == gods[god], (god, worths, gods)
                if god != "Minerva":
                    assert len(set(worths)) == 1, (god, worths)
                checked += len(worths)
            for god, points in gods.items():
                if god not in by_god:
                    assert points == 0
    assert checked > 100


def test_unowned_card_is_worth_what_one_more_of_its_god_gives() -> None:
    """For a display card of a god the seat already has (not Minerva): one more card
    adds exactly the per-card share of that god's points."""
    checked = 0
    for state in POSITIONS:
        seat = state.current_player
        assert seat is not None
        gods = state.scores()[seat].gods
        owned = _owned(state, seat)
        for card in state.display_ids():
            if card is None or card in owned:
                continue
            god = CARD_BY_ID[card].god
            count = sum(1 for c in owned if CARD_BY_ID[c].god == god)
            if god == "Minerva" or count == 0:
                continue
            assert insight.card_worth(state, seat, card) == gods[god] // count
            checked += 1
    assert checked >= 10


def test_unowned_specialist_scores_its_houses() -> None:
    """A specialist not yet owned is worth its Minerva points per house times the
    seat's houses in cities of its good (counted here from the board)."""
    checked = 0
    for state in POSITIONS:
        seat = state.current_player
        assert seat is not None
        owned = _owned(state, seat)
        for card in state.display_ids():
            if card is None or card in owned or CARD_BY_ID[card].god != "Minerva":
                continue
            d = CARD_BY_ID[card]
            houses = sum(
                1
                for c in state.board.cities
                if seat in state.houses_in(c.slug) and state.city_good(c.slug) == d.good
            )
            assert insight.card_worth(state, seat, card) == d.minerva_vp * houses
            checked += 1
    assert checked >= 3


def test_totals_are_the_cores() -> None:
    for state in POSITIONS:
        assert insight.totals(state) == [s.total for s in state.scores()]


def test_produce_gain_is_the_change_in_goods() -> None:
    checked = 0
    rng = random.Random(3)
    for state in POSITIONS:
        s = state
        # Walk on to a Prefect decision.
        for _ in range(400):
            if s.is_terminal() or s.phase == "prefect":
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if s.phase != "prefect":
            continue
        me = s.turn_player
        for action in s.legal_actions():
            if not isinstance(action, Produce):
                continue
            gain = insight.produce_gain(s, action)
            after = s.apply(action).players[me].goods
            total = sum(after) - sum(s.players[me].goods)
            assert sum(gain.values()) == total
            # The bonus good is always part of it: 1, or 2 with the Praefectus Magnus.
            good = s.province_good(action.province)
            assert gain.get(good, 0) >= (2 if s.praefectus == me else 1)
            checked += 1
    assert checked >= 5
