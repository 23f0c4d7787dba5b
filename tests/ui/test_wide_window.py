"""The big window uses its space (issue 31: "at 1920×1080 the space is not used"),
while the small one keeps working: the review's map fills its frame, the rules
pages' text grows with their panel, and the hand's cards grow to use their row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pytest
from ui_helpers import draw, game_scene, make_app, show_state

from concordia.core.data import CARDS
from concordia.maps import load_board
from concordia.ui import strings, theme
from concordia.ui.board_pane import BoardPane
from concordia.ui.presenters import card_name
from concordia.ui.scenes.reference import ReferenceScene
from concordia.ui.scenes.review import ReviewScene
from tests.learn.test_game_review import _cheap_game

if TYPE_CHECKING:
    from concordia.ui.app import App

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


def _drawn_body(
    app: App, scene: ReferenceScene, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[pygame.Rect, int]]:
    """The rectangle and font height of each line the page's body drew (the text
    drawn in the page's panel below its heading)."""
    box = scene._page_rect(pygame.Rect((0, 0), app.size))
    drawn: list[tuple[pygame.Rect, int, str]] = []
    real = theme.text

    def spy(
        surface: pygame.Surface,
        font: pygame.font.Font,
        s: str,
        pos: tuple[int, int],
        *args: Any,
        **kw: Any,
    ) -> pygame.Rect:
        rect = real(surface, font, s, pos, *args, **kw)
        drawn.append((rect, font.get_height(), s))
        return rect

    monkeypatch.setattr(theme, "text", spy)
    draw(app)
    monkeypatch.setattr(theme, "text", real)
    head_h = app.fonts.get(24, True).get_linesize()
    return [
        (rect, h)
        for rect, h, s in drawn
        if box.contains(rect)
        and rect.y > box.y + head_h
        and rect.height < box.height // 4
        and s != strings.t("reference.more")  # the "scroll for more" note
    ]


def _reference(size: tuple[int, int], lang: str) -> tuple[App, ReferenceScene]:
    app = make_app(size)
    strings.set_language(lang)  # after the app, which sets the settings' language
    scene = ReferenceScene(app)
    app.stack.push(scene)
    return app, scene


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_rules_text_grows_with_its_panel(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found in the 1920x1080 screenshot: the first page's text filled about a third
    of its panel in small type (the body took 26 % of the panel's height). At
    1920x1080 the body's font is now larger than at 1024x640 and larger than the
    window's scale alone makes it (the design size at that scale), and the first page takes a
    clearly larger share of the panel."""
    try:
        shares = {}
        heights = {}
        design = 0
        for size in ((1024, 640), (1920, 1080)):
            app, scene = _reference(size, lang)
            box = scene._page_rect(pygame.Rect((0, 0), size))
            lines = _drawn_body(app, scene, monkeypatch)
            assert len(lines) >= 4
            top = min(r.top for r, _ in lines)
            bottom = max(r.bottom for r, _ in lines)
            shares[size] = (bottom - top) / box.height
            heights[size] = max(h for _, h in lines)
            design = app.fonts.get(16).get_height()  # the body's size until now
        # the fonts' scale alone goes from 0.85 to 1.5 between the two sizes
        assert heights[(1920, 1080)] > heights[(1024, 640)], heights
        assert heights[(1920, 1080)] >= design * 1.2, (heights, design)
        assert shares[(1920, 1080)] >= 0.35, shares
    finally:
        strings.set_language("en")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [*SIZES, (1600, 900)])
def test_every_rules_line_fits_its_panel_and_scrolls_to_the_end(
    size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No body line of any page is wider than the panel's text area, and the longest
    page scrolls down to its last line."""
    try:
        app, scene = _reference(size, lang)
        box = scene._page_rect(pygame.Rect((0, 0), size))
        inner = box.inflate(-2 * scene.px(20), 0)
        for page in scene.pages:
            scene.open_page(page)
            lines = _drawn_body(app, scene, monkeypatch)
            assert lines, page
            for rect, _ in lines:
                assert inner.contains(rect), (page, rect, inner)
            # scrolled to the end, the page's last line is drawn whole
            for _ in range(200):
                before = scene.scroll
                scene.scroll_by(scene.lines_shown)
                draw(app)
                if scene.scroll == before:
                    break
            assert scene.scroll + scene.lines_shown >= scene.total_lines - 1, page
    finally:
        strings.set_language("en")


@pytest.mark.parametrize("n", [6, 8, 12, 15])
@pytest.mark.parametrize("size", SIZES)
def test_the_hand_uses_its_row(size: tuple[int, int], n: int) -> None:
    """Found in the 1920x1080 screenshot: a hand of 6 cards left more than half of
    its row empty (they spanned 70 %). At 1920x1080 six cards now span 90 %; at every
    size and hand length every card lies inside the row, no wider than twice its
    height, shows its key on its visible part, and a click on its visible part picks
    it (the card's button and the raised card are that card)."""
    app, scene = game_scene(["human", "human"], 3, size=size)
    state = scene.state.copy()
    seat = state.current_player or 0
    state.players[seat].hand = [c.index for c in CARDS[6 : 6 + n]]
    show_state(scene, state)
    scene.hover = None
    app.mouse = None
    draw(app)
    row = scene.lay.hand
    slots = scene.hand.slots(seat)
    assert len(slots) == n
    span = slots[-1].rect.right - slots[0].rect.left
    if size == (1920, 1080) and n == 6:
        assert span >= 0.9 * row.width, (span, row.width)
    chips = scene.hand.key_chips()
    assert len(chips) == n
    for i, slot in enumerate(slots):
        assert row.contains(slot.rect), (i, slot.rect, row)
        assert slot.rect.width <= 2 * slot.rect.height, slot.rect
        visible = slot.hit
        _label, chip = chips[i]
        assert visible.contains(chip), (i, chip, visible)
        for later in slots[i + 1 :]:
            assert not later.rect.colliderect(chip), (i, chip, later.rect)
        point = visible.center
        button = scene.buttons.hit(point)
        assert button is not None and button.label == card_name(slot.card), (i, button)
        scene.hover = point
        assert scene.hand.hovered(seat) == i
