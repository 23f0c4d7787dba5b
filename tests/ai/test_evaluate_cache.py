"""The evaluation's caches never change a value: every evaluation equals one computed
with empty caches, whatever was cached before (other positions, other deals)."""

from __future__ import annotations

import random

from concordia.ai import evaluate as ev
from concordia.ai.evaluate import EASY, NORMAL, Weights, evaluate
from concordia.core import BoardSpec, GameState, new_game

WEIGHT_SETS = (NORMAL, EASY, Weights())


def _fresh(s: GameState, seat: int, w: Weights) -> float:
    # The same evaluation with both caches emptied first (refilled by this call).
    ev._BOARD_CACHE.clear()
    ev._CARDS_CACHE.clear()
    return evaluate(s, seat, w)


def _positions(board: BoardSpec, players: int, seed: int) -> list[GameState]:
    # Every 7th position of a random game: houses, colonists, hands and discard piles
    # change along it, so keys of earlier positions are in the caches when later ones
    # are evaluated.
    s = new_game(board, players, seed)
    rng = random.Random(seed)
    out = [s.copy()]
    while s.phase != "over" and len(out) < 60:
        for _ in range(7):
            if s.phase == "over":
                break
            s = s.apply(rng.choice(s.legal_actions()))
        out.append(s.copy())
    return out


def test_cached_evaluations_equal_fresh_ones(boards: dict[str, BoardSpec]) -> None:
    for name, players, seed in (("italia", 2, 3), ("imperium", 4, 8)):
        positions = _positions(boards[name], players, seed)
        cached: list[float] = []
        ev._BOARD_CACHE.clear()
        ev._CARDS_CACHE.clear()
        # Evaluate everything twice with the caches kept (the second pass hits them),
        # then each position alone.
        for _ in range(2):
            cached = [
                evaluate(s, seat, w)
                for s in positions
                for seat in range(players)
                for w in WEIGHT_SETS
            ]
        fresh = [
            _fresh(s, seat, w) for s in positions for seat in range(players) for w in WEIGHT_SETS
        ]
        assert cached == fresh
        assert len(set(fresh)) > len(positions)  # the positions really differ


def test_same_houses_and_colonists_on_another_deal(boards: dict[str, BoardSpec]) -> None:
    # At the start of two deals of one board nobody has a house and every colonist is in
    # the capital: only the city goods differ, and the cities worth aiming for with them.
    a, b = (new_game(boards["imperium"], 4, seed) for seed in (1, 2))
    assert a.city_goods != b.city_goods
    assert a.houses == b.houses and a.players[0].cols == b.players[0].cols
    first = evaluate(a, 0)
    second = evaluate(b, 0)
    assert second == _fresh(b, 0, NORMAL)
    assert first == _fresh(a, 0, NORMAL)
    assert first != second


def test_caches_stay_bounded(boards: dict[str, BoardSpec]) -> None:
    positions = _positions(boards["italia"], 2, 11)
    size = ev._BOARD_CACHE_SIZE
    try:
        ev._BOARD_CACHE_SIZE = 5
        for s in positions:
            evaluate(s, 0)
            assert len(ev._BOARD_CACHE) <= 5 and len(ev._CARDS_CACHE) <= 5
    finally:
        ev._BOARD_CACHE_SIZE = size
