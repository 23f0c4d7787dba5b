"""One judge: at the start of a turn the hint's search is the review's (same agent,
budget and seed), so the card the hint proposes is the review's best play and a turn
that followed it is never called a loss (found by hand: the review called a turn that
followed the hint the costliest of the game)."""

from __future__ import annotations

import threading

import pytest

from concordia.ai.base import Limit
from concordia.core import GameState, Phase
from concordia.review import DEFAULT_ITERATIONS, Judge, judged_search, split_turns
from concordia.ui.ai_bridge import HINT_LEVEL, AIBridge
from tests.ai.positions import cheap_game


def _turn_starts(n: int) -> list[GameState]:
    record, states = cheap_game(1)
    starts = [states[t.start] for t in split_turns(record, states) if t.seat == 0]
    picked = starts[2 :: max(1, len(starts) // n)][:n]
    assert len(picked) == n and all(s.phase == Phase.CARD for s in picked)
    return picked


def test_a_hint_at_a_turn_start_asks_for_the_review_search() -> None:
    state = _turn_starts(1)[0]
    bridge = AIBridge()
    try:
        bridge.request_hint(1, state, 0)
        req = bridge.sent[-1]
        assert req.level == HINT_LEVEL
        assert (req.limit, req.seed) == judged_search(state)
        assert req.limit == Limit(iterations=DEFAULT_ITERATIONS)
    finally:
        bridge.close()


@pytest.mark.parametrize("index", [0, 1])
def test_the_hint_proposes_the_review_best_play(index: int) -> None:
    state = _turn_starts(2)[index]
    bridge = AIBridge()
    try:
        bridge.request_hint(1, state, 0)
        reply = bridge.poll(wait=120.0)
    finally:
        bridge.close()
    assert reply is not None and reply.error is None and reply.hint
    reports = Judge().search(state, DEFAULT_ITERATIONS, threading.Event())
    assert reply.options, "the expert's hint carries its searched options"
    assert reply.options[0].actions == reports[0].actions
    assert reply.action == reports[0].actions[0]
    assert [o.actions for o in reply.options] == [r.actions for r in reports[: len(reply.options)]]
