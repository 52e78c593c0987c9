"""Is this deal winnable? A depth-first solver with full knowledge of the cards ("thoughtful").

The search plays the engine's own moves (``_generate``/``_apply``), so the stock, passes and
compulsory actions are modelled exactly as the engine plays them. It keeps a transposition table
over the game's canonical key (cards are faces, so duplicate cards of two- and four-pack games are
already one; games may fold more symmetry in ``canonical_key``), plays a move alone when it is the
only one (the deal, compulsory actions) or when the game calls it safe (``safe_move``), stops at
a position the game proves hopeless (``hopeless``), and tries the moves the game lists in
``solver_moves`` (by default all, in order of kind: to the foundations first, redeals last). Verdicts are bounded by
``budget_states``, so they are the same on every machine; ``budget_s`` is only a safety cap.
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
    seconds: float = 0.0
    cut_by_time: bool = False
    best: list[Move] = field(default_factory=list)  # the line to the furthest position reached
    best_progress: int = 0

    def __repr__(self) -> str:
        extra = ", cut short by the time cap" if self.cut_by_time else ""
        return f"Result({self.verdict}, {len(self.line)} moves, {self.states} states{extra})"


class _Budget(Exception):
    pass


def solve(game: Game, budget_states: int = DEFAULT_STATES, budget_s: float = 10.0) -> Result:
    """Decide ``game`` from its current position; the game itself is not changed.

    The blind player's line is tried first (it costs one playout): when it wins, that is the
    verdict, so the thoughtful verdict is never below the blind one. Then the search.
    """
    start = time.perf_counter()
    probe = game.clone()
    if blind_play(probe) == "won":
        line = probe.moves[len(game.moves):]
        return Result("won", line, 0, time.perf_counter() - start, best=line, best_progress=probe.progress())
    g = game.clone()
    deadline = start + budget_s
    seen: set = set()
    line: list[Move] = []
    res = Result("unknown")
    res.best_progress = g.progress()
    hopeless = g.hopeless
    plain_key = type(g).canonical_key is Game.canonical_key  # then the key is the snapshot itself

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
        if len(seen) > budget_states:
            raise _Budget
        if len(seen) % 1024 == 0 and time.perf_counter() > deadline:
            res.cut_by_time = True
            raise _Budget
        p = g.progress()
        if p > res.best_progress:
            res.best_progress = p
            res.best = list(line)
        moves = g._generate()
        if not moves:
            return False
        safe = g.safe_move(moves) if len(moves) > 1 else moves[0]
        moves = [safe] if safe is not None else g.solver_moves(moves)
        return [key if plain_key else g._snapshot(), moves, 0]

    def search() -> bool:
        """Depth first, with an explicit stack (lines may be thousands of moves long)."""
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

    now = g._snapshot()
    for snap in g._history:  # positions of this game's past: the public API refuses them again
        g._restore(snap)
        seen.add(g.canonical_key())
    g._restore(now)
    try:
        won = search()
        res.verdict = "won" if won else "lost"
        if won:
            res.line = list(line)
    except _Budget:
        res.verdict = "unknown"
    res.states = len(seen)
    res.seconds = time.perf_counter() - start
    return res


@dataclass
class Hint:
    """The next move of a winning line (``kind="winning"``) or of the best line found (``"best"``)."""

    move: Move | None
    kind: str
    result: Result

    def __str__(self) -> str:
        if self.move is None:
            return "no move is left"
        why = "wins" if self.kind == "winning" else "is the most promising move found"
        return f"{self.move.describe()} ({why})"


def hint(game: Game, budget_states: int = 20_000, budget_s: float = 3.0) -> Hint:
    """A hint from the solver for the current position."""
    legal = game.legal_moves()
    if not legal:
        return Hint(None, "best", Result("lost" if game.status == "lost" else game.status))
    res = solve(game, budget_states, budget_s)
    if res.verdict == "won" and res.line:
        return Hint(_legal_twin(game, res.line[0], legal), "winning", res)
    first = res.best[0] if res.best else sorted(legal, key=lambda m: KIND_ORDER.get(m.kind, 3))[0]
    return Hint(_legal_twin(game, first, legal), "best", res)


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
