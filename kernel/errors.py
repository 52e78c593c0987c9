"""The errors the engine raises: each says what was wrong and what would be right."""
from __future__ import annotations


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


class IllegalMove(PasyansError, ValueError):
    """A move the rules do not allow here; the game is unchanged."""


class RecordError(PasyansError, ValueError):
    """A game record that cannot be replayed; names the first bad entry."""
