"""The reasons of a play, read from the positions before and after it (concordia.advice)."""

from __future__ import annotations

from collections.abc import Sequence

from concordia.advice import given_up, play_reasons, provinces_of
from concordia.core import (
    Action,
    Build,
    Copy,
    Discard,
    Finish,
    GameState,
    Move,
    Phase,
    PlayCard,
    Produce,
    new_game,
    parse_action,
)
from concordia.core.data import CARDS, GODS
from concordia.core.scoring import wealth
from concordia.maps import load_board
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


def _play(state: GameState, actions: Sequence[Action]) -> GameState:
    for a in actions:
        state = state.apply(a)
    return state


def _whole(state: GameState, card: str) -> list[Action]:
    """``card`` played from ``state`` to the end of the turn, each step the first legal
    one (a Finish where there is one: no purchase, no placement)."""
    actions: list[Action] = [PlayCard(card)]
    s = state.apply(actions[0])
    while not s.is_terminal() and s.turn_player == state.turn_player and s.phase != Phase.CARD:
        legal = s.legal_actions()
        a = Finish() if Finish() in legal else legal[0]
        actions.append(a)
        s = s.apply(a)
    return actions


def test_a_house_built_where_the_opponents_colonist_could_build_next_is_reached_first() -> None:
    # Italia's first turn: both seats' colonists stand in Roma and both hold an
    # Architect, so the other seat could build in Hadria next turn.
    start = new_game(load_board("italia"), 2, 3)
    play: list[Action] = [PlayCard("architect"), Move("land", "roma", "hadria-spoletum")]
    play.append(Build("hadria"))
    reasons = play_reasons(start, play, 0)
    reach = [r for r in reasons if r.key == "reach_first"]
    assert [(r.seat, r.place) for r in reach] == [(1, "hadria")]
    # The claim, by the rules: in its next turn the other seat's Architect can move a
    # colonist next to Hadria and build there (given the goods and coins).
    s = _play(start, [*play, Finish()])
    assert s.turn_player == 1
    s.players[1].money, s.players[1].goods = 50, [5] * 5
    s = s.apply(PlayCard("architect"))
    assert any(
        Build("hadria") in s.apply(m).legal_actions()
        for m in s.legal_actions()
        if isinstance(m, Move)
    )
    # Without an Architect (or a Diplomat to copy one) the other seat cannot: no reason.
    no_architect = start.copy()
    no_architect.players[1].hand = [
        c for c in no_architect.players[1].hand if CARDS[c].id not in ("architect", "diplomat")
    ]
    assert all(r.key != "reach_first" for r in play_reasons(no_architect, play, 0))
    # A move with no house takes no city; against the house, it gives the city up.
    moved = play_reasons(start, play[:2], 0)
    assert all(r.key != "reach_first" for r in moved)
    lost = [(r.key, r.seat, r.place) for r in given_up(reasons, moved)]
    assert ("gives_up_reach", 1, "hadria") in lost


def test_a_play_that_leaves_the_opponents_diplomat_nothing_that_pays_says_so() -> None:
    # Seat 0 played a Mercator (a copy pays 3 sestertii); seat 1, holding a Diplomat,
    # played its Tribune. A Senator on top of seat 0's pile pays nothing when copied.
    s = new_game(load_board("italia"), 2, 3)
    s = _play(s, [PlayCard("mercator"), Finish(), PlayCard("tribune"), Finish()])
    assert s.turn_player == 0 and s.discard(0) == ["mercator"] and "diplomat" in s.hand(1)
    senator = _whole(s, "senator")
    told = [r for r in play_reasons(s, senator, 0) if r.key == "no_copy"]
    assert [(r.seat, r.n) for r in told] == [(1, 1)]
    # The claim, by the rules: in seat 1's turn, no copy and no step of it raises its
    # sestertii and goods.
    after = _play(s, senator)
    assert after.turn_player == 1
    base = wealth(after.players[1])
    d = after.apply(PlayCard("diplomat"))
    for copy in d.legal_actions():
        c = d.apply(copy)
        assert wealth(c.players[1]) <= base, copy
        if c.turn_player == 1 and not c.is_terminal():
            assert all(wealth(c.apply(a).players[1]) <= base for a in c.legal_actions())
    # A Prefect on top pays (a copy produces): no such reason, and against the Senator
    # it gives that up.
    prefect = _whole(s, "prefect")
    produced = play_reasons(s, prefect, 0)
    assert all(r.key != "no_copy" for r in produced)
    lost = [(r.key, r.seat, r.n) for r in given_up(play_reasons(s, senator, 0), produced)]
    assert ("gives_up_copy", 1, 1) in lost
    # Without a Diplomat in the other hand: no such reason.
    alone = s.copy()
    alone.players[1].hand = [c for c in alone.players[1].hand if CARDS[c].id != "diplomat"]
    assert all(r.key != "no_copy" for r in play_reasons(alone, senator, 0))


def test_a_game_ended_level_on_points_is_told_by_the_tie_break() -> None:
    # Italia's opening position made the last turn: both seats hold the same cards and
    # goods and 7 points each, and a Tribune with an empty pile changes neither.
    start = new_game(load_board("italia"), 2, 3)
    start.final_turns = 1
    play = _whole(start, "tribune")
    for holder, key in ((0, "end_tie_win"), (1, "end_tie_lose")):
        s = start.copy()
        s.praefectus = holder  # the tie-break: the Praefectus Magnus holder wins
        after = _play(s, play)
        assert after.is_terminal()
        totals = [sc.total for sc in after.scores()]
        assert totals[0] == totals[1]
        assert (after.outcome().winner == 0) == (key == "end_tie_win")
        reasons = play_reasons(s, play, 0)
        assert reasons[0].key == key
        # Won on the tie-break, the end is what a play that does not end it gives up.
        gave = [r.key for r in given_up(reasons, [])]
        assert ("gives_up_end" in gave) == (key == "end_tie_win")


def _land_colonists(state: GameState, seat: int, routes: Sequence[str]) -> None:
    """Put ``seat``'s colonists on the land ``routes`` alone (a test position)."""
    topo = state.topo
    nc = topo.num_cities
    for _kind, loc in state.players[seat].cols:
        if loc >= nc:
            state.route_occ[loc - nc] -= 1
    locs = [topo.route_by_slug[(0, r)] for r in routes]
    for r in locs:
        state.route_occ[r] += 1
    state.players[seat].cols = sorted((0, nc + r) for r in locs)


def test_a_colonist_on_the_last_free_route_to_a_city_reaches_it_first() -> None:
    # Bauzanum has two routes, both land. Seat 0 stands on one and moves its other
    # colonist onto the second; seat 1's colonist (one step away) is shut out.
    start = new_game(load_board("italia"), 2, 3)
    _land_colonists(start, 0, ["aquileia-bauzanum", "mutina-verona"])
    _land_colonists(start, 1, ["comum-verona"])
    play: list[Action] = [PlayCard("architect"), Move("land", "mutina-verona", "bauzanum-verona")]
    play.append(Finish())
    reach = [r for r in play_reasons(start, play, 0) if r.key == "reach_first"]
    assert [(r.seat, r.place) for r in reach] == [(1, "bauzanum")]
    # The claim, by the rules: had seat 0 not moved, seat 1's Architect could build in
    # Bauzanum; after the move it cannot.
    stay: list[Action] = [PlayCard("architect"), Finish()]
    for actions, can in ((stay, True), (play, False)):
        s = _play(start, actions)
        assert s.turn_player == 1
        s.players[1].money, s.players[1].goods = 50, [5] * 5
        s = s.apply(PlayCard("architect"))
        reached = any(
            Build("bauzanum") in s.apply(m).legal_actions()
            for m in s.legal_actions()
            if isinstance(m, Move)
        )
        assert reached == can
        assert all(r.key != "reach_first" for r in play_reasons(start, actions, 0)) == can
