"""Soak test: play many games and check the rules core's invariants after every action.

Run it as::

    python -m concordia.soak --games 10000 --seed 1 [--jobs 2] [--first 0]

Games are spread over both boards and every player count (2 to 5) in turn, with
random options (intermediate scoring, start without goods). Seats are played by a
uniformly random agent; when :mod:`concordia.ai` is installed, one game in
``--ai-every`` (default 25) gives seat 0 to the "easy" AI. Games run in worker
processes (``--jobs``, default: every core).

After every action the soak checks (see :func:`check_state` and
:func:`check_transition`):

- money >= 0 and goods >= 0 for every seat;
- storehouse (goods + waiting colonists) <= 12, except for seats waiting to discard in
  the overflow phase;
- colonists: exactly 3 of each kind per seat on the board and in the storehouse, at
  most one colonist per route, and route occupancy matches the colonists;
- houses: at most 15 per seat, ``houses_left`` + houses on the board = 15, none in
  the capital;
- cards: every card exactly once across draw pile, display, hands and discard piles
  (the starting cards once per seat, in that seat's hand or discard pile);
- the price :meth:`GameState.cost` shows *before* an action is what the acting seat
  pays (for Build, BuyCard, Place, Trade and Cash: its change of money and goods,
  and nobody else's changes; for Move: the movement points used). Where the same
  action also brings production or income that ``cost()`` does not cover (playing a
  card: Mercator sestertii, Tribune refund, specialist production; Produce; Copy)
  ``cost()`` must be zero and the change is not compared. Finish must change nobody's
  money or goods; Discard must remove exactly the named unit from the discarding
  seat. The chosen action is checked after every step; every *other* legal priced
  action is checked too on one step in ``--price-every`` (default 1 = all).
- scores equal :func:`recount_scores`, a from-scratch recount written here from the
  rulebook (it does not call the core's scoring);
- somebody can move unless the game is over, and the game ends within
  :data:`STEP_CAP` actions.

At the end of each game the snapshot round trip and the record replay must give the
final state again. The summary gives games played, actions checked and violations;
each violation names board, players, seed, options and step, and the game can be
played again alone with ``--seed S --first INDEX --games 1``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from concordia.core import (
    Action,
    BoardSpec,
    Build,
    BuyCard,
    Cash,
    ConcordiaError,
    Cost,
    Discard,
    Finish,
    GameRecord,
    GameState,
    Move,
    Phase,
    Place,
    Trade,
    new_game,
    replay,
)
from concordia.core.data import CARDS, STARTING_HAND
from concordia.workers import process_context

BOARDS = ("imperium", "italia")
PLAYER_COUNTS = (2, 3, 4, 5)
STEP_CAP = 5000  # random games end in about 300-1200 actions
MAX_REPORTED = 10

# Rule numbers for the recount, written from the rulebook independently of the core.
GOODS_ORDER = ("brick", "food", "tool", "wine", "cloth")
BANK_PRICE = {"brick": 3, "food": 4, "tool": 5, "wine": 6, "cloth": 7}
STOREHOUSE = 12
COLONISTS_EACH = 3
HOUSES_EACH = 15
CONCORDIA_POINTS = 7
JUPITER_CAP, MERCURIUS_CAP, MARS_CAP = 15, 10, 12
PRICED = (Build, BuyCard, Place, Trade, Cash)


# ---------------------------------------------------------------------- games
@dataclass(frozen=True, slots=True)
class GameSpec:
    """One soak game; everything needed to play it again."""

    index: int
    master_seed: int
    board: str
    players: int
    seed: int
    intermediate_scoring: bool
    no_goods: bool
    ai_seats: tuple[int, ...] = ()

    def describe(self) -> str:
        options = [
            o
            for o, on in (
                ("intermediate_scoring", self.intermediate_scoring),
                ("no_goods", self.no_goods),
            )
            if on
        ]
        ai = f", easy AI in seat(s) {list(self.ai_seats)}" if self.ai_seats else ""
        return (
            f"game {self.index} (board {self.board}, {self.players} players, seed "
            f"{self.seed}, options {options or 'none'}{ai}; replay alone with "
            f"--seed {self.master_seed} --first {self.index} --games 1)"
        )


@dataclass(frozen=True, slots=True)
class Violation:
    spec: GameSpec
    step: int
    action: str
    message: str

    def __str__(self) -> str:
        return (
            f"{self.spec.describe()}: at step {self.step}"
            f"{f' after {self.action!r}' if self.action else ''}: {self.message}"
        )


@dataclass(slots=True)
class GameResult:
    spec: GameSpec
    actions_checked: int = 0
    finished: bool = False
    violations: list[Violation] = field(default_factory=list)
    violation_count: int = 0


@dataclass(slots=True)
class SoakReport:
    games: int = 0
    finished: int = 0
    actions_checked: int = 0
    violation_count: int = 0
    violations: list[Violation] = field(default_factory=list)  # the first few
    ai_games: int = 0
    per_setup: Counter[tuple[str, int]] = field(default_factory=Counter)
    seconds: float = 0.0
    jobs: int = 1

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.finished += result.finished
        self.actions_checked += result.actions_checked
        self.violation_count += result.violation_count
        room = MAX_REPORTED - len(self.violations)
        self.violations.extend(result.violations[: max(0, room)])
        self.ai_games += bool(result.spec.ai_seats)
        self.per_setup[(result.spec.board, result.spec.players)] += 1

    def summary(self) -> str:
        setups = ", ".join(f"{b} {n}p: {k}" for (b, n), k in sorted(self.per_setup.items()))
        lines = [
            f"games played: {self.games} ({self.finished} finished, {self.ai_games} with an "
            f"easy AI seat)",
            f"actions checked: {self.actions_checked}",
            f"violations found: {self.violation_count}",
            f"time: {self.seconds:.1f} s with {self.jobs} worker process(es)",
            f"games per setup: {setups}",
        ]
        if self.violations:
            lines.append("first violations:")
            lines.extend(f"  {v}" for v in self.violations)
        return "\n".join(lines)


def plan_games(
    count: int, seed: int, first: int = 0, ai_every: int = 25, ai_available: bool | None = None
) -> list[GameSpec]:
    """The games ``first`` .. ``first + count - 1`` of the soak with master ``seed``.

    Game ``i`` always gets the same set-up: board and player count cycle through
    every combination, options and seed come from ``Random(f"soak/{seed}/{i}")``.
    """
    if ai_available is None:
        ai_available = easy_ai_available()
    specs = []
    combos = [(b, n) for n in PLAYER_COUNTS for b in BOARDS]
    for i in range(first, first + count):
        rng = random.Random(f"soak/{seed}/{i}")
        board, players = combos[i % len(combos)]
        ai_seats: tuple[int, ...] = ()
        if ai_available and ai_every > 0 and i % ai_every == ai_every - 1:
            ai_seats = (rng.randrange(players),)
        specs.append(
            GameSpec(
                i,
                seed,
                board,
                players,
                rng.randrange(2**32),
                rng.random() < 0.5,
                rng.random() < 0.5,
                ai_seats,
            )
        )
    return specs


def easy_ai_available() -> bool:
    """True when ``concordia.ai`` exists and can build an "easy" agent."""
    if importlib.util.find_spec("concordia.ai") is None:
        return False
    try:
        from concordia.ai.registry import make_agent

        make_agent("easy")
    except Exception:
        return False
    return True


Chooser = Callable[[GameState], Action]


def _random_chooser(rng: random.Random) -> Chooser:
    def choose(state: GameState) -> Action:
        return rng.choice(state.legal_actions())

    return choose


def _ai_chooser(spec: GameSpec, fallback: Chooser, problems: list[str]) -> Chooser:
    import threading

    from concordia.ai.base import Limit
    from concordia.ai.registry import make_agent

    agent = make_agent("easy")
    rng = random.Random(f"soak/{spec.seed}/ai")
    cancel = threading.Event()
    limit = Limit(iterations=24)

    def choose(state: GameState) -> Action:
        seat = state.current_player
        assert seat is not None
        try:
            action = agent.choose(state.view_for(seat), limit, rng, cancel)
        except Exception as exc:
            problems.append(f"the easy AI raised {type(exc).__name__}: {exc}")
            return fallback(state)
        if action not in state.legal_actions():
            problems.append(f"the easy AI chose an illegal action {action!r}")
            return fallback(state)
        return action

    return choose


_BOARD_CACHE: dict[str, BoardSpec] = {}


def get_board(name: str) -> BoardSpec:
    """The named board, loaded once per process."""
    board = _BOARD_CACHE.get(name)
    if board is None:
        from concordia.maps import load_board

        board = _BOARD_CACHE[name] = load_board(name)
    return board


def play_game(spec: GameSpec, price_every: int = 1) -> GameResult:
    """Play one soak game, checking every action; never raises for a game problem."""
    result = GameResult(spec)

    def report(step: int, action: str, message: str) -> None:
        result.violation_count += 1
        if len(result.violations) < MAX_REPORTED:
            result.violations.append(Violation(spec, step, action, message))

    try:
        _play(spec, price_every, result, report)
    except Exception as exc:  # a crash inside the core is a violation, not the end of the soak
        report(-1, "", f"exception {type(exc).__name__}: {exc}")
    return result


def _play(
    spec: GameSpec, price_every: int, result: GameResult, report: Callable[[int, str, str], None]
) -> None:
    board = get_board(spec.board)
    state = new_game(
        board,
        spec.players,
        spec.seed,
        intermediate_scoring=spec.intermediate_scoring,
        no_goods=spec.no_goods,
    )
    rng = random.Random(f"soak/{spec.seed}/agents")
    random_choice = _random_chooser(rng)
    ai_problems: list[str] = []
    chooser: dict[int, Chooser] = {}
    for seat in range(spec.players):
        chooser[seat] = (
            _ai_chooser(spec, random_choice, ai_problems)
            if seat in spec.ai_seats
            else random_choice
        )
    static = BoardFacts.of(state)
    for problem in check_state(state, static):
        report(0, "", problem)
    actions: list[str] = []
    while not state.is_terminal():
        if state.step >= STEP_CAP:
            report(state.step, "", f"the game did not end within {STEP_CAP} actions")
            return
        mover = state.current_player
        assert mover is not None
        action = chooser[mover](state)
        for problem in ai_problems:
            report(state.step, "", problem)
        ai_problems.clear()
        before = state.copy()
        state.apply_in_place(action)
        actions.append(str(action))
        result.actions_checked += 1
        problems = check_transition(before, action, state)
        problems += check_state(state, static)
        if price_every > 0 and before.step % price_every == 0:
            problems += check_all_prices(before, skip=action)
        for problem in problems:
            report(state.step, str(action), problem)
    result.finished = True
    record = GameRecord(
        spec.board,
        spec.players,
        spec.seed,
        {"intermediate_scoring": spec.intermediate_scoring, "no_goods": spec.no_goods},
        actions,
    )
    try:
        if replay(record, board) != state:
            report(state.step, "", "replaying the record gives another final state")
        if GameState.from_dict(state.to_dict(), board) != state:
            report(state.step, "", "the snapshot round trip changes the final state")
    except ConcordiaError as exc:
        report(state.step, "", f"record or snapshot refused: {exc}")


# ---------------------------------------------------------------------- invariants
@dataclass(frozen=True, slots=True)
class BoardFacts:
    """Facts about a dealt board that never change during a game."""

    city_good: tuple[str | None, ...]  # per city index; None for the capital
    city_province: tuple[str | None, ...]
    capital: int
    num_routes: int
    used_decks: frozenset[str]
    start_cards: tuple[tuple[int, int], ...]  # (card index, copies per seat)
    sale_cards: tuple[int, ...]

    @classmethod
    def of(cls, state: GameState) -> BoardFacts:
        cities = state.board.cities
        goods = tuple(state.city_good(c.slug) for c in cities)
        capital = next(i for i, c in enumerate(cities) if c.province is None)
        decks = frozenset(("I", "II", "III", "IV", "V")[: max(2, state.num_players)])
        start = Counter(STARTING_HAND)
        start_cards = tuple((c.index, start[c.id]) for c in CARDS if c.deck is None)
        sale = tuple(c.index for c in CARDS if c.deck is not None)
        return cls(
            goods,
            tuple(c.province for c in cities),
            capital,
            len(state.board.routes),
            decks,
            start_cards,
            sale,
        )


def check_state(state: GameState, facts: BoardFacts | None = None) -> list[str]:
    """Every invariant of one position; an empty list when all hold."""
    facts = facts or BoardFacts.of(state)
    out: list[str] = []
    overflow = set(state._overflow) if state.phase == Phase.OVERFLOW else set()
    n = state.num_players
    nc = len(facts.city_good)
    occupied = [0] * facts.num_routes
    for p in state.players:
        s = p.seat
        if p.money < 0:
            out.append(f"seat {s} has {p.money} sestertii")
        if any(g < 0 for g in p.goods):
            out.append(f"seat {s} has negative goods {p.goods}")
        used = sum(p.goods) + sum(p.store)
        if used > STOREHOUSE and s not in overflow:
            out.append(f"seat {s}'s storehouse holds {used} items")
        for kind in (0, 1):
            on_board = sum(1 for k, _ in p.cols if k == kind)
            if p.store[kind] < 0 or p.store[kind] + on_board != COLONISTS_EACH:
                out.append(
                    f"seat {s} has {p.store[kind]} + {on_board} colonists of kind "
                    f"{kind}, not {COLONISTS_EACH}"
                )
        for _, loc in p.cols:
            if loc >= nc:
                occupied[loc - nc] += 1
        built = sum(1 for mask in state.houses if mask >> s & 1)
        if not 0 <= p.houses_left <= HOUSES_EACH or built + p.houses_left != HOUSES_EACH:
            out.append(f"seat {s} has {built} houses built and {p.houses_left} left")
    if state.houses[facts.capital]:
        out.append("a house stands in the capital")
    if any(mask >> n for mask in state.houses):
        out.append("a house belongs to a seat that does not play")
    if occupied != list(state.route_occ) or any(k > 1 for k in occupied):
        out.append("route occupancy does not match the colonists")
    out += _check_cards(state, facts)
    if state.phase not in (Phase.SENATOR, Phase.CONSUL) and None in state.display:
        out.append("the display has a gap outside a Senator or Consul action")
    if state.is_terminal() != (state.current_player is None):
        out.append("current_player and is_terminal() disagree")
    if not state.is_terminal() and not state.legal_actions():
        out.append(f"no legal action in phase {state.phase!r}")
    out += _check_scores(state, facts)
    return out


def _check_cards(state: GameState, facts: BoardFacts) -> list[str]:
    out: list[str] = []
    count = [0] * len(CARDS)
    for c in state.deck:
        count[c] += 1
    for shown in state.display:
        if shown is not None:
            count[shown] += 1
    for p in state.players:
        own = [0] * len(CARDS)
        for c in p.hand:
            own[c] += 1
        for c in p.discard:
            own[c] += 1
        if any(own[i] != n for i, n in facts.start_cards):
            out.append(
                f"seat {p.seat}'s starting cards are wrong: hand {p.hand}, discard {p.discard}"
            )
        for i in facts.sale_cards:
            count[i] += own[i]
    for i in facts.sale_cards:
        want = 1 if CARDS[i].deck in facts.used_decks else 0
        if count[i] != want:
            out.append(f"card {CARDS[i].id} is in play {count[i]} times, not {want}")
    if len(state.display) > 7:
        out.append(f"the display holds {len(state.display)} cards")
    return out


def recount_scores(state: GameState, facts: BoardFacts | None = None) -> list[dict[str, int]]:
    """Victory points per seat, from the rulebook's final scoring (not the core's code).

    Each entry maps the gods and ``"concordia"`` to points, and ``"total"``.
    """
    facts = facts or BoardFacts.of(state)
    n = state.num_players
    house_goods: list[Counter[str]] = [Counter() for _ in range(n)]
    provinces: list[set[str]] = [set() for _ in range(n)]
    for city, mask in enumerate(state.houses):
        if not mask:
            continue
        good, province = facts.city_good[city], facts.city_province[city]
        for seat in range(n):
            if mask >> seat & 1:
                if good is not None:
                    house_goods[seat][good] += 1
                if province is not None:
                    provinces[seat].add(province)
    scores = []
    for p in state.players:
        goods_of_houses = house_goods[p.seat]
        cards = [CARDS[c] for c in (*p.hand, *p.discard)]
        per_god = Counter(card.god for card in cards)
        value = p.money + sum(n * BANK_PRICE[g] for g, n in zip(GOODS_ORDER, p.goods, strict=True))
        points = {
            "Vesta": per_god["Vesta"] * (value // 10),
            "Jupiter": per_god["Jupiter"]
            * min(JUPITER_CAP, sum(n for g, n in goods_of_houses.items() if g != "brick")),
            "Saturnus": per_god["Saturnus"] * len(provinces[p.seat]),
            "Mercurius": per_god["Mercurius"]
            * min(MERCURIUS_CAP, 2 * sum(1 for n in goods_of_houses.values() if n)),
            "Mars": per_god["Mars"] * min(MARS_CAP, 2 * len(p.cols)),
            "Minerva": sum(
                card.minerva_vp * goods_of_houses[card.good]
                for card in cards
                if card.god == "Minerva" and card.good
            ),
            "concordia": CONCORDIA_POINTS if state.concordia == p.seat else 0,
        }
        points["total"] = sum(points.values())
        scores.append(points)
    return scores


def _check_scores(state: GameState, facts: BoardFacts) -> list[str]:
    out = []
    for score, mine in zip(state.scores(), recount_scores(state, facts), strict=True):
        theirs = {**score.gods, "concordia": score.concordia, "total": score.total}
        if theirs != mine:
            diff = {k: (theirs.get(k), mine.get(k)) for k in mine if theirs.get(k) != mine[k]}
            out.append(f"seat {score.seat}'s score (core, recount) differs: {diff}")
    return out


def _wealth(state: GameState) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.money, tuple(p.goods)) for p in state.players]


def check_transition(before: GameState, action: Action, after: GameState) -> list[str]:
    """Compare the price shown by ``before.cost(action)`` with what was paid."""
    out: list[str] = []
    actor = before.current_player
    if actor is None:
        return [f"{action} was applied to a finished game"]
    cost = before.cost(action)
    w0, w1 = _wealth(before), _wealth(after)
    (m0, g0), (m1, g1) = w0[actor], w1[actor]
    if isinstance(action, PRICED):
        paid_goods = {g: a - b for g, a, b in zip(GOODS_ORDER, g0, g1, strict=True) if a != b}
        shown_goods = {g: n for g, n in cost.goods if n}
        if m0 - m1 != cost.money or paid_goods != shown_goods:
            out.append(
                f"cost() showed {_show(cost)} but seat {actor} paid {m0 - m1} "
                f"sestertii and goods {paid_goods}"
            )
        others = [s for s in range(before.num_players) if s != actor and w0[s] != w1[s]]
        if others:
            out.append(f"{action} changed the money or goods of seat(s) {others}")
    elif isinstance(action, Move):
        if cost.money or cost.goods:
            out.append(f"cost() of a move shows money or goods: {_show(cost)}")
        if before.points - after.points != cost.points:
            out.append(
                f"cost() showed {cost.points} movement points but "
                f"{before.points - after.points} were used"
            )
        if w0 != w1:
            out.append("a move changed somebody's money or goods")
    else:
        if cost != Cost():
            out.append(f"cost() of {action} is {_show(cost)}, expected nothing")
        if isinstance(action, Finish) and w0 != w1:
            out.append("finish changed somebody's money or goods")
        if isinstance(action, Discard):
            # The named unit goes; if one kind of goods is then left, the core drops
            # the rest of the excess of that kind at once (no choice is left).
            named = GOODS_ORDER.index(action.good)
            kinds_left = [g for g, n in enumerate(g1) if n]
            expected = list(g0)
            expected[named] -= 1
            auto = (
                len(kinds_left) == 1
                and g1[kinds_left[0]] < expected[kinds_left[0]]
                and sum(g1) + sum(after.players[actor].store) == STOREHOUSE
                and all(g1[g] == expected[g] for g in range(5) if g != kinds_left[0])
            )
            if m1 != m0 or not (list(g1) == expected or auto):
                out.append(f"discard {action.good} took goods {g0} to {g1} and money {m0} to {m1}")
    return out


def check_all_prices(state: GameState, skip: Action | None = None) -> list[str]:
    """:func:`check_transition` for every legal priced action (on copies)."""
    out: list[str] = []
    legal = state.legal_actions()
    # Trades: the price is linear in the amount, so the smallest and largest amount of
    # each good and direction stand for the rest.
    extremes: dict[tuple[str, bool], tuple[int, int]] = {}
    for action in legal:
        if isinstance(action, Trade):
            key = (action.good, action.amount > 0)
            lo, hi = extremes.get(key, (action.amount, action.amount))
            extremes[key] = (min(lo, action.amount), max(hi, action.amount))
    for action in legal:
        if action == skip or not isinstance(action, (*PRICED, Move)):
            continue
        if (
            isinstance(action, Trade)
            and action.amount not in extremes[(action.good, action.amount > 0)]
        ):
            continue
        after = state.copy()
        after.apply_in_place(action)
        out += [f"(not chosen) {action}: {p}" for p in check_transition(state, action, after)]
        actor = after.players[state.turn_player]
        if actor.money < 0 or min(actor.goods) < 0:
            out.append(f"(not chosen) {action} is listed but not affordable")
    return out


def _show(cost: Cost) -> str:
    return f"money {cost.money}, goods {dict(cost.goods)}, points {cost.points}"


# ---------------------------------------------------------------------- running
def _play_batch(args: tuple[list[GameSpec], int]) -> list[GameResult]:
    specs, price_every = args
    return [play_game(spec, price_every) for spec in specs]


def _batches(specs: Sequence[GameSpec], size: int) -> Iterable[list[GameSpec]]:
    for i in range(0, len(specs), size):
        yield list(specs[i : i + size])


def run_soak(
    games: int,
    seed: int,
    jobs: int | None = None,
    first: int = 0,
    ai_every: int = 25,
    price_every: int = 1,
    progress: Callable[[SoakReport], None] | None = None,
) -> SoakReport:
    """Play ``games`` soak games in ``jobs`` processes (1 = in this process)."""
    workers = max(1, jobs or os.cpu_count() or 1)
    specs = plan_games(games, seed, first, ai_every)
    report = SoakReport(jobs=workers)
    start = time.perf_counter()
    batch = 20
    work = [(chunk, price_every) for chunk in _batches(specs, batch)]
    if workers == 1:
        for item in work:
            for result in _play_batch(item):
                report.add(result)
            if progress:
                progress(report)
    else:
        with process_context().Pool(workers) as pool:
            for results in pool.imap_unordered(_play_batch, work):
                for result in results:
                    report.add(result)
                if progress:
                    progress(report)
    report.seconds = time.perf_counter() - start
    report.violations.sort(key=lambda v: (v.spec.index, v.step))
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m concordia.soak", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=1000, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="master seed")
    parser.add_argument(
        "--jobs", type=int, default=None, help="worker processes (default: one per core)"
    )
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument(
        "--ai-every", type=int, default=25, help="one game in N has an easy AI seat (0: none)"
    )
    parser.add_argument(
        "--price-every",
        type=int,
        default=1,
        help="check the price of every legal action one step in N",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    last = [0.0]

    def progress(report: SoakReport) -> None:
        now = time.perf_counter()
        if not args.quiet and now - last[0] > 10:
            last[0] = now
            print(
                f"  {report.games}/{args.games} games, {report.actions_checked} actions, "
                f"{report.violation_count} violations",
                file=sys.stderr,
                flush=True,
            )

    report = run_soak(
        args.games, args.seed, args.jobs, args.first, args.ai_every, args.price_every, progress
    )
    print(
        f"python -m concordia.soak --games {args.games} --seed {args.seed} "
        f"--first {args.first} --jobs {report.jobs}"
    )
    print(report.summary())
    return 1 if report.violation_count else 0


if __name__ == "__main__":
    sys.exit(main())
