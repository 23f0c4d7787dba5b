"""Architect: move colonists (points = own colonists on the board), then build."""

from __future__ import annotations

import pytest

from concordia.core import Build, GameState, IllegalActionError, Move
from tests.core.helpers import (
    add_house,
    add_houses,
    check,
    game,
    legal,
    play,
    route,
    set_city_good,
    set_colonists,
    set_goods,
)


def moves(s: GameState) -> list[Move]:
    return [a for a in s.legal_actions() if isinstance(a, Move)]


def builds(s: GameState) -> list[str]:
    return [a.city for a in s.legal_actions() if isinstance(a, Build)]


def base(n: int = 4) -> GameState:
    s = game("imperium", n, seed=7)
    for c, g in (
        ("Aquileia", "brick"),
        ("Massilia", "cloth"),
        ("Novaria", "wine"),
        ("Vindobona", "food"),
        ("Colonia Agrippina", "tool"),
        ("Syracusae", "tool"),
    ):
        set_city_good(s, c, g)
    return s


@pytest.mark.parametrize("cols", [1, 2, 3, 5])
def test_points_equal_colonists_on_the_board(cols: int) -> None:
    s = base()
    where = [("land", "roma")] * min(cols, 3) + [("sea", "roma")] * max(0, cols - 3)
    set_colonists(s, 0, where)
    check(s)
    s = play(s, "play architect")
    assert s.phase == "architect" and s.points == cols


def test_first_step_enters_an_adjacent_route_of_the_colonists_kind() -> None:
    s = base()
    set_colonists(s, 0, [("land", "roma")])  # one point
    s = play(s, "play architect")
    assert {(m.kind, m.dst) for m in moves(s)} == {
        ("land", "aquileia-roma"),
        ("land", "novaria-roma"),
        ("land", "roma-syracusae"),
    }


def test_sea_colonists_use_sea_routes_and_land_colonists_land_routes() -> None:
    s = base()
    set_colonists(s, 0, [("land", "roma"), ("sea", "roma"), ("sea", "roma")])
    s = play(s, "play architect")
    assert s.points == 3
    topo = s.topo
    ms = moves(s)
    assert ms
    for m in ms:
        kind = 0 if m.kind == "land" else 1
        r = topo.route_by_slug[(kind, m.dst)]
        assert topo.route_kind[r] == kind
        assert topo.city_dist[topo.capital][kind][r] <= 3
    # roma-syracusae exists as both a land and a sea route
    assert Move("land", "roma", "roma-syracusae") in ms
    assert Move("sea", "roma", "roma-syracusae") in ms
    assert Move("sea", "roma", "massilia-roma") in ms
    assert Move("land", "roma", "massilia-roma") not in ms


def test_further_steps_cross_a_city_and_cost_the_shortest_distance() -> None:
    s = base()
    set_colonists(s, 0, [("land", "roma"), ("land", "roma"), ("sea", "roma")])
    s = play(s, "play architect")
    m = Move("land", "roma", "aquileia-vindobona")  # Roma -> aquileia-roma -> (Aquileia) -> here
    assert s.cost(m).points == 2  # not 3 via Novaria
    s = play(s, str(m))
    assert s.points == 1
    check(s)
    assert s.route_occ[route(s, "land", "aquileia-vindobona")] == 1
    assert (0, s.topo.num_cities + route(s, "land", "aquileia-vindobona")) in s.players[0].cols
    # a colonist on a route moves on across a city: 1 point to the next route
    m2 = Move("land", "aquileia-vindobona", "sirmium-vindobona")
    assert s.cost(m2).points == 1 and m2 in moves(s)
    s = play(s, str(m2))
    assert s.points == 0
    assert s.route_occ[route(s, "land", "aquileia-vindobona")] == 0
    assert not moves(s)


def test_unreachable_with_the_points_left_is_not_offered() -> None:
    s = base()
    set_colonists(s, 0, [("land", "roma")])
    s = play(s, "play architect")
    assert Move("land", "roma", "aquileia-vindobona") not in moves(s)
    with pytest.raises(IllegalActionError):
        s.apply(Move("land", "roma", "aquileia-vindobona"))


@pytest.mark.parametrize("owner", [0, 1])
def test_may_pass_but_not_end_on_an_occupied_route(owner: int) -> None:
    s = base()
    if owner == 0:
        set_colonists(s, 0, [("land", "roma"), ("land", "aquileia-roma")])
    else:
        set_colonists(s, 0, [("land", "roma"), ("sea", "roma")])
        set_colonists(s, 1, [("land", "aquileia-roma")])
    check(s)
    s = play(s, "play architect")
    ms = moves(s)
    assert Move("land", "roma", "aquileia-roma") not in ms  # any player's colonist blocks
    assert Move("land", "roma", "aquileia-vindobona") in ms  # passing through is fine
    assert s.cost(Move("land", "roma", "aquileia-vindobona")).points == 2


def test_occupied_route_frees_up_when_its_colonist_moves_on() -> None:
    s = base()
    set_colonists(s, 0, [("land", "roma"), ("land", "aquileia-roma"), ("sea", "roma")])
    s = play(s, "play architect", "move land aquileia-roma aquileia-vindobona")
    assert Move("land", "roma", "aquileia-roma") in moves(s)


def test_points_may_be_split_between_colonists() -> None:
    s = base()
    set_colonists(s, 0, [("land", "roma"), ("sea", "roma"), ("land", "novaria-roma")])
    s = play(s, "play architect", "move sea roma massilia-roma", "move land roma aquileia-roma")
    assert s.points == 1
    s = play(s, "move land novaria-roma colonia_agrippina-novaria")
    assert s.points == 0


def test_worked_example_three_houses_aquileia_costs_food_and_three_coins() -> None:
    # Rulebook example, turn 1: fleet Roma -> Massilia (1), legion to Aquileia-Vindobona
    # (2); then build in Massilia (cloth: 5 + cloth + brick), Novaria (wine: 4 + wine +
    # brick) and Aquileia (brick, 2 houses already: 1 food and 3 sestertii).
    s = base()
    set_colonists(s, 0, [("land", "roma"), ("sea", "roma"), ("land", "colonia_agrippina-novaria")])
    add_house(s, 0, "Colonia Agrippina")
    add_houses(s, 1, ["Aquileia"])
    add_houses(s, 2, ["Aquileia"])
    set_goods(s, 0, brick=2, food=1, wine=1, cloth=1)
    s.players[0].money = 20
    check(s)
    s = play(
        s, "play architect", "move sea roma massilia-roma", "move land roma aquileia-vindobona"
    )
    assert s.points == 0
    # five neighbouring cities, one with an own house: four to build in (Roma never)
    assert sorted(builds(s)) == ["aquileia", "massilia", "novaria", "vindobona"]
    cost = s.cost(Build("aquileia"))
    assert cost.money == 3 and cost.goods_dict() == {"food": 1}
    assert s.cost(Build("massilia")).money == 5
    assert s.cost(Build("massilia")).goods_dict() == {"brick": 1, "cloth": 1}
    assert s.cost(Build("novaria")).money == 4
    assert s.cost(Build("novaria")).goods_dict() == {"brick": 1, "wine": 1}
    s = play(s, "build massilia", "build novaria", "build aquileia")
    p = s.players[0]
    assert p.money == 20 - 5 - 4 - 3
    assert p.goods == [0, 0, 0, 0, 0]
    assert p.houses_left == 15 - 4
    assert s.houses_in("aquileia") == [0, 1, 2]
    assert legal(s) == ["finish"]
    s = play(s, "finish")
    assert s.current_player == 1


def test_build_in_cities_at_either_end_of_an_own_colonists_route() -> None:
    s = base()
    set_colonists(s, 0, [("land", "aquileia-novaria")])
    set_goods(s, 0, brick=3, food=3, wine=3)
    s.players[0].money = 50
    s = play(s, "play architect")
    assert sorted(builds(s)) == ["aquileia", "novaria"]
    # an opponent's colonist gives the player nothing
    t = base()
    set_colonists(t, 0, [("land", "roma")])
    set_colonists(t, 1, [("land", "aquileia-novaria")])
    set_goods(t, 0, brick=3, food=3, wine=3)
    t = play(t, "play architect")
    assert builds(t) == []


def test_brick_city_costs_one_food_and_one_coin() -> None:
    s = base()
    set_colonists(s, 0, [("land", "aquileia-vindobona")])
    set_goods(s, 0, food=1)
    s.players[0].money = 1
    s = play(s, "play architect")
    assert builds(s) == ["aquileia"]  # Vindobona (food city) needs a brick and 2 coins
    s = play(s, "build aquileia")
    assert s.players[0].money == 0 and s.players[0].goods == [0] * 5


@pytest.mark.parametrize(("good", "coins"), [("food", 2), ("tool", 3), ("wine", 4), ("cloth", 5)])
def test_other_cities_cost_a_brick_and_the_city_good(good: str, coins: int) -> None:
    s = base()
    set_city_good(s, "Vindobona", good)
    set_colonists(s, 0, [("land", "sirmium-vindobona")])
    set_city_good(s, "Sirmium", "brick")
    set_goods(s, 0, brick=1, **{good: 1})
    s.players[0].money = coins
    s = play(s, "play architect")
    assert "vindobona" in builds(s)
    assert s.cost(Build("vindobona")).goods_dict() == {"brick": 1, good: 1}
    s = play(s, "build vindobona")
    assert s.players[0].money == 0 and s.players[0].goods == [0] * 5


def test_coins_multiplied_by_houses_after_building_goods_not() -> None:
    s = base()
    add_house(s, 1, "Massilia")
    set_colonists(s, 0, [("sea", "massilia-roma")])
    set_goods(s, 0, brick=1, cloth=1)
    s.players[0].money = 9
    s = play(s, "play architect")
    assert "massilia" not in builds(s)  # 5 x 2 = 10 > 9
    s.players[0].money = 10
    assert s.cost(Build("massilia")).money == 10
    assert s.cost(Build("massilia")).goods_dict() == {"brick": 1, "cloth": 1}
    s = play(s, "build massilia")
    assert s.players[0].money == 0


def test_missing_goods_means_no_build() -> None:
    s = base()
    set_colonists(s, 0, [("sea", "massilia-roma")])
    set_goods(s, 0, cloth=2)  # no brick
    s.players[0].money = 99
    s = play(s, "play architect")
    assert builds(s) == []


def test_one_house_per_city_per_player_and_never_roma() -> None:
    s = base()
    set_colonists(s, 0, [("sea", "massilia-roma"), ("land", "roma")])
    add_house(s, 0, "Massilia")
    set_goods(s, 0, brick=5, food=5, cloth=5)
    s.players[0].money = 99
    s = play(s, "play architect")
    assert builds(s) == []


def test_several_houses_in_one_action_one_per_city() -> None:
    s = base()
    set_colonists(s, 0, [("land", "aquileia-novaria")])
    set_goods(s, 0, brick=3, food=3, wine=3)
    s.players[0].money = 50
    s = play(s, "play architect", "build novaria")
    assert builds(s) == ["aquileia"]
    s = play(s, "build aquileia")
    assert builds(s) == []
    assert legal(s) == ["finish"]


def test_building_ends_movement() -> None:
    s = base()
    set_colonists(s, 0, [("land", "aquileia-novaria"), ("sea", "roma"), ("land", "roma")])
    set_goods(s, 0, food=1)
    s.players[0].money = 5
    s = play(s, "play architect", "move sea roma massilia-roma")
    assert s.points == 2
    s = play(s, "build aquileia")
    assert s.points == 0
    assert moves(s) == []


def test_finish_without_doing_anything() -> None:
    s = play(base(), "play architect", "finish")
    assert s.current_player == 1
    assert s.players[0].discard[-1] == 1  # the starting Architect is on the pile


def test_colonist_standing_in_a_city_moves_out_onto_its_routes() -> None:
    s = base()
    set_colonists(s, 0, [("land", "massilia")])
    s = play(s, "play architect")
    assert {m.dst for m in moves(s)} == {
        "burdigala-massilia",
        "lutetia-massilia",
        "massilia-novaria",
        "massilia-valentia",
    }


def test_house_price_and_cities_next_to_agree_with_what_a_build_costs() -> None:
    # GameState.house_price / cities_next_to: the UI explains a refused
    # build with them, so they must say what the Architect would take and where.
    s = base()
    add_house(s, 1, "Massilia")
    set_colonists(s, 0, [("sea", "massilia-roma"), ("land", "aquileia-vindobona")])
    assert sorted(s.cities_next_to(0)) == ["aquileia", "massilia", "roma", "vindobona"]
    assert s.cities_next_to(1) == ["roma"]  # seat 1 starts with its colonists in Roma
    assert s.house_price("massilia") == (("brick", "cloth"), 10)  # 5 x 2 houses after
    assert s.house_price("aquileia") == (("food",), 1)  # a brick city: food
    set_goods(s, 0, brick=3, food=3, cloth=3)
    s.players[0].money = 99
    s = play(s, "play architect")
    for city in ("massilia", "aquileia", "vindobona"):
        cost = s.cost(Build(city))
        goods, coins = s.house_price(city)
        assert cost.money == coins
        assert cost.goods_dict() == {g: goods.count(g) for g in goods}
    assert set(builds(s)) <= set(s.cities_next_to(0))
