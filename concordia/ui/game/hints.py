"""Hints: the expert AI's suggestion for the human deciding now, shown on the board, on
the buttons and in words. It never plays for the player.

A :class:`Hint` holds a list of actions (the suggested play), a text and, when the
adviser gives its reasons (the expert's options with their chance of winning), the words
"why": what the suggested play does, read from the position before and after it
(:mod:`concordia.advice`), its chance of winning, and what the next best two give up.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

import pygame

from concordia.advice import Reason, given_up, play_reasons
from concordia.ai.worker import AIResult, PlayOption
from concordia.core import (
    Action,
    Build,
    BuyCard,
    Discard,
    Finish,
    GameState,
    Move,
    Phase,
    PlayCard,
    Trade,
)
from concordia.core.data import CARD_BY_ID
from concordia.ui import theme
from concordia.ui.commands import PayFor, SelectColonist, TradeStep
from concordia.ui.game.describe import Names, addressee, describe, scene_names
from concordia.ui.presenters import card_name
from concordia.ui.strings import person, t, tn
from concordia.ui.targeting import Box, HKey, action_target, clear_corner
from concordia.ui.widgets import Button

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts

logger = logging.getLogger(__name__)

T = TypeVar("T")


#: The longest suggested play followed (a card's sub-steps; a guard, not a rule).
MAX_PLAN = 40

#: The share of the board's height the hint box may take for its words.
BOX_SHARE = 0.45


@dataclass
class Hint:
    """A hint asked for ``seat`` at ``step``: the suggested play and its words.

    ``actions`` is the whole play from the position on screen: the card and then every
    sub-step the adviser would take to the card's end (province, moves, builds, buys,
    trades). ``text`` says it in words; an adviser may put its reasons there too. The
    scene lights every step on the board and rings the button of the first one.
    """

    step: int
    seat: int
    actions: list[Action] = field(default_factory=list)
    done: bool = False
    text: str = ""
    #: The state after ``actions`` while more of the play is being asked for.
    pending: GameState | None = None
    #: The adviser's reasons in words (empty when it gave none).
    why: str = ""
    #: Shorter forms of ``why`` for a box short of room, each with one more of the
    #: next best alternatives left out from the end (:func:`why_forms`).
    why_short: tuple[str, ...] = ()
    #: The player closed the box of words (H or the Hint button again reopens it);
    #: the stars and rings stay.
    closed: bool = False

    @property
    def action(self) -> Action | None:
        """The first step: what a click now would do."""
        return self.actions[0] if self.actions else None

    def describe(self, scene: GameParts) -> str:
        """The play in words, one step after another, then why (if known)."""
        steps = play_words(scene, self.actions, self.seat)
        return " · ".join([*steps, self.why] if self.why else steps)


def subject(scene: GameParts, seat: int) -> tuple[int | None, str]:
    """Whom a hint for ``seat`` addresses, and the subject its lines leave out: the
    player at the screen (:func:`~concordia.ui.game.describe.addressee`) in the second
    person, every line then a bare verb ("play Senator", "Build in Verona";
    ``game.hint_you`` is the pronoun English drops, Italian has none), else the seat
    named once, at the first line."""
    if addressee(scene) == seat:
        return seat, t("game.hint_you")
    return None, scene.controller.seats[seat].name + " "


def _clause(text: str, drop: str, you: bool, line: bool) -> str:
    """``text`` without its subject ``drop``; said to the player, with a capital where
    it starts a ``line`` of its own, in lower case after "Hint:" or a card's name."""
    text = text.removeprefix(drop)
    if not you:
        return text
    return (text[:1].upper() if line else text[:1].lower()) + text[1:]


def play_words(scene: GameParts, actions: list[Action], seat: int) -> list[str]:
    """The suggested play as the lines a player reads: the player addressed in the
    second person (:func:`subject`: "Hint: play Architect", "★1 Move a land colonist
    to Verona"), or named once, at the first step; each line that has board steps
    starts with their stars, numbered as on the board (:func:`mark`); the builds that
    follow one another on one line ("★4 ★5 Build in Verona and Mutina"); the Finish that
    closes those builds left out (the list says where to stop). Found by hand: a
    four-move Architect named the player on every line and lost its second build to the
    box's "…". Found by hand: the same good thrown away twice is one line ("throw away 2
    food"). Found by hand: the hint read "Hint: Player 1 plays Senator" to the player
    it was for."""
    viewer, name = subject(scene, seat)
    you = viewer is not None
    seat_name = scene.controller.seats[seat].name
    numbered = sum(1 for a in actions if action_target(a) is not None) > 1
    if len(actions) > 1 and isinstance(actions[-1], Finish) and isinstance(actions[-2], Build):
        actions = actions[:-1]
    lines: list[str] = []
    star = 0
    i = 0
    while i < len(actions):
        a = actions[i]
        group = [a]
        while isinstance(a, Build) and i + 1 < len(actions) and isinstance(actions[i + 1], Build):
            i += 1
            group.append(actions[i])
        while isinstance(a, Discard) and i + 1 < len(actions) and actions[i + 1] == a:
            i += 1
            group.append(actions[i])
        i += 1
        if len(group) > 1 and isinstance(a, Discard):
            goods = tn("good." + a.good, len(group))
            text = person("log.discard_n", you, name=seat_name, n=len(group), goods=goods)
        elif len(group) > 1:
            where = and_list([scene.place_name(b.city) for b in group if isinstance(b, Build)])
            text = person("log.build", you, name=seat_name, city=where)
        else:
            text = step_words(scene, a, seat, viewer)
        if lines or you:  # a named seat is named at the first line
            text = _clause(text, name, you, bool(lines))
        stars = []
        for b in group:
            if action_target(b) is not None:
                star += 1
                stars.append(f"★{star}" if numbered else "★")
        lines.append(" ".join([*stars, text]))
    return lines


def and_list(items: list[str]) -> str:
    """``a, b and c`` in the language shown."""
    if len(items) < 2:
        return "".join(items)
    return t("game.list_and", rest=", ".join(items[:-1]), last=items[-1])


def why_text(
    scene: GameParts,
    state: GameState,
    seat: int,
    options: tuple[PlayOption, ...],
) -> str:
    """The reasons in words, whole (:func:`why_forms`); empty without options."""
    forms = why_forms(scene, state, seat, options)
    return forms[0] if forms else ""


#: The reasons in words given the next best alternatives to name.
Say = Callable[[list[str]], str]


def why_forms(
    scene: GameParts,
    state: GameState,
    seat: int,
    options: tuple[PlayOption, ...],
) -> tuple[str, ...]:
    """The reasons in words, whole first, then shorter forms for a box short of room:
    each leaves out one more of the next best alternatives from the end and says so
    with "…" where they were, so no sentence is ever cut in the middle (found by hand
    at 1024x640: the box cut "…, next best: Prefect: does not reach Comum before"
    mid-sentence). Empty without options. The words: :func:`why_points` or
    :func:`why_win`."""
    if not options:
        return ()
    names = option_names(scene, seat, options)
    if options[0].win is not None:
        say, others = why_win(scene, state, seat, options, names)
    else:
        say, others = why_points(state, options, names)
    shorter = [say([*others[:k], "…"]) for k in range(len(others) - 1, -1, -1)]
    return (say(others), *shorter)


def why_points(
    state: GameState, options: tuple[PlayOption, ...], names: list[str | None]
) -> tuple[Say, list[str]]:
    """The reasons of an adviser that does not forecast the chance of winning (the
    expert's are :func:`why_win`), as the words around the next best alternatives and
    those alternatives: the forecast
    final points (and lead over the best opponent) of the best option, then how much
    less the next best two are worth to the search that ranked them (its score, in VP,
    the opponents' prospects counted against each), each named by its card, and by the
    first step that tells it apart when two options play the same card. A difference
    under half a point says "about the same"; while the player leads, an option after
    which the end comes later says so. The lead is told only where the adviser gives it
    (near the end; far from it a difference of two forecasts swung from +12 to -25 in a
    round).

    Found by hand: the next best used to show their own forecasts, which rank otherwise
    than the search in 3 to 5 players (there the learned margin lost games, so it does
    not rank): the first hint of a 3-player Italia game read "about 127 VP this way;
    next best … about 149 VP (+14) but a weaker position all told". Every number now
    agrees with the order the options are given in."""
    best = options[0]
    best_lead = None if best.lead is None else round(best.lead)
    best_end: int | None = None  # replayed once, when an option needs it
    others = []
    for i, opt in enumerate(options[1:3], start=1):
        what = names[i]
        if what is None:
            continue
        actions = opt.actions
        less = round(max(0.0, best.score - opt.score))
        if less == 0:
            # Found by hand: "about 198 VP (+46)" three times over. The search saw
            # no difference worth a point: say so.
            others.append(t("game.hint_why_other_same", what=what))
            continue
        key = "game.hint_why_other"
        # Leading, the search races for the end: say so of a play that leaves more of
        # the game to come (found by hand: a Senator hinted before an Architect
        # forecast 20 VP more, three cards left).
        if best_lead is not None and best_lead > 0:
            if best_end is None:
                best_end = _end_distance(state, best.actions)
            this_end = _end_distance(state, actions) if best_end is not None else None
            if best_end is not None and this_end is not None and best_end < this_end:
                key = "game.hint_why_other_later"
        others.append(tn(key, less, what=what))
    n = round(best.points)

    def say(alternatives: list[str]) -> str:
        if not alternatives:
            if best_lead is None:
                return t("game.hint_why_only_far", n=n)
            return t("game.hint_why_only", n=n, lead=best_lead)
        told = "; ".join(alternatives)
        if best_lead is None:
            return t("game.hint_why_far", n=n, others=told)
        return t("game.hint_why", n=n, lead=best_lead, others=told)

    return say, others


def win_percent(win: float) -> int:
    """A chance of winning as a player reads it: a percentage rounded to 5 (the
    search's noise is about that), 0 and 100 only when sure."""
    if win <= 0.0 or win >= 1.0:
        return round(100 * win)
    return min(95, max(5, 5 * round(20 * win)))


def why_win(
    scene: GameParts,
    state: GameState,
    seat: int,
    options: tuple[PlayOption, ...],
    names: list[str | None],
) -> tuple[Say, list[str]]:
    """The reasons in words, from an adviser that forecasts the chance of winning (the
    expert), as the words around the next best alternatives and those alternatives:
    what the best play does, read from the position before and after it
    (:func:`concordia.advice.play_reasons`: the end of the game, each god's points, the
    card copied, goods thrown away), its chance of winning and, near the end, the
    expected margin (the only numbers calibrated); then each of the next best two by
    what it gives up against the best (:func:`concordia.advice.given_up`) and its own
    chance of winning where that is lower."""
    best = options[0]
    mine = play_reasons(state, best.actions, seat)
    rest = [(i, play_reasons(state, o.actions, seat)) for i, o in enumerate(options[1:3], 1)]
    parts = [reason_words(scene, r) for r in mine[:3]]
    thrown = sum(r.n for r in mine if r.key == "discard")
    saved = max([sum(r.n for r in rs if r.key == "discard") - thrown for _i, rs in rest] + [0])
    if saved > 0:
        parts.append(reason_words(scene, Reason("no_discard", saved)))
    assert best.win is not None
    parts.append(t("reason.win_chance", pct=win_percent(best.win)))
    if best.lead is not None:
        parts.append(t("reason.margin", lead=round(best.lead)))
    text = t("reason.why", reasons="; ".join(parts))
    others = []
    for i, theirs in rest:
        what, opt = names[i], options[i]
        if what is None:
            continue
        bits = [reason_words(scene, r) for r in given_up(mine, theirs)[:2]]
        # A next best's own chance is told only below the best's: the expert ranks by
        # its search and forecasts each play's chance with the outcome network, and a
        # "next best" read as likelier to win contradicts the advice (found by hand:
        # "Mercator: about 70 % to win; next best: ... Prefect: about 80 % to win").
        if opt.win is not None and win_percent(opt.win) < win_percent(best.win):
            bits.append(t("reason.win_chance", pct=win_percent(opt.win)))
        others.append(f"{what}: {', '.join(bits)}" if bits else what)

    def say(alternatives: list[str]) -> str:
        if not alternatives:
            return text
        return text + "; " + t("reason.next_best", others="; ".join(alternatives))

    return say, others


def reason_words(scene: GameParts, reason: Reason) -> str:
    """One :class:`~concordia.advice.Reason` in the language shown."""
    return reason_text(reason, scene_names(scene, addressee(scene)))


def reason_text(reason: Reason, names: Names) -> str:
    """One reason in words, its seat and city named by ``names`` (the review's too); a
    count's singular where the language has one ("Livia's Diplomat")."""
    god = t("god." + reason.god) if reason.god else ""
    name = names.seat(reason.seat) if reason.seat >= 0 else ""
    card = card_name(reason.card) if reason.card else ""
    city = names.place(reason.place) if reason.place else ""
    return tn(
        "reason." + reason.key,
        reason.n,
        god=god,
        cards=reason.cards,
        name=name,
        card=card,
        city=city,
    )


def option_names(scene: GameParts, seat: int, options: tuple[PlayOption, ...]) -> list[str | None]:
    """The first three options each named by its card, and by the first step that
    tells it apart when two options play the same card (None: an empty option)."""
    viewer, drop = subject(scene, seat)
    you = viewer is not None
    names: list[str | None] = []
    coins: list[int | None] = []  # the sestertii of the card an option plays (Mercator)
    for opt in options[:3]:
        if not opt.actions:
            names.append(None)
            coins.append(None)
            continue
        first = opt.actions[0]
        what = card_name(first.card) if isinstance(first, PlayCard) else None
        if what is None:
            what = _clause(step_words(scene, first, seat, viewer), drop, you, False)
        names.append(what)
        coins.append(CARD_BY_ID[first.card].sestertii if isinstance(first, PlayCard) else None)
    # Two copies of a card that differ in their sestertii (the Mercators of +3 s and
    # +5 s) are named with them (found by hand: "Mercator, buys 1 brick" twice).
    plain = list(names)
    for i, name in enumerate(plain):
        if name is not None and any(
            j != i and plain[j] == name and coins[j] != coins[i] for j in range(len(plain))
        ):
            names[i] = t("game.hint_card_coins", what=name, n=coins[i] or 0)
    out = list(names)
    for i, opt in enumerate(options[:3]):
        what = names[i]
        if i == 0 or what is None:
            continue
        actions = opt.actions
        if names.count(what) > 1 and len(actions) > 1:
            rivals = [o.actions for j, o in enumerate(options[:3]) if j != i and names[j] == what]
            k = _telling_step(actions, rivals)
            step = actions[k]
            told = step_words(scene, step, seat, viewer)
            # Two Architects moving different colonists onto the same route read
            # alike; then the move says where it starts.
            same = [r for r in rivals if len(r) > k and r[k] != actions[k]]
            if isinstance(step, Move) and any(
                step_words(scene, r[k], seat, viewer) == told for r in same
            ):
                told = person(
                    "game.hint_move_from",
                    you,
                    name=scene.controller.seats[seat].name,
                    kind=t("game.kind_" + step.kind),
                    src=scene.place_name(step.src),
                    dst=scene.place_name(step.dst),
                )
            # "Architect, move a land colonist to …": the player is addressed or named
            # once, at the start of the hint, not in every option.
            out[i] = f"{what}, {_clause(told, drop, you, False)}"
    return out


def _end_distance(state: GameState, actions: tuple[Action, ...]) -> int | None:
    """How far the game is from its end after ``actions`` from ``state``: the cards
    left to buy (draw pile and display), 0 once the end is triggered (the Concordia
    card taken). None if the actions do not replay (the adviser planned on its own
    view of the game)."""
    s = state
    try:
        for action in actions:
            s = s.apply(action)
    except ValueError:
        return None
    if s.is_terminal() or s.concordia is not None:
        return 0
    return s.deck_size + sum(1 for c in s.display_ids() if c is not None)


def step_words(scene: GameParts, action: Action, seat: int, viewer: int | None = None) -> str:
    """One suggested step in words. A purchase also names the goods it pays for the
    "any good" symbols of its display position: two plays that buy the same card with
    different goods read alike otherwise (Italia, found by hand: "Senator, buys Diplomat"
    named the best and the next best), and the player must choose those goods.
    ``viewer`` is addressed in the second person."""
    text = describe(scene, action, seat, viewer=viewer)
    if isinstance(action, BuyCard) and action.choice:
        goods = ", ".join(t("good." + g) for g in action.choice)
        text = t("game.hint_paying", what=text, goods=goods)
    return text


def _telling_step(actions: Sequence[T], rivals: Sequence[Sequence[T]]) -> int:
    """The first step after the card where ``actions`` differs from every rival play of
    the same card (so "Senator, buys Colonist" is not said of two plays that part only
    at the second purchase); the second step if none does."""
    for k in range(1, len(actions)):
        if all(len(r) <= k or r[k] != actions[k] for r in rivals):
            return k
    return 1


def current_hint(scene: GameParts) -> Hint | None:
    """The hint for the position on screen (None once anything else was played)."""
    hint = scene.hint
    if hint is None or hint.step != scene.state.step or not scene.human_to_act:
        return None
    return hint


def toggle_box(scene: GameParts, hint: Hint) -> None:
    """Close the hint's box of words, or reopen it (asking again for a hint shown)."""
    hint.closed = not hint.closed
    scene.flash(t("game.hint_hidden") if hint.closed else top_copy(scene, hint))
    scene.rebuild()


def top_copy(scene: GameParts, hint: Hint) -> str:
    """The top bar's copy of a hint: its first step, pointing to the box on the board
    for the whole play and why (found by hand: the whole hint in the top bar was cut
    with "…"; the box wraps it)."""
    lines = play_words(scene, hint.actions, hint.seat)
    first = t("game.hint_is", what=lines[0] if lines else "")
    if len(lines) <= 1 and not hint.why:
        return first
    return f"{first} {t('game.hint_more')}"


def request_hint(scene: GameParts) -> None:
    """Ask the expert, on the AI thread, what the human deciding now should play; with
    a hint already shown, close or reopen its box."""
    state = scene.state
    shown = current_hint(scene)
    if shown is not None and shown.done and shown.text:
        toggle_box(scene, shown)
        return
    if (
        not scene.human_to_act
        or scene.controller.awaiting_confirm
        or state.is_terminal()
        or shown is not None
    ):
        return
    seat = state.current_player
    assert seat is not None
    scene.hint = Hint(state.step, seat, pending=state)
    scene.ai.request_hint(scene.game_id, state, seat)
    scene.flash(t("game.hint_thinking"))
    scene.rebuild()


def on_hint(scene: GameParts, reply: AIResult) -> None:
    """One step of the suggested play arrived: keep it and ask for the next step of the
    same card (the adviser replays its plan, so these answers are quick)."""
    hint = current_hint(scene)
    pending = hint.pending if hint is not None else None
    if (
        hint is None
        or pending is None
        or reply.game_id != scene.game_id
        or reply.step != pending.step
    ):
        logger.debug("dropped a stale hint for step %d", reply.step)
        return
    action = reply.action
    if reply.error is not None or action is None or action not in pending.legal_actions():
        logger.warning("no hint at step %d: %s", reply.step, reply.error or action)
        hint.done, hint.pending = True, None
        if not hint.actions:
            scene.flash(t("game.hint_none"))
        scene.rebuild()
        return
    if not hint.actions and reply.options and reply.options[0].actions[:1] == (action,):
        forms = why_forms(scene, pending, hint.seat, reply.options)
        hint.why, hint.why_short = (forms[0], forms[1:]) if forms else ("", ())
    hint.actions.append(action)
    after = pending.apply(action)
    more = (
        not after.is_terminal()
        and after.turn_player == hint.seat
        and after.current_player == hint.seat
        and after.phase != Phase.CARD
        and len(hint.actions) < MAX_PLAN
    )
    if more:
        hint.pending = after
        scene.ai.request_hint(scene.game_id, after, hint.seat)
    else:
        hint.pending, hint.done = None, True
    hint.text = hint.describe(scene)
    scene.flash(top_copy(scene, hint))
    scene.message_time = 12.0
    scene.rebuild()


def follow(scene: GameParts, action: Action, before: int) -> Hint | None:
    """The hint to keep after ``action`` was played at step ``before``: the rest of the
    suggested play when the player took one of its steps, else None. A step taken out
    of order (the second of two builds first, say: found by hand) keeps the
    others while they are still legal one after the other from here. The hint shown at
    ``before`` is kept for an undo back there (:func:`after_undo`)."""
    hint = scene.hint
    if hint is not None and hint.done and hint.step == before:
        scene.hints_shown[before] = hint
    step = scene.state.step
    if hint is None or not hint.done or len(hint.actions) < 2 or action not in hint.actions:
        return None
    left = list(hint.actions)
    left.remove(action)
    s = scene.state
    for a in left:
        if a not in s.legal_actions():
            return None
        s = s.apply(a)
    rest = Hint(
        step, hint.seat, left, done=True, why=hint.why, why_short=hint.why_short, closed=hint.closed
    )
    rest.text = rest.describe(scene)
    return rest


def after_undo(scene: GameParts) -> Hint | None:
    """The hint to show after an undo: the one shown at the step now on screen, if the
    player was following one there (found by hand: a Diplomat copied the wrong
    card, Undo took it back and the hint was gone, to be asked again). Hints of later
    steps are forgotten."""
    step = scene.state.step
    for k in [k for k in scene.hints_shown if k > step]:
        del scene.hints_shown[k]
    hint = scene.hints_shown.get(step)
    if hint is None or hint.seat != scene.decider or not scene.human_to_act:
        return None
    return hint


def hint_buttons(scene: GameParts) -> list[Button]:
    """The buttons that carry the hinted first step (or lead to it)."""
    hint = current_hint(scene)
    if hint is None or hint.action is None:
        return []
    a = hint.action
    wanted: list[object] = [a]
    if isinstance(a, Move):
        wanted.append(SelectColonist(a.kind, a.src))
    if isinstance(a, BuyCard):
        wanted.append(PayFor(a.card))
    if isinstance(a, Trade):
        # The stepper leads to the hinted amount only while the panel is short of it.
        set_now = scene.selection.trades.get(a.good, 0)
        if set_now != a.amount:
            wanted.append(TradeStep(a.good, 1 if a.amount > set_now else -1))
    return [b for b in scene.buttons.buttons if b.value in wanted and b.enabled]


def mark(scene: GameParts, highlights: dict[HKey, str]) -> dict[HKey, str]:
    """``highlights`` with every board step of the suggested play starred and numbered
    (★1, ★2, …), and the colonist of each move ringed."""
    out = dict(highlights)
    hint = current_hint(scene)
    if hint is None:
        return out
    board_steps = [a for a in hint.actions if action_target(a) is not None]
    for i, a in enumerate(board_steps, 1):
        key = action_target(a)
        assert key is not None
        star = f"★{i}" if len(board_steps) > 1 else "★"
        out[key] = f"{star} " + (highlights.get(key) or t("game.hint_badge"))
        if isinstance(a, Move):
            out.setdefault(a.src if a.src in scene.cities else (a.kind, a.src), "")
    return out


def hint_box(scene: GameParts) -> tuple[pygame.Rect, list[str]] | None:
    """Where the hint's words go and their lines (None without a hint): a box in the
    corner of the board that covers the least of the steps it stars, then of the other
    lit targets (the top left when it covers none; a long hint there sat on northern
    stars), so the words and the stars they number are seen together. A click on the
    box still reaches the board under it: the box tells, it takes no input.

    The box takes the lines it needs up to :data:`BOX_SHARE` of the board's height:
    every step always (the stars number them), then the longest form of the reasons
    that fits (:func:`why_forms`: next best alternatives left out whole from the
    end). Found by hand at 1024x640: the box kept 8 lines, so a three-step Architect
    showed "…" for its ★ lines and cut the reason mid-sentence."""
    hint = current_hint(scene)
    if hint is None or not hint.text or hint.closed:
        return None
    font = scene.app.fonts.get(13)
    board = scene.lay.board
    width = min(board.width - scene.px(24), scene.px(520))
    line_h = font.get_linesize()
    steps = hint.text.removesuffix(" · " + hint.why) if hint.why else hint.text
    lines = theme.wrap(font, t("game.hint_is", what=steps).replace(" · ", "\n"), width)
    room = (round(board.height * BOX_SHARE) - scene.px(12)) // line_h
    why: list[str] = []
    for form in (hint.why, *hint.why_short) if hint.why else ():
        why = theme.wrap(font, form, width)
        if len(lines) + len(why) <= room:
            break
    lines += why
    most = (board.height - scene.px(28)) // line_h  # what the board holds at all
    if len(lines) > most:  # a last resort on a tiny board: whole lines, then "…"
        lines = [*lines[: most - 1], "…"]
    w = width + scene.px(16)
    h = len(lines) * line_h + scene.px(12)
    area = Box(board.x, board.y, board.width, board.height)
    stars = starred_boxes(scene, hint)
    lit = [b for b in scene.geometry().badges.values() if b not in stars]
    spot = clear_corner(area, w, h, scene.px(8), stars, lit)
    return pygame.Rect(round(spot.x), round(spot.y), w, h), lines


def starred_boxes(scene: GameParts, hint: Hint) -> list[Box]:
    """The badges of the hinted board steps and the colonists they move, on screen."""
    geo = scene.geometry()
    keys = [k for k in (action_target(a) for a in hint.actions) if k is not None]
    out = [geo.badges[k] for k in keys if k in geo.badges]
    sources = {a.src for a in hint.actions if isinstance(a, Move)}
    for spot in geo.colonists:
        if spot.loc in sources and spot.seat == hint.seat:
            (cx, cy), r = spot.shape.centre, spot.shape.r
            out.append(Box(cx - r, cy - r, 2 * r, 2 * r))
    return out


def draw(scene: GameParts, surface: pygame.Surface) -> None:
    """The suggested play in words, in a box on the board (:func:`hint_box`)."""
    placed = hint_box(scene)
    if placed is None:
        return
    box, lines = placed
    font = scene.app.fonts.get(13)
    line_h = font.get_linesize()
    theme.panel(surface, box, theme.PANEL, theme.HILITE, 8)
    for i, line in enumerate(lines):
        theme.text(surface, font, line, (box.x + scene.px(8), box.y + scene.px(6) + i * line_h))


def star_disc(scene: GameParts, rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    """The centre and radius of the star on the ring of a hinted button at ``rect``.
    It sits on the ring's corner, on a dark disc: inside the button it hid the end of a
    label that fills it ("Take cash: 8 sestertii")."""
    r = scene.px(8)
    return (rect.right + r // 2 - 1, rect.top - r // 2 + 1), r


def draw_button_rings(scene: GameParts, surface: pygame.Surface) -> None:
    """Ring and star the buttons the hint points at."""
    hinted = scene.hint_buttons()
    for b in hinted:
        ring = theme.HINT_RING_SHADOW
        pygame.draw.rect(surface, ring, b.rect.inflate(10, 10), 2, border_radius=9)
        pygame.draw.rect(surface, theme.HILITE, b.rect.inflate(6, 6), 3, border_radius=8)
    # The stars after every ring: on side-by-side hand cards (two Prefects hinted) the
    # next card's ring crossed the star before it (found by hand).
    for b in hinted:
        corner, r = star_disc(scene, b.rect)
        pygame.draw.circle(surface, theme.HINT_RING_SHADOW, corner, r)
        pygame.draw.circle(surface, theme.HILITE, corner, r, 2)
        theme.text(surface, scene.app.fonts.get(12, True), "★", corner, theme.HILITE, "center")
