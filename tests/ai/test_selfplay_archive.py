"""The archive of self-play games the outcome network is trained on
(``assets/ai/selfplay``): every archived game replays, under today's rules, to the
scores and winner it recorded, and a chunk is written the same way every time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from concordia.core import BoardSpec, Phase
from concordia.tools import selfplay

ARCHIVE = selfplay.archive_path()
CHUNKS = sorted(ARCHIVE.glob("games-s*-*.jsonl.gz"))


def _seed_and_chunk(path: Path) -> tuple[int, int]:
    m = re.fullmatch(r"games-s(\d+)-(\d{5})\.jsonl\.gz", path.name)
    assert m, f"{path.name} is not a chunk's name"
    return int(m.group(1)), int(m.group(2))


def _check_replays(path: Path, boards: dict[str, BoardSpec]) -> None:
    games = selfplay.read_chunk(path)
    _seed, k = _seed_and_chunk(path)
    assert [g["index"] for g in games] == list(range(k * selfplay.CHUNK, (k + 1) * selfplay.CHUNK))
    for g in games:
        end = selfplay.final_state(g, boards)
        if not g["over"]:
            assert end.phase != Phase.OVER
            continue
        assert end.phase == Phase.OVER, f"{path.name} game {g['index']} does not end"
        assert [sc.total for sc in end.scores()] == g["scores"], f"game {g['index']}"
        assert end.outcome().winner == g["winner"], f"game {g['index']}"


def test_the_archive_holds_games_of_a_recorded_policy() -> None:
    assert CHUNKS, f"no archived games in {ARCHIVE}"
    for seed in {_seed_and_chunk(p)[0] for p in CHUNKS}:
        stamp = ARCHIVE / f"policy-s{seed}.txt"
        assert stamp.exists(), f"games of seed {seed} without their policy"
        assert stamp.read_text(encoding="utf-8").startswith("pool=")


def test_the_first_chunk_of_each_seed_replays_to_its_recorded_result(
    boards: dict[str, BoardSpec],
) -> None:
    firsts: dict[int, Path] = {}
    for p in CHUNKS:
        firsts.setdefault(_seed_and_chunk(p)[0], p)
    assert firsts
    for path in firsts.values():
        _check_replays(path, boards)


@pytest.mark.slow
def test_every_archived_game_replays_to_its_recorded_result(
    boards: dict[str, BoardSpec],
) -> None:
    assert CHUNKS
    for path in CHUNKS:
        _check_replays(path, boards)


def test_a_chunk_is_written_the_same_every_time(tmp_path: Path) -> None:
    games = [{"index": i, "actions": ["play architect", "finish"], "over": False} for i in range(3)]
    a, b = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    selfplay.write_chunk(a, games)
    selfplay.write_chunk(b, games)
    assert a.read_bytes() == b.read_bytes()
    assert selfplay.read_chunk(a) == games
    assert not list(tmp_path.glob("*.tmp*"))  # written whole, renamed into place
