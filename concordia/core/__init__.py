"""The rules of Concordia (base game), as a pure-Python library.

Standard library only: no pygame, pytmx, appdirs, threads, file I/O or global
``random``. Terms follow the rulebook: Tribune, Architect, Prefect, Mercator,
Colonist, Diplomat, Senator, Consul, the specialists (Mason, Farmer, Smith, Vintner,
Weaver), storehouse, bonus marker, Praefectus Magnus, display, Concordia card.

>>> from concordia.maps import load_board
>>> state = new_game(load_board("imperium"), num_players=4, seed=42)
>>> action = state.legal_actions()[0]
>>> str(action)
'play tribune'
>>> state.apply(action).step
1
"""

from __future__ import annotations

from concordia.core.actions import (
    Action,
    Build,
    BuyCard,
    Cash,
    Copy,
    Discard,
    Finish,
    Move,
    Place,
    PlayCard,
    Produce,
    Trade,
    parse_action,
)
from concordia.core.board import BoardSpec, CitySpec, ProvinceSpec, RouteSpec
from concordia.core.cost import Cost
from concordia.core.errors import (
    BoardError,
    ConcordiaError,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
)
from concordia.core.phase import CardAction, Phase
from concordia.core.record import GameRecord, replay
from concordia.core.scoring import Outcome, Score
from concordia.core.setup import new_game
from concordia.core.state import GameState

__all__ = [
    "Action",
    "BoardError",
    "BoardSpec",
    "Build",
    "BuyCard",
    "CardAction",
    "Cash",
    "CitySpec",
    "ConcordiaError",
    "Copy",
    "Cost",
    "Discard",
    "Finish",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "Move",
    "Outcome",
    "Phase",
    "Place",
    "PlayCard",
    "Produce",
    "ProvinceSpec",
    "RouteSpec",
    "Score",
    "Trade",
    "new_game",
    "parse_action",
    "replay",
]
