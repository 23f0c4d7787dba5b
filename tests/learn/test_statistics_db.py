"""Statistics: one transaction per game, a schema with migrations, and a damaged
database reported, kept aside and replaced by a fresh one."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from concordia.ai.play import play_game
from concordia.core import GameRecord, GameState
from concordia.maps import load_board
from concordia.stats import (
    MIGRATIONS,
    SCHEMA_VERSION,
    StatisticsUnavailable,
    game_key,
    kept_aside,
    open_statistics,
    record_game,
)

ROOT = Path(__file__).resolve().parents[2]


def finished(seed: int, kinds: tuple[str, ...] = ("human", "easy")) -> tuple[GameRecord, GameState]:
    """A finished 2-player Italia game of random agents (a few milliseconds)."""
    game = play_game(load_board("italia"), ["random"] * len(kinds), seed=seed)
    assert game.state.is_terminal()
    seats = [{"kind": k, "name": f"P{i}"} for i, k in enumerate(kinds)]
    return GameRecord("italia", len(kinds), seed, {}, [str(a) for a in game.actions], seats), (
        game.state
    )


def test_games_are_recorded_once_with_scores_per_god(tmp_path: Path) -> None:
    record, state = finished(1)
    with open_statistics(tmp_path / "s.sqlite3") as stats:
        assert stats.problem is None
        assert stats.record(record, state) is True
        assert stats.record(record, state) is False  # the same game again
        other, other_state = finished(2, ("easy", "human"))
        assert stats.record(other, other_state) is True
        summary = stats.summary()
        gods = stats.db.execute("SELECT gods, total, concordia FROM seats").fetchall()
    assert summary.games == 2 and summary.human_games == 2
    for text, total, concordia in gods:
        assert sum(json.loads(text).values()) + concordia == total
    humans = [state.scores()[0].total, other_state.scores()[1].total]
    assert summary.best == max(humans)
    assert summary.mean == pytest.approx(sum(humans) / 2)
    assert [(r.board, r.level, r.games) for r in summary.rows] == [("italia", "easy", 2)]
    assert summary.wins == (state.outcome().ranking[0] == 0) + (
        other_state.outcome().ranking[0] == 1
    )
    assert [r.total for r in summary.last] == humans


def test_record_game_uses_the_per_user_data_folder(concordia_home: Path) -> None:
    record, state = finished(3)
    assert record_game(record, state) is True
    assert (concordia_home / "data" / "statistics.sqlite3").is_file()
    with open_statistics() as stats:
        assert stats.count() == 1


def test_a_version_1_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    for sql in MIGRATIONS[0]:
        db.execute(sql)
    db.execute("INSERT INTO games VALUES (1, 'k', '2025-01-01', 'italia', 1, 2, '{}', 0)")
    db.execute("INSERT INTO seats VALUES (1, 0, 'A', 'human', 1, 50)")
    db.execute("INSERT INTO seats VALUES (1, 1, 'B', 'hard', 2, 40)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with open_statistics(path) as stats:
        assert stats.problem is None
        assert stats.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
        summary = stats.summary()
        assert (summary.games, summary.wins, summary.best) == (1, 1, 50)
        assert summary.rows[0].level == "hard"
        record, state = finished(4)
        assert stats.record(record, state)


def test_a_corrupt_database_is_reported_kept_aside_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    with open_statistics(path) as stats:
        record, state = finished(5)
        stats.record(record, state)
    raw = bytearray(path.read_bytes())
    raw[0:100] = b"\x00garbage" * 12 + b"\x00" * 4  # the header is gone
    path.write_bytes(bytes(raw))
    with open_statistics(path) as stats:
        assert stats.problem is not None and "statistics.sqlite3.bad" in stats.problem
        assert stats.count() == 0  # a fresh database
        assert stats.record(record, state)
    assert (tmp_path / "statistics.sqlite3.bad").read_bytes() == bytes(raw)  # kept as it was
    path.write_bytes(b"not a database at all")
    with open_statistics(path) as stats:
        assert stats.problem is not None and "statistics.sqlite3.bad1" in stats.problem


CHILD = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {tests!r})
    from pathlib import Path
    from test_statistics_db import finished
    from concordia.stats import open_statistics

    stats = open_statistics(Path({path!r}))
    first, first_state = finished(11)
    stats.record(first, first_state)
    second, second_state = finished(12)

    def pause() -> None:
        print("mid-transaction", flush=True)
        time.sleep(60)

    stats.record(second, second_state, _mid_transaction=pause)
    """
)


def test_a_kill_during_a_write_loses_no_earlier_game(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    code = CHILD.format(tests=str(Path(__file__).parent), path=str(path))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "mid-transaction"
        # The second game's row is written but not committed: a hot journal exists.
        assert (tmp_path / "statistics.sqlite3-journal").exists()
        child.kill()
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
    with open_statistics(path) as stats:
        assert stats.problem is None
        keys = [k for (k,) in stats.db.execute("SELECT game_key FROM games")]
        seats = stats.db.execute("SELECT COUNT(*) FROM seats").fetchone()[0]
    assert keys == [game_key(finished(11)[0])]
    assert seats == 2


def _one_game(path: Path) -> bytes:
    with open_statistics(path) as stats:
        record, state = finished(5)
        assert stats.record(record, state)
    return path.read_bytes()


def test_a_locked_database_is_retried_then_busy_and_never_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import concordia.stats as stats_module

    monkeypatch.setattr(stats_module, "BUSY_PAUSE", 0.01)
    monkeypatch.setattr(stats_module, "LOCK_TIMEOUT", 0.05)
    monkeypatch.setattr(stats_module, "stats_path", lambda: tmp_path / "statistics.sqlite3")
    path = tmp_path / "statistics.sqlite3"
    before = _one_game(path)
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StatisticsUnavailable, match="busy"):
            open_statistics(path)
        assert not record_game(*finished(6))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert path.read_bytes() == before
    assert kept_aside(path) == []
    with open_statistics(path) as stats:
        assert stats.problem is None and stats.count() == 1


def test_a_newer_schema_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    _one_game(path)
    db = sqlite3.connect(str(path))
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StatisticsUnavailable, match="newer version"):
        open_statistics(path)
    assert path.read_bytes() == before and kept_aside(path) == []


def test_a_wrong_schema_is_reported_and_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, played_at TEXT)")
    db.execute("CREATE TABLE seats (game_id INTEGER)")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.commit()
    db.close()
    with open_statistics(path) as stats:
        assert stats.problem is not None and "lacks" in stats.problem
        record, state = finished(7)
        assert stats.record(record, state)  # later games are kept, in a fresh file
    assert [p.name for p in kept_aside(path)] == ["statistics.sqlite3.bad"]


def test_a_text_in_a_number_column_is_skipped_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    with open_statistics(path) as stats:
        for seed in (8, 9):
            record, state = finished(seed)
            stats.record(record, state)
        stats.db.execute("UPDATE seats SET total = 'lots' WHERE game_id = 1 AND seat = 0")
        stats.db.commit()
        summary = stats.summary()
    assert summary.skipped == 1 and summary.human_games == 1


def test_the_statistics_screen_says_busy_and_skipped(
    concordia_home: Path, monkeypatch: pytest.MonkeyPatch, pygame_display: object
) -> None:
    import pygame

    import concordia.stats as stats_module
    from concordia.settings import Settings
    from concordia.ui.app import App, AppOptions
    from concordia.ui.scenes.statistics import StatisticsScene
    from concordia.ui.strings import tn

    pygame.font.init()
    screen = pygame.Surface((1280, 720))
    app = App(AppOptions(), Settings())
    app.use_surface(screen)

    monkeypatch.setattr(stats_module, "BUSY_PAUSE", 0.01)
    monkeypatch.setattr(stats_module, "LOCK_TIMEOUT", 0.05)
    path = stats_module.stats_path()
    _one_game(path)
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        scene = StatisticsScene(app)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert scene.problem is not None and "busy" in scene.problem
    app.push(scene)
    app.draw(screen)
    with open_statistics(path) as stats:
        stats.db.execute("UPDATE seats SET total = 'lots'")
        stats.db.commit()
    scene = StatisticsScene(app)
    assert scene.problem == tn("stats.skipped", 1)
    assert scene.problem.startswith("1 game left out")
    app.push(scene)
    app.draw(screen)
    assert not app.broken
