"""The Mercator trade panel: each good with its price, − / + and the trade button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Trade
from concordia.core.data import GOODS, PRICE
from concordia.ui import theme
from concordia.ui.commands import TradePlan, TradeStep
from concordia.ui.presenters import for_phase
from concordia.ui.strings import t, tn
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView


class TradePanel:
    """Makes the buttons of the trade panel and draws it."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene

    def is_open(self) -> bool:
        """Whether the panel is shown (a human trades now)."""
        s = self.scene
        return (
            s.human_to_act and for_phase(s.state.phase).trades and not s.controller.awaiting_confirm
        )

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether the panel is open and covers ``pos`` (it sits on the board)."""
        return self.is_open() and self.rect().collidepoint(pos)

    def planned(self, good: str, amount: int) -> tuple[Trade, ...]:
        """The trades that make ``amount`` of ``good`` on its row: the trade alone when
        it is legal now; for a purchase that is not, the sales planned on the other rows
        first (the money and the space they give pay for it), when that makes it legal;
        else none."""
        state = self.scene.state
        trade = Trade(good, amount)
        if amount == 0:
            return ()
        legal = state.legal_actions()
        if trade in legal:
            return (trade,)
        if amount < 0:
            return ()
        plan: list[Trade] = []
        for g, n in self.scene.selection.trades.items():
            sale = Trade(g, n)
            if g != good and n < 0 and sale in legal:
                state = state.apply(sale)
                legal = state.legal_actions()
                plan.append(sale)
        return (*plan, trade) if plan and trade in legal else ()

    def amounts(self, good: str) -> list[int]:
        """The amounts the row of ``good`` may be set to (0 excluded): those legal now and
        the purchases the planned sales of the other rows pay for."""
        now = {tr.amount for tr in self.scene.options().trades.get(good, [])}
        top = max(now | {0})
        while self.planned(good, top + 1):
            top += 1
        return sorted(now | set(range(1, top + 1)))

    def step(self, good: str, delta: int) -> None:
        s = self.scene
        amounts = self.amounts(good)
        if not amounts:
            return
        current = s.selection.trades.get(good, 0)
        values = sorted({0, *amounts})
        i = values.index(current) if current in values else values.index(0)
        i = max(0, min(len(values) - 1, i + delta))
        s.selection.trades[good] = values[i]
        s.rebuild()

    def rect(self) -> pygame.Rect:
        s = self.scene
        b = s.lay.board
        w, h = s.px(430), s.px(64 + 40 * len(GOODS) + 30)
        return pygame.Rect(b.right - w - s.px(12), b.bottom - h - s.px(8), w, h)

    def buttons(self) -> None:
        s = self.scene
        r = self.rect()
        for i, good in enumerate(GOODS):
            y = r.y + s.px(56) + i * s.px(40)
            amount = s.selection.trades.get(good, 0)
            enabled = bool(self.amounts(good))
            step = (s.px(32), s.px(30))
            s.buttons.add(
                Button(
                    pygame.Rect((r.x + s.px(180), y), step),
                    "−",
                    TradeStep(good, -1),
                    # A step, not a trade: "Sell 1 brick" beside "Buy 2" read as two
                    # trades (found by hand).
                    t("game.trade_minus", good=t("good." + good), money=PRICE[GOODS.index(good)]),
                    enabled=enabled,
                )
            )
            s.buttons.add(
                Button(
                    pygame.Rect((r.x + s.px(252), y), step),
                    "+",
                    TradeStep(good, 1),
                    t("game.trade_plus", good=t("good." + good), money=PRICE[GOODS.index(good)]),
                    enabled=enabled,
                )
            )
            plan = self.planned(good, amount)
            trade: Trade | TradePlan | None = None
            if len(plan) == 1:
                trade = plan[0]
            elif plan:
                trade = TradePlan(plan)
            money = abs(amount) * PRICE[GOODS.index(good)]
            if amount > 0:
                label = t("game.trade_buy", n=amount, good="", money=money)
                tip = t("game.trade_buy", n=amount, good=tn("good." + good, amount), money=money)
            elif amount < 0:
                label = t("game.trade_sell", n=-amount, good="", money=money)
                tip = t("game.trade_sell", n=-amount, good=tn("good." + good, -amount), money=money)
            else:
                label = tip = "—"
            if isinstance(trade, TradePlan):
                sales = ", ".join(
                    t(
                        "game.trade_sell",
                        n=-a.amount,
                        good=tn("good." + a.good, -a.amount),
                        money=-a.amount * PRICE[GOODS.index(a.good)],
                    )
                    for a in trade.actions[:-1]
                )
                # Both go inside a sentence: "First sell 1 cloth, then buy 2 bricks".
                tip = t("game.trade_after_sales", trade=_lower(tip), sales=_lower(sales))
            s.buttons.add(
                Button(
                    pygame.Rect(r.x + s.px(294), y, s.px(124), s.px(30)),
                    " ".join(label.split()),
                    trade,
                    tip,
                    enabled=trade is not None,
                    size=13,
                )
            )

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        r = self.rect()
        theme.panel(surface, r, theme.PANEL, theme.ACCENT, 8)
        state = view.state
        fonts = s.app.fonts
        seat = state.current_player
        assert seat is not None
        p = state.players[seat]
        theme.text(
            surface,
            fonts.get(15, True),
            t("game.choose_trade"),
            (r.x + s.px(12), r.y + s.px(8)),
        )
        theme.text(
            surface,
            fonts.get(13),
            f"{tn('game.money', p.money)} · {t('game.free_space', n=p.free_space())}",
            (r.x + s.px(12), r.y + s.px(30)),
            theme.ACCENT,
        )
        font = fonts.get(14)
        for i, good in enumerate(GOODS):
            y = r.y + s.px(56) + i * s.px(40)
            pygame.draw.rect(
                surface,
                theme.GOOD_COLOURS[good],
                pygame.Rect(r.x + s.px(12), y + s.px(7), s.px(16), s.px(16)),
                border_radius=3,
            )
            traded = good in state.traded
            theme.text(
                surface,
                font,
                f"{t('good.' + good)} ×{p.goods[GOODS.index(good)]}",
                (r.x + s.px(36), y + s.px(15)),
                theme.TEXT_DIM if traded else theme.TEXT,
                "midleft",
            )
            theme.text(
                surface,
                fonts.get(12),
                t("game.price_each", n=PRICE[GOODS.index(good)]),
                (r.x + s.px(160), y + s.px(15)),
                theme.ACCENT,
                "midright",
            )
            amount = s.selection.trades.get(good, 0)
            theme.text(
                surface,
                font,
                f"{amount:+d}" if amount else "0",
                (r.x + s.px(232), y + s.px(15)),
                theme.TEXT,
                "center",
            )


def _lower(words: str) -> str:
    """``words`` with a small first letter, to go inside a sentence."""
    return words[:1].lower() + words[1:]
