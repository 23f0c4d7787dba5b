"""The hard agent: determinized flat Monte-Carlo search over whole card plays.

A *macro move* is one turn option of :mod:`concordia.ai.greedy`: a card play with its
sub-decisions taken greedily (Architect moves and builds, Mercator trade pairs and
Senator purchases are pruned by the planner, not searched). The agent keeps the best
few options by the normal evaluation and, while the budget lasts:

1. re-deals the unseen draw pile with its own rng (``view.redeal(rng)``: it never
   uses the real order),
2. plays the candidate, then every seat's next turns with the normal policy (the
   rollout stops after ``rollout_turns`` turns, about one round),
3. scores the end position with the evaluation: own minus ``spite`` times the
   opponents' (half the best, half the mean). The more a player is scored against
   its opponents, the more it races them to the end by buying out the cards, and
   every player's score suffers. Self-play at 0.5 s on the same six deals: spite 0.5
   ended after 338 actions with 98.8 VP a seat, 0.25 after 475 actions with 127.2 VP,
   0 after 496 with 132.2 VP; against three normal agents (16 games, 1.0 s) 0.25 won
   13 and 0 won 11. 0.25 is the chosen balance (docs/experiments/2026-11-29-hard-spite.md).

Candidates are visited round-robin, so each gets the same determinizations; the
one with the best mean wins (ties: the normal agent's order). One iteration is one
rollout, so ``Limit(iterations=...)`` gives a deterministic choice. The rest of the
chosen card is cached and replayed like the normal agent's plan.
"""

from __future__ import annotations

import random
import threading

from concordia.ai.base import Budget, Limit
from concordia.ai.evaluate import NORMAL, Weights, against_rivals, evaluate
from concordia.ai.greedy import (
    PlanningAgent,
    TurnOption,
    ValueFn,
    greedy_step,
    turn_options,
    value_fn,
)
from concordia.core import Action, GameState, Phase
from concordia.jobs import Cancelled

DEFAULT_TIME_S = 1.2


class HardAgent(PlanningAgent):
    """Flat Monte-Carlo over turn options with greedy rollouts (see module doc)."""

    name = "hard"
    candidates = 5
    rollout_weights: Weights = NORMAL
    rollout_spite = 0.0
    spite = 0.25  # weight of the opponents in the rollout's end score (see module doc)

    def __init__(self) -> None:
        super().__init__()
        self.last_stats: dict[str, float] = {}

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        hit = self.cached(view)
        if hit is not None:
            return hit
        budget = Budget(limit, cancel, DEFAULT_TIME_S)
        me = view.current_player
        assert me is not None
        try:
            opts = turn_options(view, self.value(me, cancel))
        except Cancelled:
            return view.legal_actions()[0]
        cands = _distinct(opts)[: self.candidates]
        if len(cands) <= 1 or view.phase != Phase.CARD:
            best = cands[0] if cands else opts[0]
            self.remember(view, best.actions)
            return best.actions[0]
        totals = [0.0] * len(cands)
        visits = [0] * len(cands)
        n = view.num_players
        horizon = n + 1  # the other seats' turns and our own next one, plus the mover
        i = 0
        while not budget.exhausted():
            k = i % len(cands)
            if k == 0:
                world = view.redeal(rng)
            try:
                v = self._rollout(world, me, cands[k].actions, horizon, budget)
            except Cancelled:
                v = None
            if v is None:
                break
            totals[k] += v
            visits[k] += 1
            budget.iterations += 1
            i += 1
        best_k = 0
        best_mean = -1e18
        for k in range(len(cands)):
            if visits[k] and visits[k] >= max(visits) - 1:
                mean = totals[k] / visits[k]
                if mean > best_mean:
                    best_k, best_mean = k, mean
        self.last_stats = {"iterations": float(budget.iterations), "time_s": budget.elapsed()}
        best = cands[best_k]
        self.remember(view, best.actions)
        return best.actions[0]

    def _rollout(
        self, world: GameState, me: int, actions: list[Action], turns: int, budget: Budget
    ) -> float | None:
        s = world.copy()
        for a in actions:
            if a not in s.legal_actions():  # cannot happen: a card does not see the deck
                break
            s.apply_in_place(a)
        done = 0
        while done < turns and s.phase != Phase.OVER:
            if budget.cancelled:
                return None
            seat = s.current_player
            assert seat is not None
            value = _checked(value_fn(seat, self.rollout_weights, self.rollout_spite), budget)
            if s.phase in (Phase.CARD, Phase.FIRST_BUY) or seat == s.turn_player:
                opt = turn_options(s, value)[0]
                s = opt.state
                done += 1
            else:
                s.apply_in_place(greedy_step(s, value))
        return against_rivals([evaluate(s, o) for o in range(s.num_players)], me, self.spite)


def _checked(fn: ValueFn, budget: Budget) -> ValueFn:
    # Stops a rollout within one evaluation of a cancel (or of the deadline passing
    # by more than a little, so one slow rollout cannot break the time budget).
    def checked(s: GameState) -> float:
        if budget.cancelled or budget.overdue():
            raise Cancelled
        return fn(s)

    return checked


def _distinct(opts: list[TurnOption]) -> list[TurnOption]:
    # Options reaching identical positions (e.g. two unused cards) are searched once.
    seen: set[tuple[object, ...]] = set()
    out: list[TurnOption] = []
    for o in opts:
        s = o.state
        key = (
            tuple(p.money for p in s.players),
            tuple(tuple(p.goods) for p in s.players),
            tuple(tuple(p.hand) for p in s.players),
            tuple(s.houses),
            tuple(tuple(p.cols) for p in s.players),
            tuple(s.markers),
            tuple(s.display),
        )
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out
