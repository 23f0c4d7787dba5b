"""AI move animation: a colonist slides along the route polylines, a new house pops,
at the animation speed (off: instant), stepped by an injected clock."""

from __future__ import annotations

import itertools
import math
import time

import pygame
import pytest
from ui_helpers import board, draw, find_actions

from concordia.core import Build, GameState, Move
from concordia.settings import Settings
from concordia.ui.app import ANIMATION_TIME, App, AppOptions
from concordia.ui.controller import GameController, GameSetup
from concordia.ui.render.anim import HouseTween, MoveTween, Polyline, pop_scale
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.menu import default_seats

pytestmark = pytest.mark.usefixtures("pygame_display")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _scene(
    kinds: list[str],
    actions: list[str],
    speed: str = "normal",
    autoplay: bool = False,
    seed: int = 3,
) -> tuple[App, GameScene, Clock]:
    clock = Clock()
    app = App(
        AppOptions(autoplay=autoplay),
        Settings(ai_speed="off", animation_speed=speed),
        time_source=clock,
    )
    pygame.font.init()
    app.use_surface(pygame.Surface((1280, 720)))
    controller = GameController(GameSetup("imperium", default_seats(kinds), seed), board(), actions)
    scene = GameScene(app, controller)
    app.stack.push(scene)
    return app, scene, clock


def _architect_ready(state: GameState) -> bool:
    return (
        state.phase == "architect"
        and state.current_player == 0
        and any(isinstance(a, Move) for a in state.legal_actions())
        and any(isinstance(a, Move) and "-" in a.src for a in state.legal_actions())
    )


def _near_polyline(p: tuple[float, float], pts: list[tuple[float, float]]) -> float:
    best = math.inf
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        dx, dy = x1 - x0, y1 - y0
        n = dx * dx + dy * dy
        u = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / n))
        best = min(best, math.hypot(p[0] - x0 - u * dx, p[1] - y0 - u * dy))
    return best


def test_a_colonist_slides_along_its_routes() -> None:
    actions = find_actions(["human", "easy"], 3, _architect_ready)
    app, scene, clock = _scene(["human", "easy"], actions)
    moves = [a for a in scene.state.legal_actions() if isinstance(a, Move)]
    move = max(moves, key=lambda m: scene.state.cost(m).points)  # the longest way
    scene.submit(move)
    assert scene.tweens and isinstance(scene.tweens[0], MoveTween)
    tween = scene.tweens[0]
    assert tween.duration == ANIMATION_TIME["normal"]
    renderer = scene.board.renderer
    assert renderer is not None
    path = renderer.move_path(move.kind, move.src, move.dst)
    routes = [r.points for (k, _), r in renderer.routes.items() if k == move.kind]
    start = renderer.tween_point(tween, clock.now)
    # Every point of the way lies on a route of the colonist's kind.
    for i in range(21):
        x, y = path.at(i / 20)
        assert min(_near_polyline((x, y), list(r)) for r in routes) < 1.0
    spots = renderer.colonist_spots(scene.state, scene.tweens, clock.now)
    assert (start, 0, move.kind) in spots
    draw(app)
    clock.now += tween.duration / 2
    middle = renderer.tween_point(tween, clock.now)
    assert middle != start
    draw(app)
    clock.now += tween.duration
    scene.update(0.016)
    assert scene.tweens == [] and not scene.animating
    end = renderer.route_midpoint(move.kind, move.dst)
    assert math.dist(renderer.tween_point(tween, clock.now), end) < 1.0


def test_the_moving_colonist_is_not_also_drawn_at_its_destination() -> None:
    actions = find_actions(["human", "easy"], 3, _architect_ready)
    _app, scene, clock = _scene(["human", "easy"], actions)
    move = next(a for a in scene.state.legal_actions() if isinstance(a, Move))
    scene.submit(move)
    renderer = scene.board.renderer
    assert renderer is not None
    at_rest = renderer.colonist_spots(scene.state, (), clock.now)
    moving = renderer.colonist_spots(scene.state, scene.tweens, clock.now)
    assert len(at_rest) == len(moving)
    assert sorted(at_rest) != sorted(moving)


def test_a_new_house_pops() -> None:
    def can_build(state: GameState) -> bool:
        return state.current_player == 0 and any(
            isinstance(a, Build) for a in state.legal_actions()
        )

    actions = find_actions(["human", "easy"], 3, can_build)
    app, scene, clock = _scene(["human", "easy"], actions, speed="slow")
    build = next(a for a in scene.state.legal_actions() if isinstance(a, Build))
    scene.submit(build)
    tween = scene.tweens[-1]
    assert isinstance(tween, HouseTween) and tween.city == build.city
    assert tween.duration == ANIMATION_TIME["slow"]
    sizes = [pop_scale(i / 10) for i in range(11)]
    assert sizes[0] < 0.5 and max(sizes) > 1.2 and sizes[-1] == 1.0
    for _ in range(4):
        draw(app)
        clock.now += tween.duration / 3
    scene.update(0.0)
    assert scene.tweens == []


@pytest.mark.parametrize("speed, autoplay", [("off", False), ("normal", True)])
def test_no_animation_when_off_or_in_autoplay(speed: str, autoplay: bool) -> None:
    actions = find_actions(["human", "easy"], 3, _architect_ready)
    _app, scene, _clock = _scene(["human", "easy"], actions, speed=speed, autoplay=autoplay)
    move = next(a for a in scene.state.legal_actions() if isinstance(a, Move))
    scene.submit(move)
    assert scene.tweens == [] and not scene.animating


def test_the_next_ai_move_waits_for_the_animation() -> None:
    def ai_architect(state: GameState) -> bool:
        return (
            state.phase == "architect"
            and state.current_player == 0
            and any(isinstance(a, Move) for a in state.legal_actions())
        )

    actions = find_actions(["easy", "human"], 3, ai_architect)
    _app, scene, clock = _scene(["easy", "human"], actions)
    move = next(a for a in scene.state.legal_actions() if isinstance(a, Move))
    scene.submit(move)
    count = len(scene.controller.actions)
    deadline = time.monotonic() + 10
    while scene.driver.reply is None and time.monotonic() < deadline:
        scene.update(0.016)  # the AI thinks meanwhile; its answer is kept
        time.sleep(0.002)
    assert scene.driver.reply is not None
    assert len(scene.controller.actions) == count and scene.animating
    clock.now += 1.0
    scene.update(0.016)
    assert len(scene.controller.actions) == count + 1
    scene.close()


def test_polyline_sampling() -> None:
    line = Polyline([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)])
    assert line.length == 20.0
    assert line.at(0.25) == (5.0, 0.0) and line.at(0.75) == (10.0, 5.0)
    assert line.at(1.5) == (10.0, 10.0)
