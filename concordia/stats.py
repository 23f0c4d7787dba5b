"""Statistics of finished games, in a SQLite database in the per-user data folder.

Uses the standard library's :mod:`sqlite3`: every game is written in one transaction
(the journal makes a crash or a kill in the middle leave the database as it was before
that game), with ``synchronous=FULL``. The schema has a version (``PRAGMA
user_version``) and :data:`MIGRATIONS` bring an older database up to date, one step per
version, each in its own transaction.

A database that cannot be opened, fails SQLite's integrity check or has tables other
than the ones this version writes is *reported* (logged, and :attr:`Statistics.problem`
says what happened, for the screen to show), *kept aside* as ``statistics.sqlite3.bad``
(``.bad1``, ``.bad2``... if taken) and a fresh one is started; nothing is ever deleted.
A database that is only busy (locked by another process: retried first), comes from a
newer version, or is not a regular file is left exactly as it is and
:class:`StatisticsUnavailable` says why. Rows whose values have the wrong type are
skipped and counted (:attr:`Summary.skipped`).

What is stored per game: board, date, seed, options, number of players, the winner, the
record's key (a hash of the set-up and every action, so a game is counted once) and,
per seat, name, kind (human or AI level), rank, the points per god, the Concordia card
and the total. The summary is seen from the first human seat of each game.

No pygame here: the UI calls :func:`record_game` when a game ends and shows
:meth:`Statistics.summary`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import logging
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from concordia.core import GameRecord, GameState
from concordia.core.data import GODS

__all__ = [
    "DB_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "BoardLevelRow",
    "Result",
    "Statistics",
    "StatisticsUnavailable",
    "Summary",
    "game_key",
    "kept_aside",
    "open_statistics",
    "opponent_level",
    "record_game",
    "stats_path",
]

logger = logging.getLogger(__name__)

DB_NAME = "statistics.sqlite3"
LEVEL_ORDER = ("random", "easy", "normal", "hard", "expert")

#: Schema steps: MIGRATIONS[i] takes a database from version i to i + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL UNIQUE,
            played_at TEXT NOT NULL,
            board TEXT NOT NULL,
            seed INTEGER NOT NULL,
            num_players INTEGER NOT NULL,
            options TEXT NOT NULL,
            winner INTEGER NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            rank INTEGER NOT NULL,
            total INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
    ),
    # Version 2: the points per god and the Concordia card of every seat.
    (
        "ALTER TABLE seats ADD COLUMN gods TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE seats ADD COLUMN concordia INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX seats_kind ON seats(kind)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
#: The columns each table has at :data:`SCHEMA_VERSION` (checked when opening).
COLUMNS: dict[str, frozenset[str]] = {
    "games": frozenset(
        {"id", "game_key", "played_at", "board", "seed", "num_players", "options", "winner"}
    ),
    "seats": frozenset({"game_id", "seat", "name", "kind", "rank", "total", "gods", "concordia"}),
}
#: Tries to open a database locked by another process, and the pause between them.
BUSY_TRIES = 3
BUSY_PAUSE = 0.3
#: Seconds SQLite waits for a lock on each statement.
LOCK_TIMEOUT = 1.0


class StatisticsUnavailable(sqlite3.Error):
    """The statistics cannot be used now and their file is left exactly as it is: it is
    busy (locked by another process), from a newer version, or not a regular file.
    ``str(error)`` is a sentence for the player."""


def stats_path() -> Path:
    """``data_dir()/statistics.sqlite3``."""
    from concordia.settings import data_dir

    return data_dir() / DB_NAME


def game_key(record: GameRecord) -> str:
    """A hash of the set-up and every action: the same game gets the same key."""
    text = json.dumps(
        [record.board, record.num_players, record.seed, record.options, record.actions],
        sort_keys=True,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def opponent_level(kinds: Sequence[str], human: int) -> str:
    """The strongest AI level among the seats other than ``human`` ("human" if none)."""
    levels = [k for i, k in enumerate(kinds) if i != human and k != "human"]
    if not levels:
        return "human"
    return max(levels, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else -1)


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game as the first human seat saw it."""

    played_at: str
    board: str
    level: str
    total: int
    best_other: int
    won: bool


@dataclass(frozen=True, slots=True)
class BoardLevelRow:
    board: str
    level: str
    games: int
    wins: int
    best: int
    mean: float


@dataclass(frozen=True, slots=True)
class Summary:
    """What the Statistics screen shows."""

    games: int  # every finished game recorded, with or without a human
    human_games: int
    wins: int
    best: int | None
    mean: float | None
    rows: tuple[BoardLevelRow, ...] = ()
    last: tuple[Result, ...] = field(default_factory=tuple)  # oldest first, at most 20
    skipped: int = 0  # games left out because a stored value has the wrong type


class Statistics:
    """An open statistics database (one connection; use from one thread)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, problem: str | None) -> None:
        self.path = path
        self.db = connection
        #: What went wrong when opening (the old file was kept aside), else None.
        self.problem = problem
        #: Games left out by the last :meth:`results` (a value of the wrong type).
        self.skipped = 0

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Statistics:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------- writing
    def record(
        self,
        record: GameRecord,
        state: GameState,
        when: _dt.datetime | None = None,
        _mid_transaction: Callable[[], None] | None = None,
    ) -> bool:
        """Store a finished game in one transaction.

        Returns:
            False when that game (same key) was stored before.

        Raises:
            ValueError: the game is not over.
        """
        if not state.is_terminal():
            raise ValueError("only finished games are recorded")
        key = game_key(record)
        when = when or _dt.datetime.now(_dt.UTC)
        outcome = state.outcome()
        kinds = _kinds(record)
        rank = {seat: i + 1 for i, seat in enumerate(outcome.ranking)}
        with self.db:  # one transaction: all of the game or none of it
            cur = self.db.execute(
                "INSERT OR IGNORE INTO games (game_key, played_at, board, seed, num_players,"
                " options, winner) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    when.isoformat(timespec="seconds"),
                    record.board,
                    record.seed,
                    record.num_players,
                    json.dumps(record.options, sort_keys=True),
                    outcome.ranking[0],
                ),
            )
            if cur.rowcount == 0:
                return False
            game_id = cur.lastrowid
            if _mid_transaction is not None:
                _mid_transaction()
            for seat, score in enumerate(outcome.scores):
                self.db.execute(
                    "INSERT INTO seats (game_id, seat, name, kind, rank, total, gods, concordia)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        seat,
                        _name(record, seat),
                        kinds[seat],
                        rank[seat],
                        score.total,
                        json.dumps({g: score.gods.get(g, 0) for g in GODS}),
                        score.concordia,
                    ),
                )
        return True

    # ------------------------------------------------------------- reading
    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def results(self) -> list[Result]:
        """Every game with a human seat, oldest first, from the first human's side."""
        rows = self.db.execute(
            "SELECT g.id, g.played_at, g.board, s.seat, s.kind, s.total, s.rank"
            " FROM games g JOIN seats s ON s.game_id = g.id ORDER BY g.id, s.seat"
        ).fetchall()
        games: dict[int, list[Any]] = {}
        bad: set[Any] = set()
        for row in rows:
            if not _row_ok(row):
                bad.add(row[0])
                continue
            games.setdefault(row[0], []).append(row)
        for game_id in bad:
            games.pop(game_id, None)
        self.skipped = len(bad)
        out: list[Result] = []
        for seats in games.values():
            humans = [r for r in seats if r[4] == "human"]
            if not humans:
                continue
            me = humans[0]
            others = [r[5] for r in seats if r[3] != me[3]]
            level = opponent_level([r[4] for r in seats], me[3])
            out.append(Result(me[1], me[2], level, me[5], max(others, default=0), me[6] == 1))
        return out

    def summary(self, last: int = 20) -> Summary:
        results = self.results()
        table: dict[tuple[str, str], list[Result]] = {}
        for r in results:
            table.setdefault((r.board, r.level), []).append(r)
        rows = tuple(
            BoardLevelRow(
                board,
                level,
                len(rs),
                sum(r.won for r in rs),
                max(r.total for r in rs),
                sum(r.total for r in rs) / len(rs),
            )
            for (board, level), rs in sorted(
                table.items(),
                key=lambda kv: (
                    kv[0][0],
                    LEVEL_ORDER.index(kv[0][1]) if kv[0][1] in LEVEL_ORDER else 99,
                ),
            )
        )
        totals = [r.total for r in results]
        return Summary(
            games=self.count(),
            human_games=len(results),
            wins=sum(r.won for r in results),
            best=max(totals) if totals else None,
            mean=sum(totals) / len(totals) if totals else None,
            rows=rows,
            last=tuple(results[-last:]),
            skipped=self.skipped,
        )


def open_statistics(path: Path | None = None) -> Statistics:
    """Open (or create, or migrate) the statistics database at ``path``
    (default :func:`stats_path`). A damaged file is kept aside and a fresh database
    started; :attr:`Statistics.problem` then says so.

    Raises:
        StatisticsUnavailable: busy after :data:`BUSY_TRIES` tries, from a newer
            version, or not a regular file (the file is left as it is).
        OSError: the folder cannot be written at all.
        sqlite3.Error: even a fresh database cannot be created there.
    """
    target = path if path is not None else stats_path()
    _check_regular(target)
    damage: sqlite3.DatabaseError | None = None
    for attempt in range(BUSY_TRIES):
        try:
            return Statistics(target, _connect(target), None)
        except sqlite3.DatabaseError as exc:
            if not _busy(exc):
                damage = exc
                break
            logger.info("statistics busy (try %d of %d): %s", attempt + 1, BUSY_TRIES, exc)
            time.sleep(BUSY_PAUSE)
    if damage is None:
        raise StatisticsUnavailable(
            f"the statistics file {target.name} is busy (another program, perhaps a "
            f"second copy of the game, is using it); try again in a moment"
        )
    kept = _keep_aside(target)
    problem = f"the statistics file could not be read ({damage}); it was kept as {kept.name}"
    logger.warning("statistics: %s; a new one was started", problem)
    return Statistics(target, _connect(target), problem)


def kept_aside(path: Path | None = None) -> list[Path]:
    """Damaged statistics files kept beside the database (``statistics.sqlite3.bad``...),
    so the screen can still say so after the game that found the damage."""
    target = path if path is not None else stats_path()
    return sorted(
        p for p in target.parent.glob(target.name + ".bad*") if not p.name.endswith("-journal")
    )


def record_game(record: GameRecord, state: GameState) -> bool:
    """Add a finished game to the user's statistics; never raises (a failure is
    logged: statistics must not stop a game). Returns whether it was added."""
    try:
        with open_statistics() as stats:
            return stats.record(record, state)
    except StatisticsUnavailable as exc:
        logger.warning("the game could not be added to the statistics: %s", exc)
        return False
    except (OSError, sqlite3.Error, ValueError):
        logger.exception("the game could not be added to the statistics")
        return False


# ---------------------------------------------------------------------- internals
def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(str(path), timeout=LOCK_TIMEOUT)
    try:
        db.execute("PRAGMA synchronous=FULL")
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        _migrate(db)
        _check_tables(db)
    except BaseException:
        db.close()
        raise
    return db


def _migrate(db: sqlite3.Connection) -> None:
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise StatisticsUnavailable(
            f"the statistics come from a newer version of the game (schema {version}; "
            f"this version reads {SCHEMA_VERSION}); they are left as they are"
        )
    for v in range(version, SCHEMA_VERSION):
        # DDL in an explicit transaction, so a half-done migration never stays.
        db.execute("BEGIN")
        try:
            for sql in MIGRATIONS[v]:
                db.execute(sql)
            db.execute(f"PRAGMA user_version = {v + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        logger.info("statistics schema %d -> %d", v, v + 1)


def _check_tables(db: sqlite3.Connection) -> None:
    """Raise DatabaseError when a table lacks a column this version writes."""
    for table, wanted in COLUMNS.items():
        have = {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}
        missing = wanted - have
        if missing:
            raise sqlite3.DatabaseError(
                f"the table {table} lacks {', '.join(sorted(missing))}: not a statistics "
                f"file of this game"
            )


def _check_regular(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StatisticsUnavailable(
            f"the statistics file {path.name} cannot be read ({exc.strerror or exc})"
        ) from None
    if not stat.S_ISREG(mode):
        raise StatisticsUnavailable(
            f"the statistics file {path.name} is not a regular file; it is left as it is"
        )


def _busy(exc: sqlite3.Error) -> bool:
    """A lock held by another connection (SQLITE_BUSY or SQLITE_LOCKED)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in (5, 6):
        return True
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _row_ok(row: Sequence[Any]) -> bool:
    """A results row (id, played_at, board, seat, kind, total, rank) of the right types."""
    types = (int, str, str, int, str, int, int)
    return len(row) == len(types) and all(
        isinstance(v, t) and not isinstance(v, bool) for v, t in zip(row, types, strict=True)
    )


def _keep_aside(path: Path) -> Path:
    n = 0
    while True:
        kept = path.with_name(path.name + (".bad" if n == 0 else f".bad{n}"))
        if not kept.exists():
            break
        n += 1
    os.replace(path, kept)
    for extra in ("-journal", "-wal", "-shm"):  # a journal belongs to the old file
        side = path.with_name(path.name + extra)
        if side.exists():
            os.replace(side, kept.with_name(kept.name + extra))
    return kept


def _kinds(record: GameRecord) -> list[str]:
    kinds = []
    for seat in range(record.num_players):
        info = record.seats[seat] if seat < len(record.seats) else {}
        kind = info.get("kind") if isinstance(info, dict) else None
        kinds.append(kind if isinstance(kind, str) and kind else "unknown")
    return kinds


def _name(record: GameRecord, seat: int) -> str:
    info = record.seats[seat] if seat < len(record.seats) else {}
    name = info.get("name") if isinstance(info, dict) else None
    return name if isinstance(name, str) and name else f"Player {seat + 1}"
