"""Write the golden replays in tests/core/golden/ (``python -m tests.core.golden_regen``).

Each golden file holds a seeded random game: board, player count, seed, options, the
full action list, a digest of the state every :data:`EVERY` steps and at the end, and
the final scores. ``tests/core/test_golden.py`` replays them and compares. Regenerate
only after a deliberate rules change, and say which rule in the commit message.

The digest is the sha256 of the canonical JSON (sorted keys, no spaces) of
``state.to_dict()`` without its ``"board"`` entry, so that redrawing a map (positions
of cities and routes) does not invalidate the rules' golden record; the board's rules
content is pinned anyway by every move in the action list being legal.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
EVERY = 50

# name: (board, players, seed, options, seed of the random player)
SPECS: dict[str, tuple[str, int, int, dict[str, bool], int]] = {
    "imperium_4p": ("imperium", 4, 2024, {"intermediate_scoring": True, "no_goods": False}, 7),
    "italia_2p_no_goods": ("italia", 2, 31, {"intermediate_scoring": False, "no_goods": True}, 11),
    "imperium_5p": ("imperium", 5, 99, {"intermediate_scoring": False, "no_goods": False}, 3),
}


def digest(state: Any) -> str:
    d = state.to_dict()
    d.pop("board", None)
    text = json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def final_scores(state: Any) -> list[dict[str, Any]]:
    return [
        {"seat": sc.seat, "gods": dict(sc.gods), "concordia": sc.concordia, "total": sc.total}
        for sc in state.scores()
    ]


def generate(name: str) -> dict[str, Any]:
    from concordia.core import new_game
    from concordia.maps import load_board

    board_name, n, seed, options, play_seed = SPECS[name]
    state = new_game(load_board(board_name), n, seed, **options)
    rng = random.Random(play_seed)
    actions: list[str] = []
    digests = {"0": digest(state)}
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(str(action))
        if len(actions) % EVERY == 0:
            digests[str(len(actions))] = digest(state)
    digests[str(len(actions))] = digest(state)
    return {
        "board": board_name,
        "num_players": n,
        "seed": seed,
        "options": options,
        "play_seed": play_seed,
        "actions": actions,
        "every": EVERY,
        "digests": digests,
        "final_scores": final_scores(state),
        "ranking": list(state.ranking()),
        "concordia": state.concordia,
    }


def main(argv: list[str] | None = None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or sorted(SPECS)
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in names:
        data = generate(name)
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(data['actions'])} actions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
