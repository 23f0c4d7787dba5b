"""Planning agents must finish their games.

Regression: two easy or normal agents on 2-player Italia used to stop buying cards
and building once they were rich, farming cash for thousands of actions (found by
the UI's ``--autoplay`` test and a stall sweep). These seeds stalled before the
evaluation's stall breaker (``Weights.stall``) was added.
"""

from __future__ import annotations

import random
import threading

import pytest

from concordia.ai.base import Limit
from concordia.ai.evaluate import NORMAL, stall_cost
from concordia.ai.play import play_game
from concordia.ai.registry import make_agent
from concordia.core import GameState, Phase
from concordia.core.data import CARDS
from concordia.maps import load_board
from tests.core.helpers import check, game, give_card, legal, play, set_goods, set_turn

# A finished 2-player game takes about 250-550 actions.
MAX_STEPS = 1500


# One game in the default run, the other seeds in the slow stage.
@pytest.mark.parametrize(
    ("level", "seed"),
    [
        pytest.param("normal", 0, marks=pytest.mark.slow),
        pytest.param("normal", 1, marks=pytest.mark.slow),
        pytest.param("easy", 2, marks=pytest.mark.slow),
        pytest.param("easy", 4, marks=pytest.mark.slow),
        ("normal", 5),
    ],
)
def test_two_planning_agents_finish_on_italia(level: str, seed: int) -> None:
    game = play_game(
        load_board("italia"), [level, level], seed, Limit(time_s=0.05), max_steps=MAX_STEPS
    )
    assert game.state.is_terminal(), (
        f"{level} vs {level}, seed {seed}: not over after {game.state.step} actions"
    )
    assert game.state.concordia is not None


def _stalled() -> GameState:
    # Three players, Imperium, long past a normal game's length: every seat has taken
    # 70 turns (finished games take 25-50) and built 12 houses. The draw pile is empty
    # and the one card left for sale, I_farmer, costs brick and food; every seat is
    # rich but holds only tools, so no one can end the game this turn: buying the last
    # card wants a Mercator first, building the last three houses several Architects.
    # (A tournament game of the expert's outcome search and two expert-v1 stalled like this for
    # thousands of actions.) Before the stall breaker counted the goods missing for the
    # last card, the levels took 16-64 turns to end it from here; now 6-10.
    s = game("imperium", 3, seed=1)
    set_turn(s, 0)
    sale = [c for c in s.display if c is not None] + list(s.deck)
    for i, c in enumerate(sale):
        if CARDS[c].id != "I_farmer":
            give_card(s, i % 3, CARDS[c].id, discard=True)
    cities = [c for c in range(s.topo.num_cities) if c != s.topo.capital]
    for seat in range(3):
        for c in random.Random(seat).sample(cities, HOUSES_BUILT):
            s.houses[c] |= 1 << seat
        s.players[seat].houses_left -= HOUSES_BUILT
        s.players[seat].turns = 70
        s.players[seat].money = 100
        set_goods(s, seat, tool=8)
    return check(s)


HOUSES_BUILT = 12  # of 15: three left each
ROUNDS = 4
STALL_LEVELS = ("easy", "normal", "hard", "expert", "expert-v1")


@pytest.mark.parametrize("level", STALL_LEVELS)
def test_a_rich_table_past_the_usual_length_ends_the_game(level: str) -> None:
    s = _stalled()
    assert s.deck_size == 0 and [CARDS[c].id for c in s.display if c is not None] == ["I_farmer"]
    assert not any(a.startswith("buy") for a in legal(play(s, "play senator")))
    agents = [make_agent(level) for _ in range(3)]
    cancel = threading.Event()
    turns = 0
    while s.phase != Phase.OVER:
        seat = s.current_player
        assert seat is not None
        if s.phase == Phase.CARD:
            if turns == ROUNDS * 3:
                break
            turns += 1
        rng = random.Random(f"{s.step}/{seat}")
        s.apply_in_place(agents[seat].choose(s.view_for(seat), Limit(iterations=4), rng, cancel))
    assert s.phase == Phase.OVER, f"{level}: not over after {ROUNDS} rounds (step {s.step})"


def test_the_stall_breaker_counts_the_goods_missing_for_the_last_card() -> None:
    s = _stalled()
    w = NORMAL
    per_turn = w.stall * (70 - w.stall_turns)
    # One card left, three houses left, brick and food missing.
    assert stall_cost(s, 0, w) == pytest.approx(per_turn * (1 + 3 + 2))
    set_goods(s, 0, brick=1, food=1, tool=6)
    assert stall_cost(s, 0, w) == pytest.approx(per_turn * (1 + 3))
    s.players[0].turns = w.stall_turns  # a game of normal length pays nothing
    assert stall_cost(s, 0, w) == 0.0
