"""The guide's rings on the board surround what they point at without crossing the
words of its badge (a price, a production), at the smallest and the largest size."""

from __future__ import annotations

import pygame
import pytest
from test_guided_game import follow_guide
from ui_helpers import make_app

from concordia.ui import guide_view
from concordia.ui.guide import GuideScene, start_guided_game
from concordia.ui.targeting import Box

pytestmark = pytest.mark.usefixtures("pygame_display")

#: The colour the rings are drawn on in the test (none of the rings' colours).
GROUND = (1, 2, 3)


def _ring_pixels(guide: GuideScene) -> pygame.mask.Mask:
    """The pixels the guide's rings paint, on a surface of their own."""
    screen = guide.app.screen
    assert screen is not None
    surface = pygame.Surface(screen.get_size())
    surface.fill(GROUND)
    guide_view.rings(guide, surface)
    mask = pygame.mask.from_threshold(surface, GROUND, (1, 1, 1, 255))
    mask.invert()
    return mask


def _target_badges(guide: GuideScene) -> list[Box]:
    """The badges of the board targets the current step asks for."""
    geometry = guide.game.geometry()
    out = []
    for target in guide.game.targeting().targets():
        if guide.classify(target.choice) != "yes":
            continue
        for part in target.parts:
            box = geometry.badges.get(part.key) if part.what == "badge" else None  # type: ignore[call-overload]
            if box is not None:
                out.append(box)
    return out


def _enclosed(mask: pygame.mask.Mask, p: tuple[int, int]) -> bool:
    """A ring pixel lies left, right, above and below ``p`` (the ring goes round it)."""
    w, h = mask.get_size()
    x, y = p
    sides = (
        any(mask.get_at((i, y)) for i in range(0, x)),
        any(mask.get_at((i, y)) for i in range(x + 1, w)),
        any(mask.get_at((x, j)) for j in range(0, y)),
        any(mask.get_at((x, j)) for j in range(y + 1, h)),
    )
    return all(sides)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_rings_do_not_cross_the_badges_they_point_at(size: tuple[int, int]) -> None:
    # Found by hand at 1024x640: "Click Messana" ringed the price badge "4s+B+W" with
    # a thick circle centred on it, drawn across its words; "+2 wine" of Sicilia too.
    app = make_app(size)
    guide = start_guided_game(app)
    checked: list[str] = []

    def look(guide: GuideScene) -> None:
        points = guide.expected_points()
        if not points:
            return
        mask = _ring_pixels(guide)
        assert mask.count(), guide.step
        for box in _target_badges(guide):
            inside = pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))
            crossed = [
                (x, y)
                for x in range(inside.left, inside.right)
                for y in range(inside.top, inside.bottom)
                if 0 <= x < size[0] and 0 <= y < size[1] and mask.get_at((x, y))
            ]
            assert not crossed, (guide.step, box, crossed[:5])
        for p in points:  # the ring still goes round what the click takes
            assert _enclosed(mask, p), (guide.step, p)
        assert guide.step is not None
        checked.append(guide.step.expect)

    try:
        follow_guide(app, guide, check=look)
        # the steps that ring a city's price and a province's production were seen
        assert "build messana" in checked and "produce sicilia" in checked, checked
        assert "build brundisium" in checked, checked
    finally:
        guide.game.close()
