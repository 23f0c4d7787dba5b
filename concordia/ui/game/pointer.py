"""The game scene's side of pointer targeting: the :class:`Targeting` for the position
and selection on screen, the board geometry it hit-tests (cached), and the lit set
(legal targets, the hint's steps, the AI's pending move, the log entry under the
pointer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from concordia.core import Action, GameState
from concordia.ui.game import hints
from concordia.ui.game.cards import goods_words
from concordia.ui.presenters import for_phase
from concordia.ui.strings import t, tn
from concordia.ui.targeting import (
    BoardGeometry,
    Hit,
    HKey,
    Options,
    Targeting,
    action_target,
)

if TYPE_CHECKING:
    from concordia.ui.game.parts import GameParts


def targeting(scene: GameParts) -> Targeting:
    """The pointer-to-action layer for the position and selection on screen (with no
    targets while no human decides)."""
    acting = scene.human_to_act and not scene.controller.awaiting_confirm
    return Targeting(
        scene.state,
        scene.options() if acting else Options(),
        scene.selection,
        scene.cities,
        {c: _province_of(scene, c) for c in scene.cities},
        _hinted(scene) if acting else None,
    )


def _hinted(scene: GameParts) -> Action | None:
    hint = hints.current_hint(scene)
    return hint.action if hint is not None else None


def geometry(scene: GameParts) -> BoardGeometry:
    """Where the board draws everything now (cached per camera, state and lit set)."""
    lit = highlights(scene)
    cam = getattr(scene.board._camera(), "key", None)
    key = (
        cam() if callable(cam) else None,
        tuple(scene.lay.board),
        id(scene.state),
        tuple(sorted(lit.items(), key=str)),
        len(scene.tweens),
    )
    return scene.geometry_cache.get(
        key, lambda: scene.board.geometry(scene.state, lit, scene.tweens)
    )


class GeometryCache:
    """The board geometry made for the last key (see :func:`geometry`)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._value: BoardGeometry | None = None

    def get(self, key: tuple[object, ...], make: Callable[[], BoardGeometry]) -> BoardGeometry:
        """The geometry for ``key``: the cached one, or ``make()`` when the key changed."""
        if self._value is None or self._key != key:
            self._key, self._value = key, make()
        return self._value


def board_hit(scene: GameParts, pos: tuple[int, int]) -> Hit | None:
    """The legal board target a click at ``pos`` would choose now."""
    if not scene.lay.board.collidepoint(pos):
        return None
    return targeting(scene).hit(geometry(scene), pos)


def house_refusal(scene: GameParts, pos: tuple[int, int], hit: Hit | None = None) -> str | None:
    """Why a click at ``pos`` builds nothing: the city there is next to one of the
    player's colonists but the house is too dear (:meth:`Targeting.refused_build`; the
    price from the core), or None. ``hit``: this position's :func:`board_hit`, if known."""
    if not scene.human_to_act or scene.controller.awaiting_confirm:
        return None
    if not for_phase(scene.state.phase).board_moves or not scene.lay.board.collidepoint(pos):
        return None
    city = targeting(scene).refused_build(geometry(scene), pos, hit)
    if city is None:
        return None
    goods, coins = scene.state.house_price(city)
    return t(
        "game.cannot_build",
        city=scene.place_name(city),
        price=tn("game.price", coins, coins=coins, goods=goods_words(goods)),
    )


def _province_of(scene: GameParts, city: str) -> str | None:
    name = scene.cities[city].province
    return "_".join(name.lower().split()) if name else None


def highlights(scene: GameParts) -> dict[HKey, str]:
    """Board badges: legal targets for the human, the AI's pending move otherwise."""
    out: dict[HKey, str] = {}
    if scene.driver.pending is not None:
        key = action_target(scene.driver.pending.action)
        if key is not None:
            out[key] = "●"
        return _log_marks(scene, out)
    if not scene.human_to_act or scene.controller.awaiting_confirm:
        return _log_marks(scene, out)
    return _log_marks(scene, hints.mark(scene, targeting(scene).highlights()))


def _log_marks(scene: GameParts, out: dict[HKey, str]) -> dict[HKey, str]:
    """Ring the places the log entry under the pointer names."""
    if scene.hover is None or not scene.lay.log.collidepoint(scene.hover):
        return out
    entry = scene.log.entry_at(scene.hover)
    for key in scene.log.keys_of(entry) if entry is not None else []:
        out.setdefault(key, "")
    return out


# ---------------------------------------------------------------------- hint stars
@dataclass(frozen=True)
class StarClick:
    """What a click on a star of the hint does: ``actions`` to submit in order (each
    taken from ``legal_actions()`` of the position it is played in), or, when there are
    none, ``why`` in words. ``star`` is the star's label (★ or ★2)."""

    star: str
    actions: tuple[Action, ...]
    why: str = ""


def star_click(scene: GameParts, pos: tuple[int, int]) -> StarClick | None:
    """The hint step whose star is under ``pos`` and how a click plays it, or None.

    A star plays its step from any moment of the turn: at once when the step is legal
    now; when the hint's card is not played yet, the card first and then the step (found
    by hand: the Prefect's province star did nothing before the card, and a later
    step's star did nothing, with no word). A step that needs earlier steps of the hint
    first (a build after a move) is not played: the words say which steps come first;
    earlier steps with no star of their own (a Diplomat's copy) are played with it."""
    hint = hints.current_hint(scene)
    if hint is None or not scene.lay.board.collidepoint(pos):
        return None
    if not scene.human_to_act or scene.controller.awaiting_confirm:
        return None
    badges = geometry(scene).badges
    steps = [a for a in hint.actions if action_target(a) is not None]
    for number, action in enumerate(steps, 1):
        key = action_target(action)
        box = badges.get(key) if key is not None else None
        if box is None or box.distance(pos) > 0:
            continue
        star = f"★{number}" if len(steps) > 1 else "★"
        return _plan(scene, hint.actions, hint.actions.index(action), star)
    return None


def _plan(scene: GameParts, actions: list[Action], index: int, star: str) -> StarClick:
    state = scene.state
    step = actions[index]
    legal = state.legal_actions()
    if step in legal:
        return StarClick(star, (step,))
    # The earlier steps that have no star of their own (the card, the Diplomat's copy,
    # a good chosen) are played first: the player has nothing else to click for them.
    # An earlier starred step is the player's to take (found by hand: the Prefect's
    # star after a Diplomat's copy said "first copy Livia's Prefect" and did nothing).
    earlier = actions[:index]
    if earlier and all(action_target(a) is None for a in earlier):
        before: GameState = state
        for action in earlier:
            if action not in before.legal_actions():
                break
            before = before.apply(action)
        else:
            if step in before.legal_actions():
                return StarClick(star, (*earlier, step))
    # The steps of the hint before this one that it waits for, in words, in the order
    # the player takes them (up to the first after which it is legal).
    words = []
    before = state
    for action in actions[:index]:
        words.append(_clause(scene, action, before))
        if action not in before.legal_actions():
            break
        before = before.apply(action)
        if step in before.legal_actions():
            break
    return StarClick(star, (), t("game.star_first", star=star, steps=t_then(words)))


def _clause(scene: GameParts, action: Action, before: GameState) -> str:
    """``action`` in words for the player at the screen, as a clause ("you move …")."""
    from concordia.ui.game.describe import addressee, describe

    seat = scene.decider
    viewer = addressee(scene)
    text = describe(scene, action, seat if seat is not None else 0, before, viewer)
    return text[:1].lower() + text[1:] if viewer is not None and seat == viewer else text


def t_then(clauses: list[str]) -> str:
    """Clauses one after the other: "a, then b, then c"."""
    return t("game.then").join(clauses)


def star_tip(scene: GameParts, pos: tuple[int, int]) -> str | None:
    """The tooltip over a star of the hint: the step (with the card first when a click
    plays it too), or why a click cannot play it yet; None off the stars."""
    click = star_click(scene, pos)
    if click is None:
        return None
    if not click.actions:
        return click.why
    words = []
    before = scene.state
    for action in click.actions:
        words.append(_clause(scene, action, before))
        before = before.apply(action)
    return t("game.tip.star", star=click.star, what=t_then(words))
