"""What a search knows of Go-No-Go (:mod:`pasyans.games.go_no_go` has the rules).

Interchangeable columns and foundations are folded in the key where the rules no longer tell
them apart; a card going up that nothing can need is played at once; moves are ordered by how
urgently their source and destination columns are wanted, and a pass is never tried when a move
is left.
"""

from __future__ import annotations

from ..cards import RANK, SUIT
from ..games.go_no_go import COLUMN, GoNoGo
from ..move import Move
from .knowledge import Knowledge, register

#: The order in which the solver tries kinds of moves.
_ORDER = {"found": 0, "redeal": 1, "move": 2, "deal": 3}


@register("go_no_go")
class GoNoGoKnowledge(Knowledge[GoNoGo]):
    """Go-No-Go's knowledge (no caches)."""

    def canonical_key(self, g: GoNoGo) -> tuple:
        """The position with what cannot matter folded.

        A bisimulation, so the solver's table stays complete: the foundations count only by
        the height of each suit (a place's index never limits a move, an ace takes any empty
        place); ``dealt`` is read only while the pack is being laid, and a redeal resets it; in
        the last laying, once the pack is out, the seven columns are alike (only the laying
        tells them apart: which cards go, where the next card falls), so they are sorted.
        """
        heights = self._heights(g)
        cols = [tuple(col.cards) for col in g._cols]
        stock = tuple(g._stock.cards)
        if stock:
            return stock, g.dealt, g.laying, heights, tuple(cols)
        if g.laying > 1:
            cols.sort()
        return g.laying, g.closed, heights, tuple(cols)

    def _heights(self, g: GoNoGo) -> tuple[int, ...]:
        """The rank on top of each suit's foundation (0: not started), by suit."""
        heights = [0, 0, 0, 0]
        for f in g._found:
            cs = f.cards
            if cs:
                heights[SUIT[cs[-1]]] = RANK[cs[-1]]
        return tuple(heights)

    def safe_move(self, g: GoNoGo, moves: list[Move]) -> Move | None:
        """While the pack is laid under ``deal_plays=must``, the first card that goes up.

        Then the moves offered are all compulsory moves up, and the order does not matter:
        each stays legal until played (another card going up changes neither this column's end
        card nor the card its foundation wants) and the next card is laid only when none is left,
        so every order ends in the same position.
        """
        if g._stock.cards and g.options["deal_plays"] == "must":
            return moves[0]
        return None

    def ordered(self, g: GoNoGo, moves: list[Move]) -> list[Move]:
        """All moves but ``pass``, most promising first (see :meth:`_rank`).

        ``pass`` ends the game lost at once, so any other move (there always is one when
        ``pass`` is offered) is at least as good.
        """
        want = g._wanted()
        urgency = self._urgency(g)
        return sorted((m for m in moves if m.kind != "pass"), key=lambda m: self._rank(g, m, want, urgency))

    def _urgency(self, g: GoNoGo) -> dict[str, tuple[int, int]]:
        """Column -> how soon a card under its end card is wanted up, and any card of it (ranks to go)."""
        heights = self._heights(g)
        out = {}
        for name, col in zip(COLUMN, g._cols):
            needs = [RANK[c] - heights[SUIT[c]] for c in col.cards]
            under = min(needs[:-1], default=14)
            out[name] = under, min(under, needs[-1]) if needs else 14
        return out

    def _rank(self, g: GoNoGo, move: Move, want: dict[int, int], urgency: dict[str, tuple[int, int]]) -> tuple:
        """The solver's preference: moves up; transfers that free a card able to go up; the
        gathering; then transfers that clear a column, dig towards a card wanted soon and bury
        no such card."""
        kind = move.kind
        if kind != "move":
            return _ORDER[kind], 0, 0, 0
        _, src, dst = move.steps[0]
        below = g._p[src].cards
        first = len(below) > 1 and below[-2] in want
        return (_ORDER[kind] - 2 * first, len(below) > 1, urgency[src][0], -urgency[dst][1], len(below))
