"""Pasyans: the engine of a critical edition of four 19th-century Russian books of patience.

>>> import pasyans
>>> g = pasyans.new_game("clock", deal=7)
>>> g.advance()            # doctest: +SKIP
"""
from __future__ import annotations

__version__ = "0.1.0"

from .cards import Card
from .errors import BadDeal, BadOption, IllegalMove, InvalidMove, PasyansError, RecordError, UnknownGame
from .game import DEAL_MAX, DEAL_MIN, Game, Option
from .layout import Layout, Spot
from .move import Move
from .registry import GAMES, new_game, options, replay
from .solver import Hint, Result, hint, solve

__all__ = ["BadDeal", "BadOption", "Card", "DEAL_MAX", "DEAL_MIN", "GAMES", "Game", "IllegalMove", "InvalidMove",
           "Layout", "Move", "Option", "PasyansError", "RecordError", "Spot", "UnknownGame",
           "Hint", "Result", "__version__", "hint", "new_game", "options", "replay", "solve"]
