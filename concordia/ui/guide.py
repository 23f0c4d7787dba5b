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
each of the lessons of :mod:`concordia.ui.guide_lessons` once, when its moment has come
(the cards the script never plays, the storehouse, the end of the game), at most one
between two cards the player plays: lessons due together come on turns that follow. The box and the
rings are drawn by :mod:`concordia.ui.guide_view`.

No row holds code: changing the guide means editing the tables and the strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from concordia.core import Phase
from concordia.core.actions import ACTION_TYPES
from concordia.ui import guide_view
from concordia.ui.commands import Command, PayFor, TradeStep
from concordia.ui.game.hand import card_for_key, key_index
from concordia.ui.guide_lessons import LESSON_WHEN, LESSONS
from concordia.ui.input import Click, Confirm, Hover, Intent, Undo
from concordia.ui.scene import Scene
from concordia.ui.strings import t
from concordia.ui.targeting import Footprint, SelectColonist, footprint
from concordia.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from concordia.ui.app import App
    from concordia.ui.game.parts import GameParts

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

#: Buttons of the game that never count as a wrong click (they only show things).
NEUTRAL_UI = (Command.MENU, Command.SCORES, Command.RULES, Command.HINT, Command.SAVE)


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
    from concordia.ui.scenes.game import game_in

    setup = guide_setup(app.settings.player_name)
    assert isinstance(setup, GameSetup)
    app.open_game(GameController(setup, load_board(GUIDE_BOARD)))
    game = game_in(app.stack.scenes)
    assert game is not None
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

    def __init__(self, app: App, game: GameParts, steps: tuple[Step, ...] = STEPS) -> None:
        super().__init__(app)
        self.game = game
        self.steps = steps
        self.index = 0
        self.seen = len(game.controller.actions)  # actions already followed
        self.answer: str | None = None  # the reply to a wrong click
        self.answer_time = 0.0
        self.off_script = False
        self.buttons = ButtonRow()
        self.human = next(i for i, s in enumerate(game.controller.seats) if s.is_human)
        #: After the script ("Play on"): the guide stays to teach :data:`LESSONS`.
        self.coaching = False
        self.lesson: str | None = None  # the lesson shown now
        self.taught: set[str] = set()
        #: Lessons whose moment came while another was shown this turn, in order.
        self.waiting: list[str] = []
        #: The player's card plays (:meth:`cards_played`) when the last lesson showed.
        self.lesson_plays = -1
        #: The box as last laid out (``guide_view.layout``).
        self.panel: pygame.Rect | None = None

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

    def cards_played(self) -> int:
        """How many cards the guided player has played (the game's record)."""
        c = self.game.controller
        return sum(
            1
            for a, seat in zip(c.actions, c.actors, strict=True)
            if seat == self.human and a.startswith("play ")
        )

    def coach(self) -> None:
        """After the script: show the next lesson whose moment has come, at most one
        between two cards the player plays (found by hand: four lessons came at once
        after "Play on", each to close before the board could be seen). The others
        wait, and come at a later moment of theirs or at the start of a later turn."""
        state = self.game.state
        if self.lesson is not None or state.is_terminal():
            return
        due = self.lessons_due()
        self.waiting += [key for key in due if key not in self.waiting]
        if not self.waiting or self.cards_played() <= self.lesson_plays:
            return
        now = [key for key in self.waiting if key in due]
        if not now and not (state.phase == Phase.CARD and state.turn_player == self.human):
            return
        self.lesson = (now or self.waiting)[0]
        self.waiting.remove(self.lesson)
        self.lesson_plays = self.cards_played()
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
        if (sel is not None and self.game.selection.colonist == sel) or (
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
            want.append(SelectColonist(*sel))
        elif expect == "end_turn":
            want.append(Command.END_TURN)
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
        """Board positions of the current step's target (where a click takes it)."""
        return [at for at, _ in self.expected_marks()]

    def expected_marks(self) -> list[tuple[tuple[int, int], Footprint]]:
        """The current step's board targets: where a click takes each, and the drawn
        shape it is taken on (its badge, its piece), which the ring goes round."""
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
                shape = footprint(geometry, part)
                if shape is None:
                    continue
                at = (round(shape.centre[0]), round(shape.centre[1]))
                hit = self.game.board_hit(at)
                if hit is not None and self.classify(hit.choice) == "yes":
                    out.append((at, shape))
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
        if choice in NEUTRAL_UI:
            return "neutral"
        if choice == Command.END_TURN:
            return "yes" if expect == "end_turn" else "no"
        if isinstance(choice, PayFor):
            return "partial" if expect.startswith(f"buy {choice.card} ") else "no"
        if isinstance(choice, TradeStep):
            sign = "-" if choice.delta < 0 else "+"
            return "partial" if expect.startswith(f"trade {choice.good} {sign}") else "no"
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
        card = card_for_key(hand, index)
        if card is not None:
            action = game.options().hand.get(hand[card])
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
        return guide_view.box(self)

    def text_lines(self, width: int) -> tuple[str, list[str]]:
        """The title and the wrapped lines of the page shown now."""
        return guide_view.text_lines(self, width)

    def layout(self) -> None:
        guide_view.layout(self)

    def draw(self, surface: pygame.Surface) -> None:
        guide_view.draw(self, surface)


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
