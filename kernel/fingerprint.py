"""Behavioural fingerprints: what a game's rules *do*, hashed, so a table is keyed to behaviour.

A committed win-rate table must be recomputed when the rules change, and only then. So its key
is not the text of the code but what the code does, observed through the public API on fixed
deals, for each reading (option set) the table holds:

* **playouts** — fixed pseudo-random playouts of fixed deals from the deal to the game's end
  (so through play, every redeal the playout reaches, and the end): at every position the sorted
  legal moves (kind, argument and steps: the notation's content, cards by number), the cards of
  every pile with how many lie face down, the turn and the status;
  the playout picks its moves from the sorted list, so the order a generator lists moves in is
  no part of the rules;
* **perft** — perft-style counts (:func:`pasyans.perft.perft`, through ``play``/``undo`` and so
  the repeat rule) at fixed points of those playouts, to a depth bounded by a node count.

Renaming a helper or moving code keeps the fingerprint; a rule that plays differently anywhere
the playouts pass changes it. :func:`blind` does the same for the blind player's policy (its
line on the same deals), and :func:`solver_version` the solver's (its verdicts, state counts and
lines on fixed positions of every reading).
"""
from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import pkgutil
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .game import Game
from .move import Move
from .perft import perft
from .players import blind_play
from .registry import game_class
from .rng import Rng

#: The deals every reading is played on, and the seed of each playout's choices.
DEALS = (1, 2, 3, 4)
SEED = 0x5EED
#: A playout longer than this stops (a safety bound; no game's playouts come near it).
MAX_STEPS = 5_000
#: Perft at every PERFT_EVERY-th position of a playout that has a choice, deepened while the
#: count stays under PERFT_NODES.
PERFT_EVERY = 30
PERFT_NODES = 100
PERFT_DEPTH = 3


@dataclass
class Trace:
    """What the playouts of one reading saw (for tests and for checking coverage)."""

    digest: Any = field(default_factory=hashlib.sha256)
    kinds: dict[str, int] = field(default_factory=dict)
    ends: list[str] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    perfts: list[tuple[int, ...]] = field(default_factory=list)

    def feed(self, text: str) -> None:
        self.digest.update(text.encode())
        self.digest.update(b"\n")


def _position(g: Game) -> str:
    """The position as the rules define it: every pile (by name) with its cards, turn, status."""
    piles = g._p
    parts = [f"{n}:{piles[n].down}:{list(map(int, piles[n].cards))}" for n in sorted(piles)]
    return f"{g.status}|{g.turn}|" + "|".join(parts)


def _move(m: Move) -> str:
    """A move by what makes it this move (kind, argument, steps; cards by number), so that the
    notation's spelling of a card is no part of the rules."""
    return f"{m.kind}:{m.arg}:{tuple((int(c), s, d) for c, s, d in m.steps)}"


def _perft_counts(g: Game) -> tuple[int, ...]:
    counts = []
    for depth in range(1, PERFT_DEPTH + 1):
        n = perft(g.clone(), depth)
        counts.append(n)
        if n >= PERFT_NODES:
            break
    return tuple(counts)


def trace(game: str, options: dict[str, Any] | None = None, deals: tuple[int, ...] = DEALS) -> Trace:
    """Play the fixed playouts of ``game`` under ``options`` and record what they saw."""
    cls = game_class(game)
    t = Trace()
    t.feed(f"{cls.id} rules {cls.RULES_VERSION} {sorted(cls.resolve_options(options or {}).items())!r}")
    for deal in deals:
        g = cls(deal, **(options or {}))
        rng = Rng(SEED * 1_000_003 + deal)
        t.feed(f"deal {deal}")
        choices = 0
        steps = 0
        while True:
            t.feed(_position(g))
            if g.status != "playing" or steps >= MAX_STEPS:
                break
            legal = sorted(g.legal_moves(), key=_move)
            t.feed(";".join(map(_move, legal)))
            if len(legal) > 1:
                choices += 1
                if choices % PERFT_EVERY == 1:
                    counts = _perft_counts(g)
                    t.perfts.append(counts)
                    t.feed(f"perft {counts}")
            move = g.play(legal[rng.below(len(legal))])
            t.kinds[move.kind] = t.kinds.get(move.kind, 0) + 1
            steps += 1
        t.ends.append(g.status)
        t.steps.append(steps)
    return t


def rules(game: str, options: dict[str, Any] | None = None) -> str:
    """The behavioural fingerprint of ``game``'s rules under the reading ``options``."""
    return trace(game, options).digest.hexdigest()[:16]


def blind(game: str, options: dict[str, Any] | None = None, deals: tuple[int, ...] = DEALS) -> str:
    """A fingerprint of the blind player's policy: its line and verdict on the fixed deals."""
    cls = game_class(game)
    h = hashlib.sha256()
    for deal in deals:
        g = cls(deal, **(options or {}))
        verdict = blind_play(g)
        h.update(f"{deal} {verdict} {' '.join(map(_move, g.moves))}\n".encode())
    return h.hexdigest()[:16]


def table_rules(per_reading: list[str]) -> str:
    """A table's fingerprint: the fingerprints of its readings, in order, hashed together."""
    return hashlib.sha256(" ".join(per_reading).encode()).hexdigest()[:16]


# ---- the solver's version --------------------------------------------------------------------
#: Hooks on ``Game`` that only the solver calls: a rules module that overrides any of them still
#: carries search knowledge, whose code then counts as the solver's.
SOLVER_HOOKS = ("SOLVER_ORDER", "canonical_key", "safe_move", "solver_moves", "hopeless", "solver_orders",
                "solver_probe", "progress")


def code(module: ModuleType) -> str:
    """A module's code without its prose: the syntax tree with docstrings left out (and so comments)."""
    return _bare(inspect.getsource(module))


def _bare(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.dump(tree)


def _solver_modules(game: str) -> list[ModuleType]:
    """The code a verdict of the thoughtful player on ``game`` depends on beyond the rules: the
    solver (a module or a package: its modules, except other games' knowledge), the blind player
    it starts with, and the game's own module while that still carries solver hooks."""
    from . import GAMES, players
    from . import solver as solver_module

    mods: list[ModuleType] = [solver_module, players]
    if hasattr(solver_module, "__path__"):
        for info in sorted(pkgutil.iter_modules(solver_module.__path__), key=lambda i: i.name):
            if info.name in GAMES and info.name != game:
                continue
            mods.append(importlib.import_module(f"{solver_module.__name__}.{info.name}"))
    cls = game_class(game)
    if any(h in vars(k) for k in cls.__mro__ if k is not Game and issubclass(k, Game) for h in SOLVER_HOOKS):
        mods.append(inspect.getmodule(cls))  # type: ignore[arg-type]
    return mods


def _base_hooks() -> str:
    """The base class's own solver hooks (their defaults), while ``Game`` still defines them."""
    parts = []
    for name in SOLVER_HOOKS:
        value = vars(Game).get(name)
        if callable(value):
            parts.append(_bare(inspect.cleandoc("\n" + inspect.getsource(value))))
        elif value is not None:
            parts.append(f"{name}={value!r}")
    return "\n".join(parts)


def solver_code(game: str) -> str:
    """A hash of the code that decides ``game``'s deals (docstrings and comments aside) and of how
    :func:`solver_behaviour` watches it, so that no edit can be forgotten the way a hand-kept
    constant can."""
    text = "\n".join([*(code(m) for m in _solver_modules(game)), _base_hooks(),
                      f"watched {SOLVER_DEALS} {ROOT_STATES} {LINE_STATES}"])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: The solver is watched on these deals of every reading: from the deal on :data:`ROOT_STATES`
#: states, and from half way and three quarters along the blind player's line on :data:`LINE_STATES`
#: (the late passes and end games a short search from the deal never reaches).
SOLVER_DEALS = (1, 2, 3, 4)
ROOT_STATES = 2000
LINE_STATES = 1500


def solver_behaviour(game: str) -> str:
    """What the solver of ``game`` does, hashed: its verdict, states spent, deciding strategy, best
    progress and line from the fixed positions of every reading of the edition's table (see
    :data:`SOLVER_DEALS`), and the values of its modules' constants (caches and shares that only a
    long search reaches). The same code always gives the same hash: a solve spends states, not time.
    """
    from .solver import solve
    from .stats import readings

    h = hashlib.sha256()
    for m in _solver_modules(game):
        consts = sorted((k, repr(v)) for k, v in vars(m).items()
                        if k.isupper() and isinstance(v, (int, float, str, tuple, frozenset)))
        h.update(f"{m.__name__} {consts}\n".encode())
    for options in readings(game):
        for deal in SOLVER_DEALS:
            g = game_class(game)(deal, **options)
            blind = g.clone()
            blind_play(blind)
            line = blind.moves
            for at, budget in ((0, ROOT_STATES), (len(line) // 2, LINE_STATES), (len(line) * 3 // 4, LINE_STATES)):
                start = g.clone()
                for move in line[:at]:
                    start.play(move)
                r = solve(start, budget_states=budget, budget_s=float("inf"))
                h.update(f"{options} {deal} {at} {r.verdict} {r.states} {r.strategy} {r.best_progress} "
                         f"{' '.join(map(_move, r.line))}\n".encode())
    return h.hexdigest()[:16]


_BEHAVIOUR: dict[tuple[str, str], str] = {}  # solver_behaviour by game and solver_code, for this process


def solver_version(game: str) -> str:
    """The version of the solver that decides ``game``'s deals: :func:`solver_behaviour`, so that a
    refactor that plays every solve the same keeps it (and the committed rows it decided). It costs
    up to a minute to watch; the committed table records it with the :func:`solver_code` it was
    watched under, so while the code is unchanged it is read from there."""
    from .stats import committed

    now = solver_code(game)
    known = _BEHAVIOUR.get((game, now))
    if known is None:
        try:
            table = committed(game)
        except FileNotFoundError:
            table = {}
        known = table["solver"] if table.get("solver_code") == now else solver_behaviour(game)
        _BEHAVIOUR[(game, now)] = known
    return known
