"""Your hand: the cards of the seat whose hand is shown, clickable when playable."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.game.cards import CardButton, card_name, card_tooltip, draw_card
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


class HandView:
    """Lays out, draws and makes the buttons of the hand row."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene

    def buttons(self) -> None:
        s = self.scene
        seat = s.viewer()
        if seat is None or s.state.phase != "card" or s.controller.awaiting_confirm:
            return
        opts = s.options()
        for i, (rect, card) in enumerate(self.rects(seat)):
            action = opts.hand.get(card)
            if action is not None:
                s.buttons.add(
                    CardButton(
                        rect,
                        card_name(card),
                        action,
                        card_tooltip(card)
                        + "  "
                        + (t("game.tip.hand_key", n=i + 1) if i < 9 else ""),
                    )
                )

    def rects(self, seat: int) -> list[tuple[pygame.Rect, str]]:
        s = self.scene
        hand = s.state.hand(seat)
        area = s.lay.hand.inflate(-s.px(16), -s.px(8))
        label_h = s.app.fonts.get(12, True).get_linesize()
        top = s.lay.hand.y + s.px(3) + label_h
        n = max(1, len(hand))
        gap = s.px(6)
        w = min(s.px(104), (area.width - (n - 1) * gap) // n)
        return [
            (pygame.Rect(area.x + i * (w + gap), top, w, area.bottom - top), card)
            for i, card in enumerate(hand)
        ]

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The full text of the hand card under ``pos``."""
        seat = self.scene.viewer()
        if seat is None:
            return None
        for i, (rect, card) in enumerate(self.rects(seat)):
            if rect.collidepoint(pos):
                return card_tooltip(card) + (
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
        cfg = s.controller.seats[seat]
        theme.text(
            surface,
            fonts.get(12, True),
            f"{t('game.your_hand')} — {cfg.name}",
            (r.x + s.px(8), r.y + s.px(3)),
            theme.TEXT_DIM,
        )
        playable = s.options().hand if s.human_to_act else {}
        for i, (rect, card) in enumerate(self.rects(seat)):
            draw_card(
                surface,
                fonts,
                rect,
                card,
                s.hover,
                dim=bool(playable) and card not in playable,
                key=i + 1 if i < 9 else None,
            )
