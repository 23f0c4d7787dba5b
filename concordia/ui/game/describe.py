"""Words for actions: the log lines, the hint and the AI's pending move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import (
    Action,
    Build,
    BuyCard,
    Cash,
    Copy,
    Discard,
    GameState,
    Move,
    Place,
    PlayCard,
    Produce,
    Trade,
)
from concordia.ui.game.cards import card_name
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


def describe_text(scene: GameScene, text: str, seat: int, index: int) -> str:
    from concordia.core import parse_action

    try:
        action = parse_action(text)
    except ValueError:
        return text
    history = scene.controller.history
    return describe(scene, action, seat, history[index] if index < len(history) else None)


def describe(scene: GameScene, action: Action, seat: int, before: GameState | None = None) -> str:
    """One log line for ``action`` by ``seat``."""
    name = scene.controller.seats[seat].name
    if isinstance(action, PlayCard):
        return t("log.play", name=name, card=card_name(action.card))
    if isinstance(action, Move):
        return t(
            "log.move",
            name=name,
            kind=t("game.kind_" + action.kind),
            dst=scene.place_name(action.dst),
        )
    if isinstance(action, Build):
        return t("log.build", name=name, city=scene.place_name(action.city))
    if isinstance(action, Produce):
        return t("log.produce", name=name, province=scene.place_name(action.province))
    if isinstance(action, Cash):
        return t("log.cash", name=name)
    if isinstance(action, Trade):
        key = "log.trade_buy" if action.amount > 0 else "log.trade_sell"
        return t(key, name=name, n=abs(action.amount), good=t("good." + action.good))
    if isinstance(action, Place):
        return t(
            "log.place",
            name=name,
            kind=t("game.kind_" + action.kind),
            city=scene.place_name(action.city),
        )
    if isinstance(action, Copy):
        before = before or scene.state
        pile = before.discard(action.seat)
        return t(
            "log.copy",
            name=name,
            card=card_name(pile[-1]) if pile else "?",
            other=scene.controller.seats[action.seat].name,
        )
    if isinstance(action, BuyCard):
        return t("log.buy", name=name, card=card_name(action.card))
    if isinstance(action, Discard):
        return t("log.discard", name=name, good=t("good." + action.good))
    return t("log.finish", name=name)


def describe_choice(scene: GameScene, choice: object, seat: int | None) -> str:
    """What choosing a targeting :data:`~concordia.ui.targeting.Choice` does, in words."""
    from concordia.ui.targeting import ChoosePlace, SelectColonist

    if isinstance(choice, SelectColonist):
        return t(
            "game.moving", kind=t("game.kind_" + choice.kind), src=scene.place_name(choice.src)
        )
    if isinstance(choice, ChoosePlace):
        return t("game.tip.place_city", city=scene.place_name(choice.city))
    if seat is None:
        return str(choice)
    return describe(scene, choice, seat)  # type: ignore[arg-type]  # an Action
