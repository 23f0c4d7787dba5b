"""Issue 31, words: the human at the screen is addressed in the second person ("Your
turn", "You play Architect", "Livia copies your Architect"), in English and Italian,
while the other seats are named in the third person."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from ui_helpers import draw, find_actions, game_scene, make_app

from concordia.ai.play import play_game
from concordia.core import Copy, GameState, PlayCard, Produce
from concordia.maps import load_board
from concordia.ui.controller import GameController, GameSetup, SeatConfig
from concordia.ui.game import tooltips
from concordia.ui.game.describe import addressee, scene_names
from concordia.ui.presenters import card_name, for_action
from concordia.ui.scenes.scores import ScoresScene
from concordia.ui.scenes.statistics import totals_line
from concordia.ui.strings import CATALOGUE, person, set_language, t, tn

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.fixture(params=["en", "it"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    yield request.param
    set_language("en")


def _scene(kinds: list[str], seed: int, want: Callable[[GameState], bool], lang: str) -> Any:
    """A game scene at a position found by random play, its words in ``lang`` (set after
    the app is made: the app sets the language of its settings)."""
    _app, scene = game_scene(kinds, seed=seed, actions=find_actions(kinds, seed, want))
    set_language(lang)
    return scene


def _after_both_played(s: GameState) -> bool:
    """Seat 0 (human) to choose a card, each seat having played at least one card."""
    return s.phase == "card" and s.turn_player == 0 and len(s.discard(1)) >= 1


def test_top_bar_and_log_address_the_human_and_name_the_other_seat(lang: str) -> None:
    scene = _scene(["human", "easy"], 7, _after_both_played, lang)
    c = scene.controller
    me, other = c.seats[0].name, c.seats[1].name
    assert addressee(scene) == 0
    head = scene.top.headline()
    assert head == f"{t('game.turn_of.you')} · {t('phase.card')}"
    assert me not in head
    # The log: each seat's card plays, the human's in the second person.
    lines = scene.log.lines()
    plays = [(i, a) for i, a in enumerate(c.actions) if a.startswith("play ")]
    seen = set()
    for i, text in plays:
        seat = c.actors[i]
        card = card_name(text.removeprefix("play "))
        line = lines[i][0]
        if seat == 0:
            assert line.startswith(t("log.play.you", card=card)), line
            assert me not in line.split(":")[0]
        else:
            assert line.startswith(t("log.play", name=other, card=card)), line
        seen.add(seat)
    assert seen == {0, 1}
    expected = {"en": "You play ", "it": "Giochi "}[lang]
    assert any(lines[i][0].startswith(expected) for i, _ in plays if c.actors[i] == 0)
    # The players' panel tooltips: yours in the second person, with singular counts.
    mine, theirs = scene.players.tooltip_for(0), scene.players.tooltip_for(1)
    vp = {"en": "You would score ", "it": "Faresti "}[lang]
    assert vp in mine and vp not in theirs
    assert t("game.tip.vp", name=other, n=0).split(" 0 ")[0] in theirs
    # The other seat's turn: named in the third person.
    scene.controller.submit(PlayCard(scene.state.hand(0)[0]))
    while scene.state.turn_player == 0 and not scene.controller.awaiting_confirm:
        scene.controller.submit(scene.state.legal_actions()[0])
    if scene.controller.awaiting_confirm:
        scene.controller.confirm_turn()
    assert scene.state.turn_player == 1
    assert scene.top.headline().startswith(t("game.turn_of", name=other))


def test_the_diplomat_copies_your_card(lang: str) -> None:
    scene = _scene(["human", "easy"], 3, lambda s: len(s.discard(0)) >= 1, lang)
    state = scene.state
    top = card_name(state.discard(0)[-1])
    other = scene.controller.seats[1].name
    you = scene_names(scene, viewer=0)
    line = for_action(Copy(0)).describe(you, Copy(0), 1, state)
    assert line == {"en": f"{other} copies your {top}", "it": f"{other} copia il tuo {top}"}[lang]
    # Without a viewer (the hint, the review): the seat is named.
    plain = for_action(Copy(0)).describe(scene_names(scene), Copy(0), 1, state)
    assert plain == t("log.copy", name=other, card=top, other=scene.controller.seats[0].name)
    if lang == "en":  # the possessive, not "copies Architect of Player 1"
        assert plain == f"{other} copies {scene.controller.seats[0].name}'s {top}"
    # The viewer copying another seat's card.
    you_copy = for_action(Copy(1)).describe(scene_names(scene, viewer=0), Copy(1), 0, state)
    assert you_copy.startswith({"en": "You copy ", "it": "Copi "}[lang])


def test_pass_and_play_addresses_the_seat_whose_hand_is_shown(lang: str) -> None:
    scene = _scene(["human", "human"], 5, lambda s: s.turn_player == 1 and s.step > 0, lang)
    c = scene.controller
    assert addressee(scene) == 1
    assert scene.top.headline().startswith(t("game.turn_of.you"))
    lines = scene.log.lines()
    first = lines[0][0]  # seat 0's first card, now a named seat
    assert c.actors[0] == 0 and first.startswith(
        t("log.play", name=c.seats[0].name, card=card_name(c.actions[0].removeprefix("play ")))
    )


def test_the_board_tooltip_says_what_you_do(lang: str) -> None:
    def prefect(s: GameState) -> bool:
        return s.phase == "prefect" and s.current_player == 0

    scene = _scene(["human", "easy"], 4, prefect, lang)
    geo = scene.geometry()
    checked = 0
    for province, produce in scene.options().produce.items():
        for fp in geo.provinces[province]:
            pos = (round(fp.centre[0]), round(fp.centre[1]))
            hit = scene.board_hit(pos)
            if hit is None or hit.choice != produce:
                continue
            tip = tooltips.board_tooltip(scene, pos) or ""
            what = t("log.produce.you", province=scene.place_name(province))
            what = what[0].lower() + what[1:]
            assert tip.startswith(t("game.tip.click", what=what)), tip
            assert scene.controller.seats[0].name not in tip
            checked += 1
    assert checked
    assert isinstance(produce, Produce)
    sample = {"en": "Click: you produce in ", "it": "Clic: fai produrre "}[lang]
    assert tip.startswith(sample)


# ---------------------------------------------------------------------- plurals
def test_count_strings_say_one_and_two(lang: str) -> None:
    """Found by hand: "1 games finished"; in Italian "1 partite finite"."""
    set_language(lang)
    one = {
        "en": "1 game finished · 1 with you · 1 won",
        "it": "1 partita finita · 1 con te · 1 vinta",
    }[lang]
    two = {
        "en": "2 games finished · 2 with you · 2 won",
        "it": "2 partite finite · 2 con te · 2 vinte",
    }[lang]
    assert totals_line(1, 1, 1) == one
    assert totals_line(2, 2, 2) == two
    singular = {
        "en": ["1 game left out", "Your last result", "1 house left", "1 card in hand"],
        "it": [
            "1 partita esclusa",
            "Il tuo ultimo risultato",
            "1 casa rimasta",
            "1 carta in mano",
        ],
    }[lang]
    keys = [
        "stats.skipped",
        "stats.last",
        "game.houses_left",
        "game.tip.in_hand",
    ]
    for key, text in zip(keys, singular, strict=True):
        assert tn(key, 1).startswith(text), (key, tn(key, 1))
        assert tn(key, 2) != tn(key, 1).replace("1", "2"), key  # the plural differs


#: Count strings whose count is at least 2 wherever they are shown (or unused, or
#: another part's: the hint's and the review's words).
_PLURAL_ONLY = {
    "scores.margin",  # "scores.margin_one" says 1
    "scores.margin.you",
    "scores.winner.you",
    "log.repeated",  # a line repeated: twice or more
    "action.mercator",  # 3 to 5 sestertii
    "store.title",  # 12 spaces
    "review.total_loss",  # the review's (a decimal: "1.0 points")
    "review.loss",
    "game.hint_why",
    "game.hint_why_only",
    "game.hint_why_far",
    "game.hint_why_only_far",
}
_NOUNS = re.compile(
    r"\{n\}\)? (games|points|cards|houses|results|steps|sestertii|times|spaces|turns|"
    r"partite|punti|carte|case|risultati|passi|sesterzi|volte|spazi|turni|liberi|rimasti)\b"
)


def test_every_count_with_a_plural_noun_has_its_one_form() -> None:
    missing = [
        (lang, key)
        for lang, table in CATALOGUE.items()
        for key, text in table.items()
        if not key.endswith((".one", ".other"))
        and key not in _PLURAL_ONLY
        and _NOUNS.search(text)
        and key + ".one" not in table
    ]
    assert missing == []


# ---------------------------------------------------------------------- final scores
def test_the_final_score_lines_fit_at_1024x640(lang: str) -> None:
    """Found by hand at 1024x640 (5 players): "…Concordia card (7 points) to L…"."""
    board = load_board("imperium")
    game = play_game(board, ["random"] * 5, seed=11)
    names = ["Lucretia", "Valeria", "Marcus", "Aurelia", "Cornelius"]
    seats = [SeatConfig("human" if i == 0 else "easy", n, i) for i, n in enumerate(names)]
    controller = GameController(
        GameSetup("imperium", seats, 11), board, [str(a) for a in game.actions]
    )
    app = make_app((1024, 640))
    set_language(lang)
    scores = ScoresScene(app, controller, final=True)
    # A tie on points: the tie-break line too (the longest case).
    out = scores.outcome
    first, second = out.ranking[0], out.ranking[1]
    tied = list(out.scores)
    tied[second] = dataclasses.replace(tied[second], total=tied[first].total)
    scores.outcome = dataclasses.replace(out, scores=tuple(tied))
    app.stack.push(scores)
    draw(app)
    assert app.screen is not None
    box = scores._box(app.screen.get_rect())
    font = app.fonts.get(15)
    width = box.width - scores.px(40)
    rows = scores.winner_rows(font, width)
    assert rows and all(font.size(row)[0] <= width for row in rows), rows
    said = " ".join(" ".join(rows).split())
    state = controller.state
    assert state.concordia is not None
    holder = state.concordia
    whole = [scores.margin_text(), person("scores.tiebreak", first == 0, name=names[first])]
    assert whole[0] == person("scores.tie_margin", first == 0, name=names[first])
    whole.append(person("scores.concordia_to", holder == 0, name=names[holder]))
    for line in whole:
        assert " ".join(line.split()) in said, (line, rows)
    # The rows end above the buttons.
    top = scores.px(30) + font.get_linesize() * len(rows)
    ranking_end = box.y + scores.px(70) + scores.px(40 + 5 * 44 + 2)
    assert ranking_end + top <= min(b.rect.y for b in scores.buttons.buttons)
