"""Setting up a new game (rulebook, "Preparation")."""

from __future__ import annotations

import random

from concordia.core import data
from concordia.core.board import BoardSpec
from concordia.core.data import CARD_BY_ID, CARDS, GOOD_INDEX, GOODS
from concordia.core.errors import ConcordiaError
from concordia.core.state import GameState, Player


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
    players = []
    for seat in range(num_players):
        p = Player.__new__(Player)
        p.seat = seat
        p.money = (data.START_MONEY_NO_GOODS if no_goods else data.START_MONEY) + seat
        p.goods = [0] * len(GOODS) if no_goods else [data.START_GOODS[g] for g in GOODS]
        p.store = list(data.START_COLONISTS_STORE)
        land, sea = data.START_COLONISTS_ROMA
        p.cols = sorted([(0, roma)] * land + [(1, roma)] * sea)
        p.houses_left = data.HOUSES_PER_PLAYER
        p.hand = list(start_hand)
        p.discard = []
        p.turns = 0
        players.append(p)

    s = GameState.__new__(GameState)
    s.board = board
    s.topo = topo
    s.num_players = num_players
    s.seed = seed
    s.step = 0
    s.intermediate_scoring = bool(intermediate_scoring)
    s.no_goods = bool(no_goods)
    s.city_goods = tuple(city_goods)
    s.province_goods = province_goods
    s.markers = [True] * topo.num_provinces
    s.houses = [0] * topo.num_cities
    s.route_occ = [0] * topo.num_routes
    s.players = players
    s.display = display
    s.deck = pile
    s.praefectus = num_players - 1  # the last player, right of the start player
    s.turn_player = 0
    s.phase = "first_buy" if no_goods else "card"
    s.points = 0
    s.concordia = None
    s.final_turns = -1
    s._card = 0
    s._traded = ()
    s._bought = 0
    s._placed = 0
    s._overflow = []
    s._first_tribune = [None] * num_players
    s._deck_hidden = False
    return s
