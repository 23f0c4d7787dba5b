"""The game scene: the board, the panels and a turn played by clicking.

Every action the scene submits is taken from ``state.legal_actions()``: a click or key is
matched against the listed actions (by card, city, route, province or button payload),
never built freehand. AI seats are answered by :class:`~concordia.ui.ai_bridge.AIBridge`
from a background thread; this scene polls it once per frame.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

from concordia.ai.worker import AIResult
from concordia.core import Action, GameState, Move
from concordia.core.actions import ACTION_TYPES
from concordia.ui import theme, views
from concordia.ui.ai_bridge import AIBridge
from concordia.ui.board_pane import BoardPane, HKey
from concordia.ui.controller import GameController
from concordia.ui.game import ai_turns, controls, effects, game_end, hints, pointer, tooltips
from concordia.ui.game.action_bar import ActionBar
from concordia.ui.game.ai_turns import AUTOPLAY_TIME_SCALE, AIDriver, PendingAI
from concordia.ui.game.describe import describe, describe_place, describe_text
from concordia.ui.game.display_row import DisplayRow
from concordia.ui.game.hand import HandView
from concordia.ui.game.hints import Hint
from concordia.ui.game.layout import Layout
from concordia.ui.game.log_panel import LogPanel
from concordia.ui.game.panel_cache import PanelCache
from concordia.ui.game.parts import GameParts, GameView
from concordia.ui.game.players import PlayersPanel
from concordia.ui.game.top_bar import TopBar
from concordia.ui.game.trade_panel import TradePanel
from concordia.ui.input import (
    Intent,
)
from concordia.ui.render.anim import Tween, finished
from concordia.ui.scene import Scene
from concordia.ui.scenes.game_idle import game_in_motion, game_redraw_key
from concordia.ui.strings import t
from concordia.ui.targeting import (
    BoardGeometry,
    ChoosePlace,
    Hit,
    Options,
    SelectColonist,
    Selection,
    Targeting,
)
from concordia.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from concordia.ui.app import App

__all__ = ["GameScene", "Hint", "Layout", "Options", "PendingAI", "describe", "describe_text"]

logger = logging.getLogger(__name__)

_game_ids = itertools.count(1)


def flash_seconds(message: str) -> float:
    """How long a message stays in the top bar: 3 s, longer for a long sentence, at
    about 15 characters a second, up to 8 s (found by hand: the 90-character "You
    cannot take ★ of the hint yet: …" was gone before it could be read)."""
    return max(3.0, min(8.0, len(message) / 15))


class GameScene(Scene):
    """Plays one game: human turns by clicking, AI turns from the background thread."""

    name = "game"
    covers_window = True  # board, bars and panels tile the whole window

    def __init__(self, app: App, controller: GameController, ai: AIBridge | None = None) -> None:
        super().__init__(app)
        self.controller = controller
        self.game_id = next(_game_ids)
        self.ai = (
            ai
            if ai is not None
            else AIBridge(time_scale=AUTOPLAY_TIME_SCALE if app.autoplay else 1.0)
        )
        self.board = BoardPane(controller.board, app.fonts, app.time_source)
        self.board.set_seat_styles([s.colour for s in controller.seats])
        self.lay = Layout.for_size(app.size, len(controller.seats), app.fonts.scale)
        self.buttons = ButtonRow()
        #: The player's input in progress (a half-made choice, the trade amounts).
        self.selection = Selection()
        self.driver = AIDriver()  # the AI seats' request, answer and move on screen
        self.hint: Hint | None = None
        self.hints_shown: dict[int, Hint] = {}  # by step, for an undo (hints.after_undo)
        self.tweens: list[Tween] = []  # pieces in motion (a colonist, a house), until done
        self._panels = PanelCache()
        self.shown_human: int | None = None
        self.final_shown = False
        self.message: str | None = None
        self.message_time = 0.0
        self._options_of: GameState | None = None  # the state _options was made for
        self._options = Options()
        self.cities = {c.slug: c for c in controller.board.cities}
        self.provinces = {p.slug: p for p in controller.board.provinces}
        self._closed = False
        self._view_restored = False
        setup = controller.setup
        self.saved_view = views.SavedView(views.game_key(setup.board, setup.seed, len(setup.seats)))
        self.geometry_cache = pointer.GeometryCache()
        # The parts of the window (each lays out, draws and makes its own buttons).
        self.top = TopBar(self)
        self.display = DisplayRow(self)
        self.bar = ActionBar(self)
        self.trade = TradePanel(self)
        self.hand = HandView(self)
        self.players = PlayersPanel(self)
        self.log = LogPanel(self)

    # ------------------------------------------------------------------ life cycle
    def px(self, n: float) -> int:
        """``n`` pixels at the 1280x720 design size, scaled like the fonts."""
        return round(n * self.app.fonts.scale)

    @property
    def state(self) -> GameState:
        return self.controller.state

    def enter(self) -> None:
        self.layout()
        if not self._view_restored:
            self._view_restored = True
            self.restore_view()

    def resume(self) -> None:
        self.layout()

    def exit(self) -> None:
        self.close()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.ai.close()
            self.remember_view()

    def restore_view(self) -> None:
        """Show the board zoomed and panned as this game was left (Continue, Load)."""
        if not self.app.autoplay:
            self.saved_view.restore(self.board._camera())

    def remember_view(self) -> None:
        if not self.app.autoplay:
            self.saved_view.remember(self.board._camera())

    def layout(self) -> None:
        self.lay = Layout.for_size(self.app.size, len(self.controller.seats), self.app.fonts.scale)
        self.board.set_rect(self.lay.board)
        self.rebuild()

    # ------------------------------------------------------------------ decisions
    @property
    def decider(self) -> int | None:
        """The seat that must act now (the turn owner while a turn awaits confirmation)."""
        if self.controller.awaiting_confirm:
            return self.controller.turn_owner
        return self.state.current_player

    @property
    def human_to_act(self) -> bool:
        if self.controller.awaiting_confirm:
            return True
        return (
            self.driver.pending is None
            and not self.state.is_terminal()
            and self.controller.seat_is_human(self.decider)
        )

    def options(self) -> Options:
        """The decider's legal actions, grouped; none while a turn awaits End turn."""
        if self.controller.awaiting_confirm:
            return Options()
        if self._options_of is not self.state:
            self._options_of = self.state
            self._options = Options.of(self.state)
        return self._options

    def viewer(self) -> int | None:
        """Whose hand is shown: the human deciding now, else the only human, else none."""
        seat = self.decider
        if self.controller.seat_is_human(seat):
            return seat
        if self.controller.human_count == 1:
            return next(i for i, s in enumerate(self.controller.seats) if s.is_human)
        if self.controller.human_count == 0:
            return self.state.turn_player if not self.state.is_terminal() else None
        return self.shown_human

    # ------------------------------------------------------------------ submitting
    def submit(self, action: Action) -> None:
        """Apply one listed action for the seat that decides now."""
        if action not in self.state.legal_actions():
            logger.error("refused an unlisted action %s", action)
            return
        before = self.state
        seat = self.decider
        self.controller.submit(action)
        if seat is not None:
            effects.animate(self, action, seat)
        if isinstance(action, Move):
            self.bar.moved(action, self.state.step)
        if self.hint is not None:
            self.hint = hints.follow(self, action, before.step)
            self.message = None
        self.selection.clear_choice()
        if isinstance(action, Move) and (action.kind, action.dst) in self.options().moves:
            self.selection.colonist = (action.kind, action.dst)  # the colonist may go on at once
        # Amounts set on the other goods' rows stay while they are still legal.
        trades = self.options().trades
        self.selection.trades = {
            g: n
            for g, n in self.selection.trades.items()
            if any(tr.amount == n for tr in trades.get(g, []))
        }
        after = self.state
        effects.play_sound(self, action)
        if before.concordia is None and after.concordia is not None and not after.is_terminal():
            self.flash(self.top.end_note())  # the end is triggered: say who and how
            self.message_time = 8.0
        if (after.turn_player != before.turn_player or after.is_terminal()) and (
            self.controller.committed == len(self.controller.actions)
        ):
            self.turn_ended()
        self.rebuild()

    @property
    def animating(self) -> bool:
        """Whether a piece is still moving (the next AI move waits for it)."""
        return effects.animating(self)

    def redraw_key(self) -> object:
        return game_redraw_key(self)

    def in_motion(self) -> bool:
        return game_in_motion(self)

    def turn_ended(self) -> None:
        """A turn is final: autosave, and chime when a human's turn begins."""
        self.autosave()
        self.remember_view()
        state = self.state
        if not state.is_terminal() and self.controller.seat_is_human(state.turn_player):
            self.app.sounds.play("turn")

    def confirm_turn(self) -> None:
        if self.controller.awaiting_confirm:
            self.controller.confirm_turn()
            self.turn_ended()
            self.rebuild()

    def undo(self) -> None:
        controls.undo(self)

    def autosave(self) -> None:
        """Write the autosave on a background thread (the record is a fresh copy and the
        state is immutable); failures come back through :meth:`update`."""
        if self.app.autoplay:
            return  # nobody will continue an autoplay game; keep it fast
        self.app.autosaver.save(self.controller.record(), self.state)

    def save_now(self) -> None:
        controls.save_now(self)

    def flash(self, message: str) -> None:
        self.message = message
        self.message_time = flash_seconds(message)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        if self.message is not None:
            self.message_time -= dt
            if self.message_time <= 0:
                self.message = None
        ai_turns.drain(self)
        if self.tweens:
            now = self.app.time_source()
            self.tweens = [tw for tw in self.tweens if not finished(tw, now)]
        for reason in self.app.autosaver.take_errors():
            self.flash(t("error.save_failed", reason=reason))
        top = self.app.stack.top
        if top is not self and not self.app.autoplay and not getattr(top, "game_runs", False):
            return  # a dialog is open: the game waits (the AI keeps its request)
        ai_turns.step(self, dt)

    # ------------------------------------------------------------------ AI and hints
    def take_reply(self, reply: AIResult) -> None:
        ai_turns.take_reply(self, reply)

    @property
    def thinking_seat(self) -> int | None:
        return ai_turns.thinking_seat(self)

    @property
    def current_hint(self) -> Hint | None:
        return hints.current_hint(self)

    def request_hint(self) -> None:
        hints.request_hint(self)

    def hint_buttons(self) -> list[Button]:
        return hints.hint_buttons(self)

    def hand_over(self, seat: int) -> None:
        from concordia.ui.scenes.handover import HandoverScene

        cfg = self.controller.seats[seat]
        self.app.push(HandoverScene(self.app, cfg.name, self.colour(seat), self.shape(seat)))

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> Intent | None:
        return controls.handle(self, intent)

    def finish_game(self) -> None:
        game_end.finish_game(self)

    def click_board(self, pos: tuple[int, int]) -> None:
        """Choose the legal target under ``pos`` (see :mod:`concordia.ui.targeting`)."""
        hit = self.board_hit(pos)
        if hit is not None:
            self.choose(hit.choice)

    def choose(self, choice: object) -> None:
        """Carry out a targeting choice: submit a legal action or take a UI step."""
        if isinstance(choice, SelectColonist):
            self.selection.colonist = (choice.kind, choice.src)
            self.rebuild()
        elif isinstance(choice, ChoosePlace):
            self.selection.place_city = choice.city
            self.rebuild()
        elif isinstance(choice, ACTION_TYPES):
            self.submit(choice)  # type: ignore[arg-type]  # ACTION_TYPES is the Action union

    # ------------------------------------------------------------------ targeting
    def targeting(self) -> Targeting:
        return pointer.targeting(self)

    def geometry(self) -> BoardGeometry:
        return pointer.geometry(self)

    def board_hit(self, pos: tuple[int, int]) -> Hit | None:
        return pointer.board_hit(self, pos)

    def highlights(self) -> dict[HKey, str]:
        """Board badges: legal targets for the human, the AI's pending move otherwise."""
        return pointer.highlights(self)

    # ------------------------------------------------------------------ buttons
    def rebuild(self) -> None:
        """Recreate the buttons for the current state and selection."""
        self.buttons.clear()
        self.top.buttons()
        if self.state.is_terminal() and not self.controller.awaiting_confirm:
            return
        if self.human_to_act:
            self.bar.buttons()
            self.hand.buttons()
            self.display.buttons()

    def colour(self, seat: int) -> theme.Colour:
        """The colour ``seat`` chose (the board and every panel use the same one)."""
        return theme.seat_colour(self.controller.seats[seat].colour)

    def shape(self, seat: int) -> str:
        """The shape that goes with the colour ``seat`` chose."""
        return theme.seat_shape(self.controller.seats[seat].colour)

    def place_name(self, slug: str) -> str:
        return describe_place(self, slug)

    # ------------------------------------------------------------------ tooltips
    def tooltip(self, pos: tuple[int, int]) -> str | None:
        return tooltips.scene_tooltip(self, pos)

    def reference_page(self, pos: tuple[int, int]) -> str | None:
        """The rules page of the card under ``pos`` (hand or display), for F1."""
        return tooltips.reference_page(self, pos)

    def tooltip_avoid(self, pos: tuple[int, int]) -> pygame.Rect | None:
        """What the tooltip at ``pos`` must not cover (:func:`tooltips.tooltip_avoid`)."""
        return tooltips.tooltip_avoid(self, pos)

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """What it should leave uncovered where it can (:func:`tooltips.keep_clear`)."""
        return tooltips.keep_clear(self)

    # ------------------------------------------------------------------ drawing
    def frame_view(self) -> GameView:
        """This frame's view of the game, handed to every panel's ``draw``."""
        return GameView(
            self.state,
            self.decider,
            self.human_to_act,
            self.viewer(),
            self.hover,
            self.thinking_seat,
        )

    def draw(self, surface: pygame.Surface) -> None:
        view = self.frame_view()
        hit = self.board_hit(view.hover) if view.hover is not None else None
        self.board.draw(
            surface, view.state, self.highlights(), self.tweens, hit.target.key if hit else None
        )
        self.top.draw(surface, view)
        c = self.controller
        self.cached(
            surface,
            "display",
            self.lay.display,
            (view.viewer,),
            lambda to: self.display.draw(to, view),
        )
        self.bar.draw(surface, view)
        self.cached(
            surface,
            "hand",
            self.lay.hand,
            self.hand.cache_key(),
            lambda to: self.hand.draw(to, view),
        )
        self.cached(
            surface,
            "players",
            self.lay.players,
            tuple(s.colour for s in c.seats),
            lambda to: self.players.draw(to, view),
        )
        thinking = view.thinking
        if thinking is not None and thinking in self.players.thinking_at:
            self.players.draw_thinking(surface, self.players.thinking_at[thinking])
        self.cached(
            surface, "log", self.lay.log, self.log.cache_key(), lambda to: self.log.draw(to, view)
        )
        if self.trade.is_open():
            self.trade.draw(surface, view)
        hints.draw(self, surface)
        self.buttons.draw(surface, self.app.fonts, view.hover)
        hints.draw_button_rings(self, surface)

    def status(self) -> str:
        """The prompt: what the seat deciding now should do (see :class:`TopBar`)."""
        return self.top.status()

    def cached(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: tuple[object, ...],
        paint: Callable[[pygame.Surface], None],
    ) -> None:
        """Blit panel ``name`` from the cache (painted again when the state, ``key``, the
        language, the font scale or the rectangle changed)."""
        from concordia.ui.strings import language

        full = (*key, self.app.fonts.scale, language())
        self._panels.blit(surface, name, rect, self.state, full, paint)


def new_game_scene(app: App, controller: GameController) -> Scene:
    """The scene that plays ``controller``'s game (the app and the benchmark open it
    without knowing the scene class)."""
    return GameScene(app, controller)


def game_in(scenes: Iterable[Scene]) -> GameParts | None:
    """The game among ``scenes`` (a stack's), seen as its parts; None when there is none."""
    return next((s for s in scenes if isinstance(s, GameScene)), None)
