"""The Architect: colonists move along the routes (a colonist, then where to), then
houses are built, all by clicking the board; the action bar lists the colonists."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from concordia.core import Action, Build, CardAction, GameState, Move, Phase
from concordia.core.data import CardDef
from concordia.ui.presenters.base import (
    Choice,
    Point,
    Presenter,
    SceneLike,
    line_width,
    register,
)
from concordia.ui.render.palette import CARD_INK
from concordia.ui.strings import t, tn
from concordia.ui.targeting import SelectColonist

if TYPE_CHECKING:
    from concordia.ui.game.describe import Names


@register
class Architect(Presenter):
    phases = (Phase.ARCHITECT,)
    card = CardAction.ARCHITECT
    actions = (Move, Build)
    board_moves = True

    def prompt(self, scene: SceneLike, seat: int) -> str:
        state, opts = scene.state, scene.options()
        if not opts.moves:
            return t("game.choose_build_more" if opts.builds else "game.choose_finish")
        prompt = t("game.choose_route" if scene.selection.colonist else "game.choose_colonist")
        if opts.builds and state.points > 0:  # the warning first: it must not be cut
            prompt += " · " + tn("game.build_ends_move", state.points)
        return f"{prompt} · {t('game.points_left', n=state.points)}"

    def choices(self, scene: SceneLike) -> list[Choice]:
        out = []
        for kind, src in scene.bar.colonist_order():
            name = t("game.kind_" + kind)
            out.append(
                Choice(
                    f"{name}: {scene.place_name(src)}",
                    SelectColonist(kind, src),
                    t("game.moving", kind=name, src=scene.place_name(src)),
                    selected=scene.selection.colonist == (kind, src),
                )
            )
        return out

    def describe(self, names: Names, action: Action, seat: int, before: GameState) -> str:
        if isinstance(action, Move):
            return names.said(
                "log.move",
                seat,
                kind=t("game.kind_" + action.kind),
                dst=names.place(action.dst),
            )
        assert isinstance(action, Build)
        return names.said("log.build", seat, city=names.place(action.city))

    def icon(self, surface: pygame.Surface, d: CardDef, centre: Point, r: float) -> None:
        # A house and its door.
        cx, cy = centre
        lw = line_width(r)
        s = r * 0.75
        pts = [
            (cx - s, cy + s),
            (cx - s, cy - s * 0.1),
            (cx, cy - s * 1.1),
            (cx + s, cy - s * 0.1),
            (cx + s, cy + s),
        ]
        pygame.draw.polygon(surface, (196, 120, 72), pts)
        pygame.draw.polygon(surface, CARD_INK, pts, lw)
        door = pygame.Rect(0, 0, max(2, round(s * 0.5)), max(3, round(s * 0.8)))
        door.midbottom = (round(cx), round(cy + s))
        pygame.draw.rect(surface, CARD_INK, door)
