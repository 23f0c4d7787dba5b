"""``python -m concordia``; also PyInstaller's entry script, so absolute imports only."""

from __future__ import annotations

import multiprocessing

# The guard matters: a multiprocessing "spawn" child re-imports this module as __mp_main__.
if __name__ == "__main__":
    # First thing: in a frozen build a multiprocessing child must stop here, not start the game.
    multiprocessing.freeze_support()

    from concordia.cli import main

    raise SystemExit(main())
