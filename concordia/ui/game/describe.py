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
from concordia.ui.strings import t, tn

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


def describe_text(scene: GameScene, text: str, seat: int, index: int) -> str:
    from concordia.core import parse_action

    try:
        action = parse_action(text)
    except ValueError:
        return text
    history = scene.controller.history
    if index + 1 >= len(history):
        return describe(scene, action, seat)
    before, after = history[index], history[index + 1]
    return with_changes(scene, describe(scene, action, seat, before), action, seat, before, after)


def with_changes(
    scene: GameScene, text: str, action: Action, seat: int, before: GameState, after: GameState
) -> str:
    """``text`` followed by what every player gained and paid, read from the two states
    (``+2 cloth (Praefectus Magnus); Marcus +1 wine``): never recomputed from the rules."""
    parts: list[str] = []
    for s in [seat] + [x for x in range(before.num_players) if x != seat]:
        change = changes(before, after, s)
        if not change:
            continue
        if s == seat and isinstance(action, Produce) and before.praefectus == s != after.praefectus:
            change += f" ({t('game.praefectus')})"
        parts.append(change if s == seat else f"{scene.controller.seats[s].name} {change}")
    if not parts:
        return text
    return f"{text}: " + "; ".join(parts)


def changes(before: GameState, after: GameState, seat: int) -> str:
    """What ``seat`` gained and paid between two states: money, then goods, then
    colonists from the storehouse, e.g. ``+2 cloth, −3 sestertii``."""
    from concordia.core.data import GOODS

    a, b = before.players[seat], after.players[seat]
    out: list[str] = []
    gains = [(n, g) for g, n in ((g, b.goods[i] - a.goods[i]) for i, g in enumerate(GOODS))]
    for n, g in gains:
        if n > 0:
            out.append(f"+{n} {tn('good.' + g, n)}")
    if b.money > a.money:
        out.append("+" + tn("game.money", b.money - a.money))
    for n, g in gains:
        if n < 0:
            out.append(f"−{-n} {tn('good.' + g, -n)}")
    if b.money < a.money:
        out.append("−" + tn("game.money", a.money - b.money))
    return ", ".join(out)


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
        n = abs(action.amount)
        return t(key, name=name, n=n, good=tn("good." + action.good, n))
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
            "game.tip.select_colonist",
            kind=t("game.kind_" + choice.kind),
            src=scene.place_name(choice.src),
        )
    if isinstance(choice, ChoosePlace):
        return t("game.tip.place_city", city=scene.place_name(choice.city))
    if seat is None:
        return str(choice)
    return describe(scene, choice, seat)  # type: ignore[arg-type]  # an Action


def describe_place(scene: GameScene, slug: str) -> str:
    """The name of a city, a province or a route (``a-b``: both cities' names)."""
    if slug in scene.cities:
        return scene.cities[slug].name
    if slug in scene.provinces:
        return scene.provinces[slug].name
    if "-" in slug:
        a, b = slug.split("-", 1)
        return f"{describe_place(scene, a)} – {describe_place(scene, b)}"
    return slug
