"""The margin-floor tool: the spread of the final margin from one late position,
end to end on random-agent games and its arithmetic on known plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from concordia.tools import margin_floor, selfplay


def test_the_floor_is_the_spread_of_the_plays_and_the_net_is_judged_twice() -> None:
    results = [
        {
            "players": 2,
            "forecast": [15.0, -15.0],
            "recorded": [10.0, -10.0],
            "margins": [[10.0, -10.0], [20.0, -20.0]],
        },
        {  # one play only: no spread to measure, left out
            "players": 2,
            "forecast": [0.0, 0.0],
            "recorded": [0.0, 0.0],
            "margins": [[5.0, -5.0]],
        },
    ]
    got = margin_floor.summarise(results)
    assert list(got) == [2]
    assert got[2]["positions"] == 1
    assert got[2]["floor"] == pytest.approx(50**0.5)  # variance (25 + 25) / (2 - 1)
    assert got[2]["net_vs_mean"] == pytest.approx(0.0)
    assert got[2]["net_vs_game"] == pytest.approx(5.0)


def test_the_late_position_is_two_thirds_into_the_game(
    tmp_path: Path, boards: dict[str, Any]
) -> None:
    policy = selfplay.Policy(pool=("random",))
    selfplay.generate(tmp_path, 4, 7, 1, policy)
    for game in selfplay.load_games(tmp_path, 4, 7):
        count = sum(1 for _ in selfplay.replay_positions(game, boards))
        late = margin_floor.late_position(game, boards)
        before = 0
        for s in selfplay.replay_positions(game, boards):
            if s.step == late.step:
                break
            before += 1
        assert before / count >= 2 / 3 > (before - 1) / count


def test_the_command_end_to_end(tmp_path: Path, capsys: Any) -> None:
    selfplay.generate(tmp_path, 4, 8, 1, selfplay.Policy(pool=("random",)))
    argv = ["--games", "4", "--seed", "8", "--per-count", "1", "--plays", "2",
            "--jobs", "1", "--data", str(tmp_path)]  # fmt: skip
    assert margin_floor.main(argv) == 0
    out = capsys.readouterr().out
    rows = [
        r for r in (line.split() for line in out.splitlines()) if len(r) == 5 and r[0].isdigit()
    ]
    assert [r[0] for r in rows] == ["2", "3", "4", "5"]
    for r in rows:
        assert float(r[2]) > 0  # random seats finish a late position differently
