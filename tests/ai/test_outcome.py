"""The learned outcome evaluation: its training command end to end on a tiny budget,
the weights-file checks (feature hash, probes recomputed) and the forecasts' shape."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from concordia.ai.features import WeightsError
from concordia.ai.outcome import (
    OUTCOME_FEATURES,
    OutcomeNet,
    exact_outcome,
    load_outcome,
    outcome_hash,
    position_features,
)
from concordia.core import BoardSpec, GameState
from concordia.tools import selfplay, train_outcome

Position = Callable[[BoardSpec, int, int, int], GameState]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The training command on random-agent games: 8 games (two groups of one game
    per player count, one held out), a 4-unit network, one epoch."""
    root = tmp_path_factory.mktemp("outcome")
    out = root / "w.json"
    argv = [
        "--games", "8", "--seed", "5", "--jobs", "1", "--data", str(root / "data"),
        "--out", str(out), "--holdout", "2", "--hidden", "4", "--epochs", "1",
        "--agents", "random",
    ]  # fmt: skip
    assert train_outcome.main(argv) == 0
    return out, root / "data"


def test_training_command_end_to_end(tiny: tuple[Path, Path], capsys: Any) -> None:
    out, data = tiny
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["feature_hash"] == outcome_hash()
    assert saved["games_used"] == 8
    assert sorted(saved["networks"]) == ["2", "3", "4", "5"]
    assert "--games 8 --seed 5" in saved["command"] and "--agents random" in saved["command"]
    for n in ("2", "3", "4", "5"):
        held = saved["validation"][n]["held_out"]
        assert held["games"] == 1 and held["brier_uniform"] > 0
        assert 0 <= held["reliability_max_gap"] <= 1
    net = load_outcome(out)
    assert net.counts == (2, 3, 4, 5)
    # A rerun reuses the cached games and features: nothing is played again.
    games_before = sorted(p.name for p in data.glob("games-*.jsonl.gz"))
    assert train_outcome.main(["--games", "8", "--seed", "5", "--jobs", "1", "--data",
                               str(data), "--out", str(out), "--holdout", "2", "--hidden", "4",
                               "--epochs", "1", "--agents", "random"]) == 0  # fmt: skip
    assert "0 chunks played now" in capsys.readouterr().out
    assert sorted(p.name for p in data.glob("games-*.jsonl.gz")) == games_before


def test_training_adds_the_games_of_a_base_run(
    tiny: tuple[Path, Path], tmp_path: Path, capsys: Any
) -> None:
    # A second run (another seed and policy) trains on its own games and on a stored
    # run's, holds out groups of both and reports each seed's held-out figures apart.
    import shutil

    _out, tiny_data = tiny
    data = tmp_path / "data"
    shutil.copytree(tiny_data, data)
    out = tmp_path / "w.json"
    assert train_outcome.main(["--games", "8", "--seed", "6", "--jobs", "1", "--data",
                               str(data), "--out", str(out), "--holdout", "2", "--hidden", "4",
                               "--epochs", "1", "--agents", "random", "--iterations", "3",
                               "--base", "5:8"]) == 0  # fmt: skip
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["games_used"] == 16 and saved["base"] == [[5, 8]]
    assert "--iterations 3 --base 5:8" in saved["command"]
    assert (data / "policy-s6.txt").read_text(encoding="utf-8").split() == [
        "pool=random",
        "hard_iterations=3",
        "epsilon=0.08",
    ]
    for n in ("2", "3", "4", "5"):
        entry = saved["validation"][n]
        assert entry["train_games"] == 2 and entry["held_out"]["games"] == 2
        assert sorted(entry["held_out_by_seed"]) == ["5", "6"]
        assert all(v["games"] == 1 for v in entry["held_out_by_seed"].values())
    printed = capsys.readouterr().out
    assert "seed 5: 1 held out" in printed and "seed 6: 1 held out" in printed
    # Only the new seed is generated: the base run's games are read, never played.
    assert sorted(p.name for p in data.glob("games-s5-*")) == sorted(
        p.name for p in tiny_data.glob("games-s5-*")
    )


def test_a_base_seed_equal_to_the_run_s_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        train_outcome.main(["--games", "4", "--seed", "5", "--data", str(tmp_path),
                            "--agents", "random", "--base", "5:4"])  # fmt: skip
    with pytest.raises(SystemExit):
        train_outcome.main(["--games", "4", "--seed", "5", "--data", str(tmp_path),
                            "--agents", "random", "--base", "five"])  # fmt: skip
    assert not list(tmp_path.iterdir())


def test_policy_iterations() -> None:
    assert selfplay.Policy.of_pool(None) == selfplay.Policy()
    assert selfplay.Policy.of_pool(None, 8) == selfplay.Policy(hard_iterations=8)
    assert selfplay.Policy.of_pool("expert", 8).describe() == (
        "pool=expert hard_iterations=8 epsilon=0.08"
    )
    with pytest.raises(ValueError, match="at least 1"):
        selfplay.Policy.of_pool("expert", 0)


def test_a_data_folder_of_another_policy_is_refused(tiny: tuple[Path, Path]) -> None:
    _out, data = tiny
    with pytest.raises(ValueError, match="another policy"):
        selfplay.generate(data, 8, 5, 1, selfplay.Policy(pool=("easy",)))


def test_probes_recompute(tiny: tuple[Path, Path], boards: dict[str, BoardSpec]) -> None:
    out, _data = tiny
    _check_probes(json.loads(out.read_text(encoding="utf-8")), boards)


def _check_probes(saved: dict[str, Any], boards: dict[str, BoardSpec]) -> None:
    # Features and outputs of fixed positions, recorded at training time: a feature
    # or an inference step that changed without retraining fails here.
    net = OutcomeNet.from_json(saved)
    positions = train_outcome.probe_positions(boards)
    assert sorted(saved["probes"]) == sorted(key for key, _s in positions)
    for key, s in positions:
        probe = saved["probes"][key]
        rows = position_features(s)
        for seat, row in enumerate(rows):
            assert len(row) == len(OUTCOME_FEATURES)
            assert row == pytest.approx(probe["features"][seat], abs=1e-5), (key, seat)
        fc = net.forecast(s)
        assert list(fc.win) == pytest.approx(probe["win"], abs=1e-5)
        assert list(fc.margin) == pytest.approx(probe["margin"], abs=1e-3)
        assert list(fc.points) == pytest.approx(probe["points"], abs=1e-3)


def test_pure_python_inference_matches_numpy(
    tiny: tuple[Path, Path], boards: dict[str, BoardSpec], position: Position
) -> None:
    import numpy as np  # the dev extra: the training side

    out, _data = tiny
    saved = json.loads(out.read_text(encoding="utf-8"))
    net = OutcomeNet.from_json(saved)
    s = position(boards["imperium"], 4, 6, 120)
    rows = position_features(s)
    prob, margin, points = train_outcome.predict(saved["networks"]["4"], np.array([rows]))
    fc = net.forecast(s)
    assert list(fc.win) == pytest.approx(prob[0].tolist(), abs=1e-9)
    assert list(fc.margin) == pytest.approx(margin[0].tolist(), abs=1e-7)
    assert list(fc.points) == pytest.approx(points[0].tolist(), abs=1e-7)
    assert sum(fc.win) == pytest.approx(1.0)
    assert not fc.exact


def test_a_file_fitted_on_other_features_is_refused(tiny: tuple[Path, Path]) -> None:
    out, _data = tiny
    saved = json.loads(out.read_text(encoding="utf-8"))
    bad = dict(saved, feature_hash="0" * 16)
    with pytest.raises(WeightsError, match="retrain"):
        OutcomeNet.from_json(bad)
    short = json.loads(json.dumps(saved))
    short["networks"]["4"]["w1"][0] = short["networks"]["4"]["w1"][0][:-1]
    with pytest.raises(WeightsError):
        OutcomeNet.from_json(short)
    with pytest.raises(WeightsError):
        load_outcome(out.parent / "missing.json")


def test_features_name_no_board(boards: dict[str, BoardSpec], position: Position) -> None:
    # One vector per seat, the same length on both boards and every player count.
    for name in ("imperium", "italia"):
        for n in (2, 5):
            rows = position_features(position(boards[name], n, 3, 90))
            assert len(rows) == n
            assert all(len(r) == len(OUTCOME_FEATURES) for r in rows)
    assert len(set(OUTCOME_FEATURES)) == len(OUTCOME_FEATURES)


def test_a_finished_game_is_scored_exactly(boards: dict[str, BoardSpec]) -> None:
    from concordia.ai.play import play_game

    g = play_game(boards["italia"], ["random", "random", "random"], seed=4)
    s = g.state
    assert s.phase == "over"
    fc = exact_outcome(s)
    totals = [sc.total for sc in s.scores()]
    winner = s.outcome().winner
    assert fc.exact and fc.win[winner] == 1.0 and sum(fc.win) == 1.0
    assert fc.points == tuple(float(t) for t in totals)
    best_other = max(t for o, t in enumerate(totals) if o != winner)
    assert fc.margin[winner] == totals[winner] - best_other
