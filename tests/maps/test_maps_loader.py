"""load_board(): the result for the real maps, and one BoardError per kind of broken map.

Each broken map is a mutated copy of a committed map written to tmp_path; the error
must name the file and the Tiled object (id and name).
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from concordia.core.errors import BoardError
from concordia.maps import load_board

Mutate = Callable[[str, Callable[[ET.Element], object]], Path]


# -- helpers over the XML tree ---------------------------------------------------------


def layer(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f"objectgroup[@name='{name}']")
    assert found is not None
    return found


def obj_named(root: ET.Element, name: str) -> ET.Element:
    for obj in root.iter("object"):
        if obj.get("name") == name:
            return obj
    raise AssertionError(name)


def prop(obj: ET.Element, key: str) -> ET.Element | None:
    return obj.find(f"properties/property[@name='{key}']")


def set_prop(obj: ET.Element, key: str, value: str) -> None:
    p = prop(obj, key)
    if p is None:
        props = obj.find("properties")
        if props is None:
            props = ET.SubElement(obj, "properties")
        p = ET.SubElement(props, "property", name=key)
    p.set("value", value)


def del_prop(obj: ET.Element, key: str) -> None:
    props = obj.find("properties")
    p = prop(obj, key)
    assert props is not None and p is not None
    props.remove(p)


def route(root: ET.Element, kind: str, a: str, b: str) -> ET.Element:
    for obj in layer(root, "routes"):
        p, q = prop(obj, "a"), prop(obj, "b")
        if (
            obj.get("type") == kind
            and p is not None
            and q is not None
            and {p.get("value"), q.get("value")} == {a, b}
        ):
            return obj
    raise AssertionError((kind, a, b))


def new_id(root: ET.Element) -> str:
    nid = root.get("nextobjectid", "1")
    root.set("nextobjectid", str(int(nid) + 1))
    return nid


def assert_names(err: pytest.ExceptionInfo[BoardError], path: Path, *parts: str) -> None:
    msg = str(err.value)
    assert msg.startswith(f"{path}:"), msg
    for part in parts:
        assert part in msg, f"{part!r} not in {msg!r}"


# -- the real maps ---------------------------------------------------------------------


def test_imperium_spec() -> None:
    spec = load_board("imperium")
    assert spec.name == "imperium" and spec.title == "Imperium" and spec.capital == "Roma"
    assert (spec.width, spec.height) == (2400, 1600)
    assert spec.source.endswith("imperium.tmx")
    roma = next(c for c in spec.cities if c.name == "Roma")
    assert roma.letter is None and roma.province is None and roma.label == "R·O·M·A"
    britannia = next(p for p in spec.provinces if p.name == "Britannia")
    assert britannia.number == 1 and britannia.label == "BRITANNIA"
    assert set(britannia.cities) == {"Isca Dumnoniorum", "Londinium"}
    lut = next(c for c in spec.cities if c.name == "Lutetia")
    assert (lut.letter, lut.province) == ("B", "Gallia")
    both = [r for r in spec.routes if {r.a, r.b} == {"Roma", "Syracusae"}]
    assert sorted(r.kind for r in both) == ["land", "sea"]
    topo = spec.topology()
    assert topo.num_cities == 31 and topo.num_routes == 79


def test_path_and_name_give_the_same_board(maps_dir: Path) -> None:
    by_name = load_board("italia")
    by_path = load_board(maps_dir / "italia.tmx")
    by_str = load_board(str(maps_dir / "italia.tmx"))
    assert by_name == by_path == by_str


def test_core_does_not_import_pytmx() -> None:
    import subprocess
    import sys

    code = (
        "import sys, concordia.core.board, concordia.core.data, concordia.core.errors; "
        "print('pytmx' in sys.modules or 'pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == "False"


# -- unreadable files ------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.tmx"
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "not found")


def test_missing_bundled_name() -> None:
    with pytest.raises(BoardError, match=r"atlantis\.tmx: map file not found"):
        load_board("atlantis")


def test_not_xml(tmp_path: Path) -> None:
    path = tmp_path / "junk.tmx"
    path.write_text("this is <not xml", encoding="utf-8")
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "XML")


def test_reserved_property_name(mutate: Mutate) -> None:
    path = mutate("imperium", lambda r: set_prop(obj_named(r, "Lutetia"), "name", "Paris"))
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "Reserved")


# -- structure -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["provinces", "routes", "cities"])
def test_missing_layer(mutate: Mutate, name: str) -> None:
    path = mutate("italia", lambda r: r.remove(layer(r, name)))
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"missing object layer {name!r}")


def test_layer_renamed_is_missing(mutate: Mutate) -> None:
    path = mutate("italia", lambda r: layer(r, "cities").set("name", "towns"))
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "missing object layer 'cities'")


def test_missing_map_property(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        props = root.find("properties")
        assert props is not None
        for p in list(props):
            if p.get("name") == "title":
                props.remove(p)

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "'title'")


def test_bad_player_count(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        p = root.find("properties/property[@name='max_players']")
        assert p is not None
        p.set("value", "9")

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "'max_players'")


def test_object_without_type(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Lutetia")
        oid = obj.get("id", "")
        del obj.attrib["type"]

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid} 'Lutetia'", "no type")


@pytest.mark.parametrize(
    ("name", "new_type"), [("Lutetia", "town"), ("Gallia", "city"), ("Roma", "province")]
)
def test_object_with_unknown_type(mutate: Mutate, name: str, new_type: str) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, name)
        oid = obj.get("id", "")
        obj.set("type", new_type)

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"object {oid} {name!r}", f"unknown type {new_type!r}")


def test_route_with_unknown_type(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = route(root, "land", "Ancona", "Hadria")
        oid = obj.get("id", "")
        obj.set("type", "air")

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"route object {oid} (air)", "unknown type 'air'")


def test_city_not_a_point(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        obj = obj_named(root, "Genua")
        point = obj.find("point")
        assert point is not None
        obj.remove(point)
        obj.set("width", "20")
        obj.set("height", "20")

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "city object", "'Genua'", "point")


# -- properties ------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["letter", "province"])
@pytest.mark.parametrize("empty", [False, True])
def test_city_missing_or_empty_property(mutate: Mutate, key: str, empty: bool) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Massilia")
        oid = obj.get("id", "")
        if empty:
            set_prop(obj, key, " ")
        else:
            del_prop(obj, key)

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid} 'Massilia'", repr(key))


@pytest.mark.parametrize("key", ["a", "b"])
@pytest.mark.parametrize("empty", [False, True])
def test_route_missing_or_empty_property(mutate: Mutate, key: str, empty: bool) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = route(root, "sea", "Genua", "Nicaea")
        oid = obj.get("id", "")
        if empty:
            set_prop(obj, key, "")
        else:
            del_prop(obj, key)

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"route object {oid} (sea)", repr(key))


def test_province_missing_number(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Hellas")
        oid = obj.get("id", "")
        del_prop(obj, "number")

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"province object {oid} 'Hellas'", "'number'")


def test_province_number_not_int(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        p = prop(obj_named(root, "Hellas"), "number")
        assert p is not None
        del p.attrib["type"]  # becomes a string property

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "province object", "'Hellas'", "'number'")


def test_object_without_name(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Petra")
        oid = obj.get("id", "")
        del obj.attrib["name"]

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid}", "no name")


# -- consistency -----------------------------------------------------------------------


def test_duplicate_city_name(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Lutetia")
        oid = obj.get("id", "")
        obj.set("name", "Londinium")

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid} 'Londinium'", "duplicate city name")


def test_duplicate_province(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        obj = copy.deepcopy(obj_named(root, "Hellas"))
        obj.set("id", new_id(root))
        set_prop(obj, "number", "99")
        layer(root, "provinces").append(obj)

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "province object", "'Hellas'", "duplicate province")


@pytest.mark.parametrize("end", ["a", "b"])
def test_route_to_unknown_city(mutate: Mutate, end: str) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = route(root, "land", "Aquileia", "Roma")
        oid = obj.get("id", "")
        p = prop(obj, end)
        assert p is not None
        p.set("value", "Romaa" if p.get("value") == "Roma" else "Aquileiaa")

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"route object {oid} (land) leads to unknown city")


def test_route_to_itself(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = route(root, "sea", "Carthago", "Roma")
        oid = obj.get("id", "")
        set_prop(obj, "a", "Roma")
        set_prop(obj, "b", "Roma")

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"route object {oid} (sea)", "to itself")


@pytest.mark.parametrize("swap", [False, True])
def test_duplicate_route(mutate: Mutate, swap: bool) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = copy.deepcopy(route(root, "land", "Cosa", "Roma"))
        oid = new_id(root)
        obj.set("id", oid)
        if swap:
            set_prop(obj, "a", "Roma")
            set_prop(obj, "b", "Cosa")
        layer(root, "routes").append(obj)

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"route object {oid} (land)", "duplicate land route")


def test_land_and_sea_route_of_one_pair_is_fine(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        obj = copy.deepcopy(route(root, "land", "Casinum", "Roma"))
        obj.set("id", new_id(root))
        obj.set("type", "sea")
        layer(root, "routes").append(obj)

    spec = load_board(mutate("italia", fn))
    assert len(spec.routes) == 64


def test_city_in_unknown_province(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Cosa")
        oid = obj.get("id", "")
        set_prop(obj, "province", "Atlantis")

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid} 'Cosa'", "'Atlantis'", "does not exist")


def test_province_without_cities(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = copy.deepcopy(obj_named(root, "Hellas"))
        oid = new_id(root)
        obj.set("id", oid)
        obj.set("name", "Atlantis")
        set_prop(obj, "number", "13")
        layer(root, "provinces").append(obj)

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"province object {oid} 'Atlantis'", "has no city")


def test_letter_without_tokens(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        obj = obj_named(root, "Cosa")
        oid = obj.get("id", "")
        set_prop(obj, "letter", "E")

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid} 'Cosa'", "'E'")


def test_more_cities_than_tokens_of_a_letter(mutate: Mutate) -> None:
    # Imperium already has the 5 D cities; one more D city is one too many.
    def fn(root: ET.Element) -> None:
        set_prop(obj_named(root, "Alexandria"), "letter", "D")

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "city object", "only 5 D tokens")


def test_graph_not_connected(mutate: Mutate) -> None:
    oid = ""

    def fn(root: ET.Element) -> None:
        nonlocal oid
        oid = obj_named(root, "Petra").get("id", "")
        routes = layer(root, "routes")
        for obj in list(routes):
            ends = {p.get("value") for p in obj.iter("property")}
            if "Petra" in ends:
                routes.remove(obj)

    path = mutate("imperium", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, f"city object {oid} 'Petra'", "cannot be reached")


def test_no_capital(mutate: Mutate) -> None:
    path = mutate("italia", lambda r: layer(r, "cities").remove(obj_named(r, "Roma")))
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "capital")


def test_capital_with_letter(mutate: Mutate) -> None:
    path = mutate("italia", lambda r: set_prop(obj_named(r, "Roma"), "letter", "A"))
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "city object", "'Roma'", "'letter'")


def test_capital_property_names_another_city(mutate: Mutate) -> None:
    def fn(root: ET.Element) -> None:
        p = root.find("properties/property[@name='capital']")
        assert p is not None
        p.set("value", "Cosa")

    path = mutate("italia", fn)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert_names(err, path, "city object", "'Roma'", "'Cosa'")
