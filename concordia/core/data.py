"""Every number of the base game in one place (rulebook and reference data).

Facts marked LOW CONFIDENCE come from a single source (see the project's
reference SOURCES.md); change them here and nowhere else.
"""

from __future__ import annotations

from typing import Final

from concordia.core.phase import CardAction

# Goods in increasing value. Index order is used everywhere in the core.
GOODS: Final = ("brick", "food", "tool", "wine", "cloth")
BRICK, FOOD, TOOL, WINE, CLOTH = range(5)
GOOD_INDEX: Final = {g: i for i, g in enumerate(GOODS)}

# Bank price to buy or sell one unit (Mercator) and the Vesta valuation.
PRICE: Final = (3, 4, 5, 6, 7)

# Coin cost of a house by city good, before the "houses after building" multiplier.
HOUSE_COINS: Final = (1, 2, 3, 4, 5)

# City tokens per letter (shuffled per letter at setup). B: medium confidence
# (two implementations agree; one setup helper says food 3 / tool 1).
CITY_TOKENS: Final[dict[str, dict[str, int]]] = {
    "A": {"brick": 2, "food": 2, "tool": 1, "wine": 1, "cloth": 1},
    "B": {"brick": 2, "food": 2, "tool": 2, "wine": 1, "cloth": 1},
    "C": {"brick": 3, "food": 2, "tool": 2, "wine": 2, "cloth": 1},
    "D": {"brick": 1, "food": 1, "tool": 1, "wine": 1, "cloth": 1},
}

# Coins on the back of a bonus marker, by the good on its front.
# LOW CONFIDENCE: only one implementation gives this mapping (cloth 1, others 2);
# the 1-or-2 range itself is confirmed.
MARKER_COINS: Final = {"brick": 2, "food": 2, "tool": 2, "wine": 2, "cloth": 1}

STOREHOUSE_SPACES: Final = 12
HOUSES_PER_PLAYER: Final = 15
COLONISTS_PER_KIND: Final = 3  # land and sea each; 6 in all
START_GOODS: Final = {"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 1}
START_COLONISTS_ROMA: Final = (1, 1)  # (land, sea)
START_COLONISTS_STORE: Final = (2, 2)
START_MONEY: Final = 5  # seat 0 gets 5, seat 1 gets 6, ...
START_MONEY_NO_GOODS: Final = 25  # "start without goods" variant: 25, 26, ...
COLONIST_COST: Final = ("food", "tool")
TRIBUNE_FREE_CARDS: Final = 3  # +1 sestertius per card taken back beyond this
COLONIST_CASH_BASE: Final = 5  # Colonist cash option: 5 + 1 per colonist on the board
CONCORDIA_VP: Final = 7
DISPLAY_SIZE: Final = 7
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
INTERMEDIATE_REWARDS: Final = (2, 1)  # sestertii to first and second (option)

# Extra goods under each display position (1..7), paid by the Senator only.
DISPLAY_EXTRA: Final = (
    (),
    ("any",),
    ("any",),
    ("cloth",),
    ("cloth",),
    ("any", "cloth"),
    ("cloth", "cloth"),
)

GODS: Final = ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva")
VESTA_SESTERTII_PER_VP: Final = 10  # Vesta: 1 VP per full 10 sestertii of wealth
JUPITER_MAX: Final = 15
MERCURIUS_VP_PER_GOOD: Final = 2  # per kind of good the player's houses produce
MERCURIUS_MAX: Final = 10
MARS_VP_PER_COLONIST: Final = 2  # per colonist on the board
MARS_MAX: Final = 12

DECKS: Final = ("I", "II", "III", "IV", "V")


class CardDef:
    """One printed personality card (immutable); ``action`` is its :class:`CardAction`."""

    __slots__ = (
        "action",
        "cost",
        "deck",
        "god",
        "good",
        "id",
        "index",
        "minerva_vp",
        "name",
        "name_de",
        "sestertii",
    )

    def __init__(
        self,
        index: int,
        id: str,
        name: str,
        name_de: str,
        action: str,
        god: str,
        cost: tuple[str, ...] = (),
        deck: str | None = None,
        sestertii: int = 0,
        good: str | None = None,
        minerva_vp: int = 0,
    ) -> None:
        self.index = index
        self.id = id
        self.name = name
        self.name_de = name_de
        self.action = CardAction(action)  # ValueError for an unknown action
        self.god = god
        self.cost = cost
        self.deck = deck
        self.sestertii = sestertii
        self.good = good
        self.minerva_vp = minerva_vp

    def __repr__(self) -> str:
        return f"CardDef({self.id!r})"


def _cards() -> tuple[CardDef, ...]:
    rows: list[
        tuple[str, str, str, str, str, tuple[str, ...], str | None, int, str | None, int]
    ] = [
        # id, name, German, action, god, cost, deck, sestertii, good, minerva vp
        ("tribune", "Tribune", "Tribun", "tribune", "Mars", (), None, 0, None, 0),
        ("architect", "Architect", "Architekt", "architect", "Jupiter", (), None, 0, None, 0),
        ("prefect", "Prefect", "Praefekt", "prefect", "Saturnus", (), None, 0, None, 0),
        ("mercator", "Mercator", "Mercator", "mercator", "Mercurius", (), None, 3, None, 0),
        ("diplomat", "Diplomat", "Diplomat", "diplomat", "Jupiter", (), None, 0, None, 0),
        ("senator", "Senator", "Senator", "senator", "Vesta", (), None, 0, None, 0),
    ]
    arch = ("Architect", "Architekt", "architect", "Jupiter", ("tool",))
    pref = ("Prefect", "Praefekt", "prefect", "Saturnus", ("wine",))
    merc = ("Mercator", "Mercator", "mercator", "Mercurius", ("wine",))
    colo = ("Colonist", "Kolonist", "colonist", "Mars", ("food",))
    cons = ("Consul", "Konsul", "consul", "Jupiter", ("cloth",))
    dipl = ("Diplomat", "Diplomat", "diplomat")
    sale: list[tuple[str, tuple[object, ...]]] = [
        ("I", arch),
        ("I", pref),
        ("I", merc),
        ("I", colo),
        ("I", (*dipl, "Saturnus", ("tool",))),
        ("I", ("Mason", "Maurer", "specialist", "Minerva", ("food",), "brick", 3)),
        ("I", ("Farmer", "Bauer", "specialist", "Minerva", ("brick", "food"), "food", 3)),
        ("I", ("Smith", "Schmied", "specialist", "Minerva", ("brick", "tool"), "tool", 3)),
        ("II", arch),
        ("II", pref),
        ("II", merc),
        ("II", colo),
        ("II", cons),
        ("II", ("Vintner", "Winzer", "specialist", "Minerva", ("brick", "wine"), "wine", 4)),
        ("II", ("Weaver", "Weber", "specialist", "Minerva", ("brick", "cloth"), "cloth", 5)),
        ("III", arch),
        ("III", pref),
        ("III", merc),
        ("III", colo),
        ("III", cons),
        ("III", (*dipl, "Saturnus", ("food",))),
        ("IV", arch),
        ("IV", pref),
        ("IV", colo),
        ("IV", cons),
        ("IV", (*dipl, "Mercurius", ("tool",))),
        ("V", pref),
        ("V", merc),
        ("V", cons),
        ("V", (*dipl, "Mars", ("food",))),
    ]
    for deck, spec in sale:
        name, name_de, action, god, cost = spec[:5]
        assert isinstance(cost, tuple)  # the goods of the price (mypy 2 needs the narrowing)
        good = spec[5] if len(spec) > 5 else None
        vp = spec[6] if len(spec) > 6 else 0
        rows.append(
            (
                f"{deck}_{str(name).lower()}",
                str(name),
                str(name_de),
                str(action),
                str(god),
                tuple(cost),
                deck,  # type: ignore[arg-type]
                5 if action == "mercator" else 0,
                good,
                vp,
            )
        )
    return tuple(CardDef(i, *row) for i, row in enumerate(rows))


CARDS: Final = _cards()
CARD_BY_ID: Final = {c.id: c for c in CARDS}
# The seven starting cards of every player (two Prefects).
STARTING_HAND: Final = (
    "tribune",
    "architect",
    "prefect",
    "prefect",
    "mercator",
    "diplomat",
    "senator",
)
