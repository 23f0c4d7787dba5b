"""Every move out of Roma at the start owns a clickable patch at 1024x640.

Reported by hand (5 players, 1024x640): the routes round Roma were too crowded to click
without hover-probing. Measured at the start position (Architect played, each colonist
in Roma chosen, fit zoom), both boards, 2 and 5 players, with the pixel-by-pixel click
resolver: every move already owns a disc of radius at least 9 px (its step-cost badge
and the line round it) and at least half of its own route's centre line. This test keeps
a disc of radius 6 px (a comfortable aim) for each move, so a change of the badges or
the hit ranks that squeezes one out fails here."""

from __future__ import annotations

import math

import pytest
from ui_helpers import game_scene

from concordia.ui.targeting import Line, _polyline_at

pytestmark = pytest.mark.usefixtures("pygame_display")

RADIUS = 6


def _disc(x: float, y: float) -> list[tuple[int, int]]:
    out = [(round(x), round(y))]
    for r in (2, 4, RADIUS):
        for k in range(16):
            a = 2 * math.pi * k / 16
            out.append((round(x + r * math.cos(a)), round(y + r * math.sin(a))))
    return out


@pytest.mark.parametrize("board_name", ["imperium", "italia"])
def test_each_move_out_of_roma_owns_a_disc_to_click(board_name: str) -> None:
    app, scene = game_scene(["human"] + ["easy"] * 4, 1, board_name=board_name, size=(1024, 640))
    scene.update(0.0)
    scene.submit(next(a for a in scene.state.legal_actions() if str(a) == "play architect"))
    scene.update(0.0)
    assert app.screen is not None
    chosen = [key for key in scene.options().moves if key[1] == "roma"]
    assert len(chosen) == 2
    cramped = []
    for key in chosen:
        scene.selection.colonist = key
        scene.rebuild()
        app.draw(app.screen)
        geo = scene.geometry()
        for move in scene.options().moves[key]:
            (line,) = geo.routes[(move.kind, move.dst)]
            assert isinstance(line, Line)
            badge = geo.badges.get((move.kind, move.dst))
            spots = [badge.centre] if badge is not None else []
            spots += [_polyline_at(line.points, i / 20) for i in range(21)]
            if not any(
                all(
                    (hit := scene.board_hit(p)) is not None and hit.choice == move
                    for p in _disc(*spot)
                )
                for spot in spots
            ):
                cramped.append(str(move))
    assert cramped == []
    scene.close()
