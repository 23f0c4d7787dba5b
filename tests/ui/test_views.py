"""Zoom and pan survive Continue and loading a save (``concordia.ui.views``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import game_scene, make_app

from concordia.ui.controller import load_autosave, load_game
from concordia.ui.scenes.game import GameScene

pytestmark = pytest.mark.usefixtures("pygame_display")


def _zoom_and_pan(scene: GameScene) -> tuple[float, tuple[float, float]]:
    camera = scene.board._camera()
    camera.wheel(scene.lay.board.center, 4)
    camera.pan(-120, 60)
    return camera.zoom, camera.screen_to_world(camera.viewport.center)


def _view(scene: GameScene) -> tuple[float, tuple[float, float]]:
    camera = scene.board._camera()
    return camera.zoom, camera.screen_to_world(camera.viewport.center)


def test_view_survives_continue_and_load(tmp_path: Path) -> None:
    app, scene = game_scene(["human", "easy"], seed=7)
    scene.enter()
    zoom, centre = _zoom_and_pan(scene)
    assert zoom > scene.board._camera().fit_zoom * 1.5
    scene.controller.save(tmp_path / "mine.json")
    scene.autosave()
    app.autosaver.wait(5)
    scene.close()  # back to the menu: the view is kept

    for controller in (load_autosave(), load_game(tmp_path / "mine.json")):
        again = GameScene(make_app(), controller)
        again.enter()
        z, c = _view(again)
        assert z == pytest.approx(zoom, rel=1e-3)
        assert c[0] == pytest.approx(centre[0], abs=2) and c[1] == pytest.approx(centre[1], abs=2)
        again.close()


def test_a_new_deal_starts_fitted() -> None:
    _app, scene = game_scene(["human", "easy"], seed=7)
    scene.enter()
    _zoom_and_pan(scene)
    scene.close()
    _app2, other = game_scene(["human", "easy"], seed=8)
    other.enter()
    camera = other.board._camera()
    assert camera.fitted and camera.zoom == pytest.approx(camera.fit_zoom)
    other.close()


def test_a_broken_views_file_is_ignored(concordia_home: Path) -> None:
    from concordia.settings import data_dir

    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "views.json").write_text("{not json", encoding="utf-8")
    _app, scene = game_scene(["human", "easy"], seed=7)
    scene.enter()
    assert scene.board._camera().fitted
    _zoom_and_pan(scene)
    scene.close()
    assert "imperium:7:2" in (data_dir() / "views.json").read_text(encoding="utf-8")
