"""The presenters: every phase, card and action has one, and the panels ask them
instead of branching on the phase."""

from __future__ import annotations

import re
from pathlib import Path

from concordia.core import Phase
from concordia.core.actions import ACTION_TYPES
from concordia.core.data import CARDS
from concordia.ui.presenters import Presenter, card_presenters, for_card, for_phase
from concordia.ui.presenters.base import _BY_ACTION, _DEFAULT
from concordia.ui.rules_pages import CARD_KINDS, card_kind

UI = Path(__file__).resolve().parents[2] / "concordia" / "ui"


def test_every_step_card_and_action_has_its_presenter() -> None:
    for phase in Phase:
        if phase is not Phase.OVER:
            assert for_phase(phase) is not _DEFAULT, phase
            assert phase in type(for_phase(phase)).phases
    for card in CARDS:
        presenter = for_card(card.action)
        assert presenter is not _DEFAULT and type(presenter).card == card.action, card.id
    assert set(ACTION_TYPES) <= set(_BY_ACTION)  # the words of every action
    assert len(card_presenters()) == len({c.action for c in CARDS})
    assert all(isinstance(p, Presenter) for p in card_presenters())


def test_every_card_has_its_rules_page() -> None:
    assert {card_kind(c) for c in CARDS} == set(CARD_KINDS)


def test_the_panels_do_not_branch_on_the_phase() -> None:
    # The game window's panels ask only about "between cards" (Phase.CARD); in all of
    # concordia/ui outside the presenters, at most ten lines name a phase (the guide's
    # lessons, the benchmark's positions).
    def phase_lines(where: Path, pattern: str) -> list[str]:
        return [
            f"{path.relative_to(UI)}: {line.strip()}"
            for path in where.rglob("*.py")
            if "presenters" not in path.parts
            for line in path.read_text(encoding="utf-8").splitlines()
            if re.search(pattern, line)
        ]

    assert phase_lines(UI / "game", r"Phase\.(?!CARD\b)") == []
    assert phase_lines(UI / "scenes", r"Phase\.(?!CARD\b)") == []
    assert len(phase_lines(UI, r"Phase\.")) <= 10
    # Nor do the panels, the card faces and the screens branch on a card's action.
    for where in ("game", "render", "scenes"):
        assert phase_lines(UI / where, r"\.action (==|!=|in) ") == []
