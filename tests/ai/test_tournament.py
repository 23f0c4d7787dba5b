"""The tournament harness: seat rotation, deals, statistics and the command line."""

from __future__ import annotations

import functools
import math

import pytest

from concordia import tournament
from concordia.ai.base import Limit


def test_wilson_interval_matches_the_formula() -> None:
    lo, hi = tournament.wilson(5, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.237, 0.763)
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    lo, hi = tournament.wilson(40, 40)
    assert hi == 1.0 and 0.91 < lo < 0.92  # the 100 % row of docs/ai.md: [91.2 %, 100 %]


def test_percentile_is_nearest_rank() -> None:
    xs = [float(x) for x in range(1, 101)]
    assert tournament.percentile(xs, 0.5) == 50.0
    assert tournament.percentile(xs, 0.95) == 95.0
    assert tournament.percentile([3.0], 0.95) == 3.0
    assert math.isnan(tournament.percentile([], 0.5))


def test_mixed_agents_share_a_deal_per_rotation_but_self_play_does_not() -> None:
    mixed = ("hard", "normal", "normal")
    assert [tournament.deal_index(mixed, i) for i in range(6)] == [0, 0, 0, 1, 1, 1]
    same = ("hard", "hard", "hard")
    assert [tournament.deal_index(same, i) for i in range(4)] == [0, 1, 2, 3]


MIXED = ("easy", "random", "random")
MIXED_LIMITS = (Limit(iterations=1), None, None)


@functools.cache
def _mixed_game(index: int) -> tournament.GameSummary:
    """Game ``index`` of the easy agent against two random ones on Italia (seed 5),
    played once for the tests below (the easy agent's whole game takes a second)."""
    return tournament.play_one("italia", MIXED, index, 5, MIXED_LIMITS)


def test_play_one_rotates_the_agents_over_the_seats() -> None:
    games = [_mixed_game(i) for i in range(3)]
    assert len({g.seed for g in games}) == 1  # one deal for the whole rotation
    for i, g in enumerate(games):
        assert g.finished
        assert g.agents[g.labels.index(0)] == "easy"
        assert g.labels.index(0) == i  # the easy agent moves one seat per game
        assert g.winner_seat == g.totals.index(max(g.totals)) or g.totals.count(max(g.totals)) > 1
    again = tournament.play_one("italia", MIXED, 1, 5, MIXED_LIMITS)
    assert again.totals == games[1].totals and again.steps == games[1].steps


def test_command_line_prints_one_row_per_agent(capsys: pytest.CaptureFixture[str]) -> None:
    # One game in this process (--jobs 1); the pool of worker processes is the slow
    # test below.
    argv = ["--board", "italia", "--players", "2", "--agents", "easy,random"]
    assert tournament.main([*argv, "--games", "1", "--seed", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "1 games, 1 finished" in out and "1 processes" in out
    rows = [line.split() for line in out.splitlines() if line[:3] in (" 0 ", " 1 ")]
    assert [r[1] for r in rows] == ["easy", "random"]
    assert sum(int(r[2]) for r in rows) == 1  # the game has one winner


@pytest.mark.slow  # starts two worker processes
def test_command_line_plays_the_games_in_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--board", "italia", "--players", "3", "--agents", "easy,random,random"]
    assert tournament.main([*argv, "--games", "3", "--seed", "2", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 games, 3 finished" in out and "2 processes" in out
    rows = [line.split() for line in out.splitlines() if line[:3] in (" 0 ", " 1 ", " 2 ")]
    assert [r[1] for r in rows] == ["easy", "random", "random"]
    assert sum(int(r[2]) for r in rows) == 3  # every game has one winner


def test_command_line_rejects_a_wrong_agent_count() -> None:
    with pytest.raises(SystemExit):
        tournament.main(["--players", "3", "--agents", "easy,random"])


def test_set_changes_one_attribute_of_every_agent_of_the_level() -> None:
    over = (tournament.parse_override("expert-v1.finalists=3"),)
    assert over == (("expert-v1", "finalists", 3),)
    assert tournament.make_seat("expert-v1", over).finalists == 3  # type: ignore[attr-defined]
    assert tournament.make_seat("expert-v1").finalists != 3  # type: ignore[attr-defined]
    assert tournament.make_seat("hard", over).candidates == 5  # type: ignore[attr-defined]
    assert tournament.parse_override("hard.spite=0")[2] == 0.0  # float attribute stays float
    by_count = tournament.parse_override("expert-v1.learned_weights=1,0.5,0,0")
    assert by_count == ("expert-v1", "learned_weights", (1.0, 0.5, 0.0, 0.0))
    counts = tournament.parse_override("expert-v1.rollout_trades=8,8,8,8")
    assert counts == ("expert-v1", "rollout_trades", (8, 8, 8, 8))  # counts stay counts
    assert all(type(v) is int for v in counts[2])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("expert-v1.nope=1", "no tuning attribute 'nope'"),
        ("expert-v1.finalists=three", "'three' is not a int"),
        ("wizard.spite=1", "unknown level 'wizard'"),
        ("expert=1", "expected LEVEL.ATTR=VALUE"),
        ("expert-v1.learned=1", "no tuning attribute 'learned'"),  # an object, not a number
        ("expert-v1.learned_weights=0,1", "is not 4 comma-separated numbers"),
        ("expert-v1.learned_weights=a,b,c,d", "is not 4 comma-separated numbers"),
        ("expert-v1.rollout_trades=8,8,8,2.5", "is not 4 comma-separated numbers"),
        ("expert-v1.score_weights=full", "is not 4 comma-separated names"),
    ],
)
def test_set_names_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        tournament.parse_override(text)


def test_set_takes_a_tuple_of_names() -> None:
    assert tournament.parse_override("expert-v1.score_weights=normal,normal,full,normal") == (
        "expert-v1",
        "score_weights",
        ("normal", "normal", "full", "normal"),
    )


def test_an_override_reaches_the_game_and_changes_it() -> None:
    plain = _mixed_game(0)
    # spite 5: the easy agent plays against the others instead of for itself
    changed = tournament.play_one(
        "italia", MIXED, 0, 5, MIXED_LIMITS, (tournament.parse_override("easy.spite=5"),)
    )
    assert plain.finished and changed.finished
    assert (plain.totals, plain.steps) != (changed.totals, changed.steps)


def test_the_lead_column_is_own_score_minus_the_best_other() -> None:
    g = tournament.GameSummary(
        0, 1, ("easy", "random", "random"), (0, 1, 2), 0, (100, 60, 80),
        ((0,) * 6,) * 3, ((),) * 3, ((),) * 3, 10, True,
    )  # fmt: skip
    out = tournament.report(("easy", "random", "random"), [g])
    assert "mean VP   lead" in out
    # after the interval's "]": the mean score, then the lead
    rows = [r.split("]")[1].split() for r in out.splitlines() if r[:3] in (" 0 ", " 1 ", " 2 ")]
    assert [float(r[0]) for r in rows] == [100.0, 60.0, 80.0]
    assert [float(r[1]) for r in rows] == [20.0, -40.0, -20.0]


def test_search_rate_prints_the_rollouts_of_each_level(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from concordia.tools import search_rate

    argv = ["--board", "italia", "--players", "2", "--every", "50", "--levels", "expert,hard"]
    assert search_rate.main([*argv, "--iterations", "6"]) == 0  # deterministic counts
    out = capsys.readouterr().out
    rows = [ln for ln in out.splitlines() if "rollouts a decision" in ln]
    assert [r.split()[0] for r in rows] == ["expert", "hard"]
    # each level ran the rollouts it was given (read from its last_stats)
    assert [r.split("median ")[1].split(",")[0] for r in rows] == ["6.0", "6.0"]
    # and played a card at every turn start: the tally of each level counts them all
    starts = int(out.split(": ")[1].split()[0])
    plays = [ln.split("plays: ")[1] for ln in out.splitlines() if " plays: " in ln]
    assert len(plays) == 2
    for line in plays:
        counts = [int(item.split()[-1]) for item in line.split(", ")]
        assert sum(counts) == starts


def test_search_rate_names_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    from concordia.tools import search_rate

    with pytest.raises(SystemExit):
        search_rate.main(["--levels", "expert,wizard"])
    assert "unknown level 'wizard'" in capsys.readouterr().err


@pytest.mark.slow  # plays a whole game of normal agents to find no sample
def test_search_rate_names_a_sample_step_too_large() -> None:
    from concordia.tools import search_rate

    with pytest.raises(SystemExit):
        search_rate.main(["--board", "italia", "--players", "2", "--every", "1000"])


def test_value_bias_buckets_the_learned_values_error_by_turns_left() -> None:
    # concordia.tools.value_bias: the learned value's error against the
    # final points, per bucket of turns left, from real game rows.
    from concordia.ai.features import FEATURE_NAMES, load_learned
    from concordia.tools import value_bias
    from concordia.tools.train_eval import play_training_game

    rows = play_training_game(0, 3, (2,), ("easy",))
    assert rows
    table = value_bias.bias_table(rows)
    assert sum(k for _label, k, *_rest in table) == len(rows)
    turns = FEATURE_NAMES.index("turns_left")
    lv = load_learned()
    late = [(f, y) for _n, _g, f, y in rows if 1.5 <= f[turns] < 2.5]
    if late:  # the bucket's mean error is the model's, recomputed here
        errs = [y - sum(a * b for a, b in zip(lv.for_players(2), f, strict=True)) for f, y in late]
        got = next(b for label, _k, b, _r, _l in table if label == "1.5-2.5")
        assert got == pytest.approx(sum(errs) / len(errs))


@pytest.mark.slow  # plays its game in a worker process
def test_value_bias_command_line_prints_the_buckets(capsys: pytest.CaptureFixture[str]) -> None:
    from concordia.tools import value_bias

    assert (
        value_bias.main(["--games", "1", "--players", "2", "--agents", "easy", "--jobs", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert "turns left" in out and "0.5-1.5" in out


def test_every_searching_level_takes_an_iteration_budget() -> None:
    # New against old in one run: each expert gets its own budget.
    args = tournament.build_parser().parse_args(
        ["--iterations-expert", "24", "--iterations-expert-v1", "16", "--limit-hard", "0.5"]
    )
    got = tournament.seat_limits(("expert", "expert-v1", "hard", "normal"), args)
    assert [g.iterations for g in got] == [24, 16, None, None]
    assert got[2].time_s == 0.5
