"""The menu's expert: the outcome search with the real result on every option that
ends the game, a play that ends the game won ranked first and one that ends it lost
last. (The search itself: tests/ai/test_outcome_search.py.)"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest

from concordia.ai import Limit, make_agent
from concordia.ai.expert import ExpertAgent, OptionReport, rank_by_outcome
from concordia.ai.outcome_search import OutcomeSearchAgent
from concordia.ai.registry import LEVELS
from concordia.core import BoardSpec, GameState, Phase
from tests.ai.positions import last_turn

Position = Callable[[BoardSpec, int, int, int], GameState]
SMALL = Limit(iterations=14)


def test_the_expert_is_the_menus_level_and_the_outcome_search() -> None:
    assert {"expert", "expert-v1"} <= set(LEVELS)
    agent = make_agent("expert")
    assert isinstance(agent, ExpertAgent) and isinstance(agent, OutcomeSearchAgent)


def test_it_chooses_as_its_search_and_tells_each_options_chance(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    s = position(boards["imperium"], 4, 11, 150)
    seat = s.current_player
    assert s.phase == Phase.CARD and seat is not None
    view = s.view_for(seat)
    cancel = threading.Event()
    mine = ExpertAgent().analyse(view, SMALL, random.Random(5), cancel)
    search = OutcomeSearchAgent().analyse(view, SMALL, random.Random(5), cancel)
    # Far from the end no play ends the game: the search's order and figures are kept.
    assert [(r.actions, r.win, r.lead) for r in mine] == [
        (r.actions, r.win, r.lead) for r in search
    ]
    assert all(0.0 <= r.win <= 1.0 and not r.exact for r in mine)
    assert len({round(r.win, 6) for r in mine}) > 1  # the forecasts tell plays apart


@pytest.mark.parametrize("seed", [1, 2])
def test_on_the_last_turn_every_option_is_its_real_result(seed: int) -> None:
    s = last_turn(seed)
    me = s.current_player
    assert me is not None
    reports = ExpertAgent().analyse(s.view_for(me), Limit(iterations=8), random.Random(1))
    assert reports and all(r.exact for r in reports)
    for r in reports[:3]:
        end = s.copy()
        for a in r.actions:
            end.apply_in_place(a)
        while end.phase != Phase.OVER:  # the other seat's forced discards, if any
            end.apply_in_place(end.legal_actions()[0])
        won = end.outcome().winner == me
        assert r.win == (1.0 if won else 0.0)
        totals = [sc.total for sc in end.scores()]
        assert r.lead == totals[me] - max(t for o, t in enumerate(totals) if o != me)


def _report(name: str, win: float, exact: bool) -> OptionReport:
    return OptionReport((), 100.0, 0.0, 0.0, 1, win, exact)


def test_a_play_that_ends_the_game_won_ranks_first_and_one_lost_last() -> None:
    searched = [
        _report("build", 0.6, False),
        _report("end lost", 0.0, True),
        _report("produce", 0.5, False),
        _report("end won", 1.0, True),
    ]
    ranked = rank_by_outcome(searched)
    assert ranked == [searched[3], searched[0], searched[2], searched[1]]
