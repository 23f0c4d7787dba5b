"""The main menu and the new-game set-up screen."""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.controller import (
    PALETTE_SIZE,
    SEAT_KINDS,
    GameSetup,
    SaveError,
    SeatConfig,
    autosave_path,
    load_autosave,
    next_free_colour,
)
from concordia.ui.input import Confirm, HandCard, Intent, Key
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import t
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App

logger = logging.getLogger(__name__)

AI_NAMES = ("Livia", "Marcus", "Julia", "Titus", "Claudia", "Gaius")
BOARDS = ("imperium", "italia")
#: ``NewGameScene.editing`` while the seed is typed (a seat's index while its name is).
SEED_FIELD = -1
#: The longest seed that can be typed (digits).
SEED_DIGITS = 9


def default_seats(kinds: list[str] | tuple[str, ...], player_name: str = "") -> list[SeatConfig]:
    """Seats named "Player n" for humans (the first one ``player_name``, the name kept
    in the settings, when it is set) and Roman names for AIs."""
    seats: list[SeatConfig] = []
    ai_i = 0
    first_human = True
    for i, kind in enumerate(kinds):
        if kind == "human":
            name = (player_name if first_human else "") or t("seat.default_name", n=i + 1)
            first_human = False
        else:
            name = AI_NAMES[ai_i % len(AI_NAMES)]
            ai_i += 1
        seats.append(SeatConfig(kind, name, i))
    return seats


def default_setup(seed: int | None = None, player_name: str = "") -> GameSetup:
    """You (named ``player_name`` when set) against three normal AIs on Imperium."""
    return GameSetup(
        "imperium",
        default_seats(("human", "normal", "normal", "normal"), player_name),
        random.randrange(1, 1_000_000) if seed is None else seed,
    )


class MenuScene(ButtonScene):
    """The first screen."""

    name = "menu"

    def build(self, area: pygame.Rect) -> None:
        w, h = self.px(380), self.px(40)
        x = area.centerx - w // 2
        y = area.y + max(self.px(180), area.height // 4)
        items = [
            ("play", t("menu.play_default"), t("menu.tip.play_default"), True),
            ("learn", t("menu.learn"), t("menu.tip.learn"), True),
            ("new", t("menu.new_game"), t("menu.tip.new_game"), True),
            ("continue", t("menu.continue"), t("menu.tip.continue"), self._has_autosave()),
            ("load", t("menu.load"), t("menu.tip.load"), True),
            ("rules", t("menu.rules"), t("menu.tip.rules"), True),
            ("stats", t("menu.stats"), t("menu.tip.stats"), True),
            ("settings", t("menu.settings"), t("menu.tip.settings"), True),
            ("quit", t("menu.quit"), t("menu.tip.quit"), True),
        ]
        for i, (key, label, tip, enabled) in enumerate(items):
            self.buttons.add(
                Button(
                    pygame.Rect(x, y + i * (h + self.px(8)), w, h),
                    label,
                    key,
                    tip,
                    enabled,
                    size=18,
                    bold=i == 0,
                    colour=theme.ACCENT if i == 0 else None,
                )
            )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self._backdrop(surface)
        self.title(surface, t("app.title"), max(40, h // 10), 56)
        theme.text(
            surface,
            self.app.fonts.get(18),
            t("menu.subtitle"),
            (w // 2, max(40, h // 10) + self.px(80)),
            theme.TEXT_DIM,
            "midtop",
        )
        self.buttons.draw(surface, self.app.fonts, self.hover)
        theme.text(
            surface,
            self.app.fonts.get(13),
            t("menu.enter_hint"),
            (w // 2, h - 16),
            theme.TEXT_DIM,
            "midbottom",
        )

    def _backdrop(self, surface: pygame.Surface) -> None:
        # A quiet pattern of the five player shapes in the palette (no artwork needed).
        w, h = surface.get_size()
        colours = theme.player_colours()
        for i in range(14):
            x = (i * 197) % max(1, w)
            y = h - 60 - (i * 83) % max(1, h // 3)
            faded = tuple(int(c * 0.25 + theme.BG[j] * 0.75) for j, c in enumerate(colours[i % 5]))
            theme.shape(
                surface, theme.SHAPES[i % 5], (x, y), 22, (faded[0], faded[1], faded[2]), None
            )

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Confirm):
            self.app.start_game(default_setup(player_name=self.app.settings.player_name))
        return None

    def on_button(self, button: Button) -> None:
        key = button.value
        if key == "play":
            self.app.start_game(default_setup(player_name=self.app.settings.player_name))
        elif key == "new":
            self.app.push(NewGameScene(self.app))
        elif key == "continue":
            self.continue_autosave()
        elif key == "load":
            from concordia.ui.scenes.load import LoadScene

            self.app.push(LoadScene(self.app))
        elif key == "rules":
            from concordia.ui.scenes.reference import open_reference

            open_reference(self.app)
        elif key == "stats":
            from concordia.ui.scenes.statistics import StatisticsScene

            self.app.push(StatisticsScene(self.app))
        elif key == "learn":
            from concordia.ui.guide import start_guided_game

            start_guided_game(self.app)
        elif key == "settings":
            from concordia.ui.scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.quit(0)

    def on_cancel(self) -> None:
        self.app.quit(0)

    def continue_autosave(self) -> None:
        self.app.autosaver.wait(1.0)  # a game just left may still be writing it
        try:
            controller = load_autosave()
        except SaveError as exc:
            self.app.show_error(t("error.load_failed", reason=exc.reason))
            return
        self.app.open_game(controller)

    @staticmethod
    def _has_autosave() -> bool:
        try:
            from concordia.saves import autosave_backup_path

            return autosave_path().exists() or autosave_backup_path().exists()
        except OSError:
            return False


class NewGameScene(ButtonScene):
    """Board, seats (kind, name, colour), options and seed for a new game."""

    name = "new_game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        kinds = [k for k in settings.last_seats if k in SEAT_KINDS] or ["human", "normal"]
        self.setup = GameSetup(
            settings.last_board if settings.last_board in BOARDS else "imperium",
            default_seats(kinds, settings.player_name),
            random.randrange(1, 1_000_000),
        )
        #: The field being typed: a seat's index (its name), SEED_FIELD, or None.
        self.editing: int | None = None
        self.seed_text = ""

    def build(self, area: pygame.Rect) -> None:
        s = self.setup
        cx = area.centerx
        x0 = cx - self.px(330)
        y = self.px(110)
        self.buttons.add(
            Button(
                pygame.Rect(x0 + self.px(170), y, self.px(200), self.px(38)),
                t(f"board.{s.board}"),
                ("board",),
                t("menu.tip.board"),
            )
        )
        y += self.px(70)
        colours = theme.player_colours()
        for i, seat in enumerate(s.seats):
            ry = y + i * self.px(48)
            self.buttons.add(
                Button(
                    pygame.Rect(x0, ry, self.px(150), self.px(38)),
                    t(f"kind.{seat.kind}"),
                    ("kind", i),
                    t("menu.tip.kind"),
                )
            )
            label = seat.name + ("|" if self.editing == i else "")
            self.buttons.add(
                Button(
                    pygame.Rect(x0 + self.px(160), ry, self.px(250), self.px(38)),
                    label,
                    ("name", i),
                    t("menu.tip.name"),
                    selected=self.editing == i,
                )
            )
            # A click picks the next colour no other seat has; the shape comes with it.
            self.buttons.add(
                Button(
                    pygame.Rect(x0 + self.px(420), ry, self.px(170), self.px(38)),
                    t(f"colour.{seat.colour % len(colours)}"),
                    ("colour", i),
                    t("menu.tip.colour"),
                    swatch=theme.seat_colour(seat.colour),
                )
            )
            self.buttons.add(
                Button(
                    pygame.Rect(x0 + self.px(600), ry, self.px(60), self.px(38)),
                    "✕",
                    ("remove", i),
                    t("menu.remove_seat"),
                    enabled=len(s.seats) > 2,
                )
            )
        y += len(s.seats) * self.px(48)
        self.buttons.add(
            Button(
                pygame.Rect(x0, y, self.px(200), self.px(36)),
                "+ " + t("menu.add_seat"),
                ("add",),
                t("menu.add_seat"),
                enabled=len(s.seats) < 5,
            )
        )
        y += self.px(64)
        onoff = {True: t("option.on"), False: t("option.off")}
        self.buttons.add(
            Button(
                pygame.Rect(x0, y, self.px(320), self.px(38)),
                f"{t('option.intermediate')}: {onoff[s.intermediate_scoring]}",
                ("intermediate",),
                t("menu.tip.intermediate"),
                selected=s.intermediate_scoring,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(x0 + self.px(340), y, self.px(320), self.px(38)),
                f"{t('option.no_goods')}: {onoff[s.no_goods]}",
                ("no_goods",),
                t("menu.tip.no_goods"),
                selected=s.no_goods,
            )
        )
        y += self.px(54)
        typing_seed = self.editing == SEED_FIELD
        self.buttons.add(
            Button(
                pygame.Rect(x0 + self.px(170), y, self.px(200), self.px(38)),
                (self.seed_text + "|") if typing_seed else str(s.seed),
                ("seed",),
                t("menu.tip.seed_type"),
                selected=typing_seed,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(x0 + self.px(380), y, self.px(200), self.px(38)),
                t("menu.seed_reroll"),
                ("reroll",),
                t("menu.tip.seed"),
            )
        )
        by = max(y + self.px(70), area.bottom - self.px(80))
        self.buttons.add(
            Button(
                pygame.Rect(cx - self.px(260), by, self.px(240), self.px(48)),
                t("menu.back"),
                ("back",),
                t("menu.back"),
                size=18,
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(cx + self.px(20), by, self.px(240), self.px(48)),
                t("menu.start"),
                ("start",),
                t("menu.enter_hint"),
                size=18,
                bold=True,
                colour=theme.ACCENT,
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.title(surface, t("menu.new_game"), 30)
        font = self.app.fonts.get(16, True)
        x0 = surface.get_width() // 2 - self.px(330)
        board_button = next(b for b in self.buttons.buttons if b.value == ("board",))
        first_seat = next(b for b in self.buttons.buttons if b.value == ("kind", 0))
        theme.text(
            surface,
            font,
            t("menu.board"),
            (x0, board_button.rect.centery),
            theme.TEXT_DIM,
            "midleft",
        )
        theme.text(
            surface,
            font,
            t("menu.seats"),
            (x0, first_seat.rect.y - self.px(4)),
            theme.TEXT_DIM,
            "bottomleft",
        )
        seed_button = next(b for b in self.buttons.buttons if b.value == ("seed",))
        theme.text(
            surface, font, t("menu.seed"), (x0, seed_button.rect.centery), theme.TEXT_DIM, "midleft"
        )
        self.buttons.draw(surface, self.app.fonts, self.hover)
        for i, seat in enumerate(self.setup.seats):  # the shape that comes with the colour
            b = next(b for b in self.buttons.buttons if b.value == ("colour", i))
            theme.shape(
                surface,
                theme.seat_shape(seat.colour),
                (b.rect.right - self.px(18), b.rect.centery),
                self.px(9),
                theme.seat_colour(seat.colour),
            )

    def on_button(self, button: Button) -> None:
        value = button.value
        assert isinstance(value, tuple)
        what = value[0]
        s = self.setup
        if self.editing == SEED_FIELD and what != "seed":
            self._end_seed()
        if what != "name":
            self.editing = None
        if what == "board":
            s.board = BOARDS[(BOARDS.index(s.board) + 1) % len(BOARDS)]
        elif what == "kind":
            # The name stays: the default one and a typed one alike.
            seat = s.seats[value[1]]
            seat.kind = SEAT_KINDS[(SEAT_KINDS.index(seat.kind) + 1) % len(SEAT_KINDS)]
        elif what == "name":
            self.editing = value[1]
        elif what == "colour":
            seat = s.seats[value[1]]
            new = next_free_colour(s.seats, seat.colour, skip=value[1])
            if new == seat.colour:  # every colour is taken: swap with the next one
                new = (seat.colour + 1) % PALETTE_SIZE
                for other in s.seats:
                    if other.colour == new:
                        other.colour = seat.colour
            seat.colour = new
        elif what == "remove" and len(s.seats) > 2:
            del s.seats[value[1]]
        elif what == "add" and len(s.seats) < 5:
            s.seats.append(
                SeatConfig(
                    "normal", AI_NAMES[len(s.seats) % len(AI_NAMES)], next_free_colour(s.seats, -1)
                )
            )
        elif what == "intermediate":
            s.intermediate_scoring = not s.intermediate_scoring
        elif what == "no_goods":
            s.no_goods = not s.no_goods
        elif what == "seed":
            if self.editing == SEED_FIELD:
                self._end_seed()
            else:
                self.editing = SEED_FIELD
                self.seed_text = str(s.seed)
        elif what == "reroll":
            s.seed = random.randrange(1, 1_000_000)
        elif what == "back":
            self.app.pop()
            return
        elif what == "start":
            self.start()
            return
        self.layout()

    def _end_seed(self) -> None:
        """Finish typing the seed: the digits typed, or the old seed when none were."""
        if self.seed_text:
            self.setup.seed = int(self.seed_text)
        self.editing = None
        self.seed_text = ""

    def start(self) -> None:
        from dataclasses import replace

        if self.editing == SEED_FIELD:
            self._end_seed()
        s = self.setup
        for i, seat in enumerate(s.seats):
            if not seat.name.strip():
                seat.name = t("seat.default_name", n=i + 1)
        first = next((i for i, x in enumerate(s.seats) if x.is_human), None)
        name = self.app.settings.player_name
        if first is not None and s.seats[first].name not in (
            t("seat.default_name", n=first + 1),
            *AI_NAMES,
        ):
            name = s.seats[first].name[:16]  # the player's own name, kept for quick games
        self.app.update_settings(
            replace(
                self.app.settings,
                last_board=s.board,
                last_seats=tuple(x.kind for x in s.seats),
                player_name=name,
            )
        )
        self.app.start_game(s)

    def on_cancel(self) -> None:
        if self.editing == SEED_FIELD:
            self.editing = None  # Esc: the seed stays as it was
            self.seed_text = ""
            self.layout()
        elif self.editing is not None:
            self.editing = None
            self.layout()
        else:
            self.app.pop()

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Confirm):
            if self.editing == SEED_FIELD:
                self._end_seed()
                self.layout()
            elif self.editing is not None:
                self.editing = None
                self.layout()
            else:
                self.start()
        elif isinstance(intent, HandCard) and self.editing is not None:
            # Digit keys arrive as hand-card shortcuts (0 as the tenth card).
            self._type(str(intent.n % 10))
        elif isinstance(intent, Key) and self.editing is not None:
            if intent.key == pygame.K_BACKSPACE:
                self._backspace()
            elif intent.text and intent.text.isprintable():
                self._type(intent.text)
        return None

    def _type(self, text: str) -> None:
        if self.editing == SEED_FIELD:
            if text.isdigit() and len(self.seed_text) < SEED_DIGITS:
                self.seed_text = (self.seed_text + text).lstrip("0")
        elif self.editing is not None:
            seat = self.setup.seats[self.editing]
            if len(seat.name) < 16:
                seat.name += text
        self.layout()

    def _backspace(self) -> None:
        if self.editing == SEED_FIELD:
            self.seed_text = self.seed_text[:-1]
        elif self.editing is not None:
            seat = self.setup.seats[self.editing]
            seat.name = seat.name[:-1]
        self.layout()

    def exit(self) -> None:
        for i, seat in enumerate(self.setup.seats):
            if not seat.name.strip():
                seat.name = t("seat.default_name", n=i + 1)
