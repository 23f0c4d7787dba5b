"""Headless AI tournaments: ``python -m concordia.tournament``.

Plays seat-rotated games (every block of ``players`` games uses one deal, with the
agent list rotated one seat per game) in worker processes; in self-play (every seat the
same level) rotating would only replay the same game, so each game gets its own deal.
It then prints each agent's win rate with a 95 % Wilson interval, its mean score per
god and in total, its mean lead over the best other seat (less noisy than the wins, for
comparing two versions on the same deals), and its decision times (per call, and per
turn start: the call that plans a whole card).

``--set LEVEL.ATTR=VALUE`` changes one tuning attribute of every agent of a level for
the run (e.g. ``--set expert.finalists=3``; a tuple of numbers or names is given comma-separated,
``--set expert.learned_weights=0.5,0.5,0,0``), so a tuning experiment is one command that
the docs can record; an unknown level or attribute, or a value of the wrong type, is an
error.

Example::

    python -m concordia.tournament --board imperium --players 4 \\
        --agents hard,normal,normal,normal --games 40 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from concordia.ai.base import Agent, Limit, default_limit
from concordia.ai.play import play_game
from concordia.ai.registry import LEVELS, make_agent
from concordia.core import Phase
from concordia.core.data import GODS
from concordia.workers import process_context


@dataclass(frozen=True)
class GameSummary:
    """What one game contributes to the tables (picklable)."""

    index: int
    seed: int
    agents: tuple[str, ...]  # per seat
    labels: tuple[int, ...]  # per seat: index into the --agents list
    winner_seat: int
    totals: tuple[int, ...]
    gods: tuple[tuple[int, ...], ...]  # per seat, in GODS order
    turn_times: tuple[tuple[float, ...], ...]  # per seat
    call_times: tuple[tuple[float, ...], ...]
    steps: int
    finished: bool


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate.

    >>> tuple(round(x, 3) for x in wilson(5, 10))
    (0.237, 0.763)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return float("nan")
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))]


def deal_index(agents: Sequence[str], index: int) -> int:
    """Which deal game ``index`` uses: one per block of seat rotations, or one per game
    in self-play, where rotating identical agents would only repeat the game.

    >>> [deal_index(("hard", "normal"), i) for i in range(4)]
    [0, 0, 1, 1]
    >>> [deal_index(("hard", "hard"), i) for i in range(4)]
    [0, 1, 2, 3]
    """
    return index if len(set(agents)) == 1 else index // len(agents)


Override = tuple[str, str, object]  # (level, attribute, value)


def parse_override(text: str) -> Override:
    """``"LEVEL.ATTR=VALUE"`` checked against the level's agent: the attribute must
    exist and the value parse as its type.

    >>> parse_override("expert.finalists=3")
    ('expert', 'finalists', 3)

    Raises:
        ValueError: with a message naming what is wrong.
    """
    name, sep, raw = text.partition("=")
    level, dot, attr = name.partition(".")
    if not sep or not dot or not attr:
        raise ValueError(f"--set {text!r}: expected LEVEL.ATTR=VALUE")
    if level not in LEVELS:
        raise ValueError(f"--set {text!r}: unknown level {level!r}")
    current: object = getattr(make_agent(level), attr, None)
    numbers = (
        isinstance(current, tuple)
        and bool(current)
        and type(current[0]) in (int, float, str)
        and all(type(v) is type(current[0]) for v in current)
    )
    if attr.startswith("_") or not (numbers or isinstance(current, (bool, int, float, str))):
        raise ValueError(f"--set {text!r}: {level} has no tuning attribute {attr!r}")
    assert isinstance(current, (bool, int, float, str, tuple))
    try:
        return (level, attr, _parse_value(current, raw))
    except ValueError:
        kind = (
            f"{len(current)} comma-separated "
            + ("names" if isinstance(current[0], str) else "numbers")
            if isinstance(current, tuple)
            else f"a {type(current).__name__}"
        )
        raise ValueError(f"--set {text!r}: {raw!r} is not {kind}") from None


def _parse_value(
    current: bool | int | float | str | tuple[float, ...] | tuple[int, ...] | tuple[str, ...],
    raw: str,
) -> object:
    # ``raw`` as the type of ``current`` (a tuple: of its items' type); ValueError if
    # it is not one.
    if isinstance(current, tuple):
        kind = type(current[0])
        value = tuple(kind(v) for v in raw.split(","))
        if len(value) != len(current):
            raise ValueError(raw)
        return value
    if isinstance(current, bool):
        if raw.lower() not in ("true", "false", "1", "0"):
            raise ValueError(raw)
        return raw.lower() in ("true", "1")
    return type(current)(raw)


def make_seat(level: str, overrides: Sequence[Override] = ()) -> Agent:
    """A fresh agent of ``level`` with the run's overrides applied."""
    agent = make_agent(level)
    for lev, attr, value in overrides:
        if lev == level:
            setattr(agent, attr, value)
    return agent


def play_one(
    board_name: str,
    agents: tuple[str, ...],
    index: int,
    seed: int,
    limits: tuple[Limit | None, ...],
    overrides: tuple[Override, ...] = (),
) -> GameSummary:
    """Play game ``index`` of a tournament (runs in a worker process)."""
    from concordia.maps import load_board  # the tournament may load maps; the ai may not

    n = len(agents)
    rot = index % n
    seats = tuple(agents[(s - rot) % n] for s in range(n))
    labels = tuple((s - rot) % n for s in range(n))
    game_seed = seed * 100003 + deal_index(agents, index)
    board = load_board(board_name)
    players = [make_seat(a, overrides) for a in seats]
    g = play_game(board, players, game_seed, [limits[lab] for lab in labels])
    st = g.state
    scores = st.scores()
    turn = [[d.time_s for d in g.decisions if d.seat == s and d.turn_start] for s in range(n)]
    call = [[d.time_s for d in g.decisions if d.seat == s] for s in range(n)]
    return GameSummary(
        index,
        game_seed,
        seats,
        labels,
        st.ranking()[0],
        tuple(sc.total for sc in scores),
        tuple(tuple(sc.gods[god] for god in GODS) for sc in scores),
        tuple(tuple(t) for t in turn),
        tuple(tuple(c) for c in call),
        len(g.actions),
        st.phase == Phase.OVER,
    )


def report(agents: Sequence[str], games: Sequence[GameSummary]) -> str:
    """The tournament tables as text (one row per entry of ``agents``)."""
    n = len(agents)
    lines = [
        f"{len(games)} games, {sum(1 for g in games if g.finished)} finished, "
        f"mean {statistics.mean(g.steps for g in games):.0f} actions per game"
    ]
    lines.append(
        f"{'#':>2} {'agent':<8} {'wins':>5} {'rate':>6} {'95% CI':>15} "
        f"{'mean VP':>8} {'lead':>6} "
        + " ".join(f"{g[:4]:>5}" for g in GODS)
        + f" {'turn p50':>9} {'turn p95':>9} {'call p50':>9} {'call p95':>9}"
    )
    for lab in range(n):
        wins = 0
        totals: list[int] = []
        leads: list[int] = []
        gods: list[tuple[int, ...]] = []
        turn: list[float] = []
        call: list[float] = []
        for g in games:
            for seat in range(n):
                if g.labels[seat] != lab:
                    continue
                totals.append(g.totals[seat])
                leads.append(g.totals[seat] - max(t for o, t in enumerate(g.totals) if o != seat))
                gods.append(g.gods[seat])
                turn.extend(g.turn_times[seat])
                call.extend(g.call_times[seat])
                if g.winner_seat == seat:
                    wins += 1
        lo, hi = wilson(wins, len(games))
        god_means = " ".join(
            f"{statistics.mean(x[i] for x in gods):5.1f}" for i in range(len(GODS))
        )
        lines.append(
            f"{lab:>2} {agents[lab]:<8} {wins:>5} {wins / len(games):6.1%} "
            f"[{lo:5.1%}, {hi:5.1%}] {statistics.mean(totals):8.1f} "
            f"{statistics.mean(leads):6.1f} {god_means} "
            f"{percentile(turn, 0.5):9.3f} {percentile(turn, 0.95):9.3f} "
            f"{percentile(call, 0.5):9.3f} {percentile(call, 0.95):9.3f}"
        )
    lines.append(
        "times in seconds; 'turn' = the call that starts a turn (plans the card), "
        "'call' = every decision; 'lead' = own score minus the best other seat's"
    )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The command line of :func:`main`."""
    ap = argparse.ArgumentParser(
        prog="python -m concordia.tournament", description="Seat-rotated AI tournament."
    )
    ap.add_argument("--board", default="imperium")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument(
        "--agents",
        default="hard,normal,normal,normal",
        help=f"comma-separated levels, one per seat ({', '.join(LEVELS)})",
    )
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    for level in LEVELS:
        ap.add_argument(
            f"--limit-{level}",
            type=float,
            default=None,
            metavar="SECONDS",
            help=f"time budget per decision of {level} (default: the UI's, "
            f"{default_limit(level).time_s})",
        )
    for level in ("hard", "expert", "expert-v1"):
        ap.add_argument(
            f"--iterations-{level}",
            type=int,
            default=None,
            help=f"rollouts per decision of {level} instead of time (load-independent)",
        )
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="LEVEL.ATTR=VALUE",
        help="change a tuning attribute of every agent of a level, e.g. expert.finalists=3",
    )
    return ap


def seat_limits(agents: Sequence[str], args: argparse.Namespace) -> list[Limit]:
    """Each seat's budget: its level's iterations (with its time limit, if given), its
    time limit, or the UI's default."""
    limits: list[Limit] = []
    for a in agents:
        dest = a.replace("-", "_")
        t = getattr(args, f"limit_{dest}")
        iters = getattr(args, f"iterations_{dest}", None)
        if iters is not None:
            limits.append(Limit(time_s=t, iterations=iters))
        else:
            limits.append(default_limit(a) if t is None else Limit(time_s=t))
    return limits


def main(argv: Sequence[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    overrides: list[Override] = []
    for text in args.set:
        try:
            overrides.append(parse_override(text))
        except ValueError as e:
            ap.error(str(e))
    agents = tuple(a.strip() for a in args.agents.split(","))
    if len(agents) != args.players:
        ap.error(f"--agents names {len(agents)} agents for {args.players} players")
    for a in agents:
        if a not in LEVELS:
            ap.error(f"unknown agent {a!r}")
    limits: list[Limit | None] = list(seat_limits(agents, args))
    t0 = time.perf_counter()
    results: list[GameSummary] = []
    jobs = max(1, args.jobs)
    if jobs == 1:
        for i in range(args.games):
            results.append(
                play_one(args.board, agents, i, args.seed, tuple(limits), tuple(overrides))
            )
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=process_context()) as pool:
            futs = [
                pool.submit(
                    play_one, args.board, agents, i, args.seed, tuple(limits), tuple(overrides)
                )
                for i in range(args.games)
            ]
            results = [f.result() for f in futs]
    given = list(sys.argv[1:] if argv is None else argv)
    print(
        f"python -m concordia.tournament {' '.join(given)}  "
        f"({time.perf_counter() - t0:.0f} s wall, {jobs} processes)"
    )
    print(report(agents, results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
