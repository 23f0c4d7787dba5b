"""The rectangles of the game window's parts, recomputed when the window is resized."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from concordia.ui import theme


@dataclass
class Layout:
    """Screen rectangles of the scene's parts (recomputed on resize)."""

    top: pygame.Rect
    display: pygame.Rect
    board: pygame.Rect
    actions: pygame.Rect
    hand: pygame.Rect
    side: pygame.Rect
    players: pygame.Rect
    log: pygame.Rect

    @classmethod
    def for_size(
        cls, size: tuple[int, int], seats: int, k: float = 1.0, aspect: float = 1.5
    ) -> Layout:
        """Rectangles for a window of ``size``; ``k`` is the font scale, which every
        bar and panel grows with (so bigger text never overlaps). ``aspect`` is the
        board's width / height (both boards are 3:2).

        The card display is a column at the left of the board: the board, fitted to
        the height left between the top bar and the action bar, is as wide as that
        height allows, and the display takes the width the board cannot use (within a
        minimum and a maximum card width)."""
        w, h = size
        top_h = round(theme.GAME_TOP_H * k)
        action_h, hand_h = round(theme.GAME_ACTION_H * k), round(theme.GAME_HAND_H * k)
        side_w = max(300, min(round(theme.GAME_SIDE_W * k), round(w / 4 * k)))
        left_w = w - side_w
        top = pygame.Rect(0, 0, w, top_h)
        hand = pygame.Rect(0, h - hand_h, left_w, hand_h)
        actions = pygame.Rect(0, hand.y - action_h, left_w, action_h)
        middle_h = actions.y - top_h
        spare = left_w - round(middle_h * aspect)
        display_w = min(max(spare, round(theme.GAME_DISPLAY_W_MIN * k)), round(200 * k))
        display = pygame.Rect(0, top_h, display_w, middle_h)
        board = pygame.Rect(display.right, top_h, left_w - display_w, middle_h)
        side = pygame.Rect(left_w, top_h, side_w, h - top_h)
        per = min(round(96 * k), max(round(78 * k), (side.height * 2 // 3) // max(1, seats)))
        players = pygame.Rect(side.x, side.y, side_w, per * seats)
        log = pygame.Rect(side.x, players.bottom, side_w, side.bottom - players.bottom)
        return cls(top, display, board, actions, hand, side, players, log)
