"""The state is declared once: new_game, copy() and from_dict() build every field
through that declaration, snapshots carry every field, and older snapshots are
brought up to date by the migration chain."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from concordia.core import GameState, InvalidRecordError, fields, snapshot
from tests.core.helpers import game

V1_SAVE = (
    Path(__file__).resolve().parents[1] / "reliability" / "data" / "v1_imperium_4p_senator.json"
)
# Snapshot key of each field (None: derived from other fields, not stored).
SNAPSHOT_KEY: dict[str, str | None] = {
    "board": "board",
    "topo": None,
    "num_players": "num_players",
    "seed": "seed",
    "step": "step",
    "intermediate_scoring": "options",
    "no_goods": "options",
    "city_goods": "city_goods",
    "province_goods": None,
    "markers": "markers",
    "houses": "houses",
    "route_occ": None,
    "players": "players",
    "display": "display",
    "deck": "deck",
    "praefectus": "praefectus",
    "turn_player": "turn_player",
    "phase": "phase",
    "points": "points",
    "concordia": "concordia",
    "final_turns": "final_turns",
    "_card": "card",
    "_traded": "traded",
    "_bought": "bought",
    "_placed": "placed",
    "_overflow": "overflow",
    "_first_tribune": "first_tribune",
    "_deck_hidden": "deck_hidden",
}


def _mid_game() -> GameState:
    s = game("imperium", 4, 5, intermediate_scoring=True)
    rng = random.Random(2)
    for _ in range(150):
        s.apply_in_place(rng.choice(s.legal_actions()))
    return s


def test_every_field_has_a_place_in_the_snapshot() -> None:
    # A new field must be written by state_to_dict and read by state_fields (then the
    # snapshot version goes up and a migration fills it in for older saves).
    names = [f.name for f in dataclasses.fields(GameState)]
    assert sorted(names) == sorted(SNAPSHOT_KEY), "update snapshot.py for the new field"
    keys = set(_mid_game().to_dict())
    assert {k for k in SNAPSHOT_KEY.values() if k is not None} <= keys


def test_copy_copies_every_field_independently() -> None:
    s = _mid_game()
    c = s.copy()
    for f in dataclasses.fields(GameState):
        mine, theirs = getattr(s, f.name), getattr(c, f.name)
        if f.name == "players":
            for a, b in zip(mine, theirs, strict=True):
                assert a is not b
                for slot in a.__slots__:
                    assert getattr(a, slot) == getattr(b, slot), slot
                    if isinstance(getattr(a, slot), list):
                        assert getattr(a, slot) is not getattr(b, slot), slot
        else:
            assert mine == theirs, f.name
        if isinstance(mine, list):
            assert mine is not theirs, f"copy() shares the list {f.name}"
    assert c == s


def test_from_dict_and_new_game_set_every_field() -> None:
    s = _mid_game()
    back = GameState.from_dict(s.to_dict(), s.board)
    for f in dataclasses.fields(GameState):
        if f.name == "players":
            continue
        assert getattr(back, f.name) == getattr(s, f.name), f.name
    fresh = game("italia", 2, 1)
    assert {f.name for f in dataclasses.fields(GameState)} <= set(dir(fresh))


def _v1_snapshot() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(V1_SAVE.read_text(encoding="utf-8"))["snapshot"]
    return loaded


def test_an_older_snapshot_goes_through_the_migration(monkeypatch: pytest.MonkeyPatch) -> None:
    # What a format change looks like: version 2 adds a key, MIGRATIONS[1] fills it in.
    seen: list[int] = []

    def v1_to_v2(d: dict[str, Any]) -> dict[str, Any]:
        seen.append(d["version"])
        return {**d, "version": 2, "new_field": 0}

    monkeypatch.setattr(snapshot, "STATE_VERSION", 2)
    monkeypatch.setitem(snapshot.MIGRATIONS, 1, v1_to_v2)
    old = _v1_snapshot()
    state = GameState.from_dict(old)
    assert seen == [1]
    assert old["version"] == 1 and "new_field" not in old  # the input is left alone
    assert state.to_dict()["version"] == 2
    monkeypatch.undo()
    assert GameState.from_dict(_v1_snapshot()).legal_actions() == state.legal_actions()


def test_a_broken_migration_or_a_newer_snapshot_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(snapshot, "STATE_VERSION", 2)
    monkeypatch.setitem(snapshot.MIGRATIONS, 1, lambda d: dict(d))
    with pytest.raises(InvalidRecordError, match="migration to snapshot version 2"):
        GameState.from_dict(_v1_snapshot())
    monkeypatch.undo()
    newer = {**_v1_snapshot(), "version": snapshot.STATE_VERSION + 1}
    with pytest.raises(InvalidRecordError, match="newer version"):
        GameState.from_dict(newer)


def test_today_needs_no_migration() -> None:
    # Every version below the current one has its migration.
    assert sorted(snapshot.MIGRATIONS) == list(range(1, snapshot.STATE_VERSION))


def test_make_copy_follows_the_declaration() -> None:
    @dataclasses.dataclass
    class Item:
        n: int

        def copy(self) -> Item:
            return Item(self.n)

    @dataclasses.dataclass
    class Box:
        label: str
        numbers: list[int] = dataclasses.field(metadata=fields.COPY_LIST)
        items: list[Item] = dataclasses.field(metadata=fields.COPY_EACH)

    box = Box("a", [1, 2], [Item(3)])
    other = fields.make_copy(Box)(box)
    assert other == box
    assert other.numbers is not box.numbers
    assert other.items[0] is not box.items[0]

    @dataclasses.dataclass
    class Bad:
        x: list[int] = dataclasses.field(metadata={"copy": "deep"})

    with pytest.raises(ValueError, match="unknown copy kind"):
        fields.make_copy(Bad)
