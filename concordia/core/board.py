"""The static description of a board: cities, provinces and routes.

A :class:`BoardSpec` is built once (by :func:`concordia.maps.load_board` from a Tiled
map) and shared by reference between every game state that uses the board. It is
never copied or mutated. :meth:`BoardSpec.topology` compiles the integer indices and
route distances the rules need, once per board.

Ids used in action notation are *slugs*: lower case, spaces replaced by ``_``
(``"Isca Dumnoniorum"`` -> ``"isca_dumnoniorum"``). A route is named by its kind and
its two city slugs in alphabetical order (``"land"``, ``"aquileia-roma"``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal

from concordia.core.data import CITY_TOKENS
from concordia.core.errors import BoardError

RouteKind = Literal["land", "sea"]
KINDS: tuple[RouteKind, RouteKind] = ("land", "sea")


def slugify(name: str) -> str:
    """Return the notation id of a city or province name.

    >>> slugify("Isca Dumnoniorum")
    'isca_dumnoniorum'
    """
    return "_".join(name.lower().split())


@dataclass(frozen=True, slots=True)
class CitySpec:
    """A city on the board. Roma has ``letter is None`` and ``province is None``."""

    name: str
    letter: str | None
    province: str | None
    x: float = 0.0
    y: float = 0.0
    label: str = ""

    @property
    def slug(self) -> str:
        return slugify(self.name)


@dataclass(frozen=True, slots=True)
class ProvinceSpec:
    """A province: its name, roman numeral number and the names of its cities."""

    name: str
    number: int
    cities: tuple[str, ...]
    x: float = 0.0
    y: float = 0.0
    label: str = ""

    @property
    def slug(self) -> str:
        return slugify(self.name)


@dataclass(frozen=True, slots=True)
class RouteSpec:
    """A land or sea route between two cities (``a`` and ``b`` are city names).

    ``points`` is the polyline used for drawing (map pixels), possibly empty.
    """

    kind: RouteKind
    a: str
    b: str
    points: tuple[tuple[float, float], ...] = ()

    @property
    def slug(self) -> str:
        sa, sb = sorted((slugify(self.a), slugify(self.b)))
        return f"{sa}-{sb}"


@dataclass(frozen=True)
class BoardSpec:
    """A whole board. ``cities`` includes the capital (Roma).

    Args:
        name: short id, e.g. ``"imperium"``.
        title: display name, e.g. ``"Imperium"``.
        capital: name of the start city (Roma).
        width, height: size of the map in pixels (for drawing).
        source: where the board was read from (for error messages).
    """

    name: str
    title: str
    cities: tuple[CitySpec, ...]
    provinces: tuple[ProvinceSpec, ...]
    routes: tuple[RouteSpec, ...]
    capital: str = "Roma"
    width: int = 0
    height: int = 0
    source: str = ""
    _topology: Topology | None = field(default=None, repr=False, compare=False)

    def topology(self) -> Topology:
        """The compiled indices of this board (computed once, then cached)."""
        topo = self._topology
        if topo is None:
            topo = Topology(self)
            object.__setattr__(self, "_topology", topo)
        return topo

    def validate(self) -> None:
        """Raise :class:`BoardError` naming the first inconsistency found."""
        Topology(self)


class Topology:
    """Integer indices and precomputed distances for one board (read-only).

    Cities are indexed in ``BoardSpec.cities`` order, routes in ``BoardSpec.routes``
    order and provinces in ``BoardSpec.provinces`` order.
    """

    def __init__(self, spec: BoardSpec) -> None:
        where = f" in {spec.source}" if spec.source else ""
        names = [c.name for c in spec.cities]
        slugs = [c.slug for c in spec.cities]
        for i, n in enumerate(names):
            if names.index(n) != i or slugs.index(slugs[i]) != i:
                raise BoardError(f"duplicate city name {n!r}{where}")
            if "-" in slugs[i] or ":" in slugs[i]:
                raise BoardError(f"city name {n!r}{where} may not contain '-' or ':'")
        self.city_index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.city_by_slug: dict[str, int] = {s: i for i, s in enumerate(slugs)}
        self.city_names: tuple[str, ...] = tuple(names)
        self.city_slugs: tuple[str, ...] = tuple(slugs)
        if spec.capital not in self.city_index:
            raise BoardError(f"capital {spec.capital!r} is not a city{where}")
        self.capital: int = self.city_index[spec.capital]
        self.num_cities = len(names)

        prov_names = [p.name for p in spec.provinces]
        if len(set(prov_names)) != len(prov_names):
            raise BoardError(f"duplicate province name{where}")
        self.province_index: dict[str, int] = {n: i for i, n in enumerate(prov_names)}
        self.province_by_slug: dict[str, int] = {p.slug: i for i, p in enumerate(spec.provinces)}
        self.province_slugs: tuple[str, ...] = tuple(p.slug for p in spec.provinces)
        self.num_provinces = len(prov_names)
        city_province = [-1] * len(names)
        for c in spec.cities:
            if c.name == spec.capital:
                continue
            if c.province is None or c.province not in self.province_index:
                raise BoardError(f"city {c.name!r}{where} has unknown province {c.province!r}")
            if not c.letter:
                raise BoardError(f"city {c.name!r}{where} has no letter")
            city_province[self.city_index[c.name]] = self.province_index[c.province]
        per_letter: dict[str, int] = {}
        for c in spec.cities:
            if c.name == spec.capital:
                if c.letter is not None or c.province is not None:
                    raise BoardError(f"the capital {c.name!r}{where} takes no letter or province")
                continue
            tokens = CITY_TOKENS.get(c.letter or "")
            if tokens is None:
                raise BoardError(
                    f"city {c.name!r}{where} has letter {c.letter!r}; "
                    f"the city tokens are {', '.join(sorted(CITY_TOKENS))}"
                )
            per_letter[c.letter or ""] = per_letter.get(c.letter or "", 0) + 1
            if per_letter[c.letter or ""] > sum(tokens.values()):
                raise BoardError(
                    f"more cities with letter {c.letter}{where} than the "
                    f"{sum(tokens.values())} tokens of that letter"
                )
        self.city_province: tuple[int, ...] = tuple(city_province)
        self.city_letter: tuple[str | None, ...] = tuple(c.letter for c in spec.cities)
        province_cities: list[list[int]] = [[] for _ in prov_names]
        for ci, pi in enumerate(city_province):
            if pi >= 0:
                province_cities[pi].append(ci)
        for pi, p in enumerate(spec.provinces):
            listed = sorted(self.city_index.get(n, -1) for n in p.cities)
            if p.cities and listed != sorted(province_cities[pi]):
                raise BoardError(
                    f"province {p.name!r}{where} lists cities {p.cities!r} "
                    "that do not match the cities' province property"
                )
            if not province_cities[pi]:
                raise BoardError(f"province {p.name!r}{where} has no city")
        self.province_cities: tuple[tuple[int, ...], ...] = tuple(
            tuple(cs) for cs in province_cities
        )

        # Routes: kind 0 = land, 1 = sea.
        self.num_routes = len(spec.routes)
        route_kind: list[int] = []
        route_ends: list[tuple[int, int]] = []
        seen: set[tuple[int, str]] = set()
        self.route_by_slug: dict[tuple[int, str], int] = {}
        for ri, r in enumerate(spec.routes):
            if r.kind not in KINDS:
                raise BoardError(f"route {r.a}-{r.b}{where} has unknown kind {r.kind!r}")
            for end in (r.a, r.b):
                if end not in self.city_index:
                    raise BoardError(
                        f"{r.kind} route {r.a}-{r.b}{where} leads to unknown city {end!r}"
                    )
            if r.a == r.b:
                raise BoardError(f"{r.kind} route {r.a}-{r.b}{where} joins a city to itself")
            k = KINDS.index(r.kind)
            key = (k, r.slug)
            if key in seen:
                raise BoardError(f"duplicate {r.kind} route {r.a}-{r.b}{where}")
            seen.add(key)
            self.route_by_slug[key] = ri
            route_kind.append(k)
            route_ends.append((self.city_index[r.a], self.city_index[r.b]))
        self.route_kind: tuple[int, ...] = tuple(route_kind)
        self.route_ends: tuple[tuple[int, int], ...] = tuple(route_ends)
        self.route_slugs: tuple[str, ...] = tuple(r.slug for r in spec.routes)
        # city -> kind -> routes
        city_routes: list[tuple[list[int], list[int]]] = [([], []) for _ in names]
        for ri, (a, b) in enumerate(route_ends):
            city_routes[a][route_kind[ri]].append(ri)
            city_routes[b][route_kind[ri]].append(ri)
        self.city_routes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (tuple(la), tuple(se)) for la, se in city_routes
        )
        self._check_connected(where)
        # Distances between routes of the same kind: a step crosses a city onto the
        # next route of the same kind (rulebook, Architect).
        self.route_dist: tuple[tuple[int, ...], ...] = tuple(
            self._bfs_routes(r) for r in range(self.num_routes)
        )
        # From a colonist standing in a city: the first step enters an adjacent route.
        cd: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        inf = 1 << 20
        for ci in range(self.num_cities):
            per_kind: list[tuple[int, ...]] = []
            for k in (0, 1):
                best = [inf] * self.num_routes
                for r0 in city_routes[ci][k]:
                    row = self.route_dist[r0]
                    for ri in range(self.num_routes):
                        if row[ri] + 1 < best[ri]:
                            best[ri] = row[ri] + 1
                per_kind.append(tuple(best))
            cd.append((per_kind[0], per_kind[1]))
        self.city_dist: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(cd)
        self.routes_of_kind: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(r for r in range(self.num_routes) if route_kind[r] == 0),
            tuple(r for r in range(self.num_routes) if route_kind[r] == 1),
        )

    def _bfs_routes(self, start: int) -> tuple[int, ...]:
        inf = 1 << 20
        dist = [inf] * self.num_routes
        dist[start] = 0
        k = self.route_kind[start]
        queue = deque([start])
        while queue:
            r = queue.popleft()
            for city in self.route_ends[r]:
                for nxt in self.city_routes[city][k]:
                    if dist[nxt] == inf:
                        dist[nxt] = dist[r] + 1
                        queue.append(nxt)
        return tuple(dist)

    def _check_connected(self, where: str) -> None:
        seen = {self.capital}
        stack = [self.capital]
        while stack:
            c = stack.pop()
            for k in (0, 1):
                for r in self.city_routes[c][k]:
                    for d in self.route_ends[r]:
                        if d not in seen:
                            seen.add(d)
                            stack.append(d)
        if len(seen) != self.num_cities:
            missing = sorted(self.city_names[c] for c in range(self.num_cities) if c not in seen)
            raise BoardError(
                f"cities {missing}{where} cannot be reached from {self.city_names[self.capital]}"
            )
