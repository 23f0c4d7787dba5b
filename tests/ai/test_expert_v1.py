"""The expert-v1 level (the first expert, the yardstick of the new one): legal whole
games, determinism, no peeking at the deck, cancel, the analysis the hint shows, and
the shipped weights matching the features."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from concordia.ai import Limit, make_agent
from concordia.ai.base import default_limit
from concordia.ai.expert_v1 import ExpertV1Agent
from concordia.ai.features import (
    FEATURE_NAMES,
    LearnedValue,
    WeightsError,
    feature_hash,
    features,
    load_learned,
    weights_path,
)
from concordia.ai.greedy import TurnOption, ValueFn
from concordia.ai.play import play_game
from concordia.ai.registry import LEVELS
from concordia.core import Action, BoardSpec, GameState, Phase
from concordia.core.data import MAX_PLAYERS, MIN_PLAYERS
from concordia.tools.train_eval import probe_positions

# expert-v1 is a tournament level; its search is the menu's expert's, which
# tests/ai/test_expert.py checks in the default run (same options as expert-v1's), so
# these tests of its knobs, weights file and analysis run in the slow stage.
pytestmark = pytest.mark.slow

Position = Callable[[BoardSpec, int, int, int], GameState]
SMALL = Limit(iterations=16)  # stage 1 over up to 12 candidates, then stage 2


def test_expert_is_a_level() -> None:
    assert "expert-v1" in LEVELS
    assert isinstance(make_agent("expert-v1"), ExpertV1Agent)
    assert default_limit("expert-v1").time_s is not None


def test_weights_file_matches_the_features() -> None:
    data = json.loads(weights_path().read_text(encoding="utf-8"))
    assert data["feature_hash"] == feature_hash()
    assert data["features"] == list(FEATURE_NAMES)
    lv = load_learned()
    counts = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    assert sorted(lv.weights) == list(counts)
    for n in counts:
        assert len(lv.for_players(n)) == len(FEATURE_NAMES)


def test_feature_values_match_the_ones_the_weights_were_fitted_on(
    boards: dict[str, BoardSpec],
) -> None:
    # The file records the features of fixed positions at training time: a feature
    # whose computation changed without retraining fails here.
    data = json.loads(weights_path().read_text(encoding="utf-8"))
    probes = data["probes"]
    positions = probe_positions(boards)
    assert sorted(probes) == sorted(key for key, _s in positions)
    for key, s in positions:
        for seat in range(s.num_players):
            got = features(s, seat)
            assert len(got) == len(FEATURE_NAMES)
            assert got == pytest.approx(probes[key][seat], abs=1e-6), (key, seat)


def test_weights_fitted_on_other_features_are_refused() -> None:
    data = json.loads(weights_path().read_text(encoding="utf-8"))
    data["feature_hash"] = "0" * 16
    with pytest.raises(WeightsError):
        LearnedValue.from_json(data)
    data["feature_hash"] = feature_hash()
    data["weights"] = {"4": [0.0] * (len(FEATURE_NAMES) - 1)}
    with pytest.raises(WeightsError):
        LearnedValue.from_json(data)


def test_learned_value_predicts_points(boards: dict[str, BoardSpec], position: Position) -> None:
    lv = load_learned()
    s = position(boards["imperium"], 4, 7, 200)
    vals = [lv.value(s, seat) for seat in range(4)]
    live = [sc.total for sc in s.scores()]
    # Predicted final VP: at least about the live score and within the game's range.
    for v, now in zip(vals, live, strict=True):
        assert now - 15 <= v <= 300


@pytest.mark.parametrize(("board_name", "players"), [("italia", 2), ("imperium", 5)])
def test_expert_plays_legally(boards: dict[str, BoardSpec], board_name: str, players: int) -> None:
    # The first 40 actions (the slow test plays whole games on every setup).
    agents = ["expert-v1" if s == 0 else "normal" for s in range(players)]
    g = play_game(
        boards[board_name], agents, seed=players, limits=Limit(iterations=6), max_steps=40
    )
    assert len(g.actions) == 40


def _turn_start(position: Position, boards: dict[str, BoardSpec]) -> GameState:
    s = position(boards["imperium"], 4, 11, 150)
    assert s.phase == "card"
    return s


def test_same_seed_and_iterations_same_choice(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    s = _turn_start(position, boards)
    seat = s.current_player
    assert seat is not None
    picks = []
    for _ in range(2):
        agent = ExpertV1Agent()
        a = agent.choose(s.view_for(seat), SMALL, random.Random(5), threading.Event())
        picks.append((a, [(r.actions, r.value) for r in agent.last_analysis]))
        assert agent.last_stats["iterations"] == SMALL.iterations
    assert picks[0] == picks[1]


def test_choice_ignores_the_hidden_deck_order(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    s = _turn_start(position, boards)
    seat = s.current_player
    assert seat is not None
    other = s.copy()
    random.Random(99).shuffle(other.deck)
    assert other.deck != s.deck
    picks = []
    for state in (s, other):  # the real states, not views: the agent must hide the order
        agent = ExpertV1Agent()
        a = agent.choose(state, SMALL, random.Random(5), threading.Event())
        picks.append((a, [r.actions for r in agent.last_analysis]))
    assert picks[0] == picks[1]


def test_analysis_gives_whole_plays_with_points(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    s = _turn_start(position, boards)
    seat = s.current_player
    assert seat is not None
    agent = ExpertV1Agent()
    view = s.view_for(seat)
    a = agent.choose(view, SMALL, random.Random(1), threading.Event())
    reports = agent.last_analysis[:3]
    assert len(reports) == 3
    assert a == reports[0].actions[0]
    values = [r.value for r in reports]
    assert values == sorted(values, reverse=True) or reports[0].visits > reports[-1].visits
    for r in reports:
        t = view.copy()
        for a in r.actions:  # every option is a whole card play, legal step by step
            assert t.current_player == seat
            assert a in t.legal_actions()
            t.apply_in_place(a)
        assert t.turn_player != seat or t.phase == "over"
        assert 0 < r.expected_points < 400


def test_cancel_returns_within_100_ms(boards: dict[str, BoardSpec], position: Position) -> None:
    s = _turn_start(position, boards)
    seat = s.current_player
    assert seat is not None
    view = s.view_for(seat)
    agent = ExpertV1Agent()
    cancel = threading.Event()
    out: list[object] = []
    th = threading.Thread(
        target=lambda: out.append(agent.choose(view, Limit(time_s=60.0), random.Random(2), cancel)),
        daemon=True,
    )
    th.start()
    assert agent.search_started.wait(30.0), "the search never started"
    t0 = time.perf_counter()
    cancel.set()
    th.join(5.0)
    elapsed = time.perf_counter() - t0
    assert not th.is_alive()
    assert elapsed < 0.1, f"cancel took {elapsed * 1000:.0f} ms"
    assert out and out[0] in view.legal_actions()


def test_seats_option_knows_expert() -> None:
    from concordia.cli import build_parser

    assert build_parser().parse_args(["--seats", "human,expert"]).seats == ["human", "expert"]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--seats", "human,grandmaster"])


def _worker_options(s: GameState) -> tuple[Any, list[Any]]:
    from concordia.ai.worker import AIRequest, AIWorker

    seat = s.current_player
    assert seat is not None
    worker = AIWorker()
    try:
        worker.request(AIRequest(1, s.step, s, seat, "expert-v1", SMALL, seed=3))
        deadline = time.monotonic() + 60
        result = None
        while result is None:
            assert time.monotonic() < deadline, "no answer from the worker"
            result = worker.poll()
            time.sleep(0.005)
    finally:
        worker.close()
    assert result.error is None and result.action is not None
    return result, list(result.options)


def test_the_worker_passes_the_expert_options_on(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    from concordia.ai.evaluate import remaining_turns

    s = _turn_start(position, boards)
    assert remaining_turns(s, s.current_player or 0) > ExpertV1Agent.endgame_turns
    result, options = _worker_options(s)
    assert 2 <= len(options) <= 3
    assert options[0].actions[0] == result.action
    for actions, points, lead, _score, win in options:
        assert actions and all(isinstance(a, Action) for a in actions)
        assert 0 < points < 400
        # Far from the end the search does not count the lead, so the hint is not
        # given one (by hand: a round apart it swung from +12 to -25).
        assert lead is None
        assert win is None  # expert-v1 forecasts no chance to win: the hint tells none
    # The search's scores come best first: the order the hint tells them in.
    scores = [o[3] for o in options]
    assert scores == sorted(scores, reverse=True)
    # In the last round the lead counts, and it is passed on.
    last = _last_round(boards["imperium"], 4, 3)
    _result, options = _worker_options(last)
    assert options
    for _actions, points, lead, _score, _win in options:
        assert lead is not None and -points < lead < points


def _plain_expert() -> ExpertV1Agent:
    agent = ExpertV1Agent()
    agent.win_bonus = (0.0,) * 4
    agent.loss_penalty = (0.0,) * 4
    agent.endgame_weight = 0.0
    return agent


@pytest.mark.parametrize(("board", "players", "seed"), [("italia", 3, 4), ("imperium", 4, 4)])
def test_a_finished_game_counts_the_win_and_the_lead(
    boards: dict[str, BoardSpec], position: Position, board: str, players: int, seed: int
) -> None:
    # Scored on points alone, the expert ended games it then lost (it won 2
    # of 12 deals against three hard; with the win counted, 6 of the same 12). Session
    # 11: the bonus is the player count's own (4 players: 10, the others 25).
    s = position(boards[board], players, seed, 5000)  # random play to the end
    assert s.phase == "over"
    winner = s.outcome().winner
    agent, plain = ExpertV1Agent(), _plain_expert()
    agent.win_bonus = (11.0, 13.0, 17.0, 19.0)  # a distinct bonus for each count
    # A game lost counts ``loss_penalty`` less (shipped: 25 in 4 players).
    assert ExpertV1Agent.loss_penalty == (0.0, 0.0, 25.0, 0.0)
    agent.loss_penalty = (5.0, 7.0, 3.0, 2.0)
    for seat in range(players):
        got, _pts, lead = agent._scores(s, seat)
        base, _pts, _lead = plain._scores(s, seat)
        bonus = (11.0, 13.0, 17.0, 19.0)[players - 2] if seat == winner else 0.0
        if seat != winner:
            bonus = -(5.0, 7.0, 3.0, 2.0)[players - 2]
        assert got == pytest.approx(base + agent.endgame_weight * lead + bonus)
        assert (lead > 0) == (seat == winner) or lead == 0


def test_far_from_the_end_only_the_points_count(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    s = position(boards["imperium"], 4, 1, 0)  # the first turn
    agent, plain = ExpertV1Agent(), _plain_expert()
    agent.loss_penalty = (9.0,) * 4
    for seat in range(4):
        assert agent._scores(s, seat) == plain._scores(s, seat)


def test_the_learned_margin_weighs_by_player_count(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    # On the same deals against hard: without the learned margin the expert won
    # 20 of 40 in 4p (19 with it) and 7 of 20 in 5p (4 with it), so there the score is
    # the hand-tuned part alone, far from the end; a later run measured the same in 3p
    # (14 of 24 deals on Italia against two hard without it, 10 with it). In 2 players
    # it counts.
    plain = _plain_expert()
    none = _plain_expert()
    none.learned_weights = (0.0, 0.0, 0.0, 0.0)
    for board, n in (("italia", 2), ("imperium", 3), ("imperium", 4), ("imperium", 5)):
        s = position(boards[board], n, 2, 40)
        lw = plain.learned_weights[n - 2]
        assert (lw > 0) == (n == 2)
        for seat in range(n):
            pred = [plain.learned.value(s, o) for o in range(n)]
            others = [v for o, v in enumerate(pred) if o != seat]
            margin = pred[seat] - (0.5 * max(others) + 0.5 * sum(others) / len(others))
            got = plain._scores(s, seat)[0]
            assert got == pytest.approx(none._scores(s, seat)[0] + lw * margin)


def test_training_setup_is_the_shipped_one_by_default() -> None:
    # The shipped file's command must replay: the default counts and pool give the
    # same boards, counts and seats as before --players and --agents existed.
    from concordia.tools.train_eval import game_setup

    for i in range(12):
        board, n, seats = game_setup(i, 1)
        rng = random.Random(f"train/1/{i}")
        assert n == MIN_PLAYERS + i % 4
        assert board == ("imperium", "italia")[(i // 4) % 2]
        assert seats == [rng.choice(("easy", "normal", "normal")) for _ in range(n)]
    for i in range(6):
        assert game_setup(i, 1, (4,), ("hard",))[1:] == (4, ["hard"] * 4)


def test_training_one_count_keeps_the_others_from_a_base_file(tmp_path: Path) -> None:
    # --players 2 --base FILE: the 2-player weights are fitted afresh, the other counts
    # keep the base file's weights and validation, and the file says where they came from.
    from concordia.tools.train_eval import main

    out = tmp_path / "w.json"
    shipped = weights_path()
    assert (
        main(
            [
                "--games",
                "2",
                "--seed",
                "3",
                "--jobs",
                "1",
                "--players",
                "2",
                "--agents",
                "easy",
                "--holdout",
                "2",
                "--base",
                str(shipped),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    base = json.loads(shipped.read_text(encoding="utf-8"))
    got = json.loads(out.read_text(encoding="utf-8"))
    assert sorted(got["weights"]) == ["2", "3", "4", "5"]
    for k in ("3", "4", "5"):
        assert got["weights"][k] == base["weights"][k]
        assert got["validation"][k] == base["validation"][k]
    assert got["weights"]["2"] != base["weights"]["2"]
    assert got["validation"]["2"]["train_games"] == 1
    assert got["base"] == {"command": base["command"], "counts": ["3", "4", "5"]}
    assert "--players 2 --agents easy" in got["command"]
    LearnedValue.from_json(got)  # the merged file loads


def _turn_starts(
    boards: dict[str, BoardSpec], position: Position, seeds: range, steps: Callable[[int], int]
) -> Iterator[tuple[GameState, int, ValueFn]]:
    # The mover's view, seat and rollout value at the turn starts of 4-player Imperium
    # positions (``steps(seed)`` random actions in).
    from concordia.ai.greedy import value_fn

    for seed in seeds:
        s = position(boards["imperium"], 4, seed, steps(seed))
        seat = s.current_player
        if s.phase == "card" and seat is not None:
            yield s.view_for(seat), seat, value_fn(seat, ExpertV1Agent.rollout_weights, 0.0)


def _replays_as_one_play(view: GameState, seat: int, actions: tuple[Action, ...]) -> None:
    # Every action is the seat's and legal in turn, and the card is over at the end.
    t = view.copy()
    for a in actions:
        assert t.current_player == seat and a in t.legal_actions()
        t.apply_in_place(a)
    assert t.turn_player != seat or t.phase == "over"


def test_architect_options_branch_on_the_first_move(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    # The planner keeps one greedy first move per Architect; the expert also
    # searches plays that start with the next best first moves (9 of 12 against three
    # hard with them, 7 without). Each is a whole legal card play from a distinct move.
    from concordia.ai.expert_v1 import architect_options
    from concordia.ai.greedy import turn_options
    from concordia.core import Move, PlayCard
    from concordia.core.data import CARD_BY_ID

    found = 0
    for view, seat, value in _turn_starts(boards, position, range(1, 40), lambda k: 60 + 2 * k):
        architects = [c for c in view.hand(seat) if CARD_BY_ID[c].action == "architect"]
        if not architects:
            continue
        opts = architect_options(view, value, 3)
        assert architect_options(view, value, 0) == []
        firsts = [(o.actions[0], o.actions[1]) for o in opts]
        assert len(firsts) == len(set(firsts))  # distinct first moves per card
        assert len(opts) <= 3 * len(architects)
        for o in opts:
            assert isinstance(o.actions[0], PlayCard) and isinstance(o.actions[1], Move)
            _replays_as_one_play(view, seat, tuple(o.actions))
        greedy = {tuple(o.actions) for o in turn_options(view, value)}
        found += sum(1 for o in opts if tuple(o.actions) not in greedy)
    assert found  # plays the planner alone never offers


def test_spite_behind_counts_only_for_a_seat_behind(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    # An experiment knob (not shipped: 3 of 12 against hard): a seat the
    # learned value has behind at the root scores with ``spite_behind``.
    seen = set()
    for seed in [*range(10, 30), *range(1, 10)]:  # (at the shipped weights 12 is ahead)
        s = position(boards["imperium"], 4, seed, 120)
        seat = s.current_player
        if s.phase != "card" or seat is None:
            continue
        view = s.view_for(seat)
        agent = ExpertV1Agent()
        agent.spite_behind = 0.0
        pred = [agent.learned.value(view, o) for o in range(4)]
        behind = pred[seat] < max(v for o, v in enumerate(pred) if o != seat)
        agent.analyse(view, Limit(iterations=1), random.Random(1))
        assert agent._spite_now == (0.0 if behind else agent.spite)
        seen.add(behind)
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_card_options_branch_on_the_first_choice(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    # As for the Architect, the expert can also search the plays of the
    # Senator, Consul, Prefect, Colonist and Tribune that start with another of the best
    # first choices (a purchase, a province, a placement), each completed greedily.
    from concordia.ai.expert_v1 import BRANCHED_PHASES, card_options
    from concordia.ai.greedy import turn_options
    from concordia.core import PlayCard

    found: set[str] = set()
    n_prefect = 0
    for view, seat, value in _turn_starts(boards, position, range(1, 30), lambda k: 40 + 4 * k):
        opts = card_options(view, value, 2)
        assert card_options(view, value, 0) == []
        firsts = [(o.actions[0], o.actions[1]) for o in opts]
        assert len(firsts) == len(set(firsts))  # distinct first choices per card
        greedy = {tuple(g.actions) for g in turn_options(view, value)}
        per_card: dict[object, int] = {}
        prefects = []
        for o in opts:
            play = o.actions[0]
            assert isinstance(play, PlayCard)
            per_card[play] = per_card.get(play, 0) + 1
            t = view.copy()
            t.apply_in_place(play)
            assert t.phase in BRANCHED_PHASES
            _replays_as_one_play(view, seat, tuple(o.actions))
            if tuple(o.actions) not in greedy:
                found.add(str(t.phase))
            if t.phase == Phase.PREFECT:
                prefects.append(o.actions)
        assert all(k <= 2 for k in per_card.values())
        # the phases argument keeps only the cards that open those phases
        only = card_options(view, value, 2, frozenset({Phase.PREFECT}))
        assert [o.actions for o in only] == prefects
        n_prefect += len(prefects)
    # plays the planner alone never offers, for more than one kind of card
    assert len(found) >= 2, found
    assert n_prefect


def test_architect_branching_stops_above_four_players(
    boards: dict[str, BoardSpec], position: Position, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On the 40 five-player deals against four hard the branching won 15
    # where the plain planner won 19, so the expert branches with at most 4 players.
    import concordia.ai.expert_v1 as expert

    calls: list[int] = []
    real = expert.architect_options

    def counted(view: GameState, value: ValueFn, branch: int) -> list[TurnOption]:
        calls.append(view.num_players)
        return real(view, value, branch)

    monkeypatch.setattr(expert, "architect_options", counted)
    for players in (2, 3, 4, 5):
        s = position(boards["imperium"], players, 3, 20)
        assert s.phase == "card"
        ExpertV1Agent().analyse(s, Limit(iterations=1), random.Random(1))
    assert calls == [2, 3, 4]
    agent = ExpertV1Agent()
    agent.architect_branch_max_players = 5  # the 5-player branching replays with --set
    agent.analyse(position(boards["imperium"], 5, 3, 20), Limit(iterations=1), random.Random(1))
    assert calls == [2, 3, 4, 5]


def test_rollout_trades_reach_the_mercator_plans_of_the_rollouts(
    boards: dict[str, BoardSpec], position: Position, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In 5 players the rollouts' Mercator follows 2 first trades (the
    # planner's 8 elsewhere), so 1.5 times as many rollouts fit the time budget.
    import concordia.ai.greedy as greedy

    firsts: list[int] = []
    real = greedy.mercator_plan

    def recorded(s: GameState, value: ValueFn, first: int = greedy.MERCATOR_FIRST) -> list[Action]:
        firsts.append(first)
        return real(s, value, first)

    monkeypatch.setattr(greedy, "mercator_plan", recorded)

    def used(players: int, agent: ExpertV1Agent) -> set[int]:
        firsts.clear()
        s = position(boards["imperium"], players, 3, 20)
        assert s.phase == "card"
        agent.analyse(s, Limit(iterations=14), random.Random(1))
        return set(firsts)

    assert used(4, ExpertV1Agent()) == {greedy.MERCATOR_FIRST}
    assert used(5, ExpertV1Agent()) == {greedy.MERCATOR_FIRST, 2}  # candidates, rollouts
    agent = ExpertV1Agent()
    agent.rollout_trades = (8, 8, 8, 8)  # the search with 8 trades replays with --set
    assert used(5, agent) == {greedy.MERCATOR_FIRST}


def test_weight_knobs_name_weight_sets_and_change_the_search(
    boards: dict[str, BoardSpec], position: Position
) -> None:
    # The weight-set knobs (``--set expert.score_weights=normal,normal,full,normal``,
    # ``plan_weights``): each names sets of evaluate.WEIGHTS_BY_NAME, and "full"
    # changes what is searched.
    from concordia.ai.evaluate import NORMAL, WEIGHTS_BY_NAME, Weights

    agent = ExpertV1Agent()
    assert all(WEIGHTS_BY_NAME[name] is NORMAL for name in agent.score_weights)
    assert WEIGHTS_BY_NAME[agent.plan_weights] is NORMAL
    assert WEIGHTS_BY_NAME["full"] == Weights()
    s = _turn_start(position, boards)
    seat = s.current_player
    assert seat is not None
    view = s.view_for(seat)
    runs = []
    for knob in ("", "score_weights", "plan_weights"):
        agent = ExpertV1Agent()
        if knob == "score_weights":
            agent.score_weights = ("full",) * 4
        elif knob:
            agent.plan_weights = "full"
        # One rollout: the candidates and their first scores already differ.
        reports = agent.analyse(view, Limit(iterations=1), random.Random(1), threading.Event())
        runs.append([(r.actions, round(r.value, 6)) for r in reports])
    assert runs[1] != runs[0]
    assert runs[2] != runs[0]


def test_an_unknown_weight_set_is_named(boards: dict[str, BoardSpec], position: Position) -> None:
    agent = ExpertV1Agent()
    agent.score_weights = ("normal", "normal", "fulll", "normal")
    view = _turn_start(position, boards)
    with pytest.raises(ValueError, match="no weight set 'fulll'"):
        agent.analyse(view, SMALL, random.Random(1), threading.Event())


def test_early_weights_blend_into_the_score_by_remaining_turns(
    boards: dict[str, BoardSpec],
) -> None:
    # The knob: early in the game the hand-tuned part of the score is the
    # ``early_weights`` set, below ``early_turns[0]`` remaining turns ``score_weights``,
    # blended in between; off (the same name) as shipped.
    from concordia.ai.evaluate import WEIGHTS_BY_NAME, evaluate, remaining_turns
    from concordia.core import new_game

    s = new_game(boards["imperium"], 4, 11)
    me = s.current_player
    assert me is not None
    left = remaining_turns(s, me)
    shipped = ExpertV1Agent()
    assert shipped.early_weights == ("",) * 4  # off as shipped
    # Off, it leaves any score_weights alone (found by hand: "normal" as the off value
    # overrode score_weights=full early in the game).
    full = ExpertV1Agent()
    full.score_weights = ("full",) * 4
    full._spite_now = full.spite
    agent = ExpertV1Agent()
    agent.early_weights = ("normal", "normal", "full", "normal")

    def hand_part(a: ExpertV1Agent) -> float:
        a._spite_now = a.spite
        return a._scores(s, me)[0]

    def relative(name: str) -> float:
        vals = [evaluate(s, o, WEIGHTS_BY_NAME[name]) for o in range(4)]
        others = [v for o, v in enumerate(vals) if o != me]
        return vals[me] - shipped.spite * (0.5 * max(others) + 0.5 * sum(others) / 3)

    assert hand_part(shipped) == pytest.approx(relative("normal"))
    assert full._scores(s, me)[0] == pytest.approx(relative("full"))
    agent.early_turns = (left - 2.0, left - 1.0)  # early: the full set alone
    assert hand_part(agent) == pytest.approx(relative("full"))
    agent.early_turns = (left + 1.0, left + 2.0)  # late: the shipped set alone
    assert hand_part(agent) == pytest.approx(relative("normal"))
    agent.early_turns = (left - 1.0, left + 1.0)  # half way: the mean
    assert hand_part(agent) == pytest.approx(0.5 * relative("full") + 0.5 * relative("normal"))
    assert relative("full") != pytest.approx(relative("normal"))


def _last_round(board: BoardSpec, players: int, seed: int) -> GameState:
    # Random play to the start of a turn in the last round with a seat done playing.
    from concordia.ai.evaluate import remaining_turns
    from concordia.core import new_game

    s = new_game(board, players, seed)
    rng = random.Random(seed)
    while s.phase != Phase.OVER:
        if (
            s.phase == Phase.CARD
            and s.final_turns >= 0
            and any(remaining_turns(s, o) <= 0.0 for o in range(players))
        ):
            return s
        s.apply_in_place(rng.choice(s.legal_actions()))
    raise AssertionError(f"seed {seed}: no last round with a seat done")


def test_exact_end_predicts_the_live_score_of_a_seat_done_playing(
    boards: dict[str, BoardSpec],
) -> None:
    # The knob ``exact_end``: in the last round a seat with no turn left is
    # predicted its live score (the learned value is 8 VP off there), so the lead the
    # endgame term adds is the real one for it; off as shipped.
    from concordia.ai.evaluate import remaining_turns

    s = _last_round(boards["imperium"], 4, 3)
    done = [o for o in range(4) if remaining_turns(s, o) <= 0.0]
    live = [o for o in range(4) if o not in done]
    assert done and live
    plain, exact = _plain_expert(), _plain_expert()
    exact.exact_end = (0.0, 0.0, 1.0, 0.0)
    pred = [plain.learned.value(s, o) for o in range(4)]
    real = [float(s.score_of(o).total) if o in done else pred[o] for o in range(4)]
    assert real != pred  # the learned value is not already the live score
    for seat in range(4):
        want = real[seat] - max(v for o, v in enumerate(real) if o != seat)
        got = exact._scores(s, seat)
        assert got[1] == pytest.approx(real[seat]) and got[2] == pytest.approx(want)
        assert plain._scores(s, seat)[2] == pytest.approx(
            pred[seat] - max(v for o, v in enumerate(pred) if o != seat)
        )
    # Another player count keeps the learned value.
    other = _plain_expert()
    other.exact_end = (1.0, 1.0, 0.0, 1.0)
    assert other._scores(s, live[0]) == plain._scores(s, live[0])


def test_lead_scale_squashes_the_endgame_lead(boards: dict[str, BoardSpec]) -> None:
    # The knob ``lead_scale``: in the endgame term a lead counts as
    # c * tanh(lead / c), so a seat far behind gains little from losing by less (a seat
    # 29 VP behind bought the last card in self-play); near a tie it is the lead; 0 as
    # shipped (the lead itself), and by player count.
    import math

    s = _last_round(boards["imperium"], 4, 3)
    plain, squashed = ExpertV1Agent(), ExpertV1Agent()
    squashed.lead_scale = (0.0, 0.0, 10.0, 0.0)
    none = _plain_expert()
    for seat in range(4):
        base, _pts, _ = none._scores(s, seat)
        lin, _pts, lead = plain._scores(s, seat)
        sq, _pts, lead2 = squashed._scores(s, seat)
        assert lead2 == lead  # the reported lead stays the forecast
        term = lin - base  # near_end * endgame_weight * lead (no game over: no bonus)
        assert term != 0.0
        assert sq - base == pytest.approx(term / lead * 10.0 * math.tanh(lead / 10.0))
        assert abs(sq - base) < abs(term)
    other = ExpertV1Agent()
    other.lead_scale = (10.0, 10.0, 0.0, 10.0)
    assert [other._scores(s, o) for o in range(4)] == [plain._scores(s, o) for o in range(4)]
