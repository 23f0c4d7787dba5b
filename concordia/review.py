"""Game review: the expert's judgement of each of the human's turns, by the chance of
winning.

Pure Python (no pygame), so it runs in tests and in a background thread:

* :func:`split_turns` replays a record into turns (whose turn, the actions and the seat
  that took each, the states before and after);
* :func:`score_history` gives every seat's score ("if the game ended now", from the
  core's ``scores()``) at the start and after every round; the final scores screen,
  the review and the statistics draw it as a chart;
* :func:`analyse` asks the expert (:class:`Judge`: the same agent and evaluation as the
  hint) to search the position at the start of each of the human's turns, and compares
  the seat's chance of winning after the expert's best play with the one after the turn
  played; where the game was decided either way, the expected final margin. A turn that
  lost more than the search's noise (:data:`WIN_NOISE`) is *flagged*; a turn that ended
  the game with a win never is. :attr:`Review.costliest` lists the three that cost most.

With an iteration budget and the rng seeded from the game's seed and step, the analysis
is deterministic. It stops within about one evaluation once ``cancel`` is set.
:class:`ReviewJob` runs it on a daemon thread for the UI, and the result is cached
beside the save (``<save>.review``, JSON, written atomically); a cache that cannot be
read or belongs to another game, budget or version is ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from concordia.ai.base import Limit
from concordia.ai.outcome import exact_outcome
from concordia.core import Action, BoardSpec, GameRecord, GameState, Phase, replay
from concordia.fileio import load_json_capped
from concordia.jobs import BackgroundJob, Cancelled

if TYPE_CHECKING:
    from concordia.ai.expert import OptionReport

__all__ = [
    "CACHE_FORMAT",
    "DEFAULT_ITERATIONS",
    "WIN_NOISE",
    "Judge",
    "Review",
    "ReviewJob",
    "Turn",
    "TurnReview",
    "analyse",
    "cache_path",
    "hint_search",
    "human_seats",
    "judged_search",
    "load_cached",
    "review_key",
    "score_history",
    "split_turns",
    "store_cached",
]

logger = logging.getLogger(__name__)

CACHE_FORMAT = "concordia-review"
MAX_CACHE_BYTES = 8 * 1024 * 1024  # a review is tens of kilobytes
#: Raised whenever the judge or the file changes: a review cached by another judge (3:
#: the expert became the outcome search) is rebuilt, never shown.
CACHE_VERSION = 3
#: Rollouts of the expert's search per reviewed turn (docs/benchmarks.md: the time of a
#: whole game's review).
DEFAULT_ITERATIONS = 20
#: A chance of winning lost by less than this (0 to 1) is the search's noise: two
#: searches of the same position with other worlds differ by about as much.
WIN_NOISE = 0.05
#: Where the game is decided, a margin lost by less than this (VP) is noise.
MARGIN_NOISE = 2.0
#: A chance of winning this close to 0 or 1 is a game decided either way.
DECIDED = 0.02

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the game: the actions from ``start`` to ``end`` (indices into the
    record's actions) in ``seat``'s turn; ``round`` counts from 1. ``movers`` names the
    seat that took each action: another seat's forced discard (a Prefect's goods
    overflowing its storehouse) is that seat's, inside this turn."""

    index: int
    seat: int
    round: int
    start: int
    end: int
    actions: tuple[str, ...]
    movers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnReview:
    """The expert's opinion of one turn: the seat's chance of winning (0 to 1) and
    expected final margin over the best opponent (VP) after the turn played and after
    the expert's own play from the same position (exact once the game is over).
    ``movers`` names the seat of each played action."""

    turn: int  # index into split_turns()
    seat: int
    played: tuple[str, ...]
    suggested: tuple[str, ...]
    played_win: float
    suggested_win: float
    played_margin: float
    suggested_margin: float
    movers: tuple[int, ...] = ()
    #: The turn ended the game and the seat won it (never a loss).
    won_game: bool = False

    @property
    def decided(self) -> bool:
        """The game was decided either way (both plays all but sure to win, or to lose):
        then the turn is judged by points."""
        lo, hi = DECIDED, 1.0 - DECIDED
        wins = (self.played_win, self.suggested_win)
        return all(w <= lo for w in wins) or all(w >= hi for w in wins)

    @property
    def loss(self) -> float:
        """The chance of winning lost against the expert's play (0 to 1; 0 when as good
        or better, or when the turn won the game)."""
        if self.won_game:
            return 0.0
        return max(0.0, round(self.suggested_win - self.played_win, 3))

    @property
    def points_lost(self) -> float:
        """Final margin lost against the expert's play (VP), told where the game was
        decided."""
        if self.won_game:
            return 0.0
        return max(0.0, round(self.suggested_margin - self.played_margin, 1))

    @property
    def flagged(self) -> bool:
        """A turn the expert would not have played, by more than the search's noise:
        a chance of winning (:data:`WIN_NOISE`) or, where the game was decided, points
        (:data:`MARGIN_NOISE`)."""
        if self.won_game or self.same:
            return False
        if self.decided:
            return self.points_lost > MARGIN_NOISE
        return self.loss > WIN_NOISE

    @property
    def same(self) -> bool:
        return self.played == self.suggested

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "seat": self.seat,
            "played": list(self.played),
            "suggested": list(self.suggested),
            "played_win": self.played_win,
            "suggested_win": self.suggested_win,
            "played_margin": self.played_margin,
            "suggested_margin": self.suggested_margin,
            "movers": list(self.movers),
            "won_game": self.won_game,
        }

    @classmethod
    def from_dict(cls, d: Any) -> TurnReview:
        if not isinstance(d, dict):
            raise ValueError("a turn review must be an object")
        played, suggested = d["played"], d["suggested"]
        if not all(isinstance(x, str) for x in [*played, *suggested]):
            raise ValueError("actions must be strings")
        movers = d["movers"]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in movers):
            raise ValueError("movers must be seats")
        values = (
            d["turn"],
            d["seat"],
            d["played_win"],
            d["suggested_win"],
            d["played_margin"],
            d["suggested_margin"],
        )
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            raise ValueError("numbers expected")
        if not isinstance(d["won_game"], bool):
            raise ValueError("won_game must be true or false")
        return cls(
            int(d["turn"]),
            int(d["seat"]),
            tuple(played),
            tuple(suggested),
            float(d["played_win"]),
            float(d["suggested_win"]),
            float(d["played_margin"]),
            float(d["suggested_margin"]),
            tuple(movers),
            d["won_game"],
        )


@dataclass(frozen=True, slots=True)
class Review:
    """The analysis of a game: one :class:`TurnReview` per reviewed turn."""

    key: str
    turns: tuple[TurnReview, ...] = field(default_factory=tuple)

    def costliest(self, n: int = 3) -> list[TurnReview]:
        """The ``n`` flagged turns that cost the most chance of winning, then points
        (ties: earlier turn first); turns within the search's noise are left out."""
        flagged = [r for r in self.turns if r.flagged]
        return sorted(flagged, key=lambda r: (-r.loss, -r.points_lost, r.turn))[:n]

    def for_turn(self, turn: int) -> TurnReview | None:
        for r in self.turns:
            if r.turn == turn:
                return r
        return None

    def flagged(self) -> list[TurnReview]:
        """The turns the expert would not have played (beyond the search's noise)."""
        return [r for r in self.turns if r.flagged]

    def total_loss(self) -> float:
        """The chance of winning the flagged turns cost together (0 to 1): each turn's
        loss taken from what the ones before it left, ``1 - prod(1 - loss)`` (a plain
        sum read "279 % of a win" for a weak player's game)."""
        kept = 1.0
        for r in self.flagged():
            kept *= 1.0 - min(1.0, r.loss)
        return round(1.0 - kept, 3)


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
                    tuple(_mover(states[k]) for k in range(start, i + 1)),
                )
            )
            start = i + 1
    return turns


def _mover(state: GameState) -> int:
    seat = state.current_player
    assert seat is not None  # the state before an action has a mover
    return seat


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
    turns: Collection[int] | None = None,
) -> Review:
    """Review every turn of ``seats`` (default :func:`human_seats`) with the expert
    (only those of ``turns``, indices into :func:`split_turns`, when given).

    ``progress(done, total)`` is called before the first turn (0) and after each one;
    ``searching`` is set when the expert's first search begins; each turn's review is
    appended to ``found`` as soon as it is known (the screen shows it at once).

    Raises:
        Cancelled: ``cancel`` was set.
        concordia.core.InvalidRecordError: the record does not replay.
    """
    event = cancel if cancel is not None else threading.Event()
    states = states_of(record, board)
    reviewed = set(human_seats(record) if seats is None else seats)
    todo = [
        t
        for t in split_turns(record, states)
        if t.seat in reviewed and (turns is None or t.index in turns)
    ]
    out: list[TurnReview] = []
    if progress is not None:
        progress(0, len(todo))
    last = states[-1]
    final_winner = last.outcome().winner if last.is_terminal() else None
    judge = Judge()
    for k, turn in enumerate(todo):
        if event.is_set():
            raise Cancelled
        if searching is not None:
            searching.set()
        start, end = states[turn.start], states[turn.end]
        ended = end.is_terminal() or (start.concordia is None and end.concordia == turn.seat)
        won = ended and final_winner == turn.seat
        review = judge.turn(turn, start, end, iterations, event, won)
        out.append(review)
        if found is not None:
            found.append(review)
        if progress is not None:
            progress(k + 1, len(todo))
    return Review(review_key(record, iterations), tuple(out))


def judged_search(state: GameState, iterations: int = DEFAULT_ITERATIONS) -> tuple[Limit, str]:
    """The budget and rng seed of the expert's search of ``state`` when it judges a
    turn: the hint asks for the same at the start of a turn, so a card the hint
    proposed is the review's best play and never flagged (found by hand: the review
    called a turn that followed the hint its costliest)."""
    return Limit(iterations=iterations), f"{state.seed}/{state.step}/review"


def hint_search(state: GameState) -> tuple[Limit, str] | None:
    """The budget and seed the expert's hint searches ``state`` with: the review's at
    the start of a turn (:func:`judged_search`, one judge), else None (the level's
    budget: the later steps replay the plan)."""
    return judged_search(state) if state.phase == Phase.CARD else None


class Judge:
    """The expert judging turns: the same agent, evaluation and search as the hint.

    On the position at the start of a turn the expert searches its card plays
    (:meth:`concordia.ai.expert.ExpertAgent.analyse`, an iteration budget and an rng
    seeded from the game's seed and step, so the figures are reproducible). The
    expert's best play and the turn played are compared by the seat's chance of
    winning and expected margin after them:

    * the turn played is one of the searched plays (the seat's own actions are the
      same): both figures are the search's, so a turn that followed the hint differs
      from the expert's only by the search's noise;
    * else both plays are scored by the expert's evaluation of the position after them
      (its learned outcome; the real result once the game is over), on the real
      position;
    * a turn that ended the game with a win is never a loss.
    """

    def __init__(self) -> None:
        from concordia.ai.expert import ExpertAgent

        self.agent = ExpertAgent()

    def search(
        self, start: GameState, iterations: int, cancel: threading.Event
    ) -> list[OptionReport]:
        """The expert's searched plays from ``start``, best first (what the hint shows
        at the same budget and seed)."""
        seat = start.current_player
        assert seat is not None
        limit, seed = judged_search(start, iterations)
        rng = random.Random(seed)
        reports = self.agent.analyse(start.view_for(seat), limit, rng, cancel)
        if cancel.is_set():
            raise Cancelled
        return reports

    def turn(
        self,
        turn: Turn,
        start: GameState,
        end: GameState,
        iterations: int,
        cancel: threading.Event,
        won: bool = False,
    ) -> TurnReview:
        """The review of ``turn`` played from ``start`` to ``end``; ``won``: the turn
        brought the end of a game the seat won."""
        seat = turn.seat
        reports = self.search(start, iterations, cancel)
        best = reports[0]
        suggested = tuple(str(a) for a in best.actions)
        mine = _own(turn.actions, turn.movers, seat)
        match = None
        for r in reports:
            acts = tuple(str(a) for a in r.actions)
            if _own_of(start, acts, seat) == mine:
                match = r
                break
        if match is not None:
            p_win, p_margin = match.win, match.lead
            s_win, s_margin = best.win, best.lead
        else:
            _s, _pts, p_margin, p_win = self.agent.score(_settle(end, cancel), seat)
            after = _play_out(start, best.actions, seat)
            if after is None:  # the plan does not replay here: the search's figures
                s_win, s_margin = best.win, best.lead
            else:
                _s, _pts, s_margin, s_win = self.agent.score(_settle(after, cancel), seat)
        if end.is_terminal():
            exact = exact_outcome(end)
            p_win, p_margin = exact.win[seat], exact.margin[seat]
        return TurnReview(
            turn.index,
            seat,
            turn.actions,
            suggested,
            round(p_win, 3),
            round(s_win, 3),
            round(p_margin, 1),
            round(s_margin, 1),
            turn.movers,
            won,
        )


def _settle(state: GameState, cancel: threading.Event) -> GameState:
    """Within reach of the end (the Concordia card taken), the game played out to its
    real final scores by the normal policy (every seat's best greedy card play, the
    draw pile re-dealt by a fixed rng), so the judgement there is exact, never a
    forecast; ``state`` itself elsewhere."""
    if state.concordia is None or state.is_terminal():
        return state
    from concordia.ai.evaluate import NORMAL
    from concordia.ai.greedy import greedy_step, turn_options, value_fn

    seat = state.current_player
    assert seat is not None
    s = state.view_for(seat).redeal(random.Random(f"{state.seed}/{state.step}/settle"))
    guard = 0
    while not s.is_terminal() and guard < 2000:
        if cancel.is_set():
            raise Cancelled
        mover = s.current_player
        assert mover is not None
        value = value_fn(mover, NORMAL, 0.0)
        if s.phase in (Phase.CARD, Phase.FIRST_BUY) or mover == s.turn_player:
            s = turn_options(s, value)[0].state
        else:
            s.apply_in_place(greedy_step(s, value))
        guard += 1
    return s


def _own(actions: Sequence[str], movers: Sequence[int], seat: int) -> tuple[str, ...]:
    return tuple(a for a, m in zip(actions, movers, strict=True) if m == seat)


def _own_of(start: GameState, actions: Sequence[str], seat: int) -> tuple[str, ...] | None:
    """The actions of ``seat`` in a play from ``start`` (None if it does not replay)."""
    s = start.copy()
    out = []
    for text in actions:
        mover = s.current_player
        legal = {str(a): a for a in s.legal_actions()}
        if text not in legal:
            return None
        if mover == seat:
            out.append(text)
        s.apply_in_place(legal[text])
    return tuple(out)


def _play_out(start: GameState, actions: Sequence[Action], seat: int) -> GameState | None:
    """The real position after the expert's play from ``start``: its actions while
    legal, the other seats' forced discards as the expert planned them, the rest of the
    card (if any) ended by its cheapest legal action. None if a step of the seat's own
    is not legal on the real position."""
    s = start.copy()
    for a in actions:
        if a not in s.legal_actions():
            return None
        s.apply_in_place(a)
    guard = 0
    while not s.is_terminal() and s.turn_player == seat and s.phase != Phase.CARD and guard < 50:
        s.apply_in_place(s.legal_actions()[0])
        guard += 1
    return s


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
    """``python -m concordia.review [SAVE] [--iterations N] [--hints N] [--noise N]``: review a
    finished save (or, without one, a fixed demo game of easy and normal AIs on Italia,
    seed 21) and print the costliest turns, the time per reviewed turn and the load
    average; with ``--hints N``, first time the hint as the game asks it (the expert at
    its UI budget on the AI thread, every step of the play) on the first N of the
    human's turns and print its median and p95; with ``--noise N``, how far two searches
    of the first N of those positions with other worlds disagree (:func:`search_noise`:
    what :data:`WIN_NOISE` covers)."""
    import argparse
    import os
    import time

    from concordia.maps import load_board

    parser = argparse.ArgumentParser(prog="python -m concordia.review")
    parser.add_argument("save", nargs="?", help="a finished save (default: a demo game)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--hints", type=int, default=0, help="hint timings (positions)")
    parser.add_argument("--noise", type=int, default=0, help="search noise (positions)")
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
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.hints:
        states = states_of(record, board)
        mine = [t for t in split_turns(record, states) if t.seat in human_seats(record)]
        times = sorted(hint_time(states[t.start]) for t in mine[: args.hints])
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        median = times[len(times) // 2]
        print(f"hint: {len(times)} positions, median {median:.2f} s, p95 {p95:.2f} s")
    if args.noise:
        states = states_of(record, board)
        mine = [t for t in split_turns(record, states) if t.seat in human_seats(record)]
        gaps = sorted(search_noise(states[t.start], args.iterations) for t in mine[: args.noise])
        top = gaps[min(len(gaps) - 1, round(0.9 * (len(gaps) - 1)))]
        print(f"noise: {len(gaps)} positions, chance of winning between two searches'")
        print(f"  best plays: median {gaps[len(gaps) // 2]:.3f}, p90 {top:.3f}, max {gaps[-1]:.3f}")
    t0 = time.perf_counter()
    review = analyse(record, board, args.iterations)
    elapsed = time.perf_counter() - t0
    n = max(1, len(review.turns))
    print(f"{len(review.turns)} turns reviewed at {args.iterations} iterations in {elapsed:.1f} s")
    flagged = review.flagged()
    lost = 100 * review.total_loss()
    print(f"{elapsed / n:.2f} s per turn; {len(flagged)} turns flagged, {lost:.0f} % of a win lost")
    for r in review.costliest():
        print(f"turn {r.turn + 1}: -{100 * r.loss:.0f} %  played {', '.join(r.played)}")
        print(f"          expert: {', '.join(r.suggested)}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


def search_noise(state: GameState, iterations: int) -> float:
    """How far apart two of the review's searches of ``state`` with other worlds (the
    rng seeded two ways) put their best plays: the first search's chance of winning
    for its best play less the one it gives the second search's best play (0 when
    both pick the same play or the first did not search the second's)."""
    seat = state.current_player
    assert seat is not None
    agent = Judge().agent
    view = state.view_for(seat)
    limit = Limit(iterations=iterations)
    first = agent.analyse(view, limit, random.Random(f"{state.seed}/{state.step}/review"))
    second = agent.analyse(view, limit, random.Random(f"{state.seed}/{state.step}/other"))
    theirs = [r for r in first if r.actions == second[0].actions]
    return max(0.0, first[0].win - theirs[0].win) if theirs else 0.0


def hint_time(state: GameState) -> float:
    """Seconds the game's hint takes from ``state``: the expert on the AI thread (with
    the budget and seed of :func:`hint_search`, else its UI budget), then each further
    step of its play (replayed from its plan), as :mod:`concordia.ui.game.hints` asks
    them, and the reasons of the best three plays read from the position
    (:func:`concordia.advice.play_reasons`, on the UI thread)."""
    import time

    from concordia.advice import play_reasons
    from concordia.ai.base import default_limit
    from concordia.ai.worker import AIRequest, AIWorker, Purpose

    seat = state.current_player
    assert seat is not None
    worker = AIWorker()
    limit = default_limit("expert")
    t0 = time.perf_counter()
    try:
        s = state
        for _ in range(60):  # a card's steps
            lim, seed = hint_search(s) or (limit, None)
            worker.request(AIRequest(1, s.step, s, seat, "expert", lim, seed, Purpose.HINT))
            while (reply := worker.poll()) is None:
                time.sleep(0.002)
            if reply.action is None:
                break
            for option in reply.options[:3] if s is state else ():
                play_reasons(state, option.actions, seat)
            s = s.apply(reply.action)
            if s.is_terminal() or s.current_player != seat or s.phase == Phase.CARD:
                break
        return time.perf_counter() - t0
    finally:
        worker.close()


if __name__ == "__main__":
    raise SystemExit(main())
