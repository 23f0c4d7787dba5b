"""The pygame user interface (main thread only)."""
