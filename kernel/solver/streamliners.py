"""Streamliners: incomplete strategies that find wins sooner by giving up completeness.

After Solvitaire's "smart solvability" mode (Blake and Gent, "The winnability of Klondike
Solitaire and many other patience games"; ideas only): a search that plays moves alone that are
not provably safe, or folds positions that are not truly alike, explores a much smaller space;
it may miss wins and proves nothing by its dead ends, but the wins it finds are real once their
line replays. The search believes such a strategy's win only after replaying the line on a
clone of the game through the public rules, and never takes its exhausted space for a loss.

A streamliner is a :class:`Streamlined` knowledge over the game's own (every question the
streamliner does not change goes to the game's knowledge); :class:`.knowledge.Strategy` names it
with its share of the budget, and a game's :meth:`.knowledge.Knowledge.streamliners` returns the
strategies it runs. The generic ones here serve any game.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ..cards import RANK, SUIT
from ..move import Move
from .knowledge import G, Knowledge, Strategy


class Streamlined(Knowledge[G]):
    """The game's knowledge ``inner``, unchanged: a streamliner overrides what it changes.

    Moves are played and taken back through ``inner`` (its caches stay right), and the move
    order asked of ``inner`` is the one the search sets on this object.
    """

    def __init__(self, inner: Knowledge[G]) -> None:
        self.inner = inner

    @property
    def order(self) -> int:
        """The move order: the game's knowledge's own."""
        return self.inner.order

    @order.setter
    def order(self, value: int) -> None:
        self.inner.order = value

    def canonical_key(self, g: G) -> tuple:
        return self.inner.canonical_key(g)

    def safe_move(self, g: G, moves: list[Move]) -> Move | None:
        return self.inner.safe_move(g, moves)

    def ordered(self, g: G, moves: list[Move]) -> list[Move]:
        return self.inner.ordered(g, moves)

    def hopeless(self, g: G) -> bool:
        return self.inner.hopeless(g)

    def progress(self, g: G) -> int:
        return self.inner.progress(g)

    def cost(self, g: G) -> Any:
        return self.inner.cost(g)

    def play(self, g: G, move: Move) -> None:
        self.inner.play(g, move)

    def back(self, g: G, snap: tuple) -> None:
        self.inner.back(g, snap)


class FoundationsAtOnce(Streamlined[G]):
    """Every move to a foundation is played alone, as soon as there is one, even when the game's
    knowledge cannot prove it safe (Solvitaire's auto-foundations): the first of ``kinds`` in the
    game's order, after the game's own safe move."""

    def __init__(self, inner: Knowledge[G], kinds: Collection[str] = ("found",)) -> None:
        super().__init__(inner)
        self.kinds = frozenset(kinds)

    def safe_move(self, g: G, moves: list[Move]) -> Move | None:
        safe = self.inner.safe_move(g, moves)
        if safe is not None:
            return safe
        kinds = self.kinds
        return next((m for m in moves if m.kind in kinds), None)


class SuitsFolded(Streamlined[G]):
    """Positions alike up to a renaming of the suits share a key: the suits are renamed in the
    order they first appear in the game's piles, as if every suit played alike (Solvitaire's suit
    symmetry). Unsound for proofs where suits are not interchangeable (foundations by suit, a
    deal's own cards), so it is only a streamliner: one of two such positions is searched."""

    def canonical_key(self, g: G) -> tuple:
        names: dict[int, int] = {}
        piles = []
        for p in g._p.values():
            pile = []
            for c in p.cards:
                s = names.setdefault(SUIT[c], len(names))
                pile.append(13 * s + RANK[c] - 1)
            piles.append(tuple(pile))
        return tuple(piles), tuple(p.down for p in g._p.values()), g.turn, tuple(getattr(g, v) for v in g.VARS)


def foundations_at_once(kinds: Collection[str] = ("found",)) -> Callable[[Knowledge[Any]], Knowledge[Any]]:
    """The :class:`FoundationsAtOnce` streamliner for moves of ``kinds``."""
    return lambda inner: FoundationsAtOnce(inner, kinds)


def generic(share: float = 0.1, kinds: Collection[str] = ("found",), orders: int = 0) -> tuple[Strategy, ...]:
    """The generic streamlined strategies on ``share`` of the budget in all: foundation moves at
    once, in the game's own order and in its first ``orders`` alternative ones, each on an equal
    part."""
    parts = share / (1 + orders)
    make = foundations_at_once(kinds)
    return tuple(Strategy("foundations at once" + (f", order {i}" if i else ""), parts, make, order=i)
                 for i in range(orders + 1))
