"""Hostile files, generated at test time from a real save: every kind of damage, foreign
content and trap (FIFO, device link, huge, deeply nested, a board named by path) that a
saves folder, a settings file, the views file, a review cache or the statistics database
may hold. ``make_*`` functions write one file and return its path."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from concordia import saves
from concordia.core import GameRecord, GameState

Document = dict[str, Any]
#: A kind of hostile save: (name, how to make it from the good document and the
#: victim file's path; returns the bytes, or None when it wrote ``path`` itself).
Maker = Callable[[Document, Path, Path], bytes | None]

DEEP = b"[" * 200_000 + b"]" * 200_000


def good_document(record: GameRecord, state: GameState) -> Document:
    return saves.save_document(record, state)


def _dump(document: Any) -> bytes:
    return json.dumps(document).encode("utf-8")


def _edited(change: Callable[[Document, Path], None]) -> Maker:
    def make(document: Document, victim: Path, path: Path) -> bytes:
        doc = copy.deepcopy(document)
        change(doc, victim)
        return _dump(doc)

    return make


def _set(keys: tuple[str | int, ...], value: Any) -> Callable[[Document, Path], None]:
    def change(doc: Document, victim: Path) -> None:
        node: Any = doc
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return change


def _delete(*keys: str) -> Callable[[Document, Path], None]:
    def change(doc: Document, victim: Path) -> None:
        node: Any = doc
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return change


def _board_named(value: Callable[[Path], str]) -> Callable[[Document, Path], None]:
    def change(doc: Document, victim: Path) -> None:
        doc["record"]["board"] = value(victim)
        doc["snapshot"]["board"]["name"] = value(victim)

    return change


def _both_broken(doc: Document, victim: Path) -> None:
    doc["snapshot"] = None
    doc["record"] = None


def _raw(data: bytes) -> Maker:
    return lambda document, victim, path: data


def _text(make: Callable[[Document], str]) -> Maker:
    return lambda document, victim, path: make(document).encode("utf-8")


def _fifo(document: Document, victim: Path, path: Path) -> None:
    os.mkfifo(path)


def _link(target: str) -> Maker:
    def make(document: Document, victim: Path, path: Path) -> None:
        path.symlink_to(victim if target == "victim" else target)

    return make


def _huge(document: Document, victim: Path, path: Path) -> None:
    with open(path, "wb") as handle:  # sparse: costs no disk
        handle.truncate(saves.MAX_SAVE_BYTES + 1)


def _folder(document: Document, victim: Path, path: Path) -> None:
    path.mkdir()


def _truncated(fraction: float) -> Maker:
    def make(document: Document, victim: Path, path: Path) -> bytes:
        data = _dump(document)
        return data[: int(len(data) * fraction)]

    return make


SAVE_KINDS: dict[str, Maker] = {
    # bytes that are not a save at all
    "empty": _raw(b""),
    "blank": _raw(b" \n\t \n"),
    "nul-bytes": _raw(b"\x00" * 4096),
    "garbage": _raw(bytes(range(256)) * 8),
    "utf16": lambda d, v, p: json.dumps(d).encode("utf-16"),
    "bom": lambda d, v, p: b"\xef\xbb\xbf" + _dump(d),
    "latin1": lambda d, v, p: json.dumps(dict(d, app_version="caf\xe9"), ensure_ascii=False).encode(
        "latin-1"
    ),
    "png-header": _raw(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64),
    "truncated-10": _truncated(0.1),
    "truncated-50": _truncated(0.5),
    "truncated-99": _truncated(0.99),
    "json-list": _raw(b"[1, 2, 3]"),
    "json-string": _raw(b'"concordia-save"'),
    "json-number": _raw(b"42"),
    "json-null": _raw(b"null"),
    "deep-nesting": _raw(DEEP),
    "deep-in-record": lambda d, v, p: _dump(dict(d, record=None)).replace(
        b'"record": null', b'"record": ' + DEEP[:50_000] + DEEP[-50_000:]
    ),
    "nan-literal": _text(lambda d: json.dumps(d).replace('"seed": ', '"seed": NaN, "x": ', 1)),
    "infinity-literal": _text(
        lambda d: json.dumps(d).replace('"version": 1', '"version": Infinity')
    ),
    "huge-int": _text(lambda d: json.dumps(d).replace('"version": 1', '"version": ' + "9" * 5000)),
    "duplicate-keys": _text(lambda d: json.dumps(d)[:-1] + ', "format": "other"}'),
    # a JSON object, but not a save of this version
    "no-format": _edited(_delete("format")),
    "other-format": _edited(_set(("format",), "chess-save")),
    "bare-record": _edited(_set(("format",), "concordia-record")),
    "version-0": _edited(_set(("version",), 0)),
    "version-text": _edited(_set(("version",), "1")),
    "version-true": _edited(_set(("version",), True)),
    "newer-version": _edited(_set(("version",), 99)),
    # a save whose parts are damaged
    "no-record": _edited(_delete("record")),
    "record-list": _edited(_set(("record",), [])),
    "actions-not-list": _edited(_set(("record", "actions"), "all of them")),
    "action-garbage": _edited(_set(("record", "actions", 2), "\x00\ud800 ?")),
    "action-illegal": _edited(_set(("record", "actions", 2), "pass")),
    "action-number": _edited(_set(("record", "actions", 2), 7)),
    "seed-text": _edited(_set(("record", "seed"), "seven")),
    "seed-huge": _edited(_set(("record", "seed"), 10**200)),
    "players-0": _edited(_set(("record", "num_players"), 0)),
    "players-100": _edited(_set(("record", "num_players"), 100)),
    "options-list": _edited(_set(("record", "options"), [1, 2])),
    "seats-garbage": _edited(_set(("record", "seats"), [None, 3, "x", {"name": 5}])),
    "seat-name-huge": _edited(
        _set(("record", "seats"), [{"kind": "human", "name": "N" * 1_000_000}] * 2)
    ),
    "seat-name-nul": _edited(
        _set(("record", "seats"), [{"kind": "human", "name": "a\x00b\ud800"}] * 2)
    ),
    "no-snapshot": _edited(_delete("snapshot")),
    "snapshot-list": _edited(_set(("snapshot",), [])),
    "snapshot-step": _edited(_set(("snapshot", "step"), 3)),
    "snapshot-phase": _edited(_set(("snapshot", "phase"), "party")),
    "both-broken": _edited(_both_broken),
    "saved-at-9999": _edited(_set(("saved_at",), "9999-12-31T23:59:59+00:00")),
    "saved-at-0001": _edited(_set(("saved_at",), "0001-01-01T00:00:00-12:00")),
    "saved-at-number": _edited(_set(("saved_at",), 12)),
    "extra-fields": _edited(_set(("extra",), {"a": [1, 2, {"b": None}]})),
    # a save naming a file: it must never be opened
    "board-relative-path": _edited(_board_named(lambda v: "../../" + v.name)),
    "board-absolute-path": _edited(_board_named(lambda v: str(v))),
    "board-path-no-suffix": _edited(_board_named(lambda v: str(v.with_suffix("")))),
    "board-unknown-name": _edited(_board_named(lambda v: "atlantis")),
    "board-changed": _edited(_set(("snapshot", "board", "title"), "Italia, edited")),
    # not a regular file
    "fifo": _fifo,
    "link-to-dev-zero": _link("/dev/zero"),
    "link-to-victim": _link("victim"),
    "link-dangling": _link("/nonexistent/concordia/none.json"),
    "huge-sparse": _huge,
    "folder": _folder,
}


def make_save(kind: str, document: Document, victim: Path, folder: Path) -> Path:
    """Write the hostile save ``kind`` as ``folder/<kind>.json``."""
    path = folder / f"{kind}.json"
    data = SAVE_KINDS[kind](document, victim, path)
    if data is not None:
        path.write_bytes(data)
    return path


#: Hostile contents for the small JSON files (settings, views, review cache).
JSON_KINDS: dict[str, bytes] = {
    "empty": b"",
    "garbage": bytes(range(256)),
    "truncated": b'{"language": "it", "window_si',
    "list": b"[1, 2]",
    "null": b"null",
    "deep": DEEP,
    "nan": b'{"zoom": NaN, "centre": [NaN, Infinity], "language": NaN}',
    "huge-int": b'{"window_size": [' + b"9" * 5000 + b", 2]}",
    "wrong-types": b'{"language": 3, "window_size": "big", "sound": "yes", "k": {"zoom": "x"}}',
    "huge-window": b'{"window_size": [100000, 100000]}',
    "utf16": '{"language": "it"}'.encode("utf-16"),
    "nul": b'{"player_name": "a\\u0000b", "language": "it\\ud800"}',
}
