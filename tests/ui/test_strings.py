"""The string catalogue: English and Italian complete and consistent."""

from __future__ import annotations

import re
import string

from concordia.core.data import CARDS, GODS, GOODS
from concordia.ui import strings


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_languages_have_the_same_keys() -> None:
    assert set(strings.EN) == set(strings.IT)


def test_placeholders_match() -> None:
    for key, text in strings.EN.items():
        assert _fields(text) == _fields(strings.IT[key]), key


def test_every_card_god_and_good_is_named() -> None:
    for card in CARDS:
        assert strings.has("card." + card.name.lower()), card.id
        assert strings.has("action." + card.action), card.action
    for god in GODS:
        assert strings.has("god." + god) and strings.has("godtip." + god)
    for good in GOODS:
        assert strings.has("good." + good)


def test_t_switches_language_and_fills_placeholders() -> None:
    try:
        strings.set_language("it")
        assert strings.t("handover.pass_to", name="Ada") == "Passa a Ada"
        strings.set_language("en")
        assert strings.t("handover.pass_to", name="Ada") == "Pass to Ada"
        assert strings.t("no.such.key") == "no.such.key"
    finally:
        strings.set_language("en")


def test_no_untranslated_italian() -> None:
    same = [k for k, v in strings.IT.items() if v == strings.EN[k] and re.search("[a-z]{4}", v)]
    # Proper names and Latin terms are the same in both languages.
    allowed = {
        "app.title",
        "board.imperium",
        "board.italia",
        "game.praefectus",
        "god.Vesta",
        "god.Minerva",
        "scores.concordia",
        "card.senator",
        "error.ok",
        "game.tip.hand_card",
        "game.tip.province",
        "log.change_of",
    }
    assert set(same) <= allowed, set(same) - allowed
