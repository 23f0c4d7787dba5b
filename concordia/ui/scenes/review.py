"""The game review: step through a finished game turn by turn (the board as it was
after each turn, what was played, the scores and the chart), with the expert's
opinion of every human turn computed in the background (:mod:`concordia.review`):
the chance of winning it cost, and for the costliest turns why, in the hint's words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from concordia.advice import given_up, play_reasons
from concordia.core import Action, GameRecord, GameState, PlayCard, parse_action
from concordia.core.board import BoardSpec
from concordia.review import (
    Review,
    ReviewJob,
    Turn,
    TurnReview,
    human_seats,
    score_history,
    split_turns,
    states_of,
)
from concordia.ui import theme
from concordia.ui.game.describe import Names, place_words, turn_words
from concordia.ui.game.hints import reason_text, win_percent
from concordia.ui.input import Intent, Key
from concordia.ui.presenters import card_name
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import t, tn
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App


def loss_label(r: TurnReview) -> str:
    """What a flagged turn cost, for its button: points where the game was decided,
    else the chance of winning."""
    if r.decided:
        return f"{r.points_lost:.0f} VP"
    return f"{100 * r.loss:.0f} %"


def summary(review: Review) -> str:
    """The review in a player's words: how many turns the expert would not have
    played, and what they cost together."""
    flagged = review.flagged()
    if not flagged:
        return t("review.no_loss")
    return tn("review.summary", len(flagged), pct=round(100 * review.total_loss()))


def why_words(scene: ReviewScene, turn: Turn, r: TurnReview) -> str:
    """Why the expert's play was better, in the hint's words: what it does
    (:func:`concordia.advice.play_reasons`) and what the turn played gave up against it
    (empty when the plays do not replay)."""
    start = scene.states[turn.start]
    best = _parsed(start, r.suggested)
    played = _parsed(start, r.played)
    if best is None or played is None:
        return ""
    mine = play_reasons(start, best, turn.seat)
    lost = given_up(mine, play_reasons(start, played, turn.seat))
    names = Names(scene.seat_name, scene.place_name)
    why = "; ".join(reason_text(x, names) for x in mine[:3])
    if not lost:
        return t("review.why", why=why) if why else ""
    told = ", ".join(reason_text(x, names) for x in lost[:2])
    return t("review.why_lost", why=why, lost=told)


def _parsed(start: GameState, texts: tuple[str, ...]) -> list[Action] | None:
    s = start
    out: list[Action] = []
    for text in texts:
        try:
            action = parse_action(text, s)
            s = s.apply(action)
        except ValueError:
            return None
        out.append(action)
    return out


def play_words(names: Names, seat: int, actions: tuple[str, ...], start: GameState) -> str:
    """A turn in the log's words after a label ("Played: Architect, moves a land
    colonist to …"): the card by its name, then its steps (found by hand: "Played:
    plays Architect" and "The expert would play: plays Senator")."""
    try:
        first = parse_action(actions[0], start) if actions else None
    except ValueError:
        first = None
    if isinstance(first, PlayCard):
        rest = turn_words(names, seat, actions[1:], start.apply(first))
        head = card_name(first.card)
        return f"{head}, {rest}" if rest else head
    return turn_words(names, seat, actions, start)


def draw_summary(
    surface: pygame.Surface, font: pygame.font.Font, msg: str, x: int, y: int, width: int
) -> None:
    """The review's summary in whole, on two lines where needed (found by hand: "…cost
    you about 52 % of your winni…" at 1024x640)."""
    lines = theme.wrap(font, msg, width)
    if len(lines) > 2:
        lines = [lines[0], theme.fit(font, " ".join(lines[1:]), width)]
    for i, line in enumerate(lines):
        theme.text(surface, font, line, (x, y + i * font.get_linesize()), theme.TEXT_DIM)


def review_areas(
    area: pygame.Rect, px: Callable[[float], int], aspect: float
) -> tuple[pygame.Rect, pygame.Rect]:
    """The map's frame and the side panel in a window of ``area`` (``px`` scales
    design pixels). The frame has the map's shape (``aspect``: width / height), so
    the map fills it (found in the 1920x1080 screenshot: black bars above and below
    it): as large as the room left of the side panel's least width allows; any width
    it cannot use goes to the side panel, any height is left around it."""
    top = px(64)
    bottom = area.bottom - px(66)
    room = pygame.Rect(px(12), top, area.width - px(420) - px(36), bottom - top)
    if room.width > room.height * aspect:
        board = pygame.Rect(room.x, room.y, round(room.height * aspect), room.height)
    else:
        board = pygame.Rect(room.x, room.y, room.width, round(room.width / aspect))
        board.centery = room.centery
    side_x = board.right + px(12)
    side = pygame.Rect(side_x, top, area.right - px(12) - side_x, bottom - top)
    return board, side


class ReviewScene(ButtonScene):
    """Turn-by-turn review; ←/→ step, the costliest turns are buttons."""

    name = "review"
    covers_window = True

    def __init__(
        self,
        app: App,
        record: GameRecord,
        board: BoardSpec,
        cache: Path | None = None,
        iterations: int | None = None,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.board_spec = board
        self.states = states_of(record, board)
        self.turns: list[Turn] = split_turns(record, self.states)
        self.history = score_history(record, board, self.states)
        self.humans = set(human_seats(record))
        self.seat_info = [
            record.seats[i] if i < len(record.seats) and isinstance(record.seats[i], dict) else {}
            for i in range(record.num_players)
        ]
        self.places = {c.slug: c.name for c in board.cities}
        self.places.update({p.slug: p.name for p in board.provinces})
        self.index = 0
        kwargs = {} if iterations is None else {"iterations": iterations}
        self.job = ReviewJob(record, board, cache, **kwargs)
        self.board: object | None = None

    # ---------------------------------------------------------------- helpers
    def place_name(self, slug: str) -> str:
        return place_words(self.places.get, slug)

    def play_words(self, seat: int, actions: tuple[str, ...], start: GameState) -> str:
        return play_words(Names(self.seat_name, self.place_name), seat, actions, start)

    def seat_name(self, seat: int) -> str:
        name = self.seat_info[seat].get("name")
        return name if isinstance(name, str) and name else t("seat.default_name", n=seat + 1)

    def seat_colour_index(self, seat: int) -> int:
        c = self.seat_info[seat].get("colour")
        return c if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 5 else seat % 5

    @property
    def turn(self) -> Turn | None:
        return self.turns[self.index] if self.turns else None

    def turn_review(self) -> TurnReview | None:
        turn = self.turn
        return self.job.turn_review(turn.index) if turn is not None else None

    def go(self, index: int) -> None:
        if self.turns:
            self.index = max(0, min(len(self.turns) - 1, index))
            self.layout()

    # ---------------------------------------------------------------- life
    def enter(self) -> None:
        from concordia.ui.board_pane import BoardPane

        pane = BoardPane(self.board_spec, self.app.fonts, self.app.time_source)
        pane.set_seat_styles([self.seat_colour_index(i) for i in range(self.record.num_players)])
        self.board = pane
        self.job.start()
        super().enter()

    def exit(self) -> None:
        self.job.cancel()

    def close(self) -> None:
        self.job.cancel()

    def update(self, dt: float) -> None:
        finished = self.job.finished.is_set()
        if finished != getattr(self, "_was_finished", False):
            self._was_finished = finished
            self.layout()  # the costliest-turn buttons appear

    def redraw_key(self) -> object:
        """The progress of the analysis running on its thread (the idle rule)."""
        job = self.job
        return (job.done, job.total, job.finished.is_set(), job.cancelled, job.error, self.index)

    # ---------------------------------------------------------------- layout
    def _areas(self, area: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        spec = self.board_spec
        aspect = spec.width / spec.height if spec.width > 0 and spec.height > 0 else 1.5
        return review_areas(area, self.px, aspect)

    def build(self, area: pygame.Rect) -> None:
        board, side = self._areas(area)
        if self.board is not None:
            self.board.set_rect(board)  # type: ignore[attr-defined]
        y = area.bottom - self.px(56)
        h = self.px(42)
        row = [
            ("prev", t("review.prev"), self.index > 0),
            ("next", t("review.next"), self.index < len(self.turns) - 1),
        ]
        x = board.x
        for key, label, enabled in row:
            self.buttons.add(
                Button(
                    pygame.Rect(x, y, self.px(170), h),
                    label,
                    (key,),
                    t("review.tip.keys"),
                    enabled,
                    size=16,
                )
            )
            x += self.px(182)
        self.buttons.add(
            Button(
                pygame.Rect(area.right - self.px(182), y, self.px(170), h),
                t("review.back"),
                ("back",),
                t("review.back"),
                size=16,
            )
        )
        job = self.job
        running = not job.finished.is_set()
        if running or job.cancelled or job.error is not None:
            self.buttons.add(
                Button(
                    pygame.Rect(area.right - self.px(222), self.px(12), self.px(210), self.px(38)),
                    t("review.cancel") if running else t("review.restart"),
                    ("cancel",) if running else ("restart",),
                    t("review.cancel") if running else t("review.restart"),
                    size=15,
                )
            )
        review = job.review
        if review is not None:
            y = side.bottom - self.px(3 * 34 + 4)
            for k, r in enumerate(review.costliest()):
                turn = self.turns[r.turn]
                self.buttons.add(
                    Button(
                        pygame.Rect(
                            side.x + self.px(12),
                            y + k * self.px(34),
                            side.width - self.px(24),
                            self.px(30),
                        ),
                        t("review.goto", n=r.turn + 1, loss=loss_label(r))
                        + f" · {t('scores.round')} {turn.round}",
                        ("goto", r.turn),
                        t("review.tip.goto"),
                        selected=r.turn == self.index,
                        size=14,
                    )
                )

    # ---------------------------------------------------------------- input
    def on_button(self, button: Button) -> None:
        what = button.value[0]
        if what == "prev":
            self.go(self.index - 1)
        elif what == "next":
            self.go(self.index + 1)
        elif what == "goto":
            self.go(button.value[1])
        elif what == "cancel":
            self.job.cancel()
        elif what == "restart":
            self.job = ReviewJob(self.record, self.board_spec, self.job.cache, self.job.iterations)
            self.job.start()
            self._was_finished = False
            self.layout()
        elif what == "back":
            self.app.stack.remove(self)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Key):
            if intent.key == pygame.K_LEFT:
                self.go(self.index - 1)
            elif intent.key == pygame.K_RIGHT:
                self.go(self.index + 1)
            elif intent.key == pygame.K_HOME:
                self.go(0)
            elif intent.key == pygame.K_END:
                self.go(len(self.turns) - 1)
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        area = surface.get_rect()
        board, side = self._areas(area)
        fonts = self.app.fonts
        theme.text(
            surface,
            fonts.get(26, True),
            t("review.title"),
            (self.px(16), self.px(14)),
            theme.ACCENT,
        )
        self._draw_progress(surface, area)
        turn = self.turn
        if turn is not None and self.board is not None:
            self.board.draw(surface, self.states[turn.end], {})  # type: ignore[attr-defined]
        pygame.draw.rect(surface, theme.BORDER, board, 1)
        theme.panel(surface, side, theme.PANEL, theme.BORDER, 8)
        if turn is not None:
            self._draw_turn(surface, side, turn)
        self.buttons.draw(surface, fonts, self.hover)

    def _draw_progress(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        job = self.job
        font = self.app.fonts.get(14)
        x = self.px(260)
        right = area.right - self.px(240)
        bar = pygame.Rect(x, self.px(34), max(40, right - x), self.px(12))
        if job.error is not None:
            msg = t("review.failed", reason=job.error)
        elif job.cancelled:
            msg = t("review.cancelled")
        elif job.review is not None:
            msg = summary(job.review)
        elif job.total:
            msg = t("review.analysing", done=job.done, total=job.total)
        else:
            msg = t("review.starting")
        if job.review is not None:  # no bar then: the summary may take two lines
            draw_summary(surface, font, msg, x, self.px(8), area.right - self.px(16) - x)
        else:
            theme.text(
                surface, font, theme.fit(font, msg, bar.width), (bar.x, self.px(12)), theme.TEXT_DIM
            )
        if job.review is None and not job.cancelled and job.error is None:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=5)
            if job.total:
                done = bar.copy()
                done.width = round(bar.width * job.done / job.total)
                pygame.draw.rect(surface, theme.ACCENT, done, border_radius=5)

    def _draw_turn(self, surface: pygame.Surface, side: pygame.Rect, turn: Turn) -> None:
        fonts = self.app.fonts
        x = side.x + self.px(14)
        w = side.width - self.px(28)
        y = side.y + self.px(10)
        head = fonts.get(17, True)
        body = fonts.get(14)
        small = fonts.get(13)
        name = self.seat_name(turn.seat)
        theme.shape(
            surface,
            theme.seat_shape(self.seat_colour_index(turn.seat)),
            (x + self.px(7), y + self.px(10)),
            self.px(7),
            theme.seat_colour(self.seat_colour_index(turn.seat)),
        )
        theme.text(
            surface,
            head,
            theme.fit(
                head,
                t(
                    "review.turn",
                    n=turn.index + 1,
                    total=len(self.turns),
                    round=turn.round,
                    name=name,
                ),
                w - self.px(20),
            ),
            (x + self.px(20), y),
            theme.HILITE,
        )
        y += self.px(28)
        r = self.turn_review()
        played = self.play_words(turn.seat, turn.actions, self.states[turn.start])
        y = self._para(surface, f"{t('review.played')}: {played}", x, y, w, body, theme.TEXT, 3)
        if turn.seat not in self.humans:
            y = self._para(surface, t("review.not_yours"), x, y, w, small, theme.TEXT_DIM, 1)
        elif r is None:
            y = self._para(surface, t("review.waiting"), x, y, w, small, theme.TEXT_DIM, 1)
        elif r.won_game:
            y = self._para(surface, t("review.won_game"), x, y, w, body, theme.TEXT_DIM, 1)
        elif r.same:
            y = self._para(surface, t("review.same"), x, y, w, body, theme.TEXT_DIM, 1)
        else:
            sug = self.play_words(turn.seat, r.suggested, self.states[turn.start])
            y = self._para(
                surface, f"{t('review.suggested')}: {sug}", x, y, w, body, theme.ACCENT, 3
            )
            chance = t(
                "review.chance",
                played=win_percent(r.played_win),
                best=win_percent(r.suggested_win),
            )
            y = self._para(surface, chance, x, y, w, small, theme.TEXT_DIM, 2)
            if r.flagged and r.decided:
                loss = tn("review.loss_points", round(r.points_lost))
            elif r.flagged:
                loss = t("review.loss", n=f"{100 * r.loss:.0f}")
            else:
                loss = t("review.gain")
            colour = theme.HILITE if r.flagged else theme.TEXT_DIM
            y = self._para(surface, loss, x, y, w, fonts.get(15, True), colour, 1)
            review = self.job.review
            if review is not None and r in review.costliest():
                why = why_words(self, turn, r)
                if why:
                    y = self._para(surface, why, x, y, w, small, theme.TEXT, 3)
        # the log: the turns just before this one
        if turn.index > 0:
            theme.text(surface, small, t("review.log"), (x, y), theme.TEXT_DIM)
            y += small.get_linesize()
        for k in range(max(0, turn.index - 3), turn.index):
            before = self.turns[k]
            line = f"{k + 1}. {self.seat_name(before.seat)}: " + self.play_words(
                before.seat, before.actions, self.states[before.start]
            )
            theme.text(surface, small, theme.fit(small, line, w), (x, y), theme.TEXT_DIM)
            y += small.get_linesize()
        y += self.px(6)
        # scores at the end of this turn
        scores = self.states[turn.end].scores()
        theme.text(surface, small, t("review.scores"), (x, y), theme.TEXT_DIM)
        y += small.get_linesize()
        seats = [
            (self.seat_name(i), sc.total, self.seat_colour_index(i)) for i, sc in enumerate(scores)
        ]
        y = _score_line(surface, body, seats, x, y, w, self.px)
        y += body.get_linesize() + self.px(6)
        # the chart
        review = self.job.review
        reserved = self.px(3 * 34 + 30) if review is not None else self.px(10)
        chart = pygame.Rect(x, y, w, side.bottom - reserved - y)
        if chart.height > self.px(80):
            from concordia.ui.chart import Series, draw_chart

            series = [
                Series(
                    self.seat_name(seat),
                    [row[seat] for row in self.history],
                    theme.seat_colour(self.seat_colour_index(seat)),
                    theme.seat_shape(self.seat_colour_index(seat)),
                )
                for seat in range(self.record.num_players)
            ]
            draw_chart(
                surface,
                chart,
                fonts,
                series,
                t("scores.round"),
                mark=min(turn.round, len(self.history) - 1),
            )
        if review is not None:
            # Wrapped to the panel: with no costly turn there are no buttons under it
            # (found by hand at 1920x1080: the sentence ran past the window's edge).
            costly = review.costliest()
            label = t("review.costliest") if costly else t("review.no_loss")
            y = side.bottom - self.px(3 * 34 + 24)
            self._para(surface, label, x, y, w, small, theme.TEXT_DIM, 1 if costly else 3)

    def _para(
        self,
        surface: pygame.Surface,
        text: str,
        x: int,
        y: int,
        w: int,
        font: pygame.font.Font,
        colour: theme.Colour,
        max_lines: int,
    ) -> int:
        lines = theme.wrap(font, text, w)
        if len(lines) > max_lines:
            lines = [*lines[: max_lines - 1], theme.fit(font, " ".join(lines[max_lines - 1 :]), w)]
        for line in lines:
            theme.text(surface, font, line, (x, y), colour)
            y += font.get_linesize()
        return y + self.px(4)


def _score_line(
    surface: pygame.Surface,
    body: pygame.font.Font,
    seats: list[tuple[str, int, int]],
    x: int,
    y: int,
    w: int,
    px: Callable[[float], int],
) -> int:
    """Each seat's (name, score, colour index) with its shape, from ``(x, y)`` in width
    ``w``; the y of the last row. One row while every "name score" fits its column, else
    two rows; a name is shortened before its score is (found by hand at 1024x640, 5
    players: the first seat's score was cut off)."""
    widest = max(body.size(f"{name} {total}")[0] for name, total, _ci in seats) + px(18)
    per_row = len(seats) if widest * len(seats) <= w else (len(seats) + 1) // 2
    col = w // max(1, per_row)
    for i, (name, total, ci) in enumerate(seats):
        cx = x + (i % per_row) * col
        cy = y + (i // per_row) * body.get_linesize()
        theme.shape(
            surface, theme.seat_shape(ci), (cx + px(6), cy + px(9)), px(6), theme.seat_colour(ci)
        )
        score = f" {total}"
        room = col - px(18) - body.size(score)[0]
        theme.text(surface, body, theme.fit(body, name, room) + score, (cx + px(16), cy))
    return y + (len(seats) - 1) // per_row * body.get_linesize()
