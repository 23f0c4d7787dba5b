"""Saved games: versioned JSON files, written atomically, read without trusting them.

A save file is one JSON object::

    {"format": "concordia-save", "version": 1, "app_version": "0.1.0",
     "saved_at": "2025-01-31T18:04:05+00:00",
     "record": GameRecord.to_dict(),     # seed, options, every action: replays the game
     "snapshot": GameState.to_dict()}    # the position itself: a check on the replay

Loading replays the record (that gives undo and history) and compares the result with
the snapshot. When both agree the game loads cleanly. When one of the two is broken
and the other is sound, the sound one is used and :attr:`LoadedGame.warnings` says
what happened; when the record cannot be replayed, :attr:`LoadedGame.replayable` is
False (the position is right but undo and history before it are not available). When
both are broken, or both are sound but disagree (the file was edited), loading fails
with :class:`SaveError`.

Reading never writes: a file that fails to load is left byte for byte as it was.
Writing goes through :func:`concordia.fileio.atomic_write_text` (temporary file in the
same folder, fsync, ``os.replace``), so a crash at any moment leaves either the old
file or the new one. There is no pickle and nothing executable in a save.

The autosave lives in ``saves_dir()/autosave.json``; before it is replaced, a copy of
the previous one that loads cleanly is kept as ``autosave.bak.json``.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from concordia.about import __version__
from concordia.core import (
    BoardError,
    BoardSpec,
    ConcordiaError,
    GameRecord,
    GameState,
    InvalidRecordError,
    replay,
)
from concordia.core.record import board_from_dict, board_to_dict
from concordia.fileio import UnsafeFileError, atomic_write_text, read_bytes_capped
from concordia.resources import resource_path
from concordia.settings import saves_dir

__all__ = [
    "AUTOSAVE_BACKUP_NAME",
    "AUTOSAVE_NAME",
    "MAX_SAVE_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "BoardLoader",
    "LoadedGame",
    "SaveError",
    "SaveInfo",
    "SaveListing",
    "SeatSummary",
    "UnreadableSave",
    "autosave",
    "autosave_backup_path",
    "autosave_path",
    "clean_stray_temp_files",
    "clean_text",
    "is_bundled_board",
    "keep_autosave",
    "list_saves",
    "load_autosave",
    "load_game",
    "save_document",
    "save_game",
]

logger = logging.getLogger(__name__)

SAVE_FORMAT = "concordia-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.json"
AUTOSAVE_BACKUP_NAME = "autosave.bak.json"
MAX_SAVE_BYTES = 16 * 1024 * 1024  # a real save is a few tens to hundreds of kilobytes
_BOARD_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")  # what a bundled map may be called
#: The copies :func:`keep_autosave` makes of a game in progress.
_KEPT_NAME = re.compile(r"autosave-\d{8}-\d{6}(-\d+)?\.json")

BoardLoader = Callable[[str], BoardSpec]


class SaveError(ValueError):
    """A saved game could not be written or read.

    ``str(error)`` is a complete sentence for the player that names the file;
    ``path`` is the file concerned and ``reason`` the message without the file name.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path.name}: {reason}")


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A game read from a save file.

    Attributes:
        record: the record (board, players, seed, options, actions, seats).
        state: the position to continue from.
        warnings: what went wrong but was recovered (empty for a clean load); show
            them to the player.
        replayable: True when replaying ``record`` gives ``state`` (undo and history
            work). False when the position came from the snapshot alone: then
            ``record`` has the set-up and seats but no actions (they did not lead to
            ``state``); keep appending the actions played from here, and
            :func:`save_game` writes a *position-only* save (fewer actions than the
            position's step), which loads from its snapshot with a warning.
        path: the file read.
    """

    record: GameRecord
    state: GameState
    warnings: tuple[str, ...] = ()
    replayable: bool = True
    path: Path | None = None


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat of a listed save: its name and kind as the save's seats give them
    (cleaned for drawing; "" when missing) and its score now (None when the saved
    position cannot be read)."""

    name: str
    kind: str
    score: int | None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One readable save, as listed by :func:`list_saves` (read without replaying)."""

    path: Path
    name: str  # the file name without .json
    saved_at: _dt.datetime  # when it was saved (UTC; the file time if not recorded)
    board: str
    players: int
    step: int  # actions played
    finished: bool
    kind: str  # "autosave", "backup" (previous autosave), "kept" (see keep_autosave) or "save"
    #: The round being played (the last one when finished); 0 when the position is unreadable.
    round: int = 0
    seats: tuple[SeatSummary, ...] = ()


@dataclass(frozen=True, slots=True)
class UnreadableSave:
    """A file in the saves folder that is not a readable save, and why."""

    path: Path
    reason: str


@dataclass(frozen=True, slots=True)
class SaveListing:
    """Result of :func:`list_saves`: the saves, newest first, and the files skipped."""

    saves: tuple[SaveInfo, ...] = ()
    unreadable: tuple[UnreadableSave, ...] = field(default_factory=tuple)


# ---------------------------------------------------------------------- paths
def autosave_path() -> Path:
    """``saves_dir()/autosave.json``."""
    return saves_dir() / AUTOSAVE_NAME


def autosave_backup_path() -> Path:
    """``saves_dir()/autosave.bak.json``: the previous autosave."""
    return saves_dir() / AUTOSAVE_BACKUP_NAME


# ---------------------------------------------------------------------- writing
def save_document(record: GameRecord, state: GameState) -> dict[str, Any]:
    """The JSON object written by :func:`save_game` (no I/O).

    ``record.actions`` normally has ``state.step`` actions. Fewer means a position-only
    save (a game recovered from its snapshot, see :attr:`LoadedGame.replayable`).

    Raises:
        ValueError: ``state`` cannot belong to ``record`` (more actions than its step,
            or another board or player count).
    """
    if len(record.actions) > state.step:
        raise ValueError(
            f"the state is at step {state.step} but the record has {len(record.actions)} actions"
        )
    if state.board.name != record.board or state.num_players != record.num_players:
        raise ValueError("the state and the record are for different games")
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app_version": __version__,
        "saved_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "record": record.to_dict(),
        "snapshot": state.to_dict(),
    }


def save_game(path: str | os.PathLike[str], record: GameRecord, state: GameState) -> Path:
    """Write a save file atomically (temporary file in the same folder, fsync, replace).

    Args:
        path: the file to write; its folder is created if needed.
        record: the game so far (``record.app_version`` is filled in if empty).
        state: the current position (the snapshot).

    Returns:
        The path written.

    Raises:
        SaveError: the file could not be written (the previous file, if any, is intact),
            or ``state`` does not belong to ``record``.
    """
    target = Path(path)
    if not record.app_version:
        record = GameRecord(
            record.board,
            record.num_players,
            record.seed,
            dict(record.options),
            list(record.actions),
            list(record.seats),
            __version__,
        )
    try:
        document = save_document(record, state)
        text = json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    except (ConcordiaError, ValueError) as exc:
        raise SaveError(target, f"the game and its record do not agree ({exc})") from exc
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text)
    except OSError as exc:
        raise SaveError(
            target,
            f"the file could not be written ({_os_reason(exc)}); "
            f"any earlier file of that name is unchanged",
        ) from exc
    return target


def autosave(record: GameRecord, state: GameState) -> Path:
    """Write ``autosave.json``, first keeping the previous autosave as ``autosave.bak.json``.

    The previous autosave is copied to the backup only if it loads cleanly, so a
    damaged autosave never replaces a good backup. Both writes are atomic, and the
    autosave is never missing: a crash between them leaves the old autosave.

    Raises:
        SaveError: the autosave could not be written.
    """
    path = autosave_path()
    clean_stray_temp_files(path.parent)
    previous = _clean_save_text(path)
    if previous is not None:
        try:
            atomic_write_text(autosave_backup_path(), previous)
        except OSError as exc:  # the backup is a convenience; the autosave matters
            logger.warning("could not keep the previous autosave as a backup: %s", exc)
    return save_game(path, record, state)


def keep_autosave(loaded: GameRecord) -> Path | None:
    """Keep the game in progress before the game of ``loaded`` takes over the autosave.

    The autosave holds the game being played; the first turn of a loaded game writes
    over it, and the backup keeps it only until the turn after (found by hand: a second
    load lost the game). Unless the loaded game continues the autosave's (same board,
    players, seed and options, and the autosave's moves are its first moves), the
    autosave's text is copied to ``autosave-YYYYMMDD-HHMMSS.json`` (named by its own
    time, UTC), which the list shows as a save of its own. A missing or unreadable
    autosave, or one already kept, is left alone.

    Returns:
        The copy written, or None.

    Raises:
        SaveError: the copy could not be written (the autosave is unchanged).
    """
    path = autosave_path()
    try:
        raw = _read_save(path)
        document = _parse_document(path, raw)
        record = GameRecord.from_dict(document.get("record"))
    except (SaveError, InvalidRecordError):
        return None
    same = (record.board, record.num_players, record.seed, record.options) == (
        loaded.board,
        loaded.num_players,
        loaded.seed,
        loaded.options,
    )
    if same and loaded.actions[: len(record.actions)] == record.actions:
        return None  # the loaded game goes on from the autosave: nothing is lost
    moment = _parse_time(document.get("saved_at")) or _file_time(path)
    stamp = moment.astimezone(_dt.UTC).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        target = path.parent / (
            f"autosave-{stamp}.json" if n == 1 else f"autosave-{stamp}-{n}.json"
        )
        try:
            if read_bytes_capped(target, MAX_SAVE_BYTES) == raw:
                return None  # kept already (two loads in a row)
        except FileNotFoundError:
            break
        except OSError:
            continue
    else:
        raise SaveError(path, "the game in progress could not be kept: too many copies")
    try:
        atomic_write_text(target, raw.decode("utf-8-sig"))
    except OSError as exc:
        raise SaveError(
            target, f"the game in progress could not be kept ({_os_reason(exc)})"
        ) from exc
    return target


#: A temporary file of an atomic write older than this (seconds) was left by a write
#: that never finished (the process was killed): no live write takes that long.
STRAY_TEMP_AGE = 60.0


def clean_stray_temp_files(folder: Path, min_age: float = STRAY_TEMP_AGE) -> int:
    """Remove the temporary files (``.NAME.*.tmp``) that killed atomic writes left in
    ``folder``, if older than ``min_age`` seconds. Returns how many were removed;
    failures are logged, never raised."""
    removed = 0
    now = time.time()
    try:
        candidates = list(folder.glob(".*.json.*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= min_age:
                path.unlink()
                removed += 1
        except OSError as exc:
            logger.warning("could not remove the stray temporary file %s: %s", path, exc)
    if removed:
        logger.info("removed %d stray temporary file(s) in %s", removed, folder)
    return removed


def _clean_save_text(path: Path) -> str | None:
    """The text of ``path`` if it is a save that loads cleanly, else None."""
    try:
        raw = read_bytes_capped(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        logger.warning("previous autosave %s unreadable, not kept as backup: %s", path, exc)
        return None
    try:
        loaded = _load_bytes(path, raw, None)
    except SaveError as exc:
        logger.warning("previous autosave not kept as backup: %s", exc)
        return None
    if loaded.warnings:
        logger.warning("previous autosave not kept as backup: %s", "; ".join(loaded.warnings))
        return None
    return raw.decode("utf-8")


# ---------------------------------------------------------------------- reading
def load_game(path: str | os.PathLike[str], board_loader: BoardLoader | None = None) -> LoadedGame:
    """Read a save file and rebuild the game. The file is only read, never written.

    Args:
        path: the save file.
        board_loader: gives the board for a board name (default: the bundled map of
            that name through :func:`concordia.maps.load_board`; a name that is not a
            bundled board is never looked up, and the board stored in the save is used).

    Raises:
        SaveError: with a message for the player: the file is missing, empty,
            truncated, not text, not JSON, not a Concordia save, from a newer version,
            or both its move history and its position are broken or disagree.
    """
    target = Path(path)
    return _load_bytes(target, _read_save(target), board_loader)


def load_autosave(board_loader: BoardLoader | None = None) -> LoadedGame:
    """Load ``autosave.json``, or the backup of the previous autosave if it is unreadable.

    Raises:
        SaveError: neither file can be loaded (the message gives both reasons).
    """
    path, backup = autosave_path(), autosave_backup_path()
    try:
        return load_game(path, board_loader)
    except SaveError as first:
        if not backup.exists():
            raise
        try:
            loaded = load_game(backup, board_loader)
        except SaveError as second:
            raise SaveError(
                path,
                f"{first.reason}; the backup {backup.name} cannot be "
                f"loaded either: {second.reason}",
            ) from None
        note = (
            f"The autosave could not be loaded ({first.reason}); the previous "
            f"autosave was loaded instead, so the last turn is missing."
        )
        logger.warning("%s", note)
        return LoadedGame(
            loaded.record, loaded.state, (note, *loaded.warnings), loaded.replayable, loaded.path
        )


def list_saves() -> SaveListing:
    """Every save in ``saves_dir()``, newest first, read without replaying.

    Files that are not readable saves (damaged, foreign, too new, a FIFO or device) are
    reported in :attr:`SaveListing.unreadable` with the reason; nothing is changed on disk.
    """
    saves: list[SaveInfo] = []
    unreadable: list[UnreadableSave] = []
    for path in sorted(saves_dir().glob("*.json")):
        try:
            if path.is_dir():
                continue
            saves.append(_peek(path))
        except SaveError as exc:
            unreadable.append(UnreadableSave(path, exc.reason))
        except Exception as exc:  # a bug, not the file's fault: one entry never breaks the list
            logger.exception("unexpected error while listing %s", path)
            unreadable.append(
                UnreadableSave(path, f"could not be read ({type(exc).__name__}: internal error)")
            )
    saves.sort(key=lambda info: info.saved_at, reverse=True)
    return SaveListing(tuple(saves), tuple(unreadable))


# ---------------------------------------------------------------------- internals
def _load_bytes(path: Path, raw: bytes, board_loader: BoardLoader | None) -> LoadedGame:
    document = _parse_document(path, raw)
    try:
        return _rebuild(path, document, board_loader)
    except SaveError:
        raise
    except Exception as exc:  # a bug, not the file's fault: never a traceback window
        logger.exception("unexpected error while loading %s", path)
        raise SaveError(
            path,
            f"could not be loaded because of an internal error "
            f"({type(exc).__name__}); the file is unchanged",
        ) from exc


def _parse_document(path: Path, raw: bytes) -> dict[str, Any]:
    """Bytes -> the save's top-level object, with the format and version checked."""
    if not raw.strip():
        raise SaveError(
            path, "the file is empty (the save was never completed, or the file was cleared)"
        )
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark from a text editor is fine
    except UnicodeDecodeError as exc:
        raise SaveError(
            path,
            f"is not a text file (byte {exc.start} is not UTF-8): it is "
            f"damaged or not a saved game",
        ) from None
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        ending = text.rstrip()
        if exc.pos >= len(ending) or (not ending.endswith("}") and _unclosed(text)):
            raise SaveError(
                path,
                f"the file is cut short (truncated after "
                f"{len(raw)} bytes): the save was not completed",
            ) from None
        raise SaveError(
            path,
            f"is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}): it is damaged or not a saved game",
        ) from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(path, f"is not a usable JSON file ({exc})") from None
    if not isinstance(document, dict):
        raise SaveError(
            path,
            f"is not a Concordia saved game (the file holds a JSON "
            f"{_json_kind(document)}, not an object)",
        )
    fmt = document.get("format")
    if fmt != SAVE_FORMAT:
        if fmt in ("concordia-record", "concordia-state"):
            what = "a bare game record" if fmt == "concordia-record" else "a bare position"
            raise SaveError(path, f"is {what}, not a Concordia saved game")
        shown = "no format field" if fmt is None else f"format {_short(fmt)}"
        raise SaveError(path, f"is not a Concordia saved game ({shown})")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"has no valid save format version ({_short(version)})")
    if version > SAVE_VERSION:
        app = document.get("app_version")
        by = f" by Concordia {app}" if isinstance(app, str) and app else ""
        raise SaveError(
            path,
            f"was saved{by} in save format {version}, which is newer than "
            f"this version ({__version__}) can read (format "
            f"{SAVE_VERSION}); update the game to open it",
        )
    return document


def _rebuild(path: Path, document: dict[str, Any], board_loader: BoardLoader | None) -> LoadedGame:
    """Replay the record, check it against the snapshot, and pick what to trust."""
    record: GameRecord | None = None
    replayed: GameState | None = None
    record_problem = ""
    notes: list[str] = []
    board: BoardSpec | None = None
    try:
        record = GameRecord.from_dict(document.get("record"))
    except InvalidRecordError as exc:
        record_problem = f"the move history is unreadable ({exc})"
    snapshot_step = _field(document, "snapshot", "step")
    if (
        record is not None
        and isinstance(snapshot_step, int)
        and snapshot_step != len(record.actions)
    ):
        # A position-only save: written after a recovery (see LoadedGame.replayable).
        record_problem = "this save has no complete move history (it was recovered earlier)"
    elif record is not None:
        board, board_problem, note = _choose_board(record.board, document, board_loader)
        record_problem = board_problem
        if note:
            notes.append(note)
        if board is not None:
            try:
                replayed = _replay(record, board)
                # The position must survive its own snapshot (a board copied from a
                # damaged save may deal a game the core cannot describe).
                GameState.from_dict(replayed.to_dict(), board)
            except ConcordiaError as exc:
                replayed = None
                record_problem = f"the move history cannot be replayed ({exc})"

    snapshot: GameState | None = None
    snapshot_problem = ""
    if "snapshot" not in document:
        snapshot_problem = "there is no saved position"
    else:
        try:
            snapshot = GameState.from_dict(document["snapshot"], board)
            _check_playable(snapshot)
            GameState.from_dict(snapshot.to_dict(), board)
        except InvalidRecordError as exc:
            snapshot = None
            snapshot_problem = f"the saved position is invalid ({exc})"

    if replayed is not None and record is not None:
        if snapshot is not None:
            if snapshot == replayed:
                return LoadedGame(record, replayed, tuple(notes), True, path)
            raise SaveError(
                path,
                f"the saved position does not match its move history "
                f"({_first_difference(snapshot, replayed)}): the file "
                f"was edited or damaged",
            )
        warning = f"{_capital(snapshot_problem)}; the game was rebuilt from its move history."
        logger.warning("%s: %s", path, warning)
        return LoadedGame(record, replayed, (*notes, warning), True, path)
    if snapshot is not None:
        # The record keeps its set-up and seats but no actions: they do not lead to
        # this position, and a later save of it is then a position-only save.
        seats: list[dict[str, Any]] = []
        app_version = ""
        if record is not None and (record.board, record.num_players) == (
            snapshot.board.name,
            snapshot.num_players,
        ):
            seats, app_version = list(record.seats), record.app_version
        fallback = GameRecord(
            snapshot.board.name,
            snapshot.num_players,
            snapshot.seed,
            {"intermediate_scoring": snapshot.intermediate_scoring, "no_goods": snapshot.no_goods},
            [],
            seats,
            app_version,
        )
        warning = (
            f"{_capital(record_problem)}; the saved position was loaded instead, "
            f"but undo and the history before it are not available."
        )
        logger.warning("%s: %s", path, warning)
        return LoadedGame(fallback, snapshot, (warning,), False, path)
    raise SaveError(path, f"cannot be loaded: {record_problem}, and {snapshot_problem}")


def _field(document: dict[str, Any], *keys: str) -> Any:
    node: Any = document
    for key in keys:
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node


def _choose_board(
    name: str, document: dict[str, Any], board_loader: BoardLoader | None
) -> tuple[BoardSpec | None, str, str]:
    """The board to replay on: (board or None, problem, note for the player).

    A save carries a copy of its board in the snapshot. The installed map is used when
    it is the same; when the map changed since the game was saved, or cannot be
    loaded, the saved copy is used (with a note), so an old save stays playable.
    """
    saved: BoardSpec | None = None
    snapshot = document.get("snapshot")
    if isinstance(snapshot, dict):
        try:
            saved = board_from_dict(snapshot.get("board"))
        except InvalidRecordError:
            saved = None
    if saved is not None and saved.name != name:
        saved = None
    try:
        installed = _load_board(name, board_loader)
    except (ConcordiaError, OSError) as exc:
        if saved is None:
            return None, f"the board {name!r} cannot be loaded ({exc})", ""
        return (
            saved,
            "",
            (
                f"The map {name!r} could not be loaded ({exc}); the copy of the "
                f"board stored in the save is used."
            ),
        )
    if saved is not None and board_to_dict(saved) != board_to_dict(installed):
        return (
            saved,
            "",
            (
                f"The map {name!r} has changed since this game was saved; the "
                f"game continues on the board it was saved with."
            ),
        )
    return installed, "", ""


def _load_board(name: str, board_loader: BoardLoader | None) -> BoardSpec:
    """The installed board called ``name``.

    A save is not trusted: its board name is only ever looked up among the bundled
    maps (``maps/<name>.tmx``), never used as a path, so a save naming
    ``../../some/file`` reads nothing but itself (the board it carries is used).

    Raises:
        BoardError: ``name`` is not a bundled board, or its map cannot be read.
    """
    if board_loader is None:
        if not is_bundled_board(name):
            raise BoardError(f"{name!r} is not one of the bundled boards")
        from concordia.maps import load_board

        return load_board(name)
    return board_loader(name)


def is_bundled_board(name: str) -> bool:
    """True when ``name`` is a plain board name with a bundled map ``maps/<name>.tmx``."""
    if not _BOARD_NAME.fullmatch(name):
        return False
    return resource_path("maps", f"{name}.tmx").is_file()


def _replay(record: GameRecord, board: BoardSpec) -> GameState:
    """Rebuild the game of ``record``; every action must be legal (core ``replay``)."""
    state: GameState = replay(record, board)
    return state


def _check_playable(state: GameState) -> None:
    """A validated snapshot must also leave somebody a move (no frozen game)."""
    if not state.is_terminal() and not state.legal_actions():
        raise InvalidRecordError(f"nobody can move in phase {state.phase!r}")


def _first_difference(a: GameState, b: GameState) -> str:
    da, db = a.to_dict(), b.to_dict()
    return _diff(da, db, "") or "they differ"


def _diff(a: Any, b: Any, where: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            found = _diff(a.get(key), b.get(key), f"{where}.{key}" if where else str(key))
            if found:
                return found
        return ""
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _diff(x, y, f"{where}[{i}]")
            if found:
                return found
        return ""
    if a != b:
        return f"{where} is {_short(a)} in the position but {_short(b)} by the rules"
    return ""


def _read_save(path: Path) -> bytes:
    """The bytes of a save file: a regular file (never a FIFO or device, nor a link to
    one) of at most :data:`MAX_SAVE_BYTES`. Raises :class:`SaveError`."""
    try:
        return read_bytes_capped(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(
            path, "there is no saved game with this name (the file does not exist)"
        ) from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a saved game") from None
    except UnsafeFileError as exc:
        raise SaveError(path, f"{exc.strerror}, so it is not a saved game") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read ({_os_reason(exc)})") from None


def _peek(path: Path) -> SaveInfo:
    """The list entry of one save, from its header fields (no replay)."""
    raw = _read_save(path)
    document = _parse_document(path, raw)
    try:
        record = GameRecord.from_dict(document.get("record"))
    except InvalidRecordError as exc:
        raise SaveError(path, f"its move history is unreadable ({exc})") from None
    snapshot = document.get("snapshot")
    finished = isinstance(snapshot, dict) and snapshot.get("phase") == "over"
    saved_at = _parse_time(document.get("saved_at"))
    if saved_at is None:
        saved_at = _file_time(path)
    name = clean_text(path.name.removesuffix(".json"))
    kind = {AUTOSAVE_NAME: "autosave", AUTOSAVE_BACKUP_NAME: "backup"}.get(path.name, "save")
    if kind == "save" and _KEPT_NAME.fullmatch(path.name):
        kind = "kept"
    number, seats = _summary(record, snapshot)
    return SaveInfo(
        path,
        name,
        saved_at,
        record.board,
        record.num_players,
        len(record.actions),
        finished,
        kind,
        number,
        seats,
    )


def _summary(record: GameRecord, snapshot: object) -> tuple[int, tuple[SeatSummary, ...]]:
    """The round and each seat's name, kind and score, from the save's own snapshot on
    the board copy it carries (no map or other file is opened). A snapshot that cannot
    be read gives round 0 and no scores; the list still shows the save."""
    scores: list[int | None] = [None] * record.num_players
    number = 0
    try:
        state = GameState.from_dict(snapshot)
        if state.num_players == record.num_players:
            scores = [score.total for score in state.scores()]
            turns = sum(p.turns for p in state.players)
            number = (turns - 1 if state.is_terminal() else turns) // state.num_players + 1
    except (ConcordiaError, ValueError, TypeError, KeyError, IndexError) as exc:
        logger.info("no summary for a listed save: %s", exc)
    seats = []
    for i in range(record.num_players):
        seat = record.seats[i] if i < len(record.seats) else {}
        name, kind = seat.get("name"), seat.get("kind")
        seats.append(
            SeatSummary(
                clean_text(name[:40].strip()) if isinstance(name, str) else "",
                clean_text(kind[:20]) if isinstance(kind, str) else "",
                scores[i],
            )
        )
    return number, tuple(seats)


def _parse_time(value: object) -> _dt.datetime | None:
    """A save's time, or None when it is missing or cannot be shown in local time (a
    year 1 or 9999 overflows there, so the file's own time is used instead)."""
    if not isinstance(value, str):
        return None
    try:
        moment = _dt.datetime.fromisoformat(value)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=_dt.UTC)
        moment.astimezone().timestamp()
        (moment + _dt.timedelta(days=2)).astimezone()
        (moment - _dt.timedelta(days=2)).astimezone()
    except (ValueError, OverflowError, OSError):
        return None
    return moment


def _file_time(path: Path) -> _dt.datetime:
    try:
        moment = _dt.datetime.fromtimestamp(path.stat().st_mtime, _dt.UTC)
        moment.astimezone()
    except (ValueError, OverflowError, OSError):
        return _dt.datetime(1970, 1, 1, tzinfo=_dt.UTC)
    return moment


def clean_text(text: str) -> str:
    """``text`` safe to draw and to write as UTF-8: a NUL, another control character or
    a lone surrogate (a file name byte that is not UTF-8) becomes U+FFFD."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else "\ufffd" for ch in text)


def _unclosed(text: str) -> bool:
    """True when the text ends inside a string or with brackets still open: the
    signature of a file cut short (rather than one damaged in the middle)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth < 0:
                return False
    return in_string or depth > 0


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a saved game")


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool) or value is None:
        return "constant"
    return "number"


def _short(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
