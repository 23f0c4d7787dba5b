"""The parts of the game window: each draws one area and makes its buttons.

The game scene (:mod:`concordia.ui.scenes.game`) owns the state and wires these together:
:mod:`.layout` (the rectangles), :mod:`.top_bar` (whose turn, the prompt, Menu/Save/Scores),
:mod:`.display_row` (the card display), :mod:`.action_bar` (choices and commands),
:mod:`.trade_panel` (Mercator), :mod:`.hand` (your cards), :mod:`.players` (the side
panels), :mod:`.log_panel` (the game log), :mod:`.cards` (card faces) and
:mod:`.describe` (words for actions). They see the scene only through :mod:`.parts`
(:class:`~.parts.GameParts`, :class:`~.parts.SceneCommands`) and draw each frame from its
:class:`~.parts.GameView`. Pointer targeting is :mod:`concordia.ui.targeting`.
"""
