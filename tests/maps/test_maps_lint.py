"""Lint every committed ``maps/*.tmx``: schema, counts, bounds and the reference graph."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import pytmx  # type: ignore[import-untyped, unused-ignore]

from concordia.core.board import BoardSpec
from concordia.maps import load_board

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
MAP_FILES = sorted(MAPS_DIR.glob("*.tmx"))
BOARDS = ("imperium", "italia")

Reference = Callable[[str], dict[str, Any]]

EXPECTED: dict[str, dict[str, Any]] = {
    "imperium": {
        "title": "Imperium",
        "cities": 30,
        "provinces": 12,
        "land": 44,
        "sea": 35,
        "letters": {"A": 7, "B": 8, "C": 10, "D": 5},
        "players": (3, 5),
    },
    "italia": {
        "title": "Italia",
        "cities": 25,
        "provinces": 11,
        "land": 40,
        "sea": 23,
        "letters": {"A": 7, "B": 8, "C": 10},
        "players": (2, 4),
    },
}
LAYER_ORDER = [
    ("imagelayer", "background"),
    ("objectgroup", "provinces"),
    ("objectgroup", "routes"),
    ("objectgroup", "cities"),
]

ids = [p.stem for p in MAP_FILES]


def test_the_base_boards_exist() -> None:
    assert {p.stem for p in MAP_FILES} >= set(BOARDS)


@pytest.fixture(params=MAP_FILES, ids=ids, scope="module")
def tmx(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


@pytest.fixture(scope="module")
def spec(tmx: Path) -> BoardSpec:
    return load_board(tmx)


def test_bare_name_loads_the_bundled_file() -> None:
    for board in BOARDS:
        spec = load_board(board)
        assert spec.name == board
        assert Path(spec.source).name == f"{board}.tmx"


def test_xml_schema(tmx: Path) -> None:
    root = ET.parse(tmx).getroot()
    assert root.tag == "map"
    assert root.get("version") == "1.10"
    assert root.get("orientation") == "orthogonal"
    assert root.get("infinite") == "0"
    layers = [
        (e.tag, e.get("name"))
        for e in root
        if e.tag in ("layer", "imagelayer", "objectgroup", "group")
    ]
    assert layers == LAYER_ORDER
    layer_ids = [int(e.get("id", "0")) for e in root if e.tag in ("imagelayer", "objectgroup")]
    assert len(set(layer_ids)) == len(layer_ids)
    assert int(root.get("nextlayerid", "0")) > max(layer_ids)
    object_ids = [int(o.get("id", "0")) for o in root.iter("object")]
    assert len(set(object_ids)) == len(object_ids)
    assert int(root.get("nextobjectid", "0")) > max(object_ids)
    for elem in root.iter():
        assert "class" not in elem.attrib, f"Tiled 1.9 class= on {elem.tag} {elem.attrib}"
    for group in root.iter("objectgroup"):
        for obj in group.iter("object"):
            assert obj.get("type"), obj.attrib
            shape = "polyline" if group.get("name") == "routes" else "point"
            assert obj.find(shape) is not None, f"object {obj.get('id')} is not a {shape}"


def test_map_properties(tmx: Path, spec: BoardSpec) -> None:
    tm = pytmx.TiledMap(str(tmx))
    assert set(tm.properties) >= {"title", "capital", "min_players", "max_players"}
    assert spec.title == tm.properties["title"]
    assert spec.capital == tm.properties["capital"] == "Roma"
    assert isinstance(tm.properties["min_players"], int)
    assert 2 <= tm.properties["min_players"] <= tm.properties["max_players"] <= 5
    exp = EXPECTED.get(tmx.stem)
    if exp:
        assert spec.title == exp["title"]
        assert (tm.properties["min_players"], tm.properties["max_players"]) == exp["players"]


def test_no_reserved_property_names(tmx: Path) -> None:
    """TOOLCHAIN 2.4: a custom property named like a pytmx attribute breaks loading."""
    tm = pytmx.TiledMap(str(tmx))
    elements: list[Any] = [tm, *tm.layers]
    for layer in tm.layers:
        if isinstance(layer, pytmx.TiledObjectGroup):
            elements.extend(layer)
    for elem in elements:
        for key in elem.properties:
            assert key not in vars(elem), (elem, key)
            assert not hasattr(type(elem), key), (elem, key)
            assert key != "name"


def test_pytmx_still_rejects_reserved_names(tmp_path: Path, tmx: Path) -> None:
    """The check above relies on this pytmx behaviour; fail loudly if it ever changes."""
    text = tmx.read_text(encoding="utf-8").replace(
        '<property name="label"',
        '<property name="visible" value="x"/>\n    <property name="label"',
        1,
    )
    broken = tmp_path / tmx.name
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="Reserved names"):
        pytmx.TiledMap(str(broken))


def test_counts(tmx: Path, spec: BoardSpec) -> None:
    exp = EXPECTED.get(tmx.stem)
    assert exp is not None, f"add the expected counts of {tmx.name} to EXPECTED"
    non_capital = [c for c in spec.cities if c.name != spec.capital]
    assert len(non_capital) == exp["cities"]
    assert len(spec.cities) == exp["cities"] + 1
    assert len(spec.provinces) == exp["provinces"]
    kinds = Counter(r.kind for r in spec.routes)
    assert kinds == {"land": exp["land"], "sea": exp["sea"]}
    assert Counter(c.letter for c in non_capital) == exp["letters"]
    assert sorted(p.number for p in spec.provinces) == list(range(1, exp["provinces"] + 1))


def test_names_unique_and_routes_join_two_cities(spec: BoardSpec) -> None:
    names = [c.name for c in spec.cities]
    assert len(set(names)) == len(names)
    assert len({c.slug for c in spec.cities}) == len(names)
    assert len({p.name for p in spec.provinces}) == len(spec.provinces)
    for r in spec.routes:
        assert r.a in names and r.b in names and r.a != r.b
    pairs = [(r.kind, frozenset((r.a, r.b))) for r in spec.routes]
    assert len(set(pairs)) == len(pairs)
    capital = next(c for c in spec.cities if c.name == spec.capital)
    assert capital.letter is None and capital.province is None


def test_connected(spec: BoardSpec) -> None:
    reached = {spec.capital}
    todo = [spec.capital]
    while todo:
        c = todo.pop()
        for r in spec.routes:
            for x, y in ((r.a, r.b), (r.b, r.a)):
                if x == c and y not in reached:
                    reached.add(y)
                    todo.append(y)
    assert reached == {c.name for c in spec.cities}


def test_everything_inside_the_map(tmx: Path, spec: BoardSpec) -> None:
    assert (spec.width, spec.height) == (2400, 1600) or tmx.stem not in EXPECTED

    def inside(x: float, y: float) -> bool:
        return 0 <= x <= spec.width and 0 <= y <= spec.height

    for c in spec.cities:
        assert inside(c.x, c.y), c
    for p in spec.provinces:
        assert inside(p.x, p.y), p
    for r in spec.routes:
        assert len(r.points) >= 2
        for x, y in r.points:
            assert inside(x, y), r


def test_routes_run_from_a_to_b(spec: BoardSpec) -> None:
    pos = {c.name: (c.x, c.y) for c in spec.cities}
    for r in spec.routes:
        assert math.dist(r.points[0], pos[r.a]) < 0.5, r
        assert math.dist(r.points[-1], pos[r.b]) < 0.5, r


def test_land_and_sea_routes_of_one_pair_do_not_overlap(spec: BoardSpec) -> None:
    by_pair: dict[frozenset[str], list[tuple[tuple[float, float], ...]]] = {}
    for r in spec.routes:
        by_pair.setdefault(frozenset((r.a, r.b)), []).append(r.points)
    for pair, lines in by_pair.items():
        if len(lines) == 2:
            assert lines[0] != lines[1], pair
            assert len(lines[0]) >= 3 or len(lines[1]) >= 3, pair


def test_background_image_exists(tmx: Path) -> None:
    root = ET.parse(tmx).getroot()
    image = root.find("imagelayer/image")
    assert image is not None
    source = (tmx.parent / image.get("source", "")).resolve()
    assert source.is_file(), source
    assert source.suffix == ".png"


@pytest.mark.parametrize("board", BOARDS)
def test_matches_reference_data(board: str, reference: Reference) -> None:
    ref = reference(board)
    spec = load_board(board)
    cities = {c.name: c for c in spec.cities}
    assert set(cities) == {c["name"] for c in ref["cities"]} | {ref["roma"]["name"]}
    for c in ref["cities"]:
        got = cities[c["name"]]
        assert (got.letter, got.province, got.label) == (
            c["letter"],
            c["province"],
            c["board_label"],
        )
        assert got.x == pytest.approx(c["x"] * 2400, abs=0.01)
        assert got.y == pytest.approx(c["y"] * 1600, abs=0.01)
    roma = cities[ref["roma"]["name"]]
    assert roma.label == ref["roma"]["board_label"]
    assert (roma.x, roma.y) == pytest.approx((ref["roma"]["x"] * 2400, ref["roma"]["y"] * 1600))
    provinces = {p.name: p for p in spec.provinces}
    assert {n: (p.number, p.label) for n, p in provinces.items()} == {
        p["name"]: (p["number"], p["board_label"]) for p in ref["provinces"]
    }
    for kind in ("land", "sea"):
        got_pairs = {frozenset((r.a, r.b)) for r in spec.routes if r.kind == kind}
        ref_pairs = {frozenset(pair) for pair in ref[f"{kind}_routes"]}
        assert got_pairs == ref_pairs, kind
