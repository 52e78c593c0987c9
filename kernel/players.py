"""The blind player: a documented policy that sees only what the rules show.

The **blind** player sees only what the rules show (no peeking at the stock or at face-down
cards) and follows a fixed policy, never undoing: (1) a move to the foundations, a pair, a
discard or a fill, the first in the engine's order; (2) a transfer after which a card can go
to the foundations or a pile lies empty (one move of look-ahead on the open table); (3) the
next card of the pack (deal, turn, pass, choice); (4) any other transfer; (5) a redeal. It
reads only the kinds of the legal moves and the open table, never the card a deal would turn.

It is the weaker of the edition's two players; the solver (:mod:`pasyans.solver`) tries its
line first, so the thoughtful verdict is never below the blind one.
"""
from __future__ import annotations

from .game import Game
from .move import Move

#: The conventional order of move kinds (lower first; others count 3): the blind player's last
#: resort, and the plain search's move order (:mod:`pasyans.solver.knowledge`).
KIND_ORDER: dict[str, int] = {
    "found": 0, "pair": 0, "discard": 1, "fill": 2, "move": 3, "choose": 3, "deal": 4, "lay": 4,
    "turn": 5, "pass": 6, "redeal": 7}


def blind_play(game: Game, patience: int = 200) -> str:
    """Play ``game`` to its end by the blind player's policy; return ``won`` or ``lost``.

    The player gives up (``lost``) after ``patience`` transfers in a row that bring no card to
    the foundations and turn no new card: wandering among transfers is not play.
    """
    idle = 0
    while game.status == "playing" and idle < patience:
        move = blind_choice(game)
        game.play(move)
        idle = idle + 1 if move.kind == "move" else 0
    return "won" if game.status == "won" else "lost"


def _empties(game: Game) -> int:
    return sum(not p.cards for p in game.piles.values())


_SURE = {"found", "pair", "discard", "fill"}
_NEXT = {"deal", "lay", "turn", "pass", "choose"}


def blind_choice(game: Game) -> Move:
    """The blind player's move in ``game`` (see the module's docstring)."""
    moves = game.legal_moves()
    sure = [m for m in moves if m.kind in _SURE]
    if sure:
        return sure[0]
    transfers = [m for m in moves if m.kind == "move"]
    empty = _empties(game)
    for m in transfers:
        after = game.clone()
        after.play(m)
        if _empties(after) > empty or any(x.kind == "found" and x.src != "stock" for x in after.legal_moves()):
            return m
    nxt = [m for m in moves if m.kind in _NEXT]
    if nxt:
        return nxt[0]
    if transfers:
        return transfers[0]
    return min(moves, key=lambda m: KIND_ORDER.get(m.kind, 3))
