"""The shape of the rules: one rule per phase and per card action, looked up by the
state; card modules steer the turn through the state's turn-control operations only,
never its private fields; Senator and Consul are one purchase rule."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from concordia.core import Build, BuyCard, Cash, Phase, PlayCard, rules
from concordia.core.cards import purchase
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.data import CARD_BY_ID, CARDS
from concordia.core.phase import CardAction
from tests.core.helpers import game, play

CARDS_DIR = Path(rules.__file__).parent / "cards"


def private_uses(source: str) -> list[tuple[int, str]]:
    """(line, ``owner._name``) of every private member reached on anything but ``self``
    (dunder names such as ``__class__`` are not private members)."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            continue
        out.append((node.lineno, f"{ast.unparse(node.value)}.{name}"))
    return out


def test_the_scan_finds_a_private_member_of_the_state() -> None:
    source = "def f(s, self):\n    s._bought += 1\n    self._x = 1\n    s.__class__\n    s.phase\n"
    assert private_uses(source) == [(2, "s._bought")]


def test_no_card_module_touches_a_private_member_of_the_state() -> None:
    files = sorted(CARDS_DIR.glob("*.py"))
    assert len(files) >= 9  # the package is really scanned
    found = {f.name: uses for f in files if (uses := private_uses(f.read_text(encoding="utf-8")))}
    assert found == {}


def test_every_phase_has_exactly_one_rule_registered_under_it() -> None:
    assert sorted(rules.RULES) == sorted(Phase)
    assert len(rules.PHASE_RULES) == len(Phase)  # no phase registered twice
    for phase, rule in rules.RULES.items():
        assert isinstance(rule, PhaseRule)
        assert rule.phase is phase


def test_every_card_action_has_exactly_one_rule_and_every_card_an_action() -> None:
    assert sorted(rules.RULE_OF_ACTION) == sorted(CardAction)
    assert len(rules.CARD_RULES) == len(CardAction)
    for action, rule in rules.RULE_OF_ACTION.items():
        assert isinstance(rule, CardRule)
        assert rule.action is action
    for card in CARDS:
        assert isinstance(card.action, CardAction)


def test_a_card_action_is_its_string() -> None:
    assert CARD_BY_ID["I_mason"].action == "specialist"
    assert CARD_BY_ID["architect"].action is CardAction.ARCHITECT
    assert f"action.{CARD_BY_ID['senator'].action}" == "action.senator"
    assert repr(CardAction.CONSUL) == "'consul'"


def test_senator_and_consul_share_one_purchase_rule_with_their_limits() -> None:
    senator = rules.RULE_OF_ACTION[CardAction.SENATOR]
    consul = rules.RULE_OF_ACTION[CardAction.CONSUL]
    assert isinstance(senator, purchase.Purchase) and isinstance(consul, purchase.Purchase)
    assert (senator.limit, senator.extra) == (2, True)
    assert (consul.limit, consul.extra) == (1, False)
    assert rules.RULES[Phase.SENATOR] is senator and rules.RULES[Phase.CONSUL] is consul


def test_an_action_priced_outside_its_phase_costs_what_its_own_phase_would_show() -> None:
    s = game("imperium", 4, 3)
    assert s.phase == Phase.CARD
    city = s.cities_next_to(0)[-1]
    goods, coins = s.house_price(city)
    cost = s.cost(Build(city))
    assert cost.money == coins and sorted(cost.goods_dict()) == sorted(goods)
    # Cash between cards: the Colonist's income (5 + 1 per colonist on the board).
    assert s.cost(Cash()).money == -(5 + len(s.colonists(0)))
    # A purchase between cards is priced as the Consul buys: the printed goods only.
    slot = max(i for i, c in enumerate(s.display_ids()) if c is not None)
    card = s.display_ids()[slot]
    assert card is not None
    printed = CARD_BY_ID[card].cost
    assert sum(s.cost(BuyCard(card, ("food",))).goods_dict().values()) == len(printed)
    assert s.cost(PlayCard("architect")).money == 0


@pytest.mark.parametrize("card", ["senator", "prefect", "mercator", "diplomat", "architect"])
def test_playing_a_card_opens_its_own_rule(card: str) -> None:
    s = play(game("imperium", 3, 1), f"play {card}")
    opened: object = rules.RULES[s.phase]
    assert opened is rules.RULE_OF_ACTION[CardAction(card)]
