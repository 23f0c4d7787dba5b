"""The top bar: whose turn it is, what to do now (the prompt), Menu / Save / Scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.commands import Command
from concordia.ui.game.describe import addressee, describe
from concordia.ui.presenters import for_phase
from concordia.ui.strings import person, t, tn
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView


class TopBar:
    """Says whose turn it is and what to do, and makes the Menu/Save/Scores buttons."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene

    def buttons(self) -> None:
        """Menu, Save and Scores, right-aligned."""
        s = self.scene
        top = s.lay.top
        x = top.right - 8
        for key, label, tip in (
            (Command.MENU, t("game.menu"), t("game.tip.menu")),
            (Command.SAVE, t("game.save"), t("game.tip.save")),
            (Command.SCORES, t("game.scores"), t("game.tip.scores")),
        ):
            w = s.px(96)
            x -= w
            s.buttons.add(
                Button(
                    pygame.Rect(x, top.y + s.px(4), w, top.height - s.px(8)),
                    label,
                    key,
                    tip,
                    size=14,
                )
            )
            x -= s.px(6)
        w = s.px(40)  # the rules reference (F1)
        s.buttons.add(
            Button(
                pygame.Rect(x - w, top.y + s.px(4), w, top.height - s.px(8)),
                "?",
                Command.RULES,
                # The keys of the game too: "?" is where help is looked for.
                f"{t('game.tip.rules')} {t('game.shortcuts')}",
                size=16,
                bold=True,
            )
        )

    def shown_seat(self) -> int | None:
        """Whose colour the top bar shows: the winner after the game, the owner of a
        turn that waits for End turn, else the player whose turn it is."""
        s = self.scene
        state = s.state
        if s.controller.awaiting_confirm:
            return s.controller.turn_owner
        if state.is_terminal():
            return state.outcome().ranking[0]
        return state.turn_player

    def headline(self) -> str:
        """Who acts now (or who won), on the left of the top bar."""
        s = self.scene
        state, c = s.state, s.controller
        you = addressee(s)
        if c.awaiting_confirm:
            owner = c.turn_owner
            turn = person("game.turn_of", owner == you, name=c.seats[owner].name)
            return f"{turn} · {t('game.turn_done_short')}"
        if state.is_terminal():
            return self.winner_text()
        seat = state.turn_player
        turn = person("game.turn_of", seat == you, name=c.seats[seat].name)
        label = f"{turn} · {t('phase.' + state.phase)}"
        decider = state.current_player
        if decider != seat and decider is not None:
            label += " · " + person("game.decides", decider == you, name=c.seats[decider].name)
        return label

    def winner_text(self) -> str:
        """Who won, with the tie-break when it decided (from ``state.outcome()``)."""
        s = self.scene
        state = s.state
        ranking = state.outcome().ranking
        name = s.controller.seats[ranking[0]].name
        you = ranking[0] == addressee(s)
        scores = state.scores()
        if len(ranking) > 1 and scores[ranking[0]].total == scores[ranking[1]].total:
            return person("game.winner_tie", you, name=name, how=t("game.praefectus"))
        return person("game.winner", you, name=name)

    def end_note(self) -> str:
        """Once the end is triggered: who ended the game and how, and the turns left."""
        s = self.scene
        state = s.state
        if state.concordia is None or state.is_terminal():
            return ""
        name = s.controller.seats[state.concordia].name
        # How, from the holder: it plays no more turns, so its last house stays built;
        # the display may be bought out by the others in the last round.
        by_houses = state.players[state.concordia].houses_left == 0
        key = "game.end_by_houses" if by_houses else "game.end_by_cards"
        how = person(key, state.concordia == addressee(s), name=name)
        # The core counts the ender's own turn until it ends (found by hand: "2
        # left" in a 2-player game, where only the other player has a turn to come).
        left = state.final_turns - (1 if state.turn_player == state.concordia else 0)
        return f"{how}: {tn('game.final_turns', left)}"

    def status(self) -> str:
        """The prompt: what the seat deciding now should do, said from its options."""
        s = self.scene
        state = s.state
        c = s.controller
        if state.is_terminal():
            return t("game.over_confirm" if c.awaiting_confirm else "game.over")
        if c.awaiting_confirm:
            return t("game.turn_done")
        seat = state.current_player
        assert seat is not None
        name = c.seats[seat].name
        if not c.seat_is_human(seat):
            if s.driver.pending is not None:
                return describe(s, s.driver.pending.action, seat, viewer=addressee(s))
            return t("game.thinking", name=name)
        return for_phase(state.phase).prompt(s, seat)

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        r = s.lay.top
        pygame.draw.rect(surface, theme.PANEL, r)
        state = view.state
        fonts = s.app.fonts
        x = r.x + 12
        seat = self.shown_seat()
        if seat is not None:
            theme.shape(surface, s.shape(seat), (x + s.px(8), r.centery), s.px(8), s.colour(seat))
            x += s.px(24)
        bold = fonts.get(16, True)
        rect = theme.text(
            surface,
            bold,
            theme.fit(bold, self.headline(), r.width // 2),
            (x, r.centery),
            theme.TEXT,
            "midleft",
        )
        x = rect.right + 16
        msg = s.message
        if msg is None and not state.is_terminal():
            msg = self.status()
            note = self.end_note()
            if note:
                msg = f"{note} · {msg}"
        if msg:
            left_of = [b.rect.x for b in s.buttons.buttons if r.contains(b.rect)]
            room = min(left_of, default=r.right) - s.px(10) - x
            box = pygame.Rect(x, r.y + 1, room, r.height - 2)
            theme.text_in_box(surface, fonts, msg, box, theme.HILITE)
