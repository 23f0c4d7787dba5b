"""Helpers for the reliability tests: boards, and real games to save and break."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from concordia.core import BoardSpec, GameRecord, GameState, new_game
from concordia.maps import load_board


@dataclass(frozen=True)
class PlayedGame:
    record: GameRecord
    state: GameState
    states: tuple[GameState, ...]  # after 0, 1, ... actions


_BOARDS: dict[str, BoardSpec] = {}


def board(name: str) -> BoardSpec:
    if name not in _BOARDS:
        _BOARDS[name] = load_board(name)
    return _BOARDS[name]


def play_random(
    name: str = "imperium",
    players: int = 3,
    seed: int = 5,
    steps: int | None = 120,
    **options: bool,
) -> PlayedGame:
    """A game of random legal actions (``steps`` of them, or to the end if None)."""
    state = new_game(board(name), players, seed, **options)
    rng = random.Random(f"reliability/{seed}")
    actions: list[str] = []
    states = [state]
    while not state.is_terminal() and (steps is None or len(actions) < steps):
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(str(action))
        states.append(state)
    record = GameRecord(
        name,
        players,
        seed,
        dict(options),
        actions,
        [{"kind": "human", "name": f"P{i}"} for i in range(players)],
        "test",
    )
    return PlayedGame(record, state, tuple(states))


def fingerprint(path: Path) -> tuple[bytes, int]:
    """Bytes and modification time (ns) of a file: proof that it was not rewritten."""
    return path.read_bytes(), path.stat().st_mtime_ns


# ---------------------------------------------------------------- files opened
_OPENED: list[list[str]] = []
_HOOKED = False


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _OPENED and args and isinstance(args[0], str | bytes | os.PathLike):
        _OPENED[-1].append(os.path.abspath(os.fsdecode(args[0])))


@contextmanager
def opened_files() -> Iterator[list[str]]:
    """Every file opened (``open`` audit events: builtins.open, os.open) inside the block,
    as absolute paths."""
    global _HOOKED
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED = True
    seen: list[str] = []
    _OPENED.append(seen)
    try:
        yield seen
    finally:
        _OPENED.pop()
