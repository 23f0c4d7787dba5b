"""The outcome search: determinized search over whole card plays that plays to win.

The search of the menu's expert (:mod:`concordia.ai.expert`, level ``"expert"``), which
adds the real result on the plays that end the game; every strength figure is measured
against ``expert-v1`` (docs/ai.md).

The leaf of the search is the learned outcome evaluation (:mod:`concordia.ai.outcome`):
the mover's probability of winning (ties by the game's tie-break) times
:attr:`OutcomeSearchConfig.win_vp` plus the predicted final margin over the best opponent, so
the score is in VP (a win is worth ``win_vp`` VP of margin) and a position won or lost
either way still prefers the bigger margin. To that it adds
:attr:`OutcomeSearchConfig.hand_weight` x the hand-tuned evaluation's estimate of the
mover's final points less the planner's spite x the opponents' (:mod:`concordia.ai.evaluate`):
the forecast alone scarcely tells apart plays a few sestertii or one good apart, the
hand-tuned estimate alone does not play to win, and together they beat ``expert-v1``
where neither does (docs/ai.md). A rollout that reaches the end of the game is scored
by the real result (win 1 or 0 by the tie-break, the real margin and points), never by
a forecast; with two players a play that buys the last cards and wins after every
final turn the planner proposes for the other seat (:func:`concordia.ai.closing.closing_wins`)
ranks first.

Candidates are whole card plays (turn options of :mod:`concordia.ai.greedy`, planned
with the hand-tuned evaluation and the hard agent's spite), plus, for each Architect
in hand, the plays starting with another of the best first moves, for each
Prefect the plays of its other provinces, and the plays that buy the last cards for
sale (:mod:`concordia.ai.closing`), less a Tribune that takes back at most one card
and buys no colonist (a horizon the rollouts cannot see past: see
:func:`_without_idle_tribune`); the best :attr:`OutcomeSearchConfig.candidates`
by the forecast of the position each reaches are searched, and the best play that
takes the Concordia card besides them:

1. each *world* re-deals the unseen draw pile with the agent's rng
   (``view.redeal(rng)``; the real order is never used);
2. stage 1 plays every candidate in one world, then one round (every other seat's
   turn and our own next one) with the normal policy, the opponent model of the hard
   agent and of ``expert-v1``; stage 2 plays the best :attr:`OutcomeSearchConfig.finalists`
   :attr:`OutcomeSearchConfig.rounds` rounds deep on fresh worlds common to them while the
   budget lasts (a world that would not finish before the deadline is not started). A
   budget that ends inside stage 1 has rolled out the candidates best by the forecast;
   the choice is among those (a forecast right after a play is not on the scale of a
   rollout's, which has seen a round of the other seats' plays).

One rollout is one iteration, so ``Limit(iterations=...)`` gives a deterministic
choice for a seed; ``Limit(time_s=...)`` stops at the deadline. :meth:`OutcomeSearchAgent.analyse`
returns the best options with the expected final points, margin and win probability
(the hint shows them).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, fields, replace
from typing import Any

from concordia.ai.base import Budget, Limit
from concordia.ai.closing import closing_options, closing_wins
from concordia.ai.evaluate import NORMAL, against_rivals, evaluate, remaining_turns, stall_cost
from concordia.ai.expert_v1 import architect_options, card_options
from concordia.ai.greedy import (
    Cancelled,
    SearchingAgent,
    TurnOption,
    ValueFn,
    greedy_step,
    turn_options,
    value_fn,
)
from concordia.ai.outcome import Outcome, OutcomeNet, exact_outcome, load_outcome
from concordia.core import Action, GameState, Phase
from concordia.core.actions import Place, PlayCard

DEFAULT_TIME_S = 1.7
NEAR_END_TURNS = 4.0  # the hint tells the expected margin only this close to the end
PLAN_SPITE = 0.25  # the candidates' planner weighs the opponents like the hard agent
PREFECT_BRANCH = 3  # provinces of a Prefect searched besides the planner's own
# Mercator trades followed by a second one inside the rollouts (the planner proposing
# the candidates follows 8): Mercator plans are the rollouts' cost.
ROLLOUT_TRADES = 3
TRIBUNE_PLAY = PlayCard("tribune")


@dataclass(frozen=True, slots=True)
class OutcomeSearchConfig:
    """The expert's settings (``--set expert.NAME=VALUE`` in the tournament)."""

    #: Whole card plays searched (the best by the forecast after each).
    candidates: int = 10
    #: Candidates played deeper in stage 2.
    finalists: int = 4
    #: Depth of stage 2's rollouts, in rounds of every seat.
    rounds: int = 1
    #: What a win is worth in VP of final margin: the score is ``win_vp`` x the win
    #: probability + the margin, so 10 VP of margin count as 5 points of probability.
    win_vp: float = 200.0
    #: First moves of each Architect in hand searched besides the planner's (at most
    #: 4 players: with 5 the extra candidates cost more rollouts than they gain).
    architect_branch: int = 3
    #: Weight of the hand-tuned evaluation in the score: ``hand_weight`` x (the
    #: mover's estimated final points - the planner's spite x the mean of the best
    #: and the average opponent's). It tells apart plays the win forecast scarcely
    #: separates (3 sestertii against one good early on); 0 scores by the forecast
    #: alone.
    hand_weight: float = 4.0


@dataclass(frozen=True, slots=True)
class OptionReport:
    """One searched card play: its actions, the mover's expected final victory points,
    margin over the best opponent and win probability after it (means over its
    rollouts), the search's score (:meth:`OutcomeSearchAgent.score`: ``win_vp`` x the
    win probability + the margin + the hand-tuned term) and how many rollouts it got
    (0 for a sure closing win judged by :func:`concordia.ai.closing.closing_wins`)."""

    actions: tuple[Action, ...]
    expected_points: float
    lead: float
    value: float
    visits: int
    win: float = 0.0


class OutcomeSearchAgent(SearchingAgent):
    """Successive-halving flat Monte-Carlo, scored by the learned outcome (module doc)."""

    name = "outcome-search"

    def __init__(self, net: OutcomeNet | None = None, config: OutcomeSearchConfig | None = None):
        super().__init__()
        self.net = net if net is not None else load_outcome()
        self.config = config if config is not None else OutcomeSearchConfig()
        self.search_started = threading.Event()  # set when a search loop begins (tests)
        self.last_stats: dict[str, float] = {}
        self.last_analysis: list[OptionReport] = []

    # Settings are read and written through the agent (``--set expert.rounds=3``).
    def __getattr__(self, name: str) -> object:
        if name in _CONFIG_FIELDS:
            return getattr(self.config, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: object) -> None:
        if name in _CONFIG_FIELDS:
            changes: dict[str, Any] = {name: value}
            object.__setattr__(self, "config", replace(self.config, **changes))
        else:
            object.__setattr__(self, name, value)

    # ------------------------------------------------------------------ API
    def analyse(
        self,
        view: GameState,
        limit: Limit,
        rng: random.Random,
        cancel: threading.Event | None = None,
        top: int | None = None,
    ) -> list[OptionReport]:
        """The searched options for the mover of ``view``, best first (at most
        ``top``). Raises :class:`Cancelled` if cancelled before any option exists."""
        me = view.current_player
        assert me is not None
        if not view.deck_hidden:
            view = view.view_for(me)  # the real draw order must not matter
        cfg = self.config
        budget = Budget(limit, cancel, DEFAULT_TIME_S)
        self.search_started.clear()
        cands, first = self._candidates(view, me, budget)
        n = view.num_players
        k_all = len(cands)
        # Stage 1: every candidate, one world, one round. Stage 2: the finalists,
        # rollouts of ``rounds`` rounds on fresh worlds while the budget lasts (only
        # complete worlds count, so an iteration budget gives a deterministic pick).
        stage1 = list(first)
        rolled = 0  # candidates (in order) whose stage-1 value is a rollout's
        tot2 = [(0.0, 0.0, 0.0, 0.0)] * k_all
        worlds2 = 0
        self.search_started.set()
        finalists: list[int] = []
        deep = cfg.rounds * n + 1
        if k_all > 1 and view.phase == Phase.CARD:
            world = view.redeal(rng)
            done1 = True
            for k in range(k_all):
                got = self._safe_rollout(world, me, cands[k].actions, n + 1, budget)
                if got is None:
                    done1 = False
                    break
                stage1[k] = got
                rolled += 1
            if done1:
                order = sorted(range(k_all), key=lambda k: (-stage1[k][0], k))
                finalists = sorted(order[: cfg.finalists])
            start2 = budget.elapsed()
            while finalists and not budget.exhausted():
                # A world that cannot finish before the deadline is not started (an
                # unfinished world is thrown away, and its last rollout would run
                # past the time the UI gave the turn): the estimate is the mean
                # time of the worlds so far.
                left = budget.remaining_time()
                if worlds2 and left is not None and left < (budget.elapsed() - start2) / worlds2:
                    break
                world = view.redeal(rng)
                got_all = []
                for k in finalists:
                    got = self._safe_rollout(world, me, cands[k].actions, deep, budget)
                    if got is None:
                        break
                    got_all.append(got)
                if len(got_all) < len(finalists):
                    break
                for k, got in zip(finalists, got_all, strict=True):
                    tot2[k] = tuple(a + b for a, b in zip(tot2[k], got, strict=True))  # type: ignore[assignment]
                worlds2 += 1
        rows = []
        for k, o in enumerate(cands):
            if worlds2 and k in finalists:
                v, pt, ld, w = (x / worlds2 for x in tot2[k])
                key = (1, v, -k)
                visits = worlds2 + 1
            else:
                # A rollout's value and a forecast of the position right after the
                # play are not on one scale (the rollout has seen a round of the other
                # seats' plays), so a candidate the budget left without a rollout ranks
                # below every candidate that had one.
                v, pt, ld, w = stage1[k]
                visits = 1 if k < rolled else 0
                key = (visits - 1, v, -k)
            rows.append((key, OptionReport(tuple(o.actions), pt, ld, v, visits, w)))
        # With two players a play that buys the last cards and wins after every final
        # turn the planner proposes for the other seat is a sure win: it ranks first
        # (a rollout plays that turn by the normal policy, which may leave the cards,
        # and the hand-tuned term expects more points of a game that goes on).
        sure = closing_wins(view.redeal(random.Random(f"{view.seed}/{view.step}/closing")))
        if sure:
            acts, fc = max(sure, key=lambda w: w[1].margin[me])
            rows = [r for r in rows if r[1].actions != acts]
            report = OptionReport(acts, fc.points[me], fc.margin[me], 0.0, 0, fc.win[me])
            rows.append(((2, 0.0, 0), replace(report, value=self._exact_value(fc, me))))
        rows.sort(key=lambda t: t[0], reverse=True)
        out = [t[1] for t in rows]
        near_end = float(remaining_turns(view, me) < NEAR_END_TURNS)
        self.last_stats = {
            "iterations": float(budget.iterations),
            "time_s": budget.elapsed(),
            "near_end": near_end,
            "win": out[0].win,
        }
        self.last_analysis = out
        return out if top is None else out[:top]

    # -------------------------------------------------------------- internals
    def score(self, s: GameState, me: int) -> tuple[float, float, float, float]:
        """The search's score of ``s`` for ``me`` (``win_vp`` x the win probability +
        the margin + ``hand_weight`` x the hand-tuned evaluation's relative points, less
        the evaluation's stall breaker, in VP), the expected final points, margin and
        win probability: the real result once the game is over (the hand-tuned
        evaluation of a finished game is its real points).

        The stall breaker (:func:`concordia.ai.evaluate.stall_cost`, nothing in a game
        of normal length) makes a game that drags on cost more every turn, so a seat
        that cannot win any more still ends it rather than chase a forecast margin
        (the network never saw games that long)."""
        fc: Outcome = exact_outcome(s) if s.phase == Phase.OVER else self.net.forecast(s)
        win = fc.win[me]
        margin = fc.margin[me]
        value = self.config.win_vp * win + margin - stall_cost(s, me)
        if self.config.hand_weight:
            hand = [evaluate(s, seat, NORMAL) for seat in range(s.num_players)]
            value += self.config.hand_weight * against_rivals(hand, me, PLAN_SPITE)
        return value, fc.points[me], margin, win

    def _exact_value(self, fc: Outcome, me: int) -> float:
        """The score of a finished game's result ``fc`` (what :meth:`score` gives the
        final position)."""
        cfg = self.config
        hand = cfg.hand_weight * against_rivals(fc.points, me, PLAN_SPITE)
        return cfg.win_vp * fc.win[me] + fc.margin[me] + hand

    def _candidates(
        self, view: GameState, me: int, budget: Budget
    ) -> tuple[list[TurnOption], list[tuple[float, float, float, float]]]:
        cfg = self.config
        hand = _checked(value_fn(me, NORMAL, PLAN_SPITE), budget)
        opts = turn_options(view, hand)
        if view.phase == Phase.CARD:
            opts = _without_idle_tribune(view, me, opts)
            if cfg.architect_branch and view.num_players <= 4:
                opts = opts + architect_options(view, hand, cfg.architect_branch)
            opts = opts + card_options(view, hand, PREFECT_BRANCH, frozenset({Phase.PREFECT}))
        closing = closing_options(view) if view.phase == Phase.CARD else []
        seen: set[tuple[str, ...]] = set()
        unique: list[TurnOption] = []
        closes: set[int] = set()
        for o in closing + opts:
            key = _position_key(o.state)
            if key in seen:
                continue
            seen.add(key)
            if len(unique) < len(closing) and o.state.concordia == me:
                closes.add(len(unique))
            unique.append(o)
        scored = []
        for i, o in enumerate(unique):
            if budget.cancelled:
                raise Cancelled
            got = self.score(o.state, me)
            scored.append((got, i, o))
        scored.sort(key=lambda t: (-t[0][0], t[1]))
        # A play that ends the game by buying the last cards is always searched (the
        # best by the forecast, if none is among the candidates): the forecast right
        # after it cannot see the last turns, the rollouts play them.
        best = scored[: cfg.candidates]
        if not any(t[1] in closes for t in best):
            best += [t for t in scored[cfg.candidates :] if t[1] in closes][:1]
        return [o for _g, _i, o in best], [g for g, _i, _o in best]

    def _safe_rollout(
        self, world: GameState, me: int, actions: list[Action], turns: int, budget: Budget
    ) -> tuple[float, float, float, float] | None:
        # One iteration; None once the budget or the caller says stop.
        if budget.exhausted():
            return None
        try:
            got = self._rollout(world, me, actions, turns, budget)
        except Cancelled:
            return None
        if got is not None:
            budget.iterations += 1
        return got

    def _rollout(
        self, world: GameState, me: int, actions: list[Action], turns: int, budget: Budget
    ) -> tuple[float, float, float, float] | None:
        s = world.copy()
        for a in actions:
            s.apply_in_place(a)
        trades = ROLLOUT_TRADES
        done = 0
        while done < turns and s.phase != Phase.OVER:
            if budget.cancelled:
                return None
            seat = s.current_player
            assert seat is not None
            value = _checked(value_fn(seat, NORMAL, 0.0), budget)
            if s.phase in (Phase.CARD, Phase.FIRST_BUY) or seat == s.turn_player:
                s = turn_options(s, value, trades=trades)[0].state
                done += 1
            else:
                s.apply_in_place(greedy_step(s, value))
        if budget.cancelled:
            return None
        return self.score(s, me)


def _without_idle_tribune(view: GameState, me: int, opts: list[TurnOption]) -> list[TurnOption]:
    """``opts`` less the Tribune plays that take back at most one card and buy no
    colonist. The hand then holds at least five other cards (six besides the Tribune
    are dealt, and cards are never lost): playing one of them first and the Tribune
    later takes back more cards for the same turn. The search's horizon cannot see
    that (this Tribune's turn is paid inside it, the later one beyond it). Left out
    with it: taking back a Senator a turn sooner in a race for the last cards."""
    if len(view.players[me].discard) > 1:
        return opts
    return [
        o
        for o in opts
        if o.actions[:1] != [TRIBUNE_PLAY] or any(isinstance(a, Place) for a in o.actions)
    ]


_CONFIG_FIELDS = frozenset(f.name for f in fields(OutcomeSearchConfig))


def _position_key(s: GameState) -> tuple[str, ...]:
    # Options reaching the same position (two unused cards, say) are searched once.
    return (
        repr([p.money for p in s.players]),
        repr([p.goods for p in s.players]),
        repr([p.hand for p in s.players]),
        repr([p.cols for p in s.players]),
        repr([p.store for p in s.players]),
        repr(s.houses),
        repr(s.markers),
        repr(s.display),
    )


def _checked(fn: ValueFn, budget: Budget) -> ValueFn:
    # Stops a plan within one evaluation of a cancel, or once the deadline has passed
    # by more than a little (one slow rollout cannot break the time budget).
    def checked(s: GameState) -> float:
        if budget.cancelled or budget.overdue(0.2):
            raise Cancelled
        return fn(s)

    return checked
