"""The hint's reasons in words: every reason in both languages, the winning end of the
game hinted and said, the hint and the review agreeing on the same position."""

from __future__ import annotations

import threading
import time

import pytest
from ui_helpers import game_scene

from concordia.advice import REASON_KEYS, Reason, play_reasons, replay_play
from concordia.ai.base import Limit
from concordia.ai.worker import AIRequest, AIResult, AIWorker, PlayOption, Purpose
from concordia.core import GameState, Phase, PlayCard
from concordia.review import Judge
from concordia.ui.game.describe import Names
from concordia.ui.game.hints import reason_text, why_text, win_percent
from concordia.ui.strings import EN, IT, set_language, t
from tests.ai.positions import last_turn

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_every_reason_has_english_and_italian_words() -> None:
    names = Names(("Marcus", "Livia").__getitem__, {"hadria": "Hadria"}.__getitem__)
    samples = {key: Reason(key, 5, "Saturnus", 1, 3, "mercator", "hadria") for key in REASON_KEYS}
    for lang in ("en", "it"):
        set_language(lang)
        said = set()
        for key in REASON_KEYS:
            assert f"reason.{key}" in EN and f"reason.{key}" in IT, key
            if key in ("win_chance", "margin"):
                continue  # the search's numbers, said by the hint itself (below)
            text = reason_text(samples[key], names)
            assert text and "{" not in text and not text.startswith("reason."), (lang, key)
            said.add(text)
        assert len(said) == len(REASON_KEYS) - 2  # every reason reads differently
        # The reasons that name a seat or a city say them; a count of one its singular.
        assert "Livia" in reason_text(samples["reach_first"], names)
        assert "Hadria" in reason_text(samples["reach_first"], names)
        one = reason_text(Reason("no_copy", 1, seat=1), names)
        assert "Livia" in one and one != reason_text(samples["no_copy"], names)
        # Found by hand: "keeps 1 goods the next best throws away".
        kept = reason_text(Reason("no_discard", 1), names)
        assert kept != reason_text(samples["no_discard"], names).replace("5", "1"), kept
    set_language("en")
    assert "1 good that" in reason_text(Reason("no_discard", 1), names)


def _hint(state: GameState, iterations: int) -> AIResult:
    """The hint the game asks for (the expert, on the AI thread) at an iteration budget."""
    seat = state.current_player
    assert seat is not None
    worker = AIWorker()
    try:
        limit = Limit(iterations=iterations)
        worker.request(AIRequest(1, state.step, state, seat, "expert", limit, None, Purpose.HINT))
        deadline = time.monotonic() + 60  # liveness only
        while (reply := worker.poll()) is None:
            assert time.monotonic() < deadline, "no hint came back"
            time.sleep(0.01)
        return reply
    finally:
        worker.close()


def test_the_hint_ends_the_game_where_that_wins_and_says_so() -> None:
    # The game's last turn (seed 2: the mover can win): every play ends the game and
    # is judged by the real final scores and tie-break, so the answer is forced.
    state = last_turn(2)
    me = state.current_player
    assert me is not None
    reply = _hint(state, 30)
    assert reply.hint and reply.error is None and reply.options
    best = reply.options[0]
    assert best.win == 1.0
    after = replay_play(state, best.actions)
    assert after is not None
    while after.phase != Phase.OVER:  # the other seat's pending discards, if any
        after.apply_in_place(after.legal_actions()[0])
    assert after.outcome().winner == me
    reasons = play_reasons(state, best.actions, me)
    assert reasons and reasons[0].key == "end_win"
    totals = [sc.total for sc in after.scores()]
    assert reasons[0].n == totals[me] - totals[1 - me]
    words = reason_text(reasons[0], Names(lambda seat: "X", str))
    assert words == t("reason.end_win", n=reasons[0].n) and "sure win" in words
    # The review's judge, at the same budget on the same position, picks the same play.
    judged = Judge().search(state, 30, threading.Event())
    assert judged[0].actions == best.actions and judged[0].win == 1.0


def test_the_why_says_what_the_play_does_and_its_chance_to_win() -> None:
    _app, scene = game_scene(["human", "easy"], 4)
    scene.update(0.0)
    state = scene.state
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    options = (
        PlayOption((plays[0],), 131.4, None, 31.0, 0.68),
        PlayOption((plays[1],), 127.0, None, 29.2, 0.52),
    )
    for lang in ("en", "it"):
        set_language(lang)
        why = why_text(scene, state, 0, options)
        assert why.startswith(t("reason.why", reasons="")[:4])
        assert t("reason.win_chance", pct=70) in why  # 0.68, told to the nearest 5 %
        assert t("reason.win_chance", pct=50) in why  # the next best's own chance
        assert "131" not in why and "VP" not in why  # no uncalibrated forecast
        # A next best the forecast gives a better chance than the best is named
        # without that chance, which would contradict the advice.
        likelier = (options[0], options[1]._replace(win=0.81))
        why = why_text(scene, state, 0, likelier)
        assert t("reason.win_chance", pct=70) in why
        assert t("reason.win_chance", pct=80) not in why
    set_language("en")
    assert (win_percent(0.0), win_percent(0.01), win_percent(0.99), win_percent(1.0)) == (
        0,
        5,
        95,
        100,
    )
    scene.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_top_bar_copy_is_never_cut_and_the_box_closes_and_reopens(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # Found by hand: the top bar's copy of a hint (the whole play and why) was cut
    # with "…". It now says the first step and points to the box, which wraps the rest.
    import pygame
    from ui_helpers import draw, send

    from concordia.ui import theme
    from concordia.ui.game import hints
    from concordia.ui.input import Key

    app, scene = game_scene(["human", "easy"], 4, size=(1024, 640))
    set_language(language)  # after the app, which sets the language of its settings
    scene.update(0.0)
    state = scene.state
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    options = tuple(
        PlayOption((p,), 130.0 - k, None, 30.0 - k, 0.6 - k / 10) for k, p in enumerate(plays[:3])
    )
    scene.request_hint()
    scene.ai.cancel()
    scene.take_reply(
        AIResult(scene.game_id, state.step, plays[0], purpose=Purpose.HINT, options=options)
    )
    while scene.hint is not None and scene.hint.pending is not None:
        pending = scene.hint.pending
        scene.take_reply(
            AIResult(scene.game_id, pending.step, pending.legal_actions()[-1], purpose=Purpose.HINT)
        )
    hint = scene.hint
    assert hint is not None and hint.done and hint.why
    assert scene.message == hints.top_copy(scene, hint)
    seen: dict[str, list[str]] = {}
    real = theme.lines_in_box

    def spy(
        fonts: theme.Fonts,
        s: str,
        width: int,
        height: int,
        sizes: tuple[int, ...],
        bold: bool = False,
    ) -> tuple[pygame.font.Font, list[str]]:
        font, lines = real(fonts, s, width, height, sizes, bold)
        seen[s] = lines
        return font, lines

    monkeypatch.setattr(theme, "lines_in_box", spy)
    draw(app)
    assert scene.message in seen, "the top bar did not show the hint"
    assert not seen[scene.message][-1].endswith("…"), seen[scene.message]
    assert hints.hint_box(scene) is not None  # the whole play and why, wrapped on the board
    send(app, Key(pygame.K_h, "h"))  # close the box
    assert scene.hint is hint and hint.closed and hints.hint_box(scene) is None
    assert scene.message == t("game.hint_hidden")
    assert scene.hint_buttons()  # the hinted card stays ringed
    send(app, Key(pygame.K_h, "h"))  # reopen it
    assert not hint.closed and hints.hint_box(scene) is not None
    assert scene.message == hints.top_copy(scene, hint)
    scene.close()
    set_language("en")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_hint_speaks_to_the_player_it_is_for(language: str) -> None:
    # Found by hand: the box read "Hint: Player 1 plays Senator" to Player 1. It now
    # addresses the player at the screen, in the second person of each language.
    from concordia.ui.game import hints
    from concordia.ui.presenters import card_name

    _app, scene = game_scene(["human", "easy"], 4)
    set_language(language)  # after the app, which sets the language of its settings
    scene.update(0.0)
    state = scene.state
    senator = state.play_for_card("senator")
    assert senator is not None and state.current_player == 0
    options = (PlayOption((senator,), 130.0, None, 30.0, 0.6),)
    scene.request_hint()
    scene.ai.cancel()
    scene.take_reply(
        AIResult(scene.game_id, state.step, senator, purpose=Purpose.HINT, options=options)
    )
    while scene.hint is not None and scene.hint.pending is not None:
        pending = scene.hint.pending
        scene.take_reply(
            AIResult(scene.game_id, pending.step, pending.legal_actions()[-1], purpose=Purpose.HINT)
        )
    hint = scene.hint
    assert hint is not None and hint.done
    placed = hints.hint_box(scene)
    assert placed is not None
    lines = placed[1]
    said = {"en": "Hint: play {card}", "it": "Consiglio: giochi {card}"}[language]
    assert lines[0] == said.format(card=card_name("senator"))
    assert scene.message is not None and scene.message.startswith(lines[0])
    name = scene.controller.seats[0].name
    assert all(name not in line for line in lines), lines
    assert any(line.startswith(t("reason.why", reasons="")) for line in lines)
    # Watched by nobody it speaks to (the screen shows an AI seat), the hint names the
    # seat once, at its first line.
    scene.viewer = lambda: 1  # type: ignore[method-assign]
    named = hints.play_words(scene, hint.actions, 0)
    assert named[0].startswith(name + " ") and all(name not in line for line in named[1:])
    scene.close()
    set_language("en")
