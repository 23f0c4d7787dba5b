"""Generate the board maps ``maps/<board>.tmx`` from the reference JSON data.

Run from the repository root::

    python -m concordia.tools.gen_maps                      # reads ../shared/reference/concordia
    python -m concordia.tools.gen_maps --reference tests/maps/data
    python -m concordia.tools.gen_maps --test-data tests/maps/data   # also write trimmed copies

The committed ``.tmx`` files are the single source of truth afterwards: the game never
reads the JSON. The generator only reads the keys kept by :func:`trim`, so it accepts
either the full reference folder or the trimmed copy under ``tests/maps/data``.

It also writes a flat placeholder background ``assets/boards/<board>.png`` when that
file does not exist yet (real board art replaces it later; the file name stays).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from concordia.resources import resource_root

BOARDS: tuple[str, ...] = ("imperium", "italia")
TILE = 16
WIDTH_PX = 2400
HEIGHT_PX = 1600
SEA_BLUE = (38, 86, 132)
# Half the gap between a land and a sea route joining the same two cities (pixels).
BEND_PX = 14.0
# Province labels sit this far above the centroid of their cities (pixels).
LABEL_LIFT_PX = 40.0
LABEL_MARGIN_PX = 24.0

DEFAULT_REFERENCE = Path("..") / "shared" / "reference" / "concordia"


def load_data(folder: Path, board: str) -> dict[str, Any]:
    """Read ``<folder>/<board>.json`` (reference file or trimmed test copy)."""
    with (folder / f"{board}.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def trim(data: dict[str, Any]) -> dict[str, Any]:
    """The subset of a reference board file that the generator and the tests use."""
    roma = data["roma"]
    return {
        "_note": "Trimmed copy of the project reference data, written by "
        "`python -m concordia.tools.gen_maps --test-data`. Do not edit by hand.",
        "map": data["map"],
        "players_recommended": data["players_recommended"],
        "provinces": [
            {"number": p["number"], "name": p["name"], "board_label": p["board_label"]}
            for p in data["provinces"]
        ],
        "roma": {
            "name": roma["name"],
            "board_label": roma["board_label"],
            "x": roma["x"],
            "y": roma["y"],
        },
        "cities": [
            {
                "name": c["name"],
                "board_label": c["board_label"],
                "letter": c["letter"],
                "province": c["province"],
                "x": c["x"],
                "y": c["y"],
            }
            for c in data["cities"]
        ],
        "land_routes": [list(r) for r in data["land_routes"]],
        "sea_routes": [list(r) for r in data["sea_routes"]],
    }


def _num(v: float) -> str:
    """Format a coordinate the way Tiled does: no trailing zeros, at most 2 decimals."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _prop(name: str, value: str | int) -> str:
    if isinstance(value, int):
        return f'<property name="{name}" type="int" value="{value}"/>'
    return f"<property name={quoteattr(name)} value={quoteattr(value)}/>"


def _props(indent: str, props: dict[str, str | int]) -> list[str]:
    lines = [f"{indent}<properties>"]
    for k in sorted(props):
        lines.append(f"{indent} {_prop(k, props[k])}")
    lines.append(f"{indent}</properties>")
    return lines


def _players(text: str) -> tuple[int, int]:
    lo, _, hi = str(text).partition("-")
    return int(lo), int(hi or lo)


def render_tmx(data: dict[str, Any], board: str) -> str:
    """The full text of ``maps/<board>.tmx`` for one board's reference data."""
    roma = data["roma"]
    pos: dict[str, tuple[float, float]] = {
        roma["name"]: (roma["x"] * WIDTH_PX, roma["y"] * HEIGHT_PX)
    }
    for c in data["cities"]:
        pos[c["name"]] = (c["x"] * WIDTH_PX, c["y"] * HEIGHT_PX)
    lo, hi = _players(data["players_recommended"])

    next_id = 1
    provinces: list[str] = []
    for p in sorted(data["provinces"], key=lambda p: int(p["number"])):
        members = [pos[c["name"]] for c in data["cities"] if c["province"] == p["name"]]
        cx = sum(x for x, _ in members) / max(1, len(members))
        cy = sum(y for _, y in members) / max(1, len(members)) - LABEL_LIFT_PX
        cx = min(max(cx, LABEL_MARGIN_PX), WIDTH_PX - LABEL_MARGIN_PX)
        cy = min(max(cy, LABEL_MARGIN_PX), HEIGHT_PX - LABEL_MARGIN_PX)
        provinces += _object(
            next_id,
            p["name"],
            "province",
            cx,
            cy,
            {"number": int(p["number"]), "label": p["board_label"]},
            "   <point/>",
        )
        next_id += 1

    land = [tuple(r) for r in data["land_routes"]]
    sea = [tuple(r) for r in data["sea_routes"]]
    both = {frozenset(r) for r in land} & {frozenset(r) for r in sea}
    routes: list[str] = []
    for kind, pairs in (("land", land), ("sea", sea)):
        for a, b in pairs:
            (ax, ay), (bx, by) = pos[a], pos[b]
            pts = [(0.0, 0.0)]
            if frozenset((a, b)) in both:
                dx, dy = bx - ax, by - ay
                length = math.hypot(dx, dy) or 1.0
                side = BEND_PX if kind == "land" else -BEND_PX
                pts.append((dx / 2 - dy / length * side, dy / 2 + dx / length * side))
            pts.append((bx - ax, by - ay))
            shape = '   <polyline points="{}"/>'.format(
                " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)
            )
            routes += _object(next_id, "", kind, ax, ay, {"a": a, "b": b}, shape)
            next_id += 1

    cities: list[str] = []
    rx, ry = pos[roma["name"]]
    cities += _object(
        next_id, roma["name"], "capital", rx, ry, {"label": roma["board_label"]}, "   <point/>"
    )
    next_id += 1
    for c in data["cities"]:
        x, y = pos[c["name"]]
        cities += _object(
            next_id,
            c["name"],
            "city",
            x,
            y,
            {"letter": c["letter"], "province": c["province"], "label": c["board_label"]},
            "   <point/>",
        )
        next_id += 1

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{WIDTH_PX // TILE}" height="{HEIGHT_PX // TILE}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="5" '
        f'nextobjectid="{next_id}">',
        *_props(
            " ",
            {
                "title": str(data["map"]),
                "capital": str(roma["name"]),
                "min_players": lo,
                "max_players": hi,
            },
        ),
        ' <imagelayer id="1" name="background">',
        f'  <image source="../assets/boards/{board}.png" width="{WIDTH_PX}" height="{HEIGHT_PX}"/>',
        " </imagelayer>",
        ' <objectgroup id="2" name="provinces">',
        *provinces,
        " </objectgroup>",
        ' <objectgroup id="3" name="routes">',
        *routes,
        " </objectgroup>",
        ' <objectgroup id="4" name="cities">',
        *cities,
        " </objectgroup>",
        "</map>",
    ]
    return "\n".join(lines) + "\n"


def _object(
    oid: int, name: str, otype: str, x: float, y: float, props: dict[str, str | int], shape: str
) -> list[str]:
    name_attr = f" name={quoteattr(name)}" if name else ""
    return [
        f'  <object id="{oid}"{name_attr} type="{otype}" x="{_num(x)}" y="{_num(y)}">',
        *_props("   ", props),
        shape,
        "  </object>",
    ]


def write_background(path: Path) -> bool:
    """Write a flat sea-blue placeholder image unless ``path`` exists. True if written."""
    if path.exists():
        return False
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # only the generator needs pygame, and only here

    path.parent.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface((WIDTH_PX, HEIGHT_PX))
    surface.fill(SEA_BLUE)
    pygame.image.save(surface, str(path))
    return True


def main(argv: list[str] | None = None) -> int:
    root = resource_root()
    parser = argparse.ArgumentParser(
        prog="python -m concordia.tools.gen_maps",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    parser.add_argument(
        "--reference",
        type=Path,
        default=root / DEFAULT_REFERENCE,
        help="folder with imperium.json and italia.json (reference data "
        "or the trimmed tests/maps/data copy)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=root,
        help="folder that receives maps/ and assets/boards/ (repo root)",
    )
    parser.add_argument(
        "--test-data",
        type=Path,
        default=None,
        metavar="DIR",
        help="also write trimmed copies of the data to DIR",
    )
    parser.add_argument(
        "--no-images", action="store_true", help="do not create placeholder background images"
    )
    args = parser.parse_args(argv)

    for board in BOARDS:
        try:
            data = load_data(args.reference, board)
        except OSError as exc:
            print(f"gen_maps: cannot read {board}.json: {exc}", file=sys.stderr)
            return 1
        tmx = args.out / "maps" / f"{board}.tmx"
        tmx.parent.mkdir(parents=True, exist_ok=True)
        tmx.write_text(render_tmx(data, board), encoding="utf-8", newline="\n")
        print(f"wrote {tmx}")
        if not args.no_images and write_background(args.out / "assets" / "boards" / f"{board}.png"):
            print(f"wrote placeholder assets/boards/{board}.png")
        if args.test_data is not None:
            args.test_data.mkdir(parents=True, exist_ok=True)
            out = args.test_data / f"{board}.json"
            out.write_text(
                json.dumps(trim(data), indent=1, ensure_ascii=False) + "\n",
                encoding="utf-8",
                newline="\n",
            )
            print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
