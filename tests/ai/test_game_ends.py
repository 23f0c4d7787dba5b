"""Planning agents must finish their games.

Regression: two easy or normal agents on 2-player Italia used to stop buying cards
and building once they were rich, farming cash for thousands of actions (found by
the UI's ``--autoplay`` test and a stall sweep). These seeds stalled before the
evaluation's stall breaker (``Weights.stall``) was added.
"""

from __future__ import annotations

import pytest

from concordia.ai.base import Limit
from concordia.ai.play import play_game
from concordia.maps import load_board

# A finished 2-player game takes about 250-550 actions.
MAX_STEPS = 1500


@pytest.mark.parametrize(
    ("level", "seed"), [("normal", 0), ("normal", 1), ("easy", 2), ("easy", 4), ("normal", 5)]
)
def test_two_planning_agents_finish_on_italia(level: str, seed: int) -> None:
    game = play_game(
        load_board("italia"), [level, level], seed, Limit(time_s=0.05), max_steps=MAX_STEPS
    )
    assert game.state.is_terminal(), (
        f"{level} vs {level}, seed {seed}: not over after {game.state.step} actions"
    )
    assert game.state.concordia is not None
