"""The player panels on the right: money, storehouse, houses, hand, discard, badges."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import insight, theme
from concordia.ui.game.cards import FACES
from concordia.ui.game.describe import addressee
from concordia.ui.presenters import card_name, card_tooltip
from concordia.ui.render.cards import FaceReport, draw_chip
from concordia.ui.render.storehouse import draw_storehouse, storehouse_legend
from concordia.ui.strings import person, t, tn

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView


class PlayersPanel:
    """Lays out and draws the player panels."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene
        #: Where the "thinking" dots of each seat go (set while drawing).
        self.thinking_at: dict[int, tuple[int, int]] = {}
        #: What the last paint drew: the texts with their boxes and the discard chips.
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.reports: list[FaceReport] = []

    def tooltip_for(self, seat: int) -> str:
        s = self.scene
        p = s.state.players[seat]
        cfg = s.controller.seats[seat]
        top = s.state.discard(seat)
        name = cfg.name + ("" if cfg.is_human else f" ({t('kind.' + cfg.kind)})")
        counts = (
            tn("game.money", p.money),
            tn("game.houses_left", p.houses_left),
            tn("game.tip.in_hand", len(p.hand)),
        )
        tip = f"{name}: " + ", ".join(counts)
        if top:
            tip += ". " + t("game.top_discard", card=card_name(top[-1]))
        if s.state.praefectus == seat:
            tip += ". " + t("game.tip.praefectus")
        you = seat == addressee(s)
        vp = person("game.tip.vp", you, name=cfg.name, n=insight.totals(s.state)[seat])
        tip += ". " + vp
        return tip

    def rects(self) -> list[pygame.Rect]:
        s = self.scene
        r = s.lay.players
        n = len(s.controller.seats)
        h = r.height // max(1, n)
        return [pygame.Rect(r.x + 4, r.y + i * h + 2, r.width - 8, h - 4) for i in range(n)]

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The storehouse legend, the top discard card, or the panel's summary."""
        s = self.scene
        for seat, rect in enumerate(self.rects()):
            if not rect.collidepoint(pos):
                continue
            p = s.state.players[seat]
            if self.store_rect(rect).collidepoint(pos):
                return storehouse_legend(p.goods, p.store)
            top = s.state.discard(seat)
            if top and self.chip_rect(rect).collidepoint(pos):
                return card_tooltip(top[-1])
            return self.tooltip_for(seat)
        return None

    def store_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the storehouse row of the panel ``rect`` goes."""
        s = self.scene
        row_h = s.app.fonts.get(14, True).get_linesize()
        top_y = rect.y + s.px(4) + row_h + s.px(2)
        return pygame.Rect(rect.x + s.px(8), top_y, rect.width - s.px(16), s.px(18))

    def chip_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the top discard card is shown in the panel ``rect``."""
        s = self.scene
        store = self.store_rect(rect)
        h = s.px(17)
        w = min(s.px(120), rect.width // 2 - s.px(8))
        return pygame.Rect(rect.right - s.px(8) - w, store.bottom + s.px(4), w, h)

    def final_turn_marks(self) -> list[bool]:
        """Per seat: whether it still has its last turn after the end was triggered (the
        player who ended the game finishes the turn in which it happened)."""
        state = self.scene.state
        n = state.num_players
        marks = [False] * n
        if state.concordia is None or state.is_terminal():
            return marks
        for i in range(state.final_turns):
            seat = (state.turn_player + i) % n
            if seat != state.concordia:
                marks[seat] = True
        return marks

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        marks = self.final_turn_marks()
        state = view.state
        fonts = s.app.fonts
        small = fonts.get(12)
        totals = insight.totals(state)
        self.reports = []
        self.texts = []
        for seat, rect in enumerate(self.rects()):
            p = state.players[seat]
            cfg = s.controller.seats[seat]
            active = seat == view.decider  # the turn owner while End turn waits
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
                tn("game.money", p.money),
                (rect.right - s.px(8), top_y),
                theme.ACCENT,
                "topright",
            )
            # The live total ("if the game ended now", from the core) in a pill.
            vp_text = t("game.vp", n=totals[seat])
            vp_img = theme.render(bold, vp_text, (255, 255, 255))
            pill = vp_img.get_rect()
            pill.inflate_ip(s.px(10), 0)
            pill.midright = (money.x - s.px(8), money.centery)
            pygame.draw.rect(surface, (46, 110, 60), pill, border_radius=pill.height // 2)
            surface.blit(vp_img, vp_img.get_rect(center=pill.center))
            self.texts.append((vp_text, pill))
            level = "" if cfg.is_human else t("kind." + cfg.kind)
            name = cfg.name + (f" · {level}" if level else "")
            name_x = rect.x + s.px(28)
            # An AI seat keeps room for the thinking dots after its name.
            room = pill.x - name_x - s.px(6 if cfg.is_human else 30)
            if bold.size(name)[0] > room:
                # No room beside the name: the level opens the bottom line instead
                # (a hand-played game saw it vanish once the points pill grew).
                name = cfg.name
            else:
                level = ""
            shown = theme.fit(bold, name, room)
            name_rect = theme.text(surface, bold, shown, (name_x, top_y))
            self.texts.append((shown, name_rect))
            self.thinking_at[seat] = (name_rect.right + s.px(8), name_rect.centery)
            store = self.store_rect(rect)
            draw_storehouse(
                surface, store, p.goods, p.store, s.colour(seat), s.shape(seat), FACES.text
            )
            top = state.discard(seat)
            chip = self.chip_rect(rect)
            info = (
                f"{tn('game.houses_left', p.houses_left)} · {tn('game.hand_hidden', len(p.hand))}"
            )
            info_rect = theme.text(
                surface,
                small,
                theme.fit(small, info, chip.x - rect.x - s.px(12)),
                (rect.x + s.px(8), chip.centery),
                theme.TEXT_DIM,
                "midleft",
            )
            self.texts.append((info, info_rect))
            if top:
                self.reports.append(draw_chip(FACES, surface, chip, top[-1]))
            else:
                theme.text(
                    surface, small, t("game.no_discard"), chip.midleft, theme.TEXT_DIM, "midleft"
                )
            badges = []
            if state.praefectus == seat:
                badges.append(t("game.praefectus"))
            if state.concordia == seat:
                badges.append(t("game.concordia_card"))
            if marks[seat]:
                badges.append(t("game.final_turn_mark"))
            line_y = max(info_rect.bottom, chip.bottom) + s.px(1)
            if (badges or level) and line_y + small.get_linesize() <= rect.bottom:
                x = rect.x + s.px(8)
                if level:
                    shown_level = level + (" · " if badges else "")
                    level_rect = theme.text(
                        surface, small, shown_level, (x, line_y), theme.TEXT_DIM
                    )
                    self.texts.append((level, level_rect))
                    x = level_rect.right
                if badges:
                    text = " · ".join(badges)
                    self.texts.append(
                        (text, theme.text(surface, small, text, (x, line_y), theme.HILITE))
                    )

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Three dots that fill one after another: the AI is thinking."""
        s = self.scene
        lit = int(s.app.time_source() * 3) % 4
        for i in range(3):
            colour = theme.HILITE if i < lit else theme.BORDER
            pygame.draw.circle(surface, colour, (pos[0] + i * 9, pos[1] + 1), 3)
