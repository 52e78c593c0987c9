"""The errors the engine raises: each says what was wrong and what would be right."""
from __future__ import annotations

import reprlib
from typing import Any


class PasyansError(Exception):
    """Base of every error the engine raises on bad input."""


class UnknownGame(PasyansError, KeyError):
    """A game id that is not one of the edition's games."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class BadOption(PasyansError, ValueError):
    """An unknown rule reading, or a value it does not take."""


class BadDeal(PasyansError, ValueError):
    """A deal number outside the documented range."""


class InvalidMove(PasyansError, ValueError):
    """Not a move at all: notation that does not parse, or a ``Move`` whose fields are malformed."""


class IllegalMove(PasyansError, ValueError):
    """A well-formed move the rules do not allow here; the game is unchanged."""


class RecordError(PasyansError, ValueError):
    """A game record that cannot be replayed; names the first bad entry."""


_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 60
_QUOTE.maxother = 60
_QUOTE.maxlong = 40
_QUOTE.maxlevel = 3
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxdict = _QUOTE.maxset = 6


def quote(value: Any) -> str:
    """A short ``repr`` of client input for an error message: long text is cut to a prefix and
    deep or long containers are elided, so a message never repeats a large input."""
    try:
        return _QUOTE.repr(value)
    except Exception:  # a hostile object's own __repr__; never let quoting fail
        return f"<{type(value).__name__}>"
