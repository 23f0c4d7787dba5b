"""The learned evaluation of the outcome: every seat's chance to win and final margin.

:func:`position_features` describes each seat of a position by numbers that do not
depend on the board's names: the per-seat features of :mod:`concordia.ai.features`
(without their constant) plus relative ones (own value minus the best and the mean
opponent's for the key features, the opponents' best values, where the seat sits in
the turn order, how close the game's end is). Every seat's features are computed once
per position.

:class:`OutcomeNet` is one small network per player count: one hidden layer (tanh)
shared by three heads per seat: a *strength* logit, whose softmax over the seats is
each seat's probability of winning (ties broken by the game's tie-break, as
``state.outcome().winner``), the expected final margin over the best opponent (VP),
and the expected final victory points (the hint shows them). Inference is pure Python:
the feature normalisation is folded into the first layer at load time and each row is
a tuple, so a layer is ``sum(map(mul, row, x))`` per unit.

The weights come from ``python -m concordia.tools.train_outcome`` (self-play games,
numpy at training only) and ship as ``assets/ai/outcome_weights.json``: the feature
names and their :func:`outcome_hash`, the normalisation, the layers per player count,
the outputs of a few fixed positions (probes, recomputed by a test), the training
command, its seed and game counts, and the validation figures. Loading refuses a file
whose hash differs from the code's (:class:`WeightsError`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from pathlib import Path
from typing import Any

from concordia.ai.evaluate import remaining_turns
from concordia.ai.features import FEATURE_NAMES, WeightsError, features
from concordia.core import GameState, Phase

OUTCOME_VERSION = 1
WEIGHTS_FILE = ("assets", "ai", "outcome_weights.json")

_BASE = FEATURE_NAMES[1:]  # the per-seat features without their constant
_BASE_AT = {name: i for i, name in enumerate(_BASE)}
# Features compared with the opponents' (own minus the best, own minus the mean, and
# the best opponent's value itself).
REL_KEYS: tuple[str, ...] = (
    "score",
    "hand_eval",
    "money",
    "goods_value",
    "houses",
    "houses_left",
    "hand_cards",
    "production_x_turns",
    "colonists_board",
    "near0",
    "near1",
    "provinces",
    "kinds",
    "free_space",
)
_REL_AT = tuple(_BASE_AT[k] for k in REL_KEYS)

OUTCOME_FEATURES: tuple[str, ...] = (
    *_BASE,
    *(f"{k}_vs_best" for k in REL_KEYS),
    *(f"{k}_vs_mean" for k in REL_KEYS),
    *(f"best_opp_{k}" for k in REL_KEYS),
    "live_score",  # the score if the game ended now
    "live_vs_best",
    "live_vs_mean",
    "order",  # seats to play before this one (0: the seat to move)
    "to_move",
    "cards_left",  # cards still to sell (display and deck)
    "min_houses_left",  # the fewest houses any seat has left to build
    "final_round",  # 1 once the game's end is triggered
    "turns_left_min",  # the fewest turns any seat has left
)


def outcome_hash(names: Sequence[str] = OUTCOME_FEATURES) -> str:
    """A short hash of the feature list, :data:`OUTCOME_VERSION` and the base
    features' version."""
    from concordia.ai.features import FEATURES_VERSION

    text = f"o{OUTCOME_VERSION}/f{FEATURES_VERSION}:" + ",".join(names)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def position_features(s: GameState) -> list[list[float]]:
    """The feature vector of every seat of ``s`` (order of :data:`OUTCOME_FEATURES`)."""
    n = s.num_players
    base = [features(s, seat)[1:] for seat in range(n)]
    live = [float(s.score_of(seat).total) for seat in range(n)]
    turns = [remaining_turns(s, seat) for seat in range(n)]
    mover = s.current_player if s.current_player is not None else s.turn_player
    cards_left = float(len(s.deck) + sum(1 for c in s.display if c is not None))
    min_houses = float(min(p.houses_left for p in s.players))
    final = 1.0 if s.final_turns >= 0 else 0.0
    turns_min = min(turns)
    out = []
    for seat in range(n):
        own = base[seat]
        others = [base[o] for o in range(n) if o != seat]
        best = [max(f[i] for f in others) for i in _REL_AT]
        mean = [sum(f[i] for f in others) / len(others) for i in _REL_AT]
        vs_best = [own[i] - b for i, b in zip(_REL_AT, best, strict=True)]
        vs_mean = [own[i] - m for i, m in zip(_REL_AT, mean, strict=True)]
        live_others = [live[o] for o in range(n) if o != seat]
        order = float((seat - mover) % n)
        out.append(
            [
                *own,
                *vs_best,
                *vs_mean,
                *best,
                live[seat],
                live[seat] - max(live_others),
                live[seat] - sum(live_others) / len(live_others),
                order,
                1.0 if order == 0.0 else 0.0,
                cards_left,
                min_houses,
                final,
                turns_min,
            ]
        )
    return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """The forecast of a position: per seat, the probability of winning, the final
    margin over the best opponent and the final victory points. Exact (win 1/0 by
    the tie-break, the real margin and points) once the game is over."""

    win: tuple[float, ...]
    margin: tuple[float, ...]
    points: tuple[float, ...]
    exact: bool


def exact_outcome(s: GameState) -> Outcome:
    """The real result of a finished game."""
    totals = [float(sc.total) for sc in s.scores()]
    winner = s.outcome().winner
    n = len(totals)
    margin = tuple(totals[o] - max(totals[p] for p in range(n) if p != o) for o in range(n))
    win = tuple(1.0 if o == winner else 0.0 for o in range(n))
    return Outcome(win, margin, tuple(totals), True)


class _Layers:
    """One player count's network, the normalisation folded into the first layer."""

    __slots__ = ("b1", "heads", "hidden", "w1")

    def __init__(self, raw: dict[str, Any], mean: Sequence[float], std: Sequence[float]):
        w1 = raw["w1"]  # hidden x features, for normalised inputs
        b1 = raw["b1"]
        d = len(OUTCOME_FEATURES)
        if len(mean) != d or len(std) != d or any(len(r) != d for r in w1):
            raise WeightsError(f"layer sizes do not match the {d} features")
        if len(b1) != len(w1):
            raise WeightsError("b1 does not match w1")
        inv = [1.0 / (sd if sd > 1e-12 else 1.0) for sd in std]
        rows = []
        biases = []
        for row, b in zip(w1, b1, strict=True):
            scaled = tuple(float(w) * k for w, k in zip(row, inv, strict=True))
            rows.append(scaled)
            biases.append(float(b) - sum(map(mul, scaled, mean)))
        self.w1 = tuple(rows)
        self.b1 = tuple(biases)
        self.hidden = len(rows)
        heads = []
        for name in ("strength", "margin", "points"):
            w = raw[name]
            if len(w) != self.hidden + 1:
                raise WeightsError(f"head {name!r} has {len(w)} weights, {self.hidden + 1} needed")
            heads.append((tuple(float(v) for v in w[:-1]), float(w[-1])))
        self.heads = tuple(heads)

    def seat(self, x: Sequence[float]) -> tuple[float, float, float]:
        h = [math.tanh(sum(map(mul, row, x)) + b) for row, b in zip(self.w1, self.b1, strict=True)]
        (ws, bs), (wm, bm), (wp, bp) = self.heads
        return sum(map(mul, ws, h)) + bs, sum(map(mul, wm, h)) + bm, sum(map(mul, wp, h)) + bp


class OutcomeNet:
    """The learned outcome evaluation (module doc); one network per player count, a
    count the file does not cover uses the nearest one it does."""

    __slots__ = ("_layers", "info")

    def __init__(self, layers: dict[int, _Layers], info: dict[str, Any] | None = None):
        if not layers:
            raise WeightsError("no networks in the weights file")
        self._layers = layers
        self.info = info or {}

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(sorted(self._layers))

    def _for(self, n: int) -> _Layers:
        if n in self._layers:
            return self._layers[n]
        return self._layers[min(self._layers, key=lambda k: (abs(k - n), k))]

    def forecast(self, s: GameState) -> Outcome:
        """Every seat's win probability, final margin and final points; the exact
        result once the game is over."""
        if s.phase == Phase.OVER:
            return exact_outcome(s)
        return self.forecast_features(s.num_players, position_features(s))

    def forecast_features(self, n: int, rows: Sequence[Sequence[float]]) -> Outcome:
        net = self._for(n)
        outs = [net.seat(x) for x in rows]
        top = max(o[0] for o in outs)
        exps = [math.exp(o[0] - top) for o in outs]
        total = sum(exps)
        return Outcome(
            tuple(e / total for e in exps),
            tuple(o[1] for o in outs),
            tuple(o[2] for o in outs),
            False,
        )

    @classmethod
    def from_json(cls, data: Any) -> OutcomeNet:
        """Parse the weights file (see :mod:`concordia.tools.train_outcome`).

        Raises:
            WeightsError: malformed, or fitted on other features than the code's.
        """
        if not isinstance(data, dict):
            raise WeightsError("the outcome weights file is not a JSON object")
        if data.get("feature_hash") != outcome_hash():
            raise WeightsError(
                f"outcome weights fitted on features {data.get('feature_hash')!r}, the code "
                f"computes {outcome_hash()!r}: retrain with python -m "
                "concordia.tools.train_outcome"
            )
        if list(data.get("features", [])) != list(OUTCOME_FEATURES):
            raise WeightsError("the outcome weights file lists other features than the code")
        nets = data.get("networks")
        if not isinstance(nets, dict) or not nets:
            raise WeightsError("no 'networks' object")
        try:
            layers = {int(k): _Layers(v, v["mean"], v["std"]) for k, v in sorted(nets.items())}
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, WeightsError):
                raise
            raise WeightsError(f"malformed network: {exc!r}") from exc
        return cls(layers, {k: v for k, v in data.items() if k != "networks"})


_LOADED: OutcomeNet | None = None


def outcome_weights_path() -> Path:
    from concordia.resources import resource_path

    return resource_path(*WEIGHTS_FILE)


def load_outcome(path: Path | None = None) -> OutcomeNet:
    """The shipped outcome network (cached after the first load), or the one in
    ``path``.

    Raises:
        WeightsError: the file is missing, malformed or fitted on other features.
    """
    global _LOADED
    if path is None and _LOADED is not None:
        return _LOADED
    p = outcome_weights_path() if path is None else path
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WeightsError(f"cannot read {p}: {exc}") from exc
    net = OutcomeNet.from_json(data)
    if path is None:
        _LOADED = net
    return net
