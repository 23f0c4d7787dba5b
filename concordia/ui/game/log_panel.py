"""The game log: one line per action, newest at the bottom, with a scroll bar. Another
seat's turn of several actions is one line (its first action and how many follow)
that a click opens and closes, so a whole round of four other seats is seen without
scrolling; the log itself folds to its title (the button beside it)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from concordia.core import Move
from concordia.core.actions import PlayCard, parse_action
from concordia.ui import theme
from concordia.ui.game.describe import addressee, describe_text
from concordia.ui.strings import t
from concordia.ui.targeting import HKey, action_target
from concordia.ui.widgets import ScrollBar

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts, GameView


class LogPanel:
    """Keeps the log texts and draws and scrolls the log."""

    def __init__(self, scene: GameParts) -> None:
        self.scene = scene
        #: Lines hidden below the newest one (0: the end of the log is shown).
        self.offset = 0
        self._texts: list[tuple[str, str, int]] = []
        self._language = ""
        self._viewer: int | None = None
        self._marks: tuple[int, ...] = ()
        self._rows: list[tuple[str, int, bool, int]] = []
        self._rows_key: tuple[object, ...] = ()
        #: The log folded to its title.
        self.collapsed = False
        #: Other seats' turns opened by a click (by their first action's index).
        self.opened: set[int] = set()
        #: The first action of each folded turn: its number of actions.
        self._folded: dict[int, int] = {}

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        if self.toggle_rect().collidepoint(pos):
            return t("game.tip.log_fold" if not self.collapsed else "game.tip.log_open")
        return t("game.tip.log") if self.scene.lay.log.collidepoint(pos) else None

    def cache_key(self) -> tuple[object, ...]:
        """Changes whenever the log is drawn differently (its cached picture)."""
        return (self.offset, self.collapsed, tuple(sorted(self.opened)))

    def folded(self) -> dict[int, int]:
        """The turns drawn folded to one line: first action's index -> its actions."""
        self.rows()
        return dict(self._folded)

    def toggle_rect(self) -> pygame.Rect:
        """The button beside the log's title that folds and opens the log."""
        s = self.scene
        r = s.lay.log
        size = s.app.fonts.get(13, True).get_linesize() + s.px(2)
        return pygame.Rect(r.right - s.px(12) - size, r.y + s.px(8), size, size)

    def click(self, pos: tuple[int, int]) -> bool:
        """Fold or open the log at its button, open or close a folded turn at its
        line, jump where the scroll bar is clicked; whether the click was taken."""
        if self.toggle_rect().collidepoint(pos):
            self.collapsed = not self.collapsed
            return True
        if self.collapsed:
            return False
        bar = self.bar()
        if bar.hit(pos):
            self.offset = max(0, bar.total - bar.shown - bar.first_at(pos))
            return True
        entry = self.entry_at(pos)
        if entry is not None and (entry in self._folded or entry in self.opened):
            self.opened ^= {entry}
            return True
        return False

    def draw(self, surface: pygame.Surface, view: GameView) -> None:
        s = self.scene
        r = s.lay.log
        theme.panel(surface, r.inflate(-8, -8), theme.PANEL, theme.BORDER)
        fonts = s.app.fonts
        theme.text(
            surface,
            fonts.get(13, True),
            t("game.log"),
            (r.x + s.px(14), r.y + s.px(10)),
            theme.TEXT_DIM,
        )
        button = self.toggle_rect()
        pygame.draw.rect(surface, theme.BORDER, button, 1, border_radius=4)
        sign = "+" if self.collapsed else "\u2212"
        theme.text(surface, fonts.get(13, True), sign, button.center, theme.TEXT, "center")
        if self.collapsed:
            return
        font = fonts.get(12)
        for text, seat, marked, _entry, pos in self.visible_rows():
            colour = s.colour(seat) if marked else theme.TEXT
            theme.text(surface, font, text, pos, colour)
        self.bar().draw(surface)

    def _text_width(self) -> int:
        s = self.scene
        return s.lay.log.width - s.px(28) - (s.px(8) + 6)

    def rows(self) -> list[tuple[str, int, bool, int]]:
        """The log as drawn: (row text, seat, marked, entry index); a long entry wraps
        over several rows (the first starts with ▶ for a seat's last move)."""
        s = self.scene
        lines = self.lines()
        key = (
            len(lines),
            self._language,
            self._viewer,
            s.lay.log.width,
            s.app.fonts.scale,
            self._marks,
            tuple(sorted(self.opened)),
            addressee(s),
        )
        if self._rows_key == key:
            return self._rows
        font = s.app.fonts.get(12)
        width = self._text_width()
        # The same line from the same seat in a row (a good thrown away three times) is
        # one line with its count (found by hand: "Livia throws away brick: −1
        # brick" three times over); its entry is the first action's.
        groups: list[tuple[str, int, bool, int, int]] = []
        for i, (text, seat, marked) in enumerate(lines):
            if groups and groups[-1][:2] == (text, seat):
                last = groups[-1]
                groups[-1] = (text, seat, last[2] or marked, last[3], last[4] + 1)
            else:
                groups.append((text, seat, marked, i, 1))
        out: list[tuple[str, int, bool, int]] = []
        self._folded = {}
        viewer = addressee(s)
        for turn in self._turns(lines):
            first, seat, n = turn
            if seat != viewer and n > 1 and first not in self.opened:
                # Another seat's turn: one line, its first action and how many follow.
                self._folded[first] = n
                marked = any(m for _t, _s, m in lines[first : first + n])
                text = t("log.folded", s=lines[first][0], n=n - 1)
                lead = "▶ " if marked else "▸ "
                parts = theme.wrap(font, text, width - font.size("▶ ")[0]) or [""]
                for k, part in enumerate(parts):
                    out.append(((lead if k == 0 else "   ") + part, seat, marked, first))
                continue
            for text, seat_, marked, i, count in groups:
                if not first <= i < first + n:
                    continue
                if count > 1:
                    text = t("log.repeated", text=text, n=count)
                parts = theme.wrap(font, text, width - font.size("▶ ")[0]) or [""]
                for j, part in enumerate(parts):
                    lead = ("▶ " if marked else "   ") if j == 0 else "   "
                    out.append((lead + part, seat_, marked, i))
        self._rows, self._rows_key = out, key
        return out

    def _turns(self, lines: list[tuple[str, int, bool]]) -> list[tuple[int, int, int]]:
        """(first action, seat, number of actions) of each run of one seat's actions; a
        card play starts a run, so goods a seat throws away on another seat's turn (its
        storehouse overflowed by their production) are not folded into its own turn."""
        out: list[tuple[int, int, int]] = []
        for i, (_text, seat, _marked) in enumerate(lines):
            plays = i < len(self._texts) and _is_play(self._texts[i][0])
            if out and out[-1][1] == seat and not plays:
                out[-1] = (out[-1][0], seat, out[-1][2] + 1)
            else:
                out.append((i, seat, 1))
        return out

    def visible_rows(self) -> list[tuple[str, int, bool, int, tuple[int, int]]]:
        """The rows on screen with the top-left point each is drawn at."""
        s = self.scene
        rows = self.rows()
        bar = self.bar()
        line_h = s.app.fonts.get(12).get_linesize()
        end = max(0, len(rows) - self.offset)
        shown = rows[max(0, end - bar.shown) : end]
        x = s.lay.log.x + s.px(14)
        return [
            (text, seat, marked, entry, (x, bar.rect.y + k * line_h))
            for k, (text, seat, marked, entry) in enumerate(shown)
        ]

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The log entry (action index) drawn under ``pos``, or None."""
        if not self.scene.lay.log.collidepoint(pos):
            return None
        line_h = self.scene.app.fonts.get(12).get_linesize()
        for _text, _seat, _marked, entry, (x, y) in self.visible_rows():
            if y <= pos[1] < y + line_h and pos[0] >= x - 4:
                return entry
        return None

    def entry_positions(self) -> list[tuple[tuple[int, int], int]]:
        """A point inside each visible row, with its entry (for tests and hover)."""
        line_h = self.scene.app.fonts.get(12).get_linesize()
        return [
            ((x + 20, y + line_h // 2), entry) for _t, _s, _m, entry, (x, y) in self.visible_rows()
        ]

    def keys_of(self, entry: int) -> list[HKey]:
        """The board places log entry ``entry`` names (lit while the pointer is on it)."""
        from concordia.core import parse_action

        c = self.scene.controller
        if not 0 <= entry < len(c.actions):
            return []
        try:
            action = parse_action(c.actions[entry])
        except ValueError:
            return []
        keys: list[HKey] = []
        target = action_target(action)
        if target is not None:
            keys.append(target)
        if isinstance(action, Move):
            src = action.src
            keys.append(src if src in self.scene.cities else (action.kind, src))
        return keys

    def bar(self) -> ScrollBar:
        """The game log's scroll bar (the newest row is at the bottom; ``offset``
        counts the rows hidden below it)."""
        s = self.scene
        r = s.lay.log
        line_h = s.app.fonts.get(12).get_linesize()
        top = r.y + s.px(10) + s.app.fonts.get(13, True).get_linesize() + s.px(4)
        rows = max(1, (r.bottom - s.px(10) - top) // line_h)
        total = len(self.rows())
        first = max(0, total - self.offset - rows)
        return ScrollBar(
            pygame.Rect(r.right - s.px(20), top, s.px(8), rows * line_h), total, rows, first
        )

    def scroll(self, lines: int) -> None:
        """Scroll the log ``lines`` up (positive) or down, within its length."""
        bar = self.bar()
        top = max(0, bar.total - bar.shown)
        self.offset = max(0, min(top, self.offset + lines))

    def lines(self) -> list[tuple[str, int, bool]]:
        """(text, seat, is that seat's last move) per action, texts kept between frames
        (worded again when the language or the addressed player changes)."""
        s = self.scene
        from concordia.ui.strings import language

        c = s.controller
        viewer = addressee(s)
        if self._language != language() or self._viewer != viewer:
            self._language, self._viewer = language(), viewer
            self._texts = []
        texts = self._texts
        while texts and (len(texts) > len(c.actions) or texts[-1][0] != c.actions[len(texts) - 1]):
            texts.pop()  # undone actions
        for i in range(len(texts), len(c.actions)):
            texts.append(
                (c.actions[i], describe_text(s, c.actions[i], c.actors[i], i, viewer), c.actors[i])
            )
        marked = {c.last_action_of(seat) for seat in range(len(c.seats))}
        self._marks = tuple(sorted(m for m in marked if m is not None))
        return [(text, seat, i in marked) for i, (_, text, seat) in enumerate(texts)]


@functools.lru_cache(maxsize=512)
def _is_play(notation: str) -> bool:
    """Whether the action written ``notation`` plays a card (a turn starts with it)."""
    return isinstance(parse_action(notation), PlayCard)
