"""One seat's belongings and its storehouse (rulebook: "Storehouse")."""

from __future__ import annotations

from concordia.core import data

_CAP = data.STOREHOUSE_SPACES


class Player:
    """One seat's belongings. Read freely; only the state's rules change them."""

    __slots__ = (
        "cols",
        "discard",
        "goods",
        "hand",
        "houses_left",
        "money",
        "seat",
        "store",
        "turns",
    )

    seat: int
    money: int
    goods: list[int]  # units per good, in GOODS order
    store: list[int]  # colonists waiting in the storehouse: [land, sea]
    cols: list[tuple[int, int]]  # colonists on the board: (kind, location) sorted
    houses_left: int
    hand: list[int]  # card indices, sorted
    discard: list[int]  # card indices, top of the pile last
    turns: int  # turns completed

    def __init__(
        self,
        seat: int,
        money: int,
        goods: list[int],
        store: list[int],
        cols: list[tuple[int, int]],
        houses_left: int,
        hand: list[int],
        discard: list[int],
        turns: int,
    ) -> None:
        self.seat = seat
        self.money = money
        self.goods = goods
        self.store = store
        self.cols = cols
        self.houses_left = houses_left
        self.hand = hand
        self.discard = discard
        self.turns = turns

    def copy(self) -> Player:
        # Field by field (not through __init__): copy() is on every search step.
        p = Player.__new__(Player)
        p.seat = self.seat
        p.money = self.money
        p.goods = self.goods[:]
        p.store = self.store[:]
        p.cols = self.cols[:]
        p.houses_left = self.houses_left
        p.hand = self.hand[:]
        p.discard = self.discard[:]
        p.turns = self.turns
        return p

    def used_space(self) -> int:
        """Storehouse spaces in use (goods plus waiting colonists)."""
        return sum(self.goods) + self.store[0] + self.store[1]

    def free_space(self) -> int:
        return _CAP - self.used_space()
