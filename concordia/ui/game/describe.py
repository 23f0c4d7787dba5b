"""Words for actions: the log lines, the hint and the AI's pending move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from concordia.core import (
    Action,
    GameState,
    Produce,
)
from concordia.ui.presenters import for_action
from concordia.ui.strings import person, t, tn

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts


def addressee(scene: GameParts) -> int | None:
    """The seat the words address in the second person: the human at the screen (the
    only human seat, or in pass-and-play the one whose hand is shown); None when no
    human watches (AIs only)."""
    seat = scene.viewer()
    return seat if scene.controller.seat_is_human(seat) else None


def describe_text(
    scene: GameParts, text: str, seat: int, index: int, viewer: int | None = None
) -> str:
    """The log line of action ``index`` (``text``) by ``seat``, with what it changed;
    ``viewer`` is addressed in the second person."""
    from concordia.core import parse_action

    try:
        action = parse_action(text)
    except ValueError:
        return text
    history = scene.controller.history
    if index + 1 >= len(history):
        return describe(scene, action, seat, viewer=viewer)
    before, after = history[index], history[index + 1]
    line = describe(scene, action, seat, before, viewer)
    return with_changes(scene, line, action, seat, before, after, viewer)


def with_changes(
    scene: GameParts,
    text: str,
    action: Action,
    seat: int,
    before: GameState,
    after: GameState,
    viewer: int | None = None,
) -> str:
    """``text`` followed by what every player gained and paid, read from the two states
    (``+2 cloth (Praefectus Magnus); Marcus +1 wine``): never recomputed from the rules.
    Another seat's change is said of ``viewer`` in the second person ("you +1 wine")."""
    parts: list[str] = []
    for s in [seat] + [x for x in range(before.num_players) if x != seat]:
        change = changes(before, after, s)
        if not change:
            continue
        if s == seat and isinstance(action, Produce) and before.praefectus == s != after.praefectus:
            change += f" ({t('game.praefectus')})"
        if s != seat:
            name = scene.controller.seats[s].name
            change = person("log.change_of", s == viewer, name=name, change=change)
        parts.append(change)
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


@dataclass(frozen=True)
class Names:
    """How the words name the seats and the places (a game scene's, or the review's)."""

    seat: Callable[[int], str]
    place: Callable[[str], str]
    #: The seat addressed in the second person ("You play"), or None: every seat named.
    viewer: int | None = None

    def said(self, key: str, seat: int, **kw: object) -> str:
        """The sentence ``key`` with ``seat`` as its subject: in the second person for
        :attr:`viewer`, else with the seat's name as ``{name}``."""
        return person(key, seat == self.viewer, name=self.seat(seat), **kw)


def scene_names(scene: GameParts, viewer: int | None = None) -> Names:
    """The names a game scene shows (``viewer`` addressed in the second person)."""
    return Names(lambda s: scene.controller.seats[s].name, scene.place_name, viewer)


def describe(
    scene: GameParts,
    action: Action,
    seat: int,
    before: GameState | None = None,
    viewer: int | None = None,
) -> str:
    """One log line for ``action`` by ``seat``; ``viewer`` (by default nobody) is
    addressed in the second person."""
    return describe_with(scene_names(scene, viewer), action, seat, before or scene.state)


def describe_with(names: Names, action: Action, seat: int, before: GameState) -> str:
    """One log line for ``action`` by ``seat`` in the position ``before`` it."""
    return for_action(action).describe(names, action, seat, before)


def turn_words(names: Names, seat: int, actions: tuple[str, ...], start: GameState) -> str:
    """A turn's actions from ``start`` in the log's words, the player named once by the
    caller (found under Xvfb: the review read "move sea roma aleria-cosa, build
    aleria" where the log says "moves a sea colonist to Aleria – Cosa"). An action of
    another seat inside the turn (a forced discard after a Prefect) names that seat,
    as the live log does (found by hand: the opponent's discard read as the player's).
    The Finish that closes a card is left out."""
    from concordia.core import Finish, parse_action

    prefix = names.seat(seat) + " "
    out: list[str] = []
    s = start
    for text in actions:
        try:
            action = parse_action(text, s)
        except ValueError:
            out.append(text)
            continue
        mover = s.current_player if s.current_player is not None else seat
        if not isinstance(action, Finish):
            words = describe_with(names, action, mover, s)
            out.append(words.removeprefix(prefix) if mover == seat else words)
        s = s.apply(action)
    return ", ".join(out)


def place_words(name_of: Callable[[str], str | None], slug: str) -> str:
    """A city's or a province's name (``name_of``; None if not one), a route's (``a-b``)
    both cities'."""
    name = name_of(slug)
    if name is not None:
        return name
    if "-" in slug:
        a, b = slug.split("-", 1)
        return f"{place_words(name_of, a)} – {place_words(name_of, b)}"
    return slug


def describe_choice(
    scene: GameParts, choice: object, seat: int | None, viewer: int | None = None
) -> str:
    """What choosing a targeting :data:`~concordia.ui.targeting.Choice` does, in words
    (``viewer``'s own step in the second person, as a clause: "you move …")."""
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
    text = describe(scene, choice, seat, viewer=viewer)  # type: ignore[arg-type]  # an Action
    # The clause follows "Click:": the second person starts lower case ("you move",
    # "muovi"); a named seat keeps its capital.
    return text[:1].lower() + text[1:] if seat == viewer else text


def describe_place(scene: GameParts, slug: str) -> str:
    """The name of a city, a province or a route (``a-b``: both cities' names)."""

    def name_of(s: str) -> str | None:
        spec = scene.cities.get(s) or scene.provinces.get(s)
        return None if spec is None else spec.name

    return place_words(name_of, slug)
