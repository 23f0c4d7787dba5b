"""Pointer to action: which legal action a click at (x, y) means, and what hover shows.

No pygame here. The board renderer describes where it drew each city, route, province,
colonist and badge as plain shapes (:class:`BoardGeometry`, built by the same layout
functions it draws with), and :class:`Targeting` combines that with the state's
``legal_actions()`` and the scene's selection:

- :meth:`Targeting.targets` lists every legal target of the current step, each with the
  parts of the drawing that stand for it (its badge, its marker, its label, its line);
- :meth:`Targeting.hit` resolves a pointer position to the legal target whose footprint
  holds it (a footprint that contains the point beats one a pixel or two away; then
  badges beat pieces, pieces beat direct markers, those beat indirect ones such as a
  province's cities; then the nearest centre wins); illegal geometry is never
  considered, so it cannot swallow a click;
- :meth:`Targeting.highlights` is the set of lit targets with their badge texts.

A hit is a :data:`Choice`: a legal :class:`~concordia.core.Action`, or one of the UI steps
that lead to one (:class:`SelectColonist`, :class:`ChoosePlace`). The whole layer is
tested headless over many positions and window sizes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

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
from concordia.ui.insight import gain_text, produce_gain
from concordia.ui.strings import t, tn

Point = tuple[float, float]
#: A highlight key: a city slug, a province slug, or (kind, route slug).
HKey = str | tuple[str, str]

#: How far outside a footprint (screen pixels) a click still counts as on it.
SLACK = 2.0


# ---------------------------------------------------------------------- footprints
@dataclass(frozen=True)
class Disc:
    """A filled circle (a city, a colonist, a bonus marker)."""

    centre: Point
    r: float

    def distance(self, p: Point) -> float:
        return max(0.0, math.hypot(p[0] - self.centre[0], p[1] - self.centre[1]) - self.r)

    def core_distance(self, p: Point) -> float:
        return math.hypot(p[0] - self.centre[0], p[1] - self.centre[1])


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle (a label, a badge, a card, a button)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def distance(self, p: Point) -> float:
        dx = max(self.x - p[0], 0.0, p[0] - (self.x + self.w))
        dy = max(self.y - p[1], 0.0, p[1] - (self.y + self.h))
        return math.hypot(dx, dy)

    def core_distance(self, p: Point) -> float:
        c = self.centre
        return math.hypot(p[0] - c[0], p[1] - c[1])

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )


def overlap_area(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they do not overlap)."""
    w = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    h = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0.0


def clear_corner(
    area: Box, w: float, h: float, inset: float, keep: Sequence[Box], minor: Sequence[Box] = ()
) -> Box:
    """A ``w`` x ``h`` box in a corner of ``area`` (``inset`` from its edges) that
    covers the least of ``keep``, then of ``minor``: top left, top right, bottom left,
    bottom right, the first wins a tie (so with nothing to keep clear the box stays top
    left). The hint box keeps the steps it stars in view first, then the other lit
    targets."""
    left, top = area.x + inset, area.y + inset
    right = max(left, area.x + area.w - inset - w)
    bottom = max(top, area.y + area.h - inset - h)
    corners = [Box(x, y, w, h) for y in (top, bottom) for x in (left, right)]
    return min(
        corners,
        key=lambda c: (
            sum(overlap_area(c, k) for k in keep),
            sum(overlap_area(c, k) for k in minor),
        ),
    )


@dataclass(frozen=True)
class Line:
    """A polyline drawn ``width`` pixels wide (a route)."""

    points: tuple[Point, ...]
    width: float

    @property
    def centre(self) -> Point:
        return _polyline_at(self.points, 0.5)

    def distance(self, p: Point) -> float:
        return max(0.0, self.core_distance(p) - self.width / 2)

    def core_distance(self, p: Point) -> float:
        return _polyline_distance(p, self.points)


Footprint = Disc | Box | Line


@dataclass(frozen=True)
class ColonistSpot:
    """Where one colonist is drawn: ``loc`` is its city or route slug."""

    shape: Disc
    seat: int
    kind: str
    loc: str


@dataclass
class BoardGeometry:
    """Where the board drew everything, in screen pixels (see the module docstring).

    ``badges`` holds the box of each badge drawn for the highlights the geometry was
    made for; ``city_province`` maps a city to its province slug (None for Roma).
    """

    cities: dict[str, tuple[Footprint, ...]] = field(default_factory=dict)
    routes: dict[tuple[str, str], tuple[Footprint, ...]] = field(default_factory=dict)
    provinces: dict[str, tuple[Footprint, ...]] = field(default_factory=dict)
    badges: dict[HKey, Box] = field(default_factory=dict)
    colonists: list[ColonistSpot] = field(default_factory=list)
    city_province: dict[str, str | None] = field(default_factory=dict)
    viewport: Box = field(default_factory=lambda: Box(0, 0, 0, 0))

    def route_keys(self, slug: str) -> list[tuple[str, str]]:
        return [k for k in self.routes if k[1] == slug]


# ---------------------------------------------------------------------- choices
@dataclass(frozen=True)
class SelectColonist:
    """Architect: pick the colonist (kind, where it stands) to move next."""

    kind: str
    src: str


@dataclass(frozen=True)
class ChoosePlace:
    """Colonist card: a city where both kinds can be placed (the bar then asks which)."""

    city: str


Choice = Action | SelectColonist | ChoosePlace


@dataclass(frozen=True)
class Part:
    """One drawn thing that stands for a target: ``what`` is city, route, province,
    badge or colonist; lower ``rank`` wins when footprints overlap."""

    what: str
    key: object
    rank: int


@dataclass(frozen=True)
class Target:
    """A legal target of the current step: what a click chooses, the highlight key it
    lights and the drawn parts that take the click."""

    choice: Choice
    key: HKey
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Hit:
    """The answer for one pointer position."""

    target: Target
    part: Part
    distance: float

    @property
    def choice(self) -> Choice:
        return self.target.choice


# Ranks: a badge is drawn on top of everything; a direct marker (a colonist piece, a
# route line, a city disc for a build, a province label) comes next; an indirect one
# (a city standing for its province, a city where a colonist waits) last.
RANK_BADGE, RANK_PIECE, RANK_DIRECT, RANK_INDIRECT = 0, 1, 2, 3


# ---------------------------------------------------------------------- options
@dataclass
class Options:
    """What the seat deciding now may do, grouped from the legal actions."""

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
        if o.hand:
            # Cards that play alike share one action (the core lists the lowest id's):
            # every copy in the hand plays it.
            for card in state.hand(state.turn_player):
                play = state.play_for_card(card)
                if play is not None and play in o.hand.values():
                    o.hand.setdefault(card, play)
        return o


@dataclass
class Selection:
    """The player's input in progress: the half-made choice (the Architect's colonist,
    the Colonist card's city with two kinds, the Senator's card with several ways to
    pay) and the amounts set in the trade panel (good -> amount)."""

    colonist: tuple[str, str] | None = None
    place_city: str | None = None
    buy_card: str | None = None
    trades: dict[str, int] = field(default_factory=dict)

    def clear_choice(self) -> None:
        """Drop the half-made choice (the trade amounts stay)."""
        self.colonist = self.place_city = self.buy_card = None

    def clear(self) -> None:
        """Drop everything (an undo, a new position)."""
        self.clear_choice()
        self.trades = {}

    def __bool__(self) -> bool:
        """Whether a choice is half made."""
        return bool(self.colonist or self.place_city or self.buy_card)


# ---------------------------------------------------------------------- targeting
class Targeting:
    """Legal targets, highlights and hit tests for one position and selection.

    Args:
        state: the position on screen.
        options: ``Options.of(state)`` (the scene caches it); empty when no human acts.
        selection: the scene's half-made choice.
        cities: city slugs of the board (a colonist in one stands in the city).
        city_province: the province slug of each city (None for Roma).
        hinted: the hint's next step. A hinted Architect move is a target even while
            another colonist (or none) is chosen: the board stars its route, and a click
            there makes that move, unless the chosen colonist can go there too (then
            the click moves the chosen one, as its cost badge says). Found by hand: the
            starred route ignored the click until its colonist was chosen first.
    """

    def __init__(
        self,
        state: GameState,
        options: Options,
        selection: Selection,
        cities: Iterable[str],
        city_province: Mapping[str, str | None],
        hinted: Action | None = None,
    ) -> None:
        self.state = state
        self.opts = options
        self.sel = selection
        self.cities = frozenset(cities)
        self.city_province = dict(city_province)
        self.hinted = hinted

    # -- targets ------------------------------------------------------------------------
    def colonist_key(self, kind: str, src: str) -> HKey:
        return src if src in self.cities else (kind, src)

    def targets(self) -> list[Target]:
        """Every legal board target of the current step."""
        opts, sel, state = self.opts, self.sel, self.state
        out: list[Target] = []
        seat = state.current_player
        if opts.moves or opts.builds:  # the Architect's step
            moves = list(opts.moves.get(sel.colonist, [])) if sel.colonist else []
            hinted = self.hinted
            if (
                isinstance(hinted, Move)
                and hinted in opts.moves.get((hinted.kind, hinted.src), [])
                and all((m.kind, m.dst) != (hinted.kind, hinted.dst) for m in moves)
            ):
                moves.append(hinted)
            for move in moves:
                key: HKey = (move.kind, move.dst)
                out.append(
                    Target(
                        move,
                        key,
                        (Part("badge", key, RANK_BADGE), Part("route", key, RANK_DIRECT)),
                    )
                )
            for city, build in opts.builds.items():
                out.append(
                    Target(
                        build,
                        city,
                        (Part("badge", city, RANK_BADGE), Part("city", city, RANK_DIRECT)),
                    )
                )
            for kind, src in opts.moves:
                key = self.colonist_key(kind, src)
                sel_parts = [Part("colonist", (seat, kind, src), RANK_PIECE)]
                if sel.colonist is None:
                    sel_parts.append(Part("badge", key, RANK_BADGE))
                if src in self.cities:
                    sel_parts.append(Part("city", src, RANK_INDIRECT))
                else:
                    sel_parts.append(Part("route", key, RANK_INDIRECT))
                out.append(Target(SelectColonist(kind, src), key, tuple(sel_parts)))
        for city, places in opts.places.items():
            choice: Choice = places[0] if len(places) == 1 else ChoosePlace(city)
            out.append(
                Target(
                    choice,
                    city,
                    (Part("badge", city, RANK_BADGE), Part("city", city, RANK_DIRECT)),
                )
            )
        for province, produce in opts.produce.items():
            parts = [Part("badge", province, RANK_BADGE), Part("province", province, RANK_DIRECT)]
            parts += [
                Part("city", c, RANK_INDIRECT)
                for c, p in self.city_province.items()
                if p == province
            ]
            out.append(Target(produce, province, tuple(parts)))
        return out

    # -- hit test -----------------------------------------------------------------------
    def hit(self, geometry: BoardGeometry, pos: Point) -> Hit | None:
        """The legal target a click at ``pos`` chooses, or None."""
        if geometry.viewport.w > 0 and geometry.viewport.distance(pos) > 0:
            return None
        best: tuple[tuple[bool, int, float], Hit] | None = None
        # A city's disc is drawn over the routes that run into it: inside the disc of a
        # city the player can build in, a route line ranks below the city (by
        # hand: a click 2 px off Brundisium's centre moved the colonist instead).
        in_build_disc = any(
            fp.distance(pos) == 0
            for city in self.opts.builds
            for fp in geometry.cities.get(city, ())
        )
        for target in self.targets():
            for part in target.parts:
                rank = part.rank
                if in_build_disc and part.what == "route":
                    rank = max(rank, RANK_INDIRECT)
                for fp in _footprints(geometry, part):
                    d = fp.distance(pos)
                    if d > SLACK:
                        continue
                    # Inside beats near; then the rank; then the nearest centre or line.
                    score = (d > 0, rank, d + fp.core_distance(pos) / 1000.0)
                    if best is None or score < best[0]:
                        best = (score, Hit(target, part, d))
        if best is None:
            return None
        hit = best[1]
        # A second click on the selected colonist's city picks its other kind.
        choice = hit.target.choice
        if isinstance(choice, SelectColonist) and self.sel.colonist == (choice.kind, choice.src):
            others = [
                tg
                for tg in self.targets()
                if isinstance(tg.choice, SelectColonist)
                and tg.choice.src == choice.src
                and tg.choice != choice
            ]
            if others and hit.part.what != "colonist":
                return Hit(others[0], hit.part, hit.distance)
        return hit

    def refused_build(
        self, geometry: BoardGeometry, pos: Point, hit: Hit | None = None
    ) -> str | None:
        """The city whose disc or name holds ``pos`` where the Architect's player could
        build without moving but cannot pay for the house, or None (asked only in the
        Architect's step; a click on such a city used to move a colonist onto a route
        beside it instead). A badge
        or a colonist piece that holds the point keeps the click (``hit``: this
        position's :meth:`hit`, if already known); a lit route does not, as every route
        runs into the discs of the cities at its ends."""
        state = self.state
        seat = state.current_player
        if seat is None or state.players[seat].houses_left <= 0:
            return None
        if hit is None:
            hit = self.hit(geometry, pos)
        if hit is not None and hit.distance == 0 and hit.part.what in ("badge", "colonist"):
            return None
        near = set(state.cities_next_to(seat))
        for city, footprints in geometry.cities.items():
            if city not in near or city in self.opts.builds or state.city_good(city) is None:
                continue
            if seat in state.houses_in(city):
                continue
            if any(fp.distance(pos) == 0 for fp in footprints):
                return city
        return None

    # -- highlights ---------------------------------------------------------------------
    def highlights(self) -> dict[HKey, str]:
        """Board badges of the legal targets: key -> badge text."""
        out: dict[HKey, str] = {}
        state, opts, sel = self.state, self.opts, self.sel
        if opts.moves or opts.builds:  # the Architect's step
            if sel.colonist is None:
                for kind, src in opts.moves:
                    key = self.colonist_key(kind, src)
                    label = t("game.kind_" + kind)
                    out[key] = f"{out[key]}/{label}" if key in out else label
            else:
                for move in opts.moves.get(sel.colonist, []):
                    out[(move.kind, move.dst)] = str(state.cost(move).points)
            for city, build in opts.builds.items():
                out[city] = price_badge(state, build)
        for city, places in opts.places.items():
            out[city] = "+" + "/".join(t("game.kind_" + p.kind) for p in places)
        for province, produce in opts.produce.items():
            # What the player would receive (the bonus, doubled for the Praefectus
            # Magnus, and their houses' goods), read from the core.
            gain = produce_gain(state, produce)
            out[province] = gain_text(gain, lambda g, n: tn("good." + g, n))
        return out


# ---------------------------------------------------------------------- helpers
def action_target(action: Action) -> HKey | None:
    """The board key an action is about (None for actions off the board)."""
    if isinstance(action, Move):
        return (action.kind, action.dst)
    if isinstance(action, Build | Place):
        return action.city
    if isinstance(action, Produce):
        return action.province
    return None


def price_badge(state: GameState, action: Action) -> str:
    """The short price of a build on its badge: ``3s+B`` (coins, goods' initials)."""
    cost = state.cost(action)
    goods = "+".join(t("good." + g)[:1].upper() * n for g, n in cost.goods if n > 0)
    return f"{cost.money}s+{goods}" if goods else f"{cost.money}s"


def anchor(geometry: BoardGeometry, target: Target) -> Point | None:
    """Where a player aims at ``target``: its badge's centre, else its first marker."""
    for part in sorted(target.parts, key=lambda p: p.rank):
        fp = footprint(geometry, part)
        if fp is not None:
            return fp.centre
    return None


def footprint(geometry: BoardGeometry, part: Part) -> Footprint | None:
    """The main drawn shape of ``part`` (a badge's box, a city's disc, a route's
    line), None where it is not drawn."""
    fps = _footprints(geometry, part)
    return fps[0] if fps else None


def _footprints(geometry: BoardGeometry, part: Part) -> Sequence[Footprint]:
    what, key = part.what, part.key
    if what == "badge":
        box = geometry.badges.get(key)  # type: ignore[call-overload]
        return () if box is None else (box,)
    if what == "city":
        return geometry.cities.get(str(key), ())
    if what == "province":
        return geometry.provinces.get(str(key), ())
    if what == "route":
        if isinstance(key, tuple):
            return geometry.routes.get(key, ())
        return ()
    if what == "colonist" and isinstance(key, tuple):
        seat, kind, src = key
        return [
            c.shape
            for c in geometry.colonists
            if c.seat == seat and c.kind == kind and c.loc == src
        ]
    return ()


def _polyline_distance(p: Point, points: Sequence[Point]) -> float:
    best = math.inf
    px, py = p
    if len(points) == 1:
        return math.hypot(px - points[0][0], py - points[0][1])
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        dx, dy = x1 - x0, y1 - y0
        seg2 = dx * dx + dy * dy
        u = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / seg2))
        best = min(best, math.hypot(px - (x0 + u * dx), py - (y0 + u * dy)))
    return best


def _polyline_at(points: Sequence[Point], f: float) -> Point:
    lengths = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    total = lengths[-1]
    if total <= 0:
        return points[0]
    d = f * total
    for i in range(1, len(points)):
        if lengths[i] >= d:
            seg = lengths[i] - lengths[i - 1]
            g = 0.0 if seg <= 0 else (d - lengths[i - 1]) / seg
            (x0, y0), (x1, y1) = points[i - 1], points[i]
            return (x0 + (x1 - x0) * g, y0 + (y1 - y0) * g)
    return points[-1]
