"""Hypothesis: mutated saves end in a clean error or a valid game, never another exception."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_support import PlayedGame, board, play_random

from concordia import saves
from concordia.core import GameRecord, GameState, InvalidRecordError
from tests.hypothesis_profiles import examples

FUZZ = settings(
    max_examples=examples(50),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

_GAME: PlayedGame | None = None


def _game() -> PlayedGame:
    global _GAME
    if _GAME is None:
        _GAME = play_random("italia", 3, seed=21, steps=60, intermediate_scoring=True)
    return _GAME


def _document() -> dict[str, Any]:
    g = _game()
    document = copy.deepcopy(saves.save_document(g.record, g.state))
    document["saved_at"] = "2025-01-01T00:00:00+00:00"  # the same document every time
    return document


def _raw() -> bytes:
    return (json.dumps(_document(), indent=1) + "\n").encode()


def _check_loaded(loaded: saves.LoadedGame) -> None:
    """A game that loaded must be playable: the position validates and has moves."""
    state = loaded.state
    assert isinstance(state, GameState)
    assert state.is_terminal() or state.legal_actions()
    assert GameState.from_dict(state.to_dict()) == state
    if loaded.replayable and not loaded.warnings:
        assert state == _game().state


def _load_and_check(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    try:
        loaded = saves.load_game(path, board)
    except saves.SaveError as exc:
        assert str(exc).startswith(path.name)
        assert "internal error" not in str(exc), str(exc)
    else:
        _check_loaded(loaded)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


# ------------------------------------------------------------------ byte mutations
@st.composite
def byte_mutation(draw: st.DrawFn) -> bytes:
    data = bytearray(_raw())
    kind = draw(st.sampled_from(["flip", "truncate", "delete", "insert", "overwrite"]))
    if kind == "truncate":
        return bytes(data[: draw(st.integers(0, len(data) - 1))])
    for _ in range(draw(st.integers(1, 8))):
        i = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif kind == "delete":
            del data[i : i + draw(st.integers(1, 40))]
        elif kind == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=8))
        else:
            data[i] = draw(st.sampled_from(b'0123456789{}[]",:-.eE \\tnulrfa'))
        if not data:
            break
    return bytes(data)


@FUZZ
@given(data=byte_mutation())
def test_byte_mutations(data: bytes, tmp_path: Path) -> None:
    _load_and_check(tmp_path / "mutated.json", data)


# ------------------------------------------------------------------ structural mutations
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(
        [
            "",
            "roma",
            "brick",
            "cloth",
            "tribune",
            "II_consul",
            "over",
            "overflow",
            "land",
            "sea",
            "play tribune",
            "finish",
            "build roma",
            "senator",
        ]
    ),
    st.lists(st.integers(-1, 6), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def _tweak(value: Any, draw: st.DrawFn) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([-100, -2, -1, 1, 2, 15, 1000]))
    if isinstance(value, str):
        return draw(st.sampled_from([value + "x", value[:-1], value.upper(), "", " " + value]))
    if isinstance(value, list) and value:
        items = list(value)
        op = draw(st.sampled_from(["drop", "dup", "swap"]))
        i = draw(st.integers(0, len(items) - 1))
        if op == "drop":
            del items[i]
        elif op == "dup":
            items.insert(i, items[i])
        else:
            items[0], items[i] = items[i], items[0]
        return items
    return draw(_VALUES)


@st.composite
def structural_mutation(draw: st.DrawFn) -> dict[str, Any]:
    doc = _document()
    everywhere = _paths(doc)[1:]
    # Mostly the record and the position; the board is most of the file but is
    # checked by the map tests too.
    areas = {
        "record": [p for p in everywhere if p[0] == "record"],
        "position": [p for p in everywhere if p[0] == "snapshot" and p[1:2] != ("board",)],
        "board": [p for p in everywhere if p[:2] == ("snapshot", "board")],
        "top": [p for p in everywhere if len(p) == 1],
    }
    for _ in range(draw(st.integers(1, 3))):
        area = draw(
            st.sampled_from(
                ["record", "record", "position", "position", "position", "board", "top"]
            )
        )
        path = draw(st.sampled_from(areas[area]))
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            current = parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        op = draw(st.sampled_from(["delete", "retype", "tweak", "tweak"]))
        if op == "delete":
            del parent[path[-1]]
        elif op == "retype":
            parent[path[-1]] = draw(_VALUES)
        else:
            parent[path[-1]] = _tweak(current, draw)
    return doc


@FUZZ
@given(doc=structural_mutation())
def test_structural_mutations(doc: dict[str, Any], tmp_path: Path) -> None:
    _load_and_check(tmp_path / "edited.json", json.dumps(doc).encode())


@FUZZ
@given(doc=structural_mutation())
def test_core_loaders_raise_only_invalid_record(doc: dict[str, Any]) -> None:
    """The core's own loaders: InvalidRecordError or a valid object."""
    snapshot = copy.deepcopy(doc.get("snapshot"))
    try:
        state = GameState.from_dict(snapshot, board("italia"))
    except InvalidRecordError:
        pass
    else:
        assert GameState.from_dict(state.to_dict()) == state
    try:
        record = GameRecord.from_dict(doc.get("record"))
    except InvalidRecordError:
        pass
    else:
        assert GameRecord.from_dict(record.to_dict()) == record


def test_unmutated_save_loads_and_a_cut_one_does_not(tmp_path: Path) -> None:
    """Sanity check of the harness: the base document loads cleanly, a cut one fails."""
    path = tmp_path / "plain.json"
    path.write_bytes(_raw())
    assert saves.load_game(path, board).warnings == ()
    path.write_bytes(_raw()[:10])
    with pytest.raises(saves.SaveError):
        saves.load_game(path, board)
