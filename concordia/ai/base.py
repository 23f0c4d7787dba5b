"""The agent contract, search budgets and each AI level's default budget.

An agent chooses one action for the seat to move, given that seat's *view* of the
state (``state.view_for(seat)``: the draw-pile order is hidden), a :class:`Limit`, an
injected :class:`random.Random` and a :class:`threading.Event` that asks it to stop.
Agents never rely on the hidden deck order: search code re-deals the unseen cards
with ``view.redeal(rng)`` before it looks ahead (STYLE.md section 5).

This module imports no agent: the agents import it, and the registry of levels
(:mod:`concordia.ai.registry`: ``make_agent(name)``, ``LEVELS``) imports the agents.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from concordia.core import Action, GameState


@dataclass(frozen=True, slots=True)
class Limit:
    """A search budget: wall-clock seconds, iterations, both (whichever comes first)
    or neither (the agent's own default). Tests use ``iterations`` (deterministic);
    the UI uses ``time_s``."""

    time_s: float | None = None
    iterations: int | None = None


class Agent(Protocol):
    """What every AI level provides (see the module docstring)."""

    name: str

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        """Return one action from ``view.legal_actions()`` for ``view.current_player``.

        Must return promptly (within about 100 ms) once ``cancel`` is set, with the
        best action found so far.
        """
        ...


class RankedOption(Protocol):
    """One whole card play an adviser searched (the expert's ``OptionReport``): its
    actions, the forecast final victory points of the mover, the forecast lead over
    the best opponent and the search's score, by which the options are ranked."""

    @property
    def actions(self) -> Sequence[Action]: ...

    @property
    def expected_points(self) -> float: ...

    @property
    def lead(self) -> float: ...

    @property
    def value(self) -> float: ...


@runtime_checkable
class Adviser(Agent, Protocol):
    """An agent that keeps what its last decision found: ``last_analysis``, the options
    it ranked, best first (empty when it replayed a plan instead of searching), and
    ``last_stats``, numbers about that search (``near_end`` 1.0 where the lead counts
    in the score, 0.0 far from the end, where the lead is not worth telling). The
    worker passes them on with the answer, and the hint says them as its reasons."""

    @property
    def last_analysis(self) -> Sequence[RankedOption]: ...

    @property
    def last_stats(self) -> Mapping[str, float]: ...


class Budget:
    """Tracks a :class:`Limit` and a cancel event during one decision."""

    __slots__ = ("_cancel", "_deadline", "_max_iter", "iterations", "start")

    def __init__(
        self, limit: Limit, cancel: threading.Event | None, default_time_s: float | None = None
    ) -> None:
        self.start = time.perf_counter()
        t = limit.time_s
        if t is None and limit.iterations is None:
            t = default_time_s
        self._deadline = None if t is None else self.start + t
        self._max_iter = limit.iterations
        self._cancel = cancel
        self.iterations = 0

    @property
    def cancelled(self) -> bool:
        return self._cancel is not None and self._cancel.is_set()

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining_time(self) -> float | None:
        if self._deadline is None:
            return None
        return self._deadline - time.perf_counter()

    def overdue(self, slack_s: float = 0.3) -> bool:
        """True once the time budget has passed by more than ``slack_s``."""
        return self._deadline is not None and time.perf_counter() > self._deadline + slack_s

    def exhausted(self) -> bool:
        """True when the time, the iterations or the caller say stop."""
        if self._cancel is not None and self._cancel.is_set():
            return True
        if self._max_iter is not None and self.iterations >= self._max_iter:
            return True
        return self._deadline is not None and time.perf_counter() >= self._deadline


# Budgets the UI uses per level (seconds per decision; the hard agent spends it only on
# the first action of a turn and replays its plan for the rest of the card). A test
# checks that every level of the registry has one.
_DEFAULT_LIMITS: dict[str, Limit] = {
    "random": Limit(time_s=0.0),
    "easy": Limit(time_s=0.2),
    "normal": Limit(time_s=0.2),
    "hard": Limit(time_s=1.2),
    "expert": Limit(time_s=1.7),
    "expert-v1": Limit(time_s=1.7),
}


def default_limit(level: str) -> Limit:
    """The budget the UI should give ``level`` per decision.

    Raises:
        KeyError: unknown level.
    """
    return _DEFAULT_LIMITS[level]


def fallback_action(state: GameState, rng: random.Random | None = None) -> Action | None:
    """A uniformly random legal action for the player to move (None when the game is
    over). The UI uses it when an agent fails, hangs or answers illegally."""
    legal = state.legal_actions()
    if not legal:
        return None
    if rng is None:
        rng = random.Random(f"{state.seed}/{state.step}/fallback")
    return rng.choice(legal)
