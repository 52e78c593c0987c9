"""The search: a portfolio of strategies on shares of a state budget, then the complete depth-first search.

The search plays the engine's own moves (``_generate``/``_apply``), so the stock, passes and
compulsory actions are modelled exactly as the engine plays them. It keeps a transposition table
over the knowledge's canonical key (cards are faces, so duplicate cards of two- and four-pack
games are already one; a game's knowledge may fold more symmetry), plays a move alone when it is
the only one (the deal, compulsory actions) or when the knowledge calls it safe, stops at a
position the knowledge proves hopeless, and tries the moves in the knowledge's order.

Before the depth-first search in the game's own order takes the rest of the budget, the
knowledge's portfolio (:meth:`.knowledge.Knowledge.portfolio`) runs, each strategy on its
share: streamlined strategies first (:mod:`.streamliners`), incomplete, whose wins are believed
only once their line replays to a won game through the public rules and whose exhausted space
proves nothing; then complete ones (a limited-discrepancy probe, where wins hide behind early
choices; other move orders, where no one order finds every win), which prove a loss when they
exhaust the space. So ``lost`` is always a proof. Verdicts are bounded by ``budget_states``, so
they are the same on every machine; ``budget_s`` is only a safety cap. Seconds are CPU seconds
of the solving process, so a busy machine neither cuts a search shorter nor reports it slower
than an idle one.
"""
from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..errors import PasyansError
from ..game import Game
from ..move import Move
from ..players import blind_play
from .knowledge import Knowledge, Strategy, knowledge_for

DEFAULT_STATES = 200_000


@dataclass
class Result:
    """A solver's verdict: ``won`` with ``line``, ``lost`` (proved), or ``unknown`` (budget spent).

    ``strategy`` names what decided: ``"blind"`` (the blind playout), a portfolio strategy's name
    (:class:`.knowledge.Strategy`) or ``"search"`` (the depth-first search in the game's order);
    empty when unknown."""

    verdict: str
    line: list[Move] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0  # CPU seconds
    cut_by_time: bool = False
    best: list[Move] = field(default_factory=list)  # the line to the furthest position reached
    best_progress: int = 0
    strategy: str = ""

    def __repr__(self) -> str:
        extra = ", cut short by the time cap" if self.cut_by_time else ""
        return f"Result({self.verdict}, {len(self.line)} moves, {self.states} states{extra})"


class _Budget(Exception):
    pass


class _Search:
    """What one solve shares between its searches: the position, the knowledge, the budgets and
    the result."""

    def __init__(self, game: Game, k: Knowledge[Any], budget_states: int, deadline: float) -> None:
        self.game = game
        self.g = g = game.clone()
        self.k = k
        self.budget = budget_states
        self.deadline = deadline
        self.check_at = 1024
        self.spent = 0  # states of searches finished (or cut short)
        self.line: list[Move] = []
        plain_moves = type(k).play is Knowledge.play and type(k).back is Knowledge.back
        self.apply: Callable[[Move], None] = g._apply if plain_moves else lambda m: k.play(g, m)
        self.restore: Callable[[tuple], None] = g._restore if plain_moves else lambda snap: k.back(g, snap)
        self.res = Result("unknown", best_progress=k.progress(g))
        self.past = self.past_keys(k)

    def past_keys(self, k: Knowledge[Any]) -> set[tuple]:
        """The keys under ``k`` of the positions of this game's past: the public API refuses
        them again."""
        g = self.g
        now = g._snapshot()
        past = set()
        for snap in g._history:
            self.restore(snap)
            past.add(k.canonical_key(g))
        self.restore(now)
        return past

    def visit(self, n: int, line: Callable[[], list[Move]] | None = None) -> None:
        """At the n-th state: stop at the budget or the time cap; note the furthest position
        (its line is ``s.line``, or ``line()`` when given: built only when it is kept)."""
        if n > self.budget:
            raise _Budget
        if n >= self.check_at:  # the clock is read every 1,024 states (a best-first count jumps)
            self.check_at = n - n % 1024 + 1024
            if time.process_time() > self.deadline:
                self.res.cut_by_time = True
                raise _Budget
        p = self.k.progress(self.g)
        if p > self.res.best_progress:
            self.res.best_progress = p
            self.res.best = list(self.line) if line is None else line()

    def moves(self) -> list[Move]:
        """The moves to try here: the only one, a safe one, or the knowledge's order."""
        g, k = self.g, self.k
        moves = g._generate()
        if len(moves) > 1:
            safe = k.safe_move(g, moves)
            moves = [safe] if safe is not None else k.ordered(g, moves)
        return moves


def solve(game: Game, budget_states: int = DEFAULT_STATES, budget_s: float = 10.0,
          knowledge: Knowledge[Any] | None = None) -> Result:
    """Decide ``game`` from its current position; the game itself is not changed.

    The blind player's line is tried first (it costs one playout): when it wins, that is the
    verdict, so the thoughtful verdict is never below the blind one. Then the strategies of the
    knowledge's portfolio, each on its share of the state budget (streamlined ones, whose wins
    are replayed before they are believed; a limited-discrepancy probe; other move orders), then
    the depth-first search in the game's own order on the rest. ``knowledge`` is the game's own
    (a fresh object per solve) unless given: ``PLAIN`` runs the plain search.
    """
    start = time.process_time()
    probe = game.clone()
    if blind_play(probe) == "won":
        line = probe.moves[len(game.moves):]
        return Result("won", line, 0, time.process_time() - start, best=line, best_progress=probe.progress(),
                      strategy="blind")
    k = knowledge_for(game) if knowledge is None else knowledge
    s = _Search(game, k, budget_states, start + budget_s)
    try:
        won = None
        for strategy in k.portfolio(s.g):
            won = _run(s, strategy, int(budget_states * strategy.share))
            if won is not None:
                s.res.strategy = strategy.name
                break
        if won is None:
            won = _depth_first(s)
            s.res.strategy = "search"
        s.res.verdict = "won" if won else "lost"
        if won:
            s.res.line = list(s.line)
    except _Budget:
        s.res.verdict = "unknown"
        s.res.strategy = ""
    s.res.states = s.spent
    s.res.seconds = time.process_time() - start
    return s.res


def _run(s: _Search, strategy: Strategy, budget: int) -> bool | None:
    """Run one strategy of the portfolio on ``budget`` states: True when ``s.line`` wins, False
    when a complete strategy exhausted the space (a proof), None when the next takes over from
    the root. A streamlined strategy's win counts only once its line replays to a won game
    through the public rules; its exhausted space proves nothing (None)."""
    search = _probe if strategy.probe else _best_first if strategy.best_first else _depth_first
    main = s.k
    if strategy.streamline is None:
        main.order = strategy.order
        try:
            return _on_share(s, budget, search)
        finally:
            main.order = 0
    root = s.g._snapshot()
    s.k = k = strategy.streamline(main)
    s.past, past = s.past_keys(k), s.past
    k.order = strategy.order
    try:
        won = _on_share(s, budget, search)
    finally:
        k.order = main.order = 0
        s.k, s.past = main, past
    if won and _replays(s.game, s.line):
        return True
    s.line.clear()
    s.restore(root)
    return None


def _replays(game: Game, line: list[Move]) -> bool:
    """Whether ``line`` played on a clone of ``game`` through the public rules wins it."""
    g = game.clone()
    try:
        for m in line:
            g.play(m)
    except PasyansError:
        return False
    return g.status == "won"


def _depth_first(s: _Search) -> bool:
    """Depth first over the whole space, each position once (an explicit stack: lines may be
    thousands of moves long). True when ``s.line`` wins, False when the space is exhausted."""
    g, k, line = s.g, s.k, s.line
    apply, restore = s.apply, s.restore
    hopeless, key_of = k.hopeless, k.canonical_key
    plain_key = type(k).canonical_key is Knowledge.canonical_key  # then the key is the snapshot itself
    seen = set(s.past)
    base = len(seen)  # the game's past positions: refused, but not states of this search

    def enter() -> bool | list:
        """Visit the current position: True (won), False (a dead end) or its moves to try."""
        if g._won():
            return True
        if g._ended():
            return False
        key = key_of(g)
        if key in seen:
            return False
        seen.add(key)
        if hopeless(g):
            return False
        s.visit(s.spent + len(seen) - base)
        moves = s.moves()
        if not moves:
            return False
        return [key if plain_key else g._snapshot(), moves, 0]

    try:
        top = enter()
        if not isinstance(top, list):
            return top
        stack = [top]
        while stack:
            frame = stack[-1]
            snap, moves, i = frame
            if i:  # back from the previous move's dead end
                line.pop()
                restore(snap)
            if i == len(moves):
                stack.pop()
                continue
            frame[2] = i + 1
            apply(moves[i])
            line.append(moves[i])
            child = enter()
            if child is True:
                return True
            if child is not False:
                stack.append(child)
        return False
    finally:
        s.spent += len(seen) - base


def _on_share(s: _Search, budget: int, strategy: Callable[[_Search], bool]) -> bool | None:
    """Run ``strategy`` within ``budget`` more states: True when ``s.line`` wins, False when it
    exhausted the space (a proof), None when its budget is spent; then the root position is
    restored and the line cleared, and the next strategy takes over from there. The time cap
    ends the whole solve."""
    root = s.g._snapshot()
    full, s.budget = s.budget, s.spent + budget
    try:
        return strategy(s)
    except _Budget:
        if s.res.cut_by_time:
            raise
        s.line.clear()
        s.restore(root)
        return None
    finally:
        s.budget = full


def _probe(s: _Search) -> bool:
    """Limited-discrepancy search (Harvey and Ginsberg 1995), until the budget is spent.

    Pass k follows the knowledge's move order but may leave it (take a move other than the
    first) at most k times on a line, for k = 0, 1, 2 ...: a win hidden behind one bad early
    choice is found without exhausting the subtree of that choice first. A position is entered
    again only with more discrepancies left than before. True when ``s.line`` wins; False when a
    pass never had to cut a line (then it searched the whole space: a proof).
    """
    g, k, line = s.g, s.k, s.line
    apply, restore = s.apply, s.restore
    depth = 0
    while True:
        left_at = dict.fromkeys(s.past, 1 << 30)
        cut = False

        def enter(left: int, left_at: dict = left_at) -> bool | list:
            if g._won():
                return True
            if g._ended():
                return False
            key = k.canonical_key(g)
            if left_at.get(key, -1) >= left:
                return False
            left_at[key] = left
            s.spent += 1
            if k.hopeless(g):
                return False
            s.visit(s.spent)
            moves = s.moves()
            return [g._snapshot(), moves, 0, left] if moves else False

        top = enter(depth)
        if not isinstance(top, list):
            return top
        stack = [top]
        while stack:
            frame = stack[-1]
            snap, moves, i, left = frame
            if i:
                line.pop()
                restore(snap)
            if i == len(moves) or (i and not left):
                cut |= i < len(moves)
                stack.pop()
                continue
            frame[2] = i + 1
            apply(moves[i])
            line.append(moves[i])
            child = enter(left - (i > 0))
            if child is True:
                return True
            if child is not False:
                stack.append(child)
        if not cut:
            return False
        depth += 1


def _best_first(s: _Search) -> bool:
    """Best first by the knowledge's :meth:`~.knowledge.Knowledge.cost`, each position once, until
    the budget is spent: the open position of the lowest cost is expanded next (ties: the one
    opened first). True when ``s.line`` wins; False when the space is exhausted.

    An open position is kept as its parent's snapshot and the move from there (most open
    positions are never expanded, so most never need a snapshot of their own). The search jumps
    between positions, so the knowledge's :meth:`~.knowledge.Knowledge.back` must restore any
    position it was shown, not only the previous ones of a line.
    """
    g, k, line = s.g, s.k, s.line
    apply, restore = s.apply, s.restore
    root = g._snapshot()
    seen = set(s.past)
    base = len(seen)
    moves_of: list[tuple[int, Move | None]] = [(-1, None)]  # each opened position: its parent and move
    heap: list[tuple[Any, int, tuple, Move | None]] = []
    n = 0

    def open_here(parent: int, snap: tuple, move: Move | None) -> bool:
        """Open the current position, reached from ``snap`` by ``move`` (True: it is won)."""
        nonlocal n
        if g._won():
            line[:] = _line_to(moves_of, parent) + ([move] if move is not None else [])
            return True
        if g._ended():
            return False
        key = k.canonical_key(g)
        if key in seen:
            return False
        seen.add(key)
        n += 1
        moves_of.append((parent, move))
        heapq.heappush(heap, (k.cost(g), n, snap, move))
        return False

    try:
        if open_here(0, root, None):
            return True
        while heap:
            _, node, snap, move = heapq.heappop(heap)
            restore(snap)
            if move is not None:
                apply(move)
            if k.hopeless(g):  # judged only when its turn comes: most open positions never expand
                continue
            s.visit(s.spent + len(seen) - base, partial(_line_to, moves_of, node))
            moves = s.moves()
            if move is not None and moves:
                snap = g._snapshot()  # this position's own, for its children
            for i, m in enumerate(moves):
                if i:
                    restore(snap)
                apply(m)
                if open_here(node, snap, m):
                    restore(snap)
                    return True
        restore(root)
        line.clear()
        return False
    finally:
        s.spent += len(seen) - base


def _line_to(moves_of: list[tuple[int, Move | None]], node: int) -> list[Move]:
    """The moves from the root to opened position ``node``."""
    tail: list[Move] = []
    while node > 0:
        node, m = moves_of[node]
        if m is not None:
            tail.append(m)
    return tail[::-1]
