"""Final scoring per god, the tie-break, and the optional intermediate scoring."""

from __future__ import annotations

import pytest

from concordia.core import GameState
from tests.core.helpers import (
    add_house,
    add_houses,
    card,
    check,
    discard_from_hand,
    game,
    give_card,
    play,
    set_city_good,
    set_colonists,
    set_goods,
    set_turn,
)

# Starting hand gods: Tribune Mars, Architect + Diplomat Jupiter, 2 Prefects Saturnus,
# Mercator Mercurius, Senator Vesta.


def bare(n: int = 3) -> GameState:
    s = game("imperium", n, seed=8)
    for seat in range(n):
        set_goods(s, seat)
        s.players[seat].money = 0
        set_colonists(s, seat, [])
    return s


def gods(s: GameState, seat: int = 0) -> dict[str, int]:
    return s.score_of(seat).gods


def test_nothing_scores_nothing() -> None:
    s = bare()
    sc = s.score_of(0)
    assert sc.total == 0 and sc.concordia == 0
    assert set(sc.gods) == {"Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva"}


@pytest.mark.parametrize(
    ("money", "goods", "vp"),
    [
        (9, {}, 0),
        (10, {}, 1),
        (19, {}, 1),
        (3, {"cloth": 1}, 1),
        (0, {"brick": 1, "food": 1, "tool": 1, "wine": 1, "cloth": 1}, 2),  # 25
        (5, {"wine": 4}, 2),  # 29
    ],
)
def test_vesta_cash_plus_goods_at_prices_per_ten(
    money: int, goods: dict[str, int], vp: int
) -> None:
    s = bare()
    s.players[0].money = money
    set_goods(s, 0, **goods)
    assert gods(s)["Vesta"] == vp  # one Vesta card: the Senator


def test_vesta_multiplied_by_vesta_cards_hand_and_discard() -> None:
    s = bare()
    s.players[0].money = 35
    discard_from_hand(s, 0, "senator")
    assert gods(s)["Vesta"] == 3


def test_jupiter_non_brick_houses_times_jupiter_cards() -> None:
    s = bare()
    for c, g in (("Aquileia", "brick"), ("Novaria", "wine"), ("Massilia", "food")):
        set_city_good(s, c, g)
    add_houses(s, 0, ["Aquileia", "Novaria", "Massilia"])
    assert gods(s)["Jupiter"] == 2 * 2  # Architect + Diplomat
    give_card(s, 0, "I_architect")
    assert gods(s)["Jupiter"] == 3 * 2


def test_jupiter_at_most_fifteen_per_card() -> None:
    s = bare()
    names = [s.topo.city_names[c] for c in range(1, 16)]
    for name in names:
        set_city_good(s, name, "tool")
        add_house(s, 0, name)
    check(s)
    assert gods(s)["Jupiter"] == 2 * 15


def test_saturnus_worked_example_four_cards_seven_provinces() -> None:
    # Rulebook: four Saturnus cards with houses in seven provinces: 4 x 7 = 28.
    s = bare(4)
    add_houses(
        s,
        0,
        [
            "Londinium",
            "Lutetia",
            "Massilia",
            "Olisipo",
            "Vindobona",
            "Novaria",
            "Aquileia",
            "Carthago",
            "Athenae",
        ],
    )  # Gallia and Italia twice: 7 provinces
    give_card(s, 0, "I_prefect")
    give_card(s, 0, "I_diplomat", discard=True)  # a Saturnus Diplomat
    check(s)
    assert gods(s)["Saturnus"] == 28


@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_saturnus_at_most_the_number_of_provinces(name: str) -> None:
    s = game(name, 3, seed=8)
    for cities in s.topo.province_cities:
        add_house(s, 0, s.topo.city_names[cities[0]])
    assert gods(s)["Saturnus"] == 2 * (12 if name == "imperium" else 11)


def test_mercurius_two_per_kind_of_good_max_ten() -> None:
    s = bare()
    for c, g in (("Aquileia", "brick"), ("Novaria", "brick"), ("Massilia", "food")):
        set_city_good(s, c, g)
    add_houses(s, 0, ["Aquileia", "Novaria", "Massilia"])
    assert gods(s)["Mercurius"] == 4
    for c, g in (
        ("Vindobona", "tool"),
        ("Lutetia", "wine"),
        ("Londinium", "cloth"),
        ("Olisipo", "cloth"),
    ):
        set_city_good(s, c, g)
        add_house(s, 0, c)
    assert gods(s)["Mercurius"] == 10


@pytest.mark.parametrize(("cols", "vp"), [(0, 0), (1, 2), (2, 4), (6, 12)])
def test_mars_two_per_colonist_on_the_board(cols: int, vp: int) -> None:
    s = bare()
    where = [("land", "roma")] * min(3, cols) + [("sea", "roma")] * max(0, cols - 3)
    set_colonists(s, 0, where)
    assert gods(s)["Mars"] == vp  # the Tribune
    give_card(s, 0, "I_colonist")
    assert gods(s)["Mars"] == 2 * vp


def test_minerva_printed_vp_times_own_houses_of_its_good() -> None:
    s = bare()
    for c, g in (
        ("Aquileia", "food"),
        ("Novaria", "food"),
        ("Massilia", "cloth"),
        ("Vindobona", "wine"),
    ):
        set_city_good(s, c, g)
    add_houses(s, 0, ["Aquileia", "Novaria", "Massilia", "Vindobona"])
    add_house(s, 1, "Syracusae")
    give_card(s, 0, "I_farmer")
    give_card(s, 0, "II_weaver", discard=True)
    assert gods(s)["Minerva"] == 3 * 2 + 5 * 1
    assert gods(s, 1)["Minerva"] == 0


def test_total_is_the_sum() -> None:
    s = bare()
    s.players[0].money = 20
    set_colonists(s, 0, [("land", "roma")])
    set_city_good(s, "Massilia", "cloth")
    add_house(s, 0, "Massilia")
    sc = s.score_of(0)
    assert sc.gods == {
        "Vesta": 2,
        "Jupiter": 2,
        "Saturnus": 2,
        "Mercurius": 2,
        "Mars": 2,
        "Minerva": 0,
    }
    assert sc.total == 10
    assert [x.total for x in s.scores()] == [10, 0, 0]


# ------------------------------------------------------------------ tie-break
def test_tie_broken_by_the_praefectus_magnus_holder_then_the_next_to_receive_it() -> None:
    s = bare(4)
    assert [sc.total for sc in s.scores()] == [0, 0, 0, 0]
    s.praefectus = 2
    assert s.ranking() == (2, 1, 0, 3)  # it passes to the right: 2 -> 1 -> 0 -> 3
    s.praefectus = 0
    assert s.ranking() == (0, 3, 2, 1)


def test_points_before_tie_break() -> None:
    s = bare(3)
    s.praefectus = 0
    s.players[2].money = 10
    s.players[1].money = 10
    # seats 1 and 2 tie; the holder (0) would pass it to 2 first
    assert s.ranking() == (2, 1, 0)
    assert s.outcome().winner == 2


# ------------------------------------------------------------------ intermediate scoring
def first_tribunes(vps: list[int], option: bool = True) -> list[int]:
    """Money won when every seat plays its first Tribune with ``vps[seat]`` VP (from
    Vesta: 10 sestertii per VP with the one Senator; nothing else scores)."""
    n = len(vps)
    s = game("imperium", n, seed=8, intermediate_scoring=option)
    for seat, vp in enumerate(vps):
        set_goods(s, seat)  # no colonist purchase: the Tribune ends the turn
        set_colonists(s, seat, [])
        s.players[seat].money = 10 * vp
    for seat in range(n):
        set_turn(s, seat)
        assert s.score_of(seat).total == vps[seat]
        s = play(s, "play tribune")
    return [p.money - 10 * vp for p, vp in zip(s.players, vps, strict=True)]


def test_intermediate_scoring_two_and_one_to_the_best_two() -> None:
    assert first_tribunes([1, 3, 0, 2]) == [0, 2, 0, 1]


def test_intermediate_scoring_only_when_all_have_done_it() -> None:
    s = game("imperium", 3, seed=8, intermediate_scoring=True)
    add_house(s, 0, "Massilia")
    set_goods(s, 0)
    money = s.players[0].money
    s = play(s, "play tribune")
    assert s.players[0].money == money  # the others have not scored yet


def test_intermediate_scoring_shared_first_place() -> None:
    # tied seats each get the reward of the place they share; no second place then
    assert first_tribunes([2, 2, 1]) == [2, 2, 0]


def test_intermediate_scoring_shared_second_place() -> None:
    assert first_tribunes([3, 1, 1, 0]) == [2, 1, 1, 0]


def test_intermediate_scoring_off_by_default() -> None:
    assert first_tribunes([1, 3, 0, 2], option=False) == [0, 0, 0, 0]


def test_intermediate_scoring_happens_once() -> None:
    s = game("italia", 2, seed=8, intermediate_scoring=True)
    for seat in range(2):
        set_goods(s, seat)
    add_house(s, 0, "Genua")
    s = play(s, "play tribune", "play tribune")
    assert s.players[0].money == 5 + 2 and s.players[1].money == 6 + 1
    s = play(s, "play tribune", "play tribune")
    assert s.players[0].money == 7 and s.players[1].money == 7


def test_intermediate_score_is_taken_at_the_first_tribune_not_later() -> None:
    s = game("italia", 2, seed=8, intermediate_scoring=True)
    for seat in range(2):
        set_goods(s, seat)
    add_house(s, 0, "Genua")
    s = play(s, "play tribune")  # seat 0 scores with one house
    for name in ("Comum", "Segusio", "Nicaea"):
        add_house(s, 1, name)  # seat 1 is ahead when it plays its first Tribune
    assert card("tribune") in s.players[1].hand
    s = play(s, "play tribune")
    assert s.players[1].money == 6 + 2 and s.players[0].money == 5 + 1
