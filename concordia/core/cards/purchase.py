"""Buying a display card, shared by the Senator and the Consul: the card's printed
goods (its red field), for the Senator also the goods under its display position
("any" = the buyer's choice), then the display closes up and is refilled from the
draw pile when the card is finished; buying the last card ends the game for the
buyer (rulebook, "Senator", "Consul", "End of the game")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.actions import FINISH, Action, BuyCard
from concordia.core.cost import Cost
from concordia.core.data import CARD_BY_ID, CARDS, GOOD_INDEX, GOODS

if TYPE_CHECKING:
    from concordia.core.state import GameState

ANY = "any"
_NUM_GOODS = len(GOODS)
# Extra goods under each display slot as indices, -1 for "any".
DISPLAY_EXTRA: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if g == ANY else GOOD_INDEX[g] for g in extra) for extra in data.DISPLAY_EXTRA
)


def price(s: GameState, slot: int, extra: bool) -> tuple[str, ...]:
    """The goods the card in ``slot`` costs: its printed goods and, with ``extra``
    (Senator), the goods under its display position (``"any"``: the buyer's choice);
    () for an empty slot."""
    c = s.display[slot]
    if c is None:
        return ()
    return (*CARDS[c].cost, *(data.DISPLAY_EXTRA[slot] if extra else ()))


def options(s: GameState, slot: int, extra: bool) -> list[tuple[str, ...]]:
    """The ways the acting player can pay for the card in ``slot`` (each a tuple of
    goods chosen for the "any" symbols), or [] if unaffordable. ``extra``: the goods
    under the display position are due too (Senator)."""
    c = s.display[slot]
    if c is None:
        return []
    need = [0] * _NUM_GOODS
    for name in CARDS[c].cost:
        need[GOOD_INDEX[name]] += 1
    anys = 0
    if extra:
        for x in DISPLAY_EXTRA[slot]:
            if x < 0:
                anys += 1
            else:
                need[x] += 1
    have = s.players[s.turn_player].goods
    if any(have[g] < need[g] for g in range(_NUM_GOODS)):
        return []
    if anys == 0:
        return [()]
    # At most one "any" per display position in the base game; the loop handles more.
    opts: list[tuple[str, ...]] = [()]
    for _ in range(anys):
        nxt = []
        for opt in opts:
            start = GOOD_INDEX[opt[-1]] if opt else 0
            for g in range(start, _NUM_GOODS):
                used = need[g] + sum(1 for o in opt if o == GOODS[g])
                if have[g] > used:
                    nxt.append((*opt, GOODS[g]))
        opts = nxt
    return opts


def legal(s: GameState, extra: bool) -> tuple[Action, ...]:
    out: list[Action] = []
    for slot, c in enumerate(s.display):
        if c is None:
            continue
        cid = CARDS[c].id
        for choice in options(s, slot, extra):
            out.append(BuyCard(cid, choice))
    out.append(FINISH)
    return tuple(out)


def buy(s: GameState, a: BuyCard, extra: bool, limit: int) -> None:
    """Pay for and take the card; finish the card after ``limit`` purchases."""
    p = s.players[s.turn_player]
    card = CARD_BY_ID[a.card]
    slot = s.display.index(card.index)
    goods = p.goods
    for g in card.cost:
        goods[GOOD_INDEX[g]] -= 1
    if extra:
        for x in DISPLAY_EXTRA[slot]:
            if x >= 0:
                goods[x] -= 1
        for g in a.choice:
            goods[GOOD_INDEX[g]] -= 1
    s.display[slot] = None
    p.hand.append(card.index)
    p.hand.sort()
    s._bought += 1
    if s._bought >= limit:
        s._finish_card()


def cost(s: GameState, a: BuyCard, extra: bool) -> Cost:
    card = CARD_BY_ID[a.card]
    goods: dict[str, int] = {}
    for g in card.cost:
        goods[g] = goods.get(g, 0) + 1
    if extra:
        slot = s.display.index(card.index)
        for g in data.DISPLAY_EXTRA[slot]:
            if g != ANY:
                goods[g] = goods.get(g, 0) + 1
        for g in a.choice:
            goods[g] = goods.get(g, 0) + 1
    return Cost(0, tuple(sorted(goods.items(), key=lambda kv: GOOD_INDEX[kv[0]])))


def refill_display(s: GameState) -> None:
    """Close the gaps and refill from the draw pile (when the buying card ends)."""
    cards = [c for c in s.display if c is not None]
    while len(cards) < data.DISPLAY_SIZE and s.deck:
        cards.append(s.deck.pop())
    s.display = list(cards)
    if not cards and not s.deck and s._bought:
        # Buying the last card ends the game for the buyer.
        s._trigger_end(s.turn_player)
