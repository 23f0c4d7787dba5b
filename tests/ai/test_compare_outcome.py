"""The side-by-side validation of outcome weights files on the same held-out games."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from concordia.ai.features import WeightsError
from concordia.tools import compare_outcome, selfplay, train_outcome


@pytest.fixture(scope="module")
def two_nets(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """Two networks of different sizes trained on the same 8 random-agent games (two
    groups of one game per player count, one group held out)."""
    root = tmp_path_factory.mktemp("compare")
    files = []
    for hidden in ("4", "2"):
        out = root / f"w{hidden}.json"
        argv = [
            "--games", "8", "--seed", "6", "--jobs", "1", "--data", str(root / "data"),
            "--out", str(out), "--holdout", "2", "--hidden", hidden, "--epochs", "1",
            "--agents", "random",
        ]  # fmt: skip
        assert train_outcome.main(argv) == 0
        files.append(out)
    return files[0], files[1], root / "data"


def test_each_file_is_judged_on_the_games_its_training_held_out(
    two_nets: tuple[Path, Path, Path],
) -> None:
    a, b, data = two_nets
    sets = train_outcome.load_datasets(data, 8, 6, 1)
    figures = compare_outcome.compare([a, b], sets, 2)
    assert sorted(figures) == [2, 3, 4, 5]
    for f, col in ((a, 0), (b, 1)):
        recorded = json.loads(f.read_text(encoding="utf-8"))["validation"]
        for n, rows in figures.items():
            assert rows[col] == recorded[str(n)]["held_out"]
    # The two sizes give two different judgements of the same games.
    assert any(rows[0]["brier"] != rows[1]["brier"] for rows in figures.values())


def test_the_command_prints_one_row_per_count_and_file(
    two_nets: tuple[Path, Path, Path], capsys: Any
) -> None:
    a, b, data = two_nets
    argv = [str(a), str(b), "--data", str(data), "--seed", "6", "--games", "8", "--holdout", "2"]
    assert compare_outcome.main(argv) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + 4 * 2
    assert [r.split(" | ")[1] for r in rows[1:3]] == [a.name, b.name]
    counts = (2, 2, 3, 3, 4, 4, 5, 5)
    assert all(r.startswith(f"| {n} |") for n, r in zip(counts, rows[1:], strict=True))


def test_a_file_fitted_on_other_features_is_refused(
    two_nets: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    a, _b, data = two_nets
    saved = json.loads(a.read_text(encoding="utf-8"))
    saved["feature_hash"] = "0" * 16
    other = tmp_path / "other.json"
    other.write_text(json.dumps(saved), encoding="utf-8")
    with pytest.raises(WeightsError, match="other features"):
        compare_outcome.compare([a, other], train_outcome.load_datasets(data, 8, 6, 1), 2)


def test_games_added_after_a_files_training_are_judged_with_its_held_out_ones(
    two_nets: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    a, b, shared = two_nets
    data = tmp_path / "data"  # a copy: the module's other tests read the folder as made
    shutil.copytree(shared, data)
    # Eight more games in the folder, 8-15, which neither file (fitted on games 0-7)
    # saw: groups 2 and 3, of which holdout 2 keeps back group 2 only.
    selfplay.generate(data, 16, 6, 1, selfplay.Policy.of_pool("random"))
    sets = train_outcome.load_datasets(data, 16, 6, 1)
    plain = compare_outcome.compare([a, b], sets, 2)
    wider = compare_outcome.compare([a, b], sets, 2, unseen_from=8)
    for n in (2, 3, 4, 5):
        assert [row["games"] for row in plain[n]] == [2, 2]  # groups 0 and 2
        assert [row["games"] for row in wider[n]] == [3, 3]  # and group 3
    assert any(plain[n][0]["brier"] != wider[n][0]["brier"] for n in plain)
    # Nothing after the last game read: the same figures as the held-out groups alone.
    assert compare_outcome.compare([a, b], sets, 2, unseen_from=16) == plain
