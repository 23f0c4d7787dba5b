"""Positions the AI, hint and review tests share."""

from __future__ import annotations

import random
import threading

from concordia.ai.base import Limit
from concordia.ai.registry import make_agent
from concordia.core import GameState, Phase, new_game
from concordia.maps import load_board


def last_turn(seed: int, board: str = "italia") -> GameState:
    """Normal play of a 2-player game to its last turn (every play then ends it)."""
    s = new_game(load_board(board), 2, seed)
    agents = [make_agent("normal"), make_agent("normal")]
    cancel = threading.Event()
    while s.phase != Phase.OVER:
        seat = s.current_player
        assert seat is not None
        if s.phase == Phase.CARD and s.final_turns == 1:
            return s
        s.apply_in_place(agents[seat].choose(s.view_for(seat), Limit(), random.Random(0), cancel))
    raise AssertionError(f"seed {seed}: the game ended without a last turn to play")
