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
    def for_size(cls, size: tuple[int, int], seats: int, k: float = 1.0) -> Layout:
        """Rectangles for a window of ``size``; ``k`` is the font scale, which every
        bar and panel grows with (so bigger text never overlaps)."""
        w, h = size
        top_h, display_h = round(theme.GAME_TOP_H * k), round(theme.GAME_DISPLAY_H * k)
        action_h, hand_h = round(theme.GAME_ACTION_H * k), round(theme.GAME_HAND_H * k)
        side_w = max(300, min(round(theme.GAME_SIDE_W * k), round(w / 4 * k)))
        left_w = w - side_w
        top = pygame.Rect(0, 0, w, top_h)
        display = pygame.Rect(0, top_h, left_w, display_h)
        hand = pygame.Rect(0, h - hand_h, left_w, hand_h)
        actions = pygame.Rect(0, hand.y - action_h, left_w, action_h)
        board = pygame.Rect(0, display.bottom, left_w, actions.y - display.bottom)
        side = pygame.Rect(left_w, top_h, side_w, h - top_h)
        per = min(round(96 * k), max(round(78 * k), (side.height * 2 // 3) // max(1, seats)))
        players = pygame.Rect(side.x, side.y, side_w, per * seats)
        log = pygame.Rect(side.x, players.bottom, side_w, side.bottom - players.bottom)
        return cls(top, display, board, actions, hand, side, players, log)
