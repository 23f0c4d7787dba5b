"""Build-time script: draw the board backgrounds ``assets/boards/<board>.png``.

Run ``python -m concordia.tools.render_board_art [imperium italia] [--out DIR]``. It is a
maintainer tool, not a runtime dependency: the game only reads the committed PNGs.
It needs ``numpy`` and ``global-land-mask`` (a land/sea mask derived from NOAA's public
domain GLOBE 1 km elevation grid; see ``assets/LICENSES.md``), installed by hand::

    pip install numpy global-land-mask

How the coastline is lined up with the cities of a board:

1. Every city has its real longitude and latitude (:data:`CITY_LONLAT`), nudged a few
   km inland when the mask puts the point in the sea.
2. An affine map (map pixel -> projected lon/lat) is fitted by least squares. Its
   residuals are printed: the boards are stylised, so they are not small.
3. A smooth Gaussian radial-basis correction of those residuals makes every city pixel
   land (almost) exactly on its own real place, so every city sits on land.
4. Every pixel is sent through that map and the mask is sampled there (area-averaged,
   bilinear), which gives a soft land fraction; colours, coast ripples, province tints
   and a graticule are derived from it. No text is drawn (the renderer draws names).
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from concordia.core.board import BoardSpec

WIDTH, HEIGHT = 2400, 1600

# Real places of the cities (longitude east, latitude north), in degrees.
CITY_LONLAT: dict[str, dict[str, tuple[float, float]]] = {
    "imperium": {
        "Roma": (12.50, 41.90),
        "Isca Dumnoniorum": (-3.53, 50.72),  # Exeter
        "Londinium": (-0.12, 51.51),  # London
        "Lutetia": (2.35, 48.86),  # Paris
        "Burdigala": (-0.58, 44.84),  # Bordeaux
        "Massilia": (5.37, 43.30),  # Marseille
        "Brigantium": (-8.40, 43.37),  # A Coruna
        "Olisipo": (-9.14, 38.72),  # Lisbon
        "Valentia": (-0.38, 39.47),  # Valencia
        "Colonia Agrippina": (6.96, 50.94),  # Cologne
        "Vindobona": (16.37, 48.21),  # Vienna
        "Novaria": (8.62, 45.45),  # Novara
        "Aquileia": (13.37, 45.77),
        "Syracusae": (15.29, 37.08),  # Siracusa
        "Rusadir": (-2.94, 35.29),  # Melilla
        "Carthago": (10.32, 36.85),  # near Tunis
        "Sirmium": (19.61, 44.97),  # Sremska Mitrovica
        "Napoca": (23.59, 46.77),  # Cluj-Napoca
        "Tomis": (28.63, 44.17),  # Constanta
        "Dyrrhachium": (19.44, 41.32),  # Durres
        "Athenae": (23.73, 37.98),
        "Leptis Magna": (14.29, 32.64),
        "Cyrene": (21.86, 32.82),
        "Byzantium": (28.98, 41.01),  # Istanbul
        "Sinope": (35.15, 42.03),  # Sinop
        "Attalia": (30.71, 36.89),  # Antalya
        "Antiochia": (36.16, 36.20),  # Antakya
        "Tyros": (35.20, 33.27),  # Tyre
        "Alexandria": (29.92, 31.20),
        "Memphis": (31.25, 29.85),  # near Cairo
        "Petra": (35.44, 30.33),
    },
    "italia": {
        "Roma": (12.50, 41.90),
        "Bauzanum": (11.35, 46.50),  # Bolzano
        "Aquileia": (13.37, 45.77),
        "Verona": (10.99, 45.44),
        "Comum": (9.09, 45.81),  # Como
        "Segusio": (7.05, 45.14),  # Susa
        "Genua": (8.93, 44.41),  # Genoa
        "Nicaea": (7.27, 43.70),  # Nice
        "Mutina": (10.93, 44.65),  # Modena
        "Ravenna": (12.20, 44.42),
        "Florentia": (11.26, 43.77),  # Florence
        "Cosa": (11.29, 42.41),  # Ansedonia
        "Aleria": (9.51, 42.11),  # Corsica
        "Olbia": (9.50, 40.92),  # Sardinia
        "Ancona": (13.52, 43.62),
        "Spoletum": (12.74, 42.73),  # Spoleto
        "Hadria": (13.98, 42.58),  # Atri
        "Casinum": (13.83, 41.49),  # Cassino
        "Neapolis": (14.27, 40.85),  # Naples
        "Luceria": (15.34, 41.51),  # Lucera
        "Brundisium": (17.94, 40.64),  # Brindisi
        "Potentia": (15.80, 40.64),  # Potenza
        "Croton": (17.13, 39.08),  # Crotone
        "Messana": (15.55, 38.19),  # Messina
        "Panormus": (13.36, 38.12),  # Palermo
        "Syracusae": (15.29, 37.08),  # Siracusa
    },
}

# Width (map pixels) of the Gaussian used to bend the affine fit onto every city, and the
# ridge term that keeps the bend smooth. Found by looking at the output.
RBF_SIGMA = {"imperium": 190.0, "italia": 260.0}
RBF_RIDGE = 0.02
CITY_MARGIN = 9.0

DEEP_SEA = (52, 98, 140)
SHALLOW_SEA = (118, 170, 196)
RIPPLE = (170, 205, 220)
LAND = (236, 222, 184)
LAND_DARK = (214, 193, 146)
WILD = (226, 214, 182)
COAST = (96, 72, 48)
PROVINCE_TINTS = (
    (240, 214, 170),
    (222, 226, 176),
    (238, 206, 190),
    (214, 220, 196),
)
ROMA_TINT = (244, 218, 150)
BORDER = (140, 110, 80)
FRAME = (70, 52, 36)


@dataclass(frozen=True)
class Fit:
    """A fitted map from map pixels to (lon, projected lat) plus its report."""

    affine: Any  # 3x2 matrix, pixel [x, y, 1] -> geo
    centres: Any  # (n, 2) pixel positions of the cities
    weights: Any  # (n, 2) RBF weights
    sigma: float
    report: list[str]


def main(argv: list[str] | None = None) -> int:
    """Command line entry: render the named boards (default: all)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=sorted(CITY_LONLAT))
    parser.add_argument("--out", type=Path, default=None, help="output folder")
    args = parser.parse_args(argv)
    try:
        np: Any = importlib.import_module("numpy")
        globe: Any = importlib.import_module("global_land_mask.globe")
    except ImportError:
        print("needs: pip install numpy global-land-mask", file=sys.stderr)
        return 2
    from concordia.maps import load_board
    from concordia.resources import resource_path

    out_dir: Path = args.out or resource_path("assets", "boards")
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in args.boards:
        board = load_board(name)
        art = BoardArt(np, globe, board)
        for line in art.fit.report:
            print(line)
        surface = art.render()
        path = out_dir / f"{name}.png"
        pygame.image.save(surface, str(path))
        print(f"{name}: wrote {path} ({path.stat().st_size // 1024} KiB)")
    return 0


class BoardArt:
    """Renders one board background; ``np`` and ``globe`` are the optional modules."""

    def __init__(self, np: Any, globe: Any, board: BoardSpec) -> None:
        self.np = np
        self.globe = globe
        self.board = board
        self.places = CITY_LONLAT[board.name]
        missing = [c.name for c in board.cities if c.name not in self.places]
        if missing:
            raise SystemExit(f"{board.name}: no real place for {missing}")
        self.fit = self._fit()

    # -- fitting ------------------------------------------------------------------------

    def _fit(self) -> Fit:
        np = self.np
        cities = self.board.cities
        pix = np.array([[c.x, c.y] for c in cities], dtype=float)
        ones = np.ones((len(cities), 1))
        raw = np.array([self.places[c.name] for c in cities], dtype=float)
        raw[:, 1] = _merc(np, raw[:, 1])
        first, *_ = np.linalg.lstsq(np.hstack([raw, ones]), pix, rcond=None)
        px_per_deg = math.sqrt(abs(float(np.linalg.det(first[:2, :]))))
        # Keep every city CITY_MARGIN board pixels inside the coast of its real place.
        margin = max(2, math.ceil(CITY_MARGIN / px_per_deg * 120.0))
        geo = np.array([self._inland(*self.places[c.name], margin) for c in cities], dtype=float)
        geo[:, 1] = _merc(np, geo[:, 1])
        report = [f"{self.board.name}: fit of {len(cities)} cities (lon, Mercator lat)"]

        # Forward affine fit, for the residuals in pixels.
        fwd, *_ = np.linalg.lstsq(np.hstack([geo, ones]), pix, rcond=None)
        res = np.hstack([geo, ones]) @ fwd - pix
        dist = np.hypot(res[:, 0], res[:, 1])
        for c, d, (dx, dy) in sorted(zip(cities, dist, res, strict=True), key=lambda t: -t[1]):
            report.append(f"  {c.name:18s} affine residual {d:6.1f} px ({dx:+6.1f}, {dy:+6.1f})")
        report.append(
            f"  affine RMS {math.sqrt(float(np.mean(dist**2))):.1f} px, "
            f"max {float(dist.max()):.1f} px"
        )

        # Inverse affine fit (pixel -> geo) plus an RBF bend through every city.
        inv, *_ = np.linalg.lstsq(np.hstack([pix, ones]), geo, rcond=None)
        resid = geo - np.hstack([pix, ones]) @ inv
        sigma = RBF_SIGMA[self.board.name]
        kernel = _gauss(np, pix, pix, sigma)
        weights = np.linalg.solve(kernel + RBF_RIDGE * np.eye(len(cities)), resid)
        fit = Fit(inv, pix, weights, sigma, report)
        final = self._to_geo(fit, pix[:, 0], pix[:, 1])
        scale = math.sqrt(abs(float(np.linalg.det(fwd[:2, :]))))  # px per degree
        err = np.hypot(*(final - geo).T) * scale
        report.append(
            f"  after RBF bend (sigma {sigma:.0f} px): max {float(err.max()):.1f} px "
            f"from the real place, RMS {math.sqrt(float(np.mean(err**2))):.1f} px"
        )
        return fit

    def _inland(self, lon: float, lat: float, margin: int) -> tuple[float, float]:
        """The nearest point to (lon, lat) with land ``margin`` mask cells around it."""
        step = 1.0 / 120.0
        for radius in range(0, 80):
            ring = [
                (dx, dy)
                for dx in range(-radius, radius + 1)
                for dy in range(-radius, radius + 1)
                if max(abs(dx), abs(dy)) == radius
            ]
            ring.sort(key=lambda d: math.hypot(*d))
            for dx, dy in ring:
                x, y = lon + dx * step, lat + dy * step
                if self._all_land(x, y, margin * step):
                    return x, y
        raise SystemExit(f"{self.board.name}: no land near {lon}, {lat}")

    def _all_land(self, lon: float, lat: float, reach: float) -> bool:
        np = self.np
        angles = np.linspace(0.0, 2.0 * np.pi, 12, endpoint=False)
        lons = np.concatenate(
            [[lon], lon + reach * np.cos(angles), lon + reach * np.cos(angles) / 2]
        )
        lats = np.concatenate(
            [[lat], lat + reach * np.sin(angles), lat + reach * np.sin(angles) / 2]
        )
        return bool(np.all(self.globe.is_land(lats, lons)))

    def _to_geo(self, fit: Fit, xs: Any, ys: Any) -> Any:
        np = self.np
        pts = np.stack([xs.ravel(), ys.ravel()], axis=1)
        geo = np.hstack([pts, np.ones((len(pts), 1))]) @ fit.affine
        geo += _gauss(np, pts, fit.centres, fit.sigma) @ fit.weights
        return geo

    # -- sampling -----------------------------------------------------------------------

    def _land_fraction(self, lon: Any, lat: Any, px_per_cell: float) -> Any:
        """Bilinear sample of the (area-averaged) land mask at every (lon, lat)."""
        np = self.np
        g = self.globe
        cell = 1.0 / 120.0
        lat0, lon0 = float(g._lat[0]), float(g._lon[0])  # 90, -180; lat runs downwards
        r0 = max(int((lat0 - float(lat.max())) / cell) - 4, 0)
        r1 = int((lat0 - float(lat.min())) / cell) + 4
        c0 = max(int((float(lon.min()) - lon0) / cell) - 4, 0)
        c1 = int((float(lon.max()) - lon0) / cell) + 4
        land = (~g._mask[r0:r1, c0:c1]).astype(np.float32)
        k = max(1, int(1.0 / px_per_cell))  # mask cells per pixel
        if k > 1:
            h, w = land.shape[0] // k * k, land.shape[1] // k * k
            land = land[:h, :w].reshape(h // k, k, w // k, k).mean(axis=(1, 3))
        ry = (lat0 - lat) / cell - r0
        rx = (lon - lon0) / cell - c0
        ry = np.clip(ry / k - 0.5, 0, land.shape[0] - 1.001)
        rx = np.clip(rx / k - 0.5, 0, land.shape[1] - 1.001)
        iy, ix = ry.astype(int), rx.astype(int)
        fy, fx = ry - iy, rx - ix
        top = land[iy, ix] * (1 - fx) + land[iy, ix + 1] * fx
        bottom = land[iy + 1, ix] * (1 - fx) + land[iy + 1, ix + 1] * fx
        return top * (1 - fy) + bottom * fy

    # -- rendering ----------------------------------------------------------------------

    def render(self) -> pygame.Surface:
        np = self.np
        fit = self.fit
        ys, xs = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
        lon = np.empty((HEIGHT, WIDTH), np.float64)
        lat = np.empty((HEIGHT, WIDTH), np.float64)
        for r in range(0, HEIGHT, 100):
            geo = self._to_geo(fit, xs[r : r + 100], ys[r : r + 100])
            lon[r : r + 100] = geo[:, 0].reshape(-1, WIDTH)
            lat[r : r + 100] = _unmerc(np, geo[:, 1]).reshape(-1, WIDTH)
        deg_per_px = float(
            np.median(np.abs(np.diff(lon, axis=1))) + np.median(np.abs(np.diff(lat, axis=0)))
        )
        land = self._land_fraction(lon, lat, 120.0 * deg_per_px)
        land = np.clip((land - 0.5) * 1.6 + 0.5, 0.0, 1.0).astype(np.float32)
        solid = land >= 0.5

        near = _blur(np, land, 10)
        mid = _blur(np, land, 28)
        far = _blur(np, land, 70)
        shallow = np.clip(near * 1.3 + mid * 0.7 + far * 0.5, 0.0, 1.0)
        sea = _lerp(np, DEEP_SEA, SHALLOW_SEA, shallow**0.8)
        # Two soft ripple lines following the coast out at sea.
        ripple = np.zeros_like(land)
        for field, level, strength in ((near, 0.16, 0.55), (mid, 0.12, 0.35)):
            ripple = np.maximum(ripple, strength * np.exp(-(((field - level) / 0.03) ** 2)))
        ripple *= 1.0 - land
        sea = sea * (1 - ripple[..., None]) + np.array(RIPPLE, np.float32) * ripple[..., None]

        noise = _value_noise(np, (HEIGHT, WIDTH), 9, seed=len(self.board.name)) * 0.6
        noise += _value_noise(np, (HEIGHT, WIDTH), 40, seed=7) * 0.4
        ground = self._province_tints(lon, lat, solid)
        rim = np.clip(_blur(np, 1.0 - land, 6) * 2.2, 0.0, 1.0) * land
        ground = ground * (1 - 0.45 * rim[..., None]) + np.array(LAND_DARK, np.float32) * (
            0.45 * rim[..., None]
        )
        ground *= (0.95 + 0.08 * noise)[..., None]

        img = sea * (1 - land[..., None]) + ground * land[..., None]
        coast = np.exp(-(((_blur(np, land, 1) - 0.5) / 0.2) ** 2))
        img = img * (1 - 0.85 * coast[..., None]) + np.array(COAST, np.float32) * (
            0.85 * coast[..., None]
        )

        # Graticule every 5 degrees: a faint line where the 5-degree cell changes.
        grid = np.zeros((HEIGHT, WIDTH), bool)
        for arr in (np.floor(lon / 5.0), np.floor(lat / 5.0)):
            grid[:, 1:] |= arr[:, 1:] != arr[:, :-1]
            grid[1:, :] |= arr[1:, :] != arr[:-1, :]
        img[grid] = img[grid] * 0.86 + np.array((60, 60, 80), np.float32) * 0.14

        img = self._frame(img)
        img = np.clip(img, 0, 255).astype(np.uint8)
        # Fewer colours keep the PNG small; the steps are below what the eye sees.
        img = (img // 3) * 3
        surface = pygame.image.frombuffer(img.tobytes(), (WIDTH, HEIGHT), "RGB")
        return surface.copy()

    def _province_tints(self, lon: Any, lat: Any, solid: Any) -> Any:
        """Land colour: each province gets a faint tint around its cities, with borders."""
        np = self.np
        board = self.board
        step = 4
        gy, gx = np.mgrid[0:HEIGHT:step, 0:WIDTH:step].astype(np.float32)
        pix = np.array([[c.x, c.y] for c in board.cities], np.float32)
        d2 = (gx[..., None] - pix[:, 0]) ** 2 + (gy[..., None] - pix[:, 1]) ** 2
        nearest = np.argmin(d2, axis=-1)
        dist = np.sqrt(np.min(d2, axis=-1))
        prov_index = {p.name: i for i, p in enumerate(board.provinces)}
        city_prov = np.array([prov_index.get(c.province or "", -1) for c in board.cities])
        label = city_prov[nearest]
        label = np.repeat(np.repeat(label, step, 0), step, 1)[:HEIGHT, :WIDTH]
        dist = np.repeat(np.repeat(dist, step, 0), step, 1)[:HEIGHT, :WIDTH]
        colours = self._province_colours()
        palette = np.array([*colours, ROMA_TINT], np.float32)  # index -1 -> Roma
        tint = palette[label]
        # Tints fade out away from the cities: the far inland is plain parchment.
        reach = 0.75 * np.clip((260.0 - dist) / 110.0, 0.0, 1.0)
        reach = _blur(np, reach.astype(np.float32), 12)
        ground = np.array(WILD, np.float32) * (1 - reach[..., None]) + tint * reach[..., None]
        border = np.zeros((HEIGHT, WIDTH), bool)
        border[:, 1:] |= label[:, 1:] != label[:, :-1]
        border[1:, :] |= label[1:, :] != label[:-1, :]
        border = _blur(np, border.astype(np.float32), 1) > 0.2
        yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH]
        dashed = border & (((xx + yy) // 9) % 2 == 0) & solid & (reach > 0.25)
        ground[dashed] = ground[dashed] * 0.45 + np.array(BORDER, np.float32) * 0.55
        return ground

    def _province_colours(self) -> list[tuple[int, int, int]]:
        """Greedy colouring so that neighbouring provinces get different tints."""
        board = self.board
        prov_of = {c.name: c.province for c in board.cities}
        adjacent: dict[str, set[str]] = {p.name: set() for p in board.provinces}
        for r in board.routes:
            pa, pb = prov_of.get(r.a), prov_of.get(r.b)
            if pa and pb and pa != pb:
                adjacent[pa].add(pb)
                adjacent[pb].add(pa)
        chosen: dict[str, int] = {}
        for p in board.provinces:
            used = {chosen[q] for q in adjacent[p.name] if q in chosen}
            free = [i for i in range(len(PROVINCE_TINTS)) if i not in used]
            chosen[p.name] = free[0] if free else p.number % len(PROVINCE_TINTS)
        return [PROVINCE_TINTS[chosen[p.name]] for p in board.provinces]

    def _frame(self, img: Any) -> Any:
        np = self.np
        yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH]
        edge = np.minimum(np.minimum(xx, WIDTH - 1 - xx), np.minimum(yy, HEIGHT - 1 - yy))
        vignette = np.clip(edge / 160.0, 0.0, 1.0) ** 0.5
        img = img * (0.86 + 0.14 * vignette)[..., None]
        band = edge < 14
        img[band] = np.array(FRAME, np.float32)
        line = (edge >= 20) & (edge < 22)
        img[line] = img[line] * 0.4 + np.array(FRAME, np.float32) * 0.6
        return img


def _merc(np: Any, lat: Any) -> Any:
    return np.degrees(np.log(np.tan(np.radians(45.0 + lat / 2.0))))


def _unmerc(np: Any, y: Any) -> Any:
    return 2.0 * np.degrees(np.arctan(np.exp(np.radians(y)))) - 90.0


def _gauss(np: Any, a: Any, b: Any, sigma: float) -> Any:
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=-1)
    return np.exp(-d2 / (2.0 * sigma * sigma))


def _blur(np: Any, field: Any, radius: int) -> Any:
    """Three passes of a box blur (close to a Gaussian), edges clamped."""
    out = field.astype(np.float32)
    for _ in range(3):
        for axis in (0, 1):
            pad = [(0, 0), (0, 0)]
            pad[axis] = (radius + 1, radius)
            padded = np.pad(out, pad, mode="edge")
            c = np.cumsum(padded, axis=axis, dtype=np.float64)
            n = 2 * radius + 1
            if axis == 0:
                out = ((c[n:] - c[:-n]) / n).astype(np.float32)
            else:
                out = ((c[:, n:] - c[:, :-n]) / n).astype(np.float32)
    return out


def _lerp(np: Any, a: tuple[int, int, int], b: tuple[int, int, int], t: Any) -> Any:
    ca, cb = np.array(a, np.float32), np.array(b, np.float32)
    return ca + (cb - ca) * t[..., None]


def _value_noise(np: Any, shape: tuple[int, int], cells: int, seed: int) -> Any:
    """Smooth noise in [-1, 1]: a random grid upsampled with a smooth bilinear blend."""
    rng = np.random.default_rng(seed)
    h, w = shape
    gh, gw = cells + 2, int(cells * w / h) + 2
    grid = rng.uniform(-1.0, 1.0, (gh, gw)).astype(np.float32)
    ys = np.linspace(0, gh - 1.001, h, dtype=np.float32)
    xs = np.linspace(0, gw - 1.001, w, dtype=np.float32)
    iy, ix = ys.astype(int), xs.astype(int)
    fy, fx = ys - iy, xs - ix
    fy, fx = fy * fy * (3 - 2 * fy), fx * fx * (3 - 2 * fx)
    top = grid[iy][:, ix] * (1 - fx) + grid[iy][:, ix + 1] * fx
    bot = grid[iy + 1][:, ix] * (1 - fx) + grid[iy + 1][:, ix + 1] * fx
    return top * (1 - fy[:, None]) + bot * fy[:, None]


if __name__ == "__main__":
    raise SystemExit(main())
