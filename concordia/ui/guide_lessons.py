"""What the guide teaches after its script: :data:`LESSONS`, each shown once when
:data:`LESSON_WHEN` says its moment has come in the game (the cards the script never
plays, the storehouse, the end; the guide shows one a turn at most, so some wait for a
later turn), and the words that say how a god scores."""

from __future__ import annotations

from collections.abc import Callable

from concordia.core import GameState, Phase
from concordia.core.data import CARD_BY_ID, CardDef
from concordia.ui import strings
from concordia.ui.rules_pages import GOD_SCORING
from concordia.ui.strings import t

#: What the guide teaches after its script, each once, when it first comes up in the
#: game (``guide.lesson.KEY``; :data:`LESSON_WHEN` says when), in this order.
LESSONS: tuple[str, ...] = (
    "diplomat",
    "colonist",
    "specialist",
    "consul",
    "storehouse",
    "game_end",
    "concordia",
)

#: A full storehouse is taught when this many of its 12 spaces are used.
STOREHOUSE_WARN = 10


def _choosing(state: GameState, seat: int) -> bool:
    """``seat`` is about to choose a card (the start of its turn)."""
    return state.phase == Phase.CARD and state.turn_player == seat


def _cards_in_sight(state: GameState, seat: int) -> list[CardDef]:
    """The cards ``seat`` can see to play or buy: its hand and the display."""
    ids = state.hand(seat) + [c for c in state.display_ids() if c is not None]
    return [CARD_BY_ID[c] for c in ids]


def _action_in_sight(action: str) -> Callable[[GameState, int], bool]:
    def when(state: GameState, seat: int) -> bool:
        return _choosing(state, seat) and any(
            d.action == action for d in _cards_in_sight(state, seat)
        )

    return when


def _diplomat_due(state: GameState, seat: int) -> bool:
    return (
        _choosing(state, seat)
        and any(CARD_BY_ID[c].action == "diplomat" for c in state.hand(seat))
        and any(state.discard(other) for other in range(state.num_players) if other != seat)
    )


def _storehouse_due(state: GameState, seat: int) -> bool:
    if state.phase == Phase.OVERFLOW and state.current_player == seat:
        return True
    return _choosing(state, seat) and state.players[seat].used_space() >= STOREHOUSE_WARN


#: The end is taught when this few cards are left to buy (draw pile and display), or
#: when someone has this few houses left to build.
END_NEAR_CARDS = 3
END_NEAR_HOUSES = 3


def _end_due(state: GameState, seat: int) -> bool:
    cards_left = state.deck_size + sum(1 for c in state.display_ids() if c is not None)
    near = (
        cards_left <= END_NEAR_CARDS or min(p.houses_left for p in state.players) <= END_NEAR_HOUSES
    )
    return _choosing(state, seat) and near and state.concordia is None


#: When each of :data:`LESSONS` is due, from the position and the guided player's seat.
LESSON_WHEN: dict[str, Callable[[GameState, int], bool]] = {
    "diplomat": _diplomat_due,
    "colonist": _action_in_sight("colonist"),
    "specialist": _action_in_sight("specialist"),
    "consul": _action_in_sight("consul"),
    "storehouse": _storehouse_due,
    "game_end": _end_due,
    "concordia": lambda state, seat: state.concordia is not None,
}


def god_text(god: str, key: str = "guide.god") -> str:
    """How ``god``'s cards score, in the words of the rules reference (``key``: the
    sentence around them, "this one is …'s" or "they are …'s")."""
    lang = strings.language() if strings.language() in GOD_SCORING else "en"
    return t(key, god=t("god." + god), scoring=GOD_SCORING[lang][god])


def lesson_text(key: str, state: GameState, seat: int, names: list[str]) -> str:
    """The words of lesson ``key`` for the guided player ``seat`` (``names``: the
    seats' names)."""
    if key == "concordia" and state.concordia is not None:
        if state.concordia == seat:
            return t("guide.lesson.concordia_you")
        return t("guide.lesson.concordia", name=names[state.concordia])
    body = t("guide.lesson." + key)
    if key == "specialist":
        body += "\n" + god_text("Minerva", "guide.god_these")
    return body
