"""Your hand: the cards of the seat whose hand is shown, clickable when playable."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from concordia.core import Phase
from concordia.ui import theme
from concordia.ui.game import hints
from concordia.ui.game.cards import CardButton, draw_card
from concordia.ui.insight import card_worth
from concordia.ui.presenters import card_name, card_tooltip
from concordia.ui.render.cards import FaceReport
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


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

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: What the last paint drew on each card (for layout tests).
        self.reports: list[FaceReport] = []

    def buttons(self) -> None:
        s = self.scene
        seat = s.viewer()
        if seat is None or s.state.phase != Phase.CARD or s.controller.awaiting_confirm:
            return
        opts = s.options()
        for i, slot in enumerate(self.slots(seat)):
            action = opts.hand.get(slot.card)
            if action is not None:
                button = CardButton(
                    slot.hit,
                    card_name(slot.card),
                    action,
                    card_tooltip(slot.card)
                    + "  "
                    + (t("game.tip.hand_key", n=i + 1) if i < 9 else ""),
                )
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
            return [
                HandSlot(card, rect, rect, None)
                for card, rect in (
                    (card, pygame.Rect(area.x + i * (full_w + gap), top, full_w, height))
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
        hint's stars on the cards' corners that would cover it (session 12, by hand: the
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
        for i, slot in enumerate(self.slots(seat)):
            if slot.hit.collidepoint(pos):
                return card_tooltip(slot.card) + (
                    "  " + t("game.tip.hand_key", n=i + 1) if i < 9 else ""
                )
        return None

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        r = s.lay.hand
        pygame.draw.rect(surface, theme.PANEL, r)
        fonts = s.app.fonts
        seat = s.viewer()
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
        playable = s.options().hand if s.human_to_act else {}
        slots = self.slots(seat)
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
            self.reports.append(
                draw_card(
                    surface,
                    fonts,
                    rect,
                    slot.card,
                    s.hover,
                    dim=bool(playable) and slot.card not in playable,
                    key=i + 1 if i < 9 else None,
                    worth=card_worth(s.state, seat, slot.card),
                    spine=spine,
                )
            )
