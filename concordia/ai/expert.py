"""The expert: the menu's strongest level, the hint's adviser and the review's judge.

It chooses with the outcome search (:mod:`concordia.ai.outcome_search`: whole card
plays, rollouts with the normal policy, scored by the learned chance to win and margin
with the hand-tuned evaluation added), which beats ``expert-v1`` on deals it was not
tuned on (docs/ai.md). On every option it reports it adds whether the figures are the
real result:

- each option's chance to win and expected margin over the best opponent are the
  search's (the mean over its rollouts of the outcome network's forecast, or of the
  real result where a rollout reached the end); once the whole card play ends the game
  (the other seats' forced discards included, the hidden draw pile re-dealt by a fixed
  rng) they are the real result (1 or 0 by the tie-break, the real margin), never a
  forecast;
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
from concordia.ai.outcome import Outcome, exact_outcome
from concordia.ai.outcome_search import OptionReport as SearchReport
from concordia.ai.outcome_search import OutcomeSearchAgent
from concordia.core import Action, GameState, Phase

_SETTLE_GUARD = 50  # forced steps (discards) played after a card play at most


@dataclass(frozen=True, slots=True)
class OptionReport(SearchReport):
    """One searched card play (:class:`concordia.ai.outcome_search.OptionReport`: its
    actions, the mover's expected final points, margin and chance to win, the search's
    score, its rollouts) and whether the chance and margin are the real result (the
    play ends the game) rather than a forecast."""

    exact: bool = False


class ExpertAgent(OutcomeSearchAgent):
    """The outcome search with the real result on the plays that end the game (module
    doc). Its settings are the search's (``--set expert.NAME=VALUE``)."""

    name = "expert"

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
            pts, lead, win = r.expected_points, r.lead, r.win
            if fc is not None:
                pts, lead, win = fc.points[me], fc.margin[me], fc.win[me]
            reports.append(
                OptionReport(r.actions, pts, lead, r.value, r.visits, win, fc is not None)
            )
        out = rank_by_outcome(reports)
        self.last_analysis = list[SearchReport](out)
        self.last_stats = {**self.last_stats, "win": out[0].win}
        return out if top is None else out[:top]

    def outcome_after(
        self, world: GameState, actions: tuple[Action, ...], me: int
    ) -> Outcome | None:
        """The real result once ``me`` has played ``actions`` in ``world`` and the
        seats' forced discards are played (by the first legal choice, up to the next
        card choice), if that ends the game; None if the game goes on or a step is not
        legal there."""
        s = world.copy()
        for a in actions:
            if a not in s.legal_actions():
                return None
            s.apply_in_place(a)
        guard = 0
        while not s.is_terminal() and s.phase != Phase.CARD and guard < _SETTLE_GUARD:
            s.apply_in_place(s.legal_actions()[0])
            guard += 1
        return exact_outcome(s) if s.phase == Phase.OVER else None


def rank_by_outcome(reports: list[OptionReport]) -> list[OptionReport]:
    """``reports`` (in the search's order) with the plays that end the game won first
    and those that end it lost last, each group in its order (a stable sort)."""

    def rank(r: OptionReport) -> int:
        if not r.exact:
            return 1
        return 0 if r.win >= 1.0 else 2

    return sorted(reports, key=rank)
