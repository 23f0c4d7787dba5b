"""The game scene: the board, the panels and a turn played by clicking.

Every action the scene submits is taken from ``state.legal_actions()``: a click or key is
matched against the listed actions (by card, city, route, province or button payload),
never built freehand. AI seats are answered by :class:`~concordia.ui.ai_bridge.AIBridge`
from a background thread; this scene polls it once per frame.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from concordia.core import (
    Action,
    Build,
    BuyCard,
    Cash,
    Copy,
    Discard,
    Finish,
    GameState,
    Move,
    Place,
    PlayCard,
    Produce,
    Trade,
)
from concordia.core.actions import ACTION_TYPES
from concordia.core.data import CARD_BY_ID, GOODS, PRICE, STOREHOUSE_SPACES, CardDef
from concordia.ui import theme
from concordia.ui.ai_bridge import AIBridge, Reply
from concordia.ui.board_pane import BoardPane, HKey
from concordia.ui.controller import GameController, SaveError, saves_folder
from concordia.ui.input import (
    Cancel,
    Click,
    Confirm,
    Drag,
    HandCard,
    Hover,
    Intent,
    Key,
    Undo,
    Wheel,
)
from concordia.ui.render.anim import HouseTween, MoveTween, Tween, finished
from concordia.ui.scene import Scene
from concordia.ui.strings import t
from concordia.ui.widgets import Button, ButtonRow, ScrollBar

if TYPE_CHECKING:
    from concordia.ui.app import App

logger = logging.getLogger(__name__)

_game_ids = itertools.count(1)

TOP_H = 38
DISPLAY_H = 84
ACTION_H = 48
HAND_H = 112
SIDE_W = 340
#: ``--autoplay`` gives each AI level this fraction of its usual thinking time.
AUTOPLAY_TIME_SCALE = 0.25
#: ``--autoplay`` gives up (exit code 1) on a game longer than this; real games take
#: 300-700 actions, so only agents that stop trying to end the game get here.
AUTOPLAY_MAX_ACTIONS = 3000


@dataclass
class Layout:
    """Screen rectangles of the scene's parts (recomputed on resize)."""

    top: pygame.Rect
    display: pygame.Rect
    board: pygame.Rect
    actions: pygame.Rect
    hand: pygame.Rect
    side: pygame.Rect
    players: pygame.Rect
    log: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int], seats: int, k: float = 1.0) -> Layout:
        """Rectangles for a window of ``size``; ``k`` is the font scale, which every
        bar and panel grows with (so bigger text never overlaps)."""
        w, h = size
        top_h, display_h = round(TOP_H * k), round(DISPLAY_H * k)
        action_h, hand_h = round(ACTION_H * k), round(HAND_H * k)
        side_w = max(300, min(round(SIDE_W * k), round(w / 4 * k)))
        left_w = w - side_w
        top = pygame.Rect(0, 0, w, top_h)
        display = pygame.Rect(0, top_h, left_w, display_h)
        hand = pygame.Rect(0, h - hand_h, left_w, hand_h)
        actions = pygame.Rect(0, hand.y - action_h, left_w, action_h)
        board = pygame.Rect(0, display.bottom, left_w, actions.y - display.bottom)
        side = pygame.Rect(left_w, top_h, side_w, h - top_h)
        per = min(round(96 * k), max(round(78 * k), (side.height * 2 // 3) // max(1, seats)))
        players = pygame.Rect(side.x, side.y, side_w, per * seats)
        log = pygame.Rect(side.x, players.bottom, side_w, side.bottom - players.bottom)
        return cls(top, display, board, actions, hand, side, players, log)


@dataclass
class Options:
    """What the human whose decision it is may do now, derived from the legal actions."""

    legal: tuple[Action, ...] = ()
    hand: dict[str, PlayCard] = field(default_factory=dict)
    moves: dict[tuple[str, str], list[Move]] = field(default_factory=dict)
    builds: dict[str, Build] = field(default_factory=dict)
    produce: dict[str, Produce] = field(default_factory=dict)
    places: dict[str, list[Place]] = field(default_factory=dict)
    buys: dict[str, list[BuyCard]] = field(default_factory=dict)
    trades: dict[str, list[Trade]] = field(default_factory=dict)
    copies: list[Copy] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    cash: Cash | None = None
    finish: Finish | None = None

    @classmethod
    def of(cls, state: GameState) -> Options:
        o = cls(legal=state.legal_actions())
        for a in o.legal:
            if isinstance(a, PlayCard):
                o.hand[a.card] = a
            elif isinstance(a, Move):
                o.moves.setdefault((a.kind, a.src), []).append(a)
            elif isinstance(a, Build):
                o.builds[a.city] = a
            elif isinstance(a, Produce):
                o.produce[a.province] = a
            elif isinstance(a, Place):
                o.places.setdefault(a.city, []).append(a)
            elif isinstance(a, BuyCard):
                o.buys.setdefault(a.card, []).append(a)
            elif isinstance(a, Trade):
                o.trades.setdefault(a.good, []).append(a)
            elif isinstance(a, Copy):
                o.copies.append(a)
            elif isinstance(a, Discard):
                o.discards.append(a)
            elif isinstance(a, Cash):
                o.cash = a
            elif isinstance(a, Finish):
                o.finish = a
        return o


@dataclass
class PendingAI:
    """An AI decision shown on screen for ``delay`` seconds before it is applied."""

    action: Action
    seat: int
    remaining: float


@dataclass
class Hint:
    """A hint asked for ``seat`` at ``step``: the hard AI's choice once it answered."""

    step: int
    seat: int
    action: Action | None = None
    done: bool = False


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
        self.hover: tuple[int, int] | None = None
        self.selected: tuple[str, str] | None = None  # Architect: colonist (kind, src)
        self.place_city: str | None = None  # Colonist: city with both kinds placeable
        self.buy_card: str | None = None  # Senator: card with several "any" choices
        self.trade_amount: dict[str, int] = {}
        self.pending_ai: PendingAI | None = None
        self.requested: tuple[int, int] | None = None
        self.ai_reply: Reply | None = None  # the current request's answer, not yet used
        self.think_start = 0.0
        self.hint: Hint | None = None
        #: Pieces in motion (a colonist sliding, a house popping up), dropped when done.
        self.tweens: list[Tween] = []
        # Panels drawn once per position (see cached()).
        self._panels: dict[str, tuple[GameState, tuple[object, ...], pygame.Surface]] = {}
        self._scratch: pygame.Surface | None = None
        self._thinking_at: dict[int, tuple[int, int]] = {}
        self.shown_human: int | None = None
        self.final_shown = False
        self.message: str | None = None
        self.message_time = 0.0
        self.log_scroll = 0
        self._options_key: tuple[int, int] | None = None
        self._options = Options()
        self.cities = {c.slug: c for c in controller.board.cities}
        self.provinces = {p.slug: p for p in controller.board.provinces}
        self._closed = False
        self._log_texts: list[tuple[str, str, int]] = []
        self._log_language = ""

    # ------------------------------------------------------------------ life cycle
    def px(self, n: float) -> int:
        """``n`` pixels at the 1280x720 design size, scaled like the fonts."""
        return round(n * self.app.fonts.scale)

    @property
    def state(self) -> GameState:
        return self.controller.state

    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def exit(self) -> None:
        self.close()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.ai.close()

    def layout(self) -> None:
        self.lay = Layout.for_size(self.app.size, len(self.controller.seats), self.app.fonts.scale)
        self.board.set_rect(self.lay.board)
        self._rebuild()

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
            self.pending_ai is None
            and not self.state.is_terminal()
            and self.controller.seat_is_human(self.decider)
        )

    def options(self) -> Options:
        key = (self.state.step, len(self.controller.actions))
        if key != self._options_key:
            self._options_key = key
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
            self.animate(action, seat)
        if self.hint is not None:
            self.hint = None
            self.message = None
        self.selected = None
        self.place_city = None
        self.buy_card = None
        self.trade_amount = {}
        after = self.state
        self.play_sound(action)
        if (after.turn_player != before.turn_player or after.is_terminal()) and (
            self.controller.committed == len(self.controller.actions)
        ):
            self.turn_ended()
        self._rebuild()

    def animate(self, action: Action, seat: int) -> None:
        """Start the tween of a move or a build at the animation speed (none when the
        speed is off or in ``--autoplay``)."""
        duration = self.app.animation_time()
        if duration <= 0:
            return
        now = self.app.time_source()
        if isinstance(action, Move):
            self.tweens.append(MoveTween(seat, action.kind, action.src, action.dst, now, duration))
        elif isinstance(action, Build):
            self.tweens.append(HouseTween(seat, action.city, now, duration))

    @property
    def animating(self) -> bool:
        """Whether a piece is still moving (the next AI move waits for it)."""
        now = self.app.time_source()
        return any(not finished(tw, now) for tw in self.tweens)

    def play_sound(self, action: Action) -> None:
        """The sound effect of one action (none for most sub-steps)."""
        sounds = self.app.sounds
        if isinstance(action, PlayCard | BuyCard):
            sounds.play("card")
        elif isinstance(action, Build | Place):
            sounds.play("build")
        elif isinstance(action, Cash | Trade):
            sounds.play("coin")

    def turn_ended(self) -> None:
        """A turn is final: autosave, and chime when a human's turn begins."""
        self.autosave()
        state = self.state
        if not state.is_terminal() and self.controller.seat_is_human(state.turn_player):
            self.app.sounds.play("turn")

    def confirm_turn(self) -> None:
        if self.controller.awaiting_confirm:
            self.controller.confirm_turn()
            self.turn_ended()
            self._rebuild()

    def undo(self) -> None:
        if self.controller.undo():
            self.ai.cancel()
            self.requested = None
            self.ai_reply = None
            self.pending_ai = None
            self.hint = None
            self.tweens = []
            self.selected = None
            self.place_city = None
            self.buy_card = None
            self.trade_amount = {}
            self._rebuild()

    def autosave(self) -> None:
        """Write the autosave on a background thread (the record is a fresh copy and the
        state is immutable); failures come back through :meth:`update`."""
        if self.app.autoplay:
            return  # nobody will continue an autoplay game; keep it fast
        self.app.autosaver.save(self.controller.record(), self.state)

    def save_now(self) -> None:
        import time

        name = time.strftime("concordia-%Y%m%d-%H%M%S")
        try:
            self.controller.save(saves_folder() / f"{name}.json")
        except (SaveError, OSError) as exc:
            self.app.show_error(t("error.save_failed", reason=str(exc)))
            return
        self.flash(t("game.saved", name=name))

    def flash(self, message: str) -> None:
        self.message = message
        self.message_time = 3.0

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        if self.message is not None:
            self.message_time -= dt
            if self.message_time <= 0:
                self.message = None
        self.drain_ai()
        if self.tweens:
            now = self.app.time_source()
            self.tweens = [tw for tw in self.tweens if not finished(tw, now)]
        for reason in self.app.autosaver.take_errors():
            self.flash(t("error.save_failed", reason=reason))
        if self.app.stack.top is not self and not self.app.autoplay:
            return  # a dialog is open: the game waits (the AI keeps its request)
        state = self.state
        if self.pending_ai is not None:
            self.pending_ai.remaining -= dt
            if self.pending_ai.remaining <= 0 and not self.tweens:
                action = self.pending_ai.action
                self.pending_ai = None
                self.submit(action)
            return
        if state.is_terminal():
            self.finish_game()
            return
        if self.controller.awaiting_confirm:
            return
        if self.app.autoplay and len(self.controller.actions) >= AUTOPLAY_MAX_ACTIONS:
            logger.error("autoplay: no end after %d actions; giving up", AUTOPLAY_MAX_ACTIONS)
            self.app.quit(1)
            return
        seat = state.current_player
        assert seat is not None
        if self.controller.seat_is_human(seat):
            if self.controller.human_count > 1 and seat != self.shown_human:
                self.shown_human = seat
                self.hand_over(seat)
            elif self.shown_human is None:
                self.shown_human = seat
            return
        self.drive_ai(seat)

    def drain_ai(self) -> None:
        """Take every reply the AI thread has sent: keep the answer to the open request,
        show a hint, and drop anything stale (from before an undo, a move or a load)."""
        while (reply := self.ai.poll()) is not None:
            self.take_reply(reply)

    def take_reply(self, reply: Reply) -> None:
        if reply.hint:
            self.on_hint(reply)
            return
        key = (reply.game_id, reply.step)
        if key != self.requested or key != (self.game_id, self.state.step):
            logger.debug("dropped a stale AI reply for step %d", reply.step)
            return
        self.ai_reply = reply

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose answer the scene is waiting for, if any."""
        state = self.state
        if self.pending_ai is not None or state.is_terminal() or self.controller.awaiting_confirm:
            return None
        seat = state.current_player
        if seat is None or self.controller.seat_is_human(seat):
            return None
        return seat

    def drive_ai(self, seat: int) -> None:
        state = self.state
        key = (self.game_id, state.step)
        if self.requested != key:
            self.requested = key
            self.ai_reply = None
            self.think_start = self.app.time_source()
            self.ai.request(self.game_id, state, seat, self.controller.seats[seat].kind)
        if self.ai_reply is None and self.app.autoplay:
            reply = self.ai.poll(0.5)  # no frames to keep smooth: wait for the answer
            if reply is not None:
                self.take_reply(reply)
        reply = self.ai_reply
        if reply is None or self.tweens:
            return  # no answer yet, or the last move is still sliding into place
        self.ai_reply = None
        action = reply.action
        if reply.error is not None or action is None or action not in state.legal_actions():
            logger.warning(
                "AI of seat %d failed at step %d (%s); playing a random legal move",
                seat,
                state.step,
                reply.error or f"illegal {action}",
            )
            action = self.ai.fallback_action(state)
            self.flash(t("game.ai_error", name=self.controller.seats[seat].name))
            if action is None:
                return
        # The move stays on screen for the AI speed, less the time spent thinking.
        delay = self.app.ai_delay() - (self.app.time_source() - self.think_start)
        if delay <= 0:
            self.submit(action)
        else:
            self.pending_ai = PendingAI(action, seat, delay)

    # ------------------------------------------------------------------ hints
    @property
    def current_hint(self) -> Hint | None:
        """The hint for the position on screen (None once anything was played)."""
        hint = self.hint
        if hint is None or hint.step != self.state.step or not self.human_to_act:
            return None
        return hint

    def request_hint(self) -> None:
        """Ask the hard AI, on the AI thread, what the human deciding now should play."""
        state = self.state
        if (
            not self.human_to_act
            or self.controller.awaiting_confirm
            or state.is_terminal()
            or self.current_hint is not None
        ):
            return
        seat = state.current_player
        assert seat is not None
        self.hint = Hint(state.step, seat)
        self.ai.request_hint(self.game_id, state, seat)
        self.flash(t("game.hint_thinking"))
        self._rebuild()

    def on_hint(self, reply: Reply) -> None:
        hint = self.current_hint
        if hint is None or reply.game_id != self.game_id or reply.step != hint.step:
            logger.debug("dropped a stale hint for step %d", reply.step)
            return
        hint.done = True
        action = reply.action
        if reply.error is not None or action is None or action not in self.options().legal:
            logger.warning("no hint at step %d: %s", reply.step, reply.error or action)
            self.flash(t("game.hint_none"))
        else:
            hint.action = action
            self.flash(t("game.hint_is", what=describe(self, action, hint.seat)))
            self.message_time = 8.0
        self._rebuild()

    def hand_over(self, seat: int) -> None:
        from concordia.ui.scenes.handover import HandoverScene

        cfg = self.controller.seats[seat]
        self.app.push(HandoverScene(self.app, cfg.name, self.colour(seat), self.shape(seat)))

    def finish_game(self) -> None:
        if self.final_shown:
            return
        self.final_shown = True
        state = self.state
        if self.app.autoplay:
            from concordia.ui.app import AutoplayResult

            lines = [t("cli.final_scores")]
            for seat in state.outcome().ranking:
                lines.append(
                    t(
                        "cli.score_line",
                        name=self.controller.seats[seat].name,
                        total=state.scores()[seat].total,
                    )
                )
            self.app.result = AutoplayResult(lines)
            if self.app.options.screenshot_dir is not None:
                self._push_final()
                self.app.quit_after_draw = True  # draw the final scores once, then stop
                return
            self.app.quit(0)
            return
        self._push_final()

    def _push_final(self) -> None:
        from concordia.ui.scenes.scores import ScoresScene

        self.app.push(ScoresScene(self.app, self.controller, final=True))

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Hover):
            self.hover = intent.pos
            return None
        if isinstance(intent, Wheel):
            if self.lay.board.collidepoint(intent.pos):
                self.board.wheel(intent.pos, intent.dy)
            elif self.lay.log.collidepoint(intent.pos):
                self.scroll_log(intent.dy)
            return None
        if isinstance(intent, Drag):
            if self.lay.board.collidepoint(intent.pos):
                self.board.pan(*intent.rel)
            return None
        if isinstance(intent, Cancel):
            if self.selected or self.place_city or self.buy_card:
                self.selected = self.place_city = self.buy_card = None
                self._rebuild()
            else:
                from concordia.ui.scenes.dialog import PauseScene

                self.app.push(PauseScene(self.app, self))
            return None
        if isinstance(intent, Undo):
            self.undo()
            return None
        if isinstance(intent, Confirm):
            self.on_confirm()
            return None
        if isinstance(intent, HandCard):
            self.play_hand_card(intent.n)
            return None
        if isinstance(intent, Key) and intent.key == pygame.K_h:
            self.request_hint()
            return None
        if isinstance(intent, Click):
            self.hover = intent.pos
            self.on_click(intent.pos, intent.button)
            return None
        return None

    def on_confirm(self) -> None:
        if self.controller.awaiting_confirm:
            self.confirm_turn()
            return
        if not self.human_to_act:
            return
        opts = self.options()
        if opts.finish is not None and len(opts.legal) == 1:
            self.submit(opts.finish)

    def play_hand_card(self, n: int) -> None:
        if not self.human_to_act or self.controller.awaiting_confirm:
            return
        seat = self.decider
        if seat is None:
            return
        hand = self.state.hand(seat)
        if 1 <= n <= len(hand):
            action = self.options().hand.get(hand[n - 1])
            if action is not None:
                self.submit(action)

    def on_click(self, pos: tuple[int, int], button: int) -> None:
        b = self.buttons.hit(pos)
        if b is not None:
            self.on_button(b)
            return
        bar = self.log_bar()
        if bar.hit(pos):
            self.log_scroll = max(0, bar.total - bar.shown - bar.first_at(pos))
            return
        if button != 1 or not self.human_to_act or self.controller.awaiting_confirm:
            return
        if self.lay.board.collidepoint(pos):
            self.click_board(pos)

    def click_board(self, pos: tuple[int, int]) -> None:
        opts = self.options()
        phase = self.state.phase
        city = self.board.city_at(pos)
        route = self.board.route_at(pos) if city is None else None
        province = self.board.province_at(pos) if city is None and route is None else None
        if phase == "architect":
            if self.selected is not None and route is not None:
                for move in opts.moves.get(self.selected, []):
                    if (move.kind, move.dst) == route:
                        self.submit(move)
                        return
            for src in [city] if city else [route[1]] if route else []:
                kinds = [k for (k, s) in opts.moves if s == src]
                if kinds:
                    if self.selected is not None and self.selected[1] == src and len(kinds) > 1:
                        i = kinds.index(self.selected[0]) if self.selected[0] in kinds else -1
                        self.selected = (kinds[(i + 1) % len(kinds)], src)
                    else:
                        self.selected = (kinds[0], src)
                    self._rebuild()
                    return
            if city is not None and city in opts.builds:
                self.submit(opts.builds[city])
            return
        if city is not None and city in opts.places:
            places = opts.places[city]
            if len(places) == 1:
                self.submit(places[0])
            else:
                self.place_city = city
                self._rebuild()
            return
        if phase == "prefect":
            target = province
            if target is None and city is not None:
                target = self.cities[city].province and _slug(self.cities[city].province or "")
            if target is not None and target in opts.produce:
                self.submit(opts.produce[target])

    def on_button(self, b: Button) -> None:
        value = b.value
        if isinstance(value, tuple) and value and value[0] == "ui":
            what = value[1]
            if what == "menu":
                from concordia.ui.scenes.dialog import PauseScene

                self.app.push(PauseScene(self.app, self))
            elif what == "scores":
                from concordia.ui.scenes.scores import ScoresScene

                self.app.push(ScoresScene(self.app, self.controller, final=False))
            elif what == "save":
                self.save_now()
            elif what == "undo":
                self.undo()
            elif what == "hint":
                self.request_hint()
            elif what == "end_turn":
                self.confirm_turn()
            elif what == "select":
                self.selected = value[2]
                self._rebuild()
            elif what == "buy_card":
                self.buy_card = value[2]
                self._rebuild()
            elif what == "trade_step":
                good, delta = value[2], value[3]
                self._step_trade(good, delta)
            elif what == "cancel":
                self.selected = self.place_city = self.buy_card = None
                self._rebuild()
            return
        if (
            isinstance(value, ACTION_TYPES)
            and self.human_to_act
            and not self.controller.awaiting_confirm
        ):
            self.submit(value)  # type: ignore[arg-type]  # ACTION_TYPES is the Action union

    def _step_trade(self, good: str, delta: int) -> None:
        amounts = sorted(tr.amount for tr in self.options().trades.get(good, []))
        if not amounts:
            return
        current = self.trade_amount.get(good, 0)
        values = sorted({0, *amounts})
        i = values.index(current) if current in values else values.index(0)
        i = max(0, min(len(values) - 1, i + delta))
        self.trade_amount[good] = values[i]
        self._rebuild()

    # ------------------------------------------------------------------ buttons
    def _rebuild(self) -> None:
        """Recreate the buttons for the current state and selection."""
        self.buttons.clear()
        lay = self.lay
        top = lay.top
        x = top.right - 8
        for key, label, tip in (
            ("menu", t("game.menu"), t("game.tip.menu")),
            ("save", t("game.save"), t("game.tip.save")),
            ("scores", t("game.scores"), t("game.tip.scores")),
        ):
            w = self.px(96)
            x -= w
            self.buttons.add(
                Button(
                    pygame.Rect(x, top.y + self.px(4), w, top.height - self.px(8)),
                    label,
                    ("ui", key),
                    tip,
                    size=14,
                )
            )
            x -= self.px(6)
        if self.state.is_terminal() and not self.controller.awaiting_confirm:
            return
        if self.human_to_act:
            self._action_buttons()
            self._hand_buttons()
            self._display_buttons()

    def _bar(self) -> _Bar:
        return _Bar(self.buttons, self.lay.actions, self.app.fonts)

    def _action_buttons(self) -> None:
        bar = self._bar()
        c = self.controller
        if c.can_undo():
            bar.add_right(t("game.undo"), ("ui", "undo"), t("game.tip.undo"))
        if c.awaiting_confirm:
            bar.add_right(
                t("game.end_turn"), ("ui", "end_turn"), t("game.tip.end_turn"), accent=True
            )
            return
        hint = self.current_hint
        bar.add_right(
            t("game.hint_wait") if hint is not None and not hint.done else t("game.hint"),
            ("ui", "hint"),
            t("game.tip.hint"),
        )
        opts = self.options()
        state = self.state
        if opts.finish is not None:
            bar.add_right(t("game.finish"), opts.finish, t("game.tip.finish"))
        if opts.cash is not None:
            amount = -state.cost(opts.cash).money
            bar.add(t("game.cash", n=amount), opts.cash, t("game.cash", n=amount))
        phase = state.phase
        if phase == "architect":
            for kind, src in opts.moves:
                label = f"{t('game.kind_' + kind)}: {self.place_name(src)}"
                bar.add(
                    label,
                    ("ui", "select", (kind, src)),
                    t("game.moving", kind=t("game.kind_" + kind), src=self.place_name(src)),
                    selected=self.selected == (kind, src),
                    width=150,
                )
        elif self.place_city is not None:
            for place in opts.places.get(self.place_city, []):
                label = t(
                    "game.place",
                    kind=t("game.kind_" + place.kind),
                    city=self.place_name(place.city),
                )
                bar.add(label, place, label, width=230)
        elif phase == "tribune":
            for places in opts.places.values():
                for place in places:
                    label = t(
                        "game.place",
                        kind=t("game.kind_" + place.kind),
                        city=self.place_name(place.city),
                    )
                    bar.add(label, place, label, width=230)
        elif phase == "diplomat":
            for copy in opts.copies:
                top_card = state.discard(copy.seat)[-1]
                label = t("game.copy", card=card_name(top_card), name=c.seats[copy.seat].name)
                bar.add(label, copy, card_tooltip(top_card), width=220)
        elif phase == "overflow":
            for d in opts.discards:
                bar.add(
                    t("game.discard", good=t("good." + d.good)),
                    d,
                    t("game.discard", good=t("good." + d.good)),
                    swatch=d.good,
                )
        elif phase in ("senator", "consul") and self.buy_card is not None:
            for buy in opts.buys.get(self.buy_card, []):
                goods = ", ".join(t("good." + g) for g in buy.choice) or "—"
                label = t("game.buy_with", card=card_name(buy.card), goods=goods)
                bar.add(label, buy, label, width=260)
        if phase in ("mercator", "first_buy"):
            self._trade_buttons()

    def trade_rect(self) -> pygame.Rect:
        b = self.lay.board
        w, h = self.px(430), self.px(64 + 40 * len(GOODS) + 30)
        return pygame.Rect(b.right - w - self.px(12), b.bottom - h - self.px(8), w, h)

    def _trade_buttons(self) -> None:
        opts = self.options()
        r = self.trade_rect()
        for i, good in enumerate(GOODS):
            y = r.y + self.px(56) + i * self.px(40)
            trades = opts.trades.get(good, [])
            amount = self.trade_amount.get(good, 0)
            enabled = bool(trades)
            step = (self.px(32), self.px(30))
            self.buttons.add(
                Button(
                    pygame.Rect((r.x + self.px(180), y), step),
                    "−",
                    ("ui", "trade_step", good, -1),
                    t(
                        "game.trade_sell",
                        n=1,
                        good=t("good." + good),
                        money=PRICE[GOODS.index(good)],
                    ),
                    enabled=enabled,
                )
            )
            self.buttons.add(
                Button(
                    pygame.Rect((r.x + self.px(252), y), step),
                    "+",
                    ("ui", "trade_step", good, 1),
                    t(
                        "game.trade_buy",
                        n=1,
                        good=t("good." + good),
                        money=PRICE[GOODS.index(good)],
                    ),
                    enabled=enabled,
                )
            )
            trade = next((tr for tr in trades if tr.amount == amount), None)
            money = abs(amount) * PRICE[GOODS.index(good)]
            if amount > 0:
                label = t("game.trade_buy", n=amount, good="", money=money)
            elif amount < 0:
                label = t("game.trade_sell", n=-amount, good="", money=money)
            else:
                label = "—"
            self.buttons.add(
                Button(
                    pygame.Rect(r.x + self.px(294), y, self.px(124), self.px(30)),
                    " ".join(label.split()),
                    trade,
                    label,
                    enabled=trade is not None,
                    size=13,
                )
            )

    def _hand_buttons(self) -> None:
        seat = self.viewer()
        if seat is None or self.state.phase != "card" or self.controller.awaiting_confirm:
            return
        opts = self.options()
        for i, (rect, card) in enumerate(self.hand_rects(seat)):
            action = opts.hand.get(card)
            if action is not None:
                self.buttons.add(
                    _CardButton(
                        rect,
                        card_name(card),
                        action,
                        card_tooltip(card)
                        + "  "
                        + (t("game.tip.hand_key", n=i + 1) if i < 9 else ""),
                    )
                )

    def _display_buttons(self) -> None:
        opts = self.options()
        if self.state.phase not in ("senator", "consul") or self.controller.awaiting_confirm:
            return
        for slot, rect in enumerate(self.display_rects()):
            card = self.state.display_ids()[slot]
            if card is None or card not in opts.buys:
                continue
            buys = opts.buys[card]
            value: object = buys[0] if len(buys) == 1 else ("ui", "buy_card", card)
            self.buttons.add(
                _CardButton(rect, card_name(card), value, self.display_tooltip(slot, card))
            )

    # ------------------------------------------------------------------ geometry
    def hand_rects(self, seat: int) -> list[tuple[pygame.Rect, str]]:
        hand = self.state.hand(seat)
        area = self.lay.hand.inflate(-self.px(16), -self.px(8))
        label_h = self.app.fonts.get(12, True).get_linesize()
        top = self.lay.hand.y + self.px(3) + label_h
        n = max(1, len(hand))
        gap = self.px(6)
        w = min(self.px(104), (area.width - (n - 1) * gap) // n)
        return [
            (pygame.Rect(area.x + i * (w + gap), top, w, area.bottom - top), card)
            for i, card in enumerate(hand)
        ]

    def display_rects(self) -> list[pygame.Rect]:
        area = self.lay.display.inflate(-self.px(16), -self.px(12))
        n = len(self.state.display)
        gap = self.px(6)
        w = min(self.px(128), (area.width - self.px(90) - (n - 1) * gap) // max(1, n))
        return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.height) for i in range(n)]

    def colour(self, seat: int) -> theme.Colour:
        """The colour ``seat`` chose (the board and every panel use the same one)."""
        return theme.seat_colour(self.controller.seats[seat].colour)

    def shape(self, seat: int) -> str:
        """The shape that goes with the colour ``seat`` chose."""
        return theme.seat_shape(self.controller.seats[seat].colour)

    def place_name(self, slug: str) -> str:
        if slug in self.cities:
            return self.cities[slug].name
        if slug in self.provinces:
            return self.provinces[slug].name
        if "-" in slug:
            a, b = slug.split("-", 1)
            return f"{self.place_name(a)} – {self.place_name(b)}"
        return slug

    # ------------------------------------------------------------------ highlights
    def highlights(self) -> dict[HKey, str]:
        """Board badges: legal targets for the human, the AI's pending move otherwise."""
        out: dict[HKey, str] = {}
        state = self.state
        if self.pending_ai is not None:
            key = _target(self.pending_ai.action)
            if key is not None:
                out[key] = "●"
            return out
        if not self.human_to_act or self.controller.awaiting_confirm:
            return out
        opts = self.options()
        if state.phase == "architect":
            if self.selected is None:
                for kind, src in opts.moves:
                    key = src if src in self.cities else (kind, src)
                    label = t("game.kind_" + kind)
                    out[key] = f"{out[key]}/{label}" if key in out else label
            else:
                for move in opts.moves.get(self.selected, []):
                    out[(move.kind, move.dst)] = str(state.cost(move).points)
            for city, build in opts.builds.items():
                out[city] = price_badge(state, build)
        for city, places in opts.places.items():
            out[city] = "+" + "/".join(t("game.kind_" + p.kind) for p in places)
        for province in opts.produce:
            good = state.province_good(province)
            out[province] = t("good." + good)
        hint = self.current_hint
        if hint is not None and hint.action is not None:
            key = _target(hint.action)
            if key is not None:
                out[key] = "★ " + (out.get(key) or t("game.hint_badge"))
            if isinstance(hint.action, Move):
                src = hint.action.src
                out.setdefault(src if src in self.cities else (hint.action.kind, src), "")
        return out

    def hint_buttons(self) -> list[Button]:
        """The buttons that carry the hinted action (or lead to it)."""
        hint = self.current_hint
        if hint is None or hint.action is None:
            return []
        a = hint.action
        wanted: list[object] = [a]
        if isinstance(a, Move):
            wanted.append(("ui", "select", (a.kind, a.src)))
        if isinstance(a, BuyCard):
            wanted.append(("ui", "buy_card", a.card))
        if isinstance(a, Trade):
            wanted.append(("ui", "trade_step", a.good, 1 if a.amount > 0 else -1))
        return [b for b in self.buttons.buttons if b.value in wanted and b.enabled]

    # ------------------------------------------------------------------ tooltips
    def tooltip(self, pos: tuple[int, int]) -> str | None:
        tip = self.buttons.tooltip(pos)
        if tip:
            return tip
        state = self.state
        viewer = self.viewer()
        if viewer is not None:
            for i, (rect, card) in enumerate(self.hand_rects(viewer)):
                if rect.collidepoint(pos):
                    return card_tooltip(card) + (
                        "  " + t("game.tip.hand_key", n=i + 1) if i < 9 else ""
                    )
        for slot, rect in enumerate(self.display_rects()):
            shown = state.display_ids()[slot]
            if rect.collidepoint(pos) and shown is not None:
                return self.display_tooltip(slot, shown)
        for seat, rect in enumerate(self.player_rects()):
            if rect.collidepoint(pos):
                return self.player_tooltip(seat)
        if self.lay.log.collidepoint(pos):
            return t("game.tip.log")
        if self.lay.board.collidepoint(pos):
            return self.board_tooltip(pos)
        return None

    def display_tooltip(self, slot: int, card: str) -> str:
        d = CARD_BY_ID[card]
        cost = ", ".join(t("good." + g) for g in d.cost) or "—"
        extra = self.state.display_cost(slot)
        extra_s = (
            t("game.slot_extra", goods=", ".join(t("good." + g) for g in extra))
            if extra
            else t("game.slot_none")
        )
        return f"{t('game.slot', n=slot + 1)} ({extra_s}). " + t(
            "game.tip.display_card",
            name=card_name(card),
            god=t("god." + d.god),
            cost=cost,
            text=card_text(d),
        )

    def player_tooltip(self, seat: int) -> str:
        p = self.state.players[seat]
        cfg = self.controller.seats[seat]
        top = self.state.discard(seat)
        s = t(
            "game.tip.player", name=cfg.name, money=p.money, houses=p.houses_left, hand=len(p.hand)
        )
        if top:
            s += ". " + t("game.top_discard", card=card_name(top[-1]))
        if self.state.praefectus == seat:
            s += ". " + t("game.tip.praefectus")
        return s

    def board_tooltip(self, pos: tuple[int, int]) -> str | None:
        state = self.state
        opts = self.options() if self.human_to_act else Options()
        city = self.board.city_at(pos)
        if city is not None:
            good = state.city_good(city)
            names = ", ".join(self.controller.seats[s].name for s in state.houses_in(city))
            s = t(
                "game.tip.city",
                city=self.place_name(city),
                good=t("good." + good) if good else t("game.no_good"),
                houses=names or "—",
            )
            if city in opts.builds:
                s += ". " + t("game.tip.city_build", price=price_text(state, opts.builds[city]))
            return s
        route = self.board.route_at(pos)
        if route is not None:
            s = t(
                "game.tip.route", kind=t("game.kind_" + route[0]), route=self.place_name(route[1])
            )
            if self.selected is not None:
                for move in opts.moves.get(self.selected, []):
                    if (move.kind, move.dst) == route:
                        s += ". " + t("game.tip.route_move", n=state.cost(move).points)
            return s
        province = self.board.province_at(pos)
        if province is not None:
            up = state.marker_active(province)
            s = t(
                "game.tip.province",
                province=self.place_name(province),
                good=t("good." + state.province_good(province)),
                state=t("game.marker_up") if up else t("game.marker_down"),
            )
            if province in opts.produce:
                s += ". " + t("game.tip.province_produce")
            return s
        return t("game.shortcuts")

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        self.board.draw(surface, state, self.highlights(), self.tweens)
        self.draw_top(surface)
        c = self.controller
        self.cached(surface, "display", self.lay.display, (), self.draw_display)
        self.draw_action_bar(surface)
        self.cached(
            surface,
            "hand",
            self.lay.hand,
            (self.viewer(), self.human_to_act, c.committed),
            self.draw_hand,
        )
        self.cached(
            surface,
            "players",
            self.lay.players,
            tuple(s.colour for s in c.seats),
            self.draw_players,
        )
        thinking = self.thinking_seat
        if thinking is not None and thinking in self._thinking_at:
            self.draw_thinking(surface, self._thinking_at[thinking])
        self.cached(surface, "log", self.lay.log, (self.log_scroll,), self.draw_log)
        if (
            self.human_to_act
            and state.phase in ("mercator", "first_buy")
            and not (self.controller.awaiting_confirm)
        ):
            self.draw_trade(surface)
        self.buttons.draw(surface, self.app.fonts, self.hover)
        for b in self.hint_buttons():
            pygame.draw.rect(surface, (20, 18, 16), b.rect.inflate(10, 10), 2, border_radius=9)
            pygame.draw.rect(surface, theme.HILITE, b.rect.inflate(6, 6), 3, border_radius=8)
            theme.text(
                surface,
                self.app.fonts.get(14, True),
                "★",
                (b.rect.right - 2, b.rect.y + 2),
                theme.HILITE,
                "topright",
            )

    def status(self) -> str:
        state = self.state
        c = self.controller
        if state.is_terminal():
            return t("game.over")
        if self.controller.awaiting_confirm:
            return t("game.confirm_turn")
        seat = state.current_player
        assert seat is not None
        name = c.seats[seat].name
        if not c.seat_is_human(seat):
            if self.pending_ai is not None:
                return describe(self, self.pending_ai.action, seat)
            return t("game.thinking", name=name)
        phase = state.phase
        prompt = {
            "card": "game.choose_card",
            "prefect": "game.choose_province",
            "senator": "game.choose_buy",
            "consul": "game.choose_buy",
            "mercator": "game.choose_trade",
            "colonist": "game.choose_place",
            "tribune": "game.choose_tribune",
            "diplomat": "game.choose_diplomat",
            "overflow": "game.choose_overflow",
            "first_buy": "game.choose_first_buy",
        }.get(phase, "")
        if phase == "architect":
            prompt = "game.choose_route" if self.selected else "game.choose_colonist"
            return f"{t(prompt)} · {t('game.points_left', n=state.points)}"
        if self.buy_card is not None or self.place_city is not None:
            prompt = "game.choose_goods" if self.buy_card else "game.choose_place"
        return t(prompt) if prompt else t("phase." + phase)

    def draw_top(self, surface: pygame.Surface) -> None:
        r = self.lay.top
        pygame.draw.rect(surface, theme.PANEL, r)
        state = self.state
        fonts = self.app.fonts
        x = r.x + 12
        if not state.is_terminal():
            seat = state.turn_player
            theme.shape(
                surface,
                self.shape(seat),
                (x + self.px(8), r.centery),
                self.px(8),
                self.colour(seat),
            )
            x += self.px(24)
            label = (
                f"{t('game.turn_of', name=self.controller.seats[seat].name)} · "
                f"{t('phase.' + state.phase)}"
            )
            if state.current_player != seat and state.current_player is not None:
                label += " · " + t(
                    "game.decides", name=self.controller.seats[state.current_player].name
                )
            rect = theme.text(
                surface,
                fonts.get(16, True),
                theme.fit(fonts.get(16, True), label, r.width // 2),
                (x, r.centery),
                theme.TEXT,
                "midleft",
            )
            x = rect.right + 16
        msg = self.message
        if msg is None and not state.is_terminal():
            msg = self.status()
        if msg:
            room = r.right - self.px(3 * 102 + 16) - x
            theme.text(
                surface,
                fonts.get(14),
                theme.fit(fonts.get(14), msg, room),
                (x, r.centery),
                theme.HILITE,
                "midleft",
            )

    def draw_display(self, surface: pygame.Surface) -> None:
        r = self.lay.display
        pygame.draw.rect(surface, theme.PANEL, r)
        state = self.state
        fonts = self.app.fonts
        rects = self.display_rects()
        for slot, rect in enumerate(rects):
            card = state.display_ids()[slot]
            extra = state.display_cost(slot)
            if card is None:
                theme.panel(surface, rect, theme.BUTTON_DISABLED, theme.BORDER)
                theme.text(
                    surface,
                    fonts.get(13),
                    t("game.sold_out"),
                    rect.center,
                    theme.TEXT_DIM,
                    "center",
                )
            else:
                draw_card(surface, fonts, rect, card, self.hover)
            # Slot's extra goods (Senator), under the card.
            gx = rect.x + self.px(4)
            gs = self.px(10)
            for g in extra:
                cell = pygame.Rect(gx, rect.bottom - gs - self.px(2), gs, gs)
                pygame.draw.rect(
                    surface, theme.GOOD_COLOURS.get(g, (200, 200, 200)), cell, border_radius=2
                )
                if g == "any":
                    theme.text(
                        surface, fonts.get(9, True), "?", cell.center, (20, 20, 20), "center"
                    )
                gx += gs + self.px(3)
        if rects:
            theme.text(
                surface,
                fonts.get(13),
                t("game.deck", n=state.deck_size),
                (rects[-1].right + self.px(10), r.centery),
                theme.TEXT_DIM,
                "midleft",
            )

    def draw_action_bar(self, surface: pygame.Surface) -> None:
        r = self.lay.actions
        pygame.draw.rect(surface, theme.PANEL_LIGHT, r)
        font = self.app.fonts.get(15)
        left = min((b.rect.x for b in self.buttons.buttons if r.contains(b.rect)), default=r.right)
        status = self.status()
        first_bar_button = min(
            (b.rect.x for b in self.buttons.buttons if r.contains(b.rect) and b.rect.x < r.centerx),
            default=None,
        )
        if first_bar_button is not None and first_bar_button < r.x + 60:
            return  # the bar is full of choices; the prompt is in the tooltip and top bar
        theme.text(
            surface,
            font,
            theme.fit(font, status, min(left, r.right) - r.x - 24),
            (r.x + 12, r.centery),
            theme.TEXT,
            "midleft",
        )

    def draw_hand(self, surface: pygame.Surface) -> None:
        r = self.lay.hand
        pygame.draw.rect(surface, theme.PANEL, r)
        fonts = self.app.fonts
        seat = self.viewer()
        if seat is None:
            return
        cfg = self.controller.seats[seat]
        theme.text(
            surface,
            fonts.get(12, True),
            f"{t('game.your_hand')} — {cfg.name}",
            (r.x + self.px(8), r.y + self.px(3)),
            theme.TEXT_DIM,
        )
        playable = self.options().hand if self.human_to_act else {}
        for i, (rect, card) in enumerate(self.hand_rects(seat)):
            draw_card(
                surface,
                fonts,
                rect,
                card,
                self.hover,
                dim=bool(playable) and card not in playable,
                key=i + 1 if i < 9 else None,
            )

    def player_rects(self) -> list[pygame.Rect]:
        r = self.lay.players
        n = len(self.controller.seats)
        h = r.height // max(1, n)
        return [pygame.Rect(r.x + 4, r.y + i * h + 2, r.width - 8, h - 4) for i in range(n)]

    def draw_players(self, surface: pygame.Surface) -> None:
        state = self.state
        fonts = self.app.fonts
        small = fonts.get(12)
        for seat, rect in enumerate(self.player_rects()):
            p = state.players[seat]
            cfg = self.controller.seats[seat]
            active = seat == state.current_player
            theme.panel(
                surface,
                rect,
                theme.PANEL_LIGHT if active else theme.PANEL,
                theme.HILITE if active else theme.BORDER,
            )
            bold = fonts.get(14, True)
            row_h = bold.get_linesize()
            top_y = rect.y + self.px(4)
            theme.shape(
                surface,
                self.shape(seat),
                (rect.x + self.px(14), top_y + row_h // 2),
                self.px(8),
                self.colour(seat),
            )
            money = theme.text(
                surface,
                bold,
                t("game.money", n=p.money),
                (rect.right - self.px(8), top_y),
                theme.ACCENT,
                "topright",
            )
            name = cfg.name + ("" if cfg.is_human else f" · {t('kind.' + cfg.kind)}")
            name_x = rect.x + self.px(28)
            name_rect = theme.text(
                surface,
                bold,
                theme.fit(bold, name, money.x - name_x - self.px(40)),
                (name_x, top_y),
            )
            self._thinking_at[seat] = (name_rect.right + self.px(8), name_rect.centery)
            # Storehouse: 12 spaces, goods then waiting colonists.
            items: list[tuple[str, str]] = []
            for g, n in zip(GOODS, p.goods, strict=True):
                items += [("good", g)] * n
            items += [("land", "L")] * p.store[0] + [("sea", "S")] * p.store[1]
            gap = self.px(3)
            size = min(self.px(18), (rect.width - self.px(16)) // STOREHOUSE_SPACES - gap)
            store_y = top_y + row_h + self.px(2)
            for i in range(STOREHOUSE_SPACES):
                cell = pygame.Rect(rect.x + self.px(8) + i * (size + gap), store_y, size, size)
                if i < len(items):
                    kind, what = items[i]
                    if kind == "good":
                        pygame.draw.rect(surface, theme.GOOD_COLOURS[what], cell, border_radius=3)
                    else:
                        pygame.draw.rect(surface, theme.PANEL, cell, border_radius=3)
                        theme.shape(
                            surface, self.shape(seat), cell.center, size // 3, self.colour(seat)
                        )
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
                theme.fit(small, info, rect.width - self.px(16)),
                (rect.x + self.px(8), store_y + size + self.px(3)),
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
                    (rect.x + self.px(8), info_rect.bottom),
                    theme.HILITE,
                )

    def cached(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: tuple[object, ...],
        paint: Callable[[pygame.Surface], None],
    ) -> None:
        """Blit panel ``name`` from a cache, painting it again (with ``paint``, which
        draws at screen positions) only when the state, ``key``, the language, the
        font scale or the rectangle changed. The state is compared by identity (and
        kept alive by the cache): states are immutable."""
        from concordia.ui.strings import language

        full = (key, tuple(rect), self.app.fonts.scale, language())
        hit = self._panels.get(name)
        if hit is not None and hit[0] is self.state and hit[1] == full:
            surface.blit(hit[2], rect)
            return
        size = surface.get_size()
        if self._scratch is None or self._scratch.get_size() != size:
            self._scratch = pygame.Surface(size)
        scratch = self._scratch
        area = rect.clip(scratch.get_rect())
        scratch.set_clip(area)
        scratch.fill(theme.BG, area)
        paint(scratch)
        scratch.set_clip(None)
        img = scratch.subsurface(area).copy()
        self._panels[name] = (self.state, full, img)
        surface.blit(img, area)

    def draw_thinking(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Three dots that fill one after another: the AI is thinking."""
        lit = int(self.app.time_source() * 3) % 4
        for i in range(3):
            colour = theme.HILITE if i < lit else theme.BORDER
            pygame.draw.circle(surface, colour, (pos[0] + i * 9, pos[1] + 1), 3)

    def draw_log(self, surface: pygame.Surface) -> None:
        r = self.lay.log
        theme.panel(surface, r.inflate(-8, -8), theme.PANEL, theme.BORDER)
        fonts = self.app.fonts
        theme.text(
            surface,
            fonts.get(13, True),
            t("game.log"),
            (r.x + self.px(14), r.y + self.px(10)),
            theme.TEXT_DIM,
        )
        font = fonts.get(12)
        line_h = font.get_linesize()
        lines = self.log_lines()
        bar = self.log_bar()
        end = max(0, len(lines) - self.log_scroll)
        width = r.width - self.px(28) - (bar.rect.width + 6 if bar.scrollable else 0)
        for row, (text, seat, marked) in enumerate(lines[max(0, end - bar.shown) : end]):
            y = bar.rect.y + row * line_h
            colour = self.colour(seat) if marked else theme.TEXT
            theme.text(
                surface,
                font,
                theme.fit(font, ("▶ " if marked else "   ") + text, width),
                (r.x + self.px(14), y),
                colour,
            )
        bar.draw(surface)

    def log_bar(self) -> ScrollBar:
        """The game log's scroll bar (the newest line is at the bottom; ``log_scroll``
        counts the lines hidden below it)."""
        r = self.lay.log
        line_h = self.app.fonts.get(12).get_linesize()
        top = r.y + self.px(10) + self.app.fonts.get(13, True).get_linesize() + self.px(4)
        rows = max(1, (r.bottom - self.px(10) - top) // line_h)
        total = len(self.controller.actions)
        first = max(0, total - self.log_scroll - rows)
        return ScrollBar(
            pygame.Rect(r.right - self.px(20), top, self.px(8), rows * line_h), total, rows, first
        )

    def scroll_log(self, lines: int) -> None:
        """Scroll the log ``lines`` up (positive) or down, within its length."""
        bar = self.log_bar()
        top = max(0, bar.total - bar.shown)
        self.log_scroll = max(0, min(top, self.log_scroll + lines))

    def log_lines(self) -> list[tuple[str, int, bool]]:
        """(text, seat, is that seat's last move) per action, texts kept between frames."""
        from concordia.ui.strings import language

        c = self.controller
        if self._log_language != language():
            self._log_language = language()
            self._log_texts = []
        texts = self._log_texts
        while texts and (len(texts) > len(c.actions) or texts[-1][0] != c.actions[len(texts) - 1]):
            texts.pop()  # undone actions
        for i in range(len(texts), len(c.actions)):
            texts.append(
                (c.actions[i], describe_text(self, c.actions[i], c.actors[i], i), c.actors[i])
            )
        marked = {c.last_action_of(seat) for seat in range(len(c.seats))}
        return [(text, seat, i in marked) for i, (_, text, seat) in enumerate(texts)]

    def draw_trade(self, surface: pygame.Surface) -> None:
        r = self.trade_rect()
        theme.panel(surface, r, theme.PANEL, theme.ACCENT, 8)
        state = self.state
        fonts = self.app.fonts
        seat = state.current_player
        assert seat is not None
        p = state.players[seat]
        theme.text(
            surface,
            fonts.get(15, True),
            t("game.choose_trade"),
            (r.x + self.px(12), r.y + self.px(8)),
        )
        theme.text(
            surface,
            fonts.get(13),
            f"{t('game.money', n=p.money)} · {t('game.free_space', n=p.free_space())}",
            (r.x + self.px(12), r.y + self.px(30)),
            theme.ACCENT,
        )
        font = fonts.get(14)
        for i, good in enumerate(GOODS):
            y = r.y + self.px(56) + i * self.px(40)
            pygame.draw.rect(
                surface,
                theme.GOOD_COLOURS[good],
                pygame.Rect(r.x + self.px(12), y + self.px(7), self.px(16), self.px(16)),
                border_radius=3,
            )
            traded = good in state.traded
            theme.text(
                surface,
                font,
                f"{t('good.' + good)} ×{p.goods[GOODS.index(good)]}",
                (r.x + self.px(36), y + self.px(15)),
                theme.TEXT_DIM if traded else theme.TEXT,
                "midleft",
            )
            theme.text(
                surface,
                fonts.get(12),
                f"{PRICE[GOODS.index(good)]}",
                (r.x + self.px(160), y + self.px(15)),
                theme.ACCENT,
                "midright",
            )
            amount = self.trade_amount.get(good, 0)
            theme.text(
                surface,
                font,
                f"{amount:+d}" if amount else "0",
                (r.x + self.px(232), y + self.px(15)),
                theme.TEXT,
                "center",
            )


class _CardButton(Button):
    """A card tile that acts as a button; its face is drawn by the scene."""

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        if hover is not None and self.rect.collidepoint(hover):
            pygame.draw.rect(surface, theme.HILITE, self.rect.inflate(4, 4), 3, border_radius=8)
        else:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(2, 2), 2, border_radius=7)


class _Bar:
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
    ) -> None:
        font = self.fonts.get(14)
        k = self.fonts.scale
        w = (
            round(width * k)
            if width
            else min(round(240 * k), font.size(label)[0] + round((28 + (20 if swatch else 0)) * k))
        )
        if self.left + w > self.right:
            return
        pad = round(7 * k)
        self.row.add(
            Button(
                pygame.Rect(self.left, self.rect.y + pad, w, self.rect.height - 2 * pad),
                label,
                value,
                tip,
                selected=selected,
                size=14,
                swatch=theme.GOOD_COLOURS.get(swatch) if swatch else None,
            )
        )
        self.left += w + 6

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


# ---------------------------------------------------------------------- text helpers
def card_name(card: str) -> str:
    d = CARD_BY_ID[card]
    return t("card." + d.name.lower())


def card_text(d: CardDef) -> str:
    if d.action == "specialist":
        return t("action.specialist", good=t("good." + (d.good or "")))
    if d.action == "mercator":
        return t("action.mercator", n=d.sestertii)
    return t("action." + d.action)


def card_tooltip(card: str) -> str:
    d = CARD_BY_ID[card]
    god = t("god." + d.god)
    return (
        t("game.tip.hand_card", name=card_name(card), god=god, text=card_text(d))
        + f" [{god}: {t('godtip.' + d.god)}]"
    )


def price_text(state: GameState, action: Action) -> str:
    cost = state.cost(action)
    goods = ", ".join(f"{n} {t('good.' + g)}" for g, n in cost.goods if n > 0)
    if goods:
        return t("game.price", coins=cost.money, goods=goods)
    return t("game.price_coins", coins=cost.money)


def price_badge(state: GameState, action: Action) -> str:
    cost = state.cost(action)
    goods = "+".join(t("good." + g)[:1].upper() * n for g, n in cost.goods if n > 0)
    return f"{cost.money}s+{goods}" if goods else f"{cost.money}s"


def draw_card(
    surface: pygame.Surface,
    fonts: theme.Fonts,
    rect: pygame.Rect,
    card: str,
    hover: tuple[int, int] | None,
    dim: bool = False,
    key: int | None = None,
) -> None:
    d = CARD_BY_ID[card]
    k = fonts.scale
    god_colour = theme.GOD_COLOURS[d.god]
    bg = (236, 226, 200) if not dim else (150, 146, 136)
    pygame.draw.rect(surface, bg, rect, border_radius=6)
    font = fonts.get(10, True)
    band = pygame.Rect(rect.x, rect.y, rect.width, font.get_linesize() + 2)
    pygame.draw.rect(surface, god_colour, band, border_top_left_radius=6, border_top_right_radius=6)
    theme.text(
        surface,
        font,
        theme.fit(font, t("god." + d.god), rect.width - 6),
        (rect.centerx, band.centery),
        (255, 255, 255),
        "center",
    )
    name_font = fonts.get(12, True)
    name = theme.text(
        surface,
        name_font,
        theme.fit(name_font, card_name(card), rect.width - 6),
        (rect.centerx, band.bottom + round(2 * k)),
        (30, 26, 20),
        "midtop",
    )
    gs, gy = round(10 * k), name.bottom + round(2 * k)
    if d.deck:
        theme.text(
            surface, fonts.get(9), d.deck, (rect.right - round(4 * k), gy), (90, 80, 60), "topright"
        )
    gx = rect.x + round(5 * k)
    for g in d.cost:
        pygame.draw.rect(
            surface, theme.GOOD_COLOURS[g], pygame.Rect(gx, gy, gs, gs), border_radius=2
        )
        gx += gs + round(3 * k)
    if key is not None and rect.height > 60 * k:
        theme.text(
            surface,
            fonts.get(10),
            str(key),
            (rect.x + round(4 * k), rect.bottom - 3),
            (90, 80, 60),
            "bottomleft",
        )
    pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=6)


def describe_text(scene: GameScene, text: str, seat: int, index: int) -> str:
    from concordia.core import parse_action

    try:
        action = parse_action(text)
    except ValueError:
        return text
    history = scene.controller.history
    return describe(scene, action, seat, history[index] if index < len(history) else None)


def describe(scene: GameScene, action: Action, seat: int, before: GameState | None = None) -> str:
    """One log line for ``action`` by ``seat``."""
    name = scene.controller.seats[seat].name
    if isinstance(action, PlayCard):
        return t("log.play", name=name, card=card_name(action.card))
    if isinstance(action, Move):
        return t(
            "log.move",
            name=name,
            kind=t("game.kind_" + action.kind),
            dst=scene.place_name(action.dst),
        )
    if isinstance(action, Build):
        return t("log.build", name=name, city=scene.place_name(action.city))
    if isinstance(action, Produce):
        return t("log.produce", name=name, province=scene.place_name(action.province))
    if isinstance(action, Cash):
        return t("log.cash", name=name)
    if isinstance(action, Trade):
        key = "log.trade_buy" if action.amount > 0 else "log.trade_sell"
        return t(key, name=name, n=abs(action.amount), good=t("good." + action.good))
    if isinstance(action, Place):
        return t(
            "log.place",
            name=name,
            kind=t("game.kind_" + action.kind),
            city=scene.place_name(action.city),
        )
    if isinstance(action, Copy):
        before = before or scene.state
        pile = before.discard(action.seat)
        return t(
            "log.copy",
            name=name,
            card=card_name(pile[-1]) if pile else "?",
            other=scene.controller.seats[action.seat].name,
        )
    if isinstance(action, BuyCard):
        return t("log.buy", name=name, card=card_name(action.card))
    if isinstance(action, Discard):
        return t("log.discard", name=name, good=t("good." + action.good))
    return t("log.finish", name=name)


def _target(action: Action) -> HKey | None:
    if isinstance(action, Move):
        return (action.kind, action.dst)
    if isinstance(action, Build | Place):
        return action.city
    if isinstance(action, Produce):
        return action.province
    return None


def _slug(name: str) -> str:
    return "_".join(name.lower().split())
