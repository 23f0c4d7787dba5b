"""Every badge on the board stays attached to what it names, at every window size, at
fit zoom and zoomed in, on both boards: a province's production badge touches its ring
and no other province's ring is as near; a city's price or hint-star badge touches its
city (above its houses, beside it or under its name) and no other city is nearer; and a
badge whose city or province is in view is wholly in the board's pane.

Found by hand at 1024x640 (Imperium, a Prefect): Gallia's "+1 food" sat on Germania's
name, Italia's "+1 cloth" on Hellas's ring, and the star labels drifted from their
cities."""

from __future__ import annotations

import math

import pygame
import pytest
from ui_helpers import board

from concordia.core.board import slugify
from concordia.ui.game.layout import Layout
from concordia.ui.render import BoardRenderer
from concordia.ui.render import board_highlights as bh

pytestmark = pytest.mark.usefixtures("pygame_display")

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
CAMERAS = ["fit", "zoomed"]


_RENDERERS: dict[tuple[str, tuple[int, int]], BoardRenderer] = {}


def _renderer(name: str, size: tuple[int, int], camera: str) -> BoardRenderer:
    """The board's renderer in the game's board pane at ``size`` (one per board and
    size, its camera set afresh: loading the map's art is most of a test's time)."""
    r = _RENDERERS.get((name, size))
    if r is None:
        k = max(0.85, min(1.5, min(size[0] / 1280, size[1] / 720)))  # as App._rescale
        r = BoardRenderer(board(name), Layout.for_size(size, 5, k).board)
        _RENDERERS[(name, size)] = r
    r.camera.fit()
    if camera == "zoomed":
        r.camera.zoom_at(r.viewport.center, 2.0)
    return r


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return math.hypot(dx, dy)


def _province_faults(r: BoardRenderer, highlights: dict[object, str]) -> list[object]:
    layout = r.badge_layout(bh.resolve(r, highlights))  # type: ignore[arg-type]
    rings = bh.province_rings(r)
    faults: list[object] = []
    for (what, slug), (box, _img) in layout.items():
        assert what == "province"
        if not r.viewport.collidepoint(rings[slug].center):
            continue  # out of view
        own = _gap(box, rings[slug])
        other = min(_gap(box, q) for s, q in rings.items() if s != slug)
        if own > bh.LEADER_GAP or other <= own or not r.viewport.contains(box):
            faults.append((slug, round(own), round(other), r.viewport.contains(box)))
    return faults


def _city_faults(r: BoardRenderer, highlights: dict[object, str]) -> list[object]:
    layout = r.badge_layout(bh.resolve(r, highlights))  # type: ignore[arg-type]
    discs = {slug: bh._city_box(r, slug) for slug in r.cities}
    faults: list[object] = []
    for (what, slug), (box, _img) in layout.items():
        assert what == "city"
        if not r.viewport.collidepoint(discs[slug].center):
            continue
        own = _gap(box, discs[slug])
        other = min(_gap(box, q) for s, q in discs.items() if s != slug)
        if own > bh.ATTACH_CITY * box.height or other < own or not r.viewport.contains(box):
            faults.append((slug, round(own), round(other), r.viewport.contains(box)))
    return faults


@pytest.mark.parametrize("camera", CAMERAS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_every_province_badge_touches_its_own_ring(
    name: str, size: tuple[int, int], camera: str
) -> None:
    """A Prefect lights every province; the hint stars one of them."""
    r = _renderer(name, size, camera)
    highlights: dict[object, str] = {("province", p.slug): "+1 wine" for p in r.board.provinces}
    starred = r.board.provinces[3].slug
    highlights[("province", starred)] = "★1 +2 cloth"
    assert _province_faults(r, highlights) == []


@pytest.mark.parametrize("camera", CAMERAS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_every_city_badge_touches_its_own_city(
    name: str, size: tuple[int, int], camera: str
) -> None:
    """An Architect's builds round a colonist: each city with every city one route
    away lit with its price, the first starred by the hint (as ``hints.mark`` does)."""
    r = _renderer(name, size, camera)
    neighbours: dict[str, set[str]] = {slug: set() for slug in r.cities}
    for route in r.board.routes:
        a, b = slugify(route.a), slugify(route.b)
        neighbours[a].add(b)
        neighbours[b].add(a)
    faults: list[object] = []
    for slug in r.cities:
        lit = [s for s in [slug, *sorted(neighbours[slug])] if s != r.capital_slug]
        highlights: dict[object, str] = {s: "12s+BW" for s in lit}
        if lit:
            highlights[lit[0]] = "★2 12s+BW"
        faults += [(slug, *f) for f in _city_faults(r, highlights)]  # type: ignore[misc]
    assert faults == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_a_hint_star_by_the_board_edge_stays_in_the_pane(name: str, size: tuple[int, int]) -> None:
    """Each city in the outer fifth of the board starred alone, zoomed in on it: never
    cut at the pane's edge (found by hand: Olisipo's badge at the board's edge)."""
    r = _renderer(name, size, "zoomed")
    w, h = r.board.width, r.board.height
    edge = [
        (slug, city)
        for slug, city in r.cities.items()
        if min(city.x, w - city.x) < w / 5 or min(city.y, h - city.y) < h / 5
    ]
    assert len(edge) >= 5
    for slug, city in edge:
        r.camera.center_on((city.x, city.y))
        assert _city_faults(r, {slug: "★3 12s+BW"}) == [], slug


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_every_province_ring_is_inside_the_pane_at_fit_zoom(
    name: str, size: tuple[int, int]
) -> None:
    """Found by hand (Italia, 1920x1080): TRANSPADANA's ring was cut at the board's
    left edge."""
    r = _renderer(name, size, "fit")
    cut = [slug for slug, ring in bh.province_rings(r).items() if not r.viewport.contains(ring)]
    assert cut == []
