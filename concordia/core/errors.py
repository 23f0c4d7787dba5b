"""Errors raised by the rules core. All are :class:`ValueError` subclasses."""

from __future__ import annotations


class ConcordiaError(ValueError):
    """Base class of every error the core raises on bad input."""


class BoardError(ConcordiaError):
    """A board description is inconsistent (the message names the object)."""


class IllegalActionError(ConcordiaError):
    """An action that is not in ``state.legal_actions()`` was applied."""


class InvalidNotationError(ConcordiaError):
    """A text could not be parsed as an action."""


class InvalidRecordError(ConcordiaError):
    """A snapshot or game record is malformed, foreign, or from a newer version."""
