"""Whatever a property of a map says, load_board either succeeds or raises BoardError."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from concordia.core.errors import BoardError
from concordia.maps import load_board
from tests.hypothesis_profiles import examples

MAPS = Path(__file__).resolve().parents[2] / "maps"
TREES = {board: ET.parse(MAPS / f"{board}.tmx") for board in ("imperium", "italia")}
CITY_NAMES = sorted({o.get("name", "") for t in TREES.values() for o in t.iter("object")})
VALUES = st.one_of(
    st.sampled_from([*CITY_NAMES, "", " ", "A", "B", "C", "D", "E", "0", "-1"]), st.text(max_size=6)
)


@settings(max_examples=examples(20), suppress_health_check=[HealthCheck.too_slow])
@given(
    board=st.sampled_from(sorted(TREES)),
    pick=st.integers(min_value=0),
    value=VALUES,
    drop=st.booleans(),
)
def test_any_property_change_gives_board_or_board_error(
    tmp_path_factory: pytest.TempPathFactory, board: str, pick: int, value: str, drop: bool
) -> None:
    root = TREES[board].getroot()
    tree = ET.ElementTree(ET.fromstring(ET.tostring(root)))
    props = [(parent, p) for parent in tree.iter("properties") for p in parent]
    parent, prop = props[pick % len(props)]
    if drop:
        parent.remove(prop)
    else:
        prop.set("value", value)
    path = tmp_path_factory.mktemp("fuzzed-map") / f"{board}.tmx"
    tree.write(path, encoding="UTF-8", xml_declaration=True)
    try:
        spec = load_board(path)
    except BoardError as exc:
        assert str(exc).startswith(f"{path}:")
    else:
        assert spec.topology().num_cities == len(spec.cities)
