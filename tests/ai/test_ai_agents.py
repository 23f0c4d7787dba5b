"""Agents: legal actions over whole games, determinism, no peeking at the deck."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest

from concordia.ai import Limit, make_agent
from concordia.ai.base import default_limit, fallback_action
from concordia.ai.play import play_game
from concordia.ai.registry import LEVELS
from concordia.core import BoardSpec, GameState

Position = Callable[[BoardSpec, int, int, int], GameState]
COUNTS = (2, 3, 4, 5)
FAST = Limit(iterations=2)


# Two of the eight games in the default run (a whole game each), all in the slow stage.
@pytest.mark.parametrize(
    ("board_name", "players"),
    [
        (board, n) if (board, n) in (("imperium", 2), ("italia", 3)) else
        pytest.param(board, n, marks=pytest.mark.slow)
        for board in ("imperium", "italia")
        for n in COUNTS
    ],
)  # fmt: skip
def test_easy_beats_random_in_whole_games(
    boards: dict[str, BoardSpec], board_name: str, players: int
) -> None:
    # Easy on the even seats, random on the odd ones; play_game raises
    # IllegalActionError on any illegal choice. Measured: every easy seat scores at
    # least 50 VP more than every random seat in these eight games.
    agents = ["easy" if s % 2 == 0 else "random" for s in range(players)]
    g = play_game(boards[board_name], agents, seed=players)
    assert g.state.phase == "over"
    totals = [score.total for score in g.state.scores()]
    easy, rand = totals[0::2], totals[1::2]
    assert g.state.ranking()[0] % 2 == 0, f"a random seat won: {totals}"
    assert min(easy) > max(rand), f"a random seat outscored an easy one: {totals}"


@pytest.mark.parametrize(
    ("board_name", "players"), [("imperium", 5), ("italia", 2), ("italia", 3), ("imperium", 4)]
)
def test_normal_and_hard_play_legally(
    boards: dict[str, BoardSpec], board_name: str, players: int
) -> None:
    # The first 50 actions of a game (the slow test plays whole games on every setup).
    agents = ["hard" if s == 0 else "normal" if s == 1 else "random" for s in range(players)]
    g = play_game(
        boards[board_name], agents, seed=players, limits=Limit(iterations=1), max_steps=50
    )
    assert len(g.actions) == 50 or g.state.phase == "over"


@pytest.mark.slow
@pytest.mark.parametrize("board_name", ["imperium", "italia"])
@pytest.mark.parametrize("players", COUNTS)
def test_normal_and_hard_play_whole_games(
    boards: dict[str, BoardSpec], board_name: str, players: int
) -> None:
    agents = ["hard" if s == 0 else "normal" for s in range(players)]
    g = play_game(boards[board_name], agents, seed=players, limits=FAST)
    assert g.state.phase == "over"


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choice(
    boards: dict[str, BoardSpec], position: Position, level: str
) -> None:
    s = position(boards["imperium"], 4, 11, 60)
    seat = s.current_player
    assert seat is not None
    choices = {
        make_agent(level).choose(
            s.view_for(seat), Limit(iterations=6), random.Random(5), threading.Event()
        )
        for _ in range(2)
    }
    assert len(choices) == 1
    assert choices.pop() in s.legal_actions()


# Every level at one position in the default run; the searching levels' second
# position (each a search twice over) in the slow stage.
@pytest.mark.parametrize(
    ("level", "seed"),
    [
        pytest.param(level, seed, marks=pytest.mark.slow)
        if seed == 8 and level not in ("random", "easy", "normal") else (level, seed)
        for seed in (3, 8)
        for level in LEVELS
    ],
)  # fmt: skip
def test_choice_ignores_hidden_deck_order(
    boards: dict[str, BoardSpec], position: Position, level: str, seed: int
) -> None:
    real = position(boards["imperium"], 4, seed, 40)
    permuted = real.redeal(random.Random(99))  # same position, deck shuffled in numerals
    assert permuted.deck != real.deck
    assert sorted(permuted.deck) == sorted(real.deck)
    seat = real.current_player
    assert seat is not None
    picks = [
        make_agent(level).choose(
            st.view_for(seat), Limit(iterations=6), random.Random(1), threading.Event()
        )
        for st in (real, permuted)
    ]
    assert picks[0] == picks[1]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_cancelled_agent_returns_a_legal_action_fast(
    boards: dict[str, BoardSpec], position: Position, level: str
) -> None:
    s = position(boards["imperium"], 4, 5, 80)
    seat = s.current_player
    assert seat is not None
    cancel = threading.Event()
    cancel.set()
    a = make_agent(level).choose(s.view_for(seat), Limit(time_s=30), random.Random(0), cancel)
    assert a in s.legal_actions()


def test_agents_replay_their_plan_only_where_legal(boards: dict[str, BoardSpec]) -> None:
    # One agent object for every seat: the plan cache must never leak across seats.
    agent = make_agent("normal")
    g = play_game(boards["italia"], [agent, agent, agent], seed=4, max_steps=80)
    assert len(g.actions) == 80 or g.state.phase == "over"


def test_registry_levels_limits_and_fallback(boards: dict[str, BoardSpec]) -> None:
    for level in LEVELS:
        assert make_agent(level).name == level
        assert default_limit(level).time_s is not None
    with pytest.raises(KeyError):
        make_agent("grandmaster")
    s = play_game(boards["imperium"], ["random"] * 3, seed=1, max_steps=10).state
    assert fallback_action(s) in s.legal_actions()


def test_paced_remaining_turns_follow_the_cards_bought(boards: dict[str, BoardSpec]) -> None:
    # ``Weights.paced`` (the "full_paced" weight set): the turns left are
    # read off the cards bought per turn so far instead of an assumed 0.30.
    from concordia.ai.evaluate import WEIGHTS_BY_NAME, evaluate, remaining_turns
    from concordia.core import new_game

    s = new_game(boards["imperium"], 4, 5)
    seat = s.current_player
    assert seat is not None
    # Before anyone has played, the pace is the assumed one.
    assert remaining_turns(s, seat, paced=True) == remaining_turns(s, seat)
    fast, slow = s.copy(), s.copy()
    for p in fast.players:  # 8 turns each, 4 cards bought each: 0.5 a turn
        p.turns = 8
        p.discard.extend(fast.deck[:4])
    del fast.deck[:16]
    for p in slow.players:  # 8 turns each, nothing bought
        p.turns = 8
    base_fast, base_slow = remaining_turns(fast, seat), remaining_turns(slow, seat)
    assert remaining_turns(fast, seat, paced=True) < base_fast
    assert base_slow < remaining_turns(slow, seat, paced=True) <= 2 * base_slow
    # The weight sets: only full_paced reads the pace.
    assert WEIGHTS_BY_NAME["full_paced"].paced
    assert not any(WEIGHTS_BY_NAME[k].paced for k in ("easy", "normal", "full"))
    assert evaluate(fast, seat, WEIGHTS_BY_NAME["full_paced"]) != evaluate(
        fast, seat, WEIGHTS_BY_NAME["full"]
    )


def _own_the_cities_next_to_colonists(s: GameState, seat: int) -> None:
    # Every city next to one of ``seat``'s colonists becomes its house, so the cities
    # the evaluation counts as its next ones are all an Architect step or more away.
    from concordia.ai.evaluate import static_for

    st = static_for(s.topo)
    for kind, loc in s.players[seat].cols:
        for c, d in enumerate(st.steps_to_city[kind][loc]):
            if d == 0 and c != st.capital:
                s.houses[c] |= 1 << seat


def test_need_steps_counts_the_goods_of_cities_further_away(boards: dict[str, BoardSpec]) -> None:
    # ``Weights.need_steps`` (the "normal_need1" set): once the cities next
    # to a seat's colonists are its own, the goods of the houses one Architect step
    # further count as needed; the shipped sets count only cities next to a colonist.
    from dataclasses import replace

    from concordia.ai.evaluate import NORMAL, WEIGHTS_BY_NAME, evaluate
    from concordia.core import new_game

    s = new_game(boards["imperium"], 4, 5)
    seat = s.current_player
    assert seat is not None
    p = s.players[seat]
    _own_the_cities_next_to_colonists(s, seat)
    p.goods = [3] * len(p.goods)
    near = evaluate(s, seat, NORMAL)
    far = evaluate(s, seat, WEIGHTS_BY_NAME["normal_need1"])
    assert far > near
    assert evaluate(s, seat, replace(NORMAL, need_steps=0)) == near
    p.goods = [0] * len(p.goods)  # nothing held: nothing more to count
    assert evaluate(s, seat, WEIGHTS_BY_NAME["normal_need1"]) == evaluate(s, seat, NORMAL)
    assert all(WEIGHTS_BY_NAME[k].need_steps == 0 for k in ("easy", "normal", "full"))


def test_normal_reach_values_far_cities_as_the_full_set_does(
    boards: dict[str, BoardSpec],
) -> None:
    # "normal_reach" (a screening run): the normal weights but for the decay per
    # Architect step to an unbuilt city, the full set's; so a colonist one step away
    # from the seat's next cities is worth more than with the normal set.
    from dataclasses import replace

    from concordia.ai.evaluate import NORMAL, WEIGHTS_BY_NAME, Weights, evaluate
    from concordia.core import new_game

    reach = WEIGHTS_BY_NAME["normal_reach"]
    assert reach == replace(NORMAL, target_decay=Weights().target_decay)
    assert reach.target_decay > NORMAL.target_decay
    s = new_game(boards["imperium"], 4, 5)
    seat = s.current_player
    assert seat is not None
    _own_the_cities_next_to_colonists(s, seat)
    assert evaluate(s, seat, reach) > evaluate(s, seat, NORMAL)
