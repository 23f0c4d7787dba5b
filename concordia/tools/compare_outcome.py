"""Compare outcome networks on the same held-out games:
``python -m concordia.tools.compare_outcome A.json B.json --seed S --games N [--data DIR]``.

Each weights file is validated (:func:`concordia.tools.train_outcome.validate`) on the
held-out groups of one folder of self-play games (by default the repository's archive,
:func:`concordia.tools.selfplay.archive_path`; the groups
:func:`~concordia.tools.train_outcome.held_out` keeps back, so a network trained on that
folder with the same ``--holdout`` never saw them; with ``--unseen-from N`` games N and
later count as held out too, the games a later run added to the folder that a file
fitted on games 0 .. N-1 never saw). The command prints, per player count
and per file, the Brier score against always predicting 1/n, the skill, the reliability
max gap, the margin RMSE at the start of the last third and how often the favourite won,
as a Markdown table.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from concordia.ai.features import WeightsError
from concordia.ai.outcome import outcome_hash
from concordia.tools.selfplay import archive_path
from concordia.tools.train_outcome import Dataset, held_out, load_datasets, validate

COLUMNS = (
    "players",
    "weights",
    "held-out games",
    "Brier (1/n)",
    "skill",
    "reliability max gap",
    "margin RMSE at 2/3",
    "winner picked",
)


def load_layers(path: Path) -> dict[str, Any]:
    """The per-count networks of a weights file, refusing one fitted on other features."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("feature_hash") != outcome_hash():
        raise WeightsError(f"{path} was fitted on other features")
    networks: dict[str, Any] = data["networks"]
    return networks


def compare(
    files: Sequence[Path],
    sets: dict[int, Dataset],
    holdout: int,
    unseen_from: int | None = None,
) -> dict[int, list[dict[str, Any]]]:
    """Per player count, each file's figures on the held-out games of ``sets``, and on
    games ``unseen_from`` and later if given (a count with no held-out game, or one a
    file has no network for, is left out)."""
    layers = [load_layers(f) for f in files]
    out: dict[int, list[dict[str, Any]]] = {}

    def judged(g: int) -> bool:
        return held_out(g, holdout) or (unseen_from is not None and g >= unseen_from)

    for n, ds in sorted(sets.items()):
        val = ds.arrays(judged)
        if not len(val["x"]) or any(str(n) not in nets for nets in layers):
            continue
        out[n] = [validate(nets[str(n)], val) for nets in layers]
    return out


def table(files: Sequence[Path], figures: dict[int, list[dict[str, Any]]]) -> list[str]:
    """The figures as Markdown table lines, one row per count and file."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for n, rows in figures.items():
        for f, v in zip(files, rows, strict=True):
            cells = (
                str(n),
                f.name,
                str(v["games"]),
                f"{v['brier']:.4f} ({v['brier_uniform']:.4f})",
                f"{v['brier_skill']:+.1%}",
                f"{v['reliability_max_gap']:.3f}",
                f"{v['margin_rmse_last_third']:.1f} VP",
                f"{v['winner_accuracy']:.1%}",
            )
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m concordia.tools.compare_outcome",
        description="Validate outcome weights files on the same held-out self-play games.",
    )
    ap.add_argument("weights", type=Path, nargs="+", help="weights files to compare")
    ap.add_argument(
        "--data",
        type=Path,
        default=archive_path(),
        help="folder of the cached games (default: the archive)",
    )
    ap.add_argument("--seed", type=int, required=True, help="the games' seed")
    ap.add_argument("--games", type=int, required=True, help="games 0 .. N-1 are read")
    ap.add_argument("--holdout", type=int, default=4, help="every k-th group is held out")
    ap.add_argument(
        "--unseen-from",
        type=int,
        default=None,
        metavar="N",
        help="games N and later are judged too (for files fitted on games 0 .. N-1)",
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes for uncached features")
    args = ap.parse_args(argv)
    sets = load_datasets(args.data, args.games, args.seed, args.jobs)
    figures = compare(args.weights, sets, args.holdout, args.unseen_from)
    for line in table(args.weights, figures):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
