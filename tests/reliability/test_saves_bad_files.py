"""Every kind of bad save file is refused with a specific message and left untouched."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from reliability_support import PlayedGame, board, fingerprint

from concordia import saves
from concordia.resources import resource_path

Doc = dict[str, Any]


def _real_save(game: PlayedGame, folder: Path) -> tuple[Path, bytes, Doc]:
    path = saves.save_game(folder / "real.json", game.record, game.state)
    raw = path.read_bytes()
    return path, raw, json.loads(raw)


def _edit(edit: Callable[[Doc], object]) -> Callable[[bytes, Doc], bytes]:
    def make(_raw: bytes, doc: Doc) -> bytes:
        doc = copy.deepcopy(doc)
        edit(doc)
        return json.dumps(doc).encode()

    return make


def _illegal_action(doc: Doc) -> None:
    doc["record"]["actions"][4] = "build roma"


def _bad_snapshot(doc: Doc) -> None:
    doc["snapshot"]["players"][0]["money"] = -3


def _illegal_and_bad(doc: Doc) -> None:
    _illegal_action(doc)
    _bad_snapshot(doc)


# name -> (file bytes from (real bytes, real document), words the message must contain)
CASES: dict[str, tuple[Callable[[bytes, Doc], bytes], tuple[str, ...]]] = {
    "empty": (lambda raw, doc: b"", ("empty",)),
    "blank": (lambda raw, doc: b"  \n\n", ("empty",)),
    "truncated": (lambda raw, doc: raw[: len(raw) // 2], ("cut short", "truncated")),
    "truncated_at_end": (lambda raw, doc: raw[:-3], ("cut short",)),
    "not_json": (lambda raw, doc: b"Concordia save, turn 12\nmoney=5\n", ("not valid JSON",)),
    "corrupt_middle": (lambda raw, doc: raw[:200] + b"}}}" + raw[203:], ("not valid JSON",)),
    "not_utf8": (lambda raw, doc: b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", ("not a text file",)),
    "latin1": (lambda raw, doc: raw.replace(b'"test"', b'"t\xe9st"', 1), ("UTF-8",)),
    "json_list": (lambda raw, doc: b"[1, 2, 3]", ("not a Concordia saved game", "list")),
    "foreign": (
        lambda raw, doc: b'{"version": 3, "levels": []}',
        ("not a Concordia saved game", "no format"),
    ),
    "other_format": (
        lambda raw, doc: b'{"format": "tiled-map", "version": 1}',
        ("not a Concordia saved game", "tiled-map"),
    ),
    "bare_record": (lambda raw, doc: json.dumps(doc["record"]).encode(), ("bare game record",)),
    "bare_snapshot": (lambda raw, doc: json.dumps(doc["snapshot"]).encode(), ("bare position",)),
    "newer_version": (
        _edit(lambda d: d.update(version=2, app_version="9.0")),
        ("newer", "format 2", "9.0", "update"),
    ),
    "no_version": (_edit(lambda d: d.pop("version")), ("no valid save format version",)),
    "bool_version": (_edit(lambda d: d.update(version=True)), ("no valid save format version",)),
    "nan": (lambda raw, doc: raw.replace(b'"seed": 5', b'"seed": NaN', 1), ("NaN",)),
    "illegal_and_bad_snapshot": (
        _edit(_illegal_and_bad),
        ("cannot be loaded", "action 5", "not a legal action", "money of seat 0"),
    ),
    "edited_snapshot": (
        _edit(lambda d: d["snapshot"]["players"][1].update(money=99)),
        ("does not match its move history", "players[1].money", "edited"),
    ),
    "no_record_no_snapshot": (
        _edit(lambda d: (d.pop("record"), d.pop("snapshot"))),
        ("move history is unreadable", "no saved position"),
    ),
    "unknown_board": (
        _edit(lambda d: (d["record"].update(board="atlantis"), d["snapshot"].pop("board"))),
        ("atlantis", "cannot be loaded"),
    ),
    "deep_nesting": (
        lambda raw, doc: (
            b'{"format": "concordia-save", "version": 1, "record": '
            + b"[" * 100_000
            + b"]" * 100_000
            + b"}"
        ),
        ("usable JSON",),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_file_is_refused_and_left_alone(case: str, game: PlayedGame, tmp_path: Path) -> None:
    _, raw, doc = _real_save(game, tmp_path)
    make, words = CASES[case]
    path = tmp_path / f"{case}.json"
    path.write_bytes(make(raw, doc))
    before = fingerprint(path)

    with pytest.raises(saves.SaveError) as info:
        saves.load_game(path, board)

    message = str(info.value)
    assert message.startswith(f"{case}.json: ")
    for word in words:
        assert word in message, message
    assert "Traceback" not in message
    assert isinstance(info.value, ValueError)
    assert fingerprint(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["real.json", path.name])


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError, match="does not exist"):
        saves.load_game(tmp_path / "nothing.json", board)
    assert not (tmp_path / "nothing.json").exists()


def test_folder_instead_of_file(tmp_path: Path) -> None:
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(saves.SaveError, match="folder"):
        saves.load_game(tmp_path / "dir.json", board)


def test_illegal_action_with_a_good_snapshot_loads_the_snapshot(
    game: PlayedGame, tmp_path: Path
) -> None:
    _, _, doc = _real_save(game, tmp_path)
    _illegal_action(doc)
    path = tmp_path / "hand_edited.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = fingerprint(path)
    loaded = saves.load_game(path, board)
    assert loaded.state == game.state
    assert not loaded.replayable
    assert len(loaded.warnings) == 1
    assert "action 5" in loaded.warnings[0] and "undo" in loaded.warnings[0]
    assert fingerprint(path) == before


def test_a_recovered_game_can_be_played_on_saved_and_loaded(
    game: PlayedGame, tmp_path: Path
) -> None:
    """After a snapshot-only load the game goes on as a position-only save."""
    _, _, doc = _real_save(game, tmp_path)
    _illegal_action(doc)
    path = tmp_path / "hand_edited.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    loaded = saves.load_game(path, board)
    assert loaded.record.actions == [] and loaded.record.seats == game.record.seats
    record, state = loaded.record, loaded.state
    for _ in range(3):
        action = state.legal_actions()[0]
        state = state.apply(action)
        record.actions.append(str(action))
    again = saves.load_game(saves.save_game(tmp_path / "later.json", record, state), board)
    assert again.state == state and not again.replayable
    assert "recovered earlier" in again.warnings[0]
    assert again.record.seats == game.record.seats


def test_damaged_snapshot_with_a_good_record_replays(game: PlayedGame, tmp_path: Path) -> None:
    _, _, doc = _real_save(game, tmp_path)
    _bad_snapshot(doc)
    path = tmp_path / "bad_snapshot.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    loaded = saves.load_game(path, board)
    assert loaded.state == game.state and loaded.replayable
    assert "rebuilt from its move history" in loaded.warnings[0]


def test_changed_map_uses_the_board_stored_in_the_save(game: PlayedGame, tmp_path: Path) -> None:
    path, _, _ = _real_save(game, tmp_path)
    real = board("imperium")
    moved = dataclasses.replace(real, width=real.width + 1)
    loaded = saves.load_game(path, lambda name: moved)
    assert loaded.state == game.state
    assert "changed" in loaded.warnings[0]


def test_missing_map_uses_the_board_stored_in_the_save(game: PlayedGame, tmp_path: Path) -> None:
    path, _, _ = _real_save(game, tmp_path)

    def no_maps(name: str) -> Any:
        raise OSError(2, "No such file", f"{name}.tmx")

    loaded = saves.load_game(path, no_maps)
    assert loaded.state == game.state and loaded.replayable
    assert "could not be loaded" in loaded.warnings[0]


def test_a_snapshot_nobody_can_move_in_is_refused(game: PlayedGame, tmp_path: Path) -> None:
    _, _, doc = _real_save(game, tmp_path)
    snap = doc["snapshot"]
    seat = snap["turn_player"]
    snap["phase"] = "overflow"
    snap["overflow"] = [seat]
    snap["players"][seat]["goods"] = dict.fromkeys(snap["players"][seat]["goods"], 0)
    doc["record"]["actions"][4] = "build roma"
    path = tmp_path / "frozen.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="nobody can move"):
        saves.load_game(path, board)


def test_internal_error_becomes_a_save_error(
    game: PlayedGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _, _ = _real_save(game, tmp_path)
    before = fingerprint(path)

    def boom(*args: object) -> None:
        raise KeyError("bug")

    monkeypatch.setattr(saves, "_replay", boom)
    with pytest.raises(saves.SaveError, match="internal error"):
        saves.load_game(path, board)
    assert fingerprint(path) == before


_OPENED: list[str] | None = None  # while a test watches: every path the process opens


def _record_open(event: str, args: tuple[object, ...]) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], (str, bytes, Path)):
        _OPENED.append(os.fsdecode(args[0]))


_HOOKED: list[bool] = []


@pytest.mark.parametrize("relative", [False, True], ids=["absolute", "relative"])
def test_a_board_name_that_is_a_path_is_never_read(
    relative: bool, game: PlayedGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    global _OPENED
    # A real, valid map at the named path: the old loader read it as the board.
    target = tmp_path / "elsewhere" / "evil.tmx"
    target.parent.mkdir()
    target.write_bytes(resource_path("maps", "imperium.tmx").read_bytes())
    if relative:
        inside = tmp_path / "a" / "b"
        inside.mkdir(parents=True)
        monkeypatch.chdir(inside)
        name = "../../elsewhere/evil.tmx"
    else:
        name = str(target)
    _, _, doc = _real_save(game, tmp_path)
    doc["record"]["board"] = name
    doc["snapshot"]["board"]["name"] = name
    path = tmp_path / "named-path.json"
    path.write_text(json.dumps(doc), encoding="utf-8")

    if not _HOOKED:  # audit hooks cannot be removed: one for the session, off by default
        sys.addaudithook(_record_open)
        _HOOKED.append(True)
    _OPENED = []
    try:
        loaded = saves.load_game(path)
        opened = [Path(p).resolve() for p in _OPENED]
    finally:
        _OPENED = None

    assert target.resolve() not in opened
    assert path.resolve() in opened  # the watch works: the save itself was read
    assert loaded.state == game.state.__class__.from_dict(doc["snapshot"])
    assert loaded.state.board.name == name and loaded.replayable
    assert "not one of the bundled boards" in loaded.warnings[0]
    assert "stored in the save" in loaded.warnings[0]


@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_bundled_boards_are_recognised(name: str) -> None:
    assert saves.is_bundled_board(name)


@pytest.mark.parametrize(
    "name", ["atlantis", "../maps/imperium", "maps/imperium.tmx", "Imperium", "", "imperium.tmx"]
)
def test_other_names_are_not_bundled_boards(name: str) -> None:
    assert not saves.is_bundled_board(name)
