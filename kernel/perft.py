"""Move-generator counts in the manner of chess perft: sequences of legal moves of a depth."""
from __future__ import annotations

from .game import Game


def perft(game: Game, depth: int) -> int:
    """The number of distinct legal move sequences of length ``depth`` from ``game``'s position.

    Sequences that end the game early count once, at the move that ends it.
    """
    if depth == 0 or game.status != "playing":
        return 1
    if depth == 1:
        return len(game.legal_moves())
    total = 0
    for move in game.legal_moves():
        game.play(move)
        total += perft(game, depth - 1)
        game.undo()
    return total
