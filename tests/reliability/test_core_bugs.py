"""Core bugs found by the reliability work (now fixed in the core).

Each test reproduced a bug before its fix in the core and guards against its return.
"""

from __future__ import annotations

import dataclasses

from reliability_support import board

from concordia.core import (
    ConcordiaError,
    GameState,
    InvalidNotationError,
    new_game,
    parse_action,
)


def test_city_letter_without_tokens_is_refused() -> None:
    """Found by the save fuzzer: a save whose stored board has a city letter ``"Ax"``.

    ``concordia.maps`` refuses such a map, but ``BoardSpec.validate()`` (and so
    ``record.board_from_dict`` for a board stored in a snapshot) accepts it. ``new_game``
    then skips the letter (``setup.py``: ``if not cities: continue``), leaving
    ``city_goods[c] == -1`` for a city that is not the capital: the snapshot of that
    state is refused by ``GameState.from_dict`` ("unknown good None"), and a house
    there would produce ``goods[-1]`` (cloth) under the Prefect.
    """
    real = board("italia")
    odd = tuple(
        dataclasses.replace(c, letter="Ax") if i == 1 else c for i, c in enumerate(real.cities)
    )
    broken = dataclasses.replace(real, cities=odd, _topology=None)  # no cached topology
    try:
        broken.validate()
        state = new_game(broken, 3, 1)
    except ConcordiaError:
        return  # the fix: the board (or the deal) is refused
    GameState.from_dict(state.to_dict(), broken)  # raises InvalidRecordError today


def test_copy_with_a_superscript_digit_is_invalid_notation() -> None:
    """``actions.py`` checks the seat of ``copy`` with ``str.isdigit()``, which is True
    for "²" (and other Unicode digits that ``int()`` refuses), then calls ``int()``:
    the result is ``ValueError: invalid literal for int()`` instead of
    :class:`InvalidNotationError`. (``"copy \u0661"``, an Arabic-Indic one, is parsed
    as seat 1, which is harmless.) Fix: ``args[0].isascii() and args[0].isdigit()``, or
    ``try: int(...) except ValueError``."""
    try:
        parse_action("copy \u00b2")
    except InvalidNotationError:
        return
    except ValueError as exc:
        raise AssertionError(f"bare {type(exc).__name__}: {exc}") from exc
