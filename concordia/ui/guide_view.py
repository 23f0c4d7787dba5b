"""The guide's box (title, text, buttons, the answer to a wrong click) and its rings
on what the player should click; functions over :class:`~concordia.ui.guide.GuideScene`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from concordia.ui import theme
from concordia.ui.ai_bridge import HINT_LEVEL
from concordia.ui.guide_lessons import god_text, lesson_text
from concordia.ui.strings import t
from concordia.ui.targeting import Box, Disc, Footprint
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.guide import GuideScene


def box(guide: GuideScene) -> pygame.Rect:
    board = guide.game.lay.board
    w = min(guide.px(440), board.width - guide.px(20))
    return pygame.Rect(board.x + guide.px(10), board.y + guide.px(10), w, guide.px(200))


def text_lines(guide: GuideScene, width: int) -> tuple[str, list[str]]:
    step = guide.step
    font = guide.app.fonts.get(15)
    if guide.off_script:
        return t("guide.title_done"), theme.wrap(font, t("guide.off_script"), width)
    if guide.coaching:
        if guide.lesson is None:
            return t("guide.title_done"), []
        title, body = (
            t("guide.title_lesson"),
            lesson_text(
                guide.lesson,
                guide.game.state,
                guide.human,
                [s.name for s in guide.game.controller.seats],
            ),
        )
    elif step is None:
        return t("guide.title_done"), []
    elif not guide.game.human_to_act and step.expect != "info":
        # A page of its own, without a step number (it showed the next step's).
        title, body = t("guide.title_waiting"), t("guide.waiting")
    else:
        # The adviser the hint asks, by its level's name (the hints come from
        # HINT_LEVEL, not always the hard AI).
        body = t("guide." + step.text, adviser=t("adviser." + HINT_LEVEL))
        if step.god and step.text == next(s.text for s in guide.steps if s.god == step.god):
            body += "\n" + god_text(step.god)
        if step.expect != "info":
            body += "\n" + t("guide.do." + step.text)
        # Every page its own number: the steps of the table, Next pages included.
        title = t("guide.title", n=guide.index + 1, total=len(guide.steps))
    lines: list[str] = []
    for para in body.split("\n"):
        lines += theme.wrap(font, para, width)
    return title, lines


def _height(guide: GuideScene, lines: int) -> int:
    return guide.px(40) + guide.app.fonts.get(15).get_linesize() * lines + guide.px(54)


def layout(guide: GuideScene) -> pygame.Rect:
    """Size the box to its text and add its buttons to ``guide.buttons``; returns the box."""
    guide.buttons.clear()
    box = guide.box()
    _, lines = text_lines(guide, box.width - guide.px(24))
    box.height = _height(guide, len(lines))
    guide.panel = box
    y = box.bottom - guide.px(42)
    step = guide.step
    if guide.coaching:
        if guide.lesson is not None:
            guide.buttons.add(
                Button(
                    pygame.Rect(box.right - guide.px(152), y, guide.px(140), guide.px(32)),
                    t("guide.got_it"),
                    "got_it",
                    t("guide.tip.got_it"),
                    size=15,
                    bold=True,
                    colour=theme.ACCENT,
                )
            )
            guide.buttons.add(
                Button(
                    pygame.Rect(box.x + guide.px(12), y, guide.px(170), guide.px(32)),
                    t("guide.leave"),
                    "leave",
                    t("guide.tip.leave_lessons"),
                    size=14,
                )
            )
        return box
    if step is not None and (step.expect == "info" or guide.finished):
        label = t("guide.play_on") if guide.finished else t("guide.next")
        guide.buttons.add(
            Button(
                pygame.Rect(box.right - guide.px(152), y, guide.px(140), guide.px(32)),
                label,
                "next",
                label,
                size=15,
                bold=True,
                colour=theme.ACCENT,
            )
        )
    if not guide.finished:
        guide.buttons.add(
            Button(
                pygame.Rect(box.x + guide.px(12), y, guide.px(170), guide.px(32)),
                t("guide.leave"),
                "leave",
                t("guide.tip.leave"),
                size=14,
            )
        )
    return box


def draw(guide: GuideScene, surface: pygame.Surface) -> None:
    if guide.coaching and guide.lesson is None:
        return  # nothing to teach now: the whole board is the player's
    box = guide.panel
    if box is None or box.width != guide.box().width:
        box = layout(guide)
    title, lines = text_lines(guide, box.width - guide.px(24))
    if box.height != _height(guide, len(lines)):
        box = layout(guide)
    rings(guide, surface)
    theme.panel(surface, box, theme.PANEL, theme.HILITE, 8)
    fonts = guide.app.fonts
    theme.text(
        surface,
        fonts.get(16, True),
        title,
        (box.x + guide.px(12), box.y + guide.px(10)),
        theme.HILITE,
    )
    font = fonts.get(15)
    y = box.y + guide.px(36)
    for line in lines:
        theme.text(surface, font, line, (box.x + guide.px(12), y))
        y += font.get_linesize()
    guide.buttons.draw(surface, fonts, guide.hover)
    if guide.answer:
        a = pygame.Rect(box.x, box.bottom + guide.px(8), box.width, guide.px(10))
        alines = theme.wrap(font, guide.answer, a.width - guide.px(24))
        a.height = guide.px(16) + font.get_linesize() * len(alines)
        theme.panel(surface, a, (90, 40, 36), theme.DANGER, 8)
        for i, line in enumerate(alines):
            theme.text(
                surface,
                font,
                line,
                (a.x + guide.px(12), a.y + guide.px(8) + i * font.get_linesize()),
            )


def rings(guide: GuideScene, surface: pygame.Surface) -> None:
    if guide.finished or guide.coaching or not guide.game.human_to_act:
        return
    width = 4  # a steady ring: the idle rule paints only when something changes
    for b in guide.expected_buttons():
        r = b.rect.inflate(guide.px(10), guide.px(10))
        pygame.draw.rect(surface, theme.HINT_RING_SHADOW, r.inflate(4, 4), 2, border_radius=10)
        pygame.draw.rect(surface, theme.HILITE, r, width, border_radius=9)
    marks = guide.expected_marks()
    if not marks:
        return
    # The rings of the board targets are drawn on a layer of their own, cleared where
    # any badge lies: a ring passes behind a price or a production, never across its
    # words (found by hand at 1024x640: a circle centred on the badge "4s+B+W" was
    # drawn across it; the one round Roma's sea colonist crossed "land/sea").
    rings = [ring_round(guide, at, shape) for at, shape in marks]
    area = rings[0][0].unionall([r for r, _ in rings[1:]])
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    for _, draw_ring in rings:
        draw_ring(layer, (-area.x, -area.y))
    for badge in guide.game.geometry().badges.values():
        clear = pygame.Rect(round(badge.x), round(badge.y), round(badge.w), round(badge.h))
        layer.fill((0, 0, 0, 0), clear.move(-area.x, -area.y))
    surface.blit(layer, area)


Offset = tuple[int, int]


def ring_round(
    guide: GuideScene, at: tuple[int, int], shape: Footprint
) -> tuple[pygame.Rect, Callable[[pygame.Surface, Offset], None]]:
    """The ring round ``shape``, a few pixels outside it, and what draws it (on a
    surface whose origin is moved by an offset): a badge (a price, a production) by a
    rounded rectangle, a piece or a city by a circle, a route by a circle on the point
    ``at`` where its click is taken."""
    width = 4  # a steady ring: the idle rule paints only when something changes
    gap = guide.px(3)
    if isinstance(shape, Box):
        r = pygame.Rect(round(shape.x), round(shape.y), round(shape.w), round(shape.h))
        r = r.inflate(2 * (gap + width), 2 * (gap + width))

        def rect(surface: pygame.Surface, off: Offset) -> None:
            moved = r.move(off)
            shadow = theme.HINT_RING_SHADOW
            pygame.draw.rect(surface, shadow, moved.inflate(4, 4), 2, border_radius=10)
            pygame.draw.rect(surface, theme.HILITE, moved, width, border_radius=9)

        return r.inflate(6, 6), rect
    radius = round(shape.r) + gap + width if isinstance(shape, Disc) else guide.px(24)

    def circle(surface: pygame.Surface, off: Offset) -> None:
        c = (at[0] + off[0], at[1] + off[1])
        pygame.draw.circle(surface, theme.HINT_RING_SHADOW, c, radius + 3, 2)
        pygame.draw.circle(surface, theme.HILITE, c, radius, width)

    side = 2 * (radius + 4)
    return pygame.Rect(at[0] - side // 2, at[1] - side // 2, side, side), circle
