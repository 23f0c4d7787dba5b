"""Command line: ``python -m concordia [options]`` (also the ``concordia`` script).

Without options the menu opens. ``--board``/``--seats``/``--seed`` start a game at once;
``--autoplay`` plays an AI-only game through the real scene loop with no delays, prints
the final scores and exits 0. ``--load SAVE`` opens a save as the Load screen does.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
from pathlib import Path

from concordia.about import __version__

logger = logging.getLogger(__name__)

SEAT_KINDS = ("human", "easy", "normal", "hard", "expert")
BOARDS = ("imperium", "italia")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="concordia", description="Concordia: the board game, against AI or pass-and-play."
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--board", choices=BOARDS, help="start a game on this board")
    p.add_argument(
        "--seats",
        type=_seats,
        metavar="KIND,KIND,...",
        help="2-5 seats, each human, easy, normal, hard or expert "
        "(default human,normal,normal,normal)",
    )
    p.add_argument("--seed", type=int, help="set-up seed (same seed, same game)")
    p.add_argument(
        "--intermediate-scoring",
        action="store_true",
        help="score everybody at each first Tribune (option)",
    )
    p.add_argument("--no-goods", action="store_true", help="start without goods (variant)")
    p.add_argument(
        "--autoplay",
        action="store_true",
        help="AI-only seats: play a whole game without delays, print the scores",
    )
    p.add_argument(
        "--screenshot",
        type=Path,
        metavar="DIR",
        help="save a PNG of each scene the first time it is shown",
    )
    p.add_argument(
        "--load",
        type=Path,
        metavar="SAVE",
        help="open a saved game (what the Load screen opens, with the same recovery)",
    )
    p.add_argument("--home", type=Path, metavar="DIR", help="keep settings, saves and logs in DIR")
    p.add_argument(
        "--smoke-test", action="store_true", help="check that the game's files load, then exit"
    )
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1600x900")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    return p


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``), run the game, return the exit code."""
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.home is not None:
        from concordia.settings import set_home

        set_home(args.home)
    if args.smoke_test:
        from concordia.smoke import run_smoke_test

        return int(run_smoke_test())
    from concordia.resources import missing_resources

    no_fonts = [p for p in missing_resources() if p.startswith("assets/fonts/")]
    if no_fonts:  # no window can show text without them: say so here
        print("concordia cannot start: " + "; ".join(no_fonts), file=sys.stderr)
        return 2
    _setup_logging()
    seats: list[str] | None = args.seats
    if args.autoplay:
        seats = seats or ["normal", "normal", "normal", "normal"]
        if "human" in seats:
            parser.error("--autoplay needs AI seats only (easy, normal, hard, expert)")
        if args.screenshot is None:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from concordia.ui.app import App, AppOptions
    from concordia.ui.controller import GameSetup
    from concordia.ui.scenes.menu import default_seats

    start = None
    if args.autoplay or args.board or seats or args.seed is not None:
        board = args.board or "imperium"
        kinds = seats or ["human", "normal", "normal", "normal"]
        seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
        start = GameSetup(
            board,
            default_seats(kinds),
            seed,
            intermediate_scoring=args.intermediate_scoring,
            no_goods=args.no_goods,
        )
    options = AppOptions(
        size=args.size,
        fullscreen=True if args.fullscreen else None,
        autoplay=args.autoplay,
        screenshot_dir=args.screenshot,
        start=start,
        load=args.load if start is None else None,
    )
    app = App(options)
    code = app.run()
    if args.autoplay:
        if app.result is None:
            print("autoplay: the game did not finish", file=sys.stderr)
            return 1
        print("\n".join(app.result.lines))
    return code


def _seats(text: str) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in SEAT_KINDS]
    if bad:
        raise argparse.ArgumentTypeError(
            f"unknown seat kind(s): {', '.join(bad)} (use {', '.join(SEAT_KINDS)})"
        )
    if not 2 <= len(kinds) <= 5:
        raise argparse.ArgumentTypeError("a game has 2 to 5 seats")
    return kinds


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("size must look like 1280x720") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return (w, h)


def _setup_logging() -> None:
    try:
        from concordia.logs import setup_logging

        setup_logging()
    except Exception:  # logging must never stop the game from starting
        logging.basicConfig(level=logging.WARNING)
