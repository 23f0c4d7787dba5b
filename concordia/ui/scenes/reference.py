"""The rules reference: a list of pages on the left, the chosen page on the right.

Opened from the menu, with F1 anywhere (over a card: that card's page) and with the
"?" button of the game screen. The pages are data in :mod:`concordia.ui.rules_pages`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.ui import rules_pages, strings, theme
from concordia.ui.input import Click, Intent, Key, Wheel
from concordia.ui.scenes.base import ButtonScene
from concordia.ui.strings import t
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.app import App


#: The body's design font size (``fonts.get``), its largest size in pixels, and the
#: text width per pixel of font size at which it starts to grow (about 75 characters
#: of DejaVu Sans a line).
BODY_SIZE = 16
BODY_PX_MAX = 32
BODY_WIDTH_PER_PX = 42


class ReferenceScene(ButtonScene):
    """Shows one page of the rules reference; the list picks another."""

    name = "reference"

    def __init__(self, app: App, page: str | None = None) -> None:
        super().__init__(app)
        pages = rules_pages.all_pages()
        self.pages = pages
        self.page = page if page in pages else pages[0]
        self.scroll = 0  # first body line shown
        self.lines_shown = 1
        self.total_lines = 0

    @property
    def shot_name(self) -> str:
        return "reference"

    def redraw_key(self) -> object:
        return (self.page, self.scroll)

    def open_page(self, page: str) -> None:
        if page in self.pages:
            self.page = page
            self.scroll = 0
            self.layout()

    def _list_rect(self, area: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(
            self.px(24), self.px(80), self.px(250), area.height - self.px(80) - self.px(24)
        )

    def _page_rect(self, area: pygame.Rect) -> pygame.Rect:
        left = self._list_rect(area).right + self.px(24)
        return pygame.Rect(
            left, self.px(80), area.width - left - self.px(24), area.height - self.px(104)
        )

    def build(self, area: pygame.Rect) -> None:
        box = self._list_rect(area)
        lang = strings.language()
        n = len(self.pages) + 1  # a gap between the topics and the cards
        row = max(self.px(18), min(self.px(30), (box.height - self.px(56)) // n))
        y = box.y
        for i, page in enumerate(self.pages):
            if i == len(rules_pages.TOPICS):
                y += row // 2
            self.buttons.add(
                Button(
                    pygame.Rect(box.x, y, box.width, row - self.px(3)),
                    rules_pages.title(page, lang),
                    ("page", page),
                    t("reference.tip_page"),
                    selected=page == self.page,
                    size=14 if row >= self.px(24) else 12,
                )
            )
            y += row
        self.buttons.add(
            Button(
                pygame.Rect(box.x, area.bottom - self.px(64), box.width, self.px(42)),
                t("menu.back"),
                ("back",),
                t("reference.tip_back"),
                size=17,
            )
        )

    def body_size(self, width: int) -> int:
        """The body's font size (as for ``fonts.get``) for a text area ``width`` wide:
        the design size, larger where the panel is wide enough to keep about 75
        characters a line, up to a size still comfortable to read (found in the
        1920x1080 screenshot: a page filled a third of its panel in small type)."""
        scale = self.app.fonts.scale
        wide = min(BODY_PX_MAX, width / BODY_WIDTH_PER_PX) / scale
        return max(BODY_SIZE, round(wide))

    def indents(self, font: pygame.font.Font) -> tuple[int, int]:
        """Where a bullet's first line and its continuation start, from the text's
        left edge (in step with the font, so wrapped lines keep their width)."""
        em = font.size("M")[0]
        return round(em * 0.4), round(em * 1.5)

    def body_lines(self, width: int) -> list[tuple[str, str]]:
        """(style, text) lines of the page wrapped to ``width``: style is "head",
        "bullet", "bullet2" (a bullet's continuation) or "text"."""
        _, body = rules_pages.page_text(self.page, strings.language())
        font = self.app.fonts.get(self.body_size(width))
        first, rest = self.indents(font)
        out: list[tuple[str, str]] = []
        for para in body.split("\n\n"):
            for raw in para.split("\n"):
                if raw.startswith("# "):
                    out.append(("gap", ""))
                    out.append(("head", raw[2:]))
                    continue
                bullet = raw.startswith("• ")
                # the continuation lines start further in than the first: wrap to it
                indent = max(first, rest) if bullet else 0
                for j, line in enumerate(theme.wrap(font, raw, width - indent)):
                    out.append(
                        ("bullet" if bullet and j == 0 else "bullet2" if bullet else "text", line)
                    )
            out.append(("gap", ""))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        area = surface.get_rect()
        theme.text(
            surface,
            self.app.fonts.get(28, True),
            t("reference.title"),
            (self.px(24), self.px(22)),
            theme.ACCENT,
        )
        theme.text(
            surface,
            self.app.fonts.get(13),
            t("reference.hint"),
            (area.right - self.px(24), self.px(34)),
            theme.TEXT_DIM,
            "topright",
        )
        self.buttons.draw(surface, self.app.fonts, self.hover)
        box = self._page_rect(area)
        theme.panel(surface, box, theme.PANEL, theme.BORDER, 8)
        head, _ = rules_pages.page_text(self.page, strings.language())
        size = self.body_size(box.width - self.px(40))
        title = self.app.fonts.get(round(size * 1.5), True)
        theme.text(surface, title, head, (box.x + self.px(20), box.y + self.px(14)), theme.HILITE)
        top = self.px(14) + title.get_linesize() + self.px(10)
        inner = pygame.Rect(
            box.x + self.px(20),
            box.y + top,
            box.width - self.px(40),
            box.height - top - self.px(14),
        )
        lines = self.body_lines(inner.width)
        font = self.app.fonts.get(size)
        bold = self.app.fonts.get(size, True)
        first, rest = self.indents(font)
        step = font.get_linesize()
        gap = step // 2
        heights = [gap if s == "gap" else step for s, _ in lines]
        self.total_lines = len(lines)
        # how many lines fit from the scroll position
        y = inner.y
        shown = 0
        clip = surface.get_clip()
        surface.set_clip(inner)
        for (style, line), h in zip(lines[self.scroll :], heights[self.scroll :], strict=True):
            if y + h > inner.bottom:
                break
            if style == "head":
                theme.text(surface, bold, line, (inner.x, y), theme.ACCENT)
            elif style == "bullet":
                theme.text(surface, font, line, (inner.x + first, y))
            elif style == "bullet2":
                theme.text(surface, font, line, (inner.x + rest, y))
            elif style == "text":
                theme.text(surface, font, line, (inner.x, y))
            y += h
            shown += 1
        surface.set_clip(clip)
        self.lines_shown = max(1, shown)
        if self.scroll + shown < len(lines) or self.scroll:
            theme.text(
                surface,
                self.app.fonts.get(13),
                t("reference.more"),
                (box.right - self.px(16), box.bottom - self.px(6)),
                theme.TEXT_DIM,
                "bottomright",
            )

    def scroll_by(self, lines: int) -> None:
        top = max(0, self.total_lines - self.lines_shown)
        self.scroll = max(0, min(top, self.scroll + lines))

    def handle_other(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Wheel):
            self.scroll_by(-3 * intent.dy)
        elif isinstance(intent, Key):
            i = self.pages.index(self.page)
            if intent.key == pygame.K_DOWN:
                self.open_page(self.pages[min(len(self.pages) - 1, i + 1)])
            elif intent.key == pygame.K_UP:
                self.open_page(self.pages[max(0, i - 1)])
            elif intent.key == pygame.K_PAGEDOWN:
                self.scroll_by(self.lines_shown - 1)
            elif intent.key == pygame.K_PAGEUP:
                self.scroll_by(1 - self.lines_shown)
        return None

    def handle(self, intent: Intent) -> Intent | None:
        if isinstance(intent, Click):
            self.hover = intent.pos
        return super().handle(intent)

    def on_button(self, button: Button) -> None:
        value = button.value
        if value[0] == "page":
            self.open_page(value[1])
        else:
            self.app.stack.remove(self)

    def on_cancel(self) -> None:
        self.app.stack.remove(self)


def open_reference(app: App, page: str | None = None) -> None:
    """Show the reference (at ``page``), or turn the open one to ``page``."""
    top = app.stack.top
    if isinstance(top, ReferenceScene):
        if page is not None:
            top.open_page(page)
        return
    app.push(ReferenceScene(app, page))
