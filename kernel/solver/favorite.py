"""What a search knows of the Favourite (:mod:`pasyans.games.favorite` has the rules).

Interchangeable rows are folded in the key; a card going up that no other card can want is
played at once; of moves that lead alike one representative is tried, the cards wanted soonest
first.
"""

from __future__ import annotations

from ..cards import RANK
from ..games.favorite import CROSS, FOUNDATIONS, SEPARATE, Favorite
from ..move import Move
from .knowledge import Knowledge, register


@register("favorite")
class FavoriteKnowledge(Knowledge[Favorite]):
    """The Favourite's knowledge (no caches)."""

    def safe_move(self, g: Favorite, moves: list[Move]) -> Move | None:
        """A card going up on a foundation whose direction is fixed can never hurt.

        Its one neighbour behind it already lies on the foundation, and the one ahead of it can
        then go up directly wherever it could have been laid on it; so the solver need not try
        the alternatives. Before the direction is chosen no move is safe.
        """
        dirs = g._steps()
        for m in moves:
            if m.kind == "found" and dirs[FOUNDATIONS.index(m.steps[0][2])]:
                return m
        return None

    def _wanted(self, g: Favorite) -> set[int]:
        """The cards some foundation would take now."""
        p = g._p
        out = set()
        for f, d in zip(FOUNDATIONS, g._steps()):
            fc = p[f].cards
            if fc and len(fc) < 13:
                top = fc[-1]
                base = top - RANK[top] + 1  # the ace of its suit
                if d >= 0:
                    out.add(base + RANK[top] % 13)
                if d <= 0:
                    out.add(base + (RANK[top] - 2) % 13)
        return out

    def _representatives(self, g: Favorite, moves: list[Move]) -> dict[int, Move]:
        """For each end card x whose other moves :meth:`ordered` drops, the transfer kept.

        x lying on a card that is not its neighbour (or on nothing): its transfer onto the
        lower-numbered of its neighbours that are free. x lying on its neighbour w: its transfer
        onto its other neighbour z, when z is numbered below w.
        """
        p = g._p

        def top(m: Move) -> int:
            return p[m.steps[0][2]].cards[-1]

        reps: dict[int, Move] = {}
        for m in moves:
            if m.kind != "move" or m.arg == "fill":
                continue
            c, src, _ = m.steps[0]
            cards = p[src].cards
            below = cards[-2] if len(cards) > 1 else None
            if below is None or not g._neighbours(c, below):
                if c not in reps or top(m) < top(reps[c]):
                    reps[c] = m
            elif top(m) < below:
                reps[c] = m
        return reps

    def ordered(self, g: Favorite, moves: list[Move]) -> list[Move]:
        """Foundation moves first, then transfers (those that uncover a card a foundation takes,
        then from short rows first), then fills; with dominated moves dropped.

        * A fill from a cross row holding that one card only gives the same table with two
          cross rows renamed (``canonical_key`` folds it): nothing new.
        * Fills into different empty cross rows give the same canonical position: one is tried.
        * An end card x with a representative transfer x->y (:meth:`_representatives`) keeps
          only it: its other transfer and its fills are dropped.
        Proof of the last: after x->y, x lies on its neighbour y, and its other neighbour, if
        free, is numbered above y; so x there has no representative, all its moves are kept,
        and it reaches each dropped place in one move (the targets are still free). A shortest
        win through a dropped move is thus matched by a kept line through x->y whose second
        position is one move nearer the win (or a safe move, which shortens the win too): by
        induction on the distance to a win, the pruned search reaches a win from every winnable
        position.
        """
        p = g._p
        first_empty = next((e for e in CROSS if not p[e].cards), None)
        reps = self._representatives(g, moves)
        found, transfers, fills = [], [], []
        for m in moves:
            c, src, dst = m.steps[0]
            if m.kind == "found":
                found.append(m)
            elif m.arg != "fill":
                if reps.get(c, m) is m:
                    transfers.append(m)
            elif c not in reps and dst == first_empty and not (src in CROSS and len(p[src].cards) == 1):
                fills.append(m)
        wanted = self._wanted(g)

        def rank(m: Move) -> tuple[bool, int]:
            cards = p[m.steps[0][1]].cards
            return (len(cards) < 2 or cards[-2] not in wanted, len(cards))

        transfers.sort(key=rank)
        return found + transfers + fills

    def canonical_key(self, g: Favorite) -> tuple:
        """Cross rows are interchangeable, and so are the two separate lines: sort them."""
        p = g._p
        return (tuple(tuple(p[f].cards) for f in FOUNDATIONS),
                tuple(sorted(tuple(p[r].cards) for r in CROSS)),
                tuple(sorted(tuple(p[s].cards) for s in SEPARATE)),
                len(p["stock"].cards))
