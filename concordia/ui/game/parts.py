"""What the parts of the game scene see of it, and how they act back.

The panels (``TopBar``, ``ActionBar``, ``HandView``...) and the helper modules of
``concordia/ui/game`` are given the scene as a :class:`GameParts`, never as the scene
class itself, so nothing outside ``concordia/ui/scenes`` imports ``GameScene``
(``tests/test_import_boundaries.py``). :class:`SceneCommands` is the part of it that acts:
the few calls a panel makes back to change the game or the scene.

:class:`GameView` is what a frame is drawn from: computed once per frame by the scene
and handed to each panel's ``draw``, so the panels of one frame agree on who decides,
whose hand is shown and what is under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from concordia.core import Action, GameState
    from concordia.core.board import CitySpec, ProvinceSpec
    from concordia.ui import theme
    from concordia.ui.ai_bridge import AIBridge
    from concordia.ui.app import App
    from concordia.ui.board_pane import BoardPane, HKey
    from concordia.ui.controller import GameController
    from concordia.ui.game.action_bar import ActionBar
    from concordia.ui.game.ai_turns import AIDriver
    from concordia.ui.game.display_row import DisplayRow
    from concordia.ui.game.hand import HandView
    from concordia.ui.game.hints import Hint
    from concordia.ui.game.layout import Layout
    from concordia.ui.game.log_panel import LogPanel
    from concordia.ui.game.players import PlayersPanel
    from concordia.ui.game.pointer import GeometryCache
    from concordia.ui.game.top_bar import TopBar
    from concordia.ui.game.trade_panel import TradePanel
    from concordia.ui.render.anim import Tween
    from concordia.ui.targeting import (
        BoardGeometry,
        Hit,
        Options,
        Selection,
        Targeting,
    )
    from concordia.ui.widgets import Button, ButtonRow


@dataclass(frozen=True, slots=True)
class GameView:
    """One frame of the game as every panel draws it (see the module docstring)."""

    state: GameState
    #: The seat that must act now (the turn owner while a turn awaits End turn).
    decider: int | None
    #: Whether a human is the one to act (buttons and targets are live).
    human_to_act: bool
    #: Whose hand and colours are shown (:meth:`GameParts.viewer`).
    viewer: int | None
    #: The pointer, or None when it is outside the window.
    hover: tuple[int, int] | None
    #: The AI seat whose search is running, or None.
    thinking: int | None


class SceneCommands(Protocol):
    """The calls the parts of the game make back to the scene."""

    def submit(self, action: Action) -> None:
        """Apply one listed action for the seat that decides now."""

    def choose(self, choice: object) -> None:
        """Carry out a targeting choice: a legal action or a UI step."""

    def click_board(self, pos: tuple[int, int]) -> None:
        """Choose the legal target under ``pos``."""

    def rebuild(self) -> None:
        """Recreate the buttons for the current state and selection."""

    def flash(self, message: str) -> None:
        """Show ``message`` in the top bar for a few seconds."""

    def confirm_turn(self) -> None:
        """End a turn that awaits confirmation."""

    def undo(self) -> None:
        """Take back the human's last action."""

    def save_now(self) -> None:
        """Save the game to a new file."""

    def request_hint(self) -> None:
        """Ask the AI for a hint for the human deciding now."""

    def hand_over(self, seat: int) -> None:
        """Show the hand-over screen before ``seat``'s turn (hot seat)."""

    def finish_game(self) -> None:
        """The game is over: record it and show the final scores."""

    def close(self) -> None:
        """Leave the game: stop its AI and remember how the board was zoomed."""


class GameParts(SceneCommands, Protocol):
    """The game scene as its parts see it: the game, the window's parts, the player's
    input in progress and the AI seats' driver."""

    # The parts write these (a hint followed, a message's time, a piece set moving).
    hint: Hint | None
    message_time: float
    tweens: list[Tween]
    hover: tuple[int, int] | None
    final_shown: bool
    shown_human: int | None

    @property
    def app(self) -> App: ...
    @property
    def controller(self) -> GameController: ...
    @property
    def state(self) -> GameState: ...
    @property
    def game_id(self) -> int: ...
    @property
    def ai(self) -> AIBridge: ...
    @property
    def board(self) -> BoardPane: ...
    @property
    def lay(self) -> Layout: ...
    @property
    def buttons(self) -> ButtonRow: ...
    @property
    def selection(self) -> Selection: ...
    @property
    def driver(self) -> AIDriver: ...
    @property
    def hints_shown(self) -> dict[int, Hint]: ...
    @property
    def message(self) -> str | None: ...
    @property
    def cities(self) -> dict[str, CitySpec]: ...
    @property
    def provinces(self) -> dict[str, ProvinceSpec]: ...
    @property
    def geometry_cache(self) -> GeometryCache: ...
    @property
    def top(self) -> TopBar: ...
    @property
    def display(self) -> DisplayRow: ...
    @property
    def bar(self) -> ActionBar: ...
    @property
    def trade(self) -> TradePanel: ...
    @property
    def hand(self) -> HandView: ...
    @property
    def players(self) -> PlayersPanel: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def decider(self) -> int | None: ...
    @property
    def human_to_act(self) -> bool: ...
    @property
    def thinking_seat(self) -> int | None: ...

    def px(self, n: float) -> int: ...
    def options(self) -> Options: ...
    def viewer(self) -> int | None: ...
    def colour(self, seat: int) -> theme.Colour: ...
    def shape(self, seat: int) -> str: ...
    def place_name(self, slug: str) -> str: ...
    def hint_buttons(self) -> list[Button]: ...
    def targeting(self) -> Targeting: ...
    def geometry(self) -> BoardGeometry: ...
    def board_hit(self, pos: tuple[int, int]) -> Hit | None: ...
    def highlights(self) -> dict[HKey, str]: ...
    def tooltip(self, pos: tuple[int, int]) -> str | None: ...
    def reference_page(self, pos: tuple[int, int]) -> str | None: ...
    def tooltip_avoid(self, pos: tuple[int, int]) -> pygame.Rect | None: ...
    def tooltip_keep_clear(self) -> list[pygame.Rect]: ...
