"""What a search may know of a game beyond its rules: the base class, its plain defaults, the registry.

A game's knowledge (one module per game in this package, registered by game id, as OpenSpiel
keeps its algorithms apart from its games) folds symmetries into the position key, names moves
that can be played alone, orders the moves (and drops moves another provably dominates), proves
positions lost, and asks for a probe or other move orders on shares of the budget. Its
:meth:`Knowledge.portfolio` names the strategies a solve runs, each on its share of the state
budget: the streamlined ones (:meth:`Knowledge.streamliners`, see :mod:`.streamliners`), which
may only ever find a win, then the complete ones, which alone may prove a loss. The rules
module never knows of it. One knowledge object serves one search: it may keep caches of its own,
and the search tells it of every move it plays and takes back (:meth:`Knowledge.play`,
:meth:`Knowledge.back`), so that no verdict depends on questions asked before the search.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ..game import Game
from ..move import Move
from ..players import KIND_ORDER

G = TypeVar("G", bound=Game)


@dataclass(frozen=True)
class Strategy:
    """One strategy of a solve's portfolio, run on ``share`` of the state budget.

    ``streamline`` (None for a complete strategy) makes, from the game's own knowledge, the
    knowledge the strategy searches with: one that may play a move alone that is not provably
    safe, fold positions that are not symmetric, or drop moves (:class:`.streamliners.Streamlined`).
    Such a strategy is incomplete: the search believes only the wins it finds, and only once
    their line replays to a won game through the public rules; its dead ends prove nothing.
    A complete strategy (``streamline`` None) searches with the game's knowledge itself, so
    when it exhausts the space, that proves the loss. ``order`` is the knowledge's move order
    to search in (0 the game's own, see :meth:`Knowledge.orders`), ``probe`` a
    limited-discrepancy search instead of depth first, ``best_first`` a best-first search by
    :meth:`Knowledge.cost`. ``name`` is what
    :attr:`.search.Result.strategy` records when the strategy decides.
    """

    name: str
    share: float
    streamline: Callable[[Knowledge[Any]], Knowledge[Any]] | None = None
    order: int = 0
    probe: bool = False
    best_first: bool = False

    @property
    def complete(self) -> bool:
        """Whether the strategy may prove a loss (it searches with the game's own knowledge)."""
        return self.streamline is None


class Knowledge(Generic[G]):
    """The plain search's knowledge: no symmetry, no safe move, every move by kind, no proof.

    A game's knowledge subclasses it for its game's class (``Knowledge[Braid]``) and overrides
    what it knows; every method takes the game at the search's current position.
    """

    #: The move order by kind that :meth:`ordered` sorts by; a game's knowledge may change it.
    KIND_ORDER: ClassVar[dict[str, int]] = KIND_ORDER
    #: The move order :meth:`ordered` is asked for: 0 the game's own, 1, 2 … its alternatives
    #: (:meth:`orders`); the search sets it.
    order: int = 0

    def canonical_key(self, g: G) -> tuple:
        """The position's key with symmetries folded (by default the snapshot itself).

        Positions sharing a key must have the same futures up to renaming (a symmetry), not merely
        the same winnability: the search treats a position whose key is already on its path as a
        dead end, so folding a position with one it can reach would lose that line.
        """
        return g._snapshot()

    def safe_move(self, g: G, moves: list[Move]) -> Move | None:
        """A move the search may play without trying the others (one that can never hurt)."""
        return None

    def ordered(self, g: G, moves: list[Move]) -> list[Move]:
        """The moves to try here, most promising first.

        By default every move, ordered by kind (``KIND_ORDER``). A game's knowledge may also drop
        a move that another move of the list provably dominates (whatever the dropped move can
        lead to, the kept one can too); it must never drop the only way to a win.
        """
        order = self.KIND_ORDER
        return sorted(moves, key=lambda m: order.get(m.kind, 3))

    def hopeless(self, g: G) -> bool:
        """Whether no line from here can win, by a quick necessary condition (sound, not complete)."""
        return False

    def orders(self, g: G) -> tuple[float, ...]:
        """The shares of the state budget for the alternative move orders (1, 2 …), each searched
        depth first on its own share before the game's own order takes the rest; empty for none.
        Every order must keep the same moves, so that any order that exhausts the space proves a
        loss. For games whose wins hide behind different choices on different deals."""
        return ()

    def probe(self, g: G) -> float:
        """The share of the state budget for a limited-discrepancy probe before the depth-first
        search; 0 for none. Where a win often hides behind an early choice."""
        return 0.0

    def streamliners(self, g: G) -> tuple[Strategy, ...]:
        """The incomplete strategies run first, each on its share (none by default). A game's
        knowledge returns its own and the generic ones of :mod:`.streamliners` it finds worth
        their share, tuned by measurement; they may only ever report a win."""
        return ()

    def portfolio(self, g: G) -> tuple[Strategy, ...]:
        """The strategies a solve runs in turn before the complete depth-first search in the
        game's own order takes the rest of the budget: the :meth:`streamliners`, then the
        :meth:`probe` and the alternative :meth:`orders`."""
        share = self.probe(g)
        probe = (Strategy("probe", share, probe=True),) if share else ()
        orders = tuple(Strategy(f"order {i}", part, order=i) for i, part in enumerate(self.orders(g), 1))
        return self.streamliners(g) + probe + orders

    def cost(self, g: G) -> Any:
        """For a best-first strategy: how far from a win the position looks, lowest expanded
        first (any comparable value; by default the cards not home)."""
        return -self.progress(g)

    def progress(self, g: G) -> int:
        """The search's measure of how far a position is: by default the cards home."""
        return g.progress()

    def play(self, g: G, move: Move) -> None:
        """Play ``move`` in the search (the rules' ``_apply``; knowledge with caches of the
        current position drops them here)."""
        g._apply(move)

    def back(self, g: G, snap: tuple) -> None:
        """Go back to the position ``snap`` in the search (the rules' ``_restore``)."""
        g._restore(snap)


#: The plain knowledge: what the search knows of a game with no module of its own.
PLAIN: Knowledge[Game] = Knowledge()

#: Knowledge by game id (each game's module registers its class).
KNOWLEDGE: dict[str, type[Knowledge[Any]]] = {}


def register(game_id: str) -> Callable[[type[Knowledge[Any]]], type[Knowledge[Any]]]:
    """Class decorator: ``cls`` is the knowledge of game ``game_id``."""
    def add(cls: type[Knowledge[Any]]) -> type[Knowledge[Any]]:
        KNOWLEDGE[game_id] = cls
        return cls
    return add


def knowledge_for(game: Game) -> Knowledge[Any]:
    """A fresh knowledge object for one search of ``game`` (the plain one for a game with none)."""
    cls = KNOWLEDGE.get(game.id)
    return cls() if cls is not None else PLAIN
