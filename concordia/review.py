"""Game review: what the hard AI would have played on each of the human's turns.

Pure Python (no pygame), so it runs in tests and in a background thread:

* :func:`split_turns` replays a record into turns (who played, the actions, the states
  before and after);
* :func:`score_history` gives every seat's score ("if the game ended now", from the
  core's ``scores()``) at the start and after every round; the final scores screen,
  the review and the statistics draw it as a chart;
* :func:`analyse` asks the hard AI, on the position at the start of each of the
  human's turns, for its whole turn (the card and every sub-decision, played on the
  real position), and compares the AI's evaluation (:func:`concordia.ai.evaluate.evaluate`,
  an estimate of the seat's final points) after the AI's turn with the one after the
  turn actually played. The difference, never below zero, is the turn's *estimated
  loss*; :attr:`Review.costliest` lists the three largest.

With an iteration budget (``Limit(iterations=n)``) and the rng seeded from the game's
seed and step, the analysis is deterministic. It stops within about one evaluation once
``cancel`` is set. :class:`ReviewJob` runs it on a daemon thread for the UI, and the
result is cached beside the save (``<save>.review``, JSON, written atomically); a cache
that cannot be read or belongs to another game or budget is ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from concordia.ai.base import Limit
from concordia.core import BoardSpec, GameRecord, GameState, replay
from concordia.fileio import load_json_capped
from concordia.jobs import BackgroundJob, Cancelled

__all__ = [
    "CACHE_FORMAT",
    "DEFAULT_ITERATIONS",
    "Review",
    "ReviewJob",
    "Turn",
    "TurnReview",
    "analyse",
    "cache_path",
    "human_seats",
    "load_cached",
    "review_key",
    "score_history",
    "split_turns",
    "store_cached",
]

logger = logging.getLogger(__name__)

CACHE_FORMAT = "concordia-review"
MAX_CACHE_BYTES = 8 * 1024 * 1024  # a review is tens of kilobytes
CACHE_VERSION = 1
#: Rollouts per reviewed turn in the game (about 0.3-0.6 s a turn on one core).
DEFAULT_ITERATIONS = 30

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the game: the actions from ``start`` to ``end`` (indices into the
    record's actions) by ``seat``; ``round`` counts from 1."""

    index: int
    seat: int
    round: int
    start: int
    end: int
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnReview:
    """The hard AI's opinion of one turn (points are estimated final points)."""

    turn: int  # index into split_turns()
    seat: int
    played: tuple[str, ...]
    suggested: tuple[str, ...]
    played_value: float
    suggested_value: float

    @property
    def loss(self) -> float:
        """Estimated points lost against the AI's turn (0 when as good or better)."""
        return max(0.0, round(self.suggested_value - self.played_value, 1))

    @property
    def same(self) -> bool:
        return self.played == self.suggested

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "seat": self.seat,
            "played": list(self.played),
            "suggested": list(self.suggested),
            "played_value": self.played_value,
            "suggested_value": self.suggested_value,
        }

    @classmethod
    def from_dict(cls, d: Any) -> TurnReview:
        if not isinstance(d, dict):
            raise ValueError("a turn review must be an object")
        played, suggested = d["played"], d["suggested"]
        if not all(isinstance(x, str) for x in [*played, *suggested]):
            raise ValueError("actions must be strings")
        values = (d["turn"], d["seat"], d["played_value"], d["suggested_value"])
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            raise ValueError("numbers expected")
        return cls(
            int(d["turn"]),
            int(d["seat"]),
            tuple(played),
            tuple(suggested),
            float(d["played_value"]),
            float(d["suggested_value"]),
        )


@dataclass(frozen=True, slots=True)
class Review:
    """The analysis of a game: one :class:`TurnReview` per reviewed turn."""

    key: str
    turns: tuple[TurnReview, ...] = field(default_factory=tuple)

    def costliest(self, n: int = 3) -> list[TurnReview]:
        """The ``n`` turns with the largest loss (ties: earlier turn first); turns
        that lost nothing are left out."""
        lossy = [r for r in self.turns if r.loss > 0]
        return sorted(lossy, key=lambda r: (-r.loss, r.turn))[:n]

    def for_turn(self, turn: int) -> TurnReview | None:
        for r in self.turns:
            if r.turn == turn:
                return r
        return None

    def total_loss(self) -> float:
        return round(sum(r.loss for r in self.turns), 1)


# ---------------------------------------------------------------------- replay
def human_seats(record: GameRecord) -> list[int]:
    """Seats marked human in the record (seat 0 when none is: an all-AI game)."""
    seats = [
        i
        for i, info in enumerate(record.seats[: record.num_players])
        if isinstance(info, dict) and info.get("kind") == "human"
    ]
    return seats or [0]


def states_of(record: GameRecord, board: BoardSpec) -> list[GameState]:
    """The state before every action and after the last one (``len(actions) + 1``)."""
    states: list[GameState] = []

    def keep(state: GameState, _action: object) -> None:
        states.append(state)

    first = replay(GameRecord(record.board, record.num_players, record.seed, record.options), board)
    states.append(first)
    replay(record, board, on_step=keep)
    return states


def split_turns(record: GameRecord, states: Sequence[GameState]) -> list[Turn]:
    """The turns of the game: a turn ends where the turn passes to another seat or
    the game ends."""
    turns: list[Turn] = []
    n = record.num_players
    start = 0
    for i in range(len(record.actions)):
        before, after = states[i], states[i + 1]
        if after.turn_player != before.turn_player or after.is_terminal():
            index = len(turns)
            turns.append(
                Turn(
                    index,
                    before.turn_player,
                    index // n + 1,
                    start,
                    i + 1,
                    tuple(record.actions[start : i + 1]),
                )
            )
            start = i + 1
    return turns


def score_history(
    record: GameRecord, board: BoardSpec, states: Sequence[GameState] | None = None
) -> list[list[int]]:
    """Every seat's total score at the start and after each round (``n`` turns), and at
    the end: ``history[k][seat]``."""
    states = states if states is not None else states_of(record, board)
    n = record.num_players
    out = [[s.total for s in states[0].scores()]]
    for turn in split_turns(record, states):
        last = turn.end == len(record.actions)
        if (turn.index + 1) % n == 0 or last:
            out.append([s.total for s in states[turn.end].scores()])
    return out


# ---------------------------------------------------------------------- analysis
def review_key(record: GameRecord, iterations: int) -> str:
    """Identifies a game and an analysis budget (the cache must match it)."""
    text = json.dumps(
        [
            record.board,
            record.num_players,
            record.seed,
            record.options,
            record.actions,
            human_seats(record),
            iterations,
            CACHE_VERSION,
        ],
        sort_keys=True,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def analyse(
    record: GameRecord,
    board: BoardSpec,
    iterations: int = DEFAULT_ITERATIONS,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
    seats: Sequence[int] | None = None,
    searching: threading.Event | None = None,
    found: list[TurnReview] | None = None,
) -> Review:
    """Review every turn of ``seats`` (default :func:`human_seats`) with the hard AI.

    ``progress(done, total)`` is called before the first turn (0) and after each one;
    ``searching`` is set when the AI's first search begins; each turn's review is
    appended to ``found`` as soon as it is known (the screen shows it at once).

    Raises:
        Cancelled: ``cancel`` was set.
        concordia.core.InvalidRecordError: the record does not replay.
    """
    from concordia.ai.evaluate import evaluate

    event = cancel if cancel is not None else threading.Event()
    states = states_of(record, board)
    reviewed = set(human_seats(record) if seats is None else seats)
    todo = [t for t in split_turns(record, states) if t.seat in reviewed]
    out: list[TurnReview] = []
    if progress is not None:
        progress(0, len(todo))
    for k, turn in enumerate(todo):
        if event.is_set():
            raise Cancelled
        start = states[turn.start]
        suggested, after = _ai_turn(start, turn.seat, iterations, event, searching)
        if event.is_set():
            raise Cancelled
        review = TurnReview(
            turn.index,
            turn.seat,
            turn.actions,
            tuple(suggested),
            round(evaluate(states[turn.end], turn.seat), 2),
            round(evaluate(after, turn.seat), 2),
        )
        out.append(review)
        if found is not None:
            found.append(review)
        if progress is not None:
            progress(k + 1, len(todo))
    return Review(review_key(record, iterations), tuple(out))


def _ai_turn(
    start: GameState,
    seat: int,
    iterations: int,
    cancel: threading.Event,
    searching: threading.Event | None = None,
) -> tuple[list[str], GameState]:
    """The hard AI's whole turn from ``start`` (for ``seat``), played on the real
    position; returns its actions and the position after them."""
    from concordia.ai import make_agent

    agent = make_agent("hard")
    state = start.copy()
    actions: list[str] = []
    limit = Limit(iterations=iterations)
    while not state.is_terminal() and state.turn_player == seat:
        mover = state.current_player
        assert mover is not None
        rng = random.Random(f"{state.seed}/{state.step}/review")
        if searching is not None:
            searching.set()
        action = agent.choose(state.view_for(mover), limit, rng, cancel)
        if cancel.is_set():
            break
        if action not in state.legal_actions():  # the agent must never do this
            raise RuntimeError(f"the hard AI chose an illegal action {action}")
        state.apply_in_place(action)
        actions.append(str(action))
        if len(actions) > 200:  # a turn is a handful of actions
            raise RuntimeError("the AI's turn does not end")
    return actions, state


# ---------------------------------------------------------------------- cache
def cache_path(save: Path) -> Path:
    """Where the review of ``save`` is kept: ``<save>.review`` beside it (not ``.json``,
    so the save list never mistakes it for a save)."""
    return save.with_name(save.name + ".review")


def load_cached(path: Path, key: str) -> Review | None:
    """The cached review at ``path`` if it is readable and for ``key``; else None
    (a damaged or foreign cache is ignored, and logged)."""
    try:
        data = load_json_capped(path, MAX_CACHE_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        logger.warning("review cache %s ignored: %s", path, exc)
        return None
    try:
        if data.get("format") != CACHE_FORMAT or data.get("version") != CACHE_VERSION:
            raise ValueError("not a review cache of this version")
        if data.get("key") != key:
            return None  # another game or budget: quietly rebuilt
        turns = tuple(TurnReview.from_dict(d) for d in data["turns"])
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        logger.warning("review cache %s ignored: %s", path, exc)
        return None
    return Review(key, turns)


def store_cached(path: Path, review: Review) -> bool:
    """Write the review cache atomically; a failure is logged (the review still
    shows). Returns whether it was written."""
    from concordia.fileio import atomic_write_text

    doc = {
        "format": CACHE_FORMAT,
        "version": CACHE_VERSION,
        "key": review.key,
        "turns": [r.to_dict() for r in review.turns],
    }
    try:
        atomic_write_text(path, json.dumps(doc, indent=1) + "\n")
    except OSError as exc:
        logger.warning("review cache %s not written: %s", path, exc)
        return False
    return True


# ---------------------------------------------------------------------- job
class ReviewJob:
    """Runs :func:`analyse` on a daemon thread (or takes the cache) for the UI.

    The UI reads :attr:`done`, :attr:`total`, :attr:`review`, :attr:`error` and
    :attr:`finished` once per frame; :meth:`cancel` stops the thread within about one
    evaluation. :attr:`started` is set once the search of the first turn begins.
    """

    def __init__(
        self,
        record: GameRecord,
        board: BoardSpec,
        cache: Path | None = None,
        iterations: int = DEFAULT_ITERATIONS,
    ) -> None:
        self.record = record
        self.board = board
        self.cache = cache
        self.iterations = iterations
        self.key = review_key(record, iterations)
        self.done = 0
        self.total = 0
        self.review: Review | None = None
        #: Turns reviewed so far (appended by the thread; read by the screen).
        self.partial: list[TurnReview] = []
        self.error: str | None = None
        self.cancelled = False
        self.from_cache = False
        self.started = threading.Event()
        self.finished = threading.Event()
        self._job = BackgroundJob(self._run, "review")

    def start(self) -> None:
        if self.cache is not None:
            cached = load_cached(self.cache, self.key)
            if cached is not None:
                self.review = cached
                self.from_cache = True
                self.done = self.total = len(cached.turns)
                self.started.set()
                self.finished.set()
                return
        self._job.start()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _run(self, cancel: threading.Event) -> None:
        try:
            review = analyse(
                self.record,
                self.board,
                self.iterations,
                cancel,
                self._progress,
                searching=self.started,
                found=self.partial,
            )
        except Cancelled:
            self.cancelled = True
        except Exception as exc:  # shown on the screen; the log has the traceback
            logger.exception("the game review failed")
            self.error = f"{type(exc).__name__}: {exc}"
        else:
            self.review = review
            if self.cache is not None:
                store_cached(self.cache, review)
        finally:
            self.started.set()
            self.finished.set()

    def turn_review(self, turn: int) -> TurnReview | None:
        """The review of ``turn`` if it is known yet."""
        if self.review is not None:
            return self.review.for_turn(turn)
        for r in list(self.partial):
            if r.turn == turn:
                return r
        return None

    def cancel(self) -> None:
        self._job.cancel()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread; returns whether it has ended."""
        if self._job.started:
            self._job.wait(timeout)
        return self.finished.is_set()


# ---------------------------------------------------------------------- command line
def main(argv: Sequence[str] | None = None) -> int:
    """``python -m concordia.review [SAVE] [--iterations N]``: review a finished save
    (or, without one, a fixed demo game of easy and normal AIs on Italia, seed 21) and
    print the costliest turns and the time per reviewed turn."""
    import argparse
    import time

    from concordia.maps import load_board

    parser = argparse.ArgumentParser(prog="python -m concordia.review")
    parser.add_argument("save", nargs="?", help="a finished save (default: a demo game)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    args = parser.parse_args(argv)
    if args.save:
        from concordia.saves import load_game

        loaded = load_game(args.save)
        record = loaded.record
        board = loaded.state.board  # checked by the load; a save's name is never a path
    else:
        from concordia.ai.play import play_game

        board = load_board("italia")
        game = play_game(board, ["easy", "normal", "easy"], seed=21, limits=Limit(iterations=2))
        seats = [{"kind": "human"}, {"kind": "normal"}, {"kind": "easy"}]
        record = GameRecord("italia", 3, 21, {}, [str(a) for a in game.actions], seats)
    t0 = time.perf_counter()
    review = analyse(record, board, args.iterations)
    elapsed = time.perf_counter() - t0
    n = max(1, len(review.turns))
    print(f"{len(review.turns)} turns reviewed at {args.iterations} iterations in {elapsed:.1f} s")
    print(f"{elapsed / n:.2f} s per turn; estimated loss in all {review.total_loss():.1f} points")
    for r in review.costliest():
        print(f"turn {r.turn + 1}: -{r.loss:.1f}  played {', '.join(r.played)}")
        print(f"          hard AI: {', '.join(r.suggested)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
