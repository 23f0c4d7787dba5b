"""Features of a position for one seat, the input of expert-v1's learned evaluation.

``features(state, seat)`` returns one float per name in :data:`FEATURE_NAMES`, in that
order. The learned value (:class:`LearnedValue`) is a linear model over them, one set of
weights per player count, fitted by ``python -m concordia.tools.train_eval`` to the final
victory points of the seat in self-play games (docs/ai.md, docs/experiments/) and shipped as
``assets/ai/expert_weights.json``.

Every rule number comes from :mod:`concordia.core.data`; the per-board distance tables
are the hand-tuned evaluation's (:func:`concordia.ai.evaluate.static_for`). The weights
file names the features it was fitted on and their :func:`feature_hash`; loading refuses
a file whose hash differs (a feature added or renamed without retraining), and the file
also holds the feature values of a few fixed positions so a test catches a feature whose
computation changed without retraining.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from concordia.ai.evaluate import (
    NORMAL,
    evaluate,
    near_cities,
    own_houses,
    remaining_turns,
    static_for,
)
from concordia.core import GameState, Phase
from concordia.core.data import (
    CARDS,
    CONCORDIA_VP,
    GODS,
    GOODS,
    HOUSES_PER_PLAYER,
    JUPITER_MAX,
    MARS_MAX,
    MARS_VP_PER_COLONIST,
    MERCURIUS_MAX,
    MERCURIUS_VP_PER_GOOD,
    PRICE,
    STOREHOUSE_SPACES,
    VESTA_SESTERTII_PER_VP,
)

FEATURES_VERSION = 1
WEIGHTS_FILE = ("assets", "ai", "expert_weights.json")

_GOD_INDEX = {g: i for i, g in enumerate(GODS)}
_VESTA, _JUPITER, _SATURNUS, _MERCURIUS, _MARS, _MINERVA = (
    _GOD_INDEX[g] for g in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva")
)
_NG = len(GOODS)
_BRICK = GOODS.index("brick")
_CARD_GOD: tuple[int, ...] = tuple(_GOD_INDEX[c.god] for c in CARDS)
_CARD_SPEC: tuple[tuple[int, int], ...] = tuple(
    (GOODS.index(c.good), c.minerva_vp) if c.action == "specialist" and c.good else (-1, 0)
    for c in CARDS
)
_CARD_TRIBUNE = tuple(c.action == "tribune" for c in CARDS)
_KINDS_MAX = MERCURIUS_MAX // MERCURIUS_VP_PER_GOOD  # kinds of goods Mercurius pays for
_COLS_MAX = MARS_MAX // MARS_VP_PER_COLONIST  # colonists on the board Mars pays for

FEATURE_NAMES: tuple[str, ...] = (
    "bias",
    "turns_left",
    "fade",  # min(1, turns_left / 10)
    "score",
    *(f"god_{g.lower()}" for g in GODS),
    *(f"cards_{g.lower()}" for g in GODS),
    *(f"cards_{g.lower()}_x_turns" for g in GODS),
    "room_jupiter",  # Jupiter cards x houses it can still count (capped by turns left)
    "room_saturnus",
    "room_mercurius",
    "room_mars",
    "room_minerva",  # specialist VP per house of its good x turns left
    "money",
    "money_x_fade",
    "goods_value",
    "goods_value_x_fade",
    "vesta_remainder",  # wealth mod 10 x Vesta cards (points a few coins would add)
    *(f"goods_{g}" for g in GOODS),
    "free_space",
    "houses",
    "houses_x_fade",
    "houses_left",
    "non_brick",
    "provinces",
    "kinds",
    "colonists_board",
    "colonists_store",
    "production_x_turns",  # price of the goods of own houses x turns left (capped)
    "hand_cards",
    "hand_x_fade",
    "tribune_in_hand",
    "discard_cards",
    "near0",  # unbuilt cities a colonist stands next to
    "near1",  # ... one Architect step away
    "near2",
    "concordia",
    "praefectus",
    "hand_eval",  # the hand-tuned evaluation (concordia.ai.evaluate, normal weights)
    "lead",  # own score minus the best opponent's
)


def feature_hash(names: Sequence[str] = FEATURE_NAMES) -> str:
    """A short hash of the feature list and :data:`FEATURES_VERSION`."""
    text = f"v{FEATURES_VERSION}:" + ",".join(names)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def features(s: GameState, seat: int) -> list[float]:
    """The feature vector of ``seat`` in ``s`` (order of :data:`FEATURE_NAMES`)."""
    st = static_for(s.topo)
    p = s.players[seat]
    r = remaining_turns(s, seat)
    fade = min(1.0, r / 10.0)
    per_good, provinces, own, prod = own_houses(s, seat, st)
    count = [0] * len(GODS)
    minerva_pts = 0
    minerva_rate = 0
    tribune = 0
    hand_cards = 0
    for c in p.hand:
        count[_CARD_GOD[c]] += 1
        g, vp = _CARD_SPEC[c]
        if vp:
            minerva_pts += vp * per_good[g]
            minerva_rate += vp
        if _CARD_TRIBUNE[c]:
            tribune = 1
        else:
            hand_cards += 1
    for c in p.discard:
        count[_CARD_GOD[c]] += 1
        g, vp = _CARD_SPEC[c]
        if vp:
            minerva_pts += vp * per_good[g]
            minerva_rate += vp
    goods = p.goods
    goods_value = sum(goods[g] * PRICE[g] for g in range(_NG))
    money = p.money
    wealth = money + goods_value
    non_brick = len(own) - per_good[_BRICK]
    kinds = sum(1 for x in per_good if x)
    cols = len(p.cols)
    store_cols = p.store[0] + p.store[1]
    hl = p.houses_left
    gods = [0.0] * len(GODS)
    gods[_VESTA] = count[_VESTA] * (wealth // VESTA_SESTERTII_PER_VP)
    gods[_JUPITER] = count[_JUPITER] * min(JUPITER_MAX, non_brick)
    gods[_SATURNUS] = count[_SATURNUS] * len(provinces)
    gods[_MERCURIUS] = count[_MERCURIUS] * MERCURIUS_VP_PER_GOOD * min(_KINDS_MAX, kinds)
    gods[_MARS] = count[_MARS] * MARS_VP_PER_COLONIST * min(_COLS_MAX, cols)
    gods[_MINERVA] = float(minerva_pts)
    conc = CONCORDIA_VP if s.concordia == seat else 0
    score = sum(gods) + conc
    rc = min(r, float(HOUSES_PER_PLAYER))
    room_j = count[_JUPITER] * min(JUPITER_MAX - min(JUPITER_MAX, non_brick), hl, rc)
    room_s = count[_SATURNUS] * min(st.num_provinces - len(provinces), hl, rc)
    room_me = (
        count[_MERCURIUS] * MERCURIUS_VP_PER_GOOD * min(_KINDS_MAX - min(_KINDS_MAX, kinds), hl, rc)
    )
    room_ma = (
        count[_MARS] * MARS_VP_PER_COLONIST * min(_COLS_MAX - min(_COLS_MAX, cols), store_cols, rc)
    )
    room_mi = minerva_rate * min(hl, rc) * fade

    near = [0, 0, 0]
    if hl:
        for d in near_cities(st, p.cols, own, 2).values():
            near[d] += 1

    lead = 0.0
    if s.num_players > 1:
        lead = float(
            s.score_of(seat).total
            - max(s.score_of(o).total for o in range(s.num_players) if o != seat)
        )
    return [
        1.0,
        r,
        fade,
        float(score),
        *gods,
        *(float(x) for x in count),
        *(x * r for x in count),
        float(room_j),
        float(room_s),
        float(room_me),
        float(room_ma),
        float(room_mi),
        float(money),
        money * fade,
        float(goods_value),
        goods_value * fade,
        float(count[_VESTA] * (wealth % VESTA_SESTERTII_PER_VP)),
        *(float(x) for x in goods),
        float(STOREHOUSE_SPACES - p.used_space()),
        float(len(own)),
        len(own) * fade,
        float(hl),
        float(non_brick),
        float(len(provinces)),
        float(kinds),
        float(cols),
        float(store_cols),
        prod * min(r, 12.0),
        float(hand_cards),
        hand_cards * fade,
        float(tribune),
        float(len(p.discard)),
        float(near[0]),
        float(near[1]),
        float(near[2]),
        1.0 if s.concordia == seat else 0.0,
        1.0 if s.praefectus == seat else 0.0,
        evaluate(s, seat, NORMAL),
        lead,
    ]


class WeightsError(ValueError):
    """The weights file is missing, malformed or fitted on other features."""


class LearnedValue:
    """The linear learned evaluation: predicted final VP of a seat.

    ``weights[n]`` holds one coefficient per feature for ``n`` players; a player count
    the file does not cover uses the nearest one it does.
    """

    __slots__ = ("info", "weights")

    def __init__(self, weights: dict[int, list[float]], info: dict[str, Any] | None = None):
        if not weights:
            raise WeightsError("no weights")
        for n, w in weights.items():
            if len(w) != len(FEATURE_NAMES):
                raise WeightsError(
                    f"{len(w)} weights for {n} players, {len(FEATURE_NAMES)} features"
                )
        self.weights = weights
        self.info = info or {}

    def for_players(self, n: int) -> list[float]:
        if n in self.weights:
            return self.weights[n]
        return self.weights[min(self.weights, key=lambda k: (abs(k - n), k))]

    def value(self, s: GameState, seat: int) -> float:
        """Predicted final victory points of ``seat`` (the real score once over)."""
        if s.phase == Phase.OVER:
            return float(s.score_of(seat).total)
        w = self.for_players(s.num_players)
        return sum(a * b for a, b in zip(w, features(s, seat), strict=True))

    @classmethod
    def from_json(cls, data: Any) -> LearnedValue:
        """Parse the weights file's JSON (see :func:`concordia.tools.train_eval`)."""
        if not isinstance(data, dict):
            raise WeightsError("the weights file is not a JSON object")
        if data.get("feature_hash") != feature_hash():
            raise WeightsError(
                f"weights fitted on features {data.get('feature_hash')!r}, the code computes "
                f"{feature_hash()!r}: retrain with python -m concordia.tools.train_eval"
            )
        if list(data.get("features", [])) != list(FEATURE_NAMES):
            raise WeightsError("the weights file lists other features than the code")
        raw = data.get("weights")
        if not isinstance(raw, dict):
            raise WeightsError("no 'weights' object")
        weights = {int(k): [float(x) for x in v] for k, v in raw.items()}
        return cls(weights, {k: v for k, v in data.items() if k != "weights"})


_LOADED: LearnedValue | None = None


def weights_path() -> Path:
    from concordia.resources import resource_path

    return resource_path(*WEIGHTS_FILE)


def load_learned(path: Path | None = None) -> LearnedValue:
    """The shipped learned evaluation (cached after the first load).

    Raises:
        WeightsError: the file is missing, malformed or fitted on other features.
    """
    global _LOADED
    if path is None and _LOADED is not None:
        return _LOADED
    p = weights_path() if path is None else path
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WeightsError(f"cannot read {p}: {exc}") from exc
    lv = LearnedValue.from_json(data)
    if path is None:
        _LOADED = lv
    return lv
