"""Read a Tiled map (``maps/<board>.tmx``) into a :class:`~concordia.core.board.BoardSpec`.

This is the only module that knows Tiled's vocabulary and the only user of pytmx
outside the UI (importing pytmx imports pygame, so the core never imports this).
It uses ``pytmx.TiledMap(path)`` with the default image loader: no image file and no
display are needed.

Map schema (see the module ``concordia.tools.gen_maps`` that writes the base maps):

* map properties ``title`` (string), ``capital`` (string), optional ``min_players`` and
  ``max_players`` (int);
* image layer ``background`` (used by the UI only);
* object layer ``provinces``: point objects of type ``province``; Tiled name = province
  name; properties ``number`` (int) and ``label`` (string);
* object layer ``routes``: polyline objects of type ``land`` or ``sea``; properties ``a``
  and ``b`` (city names); the polyline runs from city ``a`` to city ``b``;
* object layer ``cities``: point objects of type ``city`` (properties ``letter``,
  ``province``, ``label``) and exactly one of type ``capital`` (property ``label``).

Every problem raises :class:`~concordia.core.errors.BoardError` naming the file and the
Tiled object (id and name).
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError

import pytmx  # type: ignore[import-untyped, unused-ignore]

from concordia.core.board import KINDS, BoardSpec, CitySpec, ProvinceSpec, RouteKind, RouteSpec
from concordia.core.data import CITY_TOKENS, MAX_PLAYERS, MIN_PLAYERS
from concordia.core.errors import BoardError
from concordia.resources import resource_path

LAYERS: tuple[str, ...] = ("provinces", "routes", "cities")
LAYER_TYPES: dict[str, tuple[str, ...]] = {
    "provinces": ("province",),
    "routes": KINDS,
    "cities": ("city", "capital"),
}
_NOUN = {"provinces": "province", "routes": "route", "cities": "city"}


def resolve_map(name_or_path: str | Path) -> Path:
    """``"imperium"`` -> the bundled ``maps/imperium.tmx``; anything else is a path."""
    if isinstance(name_or_path, str) and name_or_path.isidentifier():
        return resource_path("maps", f"{name_or_path}.tmx")
    return Path(name_or_path)


def load_board(name_or_path: str | Path) -> BoardSpec:
    """Load and validate a board.

    Args:
        name_or_path: a bundled board name (``"imperium"``, ``"italia"``) or the path
            of a ``.tmx`` file.

    Raises:
        BoardError: the file is missing, unreadable or inconsistent; the message names
            the file and the offending object.
    """
    path = resolve_map(name_or_path)
    return _Reader(path).read()


def _describe(layer: str, obj: Any) -> str:
    noun = _NOUN.get(layer, "object")
    text = f"{noun} object {obj.id}"
    if obj.name:
        text += f" {obj.name!r}"
    if layer == "routes" and obj.type:
        text += f" ({obj.type})"
    return text


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = str(path)

    def fail(self, message: str) -> BoardError:
        return BoardError(f"{self.file}: {message}")

    def read(self) -> BoardSpec:
        if not self.path.is_file():
            raise self.fail("map file not found")
        try:
            tm = pytmx.TiledMap(str(self.path))
        except ParseError as exc:
            raise self.fail(f"not a valid XML file ({exc})") from exc
        except ValueError as exc:  # includes pytmx's reserved property names
            raise self.fail(f"cannot read the map: {exc}") from exc
        except (OSError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise self.fail(f"cannot read the map: {type(exc).__name__}: {exc}") from exc
        except Exception as exc:  # pytmx raises a bare Exception (a missing tileset...)
            raise self.fail(f"cannot read the map: {exc}") from exc

        props: dict[str, Any] = dict(tm.properties)
        title = self.map_str(props, "title")
        capital = self.map_str(props, "capital")
        self.check_players(props)
        layers = {name: self.layer(tm, name) for name in LAYERS}

        provinces = self.read_provinces(layers["provinces"])
        cities, capital_obj = self.read_cities(layers["cities"], provinces, capital)
        routes = self.read_routes(layers["routes"], {c.name for c in cities})

        members: dict[str, list[str]] = {name: [] for name in provinces}
        for c in cities:
            if c.province is not None:
                members[c.province].append(c.name)
        province_specs: list[ProvinceSpec] = []
        for name, (obj, number, label) in provinces.items():
            if not members[name]:
                raise self.fail(f"{_describe('provinces', obj)} has no city")
            province_specs.append(
                ProvinceSpec(name, number, tuple(members[name]), float(obj.x), float(obj.y), label)
            )

        self.check_connected(layers["cities"], cities, routes, capital_obj)
        spec = BoardSpec(
            name=self.path.stem,
            title=title,
            cities=tuple(cities),
            provinces=tuple(province_specs),
            routes=tuple(routes),
            capital=capital,
            width=int(tm.width) * int(tm.tilewidth),
            height=int(tm.height) * int(tm.tileheight),
            source=self.file,
        )
        spec.validate()
        return spec

    # -- map level --------------------------------------------------------------------

    def map_str(self, props: dict[str, Any], key: str) -> str:
        value = props.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"map property {key!r} is missing or empty")
        return value

    def check_players(self, props: dict[str, Any]) -> None:
        counts: list[int] = []
        for key in ("min_players", "max_players"):
            if key not in props:
                continue
            value = props[key]
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or not MIN_PLAYERS <= value <= MAX_PLAYERS
            ):
                raise self.fail(
                    f"map property {key!r} must be an int from {MIN_PLAYERS} "
                    f"to {MAX_PLAYERS}, not {value!r}"
                )
            counts.append(value)
        if len(counts) == 2 and counts[0] > counts[1]:
            raise self.fail("map property 'min_players' is larger than 'max_players'")

    def layer(self, tm: Any, name: str) -> list[Any]:
        found = [layer for layer in tm.layers if getattr(layer, "name", None) == name]
        if not found:
            raise self.fail(f"missing object layer {name!r}")
        if len(found) > 1:
            raise self.fail(f"more than one layer named {name!r}")
        layer = found[0]
        if not isinstance(layer, pytmx.TiledObjectGroup):
            raise self.fail(f"layer {name!r} is not an object layer")
        objects = list(layer)
        allowed = LAYER_TYPES[name]
        for obj in objects:
            if not obj.type:
                raise self.fail(
                    f"{_describe(name, obj)} in layer {name!r} has no type "
                    f"(expected {' or '.join(allowed)})"
                )
            if obj.type not in allowed:
                raise self.fail(
                    f"{_describe(name, obj)} in layer {name!r} has unknown type "
                    f"{obj.type!r} (expected {' or '.join(allowed)})"
                )
        return objects

    def prop_str(self, layer: str, obj: Any, key: str) -> str:
        value = obj.properties.get(key)
        if value is None:
            raise self.fail(f"{_describe(layer, obj)} has no property {key!r}")
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{_describe(layer, obj)} has an empty property {key!r}")
        return value.strip()

    def need_name(self, layer: str, obj: Any) -> str:
        if not obj.name or not str(obj.name).strip():
            raise self.fail(f"{_describe(layer, obj)} has no name")
        return str(obj.name).strip()

    def need_point(self, layer: str, obj: Any) -> None:
        if getattr(obj, "width", 0) or getattr(obj, "height", 0) or hasattr(obj, "points"):
            raise self.fail(f"{_describe(layer, obj)} must be a point object")
        self.need_finite(layer, obj, ((obj.x, obj.y),))

    def need_finite(self, layer: str, obj: Any, points: Any) -> None:
        """Every coordinate a finite number (NaN or infinity would poison the drawing)."""
        for x, y in points:
            if not (math.isfinite(float(x)) and math.isfinite(float(y))):
                raise self.fail(f"{_describe(layer, obj)} has a coordinate that is not a number")

    # -- layers -----------------------------------------------------------------------

    def read_provinces(self, objects: list[Any]) -> dict[str, tuple[Any, int, str]]:
        provinces: dict[str, tuple[Any, int, str]] = {}
        numbers: dict[int, Any] = {}
        for obj in objects:
            name = self.need_name("provinces", obj)
            self.need_point("provinces", obj)
            if name in provinces:
                raise self.fail(
                    f"{_describe('provinces', obj)}: duplicate province name "
                    f"(also object {provinces[name][0].id})"
                )
            number = obj.properties.get("number")
            if number is None:
                raise self.fail(f"{_describe('provinces', obj)} has no property 'number'")
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                raise self.fail(
                    f"{_describe('provinces', obj)}: property 'number' must be a "
                    f"positive int, not {number!r}"
                )
            if number in numbers:
                raise self.fail(
                    f"{_describe('provinces', obj)}: duplicate province number "
                    f"{number} (also object {numbers[number].id})"
                )
            numbers[number] = obj
            label = (
                self.prop_str("provinces", obj, "label")
                if "label" in obj.properties
                else name.upper()
            )
            provinces[name] = (obj, number, label)
        return provinces

    def read_cities(
        self, objects: list[Any], provinces: dict[str, Any], capital: str
    ) -> tuple[list[CitySpec], Any]:
        cities: list[CitySpec] = []
        seen: dict[str, Any] = {}
        letters: Counter[str] = Counter()
        capital_obj: Any = None
        for obj in objects:
            name = self.need_name("cities", obj)
            self.need_point("cities", obj)
            key = " ".join(name.lower().split())
            if key in seen:
                raise self.fail(
                    f"{_describe('cities', obj)}: duplicate city name (also object {seen[key].id})"
                )
            seen[key] = obj
            label = (
                self.prop_str("cities", obj, "label") if "label" in obj.properties else name.upper()
            )
            if obj.type == "capital":
                if capital_obj is not None:
                    raise self.fail(
                        f"{_describe('cities', obj)}: second capital (also object {capital_obj.id})"
                    )
                if name != capital:
                    raise self.fail(
                        f"{_describe('cities', obj)}: the map property 'capital' names {capital!r}"
                    )
                for extra in ("letter", "province"):
                    if extra in obj.properties:
                        raise self.fail(
                            f"{_describe('cities', obj)}: the capital may not "
                            f"have a property {extra!r}"
                        )
                capital_obj = obj
                cities.append(CitySpec(name, None, None, float(obj.x), float(obj.y), label))
                continue
            letter = self.prop_str("cities", obj, "letter")
            province = self.prop_str("cities", obj, "province")
            if letter not in CITY_TOKENS:
                raise self.fail(
                    f"{_describe('cities', obj)} has letter {letter!r}, which has "
                    f"no city tokens (letters: {', '.join(CITY_TOKENS)})"
                )
            letters[letter] += 1
            tokens = sum(CITY_TOKENS[letter].values())
            if letters[letter] > tokens:
                raise self.fail(
                    f"{_describe('cities', obj)} is city number {letters[letter]} "
                    f"of letter {letter!r}, but there are only {tokens} "
                    f"{letter} tokens"
                )
            if province not in provinces:
                raise self.fail(
                    f"{_describe('cities', obj)} is in province {province!r}, which does not exist"
                )
            cities.append(CitySpec(name, letter, province, float(obj.x), float(obj.y), label))
        if capital_obj is None:
            raise self.fail(
                f"layer 'cities' has no object of type 'capital' (the map "
                f"property 'capital' names {capital!r})"
            )
        return cities, capital_obj

    def read_routes(self, objects: list[Any], cities: set[str]) -> list[RouteSpec]:
        routes: list[RouteSpec] = []
        seen: dict[tuple[str, frozenset[str]], Any] = {}
        for obj in objects:
            kind: RouteKind = "land" if obj.type == "land" else "sea"
            a = self.prop_str("routes", obj, "a")
            b = self.prop_str("routes", obj, "b")
            for end in (a, b):
                if end not in cities:
                    raise self.fail(f"{_describe('routes', obj)} leads to unknown city {end!r}")
            if a == b:
                raise self.fail(f"{_describe('routes', obj)} joins {a!r} to itself")
            key = (kind, frozenset((a, b)))
            if key in seen:
                raise self.fail(
                    f"{_describe('routes', obj)}: duplicate {kind} route "
                    f"{a}-{b} (also object {seen[key].id})"
                )
            seen[key] = obj
            raw = getattr(obj, "points", None) or ()
            points = tuple((float(p.x), float(p.y)) for p in raw)
            self.need_finite("routes", obj, points)
            routes.append(RouteSpec(kind, a, b, points))
        return routes

    def check_connected(
        self, objects: list[Any], cities: list[CitySpec], routes: list[RouteSpec], capital_obj: Any
    ) -> None:
        neighbours: dict[str, set[str]] = {c.name: set() for c in cities}
        for r in routes:
            neighbours[r.a].add(r.b)
            neighbours[r.b].add(r.a)
        start = str(capital_obj.name).strip()
        reached = {start}
        stack = [start]
        while stack:
            for nxt in neighbours[stack.pop()]:
                if nxt not in reached:
                    reached.add(nxt)
                    stack.append(nxt)
        for obj in objects:
            if str(obj.name).strip() not in reached:
                lost = len(cities) - len(reached)
                raise self.fail(
                    f"{_describe('cities', obj)} cannot be reached from {start!r} "
                    f"by any route ({lost} of {len(cities)} cities unreachable)"
                )
