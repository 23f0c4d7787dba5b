"""``Phase`` is a ``str`` enum: it equals, hashes, prints and serialises as the plain
strings that tools, tests and saves have always used."""

from __future__ import annotations

import json

from concordia.core import GameState, Phase
from concordia.core.record import PHASES
from tests.core.helpers import game, play


def test_a_phase_is_its_string() -> None:
    architect: Phase = Phase("architect")
    assert architect == "architect"
    assert architect is Phase.ARCHITECT
    assert hash(Phase.ARCHITECT) == hash("architect")
    assert {"architect": 1}[Phase.ARCHITECT] == 1
    assert str(Phase.ARCHITECT) == "architect"
    assert f"{Phase.OVER!r}" == "'over'"
    assert json.dumps(Phase.FIRST_BUY) == '"first_buy"'
    # The same strings, in the same order, as the snapshot format has always had.
    old: tuple[str, ...] = ("card", "architect", "prefect", "mercator", "colonist", "tribune")
    old += ("diplomat", "senator", "consul", "overflow", "first_buy", "over")
    assert tuple(p.value for p in Phase) == old
    assert old == PHASES


def test_the_state_holds_a_phase_and_saves_its_string() -> None:
    s = play(game("imperium", 4, 3), "play architect")
    assert s.phase is Phase.ARCHITECT
    d = s.to_dict()
    assert type(d["phase"]) in (str, Phase) and json.loads(json.dumps(d))["phase"] == "architect"
    back = GameState.from_dict(json.loads(json.dumps(d)))
    assert back.phase is Phase.ARCHITECT
    assert back == s


def test_a_plain_string_phase_still_works() -> None:
    # Tools and tests that set a phase as a string keep working.
    s = game("imperium", 4, 3)
    s.phase = "card"  # type: ignore[assignment]
    assert s.legal_actions() == game("imperium", 4, 3).legal_actions()
    assert s.current_player == 0
