"""Every AI level looks at its cancel event often, counted in work, not in time.

The promise (``Agent.choose``): an answer within about 100 ms of a cancel. Here it is
proved by construction: between two polls of the cancel event, and from the poll that
sees a cancel to the answer, a search makes at most
:data:`~tests.ai.cancel_work.MAX_CALLS_BETWEEN_POLLS` function calls, whatever the load
of the machine (``python -m tests.ai.cancel_work`` measures what they cost).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest

from concordia.ai import Limit, make_agent
from concordia.core import Action, BoardSpec, GameState
from tests.ai.cancel_work import MAX_CALLS_BETWEEN_POLLS, PollCounter

Position = Callable[[BoardSpec, int, int, int], GameState]

# Whole decisions, small iteration budgets: the expert's 14 iterations are its twelve
# first-stage rollouts and the start of the second stage.
BUDGET = {"easy": 1, "normal": 1, "hard": 6, "expert": 14}


def _search(
    level: str, s: GameState, counter: PollCounter, iterations: int
) -> tuple[Action, GameState]:
    seat = s.current_player
    assert seat is not None
    view = s.view_for(seat)
    agent = make_agent(level)
    with counter.counting():
        action = agent.choose(view, Limit(iterations=iterations), random.Random(1), counter)
    return action, view


def test_the_counter_counts_the_calls_between_polls() -> None:
    def work(n: int) -> None:
        for _ in range(n):
            abs(1)

    counter = PollCounter()
    with counter.counting():
        for n in (10, 500, 20):
            work(n)
            counter.is_set()
        work(7)
    # each stretch: the calls of ``work`` (itself, ``range``, n ``abs``), then ``is_set``
    assert counter.gaps == [12, 503, 23]
    assert counter.longest == 503
    assert counter.calls - sum(counter.gaps) >= 1 + 9  # the last ``is_set`` and ``work(7)``


class _Stubborn:
    """A search that polls, then works for a long stretch without polling."""

    name = "stubborn"

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        legal = view.legal_actions()
        for _ in range(3):
            cancel.is_set()
            for _ in range(MAX_CALLS_BETWEEN_POLLS):
                abs(1)
        return legal[0]


def test_a_search_that_does_not_poll_breaks_the_bound(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    s = position(boards["italia"], 3, 1, 10)
    counter = PollCounter()
    with counter.counting():
        _Stubborn().choose(s, Limit(), random.Random(1), counter)
    assert len(counter.gaps) == 3
    assert counter.longest > MAX_CALLS_BETWEEN_POLLS


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_a_whole_search_polls_cancel_within_bounded_work(
    boards: dict[str, BoardSpec], position: Position, level: str
) -> None:
    s = position(boards["imperium"], 5, 6, 50)
    counter = PollCounter()
    action, view = _search(level, s, counter, BUDGET[level])
    assert action in view.legal_actions()
    assert counter.cancelled_polls == 0
    assert len(counter.gaps) >= 50, "the search hardly polled: is the counter installed?"
    assert counter.calls > 10 * len(counter.gaps)
    assert counter.longest <= MAX_CALLS_BETWEEN_POLLS, counter.longest


# Where the cancel lands: planning the candidates (an early poll) and in the rollouts.
@pytest.mark.parametrize(
    ("level", "cancel_at"),
    [("normal", 40), ("hard", 30), ("hard", 2000), ("expert", 30), ("expert", 3000)],
)
def test_a_cancel_stops_the_search_within_bounded_work(
    boards: dict[str, BoardSpec], position: Position, level: str, cancel_at: int
) -> None:
    s = position(boards["imperium"], 5, 6, 50)
    counter = PollCounter(cancel_at=cancel_at)
    action, view = _search(level, s, counter, 10**6)  # only the cancel ends it
    assert action in view.legal_actions()  # the best action found so far
    assert len(counter.gaps) == cancel_at
    assert 1 <= counter.cancelled_polls <= 5, counter.cancelled_polls
    assert counter.longest <= MAX_CALLS_BETWEEN_POLLS, counter.longest
    assert counter.after_cancel <= MAX_CALLS_BETWEEN_POLLS, counter.after_cancel


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
@pytest.mark.parametrize(
    ("board", "players"),
    [("imperium", n) for n in (2, 3, 4, 5)] + [("italia", n) for n in (2, 3, 4)],
)
def test_every_board_and_player_count_polls_within_bounded_work(
    boards: dict[str, BoardSpec], position: Position, level: str, board: str, players: int
) -> None:
    s = position(boards[board], players, 6, 40 * players)  # early to late in a game
    assert s.phase == "card"
    counter = PollCounter()
    action, view = _search(level, s, counter, BUDGET[level])
    assert action in view.legal_actions()
    assert counter.longest <= MAX_CALLS_BETWEEN_POLLS, counter.longest
