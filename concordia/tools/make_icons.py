"""Draw the application icon and write ``assets/icons/icon.{png,ico,icns}``.

Usage: ``python -m concordia.tools.make_icons [--out DIR]``. Headless (no display
needed). The picture is our own: a marble temple inside a golden laurel wreath on a
Roman red tile, drawn with pygame primitives at 4x size and scaled down smoothly.
The outputs are committed; run this again only when the drawing changes.

The ICO and ICNS containers are written here directly, holding PNG images (allowed in
ICO since Windows Vista and in ICNS for the ``icp4``..``ic08`` types), so no Pillow is
needed.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the prompt variable is set

from concordia.resources import resource_path

BASE_SIZE = 256
SUPERSAMPLE = 4
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types that may hold PNG data, with their pixel size.
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256))

RED = (122, 22, 34)
RED_DARK = (84, 12, 22)
GOLD = (222, 178, 70)
GOLD_DARK = (160, 118, 34)
MARBLE = (243, 234, 212)
MARBLE_SHADE = (196, 184, 160)

Color = tuple[int, int, int]


def draw_icon(size: int = BASE_SIZE) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with alpha."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)

    def px(fraction: float) -> int:
        return round(fraction * big)

    # Tile: rounded square with a darker rim.
    radius = px(0.18)
    pygame.draw.rect(canvas, RED_DARK, canvas.get_rect(), border_radius=radius)
    pygame.draw.rect(
        canvas, RED, canvas.get_rect().inflate(-px(0.05), -px(0.05)), border_radius=radius
    )

    _draw_wreath(canvas, center=(px(0.5), px(0.53)), radius=px(0.37), leaf=px(0.085))
    _draw_temple(canvas, px)
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: Sequence[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG ``images`` given as (pixel size, PNG data), sizes up to 256."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = [], []
    for size, data in images:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(elements: Sequence[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file from (four-byte type, PNG data) elements."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path) -> list[Path]:
    """Write icon.png (256 px), icon.ico and icon.icns into ``out_dir``; return the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    master = draw_icon(BASE_SIZE * 2)
    pngs = {
        size: png_bytes(pygame.transform.smoothscale(master, (size, size)))
        for size in sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    }
    outputs = {
        "icon.png": pngs[BASE_SIZE],
        "icon.ico": ico_bytes([(size, pngs[size]) for size in ICO_SIZES]),
        "icon.icns": icns_bytes([(kind, pngs[size]) for kind, size in ICNS_TYPES]),
    }
    paths = []
    for name, data in outputs.items():
        path = out_dir / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=resource_path("assets", "icons"))
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


Point = tuple[float, float]


def _leaf(center: Point, angle: float, length: float, width: float) -> list[Point]:
    """A pointed leaf polygon along direction ``angle`` (radians)."""
    ux, uy = math.cos(angle), math.sin(angle)
    vx, vy = -uy, ux
    points = []
    steps = 12
    for side in (1, -1):
        for i in range(steps + 1):
            t = -1 + 2 * i / steps if side == 1 else 1 - 2 * i / steps
            half = width / 2 * (1 - t * t) * side
            along = t * length / 2
            points.append((center[0] + ux * along + vx * half, center[1] + uy * along + vy * half))
    return points


def _draw_wreath(canvas: pygame.Surface, center: tuple[int, int], radius: int, leaf: int) -> None:
    cx, cy = center
    # Two branches rise from the bottom and almost meet at the top.
    for mirror in (1, -1):
        start, stop, count = math.radians(105), math.radians(-62), 9
        stem = []
        for i in range(count + 1):
            a = start + (stop - start) * i / count
            stem.append((cx + mirror * radius * math.cos(a), cy + radius * math.sin(a)))
        pygame.draw.lines(canvas, GOLD_DARK, False, stem, max(2, leaf // 6))
        for i in range(1, count + 1):
            a = start + (stop - start) * i / count
            tangent = a - math.pi / 2  # direction of growth along the circle
            for side, spread in ((1, 0.55), (-1, -0.55)):
                r = radius + side * leaf * 0.45
                pos = (cx + mirror * r * math.cos(a), cy + r * math.sin(a))
                direction = tangent + spread
                angle = math.pi - direction if mirror == -1 else direction
                shape = _leaf(pos, angle, leaf * 1.5, leaf * 0.62)
                pygame.draw.polygon(canvas, GOLD, shape)
                pygame.draw.polygon(canvas, GOLD_DARK, shape, max(1, leaf // 14))


def _draw_temple(canvas: pygame.Surface, px: Callable[[float], int]) -> None:
    left, right = px(0.31), px(0.69)
    # Steps.
    _rect(canvas, MARBLE_SHADE, left - px(0.03), px(0.665), right + px(0.03), px(0.70))
    _rect(canvas, MARBLE, left - px(0.015), px(0.635), right + px(0.015), px(0.665))
    # Four columns with capitals.
    column_w = px(0.045)
    for i in range(4):
        x = left + px(0.02) + i * ((right - left - px(0.04) - column_w) // 3)
        _rect(canvas, MARBLE, x, px(0.46), x + column_w, px(0.635))
        _rect(canvas, MARBLE_SHADE, x + column_w * 2 // 3, px(0.46), x + column_w, px(0.635))
        _rect(canvas, MARBLE, x - px(0.008), px(0.445), x + column_w + px(0.008), px(0.462))
    # Entablature and pediment.
    _rect(canvas, MARBLE, left - px(0.02), px(0.405), right + px(0.02), px(0.445))
    _rect(canvas, MARBLE_SHADE, left - px(0.02), px(0.432), right + px(0.02), px(0.445))
    roof = [(left - px(0.035), px(0.405)), (px(0.5), px(0.29)), (right + px(0.035), px(0.405))]
    pygame.draw.polygon(canvas, MARBLE, roof)
    inner = [(left + px(0.03), px(0.39)), (px(0.5), px(0.325)), (right - px(0.03), px(0.39))]
    pygame.draw.polygon(canvas, MARBLE_SHADE, inner)


def _rect(canvas: pygame.Surface, color: Color, x0: int, y0: int, x1: int, y1: int) -> None:
    pygame.draw.rect(canvas, color, pygame.Rect(x0, y0, x1 - x0, y1 - y0))


if __name__ == "__main__":
    sys.exit(main())
