"""Write tests/ai/data/choices.json (``python -m tests.ai.choices_regen``).

The AI's choices for fixed seeds and iteration budgets, recorded once from the code
before the rules core was split by card (issue 10), so that a refactor of the core or
of the evaluation that changes any choice is caught by ``test_ai_choices.py``. Each
entry is either one decision (a level at a position) or a stretch of a game played by
mixed levels through :func:`concordia.ai.play.play_game`. Regenerate only after a
deliberate change of an agent or a rule, and say which in the commit message.
"""

from __future__ import annotations

import json
import random
import sys
import threading
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "choices.json"

# One decision: (board, players, deal seed, random steps before, level, iterations, rng
# seed). Even step counts are played on to the start of a turn, odd ones stop mid-card.
DECISIONS: tuple[tuple[str, int, int, int, str, int, int], ...] = tuple(
    (board, players, seed, steps, level, iters, 5)
    for board, players, seed in (("imperium", 4, 11), ("italia", 3, 7))
    for steps in (0, 45, 110, 200, 31, 77, 133, 181)
    for level, iters in (("easy", 4), ("normal", 4), ("hard", 4), ("hard", 12))
)
# Game stretches: (board, seat levels, deal seed, iterations, actions).
GAMES: tuple[tuple[str, tuple[str, ...], int, int, int], ...] = (
    ("imperium", ("hard", "normal", "easy", "normal"), 3, 6, 120),
    ("italia", ("normal", "hard", "easy"), 5, 6, 120),
    ("imperium", ("easy", "easy", "normal", "normal", "hard"), 8, 2, 150),
)


def position(board_name: str, players: int, seed: int, steps: int) -> Any:
    """The position after ``steps`` random legal actions; an even ``steps`` is played on
    to a turn start, an odd one stays where it is (often in the middle of a card)."""
    from concordia.core import new_game
    from concordia.maps import load_board

    s = new_game(load_board(board_name), players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.current_player is None:
            break
        s.apply_in_place(rng.choice(s.legal_actions()))
    while steps % 2 == 0 and s.phase not in ("card", "over"):
        s.apply_in_place(rng.choice(s.legal_actions()))
    return s


def decide(spec: tuple[str, int, int, int, str, int, int]) -> str:
    from concordia.ai import Limit, make_agent

    board, players, seed, steps, level, iters, rng_seed = spec
    s = position(board, players, seed, steps)
    seat = s.current_player
    assert seat is not None, spec
    agent = make_agent(level)
    action = agent.choose(
        s.view_for(seat), Limit(iterations=iters), random.Random(rng_seed), threading.Event()
    )
    return str(action)


def game(spec: tuple[str, tuple[str, ...], int, int, int]) -> list[str]:
    from concordia.ai import Limit
    from concordia.ai.play import play_game
    from concordia.maps import load_board

    board, levels, seed, iters, steps = spec
    g = play_game(
        load_board(board), list(levels), seed=seed, limits=Limit(iterations=iters), max_steps=steps
    )
    return [str(a) for a in g.actions]


def generate() -> dict[str, Any]:
    return {
        "decisions": [{"spec": list(d), "action": decide(d)} for d in DECISIONS],
        "games": [
            {"spec": [g[0], list(g[1]), g[2], g[3], g[4]], "actions": game(g)} for g in GAMES
        ],
    }


def main() -> int:
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
