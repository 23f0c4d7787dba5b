"""Prefect: make a province produce, or take the cash bonus; the Praefectus Magnus."""

from __future__ import annotations

import pytest

from concordia.core import Cash, GameState, Produce
from concordia.core.data import MARKER_COINS
from tests.core.helpers import (
    add_house,
    check,
    game,
    goods_of,
    play,
    province,
    set_city_good,
    set_goods,
    set_turn,
)


def syria() -> GameState:
    """Rulebook example, turn 2: Syria shows cloth; red (seat 0) and blue (seat 1) have a
    house in the food city, yellow (seat 2) in the cloth city."""
    s = game("imperium", 4, seed=3)
    set_city_good(s, "Antiochia", "food")
    set_city_good(s, "Tyros", "cloth")
    add_house(s, 0, "Antiochia")
    add_house(s, 1, "Antiochia")
    add_house(s, 2, "Tyros")
    for seat in range(4):
        set_goods(s, seat)
    check(s)
    return s


def test_syria_example_every_house_produces_the_actor_takes_the_bonus() -> None:
    s = syria()
    assert s.province_good("syria") == "cloth"
    s = play(s, "play prefect")
    assert s.phase == "prefect"
    s = play(s, "produce syria")
    assert goods_of(s, 0) == {"food": 1, "cloth": 1}  # own house + the bonus
    assert goods_of(s, 1) == {"food": 1}  # opponents' houses produce too
    assert goods_of(s, 2) == {"cloth": 1}
    assert goods_of(s, 3) == {}
    assert not s.marker_active("syria")
    assert s.current_player == 1
    assert s.praefectus == 3  # not the holder: nothing changes


def test_province_without_houses_may_produce_the_bonus_only() -> None:
    s = game("imperium", 4, seed=3)
    set_goods(s, 0)
    g = s.province_good("gallia")
    s = play(s, "play prefect", "produce gallia")
    assert goods_of(s, 0) == {g: 1}
    assert all(p.goods == s.players[1].goods for p in s.players[1:])


def test_flipped_province_is_not_offered() -> None:
    s = syria()
    s.markers[province(s, "Syria")] = False
    s = play(s, "play prefect")
    acts = s.legal_actions()
    assert Produce("syria") not in acts
    assert Produce("gallia") in acts and Cash() in acts
    assert len(acts) == s.topo.num_provinces  # 11 provinces + cash


def test_praefectus_magnus_doubles_the_bonus_only_and_passes_right() -> None:
    s = syria()
    set_turn(s, 3)
    add_house(s, 3, "Tyros")
    assert s.praefectus == 3
    s = play(s, "play prefect", "produce syria")
    assert goods_of(s, 3) == {"cloth": 3}  # 2 bonus + 1 from the house (not doubled)
    assert goods_of(s, 0) == {"food": 1}
    assert s.praefectus == 2  # to the right: the previous seat


def test_praefectus_magnus_passes_from_seat_0_to_the_last_seat() -> None:
    s = game("imperium", 3, seed=3)
    s.praefectus = 0
    set_goods(s, 0)
    g = s.province_good("dacia")
    s = play(s, "play prefect", "produce dacia")
    assert goods_of(s, 0) == {g: 2}
    assert s.praefectus == 2


def test_cash_sums_the_coins_on_flipped_markers_and_flips_all_back() -> None:
    # Rulebook example: with 6 coins visible the Prefect takes 6 sestertii.
    s = game("imperium", 4, seed=3)
    for name, good in (("Gallia", "wine"), ("Hispania", "tool"), ("Dacia", "food")):
        for c in s.topo.province_cities[province(s, name)]:
            set_city_good(s, s.topo.city_slugs[c], good)
        s.markers[province(s, name)] = False
    assert sum(MARKER_COINS[g] for g in ("wine", "tool", "food")) == 6
    money = s.players[0].money
    s = play(s, "play prefect")
    assert s.cost(Cash()).money == -6
    s = play(s, "cash")
    assert s.players[0].money == money + 6
    assert all(s.markers)


def test_cash_with_a_cloth_marker_counts_its_one_coin() -> None:
    s = game("imperium", 4, seed=3)
    for c in s.topo.province_cities[province(s, "Syria")]:
        set_city_good(s, s.topo.city_slugs[c], "cloth")
    s.markers[province(s, "Syria")] = False
    s = play(s, "play prefect")
    assert s.cost(Cash()).money == -MARKER_COINS["cloth"]


def test_cash_with_nothing_flipped_pays_nothing() -> None:
    s = game("imperium", 4, seed=3)
    money = s.players[0].money
    s = play(s, "play prefect", "cash")
    assert s.players[0].money == money


def test_cash_neither_doubles_nor_passes_the_praefectus_magnus() -> None:
    s = game("imperium", 4, seed=3)
    set_turn(s, 3)
    s.markers[0] = False
    s.markers[1] = False
    coins = s.marker_coins(s.topo.province_slugs[0]) + s.marker_coins(s.topo.province_slugs[1])
    money = s.players[3].money
    s = play(s, "play prefect", "cash")
    assert s.players[3].money == money + coins
    assert s.praefectus == 3


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_production_for_opponents_who_are_not_the_actor(seat: int) -> None:
    s = syria()
    set_turn(s, seat)
    s = play(s, "play prefect", "produce syria")
    expected = {0: {"food": 1}, 1: {"food": 1}, 2: {"cloth": 1}}
    for other in range(3):
        want = dict(expected[other])
        if other == seat:
            want["cloth"] = want.get("cloth", 0) + 1
        assert goods_of(s, other) == want
