"""Setting up a new game (rulebook, "Preparation")."""

from __future__ import annotations

import random

from concordia.core import data
from concordia.core.board import BoardSpec
from concordia.core.data import CARD_BY_ID, CARDS, GOOD_INDEX, GOODS
from concordia.core.errors import ConcordiaError
from concordia.core.phase import Phase
from concordia.core.player import Player
from concordia.core.state import GameState


def new_game(
    board: BoardSpec,
    num_players: int = 4,
    seed: int = 0,
    *,
    intermediate_scoring: bool = False,
    no_goods: bool = False,
) -> GameState:
    """Deal a new game. All shuffling happens here, from ``seed`` alone.

    Args:
        board: the board (see :func:`concordia.maps.load_board`).
        num_players: 2 to 5 (the rulebook recommends Imperium 3-5, Italia 2-4).
        seed: any integer; the same seed and actions give the same game.
        intermediate_scoring: the optional intermediate scoring at each first Tribune.
        no_goods: the "start without goods" variant (money 25, 26, ...; goods may be
            bought at storehouse prices on each player's first turn).

    Raises:
        ConcordiaError: unsupported player count, or a board the tokens cannot fill.

    >>> from concordia.maps import load_board
    >>> s = new_game(load_board("italia"), num_players=2, seed=7)
    >>> s.current_player, len(s.display), s.players[1].money
    (0, 7, 6)
    """
    if not isinstance(num_players, int) or not (
        data.MIN_PLAYERS <= num_players <= data.MAX_PLAYERS
    ):
        raise ConcordiaError(
            f"Concordia is played by {data.MIN_PLAYERS} to "
            f"{data.MAX_PLAYERS} players, not {num_players!r}"
        )
    topo = board.topology()
    rng = random.Random(f"concordia/{seed}")

    # City tokens: shuffled per letter, one on every city of that letter, face up.
    city_goods = [-1] * topo.num_cities
    for letter in sorted(data.CITY_TOKENS):
        cities = [c for c in range(topo.num_cities) if topo.city_letter[c] == letter]
        if not cities:
            continue
        tokens = [GOOD_INDEX[g] for g in GOODS for _ in range(data.CITY_TOKENS[letter][g])]
        if len(cities) > len(tokens):
            raise ConcordiaError(
                f"board {board.name!r} has {len(cities)} cities with letter "
                f"{letter} but there are only {len(tokens)} tokens"
            )
        rng.shuffle(tokens)
        for c, g in zip(cities, tokens, strict=False):
            city_goods[c] = g
    # Bonus markers: each province shows the most valuable good of its cities.
    province_goods = tuple(max(city_goods[c] for c in cities) for cities in topo.province_cities)

    # Cards for sale: decks I..N (I..II for two players), each shuffled on its own,
    # stacked with deck I on top; the top 7 go to the display.
    used = data.DECKS[: max(2, num_players)]
    pile: list[int] = []  # top card last
    for deck in reversed(used):
        cards = [c.index for c in CARDS if c.deck == deck]
        rng.shuffle(cards)
        pile.extend(cards)
    display: list[int | None] = []
    for _ in range(data.DISPLAY_SIZE):
        display.append(pile.pop())

    start_hand = sorted(CARD_BY_ID[c].index for c in data.STARTING_HAND)
    roma = topo.capital
    land, sea = data.START_COLONISTS_ROMA
    players = [
        Player(
            seat=seat,
            money=(data.START_MONEY_NO_GOODS if no_goods else data.START_MONEY) + seat,
            goods=[0] * len(GOODS) if no_goods else [data.START_GOODS[g] for g in GOODS],
            store=list(data.START_COLONISTS_STORE),
            cols=sorted([(0, roma)] * land + [(1, roma)] * sea),
            houses_left=data.HOUSES_PER_PLAYER,
            hand=list(start_hand),
            discard=[],
            turns=0,
        )
        for seat in range(num_players)
    ]
    return GameState(
        board=board,
        topo=topo,
        num_players=num_players,
        seed=seed,
        intermediate_scoring=bool(intermediate_scoring),
        no_goods=bool(no_goods),
        city_goods=tuple(city_goods),
        province_goods=province_goods,
        markers=[True] * topo.num_provinces,
        houses=[0] * topo.num_cities,
        route_occ=[0] * topo.num_routes,
        players=players,
        display=display,
        deck=pile,
        praefectus=num_players - 1,  # the last player, right of the start player
        phase=Phase.FIRST_BUY if no_goods else Phase.CARD,
        _overflow=[],
        _first_tribune=[None] * num_players,
    )
