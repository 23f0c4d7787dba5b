"""Your hand: the cards of the seat whose hand is shown, clickable when playable."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from concordia.core import Phase
from concordia.core.data import CARD_BY_ID
from concordia.core.rules import PLAY_KEY
from concordia.ui import theme
from concordia.ui.game import hints
from concordia.ui.game.cards import CardButton, draw_card
from concordia.ui.input import HandCard, Intent, Key
from concordia.ui.insight import card_worth
from concordia.ui.presenters import card_name, card_tooltip
from concordia.ui.render.cards import FaceReport
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView

#: The key of each position of the hand: 1-9, 0, then the letters (H asks for a hint and
#: Ctrl+Z undoes, so neither is a card's). Every card of a hand of any size gets one.
HAND_KEYS = "1234567890abcdefgijklmnopqrstuvwxy"

#: The widest a hand card grows when the row has room, as its width / height.
MAX_CARD_SHAPE = 1.75


def key_label(i: int) -> str | None:
    """What the ``i``-th card (0-based) of the hand shows and the key that plays it."""
    return HAND_KEYS[i].upper() if 0 <= i < len(HAND_KEYS) else None


def hand_keys(hand: Sequence[str]) -> list[int]:
    """The key (an index into :data:`HAND_KEYS`) of each card of ``hand``, in order.

    Cards that play alike (the starting Diplomat and a bought one, two Prefects) get
    one action from the core, which discards the first of them in hand order; they
    share that first card's key, so a key always plays a card that shows it (found by
    hand: 7 labelled the second Diplomat and played the first). Each other card takes
    the next key, so the keys run 1, 2, 3… without a gap."""
    first: dict[tuple[str, int, str | None], int] = {}
    out = []
    for card in hand:
        play = PLAY_KEY[CARD_BY_ID[card].index]
        out.append(first.setdefault(play, len(first)))
    return out


def card_for_key(hand: Sequence[str], key: int) -> int | None:
    """The position in ``hand`` of the first card showing key ``key`` (the one the
    core's action plays), or None when no card shows it."""
    keys = hand_keys(hand)
    return keys.index(key) if key in keys else None


def key_index(intent: Intent) -> int | None:
    """The hand position (0-based) a key press names, or None: digits arrive as
    :class:`HandCard` (0 as the tenth), letters as :class:`Key` with their text."""
    if isinstance(intent, HandCard):
        return intent.n - 1 if 1 <= intent.n <= 10 else None
    if isinstance(intent, Key) and len(intent.text) == 1:
        ch = intent.text.lower()
        if ch.isalpha() and ch in HAND_KEYS:
            return HAND_KEYS.index(ch)
    return None


def god_named(report: FaceReport, card: str) -> bool:
    """Whether a drawn face wrote its god's name (narrow cards show only the symbol)."""
    name = t("god." + CARD_BY_ID[card].god)
    return any(text == name for text, _ in report.texts)


def _chip(
    surface: pygame.Surface, font: pygame.font.Font, label: str, centre: tuple[int, int]
) -> pygame.Rect:
    """A key's label on a dark chip, readable on any card colour."""
    img = font.render(label, True, theme.TEXT)
    w = max(img.get_width() + 6, img.get_height())
    box = pygame.Rect(0, 0, w, img.get_height() + 2)
    box.center = centre
    pygame.draw.rect(surface, theme.HINT_RING_SHADOW, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, theme.TEXT_DIM, box, 1, border_radius=box.height // 2)
    surface.blit(img, img.get_rect(center=box.center))
    return box


@dataclass(frozen=True)
class HandSlot:
    """One card of the hand: its full rectangle, the part a click hits, and the width
    of the strip that shows when the next card overlaps it (None: shown whole)."""

    card: str
    rect: pygame.Rect
    hit: pygame.Rect
    spine: int | None


class HandView:
    """Lays out, draws and makes the buttons of the hand row."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene
        #: What the last paint drew on each card (for layout tests).
        self.reports: list[FaceReport] = []
        self._chips: list[tuple[str, pygame.Rect]] = []

    def buttons(self) -> None:
        s = self.scene
        seat = s.viewer()
        if seat is None or s.state.phase != Phase.CARD or s.controller.awaiting_confirm:
            return
        opts = s.options()
        keys = hand_keys(s.state.hand(seat))
        for i, slot in enumerate(self.slots(seat)):
            action = opts.hand.get(slot.card)
            if action is not None:
                tip = self.tip(keys[i], slot.card)
                button = CardButton(slot.hit, card_name(slot.card), action, tip)
                button.whole = slot.rect if slot.hit != slot.rect else None
                s.buttons.add(button)

    def slots(self, seat: int) -> list[HandSlot]:
        """Where each card of the hand is drawn. When they do not fit side by side they
        overlap: each shows a strip (its ``hit`` area, with the name written upwards)
        and the last one is whole."""
        s = self.scene
        hand = s.state.hand(seat)
        area = s.lay.hand.inflate(-s.px(16), -s.px(8))
        label_h = s.app.fonts.get(12, True).get_linesize()
        top = s.lay.hand.y + s.px(3) + label_h
        n = max(1, len(hand))
        gap = s.px(6)
        full_w = s.px(104)
        height = area.bottom - top
        if n * full_w + (n - 1) * gap <= area.width:
            # The cards grow to share the row, up to a shape still read as a card
            # (found at 1920x1080: six cards left half of the row empty).
            grown = (area.width - (n - 1) * gap) // n
            w = max(full_w, min(grown, round(height * MAX_CARD_SHAPE)))
            return [
                HandSlot(card, rect, rect, None)
                for card, rect in (
                    (card, pygame.Rect(area.x + i * (w + gap), top, w, height))
                    for i, card in enumerate(hand)
                )
            ]
        w = min(full_w, max(s.px(96), area.width // 3))
        step = (area.width - w) // max(1, n - 1)
        if step >= w + gap:  # (cannot happen, but keep the cards apart if it did)
            step = w + gap
        out: list[HandSlot] = []
        for i, card in enumerate(hand):
            rect = pygame.Rect(area.x + i * step, top, w, height)
            last = i == len(hand) - 1
            hit = rect if last else pygame.Rect(rect.x, rect.y, step, height)
            out.append(HandSlot(card, rect, hit, None if last else step))
        return out

    def rects(self, seat: int) -> list[tuple[pygame.Rect, str]]:
        """The full rectangle of each card (overlapping when the hand is long)."""
        return [(slot.rect, slot.card) for slot in self.slots(seat)]

    def hovered(self, seat: int) -> int | None:
        """The index of the card whose strip is under the pointer (raised, drawn whole)."""
        pos = self.scene.hover
        if pos is None:
            return None
        for i, slot in enumerate(self.slots(seat)):
            if slot.hit.collidepoint(pos):
                return i
        return None

    def label(self, seat: int) -> str:
        """The words over the hand: whose hand it is."""
        return f"{t('game.your_hand')} — {self.scene.controller.seats[seat].name}"

    def label_rect(self, seat: int) -> pygame.Rect:
        """Where :meth:`label` is written: at the hand's top left, or right of the
        hint's stars on the cards' corners that would cover it (found by hand: the
        star on the first card hid the player's name)."""
        s = self.scene
        w, h = s.app.fonts.get(12, True).size(self.label(seat))
        box = pygame.Rect(s.lay.hand.x + s.px(8), s.lay.hand.y + s.px(3), w, h)
        discs = []
        for b in s.hint_buttons():
            (cx, cy), r = hints.star_disc(s, b.rect)
            discs.append(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r))
        for disc in sorted(discs, key=lambda d: d.x):
            if disc.colliderect(box):
                box.x = disc.right + s.px(6)
        return box

    def cache_key(self) -> tuple[object, ...]:
        """What the hand's picture depends on besides the position (for the panel cache)."""
        s = self.scene
        seat = s.viewer()
        return (
            seat,
            s.human_to_act,
            s.controller.committed,
            None if seat is None else self.hovered(seat),
            None if seat is None else self.label_rect(seat).x,
        )

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The full text of the hand card under ``pos``."""
        seat = self.scene.viewer()
        if seat is None:
            return None
        keys = hand_keys(self.scene.state.hand(seat))
        for i, slot in enumerate(self.slots(seat)):
            if slot.hit.collidepoint(pos):
                return self.tip(keys[i], slot.card)
        return None

    @staticmethod
    def tip(key: int, card: str) -> str:
        """The tooltip of a card: its text and the key that plays it (``key``: see
        :func:`hand_keys`)."""
        label = key_label(key)
        return card_tooltip(card) + ("  " + t("game.tip.hand_key", n=label) if label else "")

    def key_chips(self) -> list[tuple[str, pygame.Rect]]:
        """Where the last paint wrote each card's key (for layout tests)."""
        return list(self._chips)

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        r = s.lay.hand
        pygame.draw.rect(surface, theme.PANEL, r)
        fonts = s.app.fonts
        seat = view.viewer
        if seat is None:
            return
        theme.text(
            surface,
            fonts.get(12, True),
            self.label(seat),
            self.label_rect(seat).topleft,
            theme.TEXT_DIM,
        )
        self.reports = []
        self._chips = []
        playable = s.options().hand if view.human_to_act else {}
        slots = self.slots(seat)
        keys = hand_keys([slot.card for slot in slots])
        raised = self.hovered(seat)
        order = [i for i in range(len(slots)) if i != raised] + (
            [raised] if raised is not None else []
        )
        for i in order:
            slot = slots[i]
            rect = slot.rect
            spine = slot.spine
            if i == raised and spine is not None:
                # The hovered card rises a little and is shown whole.
                rect = rect.move(0, -s.px(6))
                rect.right = min(rect.right, r.right - s.px(2))
                spine = None
            label = key_label(keys[i])
            report = draw_card(
                surface,
                fonts,
                rect,
                slot.card,
                view.hover,
                dim=bool(playable) and slot.card not in playable,
                key=None,
                worth=card_worth(view.state, seat, slot.card),
                spine=spine,
            )
            self.reports.append(report)
            if label is not None:
                centre = self.chip_centre(rect, spine, god_named(report, slot.card))
                self._chips.append((label, _chip(surface, self.chip_font(), label, centre)))

    def chip_font(self) -> pygame.font.Font:
        return self.scene.app.fonts.get(12, True)

    def chip_centre(
        self, rect: pygame.Rect, spine: int | None, named: bool = True
    ) -> tuple[int, int]:
        """Where a card's key is written: on an overlapped card in the free middle of the
        strip's right column (under the action icon, over the worth). On a whole card in
        the god's band: over the god's symbol when the god's name is written beside it
        (``named``), else (a narrow card, whose band holds the symbol and the action
        icon) in the band's free middle, so the symbol still tells the god."""
        if spine is not None and spine < rect.width:
            name_w = max(11, round(spine * 0.42))  # the face's coloured name column
            return (rect.x + (name_w + 2 + spine) // 2, rect.y + round(rect.height * 0.66))
        band_h = max(12, round(rect.height * 0.2))  # the face's god band
        pad = max(2, round(rect.width * 0.04))
        if named:
            return (rect.x + pad + band_h // 2, rect.y + band_h // 2)
        return (rect.x + round(rect.width * 0.58), rect.y + band_h // 2)
