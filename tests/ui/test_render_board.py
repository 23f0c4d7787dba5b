"""Board renderer: draws both boards headless, hit tests, zoom about the cursor, and the
background art lines up with the cities (every city sits on land)."""

from __future__ import annotations

from typing import Any

import pytest

from concordia.core.board import BoardSpec
from concordia.core.data import GOODS
from concordia.resources import resource_path

BOARDS = ("imperium", "italia")
SIZES = ((1280, 720), (1920, 1080))


class FakeState:
    """The part of GameState the renderer reads, with pieces everywhere."""

    def __init__(self, board: BoardSpec, num_players: int = 5) -> None:
        self.board = board
        self.num_players = num_players
        self.praefectus = 0
        cities = [c for c in board.cities if c.letter]
        self._goods = {c.slug: GOODS[i % len(GOODS)] for i, c in enumerate(cities)}
        self._houses = {
            c.slug: [s for s in range(num_players) if (i + s) % 3 == 0]
            for i, c in enumerate(cities)
        }
        capital = next(c.slug for c in board.cities if c.name == board.capital)
        land = [r.slug for r in board.routes if r.kind == "land"]
        sea = [r.slug for r in board.routes if r.kind == "sea"]
        self._cols = {
            s: [
                ("land", capital),
                ("sea", capital),
                ("land", land[s * 3 % len(land)]),
                ("sea", sea[s * 2 % len(sea)]),
                ("land", cities[s].slug),
            ]
            for s in range(num_players)
        }

    def city_good(self, city: str) -> str | None:
        return self._goods.get(city)

    def houses_in(self, city: str) -> list[int]:
        return self._houses.get(city, [])

    def marker_active(self, province: str) -> bool:
        return len(province) % 2 == 0

    def province_good(self, province: str) -> str:
        return GOODS[len(province) % len(GOODS)]

    def marker_coins(self, province: str) -> int:
        return 1 + len(province) % 3

    def colonists(self, seat: int) -> list[tuple[str, str]]:
        return self._cols[seat]


@pytest.fixture(scope="module")
def boards() -> dict[str, BoardSpec]:
    from concordia.maps import load_board

    return {name: load_board(name) for name in BOARDS}


def _renderer(pg: Any, board: BoardSpec, size: tuple[int, int]) -> Any:
    from concordia.ui.render import BoardRenderer

    return BoardRenderer(board, pg.Rect(0, 0, *size), time_source=lambda: 0.0)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("size", SIZES)
def test_draws_board_with_pieces(
    pygame_display: Any, boards: dict[str, BoardSpec], name: str, size: tuple[int, int]
) -> None:
    pg = pygame_display
    board = boards[name]
    renderer = _renderer(pg, board, size)
    surface = pg.Surface(size)
    route = board.routes[0]
    highlights = {
        board.cities[1].slug: "2 sest. + brick, wine",
        (route.kind, route.slug): "2",
        board.provinces[0].slug: "",
    }
    renderer.draw(surface, FakeState(board), highlights, hover=board.cities[2].slug)
    renderer.draw(surface, None)
    renderer.camera.wheel((size[0] // 2, size[1] // 2), 5)
    renderer.draw(surface, FakeState(board, 3), highlights)
    # Something was drawn over the whole viewport: the backdrop colour is not everywhere.
    assert surface.get_at((size[0] // 2, size[1] // 2))[:3] != (0, 0, 0)


@pytest.mark.parametrize("name", BOARDS)
def test_city_at_each_city(pygame_display: Any, boards: dict[str, BoardSpec], name: str) -> None:
    renderer = _renderer(pygame_display, boards[name], (1920, 1080))
    for city in boards[name].cities:
        hit = renderer.city_at(renderer.city_pos(city.slug))
        assert hit is not None and hit.slug == city.slug


@pytest.mark.parametrize("name", BOARDS)
def test_route_at_route_midpoint(
    pygame_display: Any, boards: dict[str, BoardSpec], name: str
) -> None:
    renderer = _renderer(pygame_display, boards[name], (1920, 1080))
    renderer.camera.wheel((960, 540), 0)
    for route in boards[name].routes:
        mid = renderer.route_midpoint(route.kind, route.slug)
        assert renderer.route_at(mid) == (route.kind, route.slug)


@pytest.mark.parametrize("name", BOARDS)
def test_province_at_label_and_near_city(
    pygame_display: Any, boards: dict[str, BoardSpec], name: str
) -> None:
    board = boards[name]
    renderer = _renderer(pygame_display, board, (1920, 1080))
    for province in board.provinces:
        hit = renderer.province_at(renderer.province_pos(province.slug))
        assert hit is not None and hit.slug == province.slug
    for city in board.cities:
        hit = renderer.province_at(renderer.city_pos(city.slug))
        assert (hit.name if hit else None) == city.province


def test_zoom_keeps_point_under_cursor(pygame_display: Any, boards: dict[str, BoardSpec]) -> None:
    renderer = _renderer(pygame_display, boards["imperium"], (1280, 720))
    cam = renderer.camera
    cursor = (700.0, 300.0)
    for notches in (3, 2, -1, 4):
        before = cam.screen_to_world(cursor)
        cam.wheel(cursor, notches)
        after = cam.screen_to_world(cursor)
        assert after == pytest.approx(before, abs=1e-6)
    cam.pan(-120, 40)
    cam.fit()
    assert cam.zoom == pytest.approx(cam.fit_zoom)


def test_viewport_resize_refits(pygame_display: Any, boards: dict[str, BoardSpec]) -> None:
    pg = pygame_display
    renderer = _renderer(pg, boards["italia"], (1280, 720))
    renderer.set_viewport(pg.Rect(100, 50, 1600, 900))
    assert renderer.camera.zoom == pytest.approx(min(1600 / 2400, 900 / 1600))
    surface = pg.Surface((1920, 1080))
    renderer.draw(surface, None)


@pytest.mark.parametrize("name", BOARDS)
def test_background_art_puts_every_city_on_land(
    pygame_display: Any, boards: dict[str, BoardSpec], name: str
) -> None:
    pg = pygame_display
    path = resource_path("assets", "boards", f"{name}.png")
    assert path.is_file()
    art = pg.image.load(str(path))
    assert art.get_size() == (2400, 1600)
    assert path.stat().st_size < 1_500_000
    for city in boards[name].cities:
        r, g, b = art.get_at((round(city.x), round(city.y)))[:3]
        # The art's sea is blue (b well above r); its land is parchment (r above b).
        assert r > b, f"{city.name} at ({city.x:.0f}, {city.y:.0f}) is on sea: {(r, g, b)}"
    # ... and the art does have sea: a point far out in the sea of each board.
    sea_points = {"imperium": (100, 900), "italia": (1400, 1200)}
    r, g, b = art.get_at(sea_points[name])[:3]
    assert b > r + 40


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize(
    "view", [(150, 120, 660, 440), (0, 0, 1280, 720), (160, 140, 750, 500), (0, 0, 1920, 1080)]
)
def test_province_names_never_cover_cities(
    pygame_display: Any, boards: dict[str, BoardSpec], name: str, view: tuple[int, int, int, int]
) -> None:
    """Zoomed out (the whole board in the game's board pane at 1280x720 or 1920x1080),
    names are drawn at their minimum sizes and some province names would cover a city
    or its name: those shrink or are left out, and their markers move to a free spot,
    so no province name or marker touches a city (regression: SYRIA over ANTIOCHIA)."""
    from concordia.ui.render import board_view as bv

    r = _renderer(pygame_display, boards[name], (1280, 720))
    r.set_viewport(pygame_display.Rect(*view))
    font = r.text.font(max(bv.NAME_MIN, round(bv.NAME_SIZE * r.camera.zoom)), bold=True)
    mr = r._px(bv.MARKER_R, bv.MARKER_R_MIN)
    for province, (name_rect, centre) in r._label_layout().items():
        marker = pygame_display.Rect(0, 0, round(2 * mr), round(2 * mr))
        marker.center = centre
        for slug, city in r.cities.items():
            cx, cy = r.camera.world_to_screen((city.x, city.y))
            rad = r.city_radius(slug)
            w, h = font.size(city.label or city.name)
            box = pygame_display.Rect(0, 0, w, h)
            box.midtop = (round(cx), round(cy + rad + max(2, round(rad / 8))))
            for what, rect in (("name", name_rect), ("marker", marker)):
                if rect is None:
                    continue  # a name left out at this zoom
                assert not rect.colliderect(box), f"{province} {what} covers {slug}'s name"
                assert rect.clipline((cx - rad, cy), (cx + rad, cy)) == (), (
                    f"{province} {what} covers {slug}"
                )
