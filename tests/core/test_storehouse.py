"""The storehouse: 12 spaces shared by goods and waiting colonists; the owner chooses
what to throw away when production overflows; never discarded otherwise."""

from __future__ import annotations

from concordia.core import Discard, GameState, Trade
from tests.core.helpers import (
    add_house,
    add_houses,
    check,
    game,
    give_card,
    goods_of,
    play,
    set_city_good,
    set_goods,
)


def syria(n: int = 3) -> GameState:
    s = game("imperium", n, seed=5)
    set_city_good(s, "Antiochia", "food")
    set_city_good(s, "Tyros", "cloth")
    for seat in range(n):
        set_goods(s, seat)
    return s


def test_spaces_are_shared_with_waiting_colonists() -> None:
    s = game("imperium", 3, seed=5)
    p = s.players[0]
    assert p.used_space() == 6 + 4 and p.free_space() == 2
    s = play(s, "play tribune", "place land roma")
    assert s.players[0].used_space() == 4 + 3  # food and tool paid, one colonist out


def test_actor_overflow_owner_chooses_what_to_discard() -> None:
    s = syria()
    add_house(s, 0, "Antiochia")
    set_goods(s, 0, brick=4, wine=4)  # 8 goods + 4 colonists = 12
    check(s)
    s = play(s, "play prefect", "produce syria")  # + cloth bonus + food
    assert s.phase == "overflow" and s.current_player == 0
    assert s.players[0].used_space() == 14
    assert set(s.legal_actions()) == {Discard(g) for g in ("brick", "food", "wine", "cloth")}
    s = play(s, "discard brick", "discard brick")
    assert goods_of(s, 0) == {"brick": 2, "food": 1, "wine": 4, "cloth": 1}
    assert s.phase == "card" and s.current_player == 1


def test_overflow_caused_by_another_players_prefect() -> None:
    s = syria()
    add_house(s, 1, "Antiochia")
    set_goods(s, 1, wine=4, tool=4)
    s = play(s, "play prefect", "produce syria")
    assert s.phase == "overflow"
    assert s.current_player == 1  # the owner decides
    assert s.turn_player == 0
    assert s.legal_actions() == (Discard("food"), Discard("tool"), Discard("wine"))
    check(s)  # an overflow position survives a snapshot
    s = play(s, "discard wine")
    assert goods_of(s, 1) == {"food": 1, "tool": 4, "wine": 3}
    assert s.current_player == 1 and s.phase == "card"  # now seat 1's own turn


def test_overflow_resolved_actor_first_then_clockwise() -> None:
    s = syria(4)
    add_house(s, 0, "Antiochia")
    add_house(s, 3, "Antiochia")
    add_house(s, 2, "Tyros")
    for seat in (0, 2, 3):
        set_goods(s, seat, brick=4, wine=4)
    s.turn_player = 2
    s = play(s, "play prefect", "produce syria")
    order = []
    while s.phase == "overflow":
        order.append(s.current_player)
        s = s.apply(s.legal_actions()[0])
    assert order == [2, 2, 3, 0]  # seat 2 had 2 too many (bonus + house)
    assert s.current_player == 3


def test_overflow_with_one_kind_held_is_automatic() -> None:
    s = syria()
    add_house(s, 1, "Antiochia")
    set_goods(s, 1, food=8)
    s = play(s, "play prefect", "produce syria")
    assert s.phase == "card" and s.current_player == 1
    assert goods_of(s, 1) == {"food": 8}


def test_specialist_overflow() -> None:
    s = game("imperium", 3, seed=5)
    give_card(s, 0, "I_mason")
    for c in ("Aquileia", "Vindobona", "Syracusae"):
        set_city_good(s, c, "brick")
        add_house(s, 0, c)
    set_goods(s, 0, wine=4, cloth=4)
    s = play(s, "play I_mason")
    assert s.phase == "overflow" and s.current_player == 0
    s = play(s, "discard cloth", "discard brick", "discard wine")
    assert goods_of(s, 0) == {"brick": 2, "wine": 3, "cloth": 3}
    assert s.current_player == 1


def test_exactly_full_is_no_overflow() -> None:
    s = syria()
    add_houses(s, 0, ["Antiochia"])
    set_goods(s, 0, brick=6)
    s = play(s, "play prefect", "produce syria")
    assert s.players[0].used_space() == 12
    assert s.phase == "card" and s.current_player == 1


def test_goods_are_never_discarded_otherwise() -> None:
    s = game("imperium", 3, seed=5)
    set_goods(s, 0, brick=8)  # full: 8 + 4
    s.players[0].money = 100
    s = play(s, "play mercator")
    assert not any(isinstance(a, Trade) and a.amount > 0 for a in s.legal_actions())
    assert not any(isinstance(a, Discard) for a in s.legal_actions())
