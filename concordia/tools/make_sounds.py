"""Write the game's sound effects to ``assets/sounds/*.wav`` (our own work).

Each effect is synthesised here from sine partials, envelopes and a little seeded noise,
using only the standard library (``wave``, ``math``, ``struct``, ``random``). The output
is 22,050 Hz, 16-bit mono and deterministic, so re-running the script reproduces the
committed files byte for byte::

    python -m concordia.tools.make_sounds            # writes assets/sounds/
    python -m concordia.tools.make_sounds --out DIR

Effects: ``card`` (a card slid onto the table), ``build`` (two knocks of a wooden
house), ``coin`` (coins on coins), ``turn`` (a short rising two-note chime).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
PEAK = 0.6  # of full scale, so effects never clip and stay quiet next to each other

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def _tone(freq: float, seconds: float, decay: float, phase: float = 0.0) -> Samples:
    """A sine at ``freq`` Hz with an exponential decay (``decay`` per second)."""
    n = int(seconds * RATE)
    return [
        math.sin(2 * math.pi * freq * i / RATE + phase) * math.exp(-decay * i / RATE)
        for i in range(n)
    ]


def _mix(*parts: tuple[Samples, float, float]) -> Samples:
    """Sum (samples, gain, start second) parts into one buffer."""
    end = max(int(start * RATE) + len(s) for s, _, start in parts)
    out = [0.0] * end
    for samples, gain, start in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += v * gain
    return out


def _attack(samples: Samples, seconds: float) -> Samples:
    """Fade in over ``seconds`` (avoids a click at the start)."""
    n = max(1, int(seconds * RATE))
    return [v * min(1.0, i / n) for i, v in enumerate(samples)]


def _normalise(samples: Samples) -> Samples:
    top = max(abs(v) for v in samples) or 1.0
    return [v * PEAK / top for v in samples]


def card() -> Samples:
    """A soft swish: noise through a one-pole low-pass whose cut-off falls, with a
    rounded envelope, then a faint tap as the card lands."""
    rng = random.Random("concordia/card")
    n = int(0.22 * RATE)
    out: Samples = []
    y = 0.0
    for i in range(n):
        t = i / n
        cutoff = 0.35 - 0.3 * t
        y += cutoff * (rng.uniform(-1, 1) - y)
        env = math.sin(math.pi * min(1.0, t * 1.15)) ** 2
        out.append(y * env)
    tap = _tone(190.0, 0.06, 70.0)
    return _normalise(_mix((out, 1.0, 0.0), (tap, 0.25, 0.19)))


def build() -> Samples:
    """Two knocks of wood on wood: low partials with fast decays and a noisy click."""
    rng = random.Random("concordia/build")

    def knock(pitch: float) -> Samples:
        body = _mix(
            (_tone(pitch, 0.16, 38.0), 1.0, 0.0),
            (_tone(pitch * 2.76, 0.1, 60.0), 0.45, 0.0),
            (_tone(pitch * 5.4, 0.05, 110.0), 0.2, 0.0),
        )
        click = [rng.uniform(-1, 1) * math.exp(-900 * i / RATE) for i in range(int(0.01 * RATE))]
        return _attack(_mix((body, 1.0, 0.0), (click, 0.4, 0.0)), 0.002)

    return _normalise(_mix((knock(210.0), 1.0, 0.0), (knock(250.0), 0.8, 0.11)))


def coin() -> Samples:
    """Metal on metal: inharmonic high partials with slow decays, struck twice."""

    def strike(base: float) -> Samples:
        return _attack(
            _mix(
                (_tone(base, 0.45, 9.0), 1.0, 0.0),
                (_tone(base * 1.48, 0.4, 11.0, 0.4), 0.7, 0.0),
                (_tone(base * 2.31, 0.3, 16.0, 1.1), 0.45, 0.0),
                (_tone(base * 3.7, 0.15, 30.0, 2.0), 0.25, 0.0),
            ),
            0.001,
        )

    return _normalise(_mix((strike(1850.0), 1.0, 0.0), (strike(2140.0), 0.7, 0.07)))


def turn() -> Samples:
    """A gentle rising fourth (A5 then D6) with a soft bell timbre."""

    def note(freq: float) -> Samples:
        return _attack(
            _mix(
                (_tone(freq, 0.35, 7.0), 1.0, 0.0),
                (_tone(freq * 2.0, 0.3, 12.0), 0.3, 0.0),
                (_tone(freq * 3.0, 0.2, 20.0), 0.1, 0.0),
            ),
            0.004,
        )

    return _normalise(
        _mix((note(880.0), 0.9, 0.0), (note(1174.66), 1.0, 0.12), (_silence(0.05), 0.0, 0.47))
    )


EFFECTS: dict[str, Callable[[], Samples]] = {
    "card": card,
    "build": build,
    "coin": coin,
    "turn": turn,
}


def write_wav(path: Path, samples: Samples) -> None:
    """16-bit mono PCM at :data:`RATE`."""
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767)))) for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    from concordia.resources import resource_path

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=resource_path("assets", "sounds"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        path = args.out / f"{name}.wav"
        samples = make()
        write_wav(path, samples)
        print(f"{path}: {len(samples) / RATE:.2f} s, {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
