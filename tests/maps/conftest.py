"""Fixtures for the map tests: the committed maps, the trimmed reference data, and a
helper that writes a mutated copy of a map."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parents[2]
MAPS_DIR = REPO / "maps"
DATA_DIR = Path(__file__).resolve().parent / "data"


def read_reference(board: str) -> dict[str, Any]:
    with (DATA_DIR / f"{board}.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


@pytest.fixture
def reference() -> Callable[[str], dict[str, Any]]:
    """``reference("italia")``: the trimmed reference facts (tests/maps/data/italia.json)."""
    return read_reference


@pytest.fixture
def data_dir() -> Path:
    """The folder of the trimmed reference copies (a valid --reference for gen_maps)."""
    return DATA_DIR


@pytest.fixture
def maps_dir() -> Path:
    return MAPS_DIR


Mutate = Callable[[str, Callable[[ET.Element], object]], Path]


@pytest.fixture
def mutate(tmp_path: Path) -> Mutate:
    """``mutate("imperium", fn)``: copy maps/imperium.tmx to tmp_path/imperium.tmx after
    ``fn(root)`` changed its XML tree in place; returns the new path."""

    def make(board: str, fn: Callable[[ET.Element], object]) -> Path:
        tree = ET.parse(MAPS_DIR / f"{board}.tmx")
        fn(tree.getroot())
        out = tmp_path / f"{board}.tmx"
        tree.write(out, encoding="UTF-8", xml_declaration=True)
        return out

    return make
