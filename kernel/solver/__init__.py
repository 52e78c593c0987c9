"""Is this deal winnable? A depth-first solver with full knowledge of the cards ("thoughtful").

:mod:`.search` holds the search; :mod:`.knowledge` the base class of what a search may know of a
game beyond its rules (:data:`PLAIN`: nothing); one module per game holds that game's knowledge,
registered by game id; :mod:`.streamliners` the generic incomplete strategies of a solve's
portfolio (:class:`Strategy`). ``solve(g)`` uses the game's knowledge, ``solve(g, knowledge=PLAIN)``
the plain search.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..move import Move
from . import (  # noqa: F401  (each game's module registers its knowledge)
    besieged_city,
    braid,
    brunette_blonde,
    favorite,
    go_no_go,
    indian_empress,
    octagon,
    parterre,
    streamliners,
    village,
)
from .knowledge import KIND_ORDER, KNOWLEDGE, PLAIN, Knowledge, Strategy, knowledge_for, register
from .search import DEFAULT_STATES, Result, solve

__all__ = ["DEFAULT_STATES", "KIND_ORDER", "KNOWLEDGE", "PLAIN", "Hint", "Knowledge", "Result", "Strategy", "hint",
           "knowledge_for", "play_line", "register", "solve"]


@dataclass
class Hint:
    """The next move of a winning line (``kind="winning"``) or of the best line found (``"best"``)."""

    move: Move | None
    kind: str
    result: Result
    text: str = ""  # the move as the game describes it

    def __str__(self) -> str:
        if self.move is None:
            return "no move is left"
        why = "wins" if self.kind == "winning" else "is the most promising move found"
        return f"{self.text or self.move.notation} ({why})"


def hint(game: Game, budget_states: int = 20_000, budget_s: float = 3.0,
         knowledge: Knowledge[Any] | None = None) -> Hint:
    """A hint from the solver for the current position."""
    legal = game.legal_moves()
    if not legal:
        return Hint(None, "best", Result("lost" if game.status == "lost" else game.status))
    res = solve(game, budget_states, budget_s, knowledge)
    if res.verdict == "won" and res.line:
        m = _legal_twin(res.line[0], legal)
        return Hint(m, "winning", res, game.describe(m))
    first = res.best[0] if res.best else sorted(legal, key=lambda m: KIND_ORDER.get(m.kind, 3))[0]
    m = _legal_twin(first, legal)
    return Hint(m, "best", res, game.describe(m))


def _legal_twin(move: Move, legal: list[Move]) -> Move:
    for m in legal:
        if m == move:
            return m
    # The search may pick a transfer the game refuses as a repeat; fall back to the first legal.
    return legal[0]


def play_line(game: Game, line: list[Move]) -> Game:
    """Play ``line`` on a clone of ``game`` through the public API (each move checked)."""
    g = game.clone()
    for m in line:
        g.play(m.notation)
    return g
