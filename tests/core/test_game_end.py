"""Game end: the last card bought or the 15th house; the Concordia card; one more turn
for every other player."""

from __future__ import annotations

import pytest

from concordia.core import Finish, GameState
from tests.core.helpers import (
    add_houses,
    card,
    check,
    game,
    give_card,
    play,
    set_city_good,
    set_colonists,
    set_goods,
)

FOURTEEN = [
    "Isca Dumnoniorum",
    "Londinium",
    "Lutetia",
    "Burdigala",
    "Massilia",
    "Brigantium",
    "Olisipo",
    "Valentia",
    "Colonia Agrippina",
    "Vindobona",
    "Novaria",
    "Syracusae",
    "Rusadir",
    "Carthago",
]


def fifteenth_house(n: int = 4) -> GameState:
    s = game("imperium", n, seed=6)
    add_houses(s, 0, FOURTEEN)
    set_city_good(s, "Aquileia", "brick")
    set_colonists(s, 0, [("land", "aquileia-roma")])
    set_goods(s, 0, food=1)
    s.players[0].money = 1
    check(s)
    return s


def finish_turn(s: GameState) -> GameState:
    """The current player takes the Prefect cash (or any first action) and ends."""
    seat = s.current_player
    while s.current_player == seat and not s.is_terminal():
        acts = s.legal_actions()
        pick = next((a for a in acts if str(a) in ("play prefect", "cash", "finish")), acts[0])
        s = s.apply(pick)
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fifteenth_house_ends_the_game_after_one_turn_each(n: int) -> None:
    s = fifteenth_house(n)
    s = play(s, "play architect", "build aquileia")
    assert s.players[0].houses_left == 0
    assert s.concordia == 0
    assert s.current_player == 0  # the action goes on until finished
    s = play(s, "finish")
    turns = [p.turns for p in s.players]
    for seat in range(1, n):
        assert s.current_player == seat and not s.is_terminal()
        s = finish_turn(s)
    assert s.is_terminal()
    assert s.current_player is None
    assert s.legal_actions() == ()
    assert [p.turns for p in s.players] == [turns[0]] + [t + 1 for t in turns[1:]]
    assert s.scores()[0].concordia == 7
    assert all(sc.concordia == 0 for sc in s.scores()[1:])


def test_concordia_card_adds_seven_to_the_total() -> None:
    s = fifteenth_house()
    before = s.score_of(0)
    s = play(s, "play architect", "build aquileia")
    after = s.score_of(0)
    assert after.concordia == 7
    assert after.total == sum(after.gods.values()) + 7
    assert after.total > before.total


def test_trigger_is_not_taken_over_in_the_final_round() -> None:
    s = fifteenth_house(3)
    add_houses(s, 1, FOURTEEN)
    set_colonists(s, 1, [("land", "aquileia-novaria")])
    set_goods(s, 1, food=1)
    s.players[1].money = 5
    s = play(s, "play architect", "build aquileia", "finish")
    s = play(s, "play architect", "build aquileia", "finish")  # seat 1's 15th house
    assert s.concordia == 0
    s = finish_turn(s)
    assert s.is_terminal()


def last_card(phase_card: str) -> GameState:
    s = game("italia", 2, seed=6)
    left = s.display[0]
    for c in s.display[1:] + s.deck:
        assert c is not None
        s.players[1].hand.append(c)
    s.players[1].hand.sort()
    s.display = [left]
    s.deck = []
    if phase_card != "senator":
        s.players[1].hand.remove(card(phase_card))
        s.players[0].hand.append(card(phase_card))
        s.players[0].hand.sort()
    set_goods(s, 0, brick=2, food=2, tool=1, wine=1, cloth=2)
    check(s)
    return s


@pytest.mark.parametrize("buyer", ["senator", "II_consul"])
def test_buying_the_last_card_ends_the_game(buyer: str) -> None:
    s = last_card(buyer)
    s = play(s, f"play {buyer}")
    buy = next(a for a in s.legal_actions() if str(a).startswith("buy"))
    s = s.apply(buy)
    if buyer == "senator":
        assert s.legal_actions() == (Finish(),)  # nothing left to buy
        s = play(s, "finish")
    assert s.display == [] and s.deck == []
    assert s.concordia == 0
    assert s.current_player == 1
    s = finish_turn(s)
    assert s.is_terminal() and s.current_player is None


def test_display_running_low_is_no_trigger() -> None:
    s = last_card("senator")
    extra = s.players[1].hand.pop()  # one more card in the display
    s.display.append(extra)
    check(s)
    s = play(s, "play senator")
    buy = next(a for a in s.legal_actions() if str(a).startswith("buy"))
    s = play(s, str(buy), "finish")
    assert len(s.display) == 1 and s.deck == []
    assert s.concordia is None and s.current_player == 1


def test_terminal_state_scores_and_outcome() -> None:
    s = fifteenth_house(2)
    s = play(s, "play architect", "build aquileia", "finish")
    s = finish_turn(s)
    assert s.is_terminal()
    out = s.outcome()
    assert out.winner == out.ranking[0]
    assert sorted(out.ranking) == [0, 1]
    assert [sc.total for sc in out.scores] == [sc.total for sc in s.scores()]


def test_discard_pile_is_counted_after_a_give_card() -> None:
    s = game("imperium", 3, seed=6)
    give_card(s, 0, "I_prefect", discard=True)
    check(s)
    assert s.score_of(0).gods == game("imperium", 3, seed=6).score_of(0).gods
