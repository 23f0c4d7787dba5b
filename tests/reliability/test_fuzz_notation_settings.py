"""Hypothesis: mutated action notation and mutated settings files never crash the loaders."""

from __future__ import annotations

import contextlib
import json
import logging
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_support import play_random

from concordia.core import GameState, InvalidNotationError, parse_action
from concordia.settings import Settings, load_settings, settings_path
from tests.hypothesis_profiles import examples

FUZZ = settings(
    max_examples=examples(300),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# ------------------------------------------------------------------ notation
def _positions() -> list[GameState]:
    """Positions in every kind of phase, from a few random games."""
    states: list[GameState] = []
    for seed, options in ((1, {}), (2, {"no_goods": True}), (3, {"intermediate_scoring": True})):
        states.extend(play_random("imperium", 4, seed=seed, steps=400, **options).states[::7])
    return states


POSITIONS = _positions()
WORDS = [
    "play",
    "move",
    "build",
    "produce",
    "cash",
    "trade",
    "place",
    "copy",
    "buy",
    "discard",
    "finish",
    "land",
    "sea",
    "roma",
    "brick",
    "food",
    "tool",
    "wine",
    "cloth",
    "+1",
    "-1",
    "+0",
    "0",
    "+999999999999999999999",
    "-3",
    "1",
    "7",
    "tribune",
    "II_consul",
    "aquileia-roma",
    "",
    "\x00",
    "é",
    "\t",
    "\u0661",
    "\u00b2",
]  # Unicode digits: isdigit() is True (see test_core_bugs)


@st.composite
def mutated_notation(draw: st.DrawFn) -> tuple[int, str]:
    index = draw(st.integers(0, len(POSITIONS) - 1))
    legal = POSITIONS[index].legal_actions() or ()
    text = str(draw(st.sampled_from(legal))) if legal else "finish"
    words = text.split(" ")
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["replace", "insert", "delete", "chars", "case", "random"]))
        i = draw(st.integers(0, max(0, len(words) - 1)))
        if op == "replace" and words:
            words[i] = draw(st.sampled_from(WORDS))
        elif op == "insert":
            words.insert(i, draw(st.sampled_from(WORDS)))
        elif op == "delete" and words:
            del words[i]
        elif op == "chars" and words:
            w = words[i]
            j = draw(st.integers(0, len(w)))
            words[i] = w[:j] + draw(st.text(max_size=3)) + w[j + 1 :]
        elif op == "case" and words:
            words[i] = words[i].upper()
        else:
            words = [draw(st.text(max_size=30))]
    return index, " ".join(words)


@FUZZ
@given(case=mutated_notation())
def test_mutated_notation_is_refused_or_legal(case: tuple[int, str]) -> None:
    index, text = case
    state = POSITIONS[index]
    try:
        action = parse_action(text, state)
    except InvalidNotationError:
        pass
    else:
        assert action in state.legal_actions()
    with contextlib.suppress(InvalidNotationError):
        parse_action(text)  # without a state: a clean error or some action


@FUZZ
@given(
    value=st.one_of(
        st.none(), st.integers(), st.binary(max_size=10), st.lists(st.text(max_size=5), max_size=3)
    )
)
def test_non_text_notation_is_refused(value: Any) -> None:
    try:
        parse_action(value, POSITIONS[3])
    except InvalidNotationError:
        return
    raise AssertionError(f"{value!r} was accepted")


def test_every_legal_action_round_trips() -> None:
    for state in POSITIONS:
        for action in state.legal_actions():
            assert parse_action(str(action), state) == action


# ------------------------------------------------------------------ settings
def _valid_settings_text() -> str:
    return json.dumps(Settings().to_dict(), indent=2, sort_keys=True) + "\n"


SETTING_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5000),
    st.floats(),
    st.text(max_size=10),
    st.sampled_from(["en", "it", "fast", "off", "imperium", "human", "easy"]),
    st.lists(st.one_of(st.integers(-5, 3000), st.text(max_size=6)), max_size=6),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


@st.composite
def mutated_settings(draw: st.DrawFn) -> bytes:
    if draw(st.booleans()):  # structural: change, delete or add keys
        data: dict[str, Any] = Settings().to_dict()
        for _ in range(draw(st.integers(1, 4))):
            key = draw(st.sampled_from([*data, "unknown_key"]))
            if draw(st.integers(0, 3)) == 0:
                data.pop(key, None)
            else:
                data[key] = draw(SETTING_VALUES)
        top: Any = data if draw(st.integers(0, 9)) else draw(SETTING_VALUES)
        return json.dumps(top, allow_nan=True).encode()
    raw = bytearray(_valid_settings_text().encode())  # bytes: flips and cuts
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(1, 6))):
        if not raw:
            break
        i = rng.randrange(len(raw))
        op = rng.choice(["flip", "cut", "insert"])
        if op == "flip":
            raw[i] ^= 1 << rng.randrange(8)
        elif op == "cut":
            del raw[i:]
        else:
            raw[i:i] = bytes([rng.randrange(256)])
    return bytes(raw)


@FUZZ
@given(data=mutated_settings())
def test_mutated_settings_give_valid_settings_and_leave_the_file(data: bytes) -> None:
    path: Path = settings_path()
    path.write_bytes(data)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    logging.disable(logging.WARNING)
    try:
        loaded = load_settings()
    finally:
        logging.disable(logging.NOTSET)
    assert isinstance(loaded, Settings)
    fields: dict[str, Any] = loaded.to_dict()
    assert Settings(**fields) == loaded  # every field passes its own check
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
