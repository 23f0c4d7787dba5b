"""The list of saved games: every save, newest first, scrolled with the wheel, the
arrow buttons, the arrow/Page keys or by clicking the scroll bar."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.controller import (
    SaveEntry,
    SaveError,
    delete_save,
    keep_autosave,
    list_saves,
    load_game,
)
from concordia.ui.input import Click, Intent, Key, Wheel
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import t
from concordia.ui.widgets import Button, ScrollBar

if TYPE_CHECKING:
    from concordia.ui.app import App

ROW_H = 60
LIST_TOP = 110
LIST_W = 900


def seats_line(entry: SaveEntry) -> str:
    """Each seat of a save with its kind and score: "Anna (Human) 34 · Brutus (AI hard) 28"
    (the score "?" when the saved position cannot be read)."""
    out = []
    for i, (name, kind, score) in enumerate(entry.seats):
        who = name or t("seat.default_name", n=i + 1)
        if kind:
            who += f" ({t('kind.' + kind)})"
        out.append(f"{who} {'?' if score is None else score}")
    return " · ".join(out)


@dataclass
class SaveButton(Button):
    """A save's row: the name, board, round and time, and under them the seats and
    their scores in smaller, dimmer letters."""

    detail: str = ""

    def draw(
        self, surface: pygame.Surface, fonts: theme.Fonts, hover: tuple[int, int] | None
    ) -> None:
        label, self.label = self.label, ""
        super().draw(surface, fonts, hover)  # the background, border and hover
        self.label = label
        pad = 10
        width = self.rect.width - 2 * pad
        top = fonts.get(self.size)
        small = fonts.get(max(10, self.size - 3))
        gap = max(0, self.rect.height - top.get_linesize() - small.get_linesize()) // 3
        y = self.rect.y + gap
        theme.text(surface, top, theme.fit(top, label, width), (self.rect.x + pad, y))
        y += top.get_linesize() + gap // 2
        theme.text(
            surface,
            small,
            theme.fit(small, self.detail, width),
            (self.rect.x + pad, y),
            theme.TEXT_DIM,
        )


class LoadScene(ButtonScene):
    """Click a save to load it; a save that cannot be read shows an error and stays.
    Damaged files are listed after the saves, with the reason and a Delete button."""

    name = "load"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[SaveEntry] | None = None
        self.offset = 0
        self.rows = 1
        self.bar = ScrollBar(pygame.Rect(0, 0, 12, 10))
        #: The damaged file whose Delete button was clicked once (a second click deletes).
        self.armed: Path | None = None
        #: Why the list is empty when the saves folder itself cannot be read.
        self.problem = ""

    @property
    def empty(self) -> bool:
        return not self.entries

    def _load_entries(self) -> list[SaveEntry]:
        if self.entries is None:
            self.app.autosaver.wait(1.0)  # list the autosave only once it is complete
            try:
                self.entries = list_saves()
            except OSError as exc:  # the folder itself cannot be read
                self.entries = []
                self.problem = t("load.folder_failed", reason=str(exc))
        return self.entries

    def list_rect(self, area: pygame.Rect) -> pygame.Rect:
        bottom = area.bottom - self.px(100)
        top, row_h = self.px(LIST_TOP), self.px(ROW_H)
        w = min(self.px(LIST_W), area.width - self.px(40))
        self.rows = max(1, (bottom - top) // row_h)
        return pygame.Rect(area.centerx - w // 2, top, w, self.rows * row_h)

    def build(self, area: pygame.Rect) -> None:
        files = self._load_entries()
        box = self.list_rect(area)
        self.offset = max(0, min(self.offset, len(files) - self.rows))
        for i, entry in enumerate(files[self.offset : self.offset + self.rows]):
            # The autosave and its backup are told apart by name.
            label = entry.name
            if entry.autosave:
                label = t("load.autosave_backup" if entry.backup else "load.autosave")
            elif entry.kept:
                label = t("load.autosave_kept")
            if entry.damaged:
                self._damaged_row(box, i, label, entry)
                continue
            state = f" · {t('load.finished')}" if entry.finished else ""
            parts = [label, t("board." + entry.board)]
            if entry.round:
                parts.append(t("load.round", n=entry.round))
            text = " · ".join([*parts, entry.when]) + state
            detail = seats_line(entry)
            review_w = self.px(110) if entry.finished else 0
            delete_w = self.px(110)
            ry = box.y + i * self.px(ROW_H)
            main_w = box.width - self.px(24) - review_w - delete_w
            self.buttons.add(
                SaveButton(
                    pygame.Rect(box.x, ry, main_w, self.px(ROW_H - 8)),
                    text,
                    entry.path,
                    f"{t('load.tip')} {detail}",
                    size=16,
                    detail=detail,
                )
            )
            x = box.x + main_w
            if entry.finished:
                self.buttons.add(
                    Button(
                        pygame.Rect(x + self.px(6), ry, review_w - self.px(6), self.px(ROW_H - 8)),
                        t("load.review"),
                        ("review", entry.path),
                        t("load.tip.review"),
                        size=15,
                    )
                )
                x += review_w
            self._delete_button(pygame.Rect(x, ry, delete_w, self.px(ROW_H - 8)), entry.path)
        self.bar = ScrollBar(
            pygame.Rect(box.right - self.px(14), box.y, self.px(12), box.height - self.px(8)),
            total=len(files),
            shown=self.rows,
            first=self.offset,
        )
        self.buttons.add(
            Button(
                pygame.Rect(
                    area.centerx - self.px(120),
                    area.bottom - self.px(80),
                    self.px(240),
                    self.px(46),
                ),
                t("menu.back"),
                "back",
                t("menu.back"),
                size=18,
            )
        )

    def _delete_button(self, rect: pygame.Rect, path: Path) -> None:
        """The Delete button of a row: the first click arms it ("Sure?"), the second
        deletes the file."""
        armed = self.armed == path
        self.buttons.add(
            Button(
                pygame.Rect(rect.x + self.px(6), rect.y, rect.width - self.px(6), rect.height),
                t("load.delete_confirm" if armed else "load.delete"),
                ("delete", path),
                t("load.tip.delete"),
                colour=theme.DANGER if armed else None,
                size=15,
            )
        )

    def _damaged_row(self, box: pygame.Rect, i: int, label: str, entry: SaveEntry) -> None:
        """A file that cannot be loaded: its name and why (click for the whole reason),
        and a Delete button that asks for a second click."""
        ry = box.y + i * self.px(ROW_H)
        delete_w = self.px(110)
        main_w = box.width - self.px(24) - delete_w
        self.buttons.add(
            Button(
                pygame.Rect(box.x, ry, main_w, self.px(ROW_H - 8)),
                f"{label} · {t('load.damaged')}: {entry.damaged}",
                ("damaged", entry.path),
                t("load.tip.damaged"),
                colour=theme.BUTTON_DISABLED,
                size=16,
            )
        )
        self._delete_button(
            pygame.Rect(box.x + main_w, ry, delete_w, self.px(ROW_H - 8)), entry.path
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.title(surface, t("load.title"), 40)
        if self.empty:
            theme.text(
                surface,
                self.app.fonts.get(18),
                self.problem or t("load.empty"),
                (surface.get_width() // 2, self.px(140)),
                theme.TEXT_DIM,
                "midtop",
            )
        elif self.entries is not None and len(self.entries) > self.rows:
            self.bar.draw(surface)
            shown = t(
                "load.showing",
                first=self.offset + 1,
                last=min(len(self.entries), self.offset + self.rows),
                total=len(self.entries),
            )
            theme.text(
                surface,
                self.app.fonts.get(13),
                shown,
                (surface.get_width() // 2, self.px(LIST_TOP - 8)),
                theme.TEXT_DIM,
                "midbottom",
            )
        self.buttons.draw(surface, self.app.fonts, self.hover)

    def scroll(self, rows: int) -> None:
        total = len(self.entries or [])
        new = max(0, min(self.offset + rows, total - self.rows))
        if new != self.offset:
            self.offset = new
            self.layout()

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Wheel):
            self.scroll(-intent.dy)
        elif isinstance(intent, Key):
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.rows,
                pygame.K_PAGEDOWN: self.rows,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if intent.key in steps:
                self.scroll(steps[intent.key])
        return None

    def handle(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Click) and self.bar.hit(intent.pos):
            self.scroll(self.bar.first_at(intent.pos) - self.offset)
            return None
        return super().handle(intent)

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        if self.bar.hit(pos):
            return t("load.tip_scroll")
        return super().tooltip(pos)

    def on_button(self, button: Button) -> None:
        if button.value == "back":
            self.app.pop()
            return
        if isinstance(button.value, tuple) and button.value[0] == "review":
            self.review(button.value[1])
            return
        if isinstance(button.value, tuple) and button.value[0] == "damaged":
            entry = next((e for e in self.entries or [] if e.path == button.value[1]), None)
            reason = entry.damaged if entry is not None else ""
            self.app.show_error(t("error.load_failed", reason=reason))
            return
        if isinstance(button.value, tuple) and button.value[0] == "delete":
            self.delete(button.value[1])
            return
        self.armed = None
        try:
            controller = load_game(button.value)
        except SaveError as exc:
            self.app.show_error(t("error.load_failed", reason=exc.reason))
            return
        try:
            # The game in progress gets a save of its own unless this one continues
            # it: the loaded game's first turn writes over the autosave.
            keep_autosave(controller)
        except SaveError as exc:
            self.app.show_error(t("load.keep_failed", reason=exc.reason))
            return
        self.app.open_game(controller)

    def delete(self, path: Path) -> None:
        """The first click arms the Delete button, the second deletes the file."""
        if self.armed != path:
            self.armed = path
            self.layout()
            return
        self.armed = None
        try:
            delete_save(path)
        except OSError as exc:
            self.app.show_error(t("load.delete_failed", reason=str(exc)))
        self.entries = None
        self.layout()

    def review(self, path: Path) -> None:
        """Open the review of a finished save (its analysis is cached beside it)."""
        from concordia.core import ConcordiaError
        from concordia.review import cache_path
        from concordia.ui.scenes.review import ReviewScene

        try:
            controller = load_game(path)
        except SaveError as exc:
            self.app.show_error(t("review.cant", reason=exc.reason))
            return
        if not controller.state.is_terminal():
            self.app.show_error(t("review.unfinished"))
            return
        if not controller.replayable:
            self.app.show_error(t("review.no_history"))
            return
        try:
            scene = ReviewScene(
                self.app, controller.record(), controller.board, cache=cache_path(path)
            )
        except ConcordiaError as exc:
            self.app.show_error(t("review.cant", reason=str(exc)))
            return
        self.app.push(scene)

    def on_cancel(self) -> None:
        self.app.pop()
