"""Hover help over the board: what a click here would choose, and what is under the
pointer (a city's good and houses, a route, a province's marker)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Build, Move, Place
from concordia.ui.game import hints, pointer
from concordia.ui.game.cards import price_text
from concordia.ui.game.describe import addressee, describe_choice
from concordia.ui.presenters.colonist import inland_warning
from concordia.ui.strings import t, tn
from concordia.ui.targeting import ChoosePlace, Options

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts


def board_tooltip(scene: GameParts, pos: tuple[int, int]) -> str | None:
    """The tooltip over the board at ``pos``: first what a click would do (the same
    answer :meth:`GameParts.click_board` acts on), then what is under the pointer."""
    star = pointer.star_tip(scene, pos)  # a hint's star tells its step, not the place
    if star is not None:
        return star
    hit = scene.board_hit(pos)
    refused = pointer.house_refusal(scene, pos, hit)
    if refused is not None:
        return refused
    if hit is None:
        return _under(scene, pos)
    seat = scene.decider
    what = describe_choice(scene, hit.choice, seat, addressee(scene))
    click = t("game.tip.click", what=what)
    state = scene.state
    if isinstance(hit.choice, Move):
        # The move already names the route: add only its steps (found by hand:
        # "… to Aquileia – Ravenna. land route Aquileia – Ravenna. Move here: 1 step").
        return f"{click} ({tn('game.tip.steps', state.cost(hit.choice).points)})"
    warning = _inland_warning(scene, hit.choice)
    if warning is not None:
        click += ". " + warning
    about = _about(scene, hit.target.key, pos)
    if isinstance(hit.choice, Build) and state.points > 0 and scene.options().moves:
        click += ". " + tn("game.build_ends_move", state.points)
    return f"{click}. {about}" if about and about != t("game.tip.board") else click


def _inland_warning(scene: GameParts, choice: object) -> str | None:
    """A sea colonist that the click places (or offers) in a city with no sea route."""
    if isinstance(choice, Place):
        return inland_warning(scene, [choice])
    if isinstance(choice, ChoosePlace):
        return inland_warning(scene, scene.options().places.get(choice.city, []))
    return None


def _about(scene: GameParts, key: object, pos: tuple[int, int]) -> str | None:
    """What the tooltip says about the target a click would choose (not about whatever
    else happens to be drawn under the pointer)."""
    if isinstance(key, str) and key in scene.cities:
        return _under(scene, pos, city=key)
    if isinstance(key, str) and key in scene.provinces:
        return _under(scene, pos, province=key)
    if isinstance(key, tuple):
        kind, route = key
        tip = t("game.tip.route", kind=t("game.kind_" + kind), route=scene.place_name(route))
        opts = scene.options()
        for move in (
            opts.moves.get(scene.selection.colonist, []) if scene.selection.colonist else []
        ):
            if (move.kind, move.dst) == key:
                tip += ". " + tn("game.tip.route_move", scene.state.cost(move).points)
        return tip
    return None


def _under(
    scene: GameParts, pos: tuple[int, int], city: str | None = None, province: str | None = None
) -> str | None:
    state = scene.state
    opts = scene.options() if scene.human_to_act else Options()
    board = scene.board
    if city is None and province is None:
        city = board.city_at(pos)
    if city is not None:
        good = state.city_good(city)
        names = ", ".join(scene.controller.seats[s].name for s in state.houses_in(city))
        s = t(
            "game.tip.city",
            city=scene.place_name(city),
            good=t("good." + good) if good else t("game.no_good"),
            houses=names or "—",
        )
        if city in opts.builds:
            s += ". " + t("game.tip.city_build", price=price_text(state, opts.builds[city]))
        return s
    route = board.route_at(pos) if province is None else None
    if route is not None:
        s = t("game.tip.route", kind=t("game.kind_" + route[0]), route=scene.place_name(route[1]))
        if scene.selection.colonist is not None:
            for move in opts.moves.get(scene.selection.colonist, []):
                if (move.kind, move.dst) == route:
                    s += ". " + tn("game.tip.route_move", state.cost(move).points)
        return s
    if province is None:
        province = board.province_at(pos)
    if province is not None:
        up = state.marker_active(province)
        s = t(
            "game.tip.province",
            province=scene.place_name(province),
            good=t("good." + state.province_good(province)),
            state=t("game.marker_up") if up else t("game.marker_down"),
        )
        if province in opts.produce:
            s += ". " + t("game.tip.province_produce")
        return s
    # What the board itself takes; the keys are told at the "?" button (they showed
    # here, over the empty sea, far from anything they name).
    return t("game.tip.board")


def scene_tooltip(scene: GameParts, pos: tuple[int, int]) -> str | None:
    """The tooltip at ``pos``: a button's, a panel's, else the board's (with the F1 note
    where a rules page exists)."""
    tip = scene.buttons.tooltip(pos)
    page = scene.reference_page(pos)
    if tip:
        return f"{tip}  {t('reference.tip_f1')}" if page else tip
    for part in (scene.hand, scene.display, scene.players, scene.log):
        tip = part.tooltip(pos)
        if tip:
            return f"{tip}  {t('reference.tip_f1')}" if page else tip
    if scene.trade.covers(pos):
        return None  # the Mercator panel covers the board: nothing under it is told
    if scene.lay.board.collidepoint(pos):
        return board_tooltip(scene, pos)
    return None


def reference_page(scene: GameParts, pos: tuple[int, int]) -> str | None:
    """The rules page of the card under ``pos`` (hand or display), for F1."""
    from concordia.ui.rules_pages import page_for_card

    seat = scene.viewer()
    if seat is not None:
        for rect, card in scene.hand.rects(seat):
            if rect.collidepoint(pos):
                return page_for_card(card)
    shown = scene.state.display_ids()
    for slot, rect in enumerate(scene.display.rects()):
        shown_card = shown[slot] if slot < len(shown) else None
        if shown_card is not None and rect.collidepoint(pos):
            return page_for_card(shown_card)
    return None


def tooltip_avoid(scene: GameParts, pos: tuple[int, int]) -> pygame.Rect | None:
    """What the tooltip at ``pos`` must not cover: the hand or display card (or the
    button) it describes, the player's panel it describes, the log's lines it
    describes. A top-bar button's tooltip keeps off the column of the players' panels
    and the log too (found by hand: the key help "?" covered the first player's
    panel; the log's tooltip covered its own lines)."""
    seat = scene.viewer()
    rects = [r for r, _ in scene.hand.rects(seat)] if seat is not None else []
    rects += scene.display.rects()
    rects += [b.rect for b in scene.buttons.buttons]
    hit = next((r for r in rects if r.collidepoint(pos)), None)
    lay = scene.lay
    if hit is not None and lay.top.contains(hit):
        return hit.union(lay.side)
    if hit is None and lay.board.collidepoint(pos):
        return lay.actions.union(lay.hand)  # keep the bar's buttons visible
    if hit is None and lay.log.collidepoint(pos):
        return pygame.Rect(lay.log)
    if hit is None:
        hit = next((r for r in scene.players.rects() if r.collidepoint(pos)), None)
    return hit


def keep_clear(scene: GameParts) -> list[pygame.Rect]:
    """What a tooltip should leave uncovered where it can: the hint's words (a display
    card's tooltip used to rest over them), the stars the hint puts on the board (a
    route's tooltip hid the starred city next to it) and the action bar's choices (a
    hand card's tooltip hid the Diplomat's "copy Livia's Architect")."""
    placed = hints.hint_box(scene)
    keep = [placed[0]] if placed is not None else []
    hint = hints.current_hint(scene)
    if hint is not None:
        for b in hints.starred_boxes(scene, hint):
            keep.append(pygame.Rect(round(b.x), round(b.y), round(b.w), round(b.h)))
    bar = scene.lay.actions
    keep += [b.rect for b in scene.buttons.buttons if b.enabled and bar.contains(b.rect)]
    return keep
