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
