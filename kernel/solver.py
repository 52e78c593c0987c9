"""Is this deal winnable? A depth-first solver with full knowledge of the cards ("thoughtful").

The search plays the engine's own moves (``_generate``/``_apply``), so the stock, passes and
compulsory actions are modelled exactly as the engine plays them. It keeps a transposition table
over the game's canonical key (cards are faces, so duplicate cards of two- and four-pack games are
already one; games may fold more symmetry in ``canonical_key``), plays a move alone when it is the
only one (the deal, compulsory actions) or when the game calls it safe (``safe_move``), stops at
a position the game proves hopeless (``hopeless``), and tries the moves the game lists in
``solver_moves`` (by default all, in order of kind: to the foundations first, redeals last). A game
may ask (``solver_probe``) for a limited-discrepancy probe on a share of the budget before the
depth-first search, where wins hide behind early choices, and (``solver_orders``) for searches in
other move orders on shares of it, where no one order finds every win. Verdicts are bounded by
``budget_states``, so they are the same on every machine; ``budget_s`` is only a safety cap. Seconds
are CPU seconds of the solving process, so a busy machine (another notebook, a parallel campaign)
neither cuts a search shorter nor reports it slower than an idle one would.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .game import Game
from .move import Move
from .players import blind_play

#: The default order of kinds (see ``Game.SOLVER_ORDER``); unknown kinds go in the middle.
KIND_ORDER = Game.SOLVER_ORDER
DEFAULT_STATES = 200_000


@dataclass
class Result:
    """A solver's verdict: ``won`` with ``line``, ``lost`` (proved), or ``unknown`` (budget spent)."""

    verdict: str
    line: list[Move] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0  # CPU seconds
    cut_by_time: bool = False
    best: list[Move] = field(default_factory=list)  # the line to the furthest position reached
    best_progress: int = 0

    def __repr__(self) -> str:
        extra = ", cut short by the time cap" if self.cut_by_time else ""
        return f"Result({self.verdict}, {len(self.line)} moves, {self.states} states{extra})"


class _Budget(Exception):
    pass


class _Search:
    """What one solve shares between its searches: the position, the budgets and the result."""

    def __init__(self, game: Game, budget_states: int, deadline: float) -> None:
        self.g = game.clone()
        self.budget = budget_states
        self.deadline = deadline
        self.spent = 0  # states of searches finished (or cut short)
        self.line: list[Move] = []
        self.res = Result("unknown", best_progress=self.g.progress())
        now = self.g._snapshot()
        self.past = set()  # positions of this game's past: the public API refuses them again
        for snap in self.g._history:
            self.g._restore(snap)
            self.past.add(self.g.canonical_key())
        self.g._restore(now)

    def visit(self, n: int) -> None:
        """At the n-th state: stop at the budget or the time cap; note the furthest position."""
        if n > self.budget:
            raise _Budget
        if n % 1024 == 0 and time.process_time() > self.deadline:
            self.res.cut_by_time = True
            raise _Budget
        p = self.g.progress()
        if p > self.res.best_progress:
            self.res.best_progress = p
            self.res.best = list(self.line)

    def moves(self) -> list[Move]:
        """The moves to try here: the only one, a safe one, or the game's order."""
        g = self.g
        moves = g._generate()
        if len(moves) > 1:
            safe = g.safe_move(moves)
            moves = [safe] if safe is not None else g.solver_moves(moves)
        return moves


def solve(game: Game, budget_states: int = DEFAULT_STATES, budget_s: float = 10.0) -> Result:
    """Decide ``game`` from its current position; the game itself is not changed.

    The blind player's line is tried first (it costs one playout): when it wins, that is the
    verdict, so the thoughtful verdict is never below the blind one. Then, for a game that asks
    for one (``Game.solver_probe``), a limited-discrepancy probe on a share of the state budget;
    then for a game that names them (``Game.solver_orders``), the depth-first search in each of
    its alternative move orders on its share; then the search in the game's own order on the rest.
    """
    start = time.process_time()
    probe = game.clone()
    if blind_play(probe) == "won":
        line = probe.moves[len(game.moves):]
        return Result("won", line, 0, time.process_time() - start, best=line, best_progress=probe.progress())
    s = _Search(game, budget_states, start + budget_s)
    share = s.g.solver_probe()
    try:
        won = _probe(s, int(budget_states * share)) if share else None
        for order, part in enumerate(s.g.solver_orders(), 1):
            if won is None:
                won = _in_order(s, order, int(budget_states * part))
        if won is None:
            won = _depth_first(s)
        s.res.verdict = "won" if won else "lost"
        if won:
            s.res.line = list(s.line)
    except _Budget:
        s.res.verdict = "unknown"
    s.res.states = s.spent
    s.res.seconds = time.process_time() - start
    return s.res


def _depth_first(s: _Search) -> bool:
    """Depth first over the whole space, each position once (an explicit stack: lines may be
    thousands of moves long). True when ``s.line`` wins, False when the space is exhausted."""
    g, line = s.g, s.line
    hopeless = g.hopeless
    plain_key = type(g).canonical_key is Game.canonical_key  # then the key is the snapshot itself
    seen = set(s.past)
    base = len(seen)  # the game's past positions: refused, but not states of this search

    def enter() -> bool | list:
        """Visit the current position: True (won), False (a dead end) or its moves to try."""
        if g._won():
            return True
        if g._ended():
            return False
        key = g.canonical_key()
        if key in seen:
            return False
        seen.add(key)
        if hopeless():
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
                g._restore(snap)
            if i == len(moves):
                stack.pop()
                continue
            frame[2] = i + 1
            g._apply(moves[i])
            line.append(moves[i])
            child = enter()
            if child is True:
                return True
            if child is not False:
                stack.append(child)
        return False
    finally:
        s.spent += len(seen) - base


def _in_order(s: _Search, order: int, budget: int) -> bool | None:
    """The depth-first search in the game's alternative move order ``order``, within ``budget``
    states: True when ``s.line`` wins, False when it exhausted the space (a proof), None when its
    budget is spent (the next order takes over from the same position). The time cap ends the
    whole solve."""
    g = s.g
    root = g._snapshot()
    full, s.budget = s.budget, s.spent + budget
    g.solver_order = order
    try:
        return _depth_first(s)
    except _Budget:
        if s.res.cut_by_time:
            raise
        s.line.clear()
        g._restore(root)
        return None
    finally:
        s.budget = full
        g.solver_order = 0


def _probe(s: _Search, budget: int) -> bool | None:
    """Limited-discrepancy search (Harvey and Ginsberg 1995) within ``budget`` states.

    Pass k follows the game's move order but may leave it (take a move other than the first)
    at most k times on a line, for k = 0, 1, 2 ...: a win hidden behind one bad early choice is
    found without exhausting the subtree of that choice first. A position is entered again only
    with more discrepancies left than before. True when ``s.line`` wins; False when a pass
    never had to cut a line (then it searched the whole space: a proof); None when its budget
    is spent (the depth-first search takes over, from the same position, with the rest of the
    whole budget). The time cap ends the whole solve.
    """
    g, line = s.g, s.line
    root = g._snapshot()
    full, s.budget = s.budget, budget
    k = 0
    try:
        while True:
            left_at = dict.fromkeys(s.past, 1 << 30)
            cut = False

            def enter(left: int) -> bool | list:
                if g._won():
                    return True
                if g._ended():
                    return False
                key = g.canonical_key()
                if left_at.get(key, -1) >= left:
                    return False
                left_at[key] = left
                s.spent += 1
                if g.hopeless():
                    return False
                s.visit(s.spent)
                moves = s.moves()
                return [g._snapshot(), moves, 0, left] if moves else False

            top = enter(k)
            if not isinstance(top, list):
                return top
            stack = [top]
            while stack:
                frame = stack[-1]
                snap, moves, i, left = frame
                if i:
                    line.pop()
                    g._restore(snap)
                if i == len(moves) or (i and not left):
                    cut |= i < len(moves)
                    stack.pop()
                    continue
                frame[2] = i + 1
                g._apply(moves[i])
                line.append(moves[i])
                child = enter(left - (i > 0))
                if child is True:
                    return True
                if child is not False:
                    stack.append(child)
            if not cut:
                return False
            k += 1
    except _Budget:
        if s.res.cut_by_time:
            raise
        line.clear()
        g._restore(root)
        return None
    finally:
        s.budget = full


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


def hint(game: Game, budget_states: int = 20_000, budget_s: float = 3.0) -> Hint:
    """A hint from the solver for the current position."""
    legal = game.legal_moves()
    if not legal:
        return Hint(None, "best", Result("lost" if game.status == "lost" else game.status))
    res = solve(game, budget_states, budget_s)
    if res.verdict == "won" and res.line:
        m = _legal_twin(game, res.line[0], legal)
        return Hint(m, "winning", res, game.describe(m))
    first = res.best[0] if res.best else sorted(legal, key=lambda m: KIND_ORDER.get(m.kind, 3))[0]
    m = _legal_twin(game, first, legal)
    return Hint(m, "best", res, game.describe(m))


def _legal_twin(game: Game, move: Move, legal: list[Move]) -> Move:
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
