"""Snapshots: a whole position as JSON-safe data, versioned, validated on the way in.

A *snapshot* (:func:`state_to_dict`) holds a whole position, the board included, so
it can be restored without the map file. Loading never trusts its input: anything
malformed, foreign, newer or against the rules raises :class:`InvalidRecordError`
with a specific message. :func:`state_fields` reads a snapshot into the keyword
arguments of :class:`~concordia.core.state.GameState` (which builds the state) and
:func:`check_state` checks the rebuilt state; this module never imports the state.

Changing the format (for example a new field of ``GameState``): write the field in
:func:`state_to_dict`, read it in :func:`state_fields`, bump :data:`STATE_VERSION`
and add ``MIGRATIONS[old version]``, a function that turns an old snapshot into the
next version's (filling in the new field), with a test that loads an old snapshot.
Saves written by every earlier version then still load.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from concordia.core import data
from concordia.core.board import KINDS, BoardSpec, CitySpec, ProvinceSpec, RouteSpec
from concordia.core.data import CARD_BY_ID, CARDS, GOOD_INDEX, GOODS
from concordia.core.errors import ConcordiaError, InvalidRecordError
from concordia.core.phase import CONSUL, OVER, OVERFLOW, SENATOR, Phase
from concordia.core.player import Player

STATE_FORMAT = "concordia-state"
STATE_VERSION = 1
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)

# MIGRATIONS[v] turns a snapshot of version v into one of version v + 1 (see above).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


# ------------------------------------------------------------------ boards
def board_to_dict(board: BoardSpec) -> dict[str, Any]:
    return {
        "name": board.name,
        "title": board.title,
        "capital": board.capital,
        "width": board.width,
        "height": board.height,
        "cities": [
            {
                "name": c.name,
                "letter": c.letter,
                "province": c.province,
                "x": c.x,
                "y": c.y,
                "label": c.label,
            }
            for c in board.cities
        ],
        "provinces": [
            {
                "name": p.name,
                "number": p.number,
                "cities": list(p.cities),
                "x": p.x,
                "y": p.y,
                "label": p.label,
            }
            for p in board.provinces
        ],
        "routes": [
            {"kind": r.kind, "a": r.a, "b": r.b, "points": [list(pt) for pt in r.points]}
            for r in board.routes
        ],
    }


def board_from_dict(d: Any) -> BoardSpec:
    try:
        board = BoardSpec(
            name=_str(d["name"]),
            title=_str(d["title"]),
            capital=_str(d["capital"]),
            width=int(d["width"]),
            height=int(d["height"]),
            cities=tuple(
                CitySpec(
                    _str(c["name"]),
                    c["letter"],
                    c["province"],
                    float(c["x"]),
                    float(c["y"]),
                    _str(c["label"]),
                )
                for c in d["cities"]
            ),
            provinces=tuple(
                ProvinceSpec(
                    _str(p["name"]),
                    int(p["number"]),
                    tuple(_str(x) for x in p["cities"]),
                    float(p["x"]),
                    float(p["y"]),
                    _str(p["label"]),
                )
                for p in d["provinces"]
            ),
            routes=tuple(
                RouteSpec(
                    r["kind"],
                    _str(r["a"]),
                    _str(r["b"]),
                    tuple((float(x), float(y)) for x, y in r["points"]),
                )
                for r in d["routes"]
            ),
        )
        board.topology()
    except InvalidRecordError:
        raise
    except ConcordiaError as exc:
        raise InvalidRecordError(f"the saved board is broken: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecordError(f"the saved board is malformed ({_why(exc)})") from None
    return board


# ------------------------------------------------------------------ states
def state_to_dict(s: Any) -> dict[str, Any]:
    """A JSON-safe snapshot of a :class:`~concordia.core.state.GameState`."""
    topo = s.topo
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "board": board_to_dict(s.board),
        "num_players": s.num_players,
        "seed": s.seed,
        "step": s.step,
        "options": {"intermediate_scoring": s.intermediate_scoring, "no_goods": s.no_goods},
        "city_goods": {topo.city_slugs[c]: GOODS[g] for c, g in enumerate(s.city_goods) if g >= 0},
        "markers": {topo.province_slugs[i]: bool(m) for i, m in enumerate(s.markers)},
        "houses": {
            topo.city_slugs[c]: [p for p in range(s.num_players) if m >> p & 1]
            for c, m in enumerate(s.houses)
            if m
        },
        "players": [
            {
                "money": p.money,
                "goods": {GOODS[g]: p.goods[g] for g in range(len(GOODS))},
                "store": {"land": p.store[0], "sea": p.store[1]},
                "colonists": [[KINDS[k], s._loc_slug(loc)] for k, loc in p.cols],
                "houses_left": p.houses_left,
                "hand": [CARDS[c].id for c in p.hand],
                "discard": [CARDS[c].id for c in p.discard],
                "turns": p.turns,
            }
            for p in s.players
        ],
        "display": [None if c is None else CARDS[c].id for c in s.display],
        "deck": [CARDS[c].id for c in s.deck],
        "deck_hidden": s._deck_hidden,
        "praefectus": s.praefectus,
        "turn_player": s.turn_player,
        "phase": s.phase,
        "points": s.points,
        "concordia": s.concordia,
        "final_turns": s.final_turns,
        "card": CARDS[s._card].id,
        "traded": [GOODS[g] for g in s._traded],
        "bought": s._bought,
        "placed": s._placed,
        "overflow": list(s._overflow),
        "first_tribune": list(s._first_tribune),
    }


def migrate(d: Any) -> dict[str, Any]:
    """Check the format and version of a snapshot and bring it up to
    :data:`STATE_VERSION` through :data:`MIGRATIONS` (the input is not changed)."""
    if not isinstance(d, dict):
        raise InvalidRecordError("a saved game must be a JSON object")
    fmt = d.get("format")
    if fmt != STATE_FORMAT:
        raise InvalidRecordError(f"not a Concordia game snapshot (format {fmt!r})")
    version = d.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidRecordError("the snapshot has no valid version number")
    if version > STATE_VERSION:
        raise InvalidRecordError(
            f"the snapshot is from a newer version of the game "
            f"(format version {version}, this game reads up to "
            f"{STATE_VERSION})"
        )
    if version < 1:
        raise InvalidRecordError(f"unknown snapshot version {version}")
    doc: dict[str, Any] = d
    while version < STATE_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        if doc.get("version") != version:
            raise InvalidRecordError(f"migration to snapshot version {version} failed")
    return doc


def state_fields(d: Any, board: BoardSpec | None = None) -> dict[str, Any]:
    """Read and validate a snapshot into ``GameState``'s keyword arguments.
    ``board``, when given, is used instead of the saved copy if the two are equal (so
    states share one board object)."""
    d = migrate(d)
    saved_board = board_from_dict(d.get("board"))
    if board is not None and board_to_dict(board) == board_to_dict(saved_board):
        saved_board = board
    topo = saved_board.topology()
    try:
        # Read in the order of the format, so the first fault found is reported.
        f: dict[str, Any] = {"board": saved_board, "topo": topo}
        n = f["num_players"] = _int(
            d["num_players"], "num_players", data.MIN_PLAYERS, data.MAX_PLAYERS
        )
        f["seed"] = _int(d["seed"], "seed")
        f["step"] = _int(d["step"], "step", 0)
        opts = _dict(d["options"], "options")
        f["intermediate_scoring"] = _bool(opts.get("intermediate_scoring", False), "option")
        f["no_goods"] = _bool(opts.get("no_goods", False), "option")
        cg = _dict(d["city_goods"], "city_goods")
        goods = [-1] * topo.num_cities
        for c in range(topo.num_cities):
            slug = topo.city_slugs[c]
            if c == topo.capital:
                if slug in cg:
                    raise InvalidRecordError("the capital cannot have a city good")
                continue
            goods[c] = GOOD_INDEX[_good(cg.get(slug), f"city {slug}")]
        f["city_goods"] = tuple(goods)
        f["province_goods"] = tuple(
            max(goods[c] for c in cities) for cities in topo.province_cities
        )
        mk = _dict(d["markers"], "markers")
        f["markers"] = [_bool(mk.get(slug), f"marker {slug}") for slug in topo.province_slugs]
        houses = [0] * topo.num_cities
        for slug, seats in _dict(d["houses"], "houses").items():
            c = _city(topo, slug)
            if c == topo.capital:
                raise InvalidRecordError("no house may stand in the capital")
            for p in _list(seats, f"houses in {slug}"):
                seat = _int(p, f"house owner in {slug}", 0, n - 1)
                if houses[c] >> seat & 1:
                    raise InvalidRecordError(f"seat {seat} has two houses in {slug}")
                houses[c] |= 1 << seat
        f["houses"] = houses
        route_occ = f["route_occ"] = [0] * topo.num_routes
        pls = _list(d["players"], "players")
        if len(pls) != n:
            raise InvalidRecordError(f"{len(pls)} players saved for a {n}-player game")
        f["players"] = [_player(seat, pd, topo, houses, route_occ) for seat, pd in enumerate(pls)]
        if any(occ > 1 for occ in route_occ):
            raise InvalidRecordError("two colonists stand on one route")
        display = [None if c is None else _card(c) for c in _list(d["display"], "display")]
        if len(display) > data.DISPLAY_SIZE:
            raise InvalidRecordError("the display holds more than 7 cards")
        f["display"] = display
        f["deck"] = [_card(c) for c in _list(d["deck"], "deck")]
        f["_deck_hidden"] = _bool(d.get("deck_hidden", False), "deck_hidden")
        f["praefectus"] = _int(d["praefectus"], "praefectus", 0, n - 1)
        f["turn_player"] = _int(d["turn_player"], "turn_player", 0, n - 1)
        phase = d["phase"]
        if phase not in PHASES:
            raise InvalidRecordError(f"unknown phase {phase!r}")
        f["phase"] = Phase(phase)
        f["points"] = _int(d["points"], "points", 0, 2 * data.COLONISTS_PER_KIND)
        conc = d["concordia"]
        f["concordia"] = None if conc is None else _int(conc, "concordia", 0, n - 1)
        f["final_turns"] = _int(d["final_turns"], "final_turns", -1, n)
        f["_card"] = _card(d["card"])
        f["_traded"] = tuple(GOOD_INDEX[_good(g, "traded")] for g in _list(d["traded"], "traded"))
        f["_bought"] = _int(d["bought"], "bought", 0, 2)
        f["_placed"] = _int(d["placed"], "placed", 0, 2 * data.COLONISTS_PER_KIND)
        f["_overflow"] = [_int(x, "overflow", 0, n - 1) for x in _list(d["overflow"], "overflow")]
        ft = _list(d["first_tribune"], "first_tribune")
        if len(ft) != n:
            raise InvalidRecordError("first_tribune must have one entry per seat")
        f["_first_tribune"] = [None if v is None else _int(v, "first_tribune") for v in ft]
        return f
    except KeyError as exc:
        raise InvalidRecordError(f"the snapshot lacks the field {exc.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, InvalidRecordError):
            raise
        raise InvalidRecordError(f"the snapshot is malformed ({_why(exc)})") from None


def _player(seat: int, pd: Any, topo: Any, houses: list[int], route_occ: list[int]) -> Player:
    pd = _dict(pd, f"player {seat}")
    nc = topo.num_cities
    money = _int(pd["money"], f"money of seat {seat}", 0)
    gd = _dict(pd["goods"], f"goods of seat {seat}")
    goods = [_int(gd.get(g, 0), f"{g} of seat {seat}", 0) for g in GOODS]
    st = _dict(pd["store"], f"storehouse of seat {seat}")
    store = [
        _int(st.get(k, 0), f"{k} colonists of seat {seat}", 0, data.COLONISTS_PER_KIND)
        for k in KINDS
    ]
    cols = []
    for item in _list(pd["colonists"], f"colonists of seat {seat}"):
        kind, loc = _list(item, "colonist")
        if kind not in KINDS:
            raise InvalidRecordError(f"unknown colonist kind {kind!r}")
        k = KINDS.index(kind)
        if isinstance(loc, str) and loc in topo.city_by_slug:
            cols.append((k, topo.city_by_slug[loc]))
        elif isinstance(loc, str) and (k, loc) in topo.route_by_slug:
            r = topo.route_by_slug[(k, loc)]
            route_occ[r] += 1
            cols.append((k, nc + r))
        else:
            raise InvalidRecordError(
                f"{kind} colonist of seat {seat} stands on unknown place {loc!r}"
            )
    for k in (0, 1):
        if store[k] + sum(1 for kk, _ in cols if kk == k) > data.COLONISTS_PER_KIND:
            raise InvalidRecordError(
                f"seat {seat} has more than {data.COLONISTS_PER_KIND} {KINDS[k]} colonists"
            )
    houses_left = _int(pd["houses_left"], f"houses left of seat {seat}", 0, data.HOUSES_PER_PLAYER)
    built = sum(1 for m in houses if m >> seat & 1)
    if built + houses_left != data.HOUSES_PER_PLAYER:
        raise InvalidRecordError(
            f"seat {seat} has {built} houses on the board and "
            f"{houses_left} left, not "
            f"{data.HOUSES_PER_PLAYER} in all"
        )
    return Player(
        seat=seat,
        money=money,
        goods=goods,
        store=store,
        cols=sorted(cols),
        houses_left=houses_left,
        hand=sorted(_card(c) for c in _list(pd["hand"], "hand")),
        discard=[_card(c) for c in _list(pd["discard"], "discard")],
        turns=_int(pd["turns"], "turns", 0),
    )


def check_state(s: Any) -> None:
    """Rules a rebuilt state must satisfy (card counts, storehouses, phases)."""
    _check_cards(s)
    _check_consistency(s)


def _check_cards(s: Any) -> None:
    """Every card exists exactly as often as the game has it."""
    seen: dict[int, int] = {}
    for c in s.deck + [c for c in s.display if c is not None]:
        seen[c] = seen.get(c, 0) + 1
    for p in s.players:
        for c in p.hand + p.discard:
            seen[c] = seen.get(c, 0) + 1
    start = {
        CARD_BY_ID[c].index: data.STARTING_HAND.count(c) * s.num_players for c in data.STARTING_HAND
    }
    used_decks = set(data.DECKS[: max(2, s.num_players)])
    for card in CARDS:
        expected = start.get(card.index, 0)
        if card.deck is not None:
            expected = 1 if card.deck in used_decks else 0
        have = seen.get(card.index, 0)
        if card.deck is not None and have > expected:
            raise InvalidRecordError(f"card {card.id} appears {have} times")
        if card.deck is None and have != expected:
            raise InvalidRecordError(
                f"starting card {card.id} appears {have} times, expected {expected}"
            )
    total_sale = sum(1 for c in CARDS if c.deck in used_decks)
    have_sale = sum(v for k, v in seen.items() if CARDS[k].deck is not None)
    if have_sale != total_sale:
        raise InvalidRecordError(f"{have_sale} cards for sale are in play, expected {total_sale}")
    for p in s.players:
        if CARD_BY_ID["tribune"].index not in p.hand:
            raise InvalidRecordError(f"seat {p.seat} has no Tribune in hand")


def _check_consistency(s: Any) -> None:
    cap = data.STOREHOUSE_SPACES
    for p in s.players:
        if p.used_space() > cap and not (s.phase == OVERFLOW and p.seat in s._overflow):
            raise InvalidRecordError(
                f"seat {p.seat}'s storehouse holds {p.used_space()} items in {cap} spaces"
            )
    if s.phase == OVERFLOW and not s._overflow:
        raise InvalidRecordError("an overflow phase needs a seat to resolve it")
    if s.phase == OVER and s.concordia is None:
        raise InvalidRecordError("a finished game needs a Concordia card holder")
    if s.phase in (SENATOR, CONSUL) and None in s.display and s._bought == 0:
        raise InvalidRecordError("the display has a gap but nothing was bought")
    if s.phase not in (SENATOR, CONSUL) and None in s.display:
        raise InvalidRecordError("the display has a gap outside a Senator or Consul")
    if s.phase == Phase.ARCHITECT and s.points > len(s.players[s.turn_player].cols):
        raise InvalidRecordError("more movement points than colonists on the board")


# ------------------------------------------------------------------ helpers
def _why(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _str(x: Any) -> str:
    if not isinstance(x, str):
        raise InvalidRecordError(f"expected text, got {type(x).__name__}")
    return x


def _int(x: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise InvalidRecordError(f"{what} must be a whole number, not {x!r}")
    if (lo is not None and x < lo) or (hi is not None and x > hi):
        raise InvalidRecordError(f"{what} is out of range: {x}")
    return x


def _bool(x: Any, what: str) -> bool:
    if not isinstance(x, bool):
        raise InvalidRecordError(f"{what} must be true or false, not {x!r}")
    return x


def _dict(x: Any, what: str) -> dict[str, Any]:
    if not isinstance(x, dict):
        raise InvalidRecordError(f"{what} must be an object")
    return x


def _list(x: Any, what: str) -> list[Any]:
    if not isinstance(x, list):
        raise InvalidRecordError(f"{what} must be a list")
    return x


def _good(x: Any, what: str) -> str:
    if x not in GOOD_INDEX:
        raise InvalidRecordError(f"{what}: unknown good {x!r}")
    return str(x)


def _card(x: Any) -> int:
    if not isinstance(x, str) or x not in CARD_BY_ID:
        raise InvalidRecordError(f"unknown card {x!r}")
    return CARD_BY_ID[x].index


def _city(topo: Any, slug: Any) -> int:
    if not isinstance(slug, str) or slug not in topo.city_by_slug:
        raise InvalidRecordError(f"unknown city {slug!r}")
    return int(topo.city_by_slug[slug])
