"""Self-play games for the learned outcome evaluation, cached on disk in chunks.

``generate(data, games, seed, jobs)`` plays training games ``0 .. games-1`` and writes
them to ``data`` in chunks of :data:`CHUNK` games (``games-s{seed}-{k:05d}.jsonl.gz``,
one JSON object a line, gzip with no time stamp so the same games give the same bytes,
each written whole and then renamed into place), so an interrupted run loses at most the
chunks in progress and a rerun reuses every finished chunk. A game is stored as its
setup and its actions in notation (``str(action)``) plus the final scores and the winner
by the tie-break (about 1.2 kB a game); :func:`replay_positions` rebuilds any position
from them, so the features can change without replaying the agents.

The repository keeps the games of the shipped network's training run in
:data:`ARCHIVE` (``assets/ai/selfplay``, left out of the executables; docs/ai.md says
how many), the default data folder of the training command: a later run, on any
machine, adds games to them instead of playing them again.

The seats are drawn per game from the game's seed (:func:`game_setup`): board and player
count in turn (2-5 players, both boards), each seat drawn from the policy's pool (by
default the archive's: expert-v1 half the time, hard and normal a quarter each; a hard,
expert-v1 or expert seat plays at ``hard_iterations`` rollouts, 2 for the archive), and
every seat plays a random whole card play (among its planner's options) with
probability ``epsilon`` per turn, so the positions are varied beyond what the fixed
policies reach. :func:`play_out` plays any position to the end that way.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from concordia.ai.base import Limit
from concordia.ai.greedy import Cancelled, NormalAgent, PlanningAgent
from concordia.ai.registry import make_agent
from concordia.core import GameState, Phase, new_game
from concordia.core.actions import parse_action
from concordia.core.data import MAX_PLAYERS, MIN_PLAYERS
from concordia.workers import process_context

BOARDS = ("imperium", "italia")
ALL_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
CHUNK = 10
MAX_STEPS = 4000
ARCHIVE = ("assets", "ai", "selfplay")


def archive_path() -> Path:
    """The repository's folder of self-play games (:data:`ARCHIVE`)."""
    from concordia.resources import resource_path

    return resource_path(*ARCHIVE)


@dataclass(frozen=True, slots=True)
class Policy:
    """How the seats of the generated games are drawn."""

    pool: tuple[str, ...] = ("expert-v1", "expert-v1", "hard", "normal")
    hard_iterations: int = 2
    epsilon: float = 0.08

    @classmethod
    def of_pool(cls, agents: str | None, iterations: int | None = None) -> Policy:
        """The policy of a comma-separated pool (``--agents``; the default pool for None)
        whose searching seats play at ``iterations`` rollouts (the default for None)."""
        default = cls()
        pool = tuple(a.strip() for a in agents.split(",")) if agents else default.pool
        its = default.hard_iterations if iterations is None else iterations
        if its < 1:
            raise ValueError(f"iterations must be at least 1, not {its}")
        return cls(pool=pool, hard_iterations=its)

    def describe(self) -> str:
        return (
            f"pool={','.join(self.pool)} hard_iterations={self.hard_iterations} "
            f"epsilon={self.epsilon}"
        )


def game_setup(index: int, seed: int, policy: Policy) -> tuple[str, int, list[str], int]:
    """Board, player count, seat agents and deal seed of training game ``index``."""
    rng = random.Random(f"outcome/{seed}/{index}")
    n = ALL_COUNTS[index % len(ALL_COUNTS)]
    board = BOARDS[(index // len(ALL_COUNTS)) % len(BOARDS)]
    agents = [rng.choice(policy.pool) for _ in range(n)]
    return board, n, agents, seed * 1_000_003 + index


def play_one(index: int, seed: int, policy: Policy) -> dict[str, Any]:
    """Play training game ``index`` (in a worker process); its record."""
    from concordia.maps import load_board  # tools may load maps; the ai may not

    board_name, n, names, game_seed = game_setup(index, seed, policy)
    s = new_game(load_board(board_name), n, game_seed)
    actions = play_out(s, names, policy, str(game_seed))
    over = s.phase == Phase.OVER
    return {
        "index": index,
        "board": board_name,
        "players": n,
        "seed": game_seed,
        "agents": names,
        "actions": actions,
        "over": over,
        "scores": [sc.total for sc in s.scores()],
        "winner": s.outcome().winner if over else None,
    }


def play_out(s: GameState, names: Sequence[str], policy: Policy, key: str) -> list[str]:
    """Play ``s`` in place to the end (or :data:`MAX_STEPS` actions) with fresh agents
    of ``names`` per seat under ``policy``; the actions in notation. Every decision's
    rng is seeded by ``key``, the step and the seat."""
    agents = [make_agent(a) for a in names]
    cancel = threading.Event()
    actions: list[str] = []
    limit = Limit(iterations=policy.hard_iterations)
    while s.current_player is not None and len(actions) < MAX_STEPS:
        seat = s.current_player
        view = s.view_for(seat)
        rng = random.Random(f"{key}/{s.step}/{seat}")
        agent = agents[seat]
        a = None
        if (
            s.phase == Phase.CARD
            and isinstance(agent, PlanningAgent)
            and rng.random() < policy.epsilon
        ):
            a = _random_play(agent, view, rng, cancel)
        if a is None:
            a = agent.choose(view, limit, rng, cancel)
        s.apply_in_place(a)
        actions.append(str(a))
    return actions


def _random_play(
    agent: PlanningAgent, view: GameState, rng: random.Random, cancel: threading.Event
) -> Any:
    # A random whole card play among the planner's options; the rest is replayed from
    # the agent's plan cache like its own choice.
    planner = agent if isinstance(agent, NormalAgent) else NormalAgent()
    try:
        opts = planner.options(view, cancel)
    except Cancelled:
        return None
    pick = opts[rng.randrange(len(opts))]
    agent.remember(view, pick.actions)
    return pick.actions[0]


def chunk_path(data: Path, seed: int, k: int) -> Path:
    return data / f"games-s{seed}-{k:05d}.jsonl.gz"


def write_chunk(path: Path, games: Sequence[dict[str, Any]]) -> None:
    """Write one chunk's records whole (a temporary file renamed into place)."""
    text = "".join(json.dumps(g) + "\n" for g in games)
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    tmp.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    tmp.replace(path)


def read_chunk(path: Path) -> list[dict[str, Any]]:
    """The records of one chunk file."""
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _play_chunk(data: str, seed: int, k: int, policy: Policy) -> int:
    games = [play_one(i, seed, policy) for i in range(k * CHUNK, (k + 1) * CHUNK)]
    write_chunk(chunk_path(Path(data), seed, k), games)
    return k


def generate(data: Path, games: int, seed: int, jobs: int, policy: Policy, log: Any = None) -> int:
    """Play the chunks of games ``0 .. games-1`` not yet in ``data``; returns how many
    chunks were played now."""
    data.mkdir(parents=True, exist_ok=True)
    stamp = data / f"policy-s{seed}.txt"
    if stamp.exists() and stamp.read_text(encoding="utf-8").strip() != policy.describe():
        raise ValueError(
            f"{data} holds games of another policy ({stamp.read_text(encoding='utf-8').strip()})"
        )
    stamp.write_text(policy.describe() + "\n", encoding="utf-8")
    chunks = (games + CHUNK - 1) // CHUNK
    todo = [k for k in range(chunks) if not chunk_path(data, seed, k).exists()]
    if not todo:
        return 0
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=process_context()) as ex:
        futs = [ex.submit(_play_chunk, str(data), seed, k, policy) for k in todo]
        for done, f in enumerate(futs, 1):
            k = f.result()
            if log is not None:
                print(f"chunk {k} done ({done}/{len(todo)})", file=log, flush=True)
    return len(todo)


def load_games(data: Path, games: int, seed: int) -> list[dict[str, Any]]:
    """The stored records of games ``0 .. games-1`` (those whose chunk exists)."""
    out: list[dict[str, Any]] = []
    for k in range((games + CHUNK - 1) // CHUNK):
        path = chunk_path(data, seed, k)
        if path.exists():
            out.extend(g for g in read_chunk(path) if g["index"] < games)
    return out


def replay_positions(game: dict[str, Any], boards: dict[str, Any]) -> Iterator[GameState]:
    """Every turn start (card phase) of a stored game, in order (the same state
    object, advanced in place: copy it to keep one)."""
    s = new_game(boards[game["board"]], game["players"], game["seed"])
    for text in game["actions"]:
        if s.phase == Phase.CARD:
            yield s
        s.apply_in_place(parse_action(text))


def final_state(game: dict[str, Any], boards: dict[str, Any]) -> GameState:
    s = new_game(boards[game["board"]], game["players"], game["seed"])
    for text in game["actions"]:
        s.apply_in_place(parse_action(text))
    return s


def counts_in(games: Sequence[dict[str, Any]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for g in games:
        out[g["players"]] = out.get(g["players"], 0) + 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import sys

    ap = argparse.ArgumentParser(
        prog="python -m concordia.tools.selfplay",
        description="Generate (or complete) the cached self-play games of the outcome net.",
    )
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--data", type=Path, default=archive_path(), help="default: the repository's archive"
    )
    ap.add_argument(
        "--agents",
        default=None,
        help="pool the seats are drawn from, comma-separated (default: the archive's, "
        + ",".join(Policy().pool)
        + ")",
    )
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"rollouts of a searching seat's decision (default {Policy().hard_iterations})",
    )
    args = ap.parse_args(argv)
    try:
        policy = Policy.of_pool(args.agents, args.iterations)
    except ValueError as err:
        ap.error(str(err))
    n = generate(args.data, args.games, args.seed, args.jobs, policy, log=sys.stdout)
    print(f"played {n} chunks of {CHUNK} games into {args.data}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
