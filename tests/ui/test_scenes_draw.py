"""Every scene draws at 1280x720 and 1920x1080 (dummy video driver); menus react."""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import click_button, draw, find_actions, game_scene, make_app, send

from concordia.ui.commands import SelectColonist
from concordia.ui.input import Click, Confirm, Hover
from concordia.ui.scenes.dialog import ErrorScene, PauseScene
from concordia.ui.scenes.game import GameScene
from concordia.ui.scenes.handover import HandoverScene
from concordia.ui.scenes.load import LoadScene
from concordia.ui.scenes.menu import MenuScene, NewGameScene
from concordia.ui.scenes.scores import ScoresScene
from concordia.ui.scenes.settings import SettingsScene
from concordia.ui.strings import t

pytestmark = pytest.mark.usefixtures("pygame_display")

SIZES = [(1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_draws(size: tuple[int, int]) -> None:
    app, game = game_scene(["human", "easy", "normal", "hard", "easy"], 11, size=size)
    for make in (MenuScene, NewGameScene, SettingsScene, LoadScene):
        scene = make(app)
        app.stack.push(scene)
        draw(app)
        for b in app.stack.top.buttons.buttons:  # type: ignore[union-attr]
            assert app.screen is not None and app.screen.get_rect().contains(b.rect), b.label
        app.stack.remove(scene)
    for overlay in (
        HandoverScene(app, "Ada", (200, 0, 0), "circle"),
        ScoresScene(app, game.controller),
        ScoresScene(app, game.controller, True),
        ErrorScene(app, "Something broke " * 10),
        PauseScene(app, game),
    ):
        app.stack.push(overlay)
        draw(app)
        app.dispatch(Hover((size[0] // 2, size[1] // 2)))
        app.stack.remove(overlay)
    # The game in several phases, with tooltips under the mouse.
    draw(app)
    click_button(app, lambda v: str(v) == "play architect")
    click_button(app, lambda v: isinstance(v, SelectColonist))
    for x in range(0, size[0], 97):
        for y in range(0, size[1], 89):
            app.dispatch(Hover((x, y)))
            draw(app)
            break
    assert isinstance(game, GameScene)


@pytest.mark.parametrize("size", SIZES)
def test_trade_panel_and_late_game_draw(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = find_actions(
        ["human", "easy", "easy"],
        2,
        lambda s: (
            s.step > 300
            and s.phase == "card"
            and s.turn_player == 0
            and any(c.endswith("mercator") for c in s.hand(0))
        ),
    )
    app, scene = game_scene(["human", "easy", "easy"], 2, actions, size=size)
    draw(app)
    click_button(app, lambda v: str(v).startswith("play") and str(v).endswith("mercator"))
    assert scene.state.phase == "mercator"
    # Found by hand: the prices stood as bare numbers ("3") beside "brick ×0";
    # each says its unit now, from the core's price list.
    from concordia.core.data import PRICE
    from concordia.ui import theme

    texts: list[str] = []
    real = theme.text

    def spy(surface: Any, font: Any, text: str, *args: Any, **kw: Any) -> Any:
        texts.append(text)
        return real(surface, font, text, *args, **kw)

    monkeypatch.setattr(theme, "text", spy)
    draw(app)
    monkeypatch.undo()
    for price in PRICE:
        assert t("game.price_each", n=price) in texts
        assert str(price) in t("game.price_each", n=price) != str(price)
    assert len(scene.log.lines()) == len(actions) + 1


def test_tooltips_everywhere_in_the_game() -> None:
    app, scene = game_scene(["human", "easy"], 3)
    w, h = app.size
    missing = []
    for x in range(5, w, 60):
        for y in range(5, h, 60):
            if not scene.tooltip((x, y)):
                missing.append((x, y))
    # Only gaps between panels may lack a tooltip.
    assert len(missing) < 0.25 * (w // 60 + 1) * (h // 60 + 1), missing


def test_menu_enter_starts_the_default_game(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    send(app, Confirm())
    top = app.stack.top
    assert isinstance(top, GameScene)
    kinds = [s.kind for s in top.controller.seats]
    assert kinds == ["human", "normal", "normal", "normal"]
    assert top.controller.board.name == "imperium"


def test_new_game_screen_builds_the_setup() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    click_button(app, lambda v: v == "new")
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    click_button(app, lambda v: v == ("board",))
    click_button(app, lambda v: v == ("kind", 1))  # normal -> hard
    click_button(app, lambda v: v == ("intermediate",))
    click_button(app, lambda v: v == ("remove", 3))
    click_button(app, lambda v: v == ("start",))
    game = app.stack.top
    assert isinstance(game, GameScene)
    setup = game.controller.setup
    assert setup.board == "italia" and setup.intermediate_scoring
    assert [s.kind for s in setup.seats] == ["human", "hard", "normal"]
    assert app.settings.last_board == "italia"


def test_settings_change_language_and_persist() -> None:
    from concordia.settings import load_settings
    from concordia.ui import strings

    app = make_app()
    app.stack.push(SettingsScene(app))
    try:
        click_button(app, lambda v: v == "language")
        assert app.settings.language == "it" and strings.language() == "it"
        assert load_settings().language == "it"
        labels = [b.label for b in app.stack.top.buttons.buttons]  # type: ignore[union-attr]
        assert "Italiano" in labels
    finally:
        strings.set_language("en")


def test_error_dialog_closes_on_ok() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    app.show_error("broken")
    assert isinstance(app.stack.top, ErrorScene)
    click_button(app, lambda v: v == "ok")
    assert isinstance(app.stack.top, MenuScene)


def test_continue_without_autosave_is_disabled() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    b = next(b for b in app.stack.top.buttons.buttons if b.value == "continue")  # type: ignore[union-attr]
    assert not b.enabled
    send(app, Click(b.rect.center))
    assert isinstance(app.stack.top, MenuScene)
