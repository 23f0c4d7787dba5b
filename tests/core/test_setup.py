"""Setup (rulebook, "Preparation") and the start-without-goods variant."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from concordia.core import ConcordiaError, Finish, Trade, new_game
from concordia.core.data import CARD_BY_ID, CARDS, CITY_TOKENS, GOOD_INDEX, GOODS, STARTING_HAND
from tests.core.helpers import board, game, legal, play

BOARDS = ("imperium", "italia")
COUNTS = (2, 3, 4, 5)


@pytest.mark.parametrize("n", COUNTS)
def test_money_by_seat(n: int) -> None:
    s = game("imperium", n, seed=3)
    assert [p.money for p in s.players] == [5 + i for i in range(n)]


@pytest.mark.parametrize("n", COUNTS)
def test_no_goods_variant_money_and_empty_storehouse(n: int) -> None:
    s = game("italia", n, seed=3, no_goods=True)
    assert [p.money for p in s.players] == [25 + i for i in range(n)]
    assert all(p.goods == [0] * 5 for p in s.players)
    assert all(p.store == [2, 2] for p in s.players)


def test_starting_goods_colonists_and_houses() -> None:
    s = game("imperium", 4, seed=1)
    roma = s.topo.capital
    for p in s.players:
        assert dict(zip(GOODS, p.goods, strict=True)) == {
            "brick": 1,
            "food": 2,
            "tool": 1,
            "wine": 1,
            "cloth": 1,
        }
        assert p.store == [2, 2]
        assert p.cols == [(0, roma), (1, roma)]
        assert p.houses_left == 15
        assert p.used_space() == 10
        assert p.discard == []
        assert sorted(CARDS[c].id for c in p.hand) == sorted(STARTING_HAND)
        assert len(p.hand) == 7
    assert s.houses == [0] * s.topo.num_cities
    assert s.route_occ == [0] * s.topo.num_routes


@pytest.mark.parametrize("n", COUNTS)
def test_praefectus_magnus_to_last_seat_and_seat_0_starts(n: int) -> None:
    s = game("imperium", n, seed=5)
    assert s.praefectus == n - 1
    assert s.current_player == 0
    assert s.phase == "card"


@pytest.mark.parametrize(
    ("n", "decks"), [(2, "I II"), (3, "I II III"), (4, "I II III IV"), (5, "I II III IV V")]
)
def test_decks_used_by_player_count(n: int, decks: str) -> None:
    s = game("italia", n, seed=11)
    market = [c for c in s.display if c is not None] + s.deck
    used = set(decks.split())
    assert Counter(CARDS[c].deck for c in market) == Counter(
        c.deck for c in CARDS if c.deck in used
    )
    assert len(market) == len(set(market))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n", COUNTS)
def test_display_all_from_deck_i_and_stack_ordered(seed: int, n: int) -> None:
    s = game("imperium", n, seed=seed)
    assert len(s.display) == 7
    assert all(CARDS[c].deck == "I" for c in s.display)  # type: ignore[index]
    # The draw pile (top last) holds the 8th deck I card on top, then II, III, ...
    numerals = [CARDS[c].deck for c in reversed(s.deck)]
    assert numerals[0] == "I"
    order = ["I", "II", "III", "IV", "V"]
    ranks = [order.index(d) for d in numerals]  # type: ignore[arg-type]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("seed", range(5))
def test_city_tokens_per_letter(name: str, seed: int) -> None:
    s = game(name, 3, seed=seed)
    topo = s.topo
    assert s.city_goods[topo.capital] == -1
    for letter, tokens in CITY_TOKENS.items():
        cities = [c for c in range(topo.num_cities) if topo.city_letter[c] == letter]
        dealt = Counter(GOODS[s.city_goods[c]] for c in cities)
        # every city of the letter gets one token of that letter's set
        assert all(dealt[g] <= tokens[g] for g in dealt)
        assert sum(dealt.values()) == len(cities)
        if len(cities) == sum(tokens.values()):
            assert dealt == Counter(tokens)


def test_city_tokens_are_shuffled_by_seed() -> None:
    assert len({game("imperium", 4, seed=k).city_goods for k in range(8)}) > 1


@pytest.mark.parametrize("name", BOARDS)
def test_marker_shows_most_valuable_good_of_province(name: str) -> None:
    s = game(name, 4, seed=9)
    for i, cities in enumerate(s.topo.province_cities):
        best = max(s.city_goods[c] for c in cities)
        assert s.province_goods[i] == best
        assert s.province_good(s.topo.province_slugs[i]) == GOODS[best]
    assert all(s.markers)


@pytest.mark.parametrize("n", [1, 6, 0])
def test_player_count_out_of_range(n: int) -> None:
    with pytest.raises(ConcordiaError):
        new_game(board("imperium"), num_players=n, seed=0)


def test_same_seed_same_setup() -> None:
    a = game("imperium", 5, seed=123)
    b = game("imperium", 5, seed=123)
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
    assert a.to_dict() != game("imperium", 5, seed=124).to_dict()


# ------------------------------------------------- start without goods: first-turn purchase
def test_no_goods_first_turn_purchase_any_kinds_then_a_card() -> None:
    s = game("imperium", 3, seed=2, no_goods=True)
    assert s.phase == "first_buy"
    assert s.current_player == 0
    acts = s.legal_actions()
    assert Finish() in acts
    assert not any(isinstance(a, Trade) and a.amount < 0 for a in acts)  # nothing to sell
    # 25 sestertii, 8 free spaces: food up to min(8, 25 // 4) = 6
    assert Trade("food", 6) in acts and Trade("food", 7) not in acts
    s = play(s, "trade food +2", "trade tool +1", "trade brick +1")
    assert s.players[0].money == 25 - 8 - 5 - 3
    assert s.players[0].goods == [1, 2, 1, 0, 0]
    assert s.phase == "first_buy"  # more than two kinds may be bought
    assert "trade food +1" not in legal(s)  # each kind once
    s = play(s, "finish")
    assert s.phase == "card" and s.current_player == 0
    s = play(s, "play prefect", "cash")
    assert s.current_player == 1 and s.phase == "first_buy"


def test_no_goods_purchase_only_on_the_first_turn() -> None:
    s = game("italia", 2, seed=2, no_goods=True)
    s = play(s, "finish", "play prefect", "cash", "finish", "play prefect", "cash")
    assert s.current_player == 0
    assert s.phase == "card"


def test_card_ids_are_known() -> None:
    assert all(c in CARD_BY_ID for c in STARTING_HAND)
    assert set(GOOD_INDEX) == set(GOODS)
