"""Game records: the board name, options, seed and every action in notation, from
which :func:`replay` rebuilds the same game. Validated on the way in: anything
malformed, foreign, newer or against the rules raises :class:`InvalidRecordError`.

Snapshots of a whole position are in :mod:`concordia.core.snapshot`; their functions
are also importable from here, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from concordia.core import data
from concordia.core.actions import parse_action
from concordia.core.board import BoardSpec
from concordia.core.errors import ConcordiaError, InvalidRecordError
from concordia.core.setup import new_game
from concordia.core.snapshot import (
    PHASES,
    STATE_FORMAT,
    STATE_VERSION,
    _bool,
    _dict,
    _int,
    _list,
    _str,
    board_from_dict,
    board_to_dict,
    state_to_dict,
)
from concordia.core.state import GameState

__all__ = [
    "PHASES",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "STATE_FORMAT",
    "STATE_VERSION",
    "GameRecord",
    "board_from_dict",
    "board_to_dict",
    "replay",
    "state_from_dict",
    "state_to_dict",
]

RECORD_FORMAT = "concordia-record"
RECORD_VERSION = 1


def state_from_dict(d: Any, board: BoardSpec | None = None) -> GameState:
    """Rebuild and validate a state (same as :meth:`GameState.from_dict`)."""
    return GameState.from_dict(d, board)


# ------------------------------------------------------------------ records
@dataclass
class GameRecord:
    """Everything needed to replay a game: board name, options, seed and actions.

    ``seats`` is free-form metadata (e.g. seat kinds and names) kept for the UI.
    """

    board: str
    num_players: int
    seed: int
    options: dict[str, bool] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    seats: list[dict[str, Any]] = field(default_factory=list)
    app_version: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "app_version": self.app_version,
            "board": self.board,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": list(self.actions),
        }

    @classmethod
    def from_dict(cls, d: Any) -> GameRecord:
        if not isinstance(d, dict):
            raise InvalidRecordError("a game record must be a JSON object")
        if d.get("format") != RECORD_FORMAT:
            raise InvalidRecordError(f"not a Concordia game record (format {d.get('format')!r})")
        version = d.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise InvalidRecordError("the record has no valid version number")
        if version > RECORD_VERSION:
            raise InvalidRecordError(
                f"the record is from a newer version of the game (format version {version})"
            )
        try:
            options = _dict(d.get("options", {}), "options")
            for k, v in options.items():
                if k not in ("intermediate_scoring", "no_goods"):
                    raise InvalidRecordError(f"unknown option {k!r}")
                _bool(v, k)
            seats = _list(d.get("seats", []), "seats")
            if not all(isinstance(x, dict) for x in seats):
                raise InvalidRecordError("seats must be objects")
            return cls(
                board=_str(d["board"]),
                num_players=_int(
                    d["num_players"], "num_players", data.MIN_PLAYERS, data.MAX_PLAYERS
                ),
                seed=_int(d["seed"], "seed"),
                options=dict(options),
                actions=[_str(a) for a in _list(d["actions"], "actions")],
                seats=seats,
                app_version=str(d.get("app_version", "")),
            )
        except KeyError as exc:
            raise InvalidRecordError(f"the record lacks the field {exc.args[0]!r}") from None


def replay(
    record: GameRecord, board: BoardSpec, on_step: Callable[[Any, Any], None] | None = None
) -> GameState:
    """Rebuild the game of ``record`` on ``board`` (which must be ``record.board``).

    Raises:
        InvalidRecordError: the board name differs or an action is not legal.
    """
    if board.name != record.board:
        raise InvalidRecordError(f"the record is for board {record.board!r}, not {board.name!r}")
    state = new_game(
        board,
        record.num_players,
        record.seed,
        intermediate_scoring=bool(record.options.get("intermediate_scoring")),
        no_goods=bool(record.options.get("no_goods")),
    )
    for i, text in enumerate(record.actions):
        if state.is_terminal():
            raise InvalidRecordError(
                f"action {i + 1} of the record comes after the end of the game"
            )
        try:
            action = parse_action(text, state)  # checks legality too
        except ConcordiaError as exc:
            raise InvalidRecordError(f"action {i + 1} of the record: {exc}") from None
        state = state.apply_unchecked(action)
        if on_step is not None:
            on_step(state, action)
    return state
