"""The action bar: the choices of the current step (left) and the commands (right)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Move
from concordia.ui import theme
from concordia.ui.commands import Command
from concordia.ui.game import hints
from concordia.ui.game.cards import CardChoiceButton
from concordia.ui.presenters import Choice, for_phase
from concordia.ui.strings import t, tn
from concordia.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView


class ActionBar:
    """Makes the buttons of the action bar and draws the bar with the prompt."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene
        #: The Architect's colonists in a fixed order (each follows its moves), and the
        #: step it belongs to: the buttons keep their places while colonists move.
        self._order: list[tuple[str, str]] = []
        self._order_step = -1

    def colonist_order(self) -> list[tuple[str, str]]:
        """The movable colonists (kind, where) in a stable order: by colonist, as they
        were when the card was played, each following its own moves."""
        s = self.scene
        keys = list(s.options().moves)
        if s.state.step != self._order_step or not set(keys) <= set(self._order):
            self._order = list(keys)
            self._order_step = s.state.step
        return [k for k in self._order if k in keys]

    def moved(self, action: Move, step: int) -> None:
        """A colonist moved (the scene submitted ``action``; the new state is ``step``)."""
        if self._order_step == step - 1:
            self._order = [
                (k, action.dst) if (k, w) == (action.kind, action.src) else (k, w)
                for k, w in self._order
            ]
            # Other colonists keep their order; every (kind, where) pair of the new
            # position that the card can still move is placed after them.
            self._order_step = step

    def _bar(self) -> Bar:
        s = self.scene
        return Bar(s.buttons, s.lay.actions, s.app.fonts)

    def buttons(self) -> None:
        s = self.scene
        bar = self._bar()
        c = s.controller
        if c.can_undo():
            bar.add_right(t("game.undo"), Command.UNDO, t("game.tip.undo"))
        if c.awaiting_confirm:
            bar.add_right(t("game.end_turn"), Command.END_TURN, t("game.tip.end_turn"), accent=True)
            return
        hint = hints.current_hint(s)
        bar.add_right(
            t("game.hint_wait") if hint is not None and not hint.done else t("game.hint"),
            Command.HINT,
            t("game.tip.hint"),
        )
        opts = s.options()
        state = s.state
        if opts.finish is not None:
            bar.add_right(t("game.finish"), opts.finish, t("game.tip.finish"))
        if opts.cash is not None:
            amount = -state.cost(opts.cash).money
            bar.add(tn("game.cash", amount), opts.cash, tn("game.cash", amount))
        presenter = for_phase(state.phase)
        bar.add_choices(presenter.choices(s))
        if presenter.trades:
            s.trade.buttons()

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        r = s.lay.actions
        pygame.draw.rect(surface, theme.PANEL_LIGHT, r)
        left = min((b.rect.x for b in s.buttons.buttons if r.contains(b.rect)), default=r.right)
        status = s.top.status()
        first_bar_button = min(
            (b.rect.x for b in s.buttons.buttons if r.contains(b.rect) and b.rect.x < r.centerx),
            default=None,
        )
        if first_bar_button is not None and first_bar_button < r.x + 60:
            return  # the bar is full of choices; the prompt is in the tooltip and top bar
        box = pygame.Rect(r.x + 12, r.y + 2, min(left, r.right) - r.x - 24, r.height - 4)
        theme.text_in_box(surface, s.app.fonts, status, box, theme.TEXT, sizes=(15, 13, 12, 11))


class Bar:
    """Lays out buttons in the action bar: choices from the left, commands from the right."""

    def __init__(self, row: ButtonRow, rect: pygame.Rect, fonts: theme.Fonts) -> None:
        self.row = row
        self.rect = rect
        self.fonts = fonts
        self.left = rect.x + 8
        self.right = rect.right - 8

    def add(
        self,
        label: str,
        value: object,
        tip: str,
        selected: bool = False,
        width: int | None = None,
        swatch: str | None = None,
        px: int | None = None,
        card: str | None = None,
    ) -> None:
        font = self.fonts.get(14)
        k = self.fonts.scale
        w = (
            px
            if px is not None
            else round(width * k)
            if width
            else min(round(240 * k), font.size(label)[0] + round((28 + (20 if swatch else 0)) * k))
        )
        if self.left + w > self.right:
            return
        pad = round(7 * k)
        rect = pygame.Rect(self.left, self.rect.y + pad, w, self.rect.height - 2 * pad)
        if card is not None:
            self.row.add(CardChoiceButton(rect, label, value, tip, selected=selected, card=card))
        else:
            self.row.add(
                Button(
                    rect,
                    label,
                    value,
                    tip,
                    selected=selected,
                    size=14,
                    swatch=theme.GOOD_COLOURS.get(swatch) if swatch else None,
                )
            )
        self.left += w + 6

    def add_choices(self, choices: list[Choice]) -> None:
        """All ``choices`` in the room left between the commands: each at its natural
        width, narrowed evenly when they would not fit (the label is then shortened and
        the tooltip keeps the whole text), so every choice gets a button."""
        if not choices:
            return
        k = self.fonts.scale
        font = self.fonts.get(14)
        gap = 6
        natural = [
            round(200 * k)
            if c.card
            else min(
                round(240 * k), font.size(c.label)[0] + round((28 + (20 if c.swatch else 0)) * k)
            )
            for c in choices
        ]
        room = self.right - self.left - gap * (len(choices) - 1)
        if sum(natural) > room:
            each = max(round(36 * k), room // len(choices))
            natural = [min(w, each) for w in natural]
        for c, w in zip(choices, natural, strict=True):
            self.add(c.label, c.value, c.tip, c.selected, swatch=c.swatch, px=w, card=c.card)

    def add_right(self, label: str, value: object, tip: str, accent: bool = False) -> None:
        font = self.fonts.get(14, True)
        k = self.fonts.scale
        w = font.size(label)[0] + round(32 * k)
        self.right -= w
        pad = round(7 * k)
        self.row.add(
            Button(
                pygame.Rect(self.right, self.rect.y + pad, w, self.rect.height - 2 * pad),
                label,
                value,
                tip,
                size=14,
                bold=True,
                colour=theme.ACCENT if accent else None,
            )
        )
        self.right -= 6
