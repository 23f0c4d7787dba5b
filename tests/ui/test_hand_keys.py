"""Every card of a hand of any size has a key and shows it, overlapped or whole, and
the key plays the card it labels."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_helpers import draw, find_actions, game_scene, send

from concordia.core import GameState
from concordia.core.data import CARD_BY_ID
from concordia.ui import strings
from concordia.ui.game.hand import HAND_KEYS, god_named, hand_keys, key_index, key_label
from concordia.ui.input import HandCard, InputMapper, Key
from concordia.ui.presenters import card_name
from concordia.ui.render.cards import GOD_SYMBOLS
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")


def _long_hand(n: int) -> list[str]:
    def want(s: GameState) -> bool:
        return s.phase == "card" and s.turn_player == 0 and len(s.hand(0)) >= n

    return find_actions(["human", "human"], 3, want, tries=200, max_steps=6000)


def _distinct_hand(n: int) -> list[str]:
    def want(s: GameState) -> bool:
        return s.phase == "card" and s.turn_player == 0 and len(set(hand_keys(s.hand(0)))) >= n

    return find_actions(["human", "human"], 3, want, tries=200, max_steps=6000)


def test_key_labels_run_1_to_9_then_0_then_letters_without_h() -> None:
    labels = [key_label(i) for i in range(len(HAND_KEYS))]
    assert labels[:10] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
    assert labels[10:13] == ["A", "B", "C"] and "H" not in labels and "Z" not in labels
    assert len(set(labels)) == len(labels) >= 30
    assert key_label(len(HAND_KEYS)) is None
    # the keys come back to the same positions
    assert key_index(HandCard(1)) == 0 and key_index(HandCard(10)) == 9
    assert key_index(Key(pygame.K_a, "a")) == 10 and key_index(Key(pygame.K_h, "h")) is None
    for i, ch in enumerate(HAND_KEYS[10:], 10):
        assert key_index(Key(ord(ch), ch)) == i


def test_the_zero_key_is_the_tenth_card() -> None:
    mapper = InputMapper()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0, mod=0, unicode="0"))
    assert HandCard(10) in mapper.poll()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_every_card_of_a_long_hand_shows_its_key_on_its_visible_part(
    size: tuple[int, int],
) -> None:
    app, scene = game_scene(["human", "human"], 3, _long_hand(12), size=size)
    app.mouse = None
    scene.hover = None
    draw(app)
    slots = scene.hand.slots(0)
    assert len(slots) >= 12
    chips = scene.hand.key_chips()
    keys = hand_keys([slot.card for slot in slots])
    assert [label for label, _ in chips] == [key_label(k) for k in keys]
    for i, (slot, (label, chip)) in enumerate(zip(slots, chips, strict=True)):
        assert slot.hit.contains(chip), (i, label, slot.hit, chip)
        for later in slots[i + 1 :]:  # no later card is drawn over it
            assert not later.rect.colliderect(chip), (i, label)
        tip = scene.hand.tooltip(chip.center)  # the tooltip names the key too
        assert tip is not None and tip.endswith(t("game.tip.hand_key", n=label)), tip


def test_the_tenth_and_eleventh_keys_play_their_cards() -> None:
    app, scene = game_scene(["human", "human"], 3, _distinct_hand(11))
    hand = scene.state.hand(0)
    keys = hand_keys(hand)
    assert max(keys) >= 10, keys  # the hand needs 11 keys
    for key, intent in ((9, HandCard(10)), (10, Key(pygame.K_a, "a"))):
        card = hand[keys.index(key)]
        action = scene.options().hand.get(card)
        assert action is not None, card
        send(app, intent)
        assert scene.controller.actions[-1] == str(action)
        assert CARD_BY_ID[action.card].name == CARD_BY_ID[card].name
        scene.undo()
        assert scene.state.hand(0) == hand


def _press(label: str) -> HandCard | Key:
    if label.isdigit():
        return HandCard(10 if label == "0" else int(label))
    return Key(ord(label.lower()), label.lower())


def _two_alike_faces(s: GameState) -> bool:
    """A hand holding two different cards that play alike (the starting Diplomat and a
    bought one, say: the core offers one action for both)."""
    if s.phase != "card" or s.turn_player != 0:
        return False
    hand = s.hand(0)
    return any(a != b and CARD_BY_ID[a].name == CARD_BY_ID[b].name for a in hand for b in hand)


@pytest.mark.parametrize(
    ("seed", "actions"),
    [
        pytest.param(3, lambda: _long_hand(12), id="long hand"),
        pytest.param(
            2,
            lambda: find_actions(["human", "human"], 2, _two_alike_faces, tries=200),
            id="two alike faces",
        ),
    ],
)
def test_a_key_plays_exactly_the_card_it_labels(
    seed: int, actions: Callable[[], list[str]]
) -> None:
    """Found by hand: 7 labelled the second Diplomat and played the first (the core offers
    one action for cards that play alike). Alike cards show the same key, so the card a
    key plays always carries that key; the keys run on without a gap."""
    app, scene = game_scene(["human", "human"], seed, actions())
    app.mouse = None
    scene.hover = None
    draw(app)
    hand = scene.state.hand(0)
    labels = [label for label, _ in scene.hand.key_chips()]
    assert len(labels) == len(hand)
    distinct = list(dict.fromkeys(labels))
    assert distinct == [key_label(i) for i in range(len(distinct))]  # 1, 2, 3… no gap
    for index, card in enumerate(hand):
        label = labels[index]
        action = scene.state.play_for_card(card)
        assert action is not None
        twins = [i for i, c in enumerate(hand) if scene.state.play_for_card(c) == action]
        # alike cards share a key, other cards never do
        assert [i for i, lab in enumerate(labels) if lab == label] == twins, (index, labels)
        tip = scene.hand.tooltip(scene.hand.key_chips()[index][1].center)
        assert tip is not None and tip.endswith(t("game.tip.hand_key", n=label)), tip
        send(app, _press(label))
        played = scene.controller.actions[-1].split()[1]
        assert played in [hand[i] for i in twins] and labels[hand.index(played)] == label
        scene.undo()
        draw(app)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_whole_cards_key_leaves_its_god_told(size: tuple[int, int], lang: str) -> None:
    """On a narrow card the band holds only the god's symbol (no name): the key chip
    must not cover it, and never the card's name."""
    app, scene = game_scene(["human", "human"], 3, _long_hand(7), size=size)
    strings.set_language(lang)  # after the app, which sets its settings' language
    try:
        app.mouse = None
        scene.hover = None
        draw(app)
        slots = scene.hand.slots(0)
        chips = scene.hand.key_chips()
        assert all(slot.spine is None for slot in slots)  # every card whole
        for slot, report, (label, chip) in zip(slots, scene.hand.reports, chips, strict=True):
            god = CARD_BY_ID[slot.card].god
            boxes = dict(report.texts)
            symbol = boxes.get(GOD_SYMBOLS[god])
            if not god_named(report, slot.card):
                assert symbol is not None and not chip.colliderect(symbol), (label, slot.card)
            name = boxes.get(card_name(slot.card))
            assert name is not None and not chip.colliderect(name), (label, slot.card)
    finally:
        strings.set_language("en")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_key_help_names_the_keys_beyond_nine(lang: str) -> None:
    # By hand: the key help said "1–9 hand" while the tenth card is 0 and later ones letters.
    strings.set_language(lang)
    try:
        help_text = t("game.shortcuts")
    finally:
        strings.set_language("en")
    assert key_label(9) == "0" and f"1–9, {key_label(9)}, {key_label(10)}…" in help_text
