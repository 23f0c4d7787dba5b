"""Action notation, illegal actions, snapshots and records that must be refused."""

from __future__ import annotations

import json

import pytest

from concordia.core import (
    Build,
    BuyCard,
    Cash,
    Copy,
    Cost,
    Discard,
    Finish,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
    Move,
    Place,
    PlayCard,
    Produce,
    Trade,
    parse_action,
    replay,
)
from tests.core.helpers import board, game, play

EXAMPLES = [
    ("play architect", PlayCard("architect")),
    ("move land roma aquileia-roma", Move("land", "roma", "aquileia-roma")),
    ("build aquileia", Build("aquileia")),
    ("produce syria", Produce("syria")),
    ("cash", Cash()),
    ("trade food +2", Trade("food", 2)),
    ("trade cloth -1", Trade("cloth", -1)),
    ("place sea roma", Place("sea", "roma")),
    ("copy 2", Copy(2)),
    ("buy II_consul", BuyCard("II_consul")),
    ("buy I_prefect wine", BuyCard("I_prefect", ("wine",))),
    ("discard wine", Discard("wine")),
    ("finish", Finish()),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_notation_round_trip(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "play",
        "play joker",
        "move air roma x-y",
        "trade food 2",
        "trade food +0",
        "trade food +x",
        "trade gold +1",
        "copy x",
        "discard gold",
        "cash now",
        "buy",
        "buy nothing",
        "buy I_prefect gold",
        "finish please",
    ],
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(text)


def test_notation_must_be_text() -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(3)  # type: ignore[arg-type]


def test_parse_with_state_checks_legality() -> None:
    s = game("imperium", 3, seed=1)
    assert parse_action("play tribune", s) == PlayCard("tribune")
    with pytest.raises(InvalidNotationError):
        parse_action("build aquileia", s)


@pytest.mark.parametrize(
    "action",
    [Build("aquileia"), Cash(), PlayCard("I_prefect"), Trade("food", 1), Copy(1), Discard("food")],
)
def test_apply_refuses_illegal_actions_and_leaves_the_state(action: object) -> None:
    s = game("imperium", 3, seed=1)
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply(action)  # type: ignore[arg-type]
    assert s.to_dict() == before


def test_legal_actions_deterministic() -> None:
    a = play(game("imperium", 4, seed=1), "play architect")
    b = play(game("imperium", 4, seed=1), "play architect")
    assert a.legal_actions() == b.legal_actions()
    assert a.legal_actions() == a.copy().legal_actions()


def test_cost_of_free_actions_is_nothing() -> None:
    s = game("imperium", 3, seed=1)
    assert s.cost(PlayCard("architect")) == Cost()


def test_replay_refuses_another_board_and_an_illegal_action() -> None:
    rec = GameRecord(board="imperium", num_players=3, seed=1, actions=["play architect"])
    with pytest.raises(InvalidRecordError):
        replay(rec, board("italia"))
    bad = GameRecord(board="imperium", num_players=3, seed=1, actions=["build aquileia"])
    with pytest.raises(InvalidRecordError, match="action 1"):
        replay(bad, board("imperium"))


def test_record_round_trip_and_refusals() -> None:
    rec = GameRecord(
        board="italia",
        num_players=2,
        seed=5,
        options={"no_goods": True},
        actions=["finish", "play prefect"],
    )
    assert GameRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec
    for broken in (
        {"format": "x"},
        {**rec.to_dict(), "version": 99},
        {**rec.to_dict(), "options": {"house_rules": True}},
        {**rec.to_dict(), "num_players": 7},
        [1, 2],
    ):
        with pytest.raises(InvalidRecordError):
            GameRecord.from_dict(broken)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(format="chess"),
        lambda d: d.update(version=99),
        lambda d: d["players"][0].update(money=-1),
        lambda d: d["players"][0]["goods"].update(food=20),  # storehouse over 12
        lambda d: d["players"][0].update(houses_left=3),  # houses do not add up to 15
        lambda d: d["players"][1]["hand"].append("tribune"),
        lambda d: d["deck"].pop(),
        lambda d: d["players"][0].update(colonists=[["land", "atlantis"]]),
        lambda d: d.update(phase="lunch"),
    ],
)
def test_snapshot_refuses_broken_states(edit: object) -> None:
    d = game("imperium", 3, seed=1).to_dict()
    edit(d)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError):
        GameState.from_dict(d)


def test_snapshot_refuses_two_colonists_on_one_route() -> None:
    s = play(
        game("imperium", 3, seed=1), "play architect", "move land roma aquileia-roma", "finish"
    )
    d = s.to_dict()
    d["players"][1]["colonists"] = [["land", "aquileia-roma"], ["sea", "roma"]]
    with pytest.raises(InvalidRecordError):
        GameState.from_dict(d)
