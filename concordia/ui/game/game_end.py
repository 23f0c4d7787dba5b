"""The end of the game in the scene: the final scores (or, with ``--autoplay``, the
printed result)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from concordia.ui.strings import t

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts


def finish_game(scene: GameParts) -> None:
    if scene.final_shown:
        return
    scene.final_shown = True
    state = scene.state
    if scene.app.autoplay:  # the final scores screen records the game otherwise
        from concordia.stats import record_game

        record_game(scene.controller.record(), state)
    if scene.app.autoplay:
        from concordia.ui.app import AutoplayResult

        lines = [t("cli.final_scores")]
        for seat in state.outcome().ranking:
            lines.append(
                t(
                    "cli.score_line",
                    name=scene.controller.seats[seat].name,
                    total=state.scores()[seat].total,
                )
            )
        scene.app.result = AutoplayResult(lines)
        if scene.app.options.screenshot_dir is not None:
            push_final(scene)
            scene.app.quit_after_draw = True  # draw the final scores once, then stop
            return
        scene.app.quit(0)
        return
    push_final(scene)


def push_final(scene: GameParts) -> None:
    from concordia.ui.scenes.scores import ScoresScene

    scene.app.push(ScoresScene(scene.app, scene.controller, final=True))
