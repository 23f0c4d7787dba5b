"""Game-window benchmark: ``python -m concordia.ui.bench [--driver dummy|x11] [--out DIR]``.

With the dummy video driver (no window needed), or with the real X11 driver (a real
window; under Xvfb set ``DISPLAY``), it measures:

* frame time (``App.update`` + ``App.draw``, the mouse moving over the window so
  tooltips and hover effects are drawn) of the game scene with 5 players in a late-game
  position, at 1280x720 and 1920x1080, frames paced at 60 FPS like the real loop;
* the same while AI searches (hard, or ``--level expert``) run back to back in the AI
  worker thread (when ``concordia.ai`` is installed), each on one of the earlier turn
  starts of the game (so no plan cache answers for free), sharing the GIL as in a game;
* cold start: a fresh interpreter, from spawn to the first menu frame drawn
  (``App(AppOptions(max_frames=1))``, wall time, several runs, median);
* idle CPU: the real main loop (``App.run``) left alone on the menu, and on the game
  screen of the 5-player position while the human is to choose, for ``--idle-seconds``
  after one second of warm-up; the process's CPU time over that wall time, in percent
  of one core (the idle rule of ``App.frame`` should keep this small);
* peak RSS (``resource.getrusage``): each measurement runs in its own process, which
  reports its own peak, so the figure is that of one game window (with ``--driver x11``
  the idle game measurement is a real window of a 5-player game).

The bars (issues 4 and 11): p95 <= 16.7 ms, <= 20 ms while the AI thinks, cold start
<= 1.0 s, <= 150 MB RSS, idle <= 5 % of one core. ``--out DIR`` also writes the report
(``report.md``) and the figures (``results.json``) there. Figures are recorded in
docs/benchmarks.md ("Game window").
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Any

from concordia.core import Phase

BARS = {
    "frame_p95_ms": 16.7,
    "frame_ai_p95_ms": 20.0,
    "cold_start_s": 1.0,
    "rss_mb": 150.0,
    "idle_cpu_pct": 5.0,
}
SIZES = ((1280, 720), (1920, 1080))
SEATS = ["human", "hard", "hard", "hard", "hard"]


@dataclass
class FrameStats:
    label: str
    frames: int
    p50: float
    p95: float
    worst: float
    extra: str = ""

    def row(self) -> str:
        return (
            f"| {self.label} | {self.frames} | {self.p50:.1f} | {self.p95:.1f} | "
            f"{self.worst:.1f} | {self.extra} |"
        )


def late_game_actions(seed: int, min_step: int = 320) -> list[str]:
    """A 5-player Imperium line of play to a late position where seat 0 (the human)
    chooses a card: the easy AI plays every seat (random moves without ``concordia.ai``)."""
    from concordia.core import new_game
    from concordia.maps import load_board

    board = load_board("imperium")
    state = new_game(board, num_players=5, seed=seed)
    try:
        from concordia.ai.base import Limit
        from concordia.ai.registry import make_agent

        agents: list[Any] = [make_agent("easy") for _ in range(5)]
        limit: Any = Limit(iterations=50)
    except ImportError:
        agents, limit = [], None
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        if state.step >= min_step and seat == 0 and state.phase == Phase.CARD:
            break
        if agents:
            action = agents[seat].choose(state.view_for(seat), limit, rng, threading.Event())
        else:
            action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    return actions


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class _Searcher:
    """Keeps the AI worker busy with searches of one level (hard unless ``--level``), one
    at a time, each on another turn start of the game so far."""

    def __init__(self, history: list[Any], level: str = "hard") -> None:
        from concordia.ai.base import default_limit
        from concordia.ai.worker import AIRequest, AIWorker

        self.worker = AIWorker()
        self.positions = [s for s in history if s.phase == Phase.CARD and s.step > 0]
        self.level = level
        self.limit = default_limit(level)
        self.request_type = AIRequest
        self.n = 0
        self.done = 0
        self.busy_s = 0.0

    def pump(self) -> None:
        result = self.worker.poll()
        if result is not None:
            self.done += 1
            self.busy_s += result.time_s or 0.0
        if self.n == self.done:
            state = self.positions[self.n % len(self.positions)]
            self.n += 1
            self.worker.request(
                self.request_type(
                    1, state.step, state, state.current_player, self.level, self.limit, seed=self.n
                )
            )

    def close(self) -> None:
        self.worker.close()


def frame_times(
    size: tuple[int, int],
    actions: list[str],
    frames: int,
    with_ai: bool,
    seed: int,
    level: str = "hard",
) -> FrameStats:
    import pygame

    from concordia.maps import load_board
    from concordia.settings import Settings
    from concordia.ui.app import App, AppOptions
    from concordia.ui.controller import GameController, GameSetup
    from concordia.ui.input import Hover
    from concordia.ui.scenes.game import new_game_scene
    from concordia.ui.scenes.menu import default_seats

    app = App(AppOptions(size=size), Settings(sound=False))
    app.init_display()
    controller = GameController(
        GameSetup("imperium", default_seats(SEATS), seed), load_board("imperium"), actions
    )
    app.push(new_game_scene(app, controller))
    searcher = _Searcher(controller.history, level) if with_ai else None
    clock = pygame.time.Clock()
    times: list[float] = []
    w, h = size
    wall = time.perf_counter()
    try:
        for i in range(frames + 30):
            clock.tick(60)
            if searcher is not None:
                searcher.pump()
            start = time.perf_counter()
            app.dispatch(Hover(((i * 37) % w, (i * 23) % h)))
            app.update(1 / 60)
            assert app.screen is not None
            app.draw(app.screen)
            elapsed = time.perf_counter() - start
            pygame.display.flip()
            if i >= 30:  # the first frames fill the caches
                times.append(elapsed * 1000)
    finally:
        extra = ""
        if searcher is not None:
            wall = time.perf_counter() - wall
            extra = (
                f"{searcher.done} {level} searches, AI thread searching "
                f"{min(100.0, 100 * searcher.busy_s / wall):.0f}% of the time"
            )
            searcher.close()
        app.shutdown()
        pygame.quit()
    label = f"{w}x{h}" + (f", {level} AI searching" if with_ai else "")
    return FrameStats(
        label, len(times), statistics.median(times), _percentile(times, 0.95), max(times), extra
    )


_COLD_CHILD = """
import resource, time
from concordia.cli import _setup_logging
_setup_logging()
from concordia.ui.app import App, AppOptions
App(AppOptions(max_frames=1)).run()
print(time.time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def _child_env(home: str) -> dict[str, str]:
    return dict(
        os.environ,
        SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        CONCORDIA_HOME=home,
    )


def cold_starts(runs: int, home: str) -> tuple[list[float], float]:
    """Seconds from spawn to the first menu frame, per run; and the largest RSS (MB)
    a cold-started process reached."""
    out: list[float] = []
    rss = 0.0
    for _ in range(runs):
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-c", _COLD_CHILD],
            capture_output=True,
            text=True,
            env=_child_env(home),
            check=True,
        )
        end, peak = done.stdout.strip().splitlines()[-1].split()
        out.append(float(end) - start)
        rss = max(rss, float(peak))
    return out, rss


def measure_in_child(
    size: tuple[int, int],
    with_ai: bool,
    frames: int,
    seed: int,
    actions_file: str,
    home: str,
    level: str = "hard",
) -> tuple[FrameStats, float]:
    """Run one frame measurement in a fresh process; its stats and its peak RSS (MB)."""
    cmd = [
        sys.executable,
        "-m",
        "concordia.ui.bench",
        "--child",
        f"{size[0]}x{size[1]}",
        "--frames",
        str(frames),
        "--seed",
        str(seed),
        "--actions",
        actions_file,
    ]
    if with_ai:
        cmd += ["--ai", "--level", level]
    done = subprocess.run(cmd, capture_output=True, text=True, env=_child_env(home), check=True)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return FrameStats(**data["stats"]), float(data["rss_mb"])


@dataclass
class IdleStats:
    label: str
    seconds: float
    cpu_pct: float
    painted: int
    iterations: int
    rss_mb: float

    def row(self) -> str:
        return (
            f"| {self.label} | {self.seconds:.1f} | {self.cpu_pct:.1f} | {self.painted} | "
            f"{self.iterations} | {self.rss_mb:.0f} MB |"
        )


def idle_in_child(
    where: str, size: tuple[int, int], seconds: float, seed: int, actions_file: str, home: str
) -> IdleStats:
    """Run the real main loop on the menu or the game screen in a fresh process."""
    cmd = [
        sys.executable,
        "-m",
        "concordia.ui.bench",
        "--idle",
        where,
        "--child",
        f"{size[0]}x{size[1]}",
        "--idle-seconds",
        str(seconds),
        "--seed",
        str(seed),
        "--actions",
        actions_file,
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, env=_child_env(home), check=True)
    return IdleStats(**json.loads(done.stdout.strip().splitlines()[-1]))


def _idle_child(args: argparse.Namespace) -> int:
    """``App.run`` for one second of warm-up plus ``--idle-seconds``, nothing touched;
    prints the CPU share over the measured part."""
    import resource

    from concordia.maps import load_board
    from concordia.settings import Settings
    from concordia.ui.app import FPS, App, AppOptions
    from concordia.ui.controller import GameController, GameSetup
    from concordia.ui.scenes.menu import default_seats

    w, h = (int(x) for x in args.child.split("x"))
    warm = FPS  # one second of frames
    total = warm + round(args.idle_seconds * FPS)
    app = App(AppOptions(size=(w, h), max_frames=total), Settings(sound=False))
    label = f"menu, {w}x{h}"
    if args.idle == "game":
        with open(args.actions, encoding="utf-8") as f:
            actions = json.load(f)
        board = load_board("imperium")
        setup = GameSetup("imperium", default_seats(SEATS), args.seed)

        def start(_setup: object) -> None:
            app.open_game(GameController(setup, board, actions))

        app.options.start = setup
        setattr(app, "start_game", start)  # noqa: B010 - the late position, not a new deal
        label = f"game, human to choose, 5 players, {w}x{h}"
    mark: list[tuple[float, float, int, int]] = []
    frames = [0]
    real_frame = app.frame

    def frame(dt: float) -> bool:
        frames[0] += 1
        if frames[0] == warm:
            mark.append((time.process_time(), time.perf_counter(), app.painted, frames[0]))
        return real_frame(dt)

    setattr(app, "frame", frame)  # noqa: B010 - count the real loop's iterations
    app.run()
    cpu0, wall0, painted0, frames0 = mark[0]
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stats = IdleStats(
        label, wall, 100 * cpu / max(wall, 1e-9), app.painted - painted0, frames[0] - frames0, rss
    )
    print(json.dumps(dataclasses.asdict(stats)))
    return 0


def _child(args: argparse.Namespace) -> int:
    import resource

    w, h = (int(x) for x in args.child.split("x"))
    with open(args.actions, encoding="utf-8") as f:
        actions = json.load(f)
    stats = frame_times((w, h), actions, args.frames, args.ai, args.seed, args.level)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"stats": dataclasses.asdict(stats), "rss_mb": rss}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m concordia.ui.bench",
        description="Frame time, idle CPU, cold start and memory of the game window.",
    )
    parser.add_argument("--frames", type=int, default=300, help="frames per measurement")
    parser.add_argument("--starts", type=int, default=7, help="cold-start runs")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--driver",
        choices=("dummy", "x11"),
        default="dummy",
        help="SDL video driver: dummy (no window) or x11 (a real window; needs DISPLAY)",
    )
    parser.add_argument(
        "--idle-seconds", type=float, default=5.0, help="seconds of each idle measurement"
    )
    parser.add_argument(
        "--out", help="folder to write report.md and results.json into (and the game's home/)"
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--idle", choices=("menu", "game"), help=argparse.SUPPRESS)
    parser.add_argument("--ai", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--level", default="hard", help="the AI level searching in the 'AI' runs (default hard)"
    )
    parser.add_argument("--actions", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.child:
        os.environ["SDL_VIDEODRIVER"] = args.driver
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.setswitchinterval(0.001)  # as App.run does
    if args.child and args.idle:
        return _idle_child(args)
    if args.child:
        return _child(args)
    if args.driver == "x11" and not os.environ.get("DISPLAY"):
        parser.error("--driver x11 needs DISPLAY (e.g. Xvfb :99 and DISPLAY=:99)")
    report: list[str] = []

    def say(line: str = "") -> None:
        print(line)
        report.append(line)

    # The game's home (settings, logs) and the position file: inside --out when given,
    # else a temporary folder that is removed at the end.
    if args.out:
        home = os.path.join(os.path.abspath(args.out), "home")
        os.makedirs(home, exist_ok=True)
    else:
        home = tempfile.mkdtemp(prefix="concordia-bench-")
        atexit.register(shutil.rmtree, home, ignore_errors=True)
    os.environ["CONCORDIA_HOME"] = home
    try:
        import concordia.ai.worker  # noqa: F401

        has_ai = True
    except ImportError:
        has_ai = False

    def load() -> str:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())

    say(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, video driver "
        f"{args.driver}, load average {load()}"
    )
    actions = late_game_actions(args.seed)
    say(f"position: 5 players, Imperium, step {len(actions)} (seed {args.seed})")
    actions_file = os.path.join(home, "actions.json")
    with open(actions_file, "w", encoding="utf-8") as f:
        json.dump(actions, f)
    runs = [(size, False) for size in SIZES] + ([(size, True) for size in SIZES] if has_ai else [])
    stats: list[FrameStats] = []
    rss = 0.0
    for size, with_ai in runs:
        one, peak = measure_in_child(
            size, with_ai, args.frames, args.seed, actions_file, home, args.level
        )
        one.extra = "; ".join(x for x in (one.extra, f"peak RSS {peak:.0f} MB") if x)
        stats.append(one)
        rss = max(rss, peak)
    say("\n| frames of the game scene | frames | p50 ms | p95 ms | max ms | notes |")
    say("|---|---|---|---|---|---|")
    for s in stats:
        say(s.row())
    if not has_ai:
        say("(concordia.ai is not installed: no measurement while the AI thinks)")
    starts, start_rss = cold_starts(args.starts, home)
    say(
        f"\ncold start to the first menu frame ({len(starts)} runs): median "
        f"{statistics.median(starts):.2f} s, min {min(starts):.2f} s, "
        f"max {max(starts):.2f} s; peak RSS {start_rss:.0f} MB"
    )
    idle: list[IdleStats] = []
    for where in ("menu", "game"):
        idle.append(
            idle_in_child(where, (1280, 720), args.idle_seconds, args.seed, actions_file, home)
        )
        rss = max(rss, idle[-1].rss_mb)
    say(f"\nidle, nothing touched (load average {load()} after):\n")
    say("| idle main loop | seconds | CPU % of one core | frames painted | iterations | peak RSS |")
    say("|---|---|---|---|---|---|")
    for measured in idle:
        say(measured.row())
    say(f"\npeak RSS of a game window: {rss:.0f} MB")
    plain = [s.p95 for s in stats if "AI" not in s.label]
    ai_p95 = [s.p95 for s in stats if "AI" in s.label]
    checks = [
        ("frame p95", max(plain), BARS["frame_p95_ms"], "ms"),
        ("cold start median", statistics.median(starts), BARS["cold_start_s"], "s"),
        ("peak RSS", rss, BARS["rss_mb"], "MB"),
    ]
    if ai_p95:
        checks.insert(1, ("frame p95 with AI", max(ai_p95), BARS["frame_ai_p95_ms"], "ms"))
    checks.append(("idle CPU", max(i.cpu_pct for i in idle), BARS["idle_cpu_pct"], "%"))
    say()
    for name, value, bar, unit in checks:
        say(f"{name}: {value:.2f} {unit} (bar {bar} {unit}) {'ok' if value <= bar else 'OVER'}")
    if args.out:
        out = os.path.abspath(args.out)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
            f.write("\n".join(report) + "\n")
        results = {
            "driver": args.driver,
            "frames": [dataclasses.asdict(x) for x in stats],
            "idle": [dataclasses.asdict(x) for x in idle],
            "cold_start_s": starts,
            "peak_rss_mb": rss,
            "checks": {name: {"value": v, "bar": b, "unit": u} for name, v, b, u in checks},
        }
        with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
        print(f"written: {out}/report.md, {out}/results.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
