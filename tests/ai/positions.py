"""Positions the AI, hint and review tests share."""

from __future__ import annotations

import functools
import random
import threading

from concordia.ai.base import Limit
from concordia.ai.play import play_game
from concordia.ai.registry import make_agent
from concordia.core import GameRecord, GameState, Phase, new_game
from concordia.maps import load_board
from concordia.review import states_of


def last_turn(seed: int, board: str = "italia") -> GameState:
    """Normal play of a 2-player game to its last turn (every play then ends it).

    The game is played once per run (a whole game of two planners) and each caller
    gets its own copy."""
    return _last_turn(seed, board).copy()


@functools.cache
def _last_turn(seed: int, board: str) -> GameState:
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


@functools.cache
def cheap_game(seed: int) -> tuple[GameRecord, list[GameState]]:
    """A whole 2-player Italia game of an easy AI (seat 0, marked human) against a
    normal one, both at 2 iterations (deterministic), and its states.

    Played once per run: the review tests and the review screen's share it (a test
    module imported from another one is a second module object, so the cache lives
    here). Callers must not change the states."""
    board = load_board("italia")
    game = play_game(board, ["easy", "normal"], seed=seed, limits=Limit(iterations=2))
    seats = [{"kind": "human"}, {"kind": "normal"}]
    record = GameRecord("italia", 2, seed, {}, [str(a) for a in game.actions], seats)
    return record, states_of(record, board)
