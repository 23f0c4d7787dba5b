"""What the application shows around its own start and stop: the first screens (a game,
the menu, or a save given with ``--load``), the report of what is wrong at start-up, the
notice of what a load recovered, and what the crash dialog may truly say about the
autosave. Functions of the :class:`~concordia.ui.app.App` (main thread only)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from concordia.ui import strings

if TYPE_CHECKING:
    from concordia.ui.app import App

logger = logging.getLogger(__name__)


def open_first_screens(app: App) -> None:
    """The first screens when nothing is on the stack yet: the game of ``--board``...
    (``options.start``), or the menu with the save of ``--load`` over it; then the
    start-up report (:func:`report_startup`)."""
    if not len(app.stack):
        if app.options.start is not None:
            app.start_game(app.options.start)
        else:
            from concordia.ui.scenes.menu import MenuScene

            app.push(MenuScene(app))
            if app.options.load is not None:
                load_at_start(app, app.options.load)
    report_startup(app)


def report_startup(app: App) -> None:
    """Show, over the first screen, everything found wrong at start-up: the settings
    file, the per-user folders, the views file and the bundled files (also logged)."""
    from concordia.resources import missing_resources
    from concordia.settings import check_user_folders
    from concordia.ui import views

    problems = list(app.startup_problems)
    problems += check_user_folders()
    view_problem = views.problem()
    if view_problem:
        problems.append(view_problem)
    problems += missing_resources()
    app.startup_problems = problems
    if problems and not app.autoplay:
        for problem in problems:
            logger.warning("start-up: %s", problem)
        app.show_error(strings.t("error.startup", problems=" · ".join(problems)))


def load_at_start(app: App, path: Path) -> None:
    """Open the save ``path`` (``--load``) the way the Load screen does; one that cannot
    be loaded is explained over the menu."""
    from concordia.ui.controller import SaveError, keep_autosave, load_game

    try:
        controller = load_game(path)
    except SaveError as exc:
        app.show_error(strings.t("error.load_failed", reason=str(exc)))
        return
    try:
        keep_autosave(controller)  # the game in progress is not written over
    except SaveError as exc:
        app.show_error(strings.t("load.keep_failed", reason=exc.reason))
        return
    app.open_game(controller)


def show_notice(app: App, message: str) -> None:
    """A message with an OK button that is not an error (what a load recovered)."""
    from concordia.ui.scenes.dialog import ErrorScene

    logger.info("notice dialog: %s", message)
    app.push(ErrorScene(app, message, strings.t("load.notice_title")))


def crash_saved_note(app: App) -> str:
    """What the crash dialog may truly say about the game in play: autosaved at its last
    turn end (this session wrote this game's autosave, and the latest write worked), or
    not; nothing when no game is open."""
    from concordia.ui.scenes.game import game_in

    game = game_in(app.stack.scenes)
    if game is None:
        return ""
    saved = app.autosaver.last_saved
    try:
        record = game.controller.record()
    except Exception:  # the game itself may be what broke
        record = None
    same = (
        saved is not None
        and record is not None
        and (saved.board, saved.num_players, saved.seed)
        == (record.board, record.num_players, record.seed)
    )
    if app.autosaver.last_failed:
        return strings.t("error.crash_autosave_failed")
    if same:
        return strings.t("error.crash_autosave")
    return strings.t("error.crash_not_autosaved")
