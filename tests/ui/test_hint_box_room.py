"""The hint box at small sizes: every step the stars number is shown, and a long reason
is shortened only by whole "next best" alternatives, never cut mid-sentence."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from ui_helpers import draw, game_scene

from concordia.advice import Reason
from concordia.ai.worker import AIResult, PlayOption, Purpose
from concordia.core import Action, Build, Finish, GameState, Move, PlayCard
from concordia.ui.game import hints
from concordia.ui.scenes.game import GameScene
from concordia.ui.strings import set_language

pytestmark = pytest.mark.usefixtures("pygame_display")


def _long_reasons(state: GameState, actions: Sequence[Action], seat: int) -> list[Reason]:
    """The reasons of the play the lead saw at 1024x640: the best reaches a city first,
    leaves the opponent's Diplomats nothing to copy and scores; the others none of it."""
    if isinstance(actions[0], PlayCard) and actions[0].card == "architect":
        return [
            Reason("reach_first", seat=1, place="comum"),
            Reason("no_copy", 2, seat=1),
            Reason("god", 6, "Jupiter"),
        ]
    return []


def _leaves_a_move(state: GameState, action: Action) -> bool:
    """A move after which the Architect still has a move to make (two star lines)."""
    return isinstance(action, Move) and any(
        isinstance(a, Move) for a in state.apply(action).legal_actions()
    )


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_long_hint_shows_every_step_and_cuts_no_sentence(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    # Found by hand at 1024x640: a three-step Architect hint with a long reason read
    # "Hint: play Architect / … / Why: ...", the ★ lines gone and the reason cut
    # mid-sentence, as the box kept at most 8 lines.
    monkeypatch.setattr(hints, "play_reasons", _long_reasons)
    app, scene = game_scene(["human", "easy", "easy"], 1, board_name="italia", size=size)
    set_language(language)  # after the app, which sets the language of its settings
    try:
        scene.update(0.0)
        state = scene.state
        plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
        architect = next(p for p in plays if p.card == "architect")
        others = [p for p in plays if p.card not in ("architect",)]
        options = (
            PlayOption((architect,), 130.0, None, 30.0, 0.7),
            PlayOption((others[0],), 125.0, None, 25.0, 0.55),
            PlayOption((others[1],), 120.0, None, 20.0, 0.45),
        )
        scene.request_hint()
        scene.ai.cancel()
        scene.take_reply(
            AIResult(scene.game_id, state.step, architect, purpose=Purpose.HINT, options=options)
        )
        moves = 0
        while scene.hint is not None and scene.hint.pending is not None:
            pending = scene.hint.pending
            legal = pending.legal_actions()
            move = (
                next((a for a in legal if _leaves_a_move(pending, a)), None) if moves < 1 else None
            )
            if move is None and moves < 2:
                move = next((a for a in legal if isinstance(a, Move)), None)
            build = next((a for a in legal if isinstance(a, Build)), None)
            step = move or build or next(a for a in legal if isinstance(a, Finish))
            moves += isinstance(step, Move)
            scene.take_reply(AIResult(scene.game_id, pending.step, step, purpose=Purpose.HINT))
        hint = scene.hint
        assert hint is not None and hint.done and hint.why
        steps = hints.play_words(scene, hint.actions, hint.seat)
        assert sum(1 for s in steps if s.startswith("★")) >= 3, steps
        assert _shown_reason(scene, steps) == hint.why  # room for it all at this size
        draw(app)
        # a box with less room (a smaller share of the board) drops whole alternatives
        monkeypatch.setattr(hints, "BOX_SHARE", 0.2)
        shown = _shown_reason(scene, steps)
        assert shown != hint.why and shown.endswith("…"), shown
        draw(app)
    finally:
        scene.close()
        set_language("en")


def _shown_reason(scene: GameScene, steps: list[str]) -> str:
    """The reason the hint box shows, checked: every step whole in the box, the box
    inside the board, the reason whole or shortened by whole alternatives with "…"."""
    hint = scene.hint
    assert hint is not None
    placed = hints.hint_box(scene)
    assert placed is not None
    box, lines = placed
    assert scene.lay.board.contains(box)
    text = " ".join(lines)
    for s in steps:  # every step is shown whole, the stars with it
        assert s in text, (s, lines)
    shown = text[text.index(hint.why[:12]) :]
    if shown != hint.why:
        assert shown.endswith("…"), shown
        kept = shown[:-1].rstrip()
        assert hint.why.startswith(kept), (shown, hint.why)
        assert kept.endswith(";") or kept.endswith(":"), shown  # at an alternative's end
        assert len(kept) > len(hint.why.split(";")[0]), shown  # the head is whole
    return shown
