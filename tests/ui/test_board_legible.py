"""The board at its default (fit) zoom in the game's board pane: it fills the pane to
its aspect, names and pieces are big enough to read in a 1280x720 window and grow with
a bigger one (at 1920x1080 the board takes most of the height the bars leave, pieces
16 px and names 12 px at least), every province shows its name where it covers no
city, and sea routes look unlike roads."""

from __future__ import annotations

import itertools

import pygame
import pytest
from ui_helpers import board

from concordia.ui.game.layout import Layout
from concordia.ui.render import BoardRenderer, shapes
from concordia.ui.render import board_view as bv
from concordia.ui.render.palette import LAND_ROUTE, SEA_ROUTE_EDGE

pytestmark = pytest.mark.usefixtures("pygame_display")

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]


def _renderer(name: str, size: tuple[int, int]) -> BoardRenderer:
    k = max(0.85, min(1.5, min(size[0] / 1280, size[1] / 720)))  # as App._rescale
    pane = Layout.for_size(size, 5, k).board
    return BoardRenderer(board(name), pane)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_board_fills_its_pane_to_its_aspect(name: str, size: tuple[int, int]) -> None:
    r = _renderer(name, size)
    pane = r.viewport
    x0, y0 = r.camera.world_to_screen((0, 0))
    x1, y1 = r.camera.world_to_screen((r.board.width, r.board.height))
    drawn_w, drawn_h = x1 - x0, y1 - y0
    # One side touches the pane's edges, the other fits inside, centred.
    assert abs(drawn_w - pane.width) <= 1 or abs(drawn_h - pane.height) <= 1
    assert drawn_w <= pane.width + 1 and drawn_h <= pane.height + 1
    assert abs((x0 - pane.x) - (pane.right - x1)) <= 1
    assert abs((y0 - pane.y) - (pane.bottom - y1)) <= 1


def _drawn_height(draw: object, size: float) -> int:
    surface = pygame.Surface((80, 80))
    surface.fill((0, 0, 0))
    assert callable(draw)
    draw(surface, (40, 40), size, (200, 120, 40), "circle")
    rect = surface.get_bounding_rect()
    return rect.height


@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_names_and_pieces_are_legible_at_fit_zoom_in_1280x720(name: str) -> None:
    r = _renderer(name, (1280, 720))
    z = r.camera.zoom
    assert max(bv.NAME_MIN, round(bv.NAME_SIZE * z)) >= 11
    assert r.font_px(bv.NAME_SIZE, bv.NAME_MIN) >= 11
    r._label_layout()
    assert r._label_texts and all(n >= 11 for _, n in r._label_texts.values())
    house = r._px(bv.HOUSE, bv.HOUSE_MIN)
    colonist = r._px(bv.COLONIST, bv.COLONIST_MIN)
    assert _drawn_height(shapes.house, house) >= 12
    assert _drawn_height(shapes.land_colonist, colonist) >= 12
    assert _drawn_height(shapes.sea_colonist, colonist) >= 12


@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_the_board_grows_with_a_1920x1080_window(name: str) -> None:
    """Found by hand: at 1920x1080 the pieces were drawn 10-14 px and the city names
    at about 9-11 px, the floors of a 1280x720 window."""
    size = (1920, 1080)
    k = 1.5  # as App._rescale at 1920x1080
    lay = Layout.for_size(size, 5, k)
    r = _renderer(name, size)
    _, y0 = r.camera.world_to_screen((0, 0))
    _, y1 = r.camera.world_to_screen((r.board.width, r.board.height))
    left = size[1] - lay.top.height - lay.actions.height - lay.hand.height
    assert y1 - y0 >= 0.8 * left, (y1 - y0, left)
    assert r.font_px(bv.NAME_SIZE, bv.NAME_MIN) >= 12
    r._label_layout()
    assert r._label_texts and all(n >= 12 for _, n in r._label_texts.values())
    house = r._px(bv.HOUSE, bv.HOUSE_MIN)
    colonist = r._px(bv.COLONIST, bv.COLONIST_MIN)
    assert _drawn_height(shapes.house, house) >= 16
    assert _drawn_height(shapes.land_colonist, colonist) >= 16
    assert _drawn_height(shapes.sea_colonist, colonist) >= 16


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_every_province_name_shows_and_covers_no_city(name: str, size: tuple[int, int]) -> None:
    r = _renderer(name, size)
    layout = r._label_layout()
    hidden = [slug for slug, (rect, _) in layout.items() if rect is None]
    assert hidden == [], hidden
    font = r.text.font(r.font_px(bv.NAME_SIZE, bv.NAME_MIN), bold=True)
    cities: list[pygame.Rect] = []
    for slug, city in r.cities.items():
        cx, cy = r.city_pos(slug)
        rad = r.city_radius(slug)
        disc = pygame.Rect(0, 0, round(2 * rad), round(2 * rad))
        disc.center = (round(cx), round(cy))
        w, h = font.size(city.label or city.name)
        label = pygame.Rect(0, 0, w, h)
        label.midtop = (round(cx), round(cy + rad + 2))
        cities += [disc, label]
    names = [rect for rect, _ in layout.values() if rect is not None]
    for rect in names:
        assert rect.collidelist(cities) < 0, rect
        others = [o for o in names if o is not rect]
        assert rect.collidelist(others) < 0, rect


def test_land_and_sea_routes_differ_side_by_side() -> None:
    """Roma-Syracusae has both: the road is one unbroken brown band, the sea lane a
    chain of separate pale dots."""
    r = _renderer("imperium", (1280, 720))
    surface = pygame.Surface((1280, 720))
    r.draw(surface)

    def samples(kind: str) -> list[tuple[int, int, int]]:
        route = r.routes[(kind, "roma-syracusae")]
        out = []
        for i in range(30, 71):
            x, y = r.camera.world_to_screen(route.at(i / 100))
            red, green, blue, _ = surface.get_at((round(x), round(y)))
            out.append((red, green, blue))
        return out

    def near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        return sum(abs(p - q) for p, q in zip(a, b, strict=False)) < 60

    land = samples("land")
    sea = samples("sea")
    # (A name or a crossing may cover a little of the road.)
    assert sum(near(c, LAND_ROUTE) for c in land) >= 0.6 * len(land)
    assert sum(near(c, SEA_ROUTE_EDGE) for c in land) <= 0.1 * len(land)
    dots = [near(c, SEA_ROUTE_EDGE) for c in sea]
    assert 0.2 * len(sea) <= sum(dots) <= 0.8 * len(sea)  # dots and gaps
    runs = sum(1 for a, b in itertools.pairwise(dots) if a and not b)
    assert runs >= 3  # several separate dots, not one band
