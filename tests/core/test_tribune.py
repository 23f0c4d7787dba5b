"""Tribune: take back all cards, +1 per card beyond 3 (the Tribune counts), optional
colonist to Roma for 1 food + 1 tool."""

from __future__ import annotations

import pytest

from concordia.core import Finish, Place
from tests.core.helpers import check, discard_from_hand, game, legal, play, set_goods


@pytest.mark.parametrize(("played", "bonus"), [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2), (6, 4)])
def test_takes_back_all_and_pays_per_card_beyond_three(played: int, bonus: int) -> None:
    s = game("imperium", 3, seed=1)
    others = ["architect", "prefect", "prefect", "mercator", "diplomat", "senator"][:played]
    discard_from_hand(s, 0, *others)
    set_goods(s, 0)  # no food/tool: the colonist is not offered, the turn ends
    money = s.players[0].money
    s = play(s, "play tribune")
    p = s.players[0]
    assert p.money == money + bonus  # cards taken back = played + the Tribune itself
    assert p.discard == []
    assert len(p.hand) == 7
    assert s.current_player == 1


def test_optional_colonist_goes_to_roma_only() -> None:
    s = game("imperium", 3, seed=1)
    s = play(s, "play tribune")
    assert s.phase == "tribune" and s.current_player == 0
    assert legal(s) == ["place land roma", "place sea roma", "finish"]
    before = s.players[0].goods[:]
    s = play(s, "place sea roma")
    p = s.players[0]
    assert p.store == [2, 1]
    assert p.cols.count((1, s.topo.capital)) == 2
    assert p.goods[1] == before[1] - 1 and p.goods[2] == before[2] - 1  # food, tool
    assert s.current_player == 1  # only one colonist


def test_colonist_may_be_declined() -> None:
    s = play(game("imperium", 3, seed=1), "play tribune", "finish")
    assert s.current_player == 1
    assert s.players[0].store == [2, 2]


@pytest.mark.parametrize("goods", [{"food": 3}, {"tool": 3}, {}])
def test_not_offered_when_unaffordable(goods: dict[str, int]) -> None:
    s = game("imperium", 3, seed=1)
    set_goods(s, 0, **goods)
    s = play(s, "play tribune")
    assert s.current_player == 1 and s.phase == "card"


def test_not_offered_when_no_colonist_waits() -> None:
    s = game("imperium", 3, seed=1)
    s.players[0].store = [0, 0]
    s.players[0].cols = sorted([(0, 0)] * 3 + [(1, 0)] * 3)
    check(s)
    s = play(s, "play tribune")
    assert s.current_player == 1


def test_only_kinds_still_waiting_are_offered() -> None:
    s = game("imperium", 3, seed=1)
    s.players[0].store = [0, 2]
    s.players[0].cols = sorted([(0, 0)] * 3 + [(1, 0)])
    s = play(s, "play tribune")
    assert s.legal_actions() == (Place("sea", "roma"), Finish())
