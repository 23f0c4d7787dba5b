"""The game controller: the only place where the UI changes the game state.

:class:`GameController` holds the seat set-up, the current :class:`GameState`, the record
of actions (notation strings) and the states after each of them, so undo is a
truncation. ``submit(action)`` accepts only actions listed by ``state.legal_actions()``.

Every save and load goes through :mod:`concordia.saves` (versioned JSON, atomic writes,
recovery of damaged files); :func:`load_game` and :func:`load_autosave` turn what it
recovers into a controller, carrying its warnings in :attr:`GameController.notes`.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from concordia.about import __version__
from concordia.core import (
    Action,
    ConcordiaError,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidRecordError,
    new_game,
    parse_action,
)
from concordia.core.board import BoardSpec
from concordia.saves import LoadedGame, SaveError, clean_text

logger = logging.getLogger(__name__)

SEAT_KINDS = ("human", "easy", "normal", "hard", "expert")
AI_KINDS = ("easy", "normal", "hard", "expert")
#: How many colours (each with its shape) the player palette has.
PALETTE_SIZE = 5
#: The longest seat name kept from a save (typed names have at most 16 characters).
MAX_NAME_CHARS = 40


__all__ = ["SaveError"]  # the one save error class, :class:`concordia.saves.SaveError`


@dataclass
class SeatConfig:
    """Who plays a seat: ``kind`` is human/easy/normal/hard; ``colour`` a palette index
    (0-4), which also gives the seat its shape."""

    kind: str
    name: str
    colour: int

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "colour": self.colour}

    @classmethod
    def from_dict(cls, d: Any, index: int) -> SeatConfig:
        if not isinstance(d, dict):
            d = {}
        kind = d.get("kind") if d.get("kind") in SEAT_KINDS else "normal"
        name = d.get("name") if isinstance(d.get("name"), str) and d.get("name") else None
        if name is not None:  # from a file: drawable, and not absurdly long
            name = clean_text(name[:MAX_NAME_CHARS].strip()) or None
        colour = d.get("colour")
        if (
            isinstance(colour, bool)
            or not isinstance(colour, int)
            or not (0 <= colour < PALETTE_SIZE)
        ):
            colour = index % PALETTE_SIZE
        return cls(str(kind), name or f"Player {index + 1}", int(colour))


def fix_colours(seats: list[SeatConfig]) -> None:
    """Make every seat's palette index valid and unique, keeping the first seat's choice
    when two seats share one (the later seat gets the first free colour)."""
    used: set[int] = set()
    for seat in seats:
        if not 0 <= seat.colour < PALETTE_SIZE or seat.colour in used:
            seat.colour = next(i for i in range(PALETTE_SIZE) if i not in used)
        used.add(seat.colour)


def next_free_colour(seats: list[SeatConfig], current: int, skip: int | None = None) -> int:
    """The palette index after ``current`` that no seat other than ``skip`` uses."""
    taken = {s.colour for i, s in enumerate(seats) if i != skip}
    for step in range(1, PALETTE_SIZE + 1):
        candidate = (current + step) % PALETTE_SIZE
        if candidate not in taken:
            return candidate
    return current


@dataclass
class GameSetup:
    """Everything chosen before a game starts."""

    board: str = "imperium"
    seats: list[SeatConfig] = field(default_factory=list)
    seed: int = 0
    intermediate_scoring: bool = False
    no_goods: bool = False

    @property
    def options(self) -> dict[str, bool]:
        return {"intermediate_scoring": self.intermediate_scoring, "no_goods": self.no_goods}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: who did what (``action`` is its notation)."""

    index: int
    seat: int
    action: str
    turn_end: bool = False


class GameController:
    """Owns the game: state, action record, undo boundary (main thread only).

    Args:
        setup: seats and options.
        board: the loaded board (its name must match ``setup.board``).
        actions: notation strings to replay (a loaded game).
        start: the position to start from instead of a new game (a save whose move
            history was lost: ``actions`` are then the ones played after it, and there
            is no undo or history before it).

    Raises:
        InvalidRecordError: a replayed action is not legal (the message says which).
    """

    def __init__(
        self,
        setup: GameSetup,
        board: BoardSpec,
        actions: list[str] | None = None,
        start: GameState | None = None,
    ) -> None:
        self.setup = setup
        self.board = board
        fix_colours(setup.seats)
        if start is None:
            start = new_game(
                board,
                num_players=len(setup.seats),
                seed=setup.seed,
                intermediate_scoring=setup.intermediate_scoring,
                no_goods=setup.no_goods,
            )
        #: What the load recovered from, for the player (empty for a new or clean game).
        self.notes: tuple[str, ...] = ()
        #: False when the game started from a saved position without its move history.
        self.replayable = True
        self.history: list[GameState] = [start]
        self.actions: list[str] = []
        self.actors: list[int] = []
        #: Actions before this index are confirmed and can never be undone.
        self.committed = 0
        for i, text in enumerate(actions or []):
            try:
                action = parse_action(text, self.state)
            except ConcordiaError as exc:
                raise InvalidRecordError(f"action {i + 1}: {exc}") from None
            self._push(action)
        self.committed = len(self.actions)

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> GameState:
        return self.history[-1]

    @property
    def seats(self) -> list[SeatConfig]:
        return self.setup.seats

    def seat_is_human(self, seat: int | None) -> bool:
        return seat is not None and self.setup.seats[seat].is_human

    @property
    def human_count(self) -> int:
        return sum(1 for s in self.setup.seats if s.is_human)

    @property
    def turn_owner(self) -> int:
        """The seat whose turn the uncommitted actions belong to."""
        return self.history[self.committed].turn_player

    @property
    def awaiting_confirm(self) -> bool:
        """A human finished a turn and must confirm it before play passes on."""
        if len(self.actions) <= self.committed:
            return False
        owner = self.turn_owner
        if not self.seat_is_human(owner):
            return False
        state = self.state
        return state.is_terminal() or state.turn_player != owner

    def can_undo(self) -> bool:
        """Whether the turn's owner (a human) has an own step to take back."""
        if len(self.actions) <= self.committed:
            return False
        owner = self.turn_owner
        return self.seat_is_human(owner) and owner in self.actors[self.committed :]

    def log(self) -> list[LogEntry]:
        """Every action so far, with turn ends marked."""
        out: list[LogEntry] = []
        for i, (text, seat) in enumerate(zip(self.actions, self.actors, strict=True)):
            before, after = self.history[i], self.history[i + 1]
            out.append(
                LogEntry(
                    i, seat, text, after.turn_player != before.turn_player or after.is_terminal()
                )
            )
        return out

    def last_action_of(self, seat: int) -> int | None:
        """Index of the last action by ``seat``, or None."""
        for i in range(len(self.actors) - 1, -1, -1):
            if self.actors[i] == seat:
                return i
        return None

    # ------------------------------------------------------------------ changes
    def submit(self, action: Action) -> GameState:
        """Apply a legal action of the current player and record it.

        Raises:
            IllegalActionError: ``action`` is not in ``state.legal_actions()``, or a
                human turn is waiting to be confirmed.
        """
        if self.awaiting_confirm:
            raise IllegalActionError("the turn must be confirmed first")
        if action not in self.state.legal_actions():
            raise IllegalActionError(f"{action} is not legal now")
        self._push(action)
        if not self.seat_is_human(self.turn_owner):
            # AI steps are final at once; a human's stay open until the turn is confirmed.
            self.committed = len(self.actions)
        return self.state

    def confirm_turn(self) -> None:
        """Make every step so far final (the human pressed End turn)."""
        self.committed = len(self.actions)

    def undo(self) -> bool:
        """Take back the owner's last step this turn (and any later steps of others).

        Returns:
            Whether anything was undone.
        """
        if not self.can_undo():
            return False
        owner = self.turn_owner
        while len(self.actions) > self.committed:
            seat = self.actors.pop()
            self.actions.pop()
            self.history.pop()
            if seat == owner:
                break
        return True

    def _push(self, action: Action) -> None:
        state = self.state
        seat = state.current_player
        if seat is None:
            raise IllegalActionError("the game is over")
        self.history.append(state.apply(action))
        self.actions.append(str(action))
        self.actors.append(seat)

    # ------------------------------------------------------------------ records
    def record(self) -> GameRecord:
        s = self.setup
        return GameRecord(
            board=s.board,
            num_players=len(s.seats),
            seed=s.seed,
            options=s.options,
            actions=list(self.actions),
            seats=[seat.to_dict() for seat in s.seats],
            app_version=__version__,
        )

    def save(self, path: Path) -> None:
        """Write the game to ``path`` (atomic). Raises :class:`SaveError`."""
        save_record(path, self.record(), self.state)

    def autosave(self) -> None:
        """Write the autosave (the previous one is kept as a backup). Raises SaveError."""
        from concordia import saves

        try:
            saves.autosave(self.record(), self.state)
        except OSError as exc:
            raise SaveError(saves.autosave_path(), f"the autosave failed ({exc})") from exc

    @classmethod
    def from_record(cls, record: GameRecord, board: BoardSpec) -> GameController:
        seats = [
            SeatConfig.from_dict(d, i) for i, d in enumerate(record.seats[: record.num_players])
        ]
        while len(seats) < record.num_players:
            seats.append(SeatConfig("normal", f"Player {len(seats) + 1}", -1))
        setup = GameSetup(
            record.board,
            seats,
            record.seed,
            bool(record.options.get("intermediate_scoring")),
            bool(record.options.get("no_goods")),
        )
        return cls(setup, board, record.actions)

    @classmethod
    def from_loaded(cls, loaded: LoadedGame) -> GameController:
        """The controller of a game read by :func:`concordia.saves.load_game`.

        It plays on the board the save was checked against (``loaded.state.board``:
        the bundled map, or the copy stored in the save when the map changed or its
        name is not a bundled board), so no file named in the save is ever opened. A
        save whose history cannot be replayed starts at its saved position. The
        warnings of the load are kept in :attr:`notes`.
        """
        board = loaded.state.board
        if loaded.replayable:
            controller = cls.from_record(loaded.record, board)
        else:
            record = loaded.record
            controller = cls.from_record(
                GameRecord(
                    record.board,
                    record.num_players,
                    record.seed,
                    dict(record.options),
                    [],
                    list(record.seats),
                    record.app_version,
                ),
                board,
            )
            controller.history = [loaded.state]
            controller.actions, controller.actors, controller.committed = [], [], 0
            controller.replayable = False
        controller.notes = tuple(loaded.warnings)
        return controller


# ---------------------------------------------------------------------- save files
# The one place that talks to ``concordia.saves`` (versioned JSON, atomic writes).


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One save for the load screen: loadable, or damaged (with the reason)."""

    path: Path
    name: str
    when: str
    board: str
    players: int
    step: int
    finished: bool
    autosave: bool
    backup: bool = False  # the previous autosave (``autosave.bak.json``)
    #: Why the file cannot be loaded (a damaged save listed so the player can delete it);
    #: empty for a loadable save.
    damaged: str = ""
    #: A game in progress kept when another was loaded (:func:`keep_autosave`).
    kept: bool = False
    #: The round being played (0: unknown) and each seat's (name or "", kind, score or
    #: None), the kind one of :data:`SEAT_KINDS` or "".
    round: int = 0
    seats: tuple[tuple[str, str, int | None], ...] = ()


def save_record(path: Path, record: GameRecord, state: GameState) -> None:
    """Write a game record (and its position) atomically. Raises :class:`SaveError`."""
    from concordia import saves

    try:
        saves.save_game(path, record, state)
    except OSError as exc:
        raise SaveError(path, f"the file could not be written ({exc})") from exc


def load_game(path: Path) -> GameController:
    """Load a saved game through :func:`concordia.saves.load_game`, taking what it
    recovers (see :meth:`GameController.from_loaded`); a file that cannot be loaded is
    refused and left untouched. Raises :class:`SaveError` with a message for the player."""
    from concordia import saves

    return _controller(saves.load_game(path))


def load_autosave() -> GameController:
    """Load the autosave, or the previous autosave when it cannot be loaded (the
    controller's notes say so). Raises :class:`SaveError`."""
    from concordia import saves

    return _controller(saves.load_autosave())


def _controller(loaded: LoadedGame) -> GameController:
    if loaded.warnings:
        logger.warning("loaded %s with warnings: %s", loaded.path, "; ".join(loaded.warnings))
    try:
        return GameController.from_loaded(loaded)
    except ConcordiaError as exc:  # saves checked the replay; this is a bug, not the file
        logger.exception("a loaded game could not be set up")
        path = loaded.path if loaded.path is not None else Path("save")
        raise SaveError(path, f"could not be set up ({exc}); the file is unchanged") from exc


def saves_folder() -> Path:
    from concordia.settings import saves_dir

    return saves_dir()


def autosave_path() -> Path:
    from concordia import saves

    return saves.autosave_path()


def list_saves() -> list[SaveEntry]:
    """Saved games, newest first (the autosave included), then the damaged files with
    the reason each cannot be loaded. Names are cleaned for drawing."""
    from concordia import saves

    listing = saves.list_saves()
    out = []
    for info in listing.saves:
        out.append(
            SaveEntry(
                info.path,
                info.name,
                _when(info.saved_at),
                info.board,
                info.players,
                info.step,
                info.finished,
                info.kind in ("autosave", "backup"),
                info.kind == "backup",
                kept=info.kind == "kept",
                round=info.round,
                seats=tuple(
                    (
                        seat.name,
                        seat.kind if seat.kind in SEAT_KINDS else "",
                        seat.score,
                    )
                    for seat in info.seats
                ),
            )
        )
    for bad in listing.unreadable:
        name = bad.path.name
        out.append(
            SaveEntry(
                bad.path,
                saves.clean_text(name.removesuffix(".json")),
                "",
                "",
                0,
                0,
                False,
                name in (saves.AUTOSAVE_NAME, saves.AUTOSAVE_BACKUP_NAME),
                name == saves.AUTOSAVE_BACKUP_NAME,
                saves.clean_text(bad.reason) or "damaged",
            )
        )
    return out


def _when(moment: datetime.datetime) -> str:
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return "?"


def keep_autosave(controller: GameController) -> Path | None:
    """Before the loaded game of ``controller`` is opened: keep the game in progress
    (see :func:`concordia.saves.keep_autosave`). Raises :class:`SaveError`."""
    from concordia import saves

    return saves.keep_autosave(controller.record())


def delete_save(path: Path) -> None:
    """Delete a save file of the saves folder (the player chose to). Raises OSError."""
    folder = saves_folder().resolve()
    if path.parent.resolve() != folder:
        raise PermissionError(f"{path} is not in the saves folder")
    path.unlink()
