"""The player panels on the right: money, storehouse, houses, hand, discard, badges."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core.data import GOODS, STOREHOUSE_SPACES
from concordia.ui import theme
from concordia.ui.game.cards import card_name
from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.scenes.game import GameScene


class PlayersPanel:
    """Lays out and draws the player panels."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: Where the "thinking" dots of each seat go (set while drawing).
        self.thinking_at: dict[int, tuple[int, int]] = {}

    def tooltip_for(self, seat: int) -> str:
        s = self.scene
        p = s.state.players[seat]
        cfg = s.controller.seats[seat]
        top = s.state.discard(seat)
        tip = t(
            "game.tip.player", name=cfg.name, money=p.money, houses=p.houses_left, hand=len(p.hand)
        )
        if top:
            tip += ". " + t("game.top_discard", card=card_name(top[-1]))
        if s.state.praefectus == seat:
            tip += ". " + t("game.tip.praefectus")
        return tip

    def rects(self) -> list[pygame.Rect]:
        s = self.scene
        r = s.lay.players
        n = len(s.controller.seats)
        h = r.height // max(1, n)
        return [pygame.Rect(r.x + 4, r.y + i * h + 2, r.width - 8, h - 4) for i in range(n)]

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The summary of the player panel under ``pos``."""
        for seat, rect in enumerate(self.rects()):
            if rect.collidepoint(pos):
                return self.tooltip_for(seat)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        state = s.state
        fonts = s.app.fonts
        small = fonts.get(12)
        for seat, rect in enumerate(self.rects()):
            p = state.players[seat]
            cfg = s.controller.seats[seat]
            active = seat == state.current_player
            theme.panel(
                surface,
                rect,
                theme.PANEL_LIGHT if active else theme.PANEL,
                theme.HILITE if active else theme.BORDER,
            )
            bold = fonts.get(14, True)
            row_h = bold.get_linesize()
            top_y = rect.y + s.px(4)
            theme.shape(
                surface,
                s.shape(seat),
                (rect.x + s.px(14), top_y + row_h // 2),
                s.px(8),
                s.colour(seat),
            )
            money = theme.text(
                surface,
                bold,
                t("game.money", n=p.money),
                (rect.right - s.px(8), top_y),
                theme.ACCENT,
                "topright",
            )
            name = cfg.name + ("" if cfg.is_human else f" · {t('kind.' + cfg.kind)}")
            name_x = rect.x + s.px(28)
            name_rect = theme.text(
                surface,
                bold,
                theme.fit(bold, name, money.x - name_x - s.px(40)),
                (name_x, top_y),
            )
            self.thinking_at[seat] = (name_rect.right + s.px(8), name_rect.centery)
            # Storehouse: 12 spaces, goods then waiting colonists.
            items: list[tuple[str, str]] = []
            for g, n in zip(GOODS, p.goods, strict=True):
                items += [("good", g)] * n
            items += [("land", "L")] * p.store[0] + [("sea", "S")] * p.store[1]
            gap = s.px(3)
            size = min(s.px(18), (rect.width - s.px(16)) // STOREHOUSE_SPACES - gap)
            store_y = top_y + row_h + s.px(2)
            for i in range(STOREHOUSE_SPACES):
                cell = pygame.Rect(rect.x + s.px(8) + i * (size + gap), store_y, size, size)
                if i < len(items):
                    kind, what = items[i]
                    if kind == "good":
                        pygame.draw.rect(surface, theme.GOOD_COLOURS[what], cell, border_radius=3)
                    else:
                        pygame.draw.rect(surface, theme.PANEL, cell, border_radius=3)
                        theme.shape(surface, s.shape(seat), cell.center, size // 3, s.colour(seat))
                        theme.text(
                            surface,
                            fonts.get(8, True),
                            what,
                            (cell.right - 1, cell.bottom),
                            theme.TEXT,
                            "bottomright",
                        )
                else:
                    pygame.draw.rect(surface, theme.BORDER, cell, 1, border_radius=3)
            top = state.discard(seat)
            info = (
                f"{t('game.houses_left', n=p.houses_left)} · "
                f"{t('game.hand_size', n=len(p.hand))} · "
                + (t("game.top_discard", card=card_name(top[-1])) if top else t("game.no_discard"))
            )
            info_rect = theme.text(
                surface,
                small,
                theme.fit(small, info, rect.width - s.px(16)),
                (rect.x + s.px(8), store_y + size + s.px(3)),
                theme.TEXT_DIM,
            )
            badges = []
            if state.praefectus == seat:
                badges.append(t("game.praefectus"))
            if state.concordia == seat:
                badges.append(t("game.concordia_card"))
            if badges and info_rect.bottom + small.get_linesize() <= rect.bottom:
                theme.text(
                    surface,
                    small,
                    " · ".join(badges),
                    (rect.x + s.px(8), info_rect.bottom),
                    theme.HILITE,
                )

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Three dots that fill one after another: the AI is thinking."""
        s = self.scene
        lit = int(s.app.time_source() * 3) % 4
        for i in range(3):
            colour = theme.HILITE if i < lit else theme.BORDER
            pygame.draw.circle(surface, colour, (pos[0] + i * 9, pos[1] + 1), 3)
