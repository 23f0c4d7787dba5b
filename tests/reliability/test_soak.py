"""The soak: a short run finds no violation, and each check catches a planted fault."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from reliability_support import play_random

from concordia import soak
from concordia.core import Build, Cost, GameState, Score, Trade
from concordia.core.data import CARD_BY_ID


# Ten games cover every board and player count, one of them with AI seats; the
# slow stage plays thirty.
@pytest.mark.parametrize("games", [10, pytest.param(30, marks=pytest.mark.slow)])
def test_short_soak_has_no_violations(games: int) -> None:
    report = soak.run_soak(games=games, seed=7, jobs=2, ai_every=10)
    assert report.games == games
    assert report.finished == games
    assert report.actions_checked > games * 100
    assert report.violation_count == 0, report.summary()
    assert {b for b, _ in report.per_setup} == set(soak.BOARDS)
    assert {n for _, n in report.per_setup} == set(soak.PLAYER_COUNTS)


def test_plan_is_reproducible_and_covers_every_setup() -> None:
    plan = soak.plan_games(16, seed=3, ai_available=False)
    assert plan == soak.plan_games(16, seed=3, ai_available=False)
    assert plan[5:] == soak.plan_games(11, seed=3, first=5, ai_available=False)
    assert {(g.board, g.players) for g in plan[:8]} == {
        (b, n) for b in soak.BOARDS for n in soak.PLAYER_COUNTS
    }
    assert any(g.ai_seats for g in soak.plan_games(50, seed=3, ai_available=True))


def test_command_line_prints_the_figures() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "concordia.soak",
            "--games",
            "3",
            "--seed",
            "2",
            "--jobs",
            "1",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "games played: 3" in out.stdout
    assert "actions checked:" in out.stdout
    assert "violations found: 0" in out.stdout


# ------------------------------------------------------------------ planted faults
def _mid_state() -> GameState:
    """A position between turns (phase "card"), about 200 actions into a game."""
    states = play_random("imperium", 4, seed=8, steps=260).states
    return next(s for s in states[200:] if s.phase == "card").copy()


def test_clean_state_passes() -> None:
    assert soak.check_state(_mid_state()) == []


@pytest.mark.parametrize(
    "fault, words",
    [
        ("money", "sestertii"),
        ("goods", "negative goods"),
        ("storehouse", "storehouse holds"),
        ("colonist", "colonists of kind"),
        ("houses_left", "houses built"),
        ("duplicate_card", "in play 2 times"),
        ("lost_card", "in play 0 times"),
        ("start_card", "starting cards"),
        ("display_gap", "gap"),
        ("score", "score (core, recount) differs"),
    ],
)
def test_check_state_catches(fault: str, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    s = _mid_state()
    p = s.players[1]
    if fault == "money":
        p.money = -1
    elif fault == "goods":
        p.goods[2] = -1
    elif fault == "storehouse":
        p.goods[0] += 13
    elif fault == "colonist":
        p.store[0] += 1
    elif fault == "houses_left":
        p.houses_left -= 1
    elif fault == "duplicate_card":
        p.hand.append(s.deck[0])
    elif fault == "lost_card":
        s.deck.pop()
    elif fault == "start_card":
        architect = CARD_BY_ID["architect"].index
        (p.hand if architect in p.hand else p.discard).remove(architect)
    elif fault == "display_gap":
        s.display[0] = None
    elif fault == "score":
        real = GameState.score_of

        def off_by_one(self: GameState, seat: int) -> Score:
            score = real(self, seat)
            return dataclasses.replace(score, total=score.total + (seat == 1))

        monkeypatch.setattr(GameState, "score_of", off_by_one)
    problems = soak.check_state(s)
    assert any(words in problem for problem in problems), problems


def test_recount_is_independent_of_the_core() -> None:
    played = play_random("italia", 3, seed=4, steps=None)
    mine = soak.recount_scores(played.state)
    assert [m["total"] for m in mine] == [s.total for s in played.state.scores()]
    assert any(m["total"] > 20 for m in mine)


def test_check_transition_catches_a_wrong_price(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _mid_state()
    for state in play_random("imperium", 4, seed=8, steps=None).states:
        priced = [a for a in state.legal_actions() if isinstance(a, Build | Trade)]
        if priced:
            s, action = state, priced[0]
            break
    else:
        raise AssertionError("no priced action found")
    after = s.copy()
    after.apply_in_place(action)
    assert soak.check_transition(s, action, after) == []
    real = GameState.cost

    def cheaper(self: GameState, a: object) -> Cost:
        c = real(self, a)  # type: ignore[arg-type]
        return Cost(c.money - 1, c.goods, c.points)

    monkeypatch.setattr(GameState, "cost", cheaper)
    problems = soak.check_transition(s, action, after)
    assert any("cost() showed" in p for p in problems), problems
    assert any("cost() showed" in p for p in soak.check_all_prices(s))


def test_violations_are_reported_with_a_reproduction(monkeypatch: pytest.MonkeyPatch) -> None:
    def always_wrong(state: GameState, facts: object = None) -> list[str]:
        return ["planted"]

    monkeypatch.setattr(soak, "check_state", always_wrong)
    spec = soak.plan_games(1, seed=9, first=4, ai_available=False)[0]
    result = soak.play_game(spec)
    assert result.violation_count == result.actions_checked + 1
    text = str(result.violations[0])
    for part in (
        spec.board,
        f"{spec.players} players",
        str(spec.seed),
        "step 0",
        "--seed 9 --first 4 --games 1",
    ):
        assert part in text, text


def test_a_crash_in_the_core_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: GameState, action: object) -> None:
        raise KeyError("planted")

    monkeypatch.setattr(GameState, "apply_in_place", boom)
    spec = soak.plan_games(1, seed=9, ai_available=False)[0]
    result = soak.play_game(spec)
    assert result.violation_count == 1
    assert "KeyError" in result.violations[0].message


def test_step_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "STEP_CAP", 10)
    result = soak.play_game(soak.plan_games(1, seed=9, ai_available=False)[0])
    assert any("did not end within 10" in v.message for v in result.violations)
