"""The scenes: menu, new game, settings, load, game, hand-over, scores, dialogs."""
