"""Senator and Consul, one rule with two settings: buy display cards at the card's
printed goods (its red field). The Senator buys up to two and pays the goods under
each card's display position too ("any" = the buyer's choice); the Consul buys one at
its printed goods only, whatever its position. The display closes up and is refilled
from the draw pile when the card is finished; buying the last card ends the game for
the buyer (rulebook, "Senator", "Consul", "End of the game")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.core import data
from concordia.core.actions import FINISH, Action, BuyCard
from concordia.core.cards.base import CardRule, PhaseRule
from concordia.core.cost import Cost
from concordia.core.data import CARD_BY_ID, CARDS, GOOD_INDEX, GOODS
from concordia.core.phase import CONSUL, SENATOR, CardAction, Phase

if TYPE_CHECKING:
    from concordia.core.player import Player
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


def buy(s: GameState, a: BuyCard, extra: bool) -> None:
    """Pay for the card (with ``extra``: the goods under its position too) and take it."""
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


def buy_cost(s: GameState, a: BuyCard, extra: bool) -> Cost:
    """The goods paying for ``a`` (with ``extra``: those under the card's position too)."""
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
    if not cards and not s.deck and s.bought:
        # Buying the last card ends the game for the buyer.
        s.trigger_end(s.turn_player)


class Purchase(CardRule, PhaseRule):
    """Buy up to ``limit`` display cards; ``extra``: the goods under each card's display
    position are due too."""

    priced = (BuyCard,)

    def __init__(self, action: CardAction, phase: Phase, limit: int, extra: bool) -> None:
        self.action = action
        self.phase = phase
        self.limit = limit
        self.extra = extra

    def begin(self, s: GameState, p: Player, card: int) -> None:
        s.phase = self.phase
        s.start_purchases()

    def legal(self, s: GameState) -> tuple[Action, ...]:
        extra = self.extra
        out: list[Action] = []
        for slot, c in enumerate(s.display):
            if c is None:
                continue
            cid = CARDS[c].id
            for choice in options(s, slot, extra):
                out.append(BuyCard(cid, choice))
        out.append(FINISH)
        return tuple(out)

    def apply(self, s: GameState, a: Action) -> None:
        if isinstance(a, BuyCard):
            buy(s, a, self.extra)
            if s.record_purchase() >= self.limit:
                self.finish(s)
        else:
            self.finish(s)

    def cost(self, s: GameState, a: Action) -> Cost:
        return buy_cost(s, a, self.extra) if isinstance(a, BuyCard) else Cost()

    def finish(self, s: GameState) -> None:
        refill_display(s)
        s.end_turn()


SENATOR_CARDS = 2
CONSUL_CARDS = 1
SENATOR_RULE = Purchase(CardAction.SENATOR, SENATOR, SENATOR_CARDS, extra=True)
CONSUL_RULE = Purchase(CardAction.CONSUL, CONSUL, CONSUL_CARDS, extra=False)
