"""The reasons of a play, read from the positions before and after it (concordia.advice)."""

from __future__ import annotations

from concordia.advice import given_up, play_reasons, provinces_of
from concordia.core import Copy, Discard, Produce, parse_action
from concordia.core.data import CARDS, GODS
from concordia.review import split_turns
from tests.learn.test_game_review import _cheap_game


def test_the_reasons_of_every_turn_of_a_game_agree_with_the_rules() -> None:
    record, states = _cheap_game(1)
    seen: set[str] = set()
    for turn in split_turns(record, states):
        start, end = states[turn.start], states[turn.end]
        actions = []
        s = start
        for text in turn.actions:
            a = parse_action(text, s)
            actions.append(a)
            s = s.apply(a)
        reasons = play_reasons(start, actions, turn.seat)
        keys = [r.key for r in reasons]
        seen.update(keys)
        # Each god's gain is the core's score change for that god.
        before, after = start.score_of(turn.seat).gods, end.score_of(turn.seat).gods
        gains = {g: after[g] - before[g] for g in GODS if after[g] > before[g]}
        told = {r.god: r.n for r in reasons if r.key in ("god", "province")}
        assert told == gains, (turn.index, told, gains)
        held = end.players[turn.seat]
        saturnus = sum(1 for c in (*held.hand, *held.discard) if CARDS[c].god == "Saturnus")
        assert all(r.cards == saturnus for r in reasons if r.key == "province")
        # "A new province" only where the seat built in one (not for a card bought).
        grew = provinces_of(end, turn.seat) > provinces_of(start, turn.seat)
        assert grew or "province" not in keys, (turn.index, keys)
        copies = [a for a in actions if isinstance(a, Copy)]
        if copies:
            pile = start.players[copies[0].seat].discard
            want = CARDS[pile[-1]].id
            assert any(r.key == "copies" and r.card == want for r in reasons)
        mine = [
            a
            for a, m in zip(actions, turn.movers, strict=True)
            if m == turn.seat and isinstance(a, Discard)
        ]
        assert sum(r.n for r in reasons if r.key == "discard") == len(mine)
        produced = any(isinstance(a, Produce) for a in actions)
        assert ("praefectus" in keys) == (produced and start.praefectus == turn.seat)
        if end.is_terminal():
            assert keys[0] in ("end_win", "end_lose")
        elif start.concordia is None and end.concordia == turn.seat:
            assert keys[0] in ("end_trigger", "end_trigger_behind")
        # A play gives up nothing against itself.
        assert given_up(reasons, reasons) == []
    # Seed 1 has each of these (the game's last turn is the loser's).
    assert {"god", "province", "copies", "praefectus", "end_trigger", "end_lose"} <= seen
    assert "discard" in seen
