"""Turn planning with greedy sub-decisions, and the easy and normal agents.

A *turn option* is a whole card play: the :class:`~concordia.core.PlayCard` (and for a
Diplomat, the copied pile) followed by the card's sub-decisions taken greedily, each
picked by the evaluation of :mod:`concordia.ai.evaluate`. The Architect gets its own
small planner (moves first, while a move improves the position after the best builds,
then builds). The agents compare whole options by the evaluation of the position
each leads to, play the first action of the best one and cache the rest of the plan,
keyed by a signature of the state each action was planned for.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from concordia.ai.base import Limit, RankedOption
from concordia.ai.evaluate import EASY, NORMAL, Weights, evaluate
from concordia.core import Action, Build, Discard, GameState, Move, Phase, Trade
from concordia.core.data import GOOD_INDEX, PRICE
from concordia.jobs import Cancelled as Cancelled  # the planners built on these import it here

Signature = tuple[object, ...]
ValueFn = Callable[[GameState], float]


@dataclass(slots=True)
class TurnOption:
    """One way to play the rest of a turn: its actions, end state and value."""

    actions: list[Action]
    state: GameState
    value: float


def signature(s: GameState) -> Signature:
    """A cheap fingerprint of the decision a state asks for (for plan caches)."""
    seat = s.current_player
    p = s.players[seat if seat is not None else s.turn_player]
    return (
        s.step,
        s.phase,
        seat,
        s.points,
        tuple(q.money for q in s.players),
        tuple(p.goods),
        tuple(p.cols),
        tuple(p.hand),
        tuple(s.display),
        tuple(s.houses),
    )


def value_fn(me: int, w: Weights, spite: float) -> ValueFn:
    """The planner's objective for seat ``me``: own evaluation minus ``spite`` times
    the mean of the opponents' (so a Prefect that feeds the others counts less)."""
    if not spite:
        return lambda s: evaluate(s, me, w)

    def fn(s: GameState) -> float:
        n = s.num_players
        others = sum(evaluate(s, o, w) for o in range(n) if o != me)
        return evaluate(s, me, w) - spite * others / (n - 1)

    return fn


def cheap_discard(s: GameState) -> Action:
    """Overflow rule used for other seats inside a plan: drop the cheapest good."""
    legal = s.legal_actions()
    return min(
        legal,
        key=lambda a: PRICE[GOOD_INDEX[a.good]] if isinstance(a, Discard) else 99,
    )


def greedy_step(s: GameState, value: ValueFn) -> Action:
    """The legal action whose result ``value`` likes best (ties: first listed)."""
    best: Action | None = None
    best_v = -1e18
    for a in s.legal_actions():
        s2 = s.copy()
        s2.apply_in_place(a)
        v = value(s2)
        if v > best_v:
            best, best_v = a, v
    assert best is not None
    return best


def architect_plan(
    s: GameState, value: ValueFn, top_moves: int = 6, max_moves: int = 4
) -> list[Action]:
    """Moves then builds for the Architect in progress on the private state ``s``
    (which is advanced to the end of the card). Returns the actions taken."""
    actions: list[Action] = []
    best_builds, best_v = greedy_builds(s, value)
    for _ in range(max_moves):
        if s.points <= 0:
            break
        moves = [a for a in s.legal_actions() if isinstance(a, Move)]
        if not moves:
            break
        scored = []
        for m in moves:
            s2 = s.copy()
            s2.apply_in_place(m)
            scored.append((value(s2), m, s2))
        scored.sort(key=lambda t: -t[0])
        chosen: tuple[Move, list[Action]] | None = None
        for _v, m, s2 in scored[:top_moves]:
            builds, v = greedy_builds(s2, value)
            if v > best_v + 1e-9:
                best_v, chosen = v, (m, builds)
        if chosen is None:
            break
        m, best_builds = chosen
        s.apply_in_place(m)
        actions.append(m)
    for b in best_builds:
        s.apply_in_place(b)
        actions.append(b)
    if s.phase == Phase.ARCHITECT:
        fin = s.legal_actions()[-1]
        s.apply_in_place(fin)
        actions.append(fin)
    return actions


def greedy_builds(s: GameState, value: ValueFn) -> tuple[list[Action], float]:
    """Best greedy build sequence from ``s`` (not changed) and the value after it."""
    t = s.copy()
    t.points = 0  # building ends the movement: only builds remain to consider
    builds: list[Action] = []
    cur = value(t)
    while t.phase == Phase.ARCHITECT:
        best: tuple[float, Action, GameState] | None = None
        for a in t.legal_actions():
            if not isinstance(a, Build):
                continue
            t2 = t.copy()
            t2.apply_in_place(a)
            v = value(t2)
            if best is None or v > best[0]:
                best = (v, a, t2)
        if best is None or best[0] <= cur:
            break
        cur, a, t = best[0], best[1], best[2]
        builds.append(a)
    return builds, cur


MERCATOR_FIRST = 8  # the first trades a Mercator plan follows with a second one


def complete_card(
    s: GameState, me: int, value: ValueFn, *, trades: int = MERCATOR_FIRST
) -> list[Action]:
    """Advance the private state ``s`` greedily until ``me``'s card is done (the turn
    passes, a new card is due, or the game ends). Returns the actions taken.
    ``trades``: how many first trades a Mercator follows (:func:`mercator_plan`)."""
    actions: list[Action] = []
    while True:
        ph = s.phase
        if ph == Phase.OVER:
            break
        if ph == Phase.OVERFLOW:
            a = greedy_step(s, value) if s.current_player == me else cheap_discard(s)
        elif ph == Phase.CARD or s.turn_player != me:
            break
        elif ph == Phase.ARCHITECT:
            actions.extend(architect_plan(s, value))
            continue
        elif ph == Phase.DIPLOMAT:
            best = best_diplomat(s, me, value, trades=trades)
            actions.extend(best.actions)
            _assign(s, best.state)
            continue
        elif ph == Phase.MERCATOR and not s.traded:
            actions.extend(mercator_plan(s, value, trades))
            continue
        else:
            a = greedy_step(s, value)
        s.apply_in_place(a)
        actions.append(a)
    return actions


def mercator_plan(s: GameState, value: ValueFn, first: int = MERCATOR_FIRST) -> list[Action]:
    """Both trades of a Mercator, searched as pairs (sell to make room, then buy):
    the ``first`` best single trades, each followed by the best second one. Advances
    the private state ``s`` to the end of the card."""
    scored: list[tuple[float, Action, GameState]] = []
    for a in _trade_candidates(s):
        s2 = s.copy()
        s2.apply_in_place(a)
        scored.append((value(s2), a, s2))
    scored.sort(key=lambda t: -t[0])
    best: tuple[float, list[Action], GameState] | None = None
    for v1, a, s2 in scored[:first]:
        if s2.phase != Phase.MERCATOR:
            if best is None or v1 > best[0]:
                best = (v1, [a], s2)
            continue
        for b in _trade_candidates(s2):
            s3 = s2.copy()
            s3.apply_in_place(b)
            v = value(s3)
            if best is None or v > best[0]:
                best = (v, [a, b], s3)
    assert best is not None
    _assign(s, best[2])
    return best[1]


def _trade_candidates(s: GameState) -> list[Action]:
    # Amounts pruned to 1, 2, 3 and all-you-can of each good and direction.
    out: list[Action] = []
    last: dict[tuple[str, bool], Trade] = {}
    for a in s.legal_actions():
        if isinstance(a, Trade):
            key = (a.good, a.amount > 0)
            if abs(a.amount) <= 3:
                out.append(a)
            else:
                last[key] = a
        else:
            out.append(a)
    out.extend(last.values())
    return out


def best_diplomat(
    s: GameState, me: int, value: ValueFn, *, trades: int = MERCATOR_FIRST
) -> TurnOption:
    """Try every copy (and finishing) from a Diplomat decision; the best option."""
    best: TurnOption | None = None
    for a in s.legal_actions():
        s2 = s.copy()
        s2.apply_in_place(a)
        acts = [a, *complete_card(s2, me, value, trades=trades)]
        v = value(s2)
        if best is None or v > best.value:
            best = TurnOption(acts, s2, v)
    assert best is not None
    return best


def turn_options(s: GameState, value: ValueFn, *, trades: int = MERCATOR_FIRST) -> list[TurnOption]:
    """Every way to play the mover's next card (state ``s`` is not changed), each
    completed greedily, best first (``trades`` as in :func:`complete_card`)."""
    me = s.current_player
    assert me is not None
    out: list[TurnOption] = []
    if s.phase == Phase.CARD:
        for a in s.legal_actions():
            s2 = s.copy()
            s2.apply_in_place(a)
            if s2.phase == Phase.DIPLOMAT and s2.turn_player == me:
                for c in s2.legal_actions():
                    s3 = s2.copy()
                    s3.apply_in_place(c)
                    acts = [a, c, *complete_card(s3, me, value, trades=trades)]
                    out.append(TurnOption(acts, s3, value(s3)))
            else:
                acts = [a, *complete_card(s2, me, value, trades=trades)]
                out.append(TurnOption(acts, s2, value(s2)))
    elif s.phase == Phase.DIPLOMAT:
        for c in s.legal_actions():
            s3 = s.copy()
            s3.apply_in_place(c)
            acts = [c, *complete_card(s3, me, value, trades=trades)]
            out.append(TurnOption(acts, s3, value(s3)))
    else:
        s2 = s.copy()
        acts = complete_card(s2, me, value, trades=trades)
        if not acts:  # e.g. an overflow decision of a seat whose turn it is not
            a = greedy_step(s, value)
            s2 = s.copy()
            s2.apply_in_place(a)
            acts = [a]
        out.append(TurnOption(acts, s2, value(s2)))
    if s.concordia is None:
        _close_out_bonus(s, me, out)
    out.sort(key=lambda o: -o.value)
    return out


CLOSE_OUT_BONUS = 10.0


def _close_out_bonus(start: GameState, me: int, options: list[TurnOption]) -> None:
    # Ending the game (last house, last card) drops the evaluation's look-ahead terms
    # for everyone, so a pure own-score evaluation can refuse to end a game it leads
    # and two such players stall (seen in 2-player Italia). A leader ends it.
    for o in options:
        t = o.state
        if t.concordia == me:
            mine = t.score_of(me).total
            if all(mine >= t.score_of(q).total for q in range(t.num_players) if q != me):
                o.value += CLOSE_OUT_BONUS


def plan_signatures(s: GameState, actions: list[Action]) -> dict[Signature, Action]:
    """Replay ``actions`` on a copy of ``s``, keying each by the signature of the
    state it was planned for (only the mover's own decisions)."""
    me = s.current_player
    t = s.copy()
    out: dict[Signature, Action] = {}
    for a in actions:
        if t.current_player == me:
            out[signature(t)] = a
        t.apply_in_place(a)
    return out


class PlanningAgent:
    """Shared machinery: plan a whole card, cache the plan, replay it."""

    name = "planning"
    weights: Weights = NORMAL
    spite = 0.0

    def __init__(self) -> None:
        self._plan: dict[Signature, Action] = {}

    def cached(self, view: GameState) -> Action | None:
        if not self._plan:
            return None
        a = self._plan.get(signature(view))
        if a is not None and a in view.legal_actions():
            return a
        return None

    def remember(self, view: GameState, actions: list[Action]) -> None:
        self._plan = plan_signatures(view, actions)

    def value(self, me: int, cancel: threading.Event | None = None) -> ValueFn:
        """The objective of seat ``me``; raises :class:`Cancelled` once ``cancel``
        is set, so a long plan stops within one evaluation."""
        fn = value_fn(me, self.weights, self.spite)
        if cancel is None:
            return fn

        def checked(s: GameState) -> float:
            if cancel.is_set():
                raise Cancelled
            return fn(s)

        return checked

    def options(self, view: GameState, cancel: threading.Event | None = None) -> list[TurnOption]:
        me = view.current_player
        assert me is not None
        return turn_options(view, self.value(me, cancel))


class SearchingAgent(PlanningAgent):
    """A planning agent that plays the first step of the best whole play its
    :meth:`analyse` ranks and replays the rest from its plan; the ranked plays stay in
    ``last_analysis`` (empty while a plan is replayed), so it can advise."""

    last_analysis: list[Any]

    def analyse(
        self,
        view: GameState,
        limit: Limit,
        rng: random.Random,
        cancel: threading.Event | None = None,
        top: int | None = None,
    ) -> Sequence[RankedOption]:
        raise NotImplementedError

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        hit = self.cached(view)
        if hit is not None:
            self.last_analysis = []  # replaying a plan: no fresh analysis
            return hit
        try:
            reports = self.analyse(view, limit, rng, cancel)
        except Cancelled:
            return view.legal_actions()[0]
        best = reports[0]
        self.remember(view, list(best.actions))
        return best.actions[0]


class NormalAgent(PlanningAgent):
    """Greedy turn planner with the full evaluation (deterministic)."""

    name = "normal"

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        hit = self.cached(view)
        if hit is not None:
            return hit
        try:
            best = self.options(view, cancel)[0]
        except Cancelled:
            return view.legal_actions()[0]
        self.remember(view, best.actions)
        return best.actions[0]


class EasyAgent(PlanningAgent):
    """Greedy turn planner with a cruder evaluation, which now and then plays the
    second or third best card."""

    name = "easy"
    weights = EASY
    spite = 0.0
    noise = 0.5

    def choose(
        self, view: GameState, limit: Limit, rng: random.Random, cancel: threading.Event
    ) -> Action:
        hit = self.cached(view)
        if hit is not None:
            return hit
        try:
            opts = self.options(view, cancel)
        except Cancelled:
            return view.legal_actions()[0]
        pick = opts[0]
        if len(opts) > 1 and rng.random() < self.noise:
            pick = opts[rng.randrange(min(3, len(opts)))]
        self.remember(view, pick.actions)
        return pick.actions[0]


def _assign(dst: GameState, src: GameState) -> None:
    """Make the private state ``dst`` equal to ``src`` (both owned by the caller)."""
    for name in GameState.__slots__:
        setattr(dst, name, getattr(src, name))
