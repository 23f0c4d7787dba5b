"""Property tests: random legal games on both boards and every player count.

Each example plays one whole game with random legal actions (and random options) and
checks, along the way, the bounds and conservation laws of the rules, the purity of
``apply``, the notation, snapshots, records, ``cost``, the hidden-information view and
``redeal``. The long sweep over many games is marked slow.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from concordia.core import (
    Build,
    BuyCard,
    Cash,
    GameRecord,
    GameState,
    Move,
    Place,
    Trade,
    parse_action,
    replay,
)
from concordia.core.data import CARDS, GOODS
from tests.core.helpers import board, game
from tests.hypothesis_profiles import examples

CONFIGS = [(b, n) for b in ("imperium", "italia") for n in (2, 3, 4, 5)]
STEP_CAP = 10_000  # random games observed: 230 to 2400 steps
DECK_ORDER = ("I", "II", "III", "IV", "V")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries({"intermediate_scoring": st.booleans(), "no_goods": st.booleans()})
SETTINGS = settings(
    max_examples=examples(3),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# One whole game per example, for each of the eight set-ups.
PER_CONFIG = settings(SETTINGS, max_examples=examples(1, spread=len(CONFIGS)))


def all_cards(s: GameState) -> Counter[int]:
    cards = Counter(c for c in s.display if c is not None)
    cards.update(s.deck)
    for p in s.players:
        cards.update(p.hand)
        cards.update(p.discard)
    return cards


def check_invariants(s: GameState, cards: Counter[int]) -> None:
    nc = s.topo.num_cities
    occ = [0] * s.topo.num_routes
    for p in s.players:
        assert p.money >= 0
        assert all(g >= 0 for g in p.goods)
        if not (s.phase == "overflow" and p.seat in s._overflow):
            assert p.used_space() <= 12
        for k in (0, 1):
            on_board = sum(1 for kk, _ in p.cols if kk == k)
            assert p.store[k] >= 0
            assert p.store[k] + on_board == 3  # 3 land + 3 sea, none lost or made
        for k, loc in p.cols:
            if loc >= nc:
                occ[loc - nc] += 1
                assert s.topo.route_kind[loc - nc] == k
        built = sum(1 for m in s.houses if m >> p.seat & 1)
        assert built + p.houses_left == 15 and p.houses_left >= 0
        assert s.topo.capital not in [c for c in range(nc) if s.houses[c] >> p.seat & 1]
        assert s.players[p.seat].hand == sorted(p.hand)
    assert occ == s.route_occ
    assert max(occ, default=0) <= 1
    assert all_cards(s) == cards
    assert len(s.display) <= 7
    if s.phase not in ("senator", "consul"):
        assert None not in s.display
    if s.is_terminal():
        assert s.current_player is None and s.legal_actions() == ()
        assert s.concordia is not None
    else:
        assert s.current_player in range(s.num_players)
        assert s.legal_actions()


def check_cost(s: GameState, t: GameState, a: Any) -> None:
    """``cost(a)`` is what the actor actually paid (or received) for ``a``."""
    if not isinstance(a, Build | BuyCard | Place | Trade | Move | Cash):
        return
    me = s.current_player
    assert me is not None
    c = s.cost(a)
    if isinstance(a, Move):
        assert s.points - t.points == c.points
        return
    before, after = s.players[me], t.players[me]
    assert before.money - after.money == c.money
    paid = {g: before.goods[i] - after.goods[i] for i, g in enumerate(GOODS)}
    assert {g: n for g, n in paid.items() if n} == {g: n for g, n in c.goods_dict().items() if n}


def check_view_and_redeal(s: GameState, rng: random.Random) -> None:
    d = s.to_dict()
    for seat in (None, *range(s.num_players)):
        v = s.view_for(seat)
        vd = v.to_dict()
        assert v.deck_hidden
        assert Counter(vd.pop("deck")) == Counter(d["deck"])
        assert vd.pop("deck_hidden") is True
        assert vd == {k: x for k, x in d.items() if k not in ("deck", "deck_hidden")}
        v.legal_actions()
    for src in (s, s.view_for(0)):
        r = src.redeal(random.Random(rng.random()))
        assert Counter(r.deck) == Counter(s.deck)
        ranks = [DECK_ORDER.index(CARDS[c].deck) for c in r.deck]
        assert ranks == sorted(ranks, reverse=True)  # deck I on top (the end of the list)
        rd = r.to_dict()
        assert {k: x for k, x in rd.items() if k != "deck" and k != "deck_hidden"} == {
            k: x for k, x in src.to_dict().items() if k != "deck" and k != "deck_hidden"
        }
    assert s.to_dict() == d


def roundtrip(s: GameState) -> None:
    text = json.dumps(s.to_dict(), sort_keys=True)
    back = GameState.from_dict(json.loads(text), s.board)
    assert back == s
    assert json.dumps(back.to_dict(), sort_keys=True) == text
    assert back.legal_actions() == s.legal_actions()


def full_game(
    board_name: str,
    n: int,
    seed: int,
    play_seed: int,
    opts: dict[str, bool],
    *,
    thorough: bool = True,
) -> tuple[GameState, list[str]]:
    """Play one random game, checking everything along the way."""
    s = game(board_name, n, seed, **opts)
    rng = random.Random(play_seed)
    cards = all_cards(s)
    ranks = [DECK_ORDER.index(CARDS[c].deck) for c in s.deck]
    assert ranks == sorted(ranks, reverse=True)
    texts: list[str] = []
    while not s.is_terminal():
        assert len(texts) < STEP_CAP, "the game did not end"
        acts = s.legal_actions()
        assert acts and len(set(acts)) == len(acts)
        if thorough:
            for a in acts:
                assert parse_action(str(a)) == a
        check_invariants(s, cards)
        a = rng.choice(acts)
        before = s.to_dict() if thorough else None
        if thorough and rng.random() < 0.05:
            for other in acts:  # every listed action applies
                check_invariants(s.apply(other), cards)
        t = s.apply(a)
        if before is not None:
            assert s.to_dict() == before  # the state you hold is unchanged
        check_cost(s, t, a)
        assert t.step == s.step + 1
        texts.append(str(a))
        s = t
        if thorough and len(texts) % 97 == 0:
            roundtrip(s)
            check_view_and_redeal(s, rng)
    check_invariants(s, cards)
    roundtrip(s)
    # a record of the actions replays to an equal state
    rec = GameRecord(board=board_name, num_players=n, seed=seed, options=dict(opts), actions=texts)
    rec2 = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert replay(rec2, board(board_name)) == s
    return s, texts


@pytest.mark.parametrize(("board_name", "n"), CONFIGS)
@PER_CONFIG
@given(seed=seeds, play_seed=seeds, opts=options)
def test_random_games(
    board_name: str, n: int, seed: int, play_seed: int, opts: dict[str, bool]
) -> None:
    s, texts = full_game(board_name, n, seed, play_seed, opts)
    assert len(texts) == s.step
    out = s.outcome()
    assert sorted(out.ranking) == list(range(n))
    assert all(sc.total == sum(sc.gods.values()) + sc.concordia for sc in out.scores)
    assert sum(sc.concordia for sc in out.scores) == 7


@SETTINGS
@given(seed=seeds, play_seed=seeds, opts=options, config=st.sampled_from(CONFIGS))
def test_same_seed_and_actions_same_game(
    seed: int, play_seed: int, opts: dict[str, bool], config: tuple[str, int]
) -> None:
    board_name, n = config
    a = game(board_name, n, seed, **opts)
    b = game(board_name, n, seed, **opts)
    rng = random.Random(play_seed)
    steps = 0
    while not a.is_terminal() and steps < 300:
        act = rng.choice(a.legal_actions())
        assert a.legal_actions() == b.legal_actions()
        a.apply_in_place(act)
        b = b.apply(parse_action(str(act), b))
        steps += 1
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)


@SETTINGS
@given(seed=seeds, play_seed=seeds, config=st.sampled_from(CONFIGS))
def test_apply_in_place_equals_apply(seed: int, play_seed: int, config: tuple[str, int]) -> None:
    s = game(config[0], config[1], seed)
    rng = random.Random(play_seed)
    for _ in range(200):
        if s.is_terminal():
            break
        a = rng.choice(s.legal_actions())
        t = s.apply(a)
        u = s.copy()
        u.apply_in_place(a)
        assert u == t and s.apply_unchecked(a) == t
        s = t


@pytest.mark.slow
@pytest.mark.parametrize(("board_name", "n"), CONFIGS)
def test_long_random_sweep(board_name: str, n: int) -> None:
    rng = random.Random(f"sweep/{board_name}/{n}")
    for _ in range(60):
        opts = {"intermediate_scoring": rng.random() < 0.5, "no_goods": rng.random() < 0.5}
        full_game(
            board_name,
            n,
            rng.getrandbits(32),
            rng.getrandbits(32),
            opts,
            thorough=rng.random() < 0.2,
        )
