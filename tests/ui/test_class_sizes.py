"""Issue 9's structure rule: scenes draw and wire, so no UI class grows past ~400 lines.

A class that grows past the limit should hand a cohesive part of itself to a helper
module (as ``concordia/ui/game/*`` and ``concordia/ui/render/board_*`` do).
"""

from __future__ import annotations

import ast
from pathlib import Path

import concordia.ui

MAX_CLASS_LINES = 400


def class_sizes(root: Path) -> dict[str, int]:
    """Lines of every class statement under ``root``, keyed ``path:Class``."""
    sizes: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                key = f"{path.relative_to(root.parent)}:{node.name}"
                sizes[key] = node.end_lineno - node.lineno + 1
    return sizes


def test_the_measure_sees_the_big_classes() -> None:
    sizes = class_sizes(Path(concordia.ui.__file__).parent)
    assert sizes["ui/scenes/game.py:GameScene"] > 100
    assert sizes["ui/render/board_view.py:BoardRenderer"] > 100


def test_no_ui_class_over_the_limit() -> None:
    sizes = class_sizes(Path(concordia.ui.__file__).parent)
    too_big = {k: n for k, n in sizes.items() if n > MAX_CLASS_LINES}
    assert not too_big, f"classes over {MAX_CLASS_LINES} lines: {too_big}"
