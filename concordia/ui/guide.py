"""Learn to play: a guided first game on a fixed deal.

Italia, three players (you and two easy AIs), seed :data:`GUIDE_SEED`. The deal and
the easy AIs are deterministic (the AI's rng is seeded from the game's seed and step),
so the first seven turns of the human seat can be scripted exactly. :data:`STEPS` is
that script, one row per click: what the player is expected to choose (an action's
notation, ``select KIND SRC`` for picking a colonist, ``end_turn``, or ``info`` for a
text with a Next button) and the key of the text that says why. The guide itself is
generic code over that table: :class:`GuideScene` rings the target of the current row
(found through the game scene's buttons and :mod:`concordia.ui.targeting`), lets a
matching click through to the game, answers any other click with the row's
instruction, and follows the game's record to move on. The player can leave the guide
at any time and the game goes on as a normal one; if the game ever leaves the script
(it should not), the guide says so and ends. A step that plays a card of a god for the
first time also says how that god scores.

After the script (*Play on*) the guide stays as a coach: it checks nothing, and shows
each of :data:`LESSONS` once, when :data:`LESSON_WHEN` says its moment has come (the
cards the script never plays, the storehouse, the end of the game).

No row holds code: changing the guide means editing the tables and the strings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from concordia.core import GameState, Phase
from concordia.core.actions import ACTION_TYPES
from concordia.core.data import CARD_BY_ID, CardDef
from concordia.ui import strings, theme
from concordia.ui.ai_bridge import HINT_LEVEL
from concordia.ui.game.hand import key_index
from concordia.ui.input import Click, Confirm, Hover, Intent, Undo
from concordia.ui.rules_pages import GOD_SCORING
from concordia.ui.scene import Scene
from concordia.ui.strings import t
from concordia.ui.targeting import SelectColonist, Target, anchor
from concordia.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from concordia.ui.app import App
    from concordia.ui.scenes.game import GameScene

GUIDE_BOARD = "italia"
GUIDE_SEED = 1
GUIDE_SEATS = (("human", 0), ("easy", 1), ("easy", 3))  # kind, palette colour
GUIDE_AI_NAMES = ("Livia", "Marcus")


@dataclass(frozen=True, slots=True)
class Step:
    """One row of the guide: ``expect`` is what the player must choose, ``text`` the
    key of the explanation (``guide.TEXT``) and of the short instruction
    (``guide.do.TEXT``), which is also the answer to a wrong click."""

    expect: str
    text: str
    #: The god of the card this step plays for the first time: its scoring is taught.
    god: str = ""


#: The script of the guided game (seed 1 on Italia; see the module docstring).
STEPS: tuple[Step, ...] = (
    Step("info", "welcome"),
    # Turn 1: the Architect moves, then builds.
    Step("play architect", "architect", "Jupiter"),
    Step("select sea roma", "select"),
    Step("move sea roma messana-neapolis", "move"),
    Step("build neapolis", "build"),
    Step("build messana", "build_more"),
    Step("finish", "finish"),
    Step("end_turn", "end_turn"),
    # Turn 2: the Prefect and the bonus marker.
    Step("play prefect", "prefect", "Saturnus"),
    Step("produce sicilia", "produce"),
    Step("end_turn", "end_turn_short"),
    # Turn 3: the Senator and the surcharge.
    Step("play senator", "senator", "Vesta"),
    Step("buy I_architect", "buy"),
    Step("buy I_prefect brick", "buy_surcharge"),
    Step("end_turn", "end_turn_short"),
    # Turn 4: the Mercator.
    Step("play mercator", "mercator", "Mercurius"),
    Step("trade wine -1", "sell"),
    Step("trade tool +1", "buy_good"),
    Step("end_turn", "end_turn_short"),
    # Turn 5: the Tribune.
    Step("play tribune", "tribune", "Mars"),
    Step("finish", "tribune_finish"),
    Step("end_turn", "end_turn_short"),
    # Turn 6: the Architect again, from a route.
    Step("play architect", "architect_again"),
    Step("select sea messana-neapolis", "select_route"),
    Step("move sea messana-neapolis brundisium-croton", "move_again"),
    Step("build brundisium", "build_again"),
    Step("finish", "finish"),
    Step("end_turn", "end_turn_short"),
    # Turn 7: the second Prefect.
    Step("play prefect", "prefect_again"),
    Step("produce sicilia", "produce_again"),
    Step("end_turn", "end_turn_short"),
    Step("info", "done"),
)

#: What the guide teaches after its script, each once, when it first comes up in the
#: game (``guide.lesson.KEY``; :data:`LESSON_WHEN` says when), in this order.
LESSONS: tuple[str, ...] = (
    "diplomat",
    "colonist",
    "specialist",
    "consul",
    "storehouse",
    "game_end",
    "concordia",
)

#: A full storehouse is taught when this many of its 12 spaces are used.
STOREHOUSE_WARN = 10


def _choosing(state: GameState, seat: int) -> bool:
    """``seat`` is about to choose a card (the start of its turn)."""
    return state.phase == Phase.CARD and state.turn_player == seat


def _cards_in_sight(state: GameState, seat: int) -> list[CardDef]:
    """The cards ``seat`` can see to play or buy: its hand and the display."""
    ids = state.hand(seat) + [c for c in state.display_ids() if c is not None]
    return [CARD_BY_ID[c] for c in ids]


def _action_in_sight(action: str) -> Callable[[GameState, int], bool]:
    def when(state: GameState, seat: int) -> bool:
        return _choosing(state, seat) and any(
            d.action == action for d in _cards_in_sight(state, seat)
        )

    return when


def _diplomat_due(state: GameState, seat: int) -> bool:
    return (
        _choosing(state, seat)
        and any(CARD_BY_ID[c].action == "diplomat" for c in state.hand(seat))
        and any(state.discard(other) for other in range(state.num_players) if other != seat)
    )


def _storehouse_due(state: GameState, seat: int) -> bool:
    if state.phase == Phase.OVERFLOW and state.current_player == seat:
        return True
    return _choosing(state, seat) and state.players[seat].used_space() >= STOREHOUSE_WARN


#: The end is taught when this few cards are left to buy (draw pile and display), or
#: when someone has this few houses left to build.
END_NEAR_CARDS = 3
END_NEAR_HOUSES = 3


def _end_due(state: GameState, seat: int) -> bool:
    cards_left = state.deck_size + sum(1 for c in state.display_ids() if c is not None)
    near = (
        cards_left <= END_NEAR_CARDS or min(p.houses_left for p in state.players) <= END_NEAR_HOUSES
    )
    return _choosing(state, seat) and near and state.concordia is None


#: When each of :data:`LESSONS` is due, from the position and the guided player's seat.
LESSON_WHEN: dict[str, Callable[[GameState, int], bool]] = {
    "diplomat": _diplomat_due,
    "colonist": _action_in_sight("colonist"),
    "specialist": _action_in_sight("specialist"),
    "consul": _action_in_sight("consul"),
    "storehouse": _storehouse_due,
    "game_end": _end_due,
    "concordia": lambda state, seat: state.concordia is not None,
}

#: Buttons of the game that never count as a wrong click (they only show things).
NEUTRAL_UI = ("menu", "scores", "rules", "hint", "save", "cancel")


def guide_setup(player_name: str = "") -> object:
    """The :class:`~concordia.ui.controller.GameSetup` of the guided game. The player's
    seat has a name (the one kept in the settings, else "Player 1"): named "You", the
    log and the bars said "You's turn" and "You plays"."""
    from concordia.ui.controller import GameSetup, SeatConfig

    seats = []
    names = iter(GUIDE_AI_NAMES)
    for i, (kind, colour) in enumerate(GUIDE_SEATS):
        if kind == "human":
            name = player_name.strip() or t("seat.default_name", n=i + 1)
        else:
            name = next(names)
        seats.append(SeatConfig(kind, name, colour))
    return GameSetup(GUIDE_BOARD, seats, GUIDE_SEED)


def start_guided_game(app: App) -> GuideScene:
    """Start the guided game (menu below it) and put the guide on top."""
    from concordia.maps import load_board
    from concordia.ui.controller import GameController, GameSetup
    from concordia.ui.scenes.game import GameScene

    setup = guide_setup(app.settings.player_name)
    assert isinstance(setup, GameSetup)
    app.open_game(GameController(setup, load_board(GUIDE_BOARD)))
    game = app.stack.top
    assert isinstance(game, GameScene)
    guide = GuideScene(app, game)
    app.push(guide)
    return guide


def _sel_of(expect: str) -> tuple[str, str] | None:
    parts = expect.split()
    if len(parts) == 3 and parts[0] == "select":
        return (parts[1], parts[2])
    return None


class GuideScene(Scene):
    """The guide over the game scene (see the module docstring)."""

    name = "guide"
    opaque = False
    #: The game scene keeps playing (AI turns) under this overlay.
    game_runs = True

    def __init__(self, app: App, game: GameScene, steps: tuple[Step, ...] = STEPS) -> None:
        super().__init__(app)
        self.game = game
        self.steps = steps
        self.index = 0
        self.seen = len(game.controller.actions)  # actions already followed
        self.answer: str | None = None  # the reply to a wrong click
        self.answer_time = 0.0
        self.off_script = False
        self.buttons = ButtonRow()
        self.hover: tuple[int, int] | None = None
        self.human = next(i for i, s in enumerate(game.controller.seats) if s.is_human)
        #: After the script ("Play on"): the guide stays to teach :data:`LESSONS`.
        self.coaching = False
        self.lesson: str | None = None  # the lesson shown now
        self.taught: set[str] = set()

    # ---------------------------------------------------------------- state
    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps) - 1 or self.off_script

    def px(self, n: float) -> int:
        return round(n * self.app.fonts.scale)

    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def leave(self) -> None:
        """Close the guide; the game goes on as a normal game."""
        self.app.stack.remove(self)

    def advance(self) -> None:
        self.index += 1
        self.answer = None
        self.layout()

    def update(self, dt: float) -> None:
        if self.answer is not None:
            self.answer_time -= dt
            if self.answer_time <= 0:
                self.answer = None
        if self.coaching:
            self.coach()
        else:
            self.follow()

    def lessons_due(self) -> list[str]:
        """The lessons not taught yet whose moment has come, in :data:`LESSONS` order."""
        state = self.game.state
        return [
            key for key in LESSONS if key not in self.taught and LESSON_WHEN[key](state, self.human)
        ]

    def coach(self) -> None:
        """After the script: show the next lesson whose moment has come."""
        if self.lesson is None and not self.game.state.is_terminal():
            due = self.lessons_due()
            if due:
                self.lesson = due[0]
                self.layout()

    def start_coaching(self) -> None:
        self.coaching = True
        self.answer = None
        self.layout()

    def follow(self) -> None:
        """Move on as the game's record shows the expected choices made."""
        c = self.game.controller
        while self.seen < len(c.actions):
            i = self.seen
            self.seen += 1
            if c.actors[i] != self.human:
                continue
            step = self.step
            while step is not None and _sel_of(step.expect) is not None:
                self.index += 1  # a selection leads to the move itself
                step = self.step
            if step is None or step.expect in ("info", "end_turn"):
                continue  # past the script: nothing to follow
            if c.actions[i] == step.expect:
                self.advance()
            else:
                self.off_script = True
                self.index = len(self.steps) - 1
                self.layout()
        if self.seen > len(c.actions):  # an undo (the guide refuses it; be safe)
            self.seen = len(c.actions)
        step = self.step
        if step is None:
            return
        sel = _sel_of(step.expect)
        if (sel is not None and self.game.selected == sel) or (
            step.expect == "end_turn" and not c.awaiting_confirm
        ):
            self.advance()
        elif (
            step.expect not in ("info", "end_turn")
            and sel is None
            and self.game.human_to_act
            and not c.awaiting_confirm
            and self.game.state.current_player == self.human
            and step.expect not in {str(a) for a in self.game.state.legal_actions()}
        ):
            self.off_script = True  # the expected choice is not legal: end the guide
            self.index = len(self.steps) - 1
            self.layout()

    def redraw_key(self) -> object:
        """The guide's picture changes with the step, the answer and whose turn it is."""
        return (
            self.index,
            self.answer,
            self.off_script,
            self.game.human_to_act,
            self.coaching,
            self.lesson,
        )

    # ---------------------------------------------------------------- matching
    def expected_buttons(self) -> list[Button]:
        """The game's buttons that carry the current step (or lead to it)."""
        step = self.step
        if step is None or step.expect == "info":
            return []
        expect = step.expect
        want: list[object] = []
        sel = _sel_of(expect)
        if sel is not None:
            want.append(("ui", "select", sel))
        elif expect == "end_turn":
            want.append(("ui", "end_turn"))
        out = []
        for b in self.game.buttons.buttons:
            if not b.enabled:
                continue
            if b.value in want or self.classify(b.value) == "yes":
                out.append(b)
        if not out:  # the UI step that leads to the action (pick a card, set an amount)
            out = [
                b
                for b in self.game.buttons.buttons
                if b.enabled and self.classify(b.value) == "partial"
            ]
        return out

    def expected_points(self) -> list[tuple[int, int]]:
        """Board positions of the current step's target (the ring's centres)."""
        step = self.step
        if step is None or step.expect in ("info", "end_turn"):
            return []
        if not self.game.human_to_act:
            return []
        targeting = self.game.targeting()
        geometry = self.game.geometry()
        out = []
        for target in targeting.targets():
            if self.classify(target.choice) != "yes":
                continue
            # The first drawn part (badge, piece, city, route) whose click really takes
            # this choice: a badge shared by two colonists in one city (land/sea beside
            # Roma) selects the other one, so the ring goes on the piece instead.
            for part in sorted(target.parts, key=lambda p: p.rank):
                point = anchor(geometry, Target(target.choice, target.key, (part,)))
                if point is None:
                    continue
                at = (round(point[0]), round(point[1]))
                hit = self.game.board_hit(at)
                if hit is not None and self.classify(hit.choice) == "yes":
                    out.append(at)
                    break
        return out

    def click_point(self) -> tuple[int, int] | None:
        """Where a player following the guide clicks now (tests drive the guide by it)."""
        step = self.step
        if step is not None and step.expect == "info":
            for b in self.buttons.buttons:
                if b.value == "next":
                    return b.rect.center
        buttons = self.expected_buttons()
        if buttons:
            return buttons[0].rect.center
        points = self.expected_points()
        return points[0] if points else None

    def classify(self, choice: object) -> str:
        """ "yes" (the current step), "partial" (a UI step towards it), "neutral" (a
        button that only shows things) or "no" (a wrong click)."""
        step = self.step
        if step is None:
            return "neutral"
        expect = step.expect
        if isinstance(choice, tuple) and choice and choice[0] == "ui":
            what = choice[1]
            if what in NEUTRAL_UI:
                return "neutral"
            if what == "end_turn":
                return "yes" if expect == "end_turn" else "no"
            if what == "select":
                return "yes" if _sel_of(expect) == choice[2] else "no"
            if what == "buy_card":
                return "partial" if expect.startswith(f"buy {choice[2]} ") else "no"
            if what == "trade_step":
                good, delta = choice[2], choice[3]
                sign = "-" if delta < 0 else "+"
                return "partial" if expect.startswith(f"trade {good} {sign}") else "no"
            return "no"
        if isinstance(choice, SelectColonist):
            return "yes" if _sel_of(expect) == (choice.kind, choice.src) else "no"
        if isinstance(choice, ACTION_TYPES):
            return "yes" if str(choice) == expect else "no"
        return "no"

    def wrong(self) -> None:
        step = self.step
        key = step.text if step is not None else "done"
        self.answer = t("guide.wrong", do=t("guide.do." + key))
        self.answer_time = 6.0

    # ---------------------------------------------------------------- input
    def handle(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Hover):
            self.hover = intent.pos
            return intent
        if isinstance(intent, Click):
            self.hover = intent.pos
            button = self.buttons.hit(intent.pos)
            if button is not None:
                self.on_button(button)
                return None
            return intent if self.coaching else self._check_click(intent)
        if self.coaching:
            return intent  # the lessons check nothing: the game is the player's
        index = key_index(intent)
        if index is not None:
            return self._check_hand_key(intent, index)
        if isinstance(intent, Confirm):
            step = self.step
            if step is not None and step.expect == "info":
                self.advance()
                return None
            if step is not None and step.expect == "end_turn":
                return intent
            if self.game.human_to_act:
                self.wrong()
                return None
            return intent
        if isinstance(intent, Undo):
            self.wrong()
            return None
        return intent  # keys, wheel, drag, Esc: the game's

    def _check_click(self, intent: Click) -> Intent | None:
        game = self.game
        step = self.step
        if step is None or self.finished:
            return intent
        b = game.buttons.hit(intent.pos)
        if b is not None:
            verdict = self.classify(b.value)
        elif game.lay.log.collidepoint(intent.pos) or game.lay.players.collidepoint(intent.pos):
            return intent  # scrolling the log, looking at the players
        elif not game.human_to_act:
            return intent  # the others are playing: nothing of the player's to check
        elif game.lay.board.collidepoint(intent.pos) and not game.trade.covers(intent.pos):
            hit = game.board_hit(intent.pos)
            verdict = "no" if hit is None else self.classify(hit.choice)
            if hit is None and intent.button != 1:
                return intent
        else:
            verdict = "no"
        if step.expect == "info":
            verdict = "no" if verdict != "neutral" else verdict
        if verdict == "no":
            self.wrong()
            return None
        return intent

    def _check_hand_key(self, intent: Intent, index: int) -> Intent | None:
        game = self.game
        seat = game.decider
        if seat is None or not game.human_to_act:
            return intent
        hand = game.state.hand(seat)
        if 0 <= index < len(hand):
            action = game.options().hand.get(hand[index])
            if action is not None and self.classify(action) == "yes":
                return intent
        self.wrong()
        return None

    def on_button(self, button: Button) -> None:
        if button.value == "leave":
            self.leave()
        elif button.value == "next":
            if self.off_script:
                self.leave()
            elif self.finished:
                self.start_coaching()
            else:
                self.advance()
        elif button.value == "got_it" and self.lesson is not None:
            self.taught.add(self.lesson)
            self.lesson = None
            self.coach()
            self.layout()

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        tip = self.buttons.tooltip(pos)
        return tip if tip else self.game.tooltip(pos)

    def reference_page(self, pos: tuple[int, int]) -> str | None:
        return self.game.reference_page(pos)

    def tooltip_avoid(self, pos: tuple[int, int]) -> pygame.Rect | None:
        """The game's tooltips keep their placement under the guide."""
        return self.game.tooltip_avoid(pos)

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        return self.game.tooltip_keep_clear()

    # ---------------------------------------------------------------- drawing
    def box(self) -> pygame.Rect:
        board = self.game.lay.board
        w = min(self.px(440), board.width - self.px(20))
        return pygame.Rect(board.x + self.px(10), board.y + self.px(10), w, self.px(200))

    def text_lines(self, width: int) -> tuple[str, list[str]]:
        step = self.step
        font = self.app.fonts.get(15)
        if self.off_script:
            return t("guide.title_done"), theme.wrap(font, t("guide.off_script"), width)
        if self.coaching:
            if self.lesson is None:
                return t("guide.title_done"), []
            title, body = t("guide.title_lesson"), self.lesson_text(self.lesson)
        elif step is None:
            return t("guide.title_done"), []
        elif not self.game.human_to_act and step.expect != "info":
            # A page of its own, without a step number (it showed the next step's).
            title, body = t("guide.title_waiting"), t("guide.waiting")
        else:
            # The adviser the hint asks, by its level's name (the hints come from
            # HINT_LEVEL, not always the hard AI).
            body = t("guide." + step.text, adviser=t("adviser." + HINT_LEVEL))
            if step.god and step.text == self._first_of_god(step.god):
                body += "\n" + self.god_text(step.god)
            if step.expect != "info":
                body += "\n" + t("guide.do." + step.text)
            # Every page its own number: the steps of the table, Next pages included.
            title = t("guide.title", n=self.index + 1, total=len(self.steps))
        lines: list[str] = []
        for para in body.split("\n"):
            lines += theme.wrap(font, para, width)
        return title, lines

    def _first_of_god(self, god: str) -> str:
        return next(s.text for s in self.steps if s.god == god)

    @staticmethod
    def god_text(god: str, key: str = "guide.god") -> str:
        """How ``god``'s cards score, in the words of the rules reference."""
        lang = strings.language() if strings.language() in GOD_SCORING else "en"
        return t(key, god=t("god." + god), scoring=GOD_SCORING[lang][god])

    def lesson_text(self, key: str) -> str:
        state = self.game.state
        if key == "concordia" and state.concordia is not None:
            if state.concordia == self.human:
                return t("guide.lesson.concordia_you")
            name = self.game.controller.seats[state.concordia].name
            return t("guide.lesson.concordia", name=name)
        body = t("guide.lesson." + key)
        if key == "specialist":
            body += "\n" + self.god_text("Minerva", "guide.god_these")
        return body

    def layout(self) -> None:
        self.buttons.clear()
        box = self.box()
        _, lines = self.text_lines(box.width - self.px(24))
        line_h = self.app.fonts.get(15).get_linesize()
        box.height = self.px(40) + line_h * len(lines) + self.px(54)
        self._box = box
        y = box.bottom - self.px(42)
        step = self.step
        if self.coaching:
            if self.lesson is not None:
                self.buttons.add(
                    Button(
                        pygame.Rect(box.right - self.px(152), y, self.px(140), self.px(32)),
                        t("guide.got_it"),
                        "got_it",
                        t("guide.tip.got_it"),
                        size=15,
                        bold=True,
                        colour=theme.ACCENT,
                    )
                )
                self.buttons.add(
                    Button(
                        pygame.Rect(box.x + self.px(12), y, self.px(170), self.px(32)),
                        t("guide.leave"),
                        "leave",
                        t("guide.tip.leave_lessons"),
                        size=14,
                    )
                )
            return
        if step is not None and (step.expect == "info" or self.finished):
            label = t("guide.play_on") if self.finished else t("guide.next")
            self.buttons.add(
                Button(
                    pygame.Rect(box.right - self.px(152), y, self.px(140), self.px(32)),
                    label,
                    "next",
                    label,
                    size=15,
                    bold=True,
                    colour=theme.ACCENT,
                )
            )
        if not self.finished:
            self.buttons.add(
                Button(
                    pygame.Rect(box.x + self.px(12), y, self.px(170), self.px(32)),
                    t("guide.leave"),
                    "leave",
                    t("guide.tip.leave"),
                    size=14,
                )
            )

    def draw(self, surface: pygame.Surface) -> None:
        if self.coaching and self.lesson is None:
            return  # nothing to teach now: the whole board is the player's
        if getattr(self, "_box", None) is None or self._box.width != self.box().width:
            self.layout()
        box = self._box
        title, lines = self.text_lines(box.width - self.px(24))
        if self._box.height != self.px(40) + self.app.fonts.get(15).get_linesize() * len(
            lines
        ) + self.px(54):
            self.layout()
            box = self._box
        self._rings(surface)
        theme.panel(surface, box, theme.PANEL, theme.HILITE, 8)
        fonts = self.app.fonts
        theme.text(
            surface,
            fonts.get(16, True),
            title,
            (box.x + self.px(12), box.y + self.px(10)),
            theme.HILITE,
        )
        font = fonts.get(15)
        y = box.y + self.px(36)
        for line in lines:
            theme.text(surface, font, line, (box.x + self.px(12), y))
            y += font.get_linesize()
        self.buttons.draw(surface, fonts, self.hover)
        if self.answer:
            a = pygame.Rect(box.x, box.bottom + self.px(8), box.width, self.px(10))
            alines = theme.wrap(font, self.answer, a.width - self.px(24))
            a.height = self.px(16) + font.get_linesize() * len(alines)
            theme.panel(surface, a, (90, 40, 36), theme.DANGER, 8)
            for i, line in enumerate(alines):
                theme.text(
                    surface,
                    font,
                    line,
                    (a.x + self.px(12), a.y + self.px(8) + i * font.get_linesize()),
                )

    def _rings(self, surface: pygame.Surface) -> None:
        if self.finished or self.coaching or not self.game.human_to_act:
            return
        width = 4  # a steady ring: the idle rule paints only when something changes
        for b in self.expected_buttons():
            r = b.rect.inflate(self.px(10), self.px(10))
            pygame.draw.rect(surface, theme.HINT_RING_SHADOW, r.inflate(4, 4), 2, border_radius=10)
            pygame.draw.rect(surface, theme.HILITE, r, width, border_radius=9)
        radius = self.px(24)
        for p in self.expected_points():
            pygame.draw.circle(surface, theme.HINT_RING_SHADOW, p, radius + 3, 2)
            pygame.draw.circle(surface, theme.HILITE, p, radius, width)


# ---------------------------------------------------------------------- regenerating
#: The cards the human plays in the guided turns (the script's order).
PLAN = ("architect", "prefect", "senator", "mercator", "tribune", "architect", "prefect")


def derive_script(seed: int = GUIDE_SEED) -> list[list[str]]:
    """The human's turns on the guide's deal when each turn plays the card of
    :data:`PLAN` and completes it the way the normal AI would, the easy AIs answering
    exactly as the game's AI worker does (same agent, view and rng seeds). Used to
    write :data:`STEPS` again if the deal or the AIs change (``python -m
    concordia.ui.guide`` prints it)."""
    import random
    import threading

    from concordia.ai import make_agent
    from concordia.ai.base import default_limit
    from concordia.ai.evaluate import NORMAL
    from concordia.ai.greedy import turn_options, value_fn
    from concordia.core import new_game
    from concordia.maps import load_board

    state = new_game(load_board(GUIDE_BOARD), len(GUIDE_SEATS), seed)
    easy = make_agent("easy")
    cancel = threading.Event()
    turns: list[list[str]] = []
    while len(turns) < len(PLAN) and not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        if seat == 0 and state.turn_player == 0 and state.phase == Phase.CARD:
            card = f"play {PLAN[len(turns)]}"
            options = [o for o in turn_options(state, value_fn(0, NORMAL, 0.0))]
            chosen = next(o for o in options if str(o.actions[0]) == card)
            for action in chosen.actions:
                state = state.apply(action)
            turns.append([str(a) for a in chosen.actions])
            continue
        rng = random.Random(f"{state.seed}/{state.step}/{seat}")
        state = state.apply(easy.choose(state.view_for(seat), default_limit("easy"), rng, cancel))
    return turns


if __name__ == "__main__":
    for n, turn in enumerate(derive_script(), 1):
        print(f"turn {n}: {', '.join(turn)}")
