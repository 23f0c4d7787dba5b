"""Card faces: the personality cards of the hand, the display, the discard tops and
the Diplomat's choices, drawn in code at any size (main thread only).

A face shows, top to bottom: a band in the god's colour with the god's symbol and
name and the deck numeral as a Roman-numeral badge; the action as an icon plus the
card's name and one line of text (for a specialist, the Minerva points per house of
its good); the purchase price as goods icons (with the display slot's surcharge after
a "+") and what the card is worth to the viewer now ("+12 VP", a figure the caller
reads from the core, see :mod:`concordia.ui.insight`).

Every text is fitted by choosing the largest font size (down to a floor) at which it
fits its box; :class:`FaceReport` lists each text's box and any text that still had
to be shortened, so tests can check that nothing is cut.

Not imported by ``concordia.ui.render`` itself (it uses the UI strings).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from concordia.core.data import CARD_BY_ID, CARDS, CardDef
from concordia.ui.presenters import action_icon, card_line, card_name, for_card
from concordia.ui.render import shapes
from concordia.ui.render.palette import CARD_INK, INK, Colour
from concordia.ui.render.text import TextCache
from concordia.ui.strings import t

#: The gods' colours (the band) and symbols (astronomical signs in DejaVu Sans).
GOD_COLOURS: dict[str, Colour] = {
    "Vesta": (214, 132, 48),
    "Jupiter": (186, 60, 52),
    "Saturnus": (72, 136, 78),
    "Mercurius": (196, 164, 40),
    "Mars": (140, 52, 44),
    "Minerva": (88, 108, 186),
}
GOD_SYMBOLS: dict[str, str] = {
    "Vesta": "\u26b6",
    "Jupiter": "\u2643",
    "Saturnus": "\u2644",
    "Mercurius": "\u263f",
    "Mars": "\u2642",
    "Minerva": "\u26b4",
}
PAPER: Colour = (240, 231, 206)
PAPER_DIM: Colour = (160, 154, 140)
SUBTLE: Colour = (96, 84, 62)
WORTH_BG: Colour = (46, 110, 60)
WORTH_ZERO: Colour = (120, 112, 98)
SURCHARGE_BG: Colour = (214, 200, 164)
MIN_TEXT = 8  # the smallest font size a face uses (px)


@dataclass
class FaceReport:
    """What a drawn face holds: each text with its box, texts that were cut, and the
    boxes of its price icons (``price``) and of its points pill (``worth``)."""

    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    price: pygame.Rect | None = None
    worth: pygame.Rect | None = None

    def merge(self, other: FaceReport) -> None:
        self.texts += other.texts
        self.cut += other.cut


def worth_text(worth: int) -> str:
    return t("card.worth", n=worth)


class CardFaces:
    """Draws card faces; fonts and rendered labels are cached."""

    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()
        self._styles: dict[tuple[int, int, str], tuple[int, int, int]] = {}
        self._god_weight: dict[tuple[int, int, int, str], bool | None] = {}

    def style(
        self,
        name_box: tuple[int, int],
        line_box: tuple[int, int],
        god_box: tuple[int, int],
        starts: tuple[int, int, int],
    ) -> tuple[int, int, int]:
        """One font size each for names, lines and god names at this card size: the
        largest at which every card's text fits (so all faces look alike)."""
        from concordia.ui.strings import language

        key = (*name_box, language())
        hit = self._styles.get(key)
        if hit is not None:
            return hit
        names = {card_name(c.id) for c in CARDS}
        lines = {card_line(c) for c in CARDS}
        gods = {t("god." + g) for g in GOD_SYMBOLS}
        icon = round(line_box[1] * 0.8) + 3
        sizes = []
        for texts, (bw, bh), start, bold, extra in (
            (names, name_box, starts[0], True, 0),
            (lines, line_box, starts[1], False, icon),
            (gods, god_box, starts[2], True, 0),
        ):
            sizes.append(min(self.fitted(s, bw - extra, bh, start, bold)[0] for s in texts))
        hit = (sizes[0], sizes[1], sizes[2])
        self._styles[key] = hit
        return hit

    def god_weight(self, box: tuple[int, int], size: int) -> bool | None:
        """How the faces of one size write the gods' names: bold (True) when every name
        fits ``box`` in bold at ``size``, else regular (False) when every one fits so,
        else not at all (None: the symbol and the colour stand for the god). By hand
        at 1024x640 only "Mercurius" went missing from the hand, too wide in bold."""
        from concordia.ui.strings import language

        key = (*box, size, language())
        if key not in self._god_weight:
            names = [t("god." + g) for g in GOD_SYMBOLS]
            weight: bool | None = None
            for bold in (True, False):
                if all(self.fitted(n, *box, size, bold)[1] for n in names):
                    weight = bold
                    break
            self._god_weight[key] = weight
        return self._god_weight[key]

    def band_god_font(self, box: tuple[int, int], start: int) -> tuple[int, bool] | None:
        """The size and weight (bold first) at which every god's name fits ``box``, at
        most ``start`` px, for a band that holds the action icon in place of the god's
        symbol; None when one does not fit even at the smallest size."""
        names = [t("god." + g) for g in GOD_SYMBOLS]
        for bold in (True, False):
            fits = [self.fitted(n, *box, start, bold) for n in names]
            if all(ok for _size, ok in fits):
                return min(size for size, _ok in fits), bold
        return None

    # -- text fitting -------------------------------------------------------------------

    def fitted(
        self, s: str, box_w: int, box_h: int, start: int, bold: bool = False
    ) -> tuple[int, bool]:
        """The largest size <= ``start`` (down to :data:`MIN_TEXT`) at which ``s`` fits a
        ``box_w`` x ``box_h`` box, and whether it fits at all."""
        size = max(MIN_TEXT, start)
        while size > MIN_TEXT:
            w, h = self.text.font(size, bold).size(s)
            if w <= box_w and h <= box_h:
                return size, True
            size -= 1
        w, h = self.text.font(size, bold).size(s)
        return size, w <= box_w and h <= box_h

    def label(
        self,
        surface: pygame.Surface,
        report: FaceReport,
        s: str,
        box: pygame.Rect,
        start: int,
        colour: Colour,
        bold: bool = False,
        anchor: str = "center",
    ) -> pygame.Rect:
        """Draw ``s`` as large as fits ``box`` (at most ``start`` px); report it."""
        size, ok = self.fitted(s, box.width, box.height, start, bold)
        shown = s
        if not ok:
            font = self.text.font(size, bold)
            while shown and font.size(shown + "…")[0] > box.width:
                shown = shown[:-1]
            shown += "…"
            report.cut.append(s)
        img = self.text.render(shown, size, colour, bold=bold)
        rect = img.get_rect(**{anchor: getattr(box, anchor)})
        surface.blit(img, rect)
        report.texts.append((s, rect))
        return rect

    # -- the face -----------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        card: str,
        *,
        worth: int | None = None,
        surcharge: Sequence[str] = (),
        dim: bool = False,
        key: int | None = None,
        spine: int | None = None,
    ) -> FaceReport:
        """Draw the face of ``card`` filling ``rect``.

        Args:
            worth: the points the card gives the viewer now (None: not shown).
            surcharge: the display slot's extra goods, shown after the card's price.
            dim: the card cannot be played now.
            key: the keyboard number that plays it (shown small in the corner).
            spine: when the card is overlapped by the next one, the visible width: that
                strip then carries the god, the icon and the name written upwards.
        """
        d = CARD_BY_ID[card]
        report = FaceReport()
        w, h = rect.size
        radius = max(3, round(min(w, h) * 0.07))
        pygame.draw.rect(surface, PAPER_DIM if dim else PAPER, rect, border_radius=radius)
        god_colour = GOD_COLOURS[d.god]
        band_h = max(12, round(h * 0.2))
        band = pygame.Rect(rect.x, rect.y, w, band_h)
        pygame.draw.rect(
            surface,
            god_colour,
            band,
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        pad = max(2, round(w * 0.04))
        # God symbol and name; Roman numeral badge on the right.
        sym_box = pygame.Rect(band.x + pad, band.y, band_h, band_h)
        # The numeral badge is as wide as "III" on every card, so god names line up.
        numeral_w = self._numeral_width(band)
        right = band.right - pad - numeral_w - pad
        if d.deck:
            self._numeral(surface, report, d.deck, band, pad)
        god_box = pygame.Rect(sym_box.right + 1, band.y + 1, right - sym_box.right - 1, band_h - 2)
        bottom_h = max(12, round(h * 0.22))
        body = pygame.Rect(rect.x + pad, band.bottom + 1, w - 2 * pad, h - band_h - bottom_h - 2)
        name_h = max(10, round(body.height * 0.52))
        icon_s = min(name_h, round(w * 0.3))
        icon_box = pygame.Rect(body.x, body.y + (name_h - icon_s) // 2, icon_s, icon_s)
        name_box = pygame.Rect(
            icon_box.right + pad, body.y, body.right - icon_box.right - pad, name_h
        )
        line_box = pygame.Rect(body.x, body.y + name_h, body.width, body.height - name_h)
        starts = (
            round(name_h * 0.78),
            max(MIN_TEXT, round(line_box.height * 0.72)),
            round(band_h * 0.72),
        )
        name_size, line_size, god_size = self.style(
            name_box.size, line_box.size, god_box.size, starts
        )
        icon_in_band = False
        if name_size < 10:
            # A narrow card: the icon moves into the band (in place of the god's
            # symbol, which the colour and the name stand for) and the name gets the
            # width.
            wide = pygame.Rect(body.x, body.y, body.width, name_h)
            wide_size = self.style(wide.size, line_box.size, god_box.size, starts)[0]
            if wide_size > name_size:
                icon_in_band, name_box, name_size = True, wide, wide_size
        if icon_in_band:
            action_icon(surface, d, sym_box.center, (band_h - 2) * 0.46)
            # The god's name still follows, in a smaller font if need be (found by
            # hand: the Italian faces, whose long card names put the icon here, lost
            # the god's name at every size where the English showed it).
            rest = pygame.Rect(god_box.x, god_box.y, god_box.width, god_box.height)
            font = self.band_god_font(rest.size, god_size) if rest.width > 0 else None
            if font is not None:
                self.label(
                    surface,
                    report,
                    t("god." + d.god),
                    rest,
                    font[0],
                    (255, 255, 255),
                    bold=font[1],
                    anchor="midleft",
                )
        else:
            self.label(surface, report, GOD_SYMBOLS[d.god], sym_box, band_h - 2, PAPER)
            weight = self.god_weight(god_box.size, god_size)
            if weight is not None:
                self.label(
                    surface,
                    report,
                    t("god." + d.god),
                    god_box,
                    god_size,
                    (255, 255, 255),
                    bold=weight,
                    anchor="midleft",
                )
            action_icon(surface, d, icon_box.center, icon_s * 0.46)
        self.label(
            surface,
            report,
            card_name(card),
            name_box,
            name_size,
            CARD_INK,
            bold=True,
            anchor="midleft",
        )
        self._line(surface, report, d, line_box, line_size)
        # Price and worth along the bottom.
        bottom = pygame.Rect(rect.x + pad, rect.bottom - bottom_h - 1, w - 2 * pad, bottom_h)
        x = bottom.x
        if worth is not None:
            pill = self._worth(surface, report, worth, bottom)
            report.worth = pill
            price_right = pill.x - pad
        else:
            price_right = bottom.right
        if key is not None:
            key_box = pygame.Rect(x, bottom.y, round(bottom_h * 0.7), bottom_h)
            self.label(surface, report, str(key), key_box, round(bottom_h * 0.75), SUBTLE)
            x = key_box.right + 2
        report.price = price_icons(
            surface, d.cost, tuple(surcharge), pygame.Rect(x, bottom.y, price_right - x, bottom_h)
        )
        if spine is not None and spine < w:
            self._spine(surface, report, d, card, rect, spine, band_h, radius, dim, worth)
        pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=radius)
        return report

    def _numeral_size(self, band: pygame.Rect) -> int:
        return self.fitted("III", band.width // 3, band.height - 2, band.height - 2, True)[0]

    def _numeral_width(self, band: pygame.Rect) -> int:
        return self.text.font(self._numeral_size(band), True).size("III")[0] + 6

    def _numeral(
        self, surface: pygame.Surface, report: FaceReport, deck: str, band: pygame.Rect, pad: int
    ) -> int:
        size = self._numeral_size(band)
        tw, _th = self.text.font(size, True).size(deck)
        badge = pygame.Rect(0, 0, tw + 6, band.height - 2)
        badge.midright = (band.right - pad, band.centery)
        pygame.draw.rect(surface, INK, badge, border_radius=badge.height // 2)
        pygame.draw.rect(surface, (230, 210, 150), badge, 1, border_radius=badge.height // 2)
        self.label(surface, report, deck, badge, size, (240, 226, 180), bold=True)
        return badge.x

    def _line(
        self, surface: pygame.Surface, report: FaceReport, d: CardDef, box: pygame.Rect, start: int
    ) -> None:
        text = card_line(d)
        good = for_card(d.action).line_good(d)
        if good is not None:
            # "3 VP per house of" + the good's icon.
            icon = max(6, round(box.height * 0.8))
            text_box = pygame.Rect(box.x, box.y, box.width - icon - 3, box.height)
            r = self.label(surface, report, text, text_box, start, SUBTLE, anchor="midleft")
            shapes.good_icon(surface, good, (r.right + 2 + icon / 2, box.centery), icon * 0.45)
            return
        self.label(surface, report, text, box, start, SUBTLE, anchor="midleft")

    def _worth(
        self, surface: pygame.Surface, report: FaceReport, worth: int, bottom: pygame.Rect
    ) -> pygame.Rect:
        s = worth_text(worth)
        size, _ = self.fitted(s, bottom.width // 2, bottom.height - 2, bottom.height - 2, True)
        tw, _th = self.text.font(size, True).size(s)
        pill = pygame.Rect(0, 0, tw + 8, bottom.height)
        pill.midright = bottom.midright
        pygame.draw.rect(
            surface, WORTH_BG if worth > 0 else WORTH_ZERO, pill, border_radius=pill.height // 2
        )
        self.label(surface, report, s, pill, size, (255, 255, 255), bold=True)
        return pill

    def _spine(
        self,
        surface: pygame.Surface,
        report: FaceReport,
        d: CardDef,
        card: str,
        rect: pygame.Rect,
        spine: int,
        band_h: int,
        radius: int,
        dim: bool,
        worth: int | None,
    ) -> None:
        """The visible strip of an overlapped card: god band, icon, name upwards."""
        strip = pygame.Rect(rect.x, rect.y, spine, rect.height)
        pygame.draw.rect(
            surface,
            PAPER_DIM if dim else PAPER,
            strip,
            border_top_left_radius=radius,
            border_bottom_left_radius=radius,
        )
        # Left column in the god's colour: the name written upwards, the whole height.
        # Right column: the god's symbol, the action icon and the worth.
        name_w = max(11, round(spine * 0.42))
        column = pygame.Rect(strip.x, strip.y, name_w + 2, strip.height)
        pygame.draw.rect(
            surface,
            GOD_COLOURS[d.god],
            column,
            border_top_left_radius=radius,
            border_bottom_left_radius=radius,
        )
        col = pygame.Rect(column.right + 1, strip.y + 2, spine - column.width - 2, 0)
        col.height = strip.bottom - 2 - col.y
        sym = pygame.Rect(col.x, col.y, col.width, min(band_h, col.width + 2))
        self.label(surface, report, GOD_SYMBOLS[d.god], sym, sym.height, GOD_COLOURS[d.god])
        icon_s = min(col.width, round(rect.height * 0.28))
        action_icon(surface, d, (col.centerx, sym.bottom + 2 + icon_s / 2), icon_s * 0.46)
        if worth is not None:
            pill_h = max(10, min(round(rect.height * 0.2), col.bottom - sym.bottom - icon_s - 4))
            box = pygame.Rect(col.x, col.bottom - pill_h, col.width, pill_h)
            pygame.draw.rect(
                surface, WORTH_BG if worth > 0 else WORTH_ZERO, box, border_radius=box.height // 2
            )
            self.label(surface, report, f"{worth:+d}", box, pill_h - 2, (255, 255, 255), bold=True)
        length = strip.height - 6
        name = card_name(card)
        size = min(self.fitted(card_name(c.id), length, name_w, name_w, True)[0] for c in CARDS)
        ok = self.fitted(name, length, name_w, size, True)[1]
        if not ok:
            report.cut.append(name)
        img = pygame.transform.rotate(self.text.render(name, size, (255, 255, 255), bold=True), 90)
        box = img.get_rect(midbottom=(column.centerx, strip.bottom - 3))
        surface.blit(img, box)
        report.texts.append((name, box))
        pygame.draw.line(surface, (150, 136, 110), strip.topright, strip.bottomright)


def draw_chip(
    faces: CardFaces, surface: pygame.Surface, rect: pygame.Rect, card: str
) -> FaceReport:
    """A one-line card face (a discard top, a Diplomat choice): the god's colour and
    symbol, the action icon and the name."""
    d = CARD_BY_ID[card]
    report = FaceReport()
    h = rect.height
    radius = max(2, h // 5)
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    band = pygame.Rect(rect.x, rect.y, h, h)
    pygame.draw.rect(
        surface,
        GOD_COLOURS[d.god],
        band,
        border_top_left_radius=radius,
        border_bottom_left_radius=radius,
    )
    faces.label(surface, report, GOD_SYMBOLS[d.god], band, h - 2, PAPER)
    icon_c = (band.right + 2 + h / 2, rect.centery)
    action_icon(surface, d, icon_c, h * 0.38)
    name_box = pygame.Rect(band.right + h + 4, rect.y, rect.right - band.right - h - 6, h)
    faces.label(
        surface,
        report,
        card_name(card),
        name_box,
        round(h * 0.7),
        CARD_INK,
        bold=True,
        anchor="midleft",
    )
    pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=radius)
    return report


def price_icons(
    surface: pygame.Surface, cost: Sequence[str], surcharge: Sequence[str], box: pygame.Rect
) -> pygame.Rect:
    """The card's price as goods icons, then "+" and the display slot's extra goods on a
    darker ground; returns the area used. Icons shrink to fit ``box``; below 6 px they
    stay 6 px and overlap each other instead, so the price never runs out of ``box``
    (found at 1024x640: the last icons went under the card's points pill)."""
    n = len(cost) + len(surcharge)
    if n == 0 or box.width <= 0:
        return pygame.Rect(box.x, box.y, 0, box.height)
    plus = 6 if surcharge and cost else 0
    s = min(box.height, (box.width - plus - 2 * (n - 1)) // n)
    s = max(6, s)
    # The step from one icon to the next: 2 px apart when they fit, closer when not.
    gap = 2 if n == 1 else min(2, (box.width - plus - n * s) // (n - 1))
    x = box.x
    y = box.centery
    for good in cost:
        _good_chip(surface, good, (x + s / 2, y), s)
        x += s + gap
    if surcharge:
        if cost:
            pygame.draw.line(surface, SUBTLE, (x + 1, y), (x + plus - 2, y), 1)
            pygame.draw.line(
                surface, SUBTLE, (x + plus / 2 - 0.5, y - 2), (x + plus / 2 - 0.5, y + 2), 1
            )
            x += plus
        ground = pygame.Rect(x - 1, box.y, len(surcharge) * (s + gap) - gap + 2, box.height)
        pygame.draw.rect(surface, SURCHARGE_BG, ground, border_radius=3)
        for good in surcharge:
            _good_chip(surface, good, (x + s / 2, y), s)
            x += s + gap
        return pygame.Rect(box.x, box.y, ground.right - box.x, box.height)
    return pygame.Rect(box.x, box.y, x - gap - box.x, box.height)


def _good_chip(surface: pygame.Surface, good: str, centre: tuple[float, float], s: int) -> None:
    if good == "any":
        r = s * 0.42
        pygame.draw.circle(surface, (210, 206, 196), centre, r)
        pygame.draw.circle(surface, INK, centre, r, 1)
        q = max(2.0, r * 0.45)
        cx, cy = centre
        pygame.draw.arc(
            surface, INK, pygame.Rect(cx - q, cy - r * 0.65, 2 * q, 2 * q), -math.pi / 2, math.pi, 1
        )
        pygame.draw.line(surface, INK, (cx, cy + q * 0.35), (cx, cy + r * 0.35), 1)
        pygame.draw.circle(surface, INK, (cx, cy + r * 0.62), 1)
        return
    shapes.good_icon(surface, good, centre, s * 0.45)
