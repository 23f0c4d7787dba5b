"""``--smoke-test``: check that a build (source or frozen) has everything it needs.

Headless (dummy SDL drivers) and confined to a temporary ``CONCORDIA_HOME``, it:
loads both boards, opens a small display, loads every font in ``assets/fonts`` and
every PNG under ``assets/``, loads every map with ``pytmx.util_pygame.load_pygame``,
starts a 4-player game whose moves the normal AI chooses on the real worker thread,
round-trips the state through JSON, writes and loads back a save (``concordia.saves``),
and writes and reads back the settings. It prints one summary line
(``smoke test OK: ...``) and returns 0, or prints the error and returns 1.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

SUMMARY_PREFIX = "smoke test OK:"
BOARDS = ("imperium", "italia")
MOVES = 12
FONT_SAMPLE = "Concordia — Roma, Köln ✓ 0123 €"


def run_smoke_test() -> int:
    """Run the checks; return the process exit code (0 = all good)."""
    from concordia.settings import HOME_ENV, set_home

    saved_env = {
        key: os.environ.get(key) for key in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", HOME_ENV)
    }
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="concordia-smoke-") as home:
        os.environ[HOME_ENV] = home  # for any child process
        previous_home = set_home(home)  # wins over an earlier --home
        try:
            summary = _checks(Path(home))
        except Exception:
            _say("smoke test FAILED:\n" + traceback.format_exc())
            return 1
        finally:
            set_home(previous_home)
            _quit_pygame()
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    elapsed = time.perf_counter() - started
    _say(f"{SUMMARY_PREFIX} {summary}, {elapsed:.2f} s")
    return 0


def _checks(home: Path) -> str:
    import pygame
    import pytmx.util_pygame

    from concordia.core import new_game
    from concordia.fileio import atomic_write_text
    from concordia.maps import load_board
    from concordia.resources import missing_resources, resource_path
    from concordia.settings import Settings, load_settings, save_settings, saves_dir

    problems = missing_resources()  # fonts, board art, maps and the AI's weights
    if problems:
        raise RuntimeError("; ".join(problems))
    weights = sorted(resource_path("assets", "ai").glob("*.json"))
    boards = {name: load_board(name) for name in BOARDS}

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))

    fonts = sorted(
        p for p in resource_path("assets", "fonts").iterdir() if p.suffix in (".ttf", ".otf")
    )
    if not fonts:
        raise RuntimeError("no fonts in assets/fonts")
    for path in fonts:
        if pygame.font.Font(str(path), 18).render(FONT_SAMPLE, True, (0, 0, 0)).get_width() < 50:
            raise RuntimeError(f"font {path.name} rendered nothing")

    images = sorted(resource_path("assets").rglob("*.png"))
    for path in images:
        pygame.image.load(str(path)).convert_alpha()

    maps = sorted(resource_path("maps").glob("*.tmx"))
    if not maps:
        raise RuntimeError("no maps in maps/")
    for path in maps:
        pytmx.util_pygame.load_pygame(str(path))

    # A few AI moves, chosen by the normal agent on the real worker thread (so a frozen
    # build proves its threads, queues and agents work), then a save round trip.
    from concordia.ai.base import Limit
    from concordia.ai.worker import AIRequest, AIWorker
    from concordia.core import GameRecord
    from concordia.saves import load_game, save_game

    state = new_game(boards["imperium"], num_players=4, seed=1)
    record = GameRecord("imperium", 4, 1)
    worker = AIWorker()
    moves = 0
    try:
        while moves < MOVES and state.current_player is not None:
            worker.request(
                AIRequest(1, state.step, state, state.current_player, "normal", Limit(time_s=0.5))
            )
            deadline = time.monotonic() + 10.0
            result = worker.poll()
            while result is None and time.monotonic() < deadline:
                time.sleep(0.002)
                result = worker.poll()
            if result is None or result.action is None:
                raise RuntimeError(
                    f"the AI gave no move at step {state.step}: "
                    f"{None if result is None else result.error}"
                )
            state = state.apply(result.action)
            record.actions.append(str(result.action))
            moves += 1
    finally:
        worker.close()
    snapshot = json.dumps(state.to_dict(), sort_keys=True)
    restored = type(state).from_dict(json.loads(snapshot))
    if json.dumps(restored.to_dict(), sort_keys=True) != snapshot:
        raise RuntimeError("state changed in a JSON round trip")
    game_path = save_game(saves_dir() / "smoke-game.json", record, state)
    loaded = load_game(game_path, board_loader=boards.__getitem__)
    if loaded.warnings or loaded.state != state:
        raise RuntimeError(f"the saved game did not load back cleanly: {loaded.warnings}")

    wanted = Settings(language="it", window_size=(1024, 640), last_board="italia")
    save_settings(wanted)
    if load_settings() != wanted:
        raise RuntimeError("settings changed in a save/load round trip")
    save_path = saves_dir() / "smoke.json"
    atomic_write_text(save_path, snapshot)
    reloaded = type(state).from_dict(json.loads(save_path.read_text(encoding="utf-8")))
    if json.dumps(reloaded.to_dict(), sort_keys=True) != snapshot:
        raise RuntimeError("snapshot changed after writing it to disk")
    if not save_path.is_relative_to(home):
        raise RuntimeError(f"save went to {save_path}, outside the temporary home")

    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    return (
        f"{len(boards)} boards, {len(fonts)} fonts, {len(images)} images, {len(maps)} maps, "
        f"{len(weights)} weights files, "
        f"{moves} AI moves, save+settings+snapshot round trip "
        f"({frozen}, pygame {pygame.version.ver})"
    )


def _quit_pygame() -> None:
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        pygame.quit()


def _say(text: str) -> None:
    # Windowed frozen builds have no stdout; print() then does nothing, which is fine.
    print(text, flush=True)
