"""The headless game loop used by tests, the tournament and benchmarks."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from concordia.ai.base import Agent, Limit
from concordia.ai.registry import make_agent
from concordia.core import Action, BoardSpec, GameState, IllegalActionError, Phase, new_game

MAX_STEPS = 20000  # a safety net: real games take well under 2000 actions


class Decision(NamedTuple):
    """One call of an agent: who, when, how long, and whether it began a turn (the
    expensive call of a planning agent; the rest of the card replays its plan)."""

    seat: int
    step: int
    time_s: float
    turn_start: bool


class PlayedGame(NamedTuple):
    """The result of :func:`play_game`: the final state, every action in order and
    the agents' decisions with their times."""

    state: GameState
    actions: list[Action]
    decisions: list[Decision]


def play_game(
    board: BoardSpec,
    agents: Sequence[Agent | str],
    seed: int = 0,
    limits: Limit | Sequence[Limit | None] | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_steps: int = MAX_STEPS,
    cancel: threading.Event | None = None,
) -> PlayedGame:
    """Play one game between ``agents`` (one per seat, instances or level names).

    Args:
        board: the board.
        agents: seat 0 first; the number of agents is the number of players.
        seed: deals the game (``new_game(seed=...)``) and seeds each decision's rng
            (``f"{seed}/{step}/{seat}"``), so a game with iteration limits replays
            identically.
        limits: one :class:`Limit` for all seats, or one per seat (None = default).
        options: keyword options of :func:`concordia.core.new_game`.
        max_steps: stop (unfinished) after this many actions.
        cancel: passed to the agents; set it to stop the game early.

    Raises:
        IllegalActionError: an agent returned an action that is not legal.
    """
    n = len(agents)
    seats: list[Agent] = [make_agent(a) if isinstance(a, str) else a for a in agents]
    if limits is None or isinstance(limits, Limit):
        per_seat: list[Limit] = [limits or Limit()] * n
    else:
        per_seat = [lim or Limit() for lim in limits]
    state = new_game(board, n, seed, **dict(options or {}))
    event = cancel if cancel is not None else threading.Event()
    actions: list[Action] = []
    decisions: list[Decision] = []
    while state.current_player is not None and len(actions) < max_steps:
        if event.is_set():
            break
        seat = state.current_player
        view = state.view_for(seat)
        rng = random.Random(f"{seed}/{state.step}/{seat}")
        turn_start = state.phase in (Phase.CARD, Phase.FIRST_BUY)
        t0 = time.perf_counter()
        action = seats[seat].choose(view, per_seat[seat], rng, event)
        dt = time.perf_counter() - t0
        if action not in state.legal_actions():
            raise IllegalActionError(
                f"{getattr(seats[seat], 'name', seats[seat])} (seat {seat}) chose {action} "
                f"at step {state.step}, phase {state.phase}"
            )
        decisions.append(Decision(seat, state.step, dt, turn_start))
        state.apply_in_place(action)
        actions.append(action)
    return PlayedGame(state, actions, decisions)
