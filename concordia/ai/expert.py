"""The expert: the menu's strongest level, the hint's adviser and the review's judge.

It chooses with the search of :mod:`concordia.ai.expert_v1` (whole card plays, rollouts
with the normal policy, the hand-tuned and learned-linear score). The learned outcome
search (:mod:`concordia.ai.outcome_search`, level ``expert-outcome``) beats it at the
tournaments' iteration budget but is not yet measured to its bars at the UI's time
budget (docs/ai.md). What it adds is the learned outcome evaluation
(:mod:`concordia.ai.outcome`) on every option it reports:

- each option's chance to win and expected margin over the best opponent are the
  outcome network's forecast of the position right after the whole card play (the
  other seats' forced discards included, the hidden draw pile re-dealt by a fixed rng);
  once that play ends the game they are the real result (1 or 0 by the tie-break, the
  real margin), never a forecast;
- an option that ends the game with a win ranks first and one that ends it with a loss
  last, whatever the search scored them: a sure win is never advised against (the
  hint once advised building two houses over buying the last two cards, which won by
  27).

So the hint, the review and the AI seat judge a position the same way: one search, one
outcome evaluation.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from concordia.ai.base import Limit
from concordia.ai.closing import closing_wins
from concordia.ai.evaluate import remaining_turns
from concordia.ai.expert_v1 import ExpertV1Agent
from concordia.ai.expert_v1 import OptionReport as SearchReport
from concordia.ai.outcome import Outcome, OutcomeNet, exact_outcome, load_outcome
from concordia.core import Action, GameState, Phase

NEAR_END_TURNS = 4.0  # the hint tells the expected margin only this close to the end
WIN_VP = 200.0  # a win counts this many VP of margin in :meth:`ExpertAgent.score`
_SETTLE_GUARD = 50  # forced steps (discards) played after a card play at most


@dataclass(frozen=True, slots=True)
class OptionReport(SearchReport):
    """One searched card play (:class:`concordia.ai.expert_v1.OptionReport`: its
    actions, the mover's expected final points and lead from the rollouts, the search's
    score, its rollouts) with the outcome after it: the chance to win, and whether that
    is the real result (the play ends the game) rather than a forecast."""

    win: float = 0.0
    exact: bool = False


class ExpertAgent(ExpertV1Agent):
    """``expert-v1``'s search with the learned outcome on its options (module doc)."""

    name = "expert"

    def __init__(self, net: OutcomeNet | None = None) -> None:
        super().__init__()
        self.net = net if net is not None else load_outcome()

    def analyse(  # type: ignore[override]
        self,
        view: GameState,
        limit: Limit,
        rng: random.Random,
        cancel: threading.Event | None = None,
        top: int | None = None,
    ) -> list[OptionReport]:
        """The searched options for the mover of ``view``, best first (at most
        ``top``), each with its chance to win. Raises :class:`Cancelled` if cancelled
        before any option exists."""
        me = view.current_player
        assert me is not None
        if not view.deck_hidden:
            view = view.view_for(me)  # the real draw order must not matter
        searched = super().analyse(view, limit, rng, cancel)
        world = view.redeal(random.Random(f"{view.seed}/{view.step}/outcome"))
        reports = []
        for r in searched:
            fc = self.outcome_after(world, r.actions, me)
            exact = fc is not None and fc.exact
            win = fc.win[me] if fc is not None else 0.0
            lead = fc.margin[me] if exact and fc is not None else r.lead
            reports.append(
                OptionReport(r.actions, r.expected_points, lead, r.value, r.visits, win, exact)
            )
        # With two players a play that buys the last cards and wins after every
        # final turn the planner proposes for the other seat is a sure win too.
        wins = closing_wins(world)
        if wins:
            acts, fc = max(wins, key=lambda w: w[1].margin[me])
            best = max(r.value for r in reports) if reports else 0.0
            reports = [r for r in reports if r.actions != acts]
            reports.append(
                OptionReport(acts, fc.points[me], fc.margin[me], best, 0, fc.win[me], True)
            )
        out = rank_by_outcome(reports)
        self.last_analysis = list[SearchReport](out)
        self.last_stats = {
            **self.last_stats,
            "near_end": float(remaining_turns(view, me) < NEAR_END_TURNS),
            "win": out[0].win,
        }
        return out if top is None else out[:top]

    def outcome_after(
        self, world: GameState, actions: tuple[Action, ...], me: int
    ) -> Outcome | None:
        """The outcome of the position after ``me`` plays ``actions`` in ``world``
        (what is left of the card and the seats' forced discards played by the first
        legal choice, up to the next card choice): the real
        result if the game is then over, else the network's forecast; None if a step
        is not legal there."""
        s = world.copy()
        for a in actions:
            if a not in s.legal_actions():
                return None
            s.apply_in_place(a)
        guard = 0
        while not s.is_terminal() and s.phase != Phase.CARD and guard < _SETTLE_GUARD:
            s.apply_in_place(s.legal_actions()[0])
            guard += 1
        return exact_outcome(s) if s.phase == Phase.OVER else self.net.forecast(s)

    def score(self, s: GameState, me: int) -> tuple[float, float, float, float]:
        """A position judged as the review compares plays: ``WIN_VP`` x the chance to
        win + the margin (VP), the expected final points, the margin and the chance;
        the real result once the game is over."""
        fc = exact_outcome(s) if s.phase == Phase.OVER else self.net.forecast(s)
        return WIN_VP * fc.win[me] + fc.margin[me], fc.points[me], fc.margin[me], fc.win[me]


def rank_by_outcome(reports: list[OptionReport]) -> list[OptionReport]:
    """``reports`` (in the search's order) with the plays that end the game won first
    and those that end it lost last, each group in its order (a stable sort)."""

    def rank(r: OptionReport) -> int:
        if not r.exact:
            return 1
        return 0 if r.win >= 1.0 else 2

    return sorted(reports, key=rank)
