"""The hint never tells a forecast margin beside the chance of winning: the expert's
chance comes from the outcome network and its search's lead from rollouts, and near
the end they read as "about 10 % to win; expected margin +12" (found by hand, 2 players
at 1920x1080, 83 VP against 101). Where a play ends the game the reasons tell the real
margin ("ends the game and wins by 4")."""

from __future__ import annotations

from dataclasses import dataclass, field

from concordia.ai.worker import options_of
from concordia.core import Action


@dataclass
class _Report:
    actions: tuple[Action, ...] = ()
    expected_points: float = 90.0
    lead: float = 12.0
    value: float = 0.0
    win: float | None = None


@dataclass
class _Adviser:
    name: str = "fake"
    last_analysis: list[_Report] = field(default_factory=list)
    last_stats: dict[str, float] = field(default_factory=lambda: {"near_end": 1.0})

    def choose(self, view, limit, rng, cancel):  # type: ignore[no-untyped-def]
        raise NotImplementedError


def test_an_adviser_with_a_chance_of_winning_passes_no_margin() -> None:
    agent = _Adviser(last_analysis=[_Report(win=0.1), _Report(win=0.05, lead=3.0)])
    options = options_of(agent)
    assert [o.win for o in options] == [0.1, 0.05]
    assert all(o.lead is None for o in options)


def test_an_adviser_without_a_chance_passes_its_lead_near_the_end() -> None:
    near = _Adviser(last_analysis=[_Report()])
    assert options_of(near)[0].lead == 12.0
    far = _Adviser(last_analysis=[_Report()], last_stats={"near_end": 0.0})
    assert options_of(far)[0].lead is None
