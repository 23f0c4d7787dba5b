"""Mercator, Colonist, Diplomat, Senator, Consul and the specialists."""

from __future__ import annotations

import pytest

from concordia.core import BuyCard, Cash, Copy, Finish, GameState, Phase, Place, Trade
from concordia.core.data import CARD_BY_ID, CARDS, PRICE
from tests.core.helpers import (
    add_house,
    add_houses,
    card,
    check,
    discard_from_hand,
    game,
    give_card,
    goods_of,
    legal,
    play,
    set_city_good,
    set_colonists,
    set_display,
    set_goods,
    set_turn,
)


def trades(s: GameState) -> set[str]:
    return {str(a) for a in s.legal_actions() if isinstance(a, Trade)}


# ---------------------------------------------------------------- Mercator
def test_mercator_starting_card_pays_three() -> None:
    s = game("imperium", 3, seed=4)
    s = play(s, "play mercator")
    assert s.players[0].money == 5 + 3
    assert s.phase == "mercator"


def test_mercator_bought_card_pays_five() -> None:
    s = game("imperium", 3, seed=4)
    give_card(s, 0, "I_mercator")
    check(s)
    assert "play I_mercator" in legal(s) and "play mercator" in legal(s)
    s = play(s, "play I_mercator")
    assert s.players[0].money == 5 + 5


def test_mercator_at_most_two_kinds_then_the_turn_ends() -> None:
    s = game("imperium", 3, seed=4)
    s = play(s, "play mercator", "trade food -2")
    assert s.traded == ("food",)
    assert not any(t.startswith("trade food") for t in trades(s))
    s = play(s, "trade wine -1")
    assert s.current_player == 1  # two kinds traded: the action is over
    assert s.players[0].money == 5 + 3 + 2 * 4 + 6


def test_mercator_one_kind_then_finish() -> None:
    s = play(game("imperium", 3, seed=4), "play mercator", "trade cloth -1", "finish")
    assert s.current_player == 1
    assert s.players[0].money == 5 + 3 + 7


def test_mercator_sell_one_buy_another() -> None:
    s = play(game("imperium", 3, seed=4), "play mercator", "trade food -2", "trade cloth +1")
    assert goods_of(s, 0) == {"brick": 1, "tool": 1, "wine": 1, "cloth": 2}
    assert s.players[0].money == 5 + 3 + 8 - 7


def test_mercator_buying_limited_by_free_space() -> None:
    s = game("imperium", 3, seed=4)
    s.players[0].money = 100
    s = play(s, "play mercator")
    # 6 goods + 4 waiting colonists: 2 free spaces
    assert "trade brick +2" in trades(s) and "trade brick +3" not in trades(s)
    s = play(s, "trade food -2")  # selling frees space for the second kind
    assert "trade brick +4" in trades(s) and "trade brick +5" not in trades(s)


def test_mercator_buying_limited_by_money() -> None:
    s = game("imperium", 3, seed=4)
    set_goods(s, 0)
    s.players[0].money = 11  # + 3 = 14
    s = play(s, "play mercator")
    assert "trade cloth +2" in trades(s) and "trade cloth +3" not in trades(s)
    assert "trade brick +4" in trades(s) and "trade brick +5" not in trades(s)


def test_mercator_sell_any_held_amount_only() -> None:
    s = game("imperium", 3, seed=4)
    set_goods(s, 0, tool=3)
    s = play(s, "play mercator")
    sells = {t for t in trades(s) if "-" in t}
    assert sells == {"trade tool -1", "trade tool -2", "trade tool -3"}


@pytest.mark.parametrize(
    ("good", "price"), [("brick", 3), ("food", 4), ("tool", 5), ("wine", 6), ("cloth", 7)]
)
def test_mercator_prices(good: str, price: int) -> None:
    s = game("imperium", 3, seed=4)
    set_goods(s, 0, **{good: 2})
    s.players[0].money = 20
    s = play(s, "play mercator")
    sell = Trade(good, -2)
    buy = Trade(good, 1)
    assert s.cost(sell).money == -2 * price
    assert s.cost(sell).goods_dict() == {good: 2}
    assert s.cost(buy).money == price
    assert s.cost(buy).goods_dict() == {good: -1}
    t = s.apply(sell)
    assert t.players[0].money == 23 + 2 * price
    t = s.apply(buy)
    assert t.players[0].money == 23 - price and t.players[0].goods[PRICE.index(price)] == 3


# ---------------------------------------------------------------- Colonist
def colonist_example() -> GameState:
    s = game("imperium", 3, seed=4)
    give_card(s, 0, "I_colonist")
    set_city_good(s, "Massilia", "cloth")
    add_house(s, 0, "Massilia")
    set_goods(s, 0, food=2, tool=3)
    check(s)
    return s


def test_colonist_worked_example_two_colonists_roma_and_massilia() -> None:
    # Rulebook example, turn 3: 2 food + 3 tools; a fleet to Roma and a legion to
    # Massilia (own house); not to Novaria (no house).
    s = play(colonist_example(), "play I_colonist")
    acts = s.legal_actions()
    assert Place("sea", "roma") in acts and Place("land", "massilia") in acts
    assert not any(isinstance(a, Place) and a.city == "novaria" for a in acts)
    assert {a.city for a in acts if isinstance(a, Place)} == {"roma", "massilia"}
    assert s.cost(Place("sea", "roma")).goods_dict() == {"food": 1, "tool": 1}
    s = play(s, "place sea roma")
    assert Cash() not in s.legal_actions()  # one option or the other
    s = play(s, "place land massilia")
    p = s.players[0]
    assert goods_of(s, 0) == {"tool": 1}
    assert p.store == [1, 1]
    assert (0, s.topo.city_by_slug["massilia"]) in p.cols
    assert p.cols.count((1, s.topo.capital)) == 2
    assert s.legal_actions() == (Finish(),)  # no food left
    s = play(s, "finish")
    assert s.current_player == 1


def test_colonist_cash_five_plus_one_per_colonist_on_the_board() -> None:
    s = colonist_example()
    set_colonists(s, 0, [("land", "roma"), ("sea", "roma"), ("land", "aquileia-roma")])
    s = play(s, "play I_colonist")
    assert s.cost(Cash()).money == -(5 + 3)
    money = s.players[0].money
    s = play(s, "cash")
    assert s.players[0].money == money + 8
    assert s.current_player == 1


def test_colonist_no_place_without_food_and_tool_or_waiting_colonists() -> None:
    s = colonist_example()
    set_goods(s, 0, food=5)
    t = play(s, "play I_colonist")
    assert t.legal_actions() == (Cash(), Finish())
    s.players[0].store = [0, 0]
    s.players[0].cols = sorted([(0, 0)] * 3 + [(1, 0)] * 3)
    set_goods(s, 0, food=5, tool=5)
    t = play(s, "play I_colonist")
    assert t.legal_actions() == (Cash(), Finish())


# ---------------------------------------------------------------- Diplomat
def test_diplomat_copies_the_top_card_of_another_seat() -> None:
    s = game("imperium", 3, seed=4)
    discard_from_hand(s, 1, "prefect", "architect")
    s = play(s, "play diplomat")
    assert s.phase == "diplomat"
    assert s.legal_actions() == (Copy(1), Finish())
    s = play(s, "copy 1")
    assert s.phase == "architect" and s.card == "architect"
    assert s.players[0].discard == [card("diplomat")]  # the Diplomat is on the copier's pile
    assert s.players[1].discard == [card("prefect"), card("architect")]  # untouched


def test_diplomat_cannot_copy_a_diplomat_or_itself_or_an_empty_pile() -> None:
    s = game("imperium", 4, seed=4)
    discard_from_hand(s, 1, "diplomat")
    discard_from_hand(s, 0, "mercator")  # own pile: never
    s = play(s, "play diplomat")
    assert s.legal_actions() == (Finish(),)
    s = play(s, "finish")
    assert s.current_player == 1


def test_diplomat_nothing_to_copy_after_that_seats_tribune() -> None:
    s = game("imperium", 3, seed=4)
    discard_from_hand(s, 0, "prefect")
    set_turn(s, 1)
    discard_from_hand(s, 1, "architect", "mercator")
    s = play(s, "play tribune")
    if s.phase == "tribune":
        s = play(s, "finish")
    assert s.players[1].discard == [] and s.current_player == 2
    s = play(s, "play diplomat")
    assert s.legal_actions() == (Copy(0), Finish())


def test_diplomat_copied_bought_mercator_pays_five() -> None:
    s = game("imperium", 3, seed=4)
    give_card(s, 2, "I_mercator", discard=True)
    discard_from_hand(s, 1, "mercator")
    s = play(s, "play diplomat", "copy 2")
    assert s.phase == "mercator" and s.players[0].money == 5 + 5
    t = play(game("imperium", 3, seed=4), "play mercator", "finish", "play diplomat", "copy 0")
    assert t.players[1].money == 6 + 3


def test_diplomat_copied_prefect_with_praefectus_magnus_doubles_and_passes() -> None:
    s = game("imperium", 4, seed=4)
    set_turn(s, 3)  # holds the Praefectus Magnus
    discard_from_hand(s, 0, "prefect")
    set_goods(s, 3)
    g = s.province_good("gallia")
    s = play(s, "play diplomat", "copy 0", "produce gallia")
    assert goods_of(s, 3) == {g: 2}
    assert s.praefectus == 2
    assert s.players[3].discard == [card("diplomat")]


def test_diplomat_copied_specialist_produces_for_the_copier() -> None:
    s = game("imperium", 3, seed=4)
    give_card(s, 1, "I_mason", discard=True)
    set_city_good(s, "Aquileia", "brick")
    set_city_good(s, "Vindobona", "brick")
    add_houses(s, 0, ["Aquileia", "Vindobona"])
    add_house(s, 1, "Aquileia")
    set_goods(s, 0)
    set_goods(s, 1)
    s = play(s, "play diplomat", "copy 1")
    assert goods_of(s, 0) == {"brick": 2}
    assert goods_of(s, 1) == {}


# ---------------------------------------------------------------- Senator / Consul
SIX = ["I_architect", "I_prefect", "I_mercator", "I_colonist", "I_diplomat", "I_mason", "I_farmer"]


def market(n: int = 3) -> GameState:
    s = game("imperium", n, seed=4)
    set_display(s, SIX)
    check(s)
    return s


def test_senator_price_is_card_goods_plus_position_extra() -> None:
    s = market()
    set_goods(s, 0, brick=2, food=2, tool=2, wine=2, cloth=4)
    s = play(s, "play senator")
    acts = s.legal_actions()
    # slot 1: no extra; slot 2: "any" (a choice per good); slot 4/5: cloth; 6: any+cloth
    assert BuyCard("I_architect") in acts
    assert s.cost(BuyCard("I_architect")).goods_dict() == {"tool": 1}
    anys = sorted(a.choice for a in acts if isinstance(a, BuyCard) and a.card == "I_prefect")
    assert anys == [("brick",), ("cloth",), ("food",), ("tool",), ("wine",)]
    assert s.cost(BuyCard("I_prefect", ("food",))).goods_dict() == {"food": 1, "wine": 1}
    assert s.cost(BuyCard("I_colonist")).goods_dict() == {"food": 1, "cloth": 1}
    assert s.cost(BuyCard("I_mason", ("brick",))).goods_dict() == {
        "brick": 1,
        "food": 1,
        "cloth": 1,
    }
    assert s.cost(BuyCard("I_farmer")).goods_dict() == {"brick": 1, "food": 1, "cloth": 2}


def test_card_price_is_what_a_purchase_costs_in_the_phase_now() -> None:
    # The price the UI names for a card the player cannot pay for: the
    # same goods the purchase takes, "any" standing for the buyer's choice.
    s = market()
    set_goods(s, 0, brick=2, food=2, tool=2, wine=2, cloth=4)
    give_card(s, 0, "II_consul")
    senator = play(s, "play senator")
    consul = play(s, "play II_consul")
    for slot, cid in enumerate(senator.display_ids()):
        assert cid is not None
        price = senator.card_price(slot)
        for a in (a for a in senator.legal_actions() if isinstance(a, BuyCard) and a.card == cid):
            paid = sorted(g for g in price if g != "any") + list(a.choice)
            want = sorted(g for g, n in senator.cost(a).goods_dict().items() for _ in range(n))
            assert sorted(paid) == want
        assert price.count("any") == sum(1 for g in senator.display_cost(slot) if g == "any")
        assert consul.card_price(slot) == CARD_BY_ID[cid].cost
        assert CARD_BY_ID[cid].cost == price[: len(CARD_BY_ID[cid].cost)]


def test_senator_any_choice_needs_a_spare_unit() -> None:
    s = market()
    set_goods(s, 0, wine=1)  # only the card's own wine: nothing left for the "any"
    s = play(s, "play senator")
    assert not any(isinstance(a, BuyCard) for a in s.legal_actions())
    set_goods(s, 0, wine=2)
    # slots 2 and 3 ("any"): the Prefect and the Mercator, both wine cards
    assert [str(a) for a in s.legal_actions() if isinstance(a, BuyCard)] == [
        "buy I_prefect wine",
        "buy I_mercator wine",
    ]


def test_senator_buys_two_priced_at_positions_before_the_action_then_refills() -> None:
    s = market()
    set_goods(s, 0, wine=2, food=1, cloth=1)
    deck_top = s.deck[-1]
    s = play(s, "play senator", "buy I_prefect wine")
    assert s.display[1] is None  # no slide yet
    check(s)
    # I_colonist still costs its slot-4 extra (cloth), not the slot-3 "any"
    assert s.cost(BuyCard("I_colonist")).goods_dict() == {"food": 1, "cloth": 1}
    s = play(s, "buy I_colonist")
    assert s.current_player == 1  # two cards: the action is over
    p = s.players[0]
    assert card("I_prefect") in p.hand and card("I_colonist") in p.hand
    assert p.goods == [0] * 5
    assert s.display_ids()[:5] == ["I_architect", "I_mercator", "I_diplomat", "I_mason", "I_farmer"]
    assert len(s.display) == 7 and s.display[5] == deck_top


def test_senator_one_card_then_finish_and_nothing_bought() -> None:
    s = market()
    set_goods(s, 0, tool=1)
    s = play(s, "play senator", "buy I_architect", "finish")
    assert s.current_player == 1
    assert s.display_ids()[0] == "I_prefect"
    assert len(s.display) == 7
    before = s.display[:]
    s = play(s, "play senator", "finish")
    assert s.display == before


def test_bought_cards_go_to_the_hand_and_can_be_played_later() -> None:
    s = market(2)
    set_goods(s, 0, tool=1)
    s = play(s, "play senator", "buy I_architect", "finish", "play prefect", "cash")
    assert "play I_architect" not in legal(s)  # same play as the starting Architect
    assert card("I_architect") in s.players[0].hand


def test_consul_buys_one_card_at_its_own_goods_only() -> None:
    s = market()
    give_card(s, 0, "II_consul")
    set_goods(s, 0, brick=1, food=1)
    s = play(s, "play II_consul")
    buys = [a for a in s.legal_actions() if isinstance(a, BuyCard)]
    # the Farmer in slot 7 would cost 2 cloth more with a Senator; the Consul ignores it
    assert BuyCard("I_farmer") in buys
    assert BuyCard("I_colonist") in buys and BuyCard("I_mason") in buys
    assert all(a.choice == () for a in buys)
    assert s.cost(BuyCard("I_farmer")).goods_dict() == {"brick": 1, "food": 1}
    s = play(s, "buy I_farmer")
    assert s.current_player == 1
    assert goods_of(s, 0) == {}
    assert card("I_farmer") in s.players[0].hand
    assert len(s.display) == 7


# ---------------------------------------------------------------- specialists
@pytest.mark.parametrize(
    ("card_id", "good"),
    [
        ("I_mason", "brick"),
        ("I_farmer", "food"),
        ("I_smith", "tool"),
        ("II_vintner", "wine"),
        ("II_weaver", "cloth"),
    ],
)
def test_specialist_own_houses_of_its_good_produce_others_get_nothing(
    card_id: str, good: str
) -> None:
    s = game("imperium", 3, seed=4)
    give_card(s, 0, card_id)
    other = "food" if good != "food" else "wine"
    for c in ("Aquileia", "Vindobona", "Syracusae"):
        set_city_good(s, c, good)
    set_city_good(s, "Massilia", other)
    add_houses(s, 0, ["Aquileia", "Vindobona", "Massilia"])
    add_houses(s, 1, ["Aquileia", "Syracusae"])
    for seat in range(3):
        set_goods(s, seat)
    markers = s.markers[:]
    s = play(s, f"play {card_id}")
    assert goods_of(s, 0) == {good: 2}
    assert goods_of(s, 1) == {}
    assert s.markers == markers and s.praefectus == 2
    assert s.current_player == 1


def test_card_table_matches_the_issue() -> None:
    assert CARD_BY_ID["I_mercator"].sestertii == 5 and CARD_BY_ID["mercator"].sestertii == 3
    vp = {c.good: c.minerva_vp for c in CARDS if c.action == "specialist"}
    assert vp == {"brick": 3, "food": 3, "tool": 3, "wine": 4, "cloth": 5}


def test_colonist_sea_colonist_may_go_to_an_inland_city_and_then_cannot_move() -> None:
    # Decision (the rulebook names no restriction; the Italian guide only remarks that a
    # fleet in Novaria "would make no sense"): allowed, and it simply has no sea route.
    s = colonist_example()
    add_house(s, 0, "Novaria")
    s = play(s, "play I_colonist")
    assert Place("sea", "novaria") in s.legal_actions()
    s = play(s, "place sea novaria", "finish")
    s.turn_player, s.phase = 0, Phase.CARD
    s = play(s, "play architect")
    assert not any(str(a).startswith("move sea novaria") for a in s.legal_actions())
