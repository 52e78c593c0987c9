"""How often does each game come out? Win rates over ranges of deals, for two kinds of player.

* The **thoughtful** player is the solver (:func:`pasyans.solve`): it knows every card, so its
  rate is an upper bound; each deal is ``won``, ``lost`` or ``unknown`` (budget spent).
* The **blind** player (:mod:`pasyans.players`) sees only what the rules show and follows a
  fixed policy, never undoing.

Results carry their parameters and a fingerprint of the code they were computed under (the game's
module and rules version, and the core modules every verdict depends on), so a committed table can
be checked against the engine that reads it.
"""
from __future__ import annotations

import ast
import csv
import hashlib
import inspect
import json
import math
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable

from . import __version__, cards, move, players, rng, solver
from . import game as game_module
from .game import Game
from .registry import game_class, new_game
from .players import blind_play
from .solver import KNOWLEDGE, solve
from .solver import knowledge as solver_knowledge
from .solver import search as solver_search

DEFAULT_BUDGET = 50_000


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


#: The core modules every verdict depends on: the deal, the engine, the two players.
_CORE = (rng, cards, move, game_module, players, solver, solver_search, solver_knowledge)


def _code(module: ModuleType) -> str:
    """A module's code without its prose: the syntax tree with comments and docstrings left out."""
    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def fingerprint(game: str) -> str:
    """A short hash of what a game's verdicts depend on: its rules version, the code of its rules and
    knowledge modules and the core's (deal, engine, players, search). Comments and docstrings do not count."""
    cls = game_class(game)
    own = [inspect.getmodule(cls)] + ([inspect.getmodule(KNOWLEDGE[game])] if game in KNOWLEDGE else [])
    code = "\n".join(_code(m) for m in (*_CORE, *own))
    return hashlib.sha256(f"{cls.RULES_VERSION}\n{code}".encode()).hexdigest()[:16]


@dataclass
class DealResult:
    deal: int
    solver: str
    states: int
    seconds: float
    blind: str
    line_length: int


def one_deal(game: str, deal: int, options: dict[str, Any], budget_states: int, budget_s: float) -> DealResult:
    """Both players on one deal (a top-level function, so worker processes can run it)."""
    g = new_game(game, deal, **options)
    res = solve(g, budget_states=budget_states, budget_s=budget_s)
    blind = blind_play(new_game(game, deal, **options))
    verdict = "timeout" if res.cut_by_time else res.verdict
    return DealResult(deal, verdict, res.states, round(res.seconds, 4), blind, len(res.line))


def _shares(results: list[DealResult], attr: str) -> dict[str, Any]:
    n = len(results)
    out: dict[str, Any] = {"n": n}
    for verdict in ("won", "lost", "unknown"):
        k = sum(getattr(r, attr) in ((verdict, "timeout") if verdict == "unknown" else (verdict,)) for r in results)
        lo, hi = wilson(k, n)
        out[verdict] = {"count": k, "share": k / n if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)]}
    out["unknown"]["by_time_cap"] = sum(getattr(r, attr) == "timeout" for r in results)
    return out


def summarise(game: str, options: dict[str, Any], deals: range, budget_states: int,
              results: list[DealResult]) -> dict[str, Any]:
    """The JSON-ready table of one run."""
    results = sorted(results, key=lambda r: r.deal)
    return {
        "game": game, "options": game_class(game).resolve_options(options),
        "deals": [deals.start, deals.stop - 1], "budget_states": budget_states,
        "version": __version__, "rules": fingerprint(game),
        "thoughtful": _shares(results, "solver"), "blind": _shares(results, "blind"),
        "per_deal": [asdict(r) for r in results],
    }


def stats(game: str, deals: Iterable[int] = range(1, 101), options: dict[str, Any] | None = None,
          budget_states: int = DEFAULT_BUDGET, budget_s: float = 10.0, jobs: int | None = None,
          scheduler: str | None = None, progress: bool = True) -> dict[str, Any]:
    """Win rates of ``game`` under ``options`` over ``deals``, in parallel.

    ``jobs`` local processes (default: the machine's cores), or a Dask distributed cluster when
    ``scheduler`` is its address (``tcp://host:8786``) or a ``distributed.Client``.
    """
    options = dict(options or {})
    game_class(game).resolve_options(options)  # bad options fail here, before any work
    deals = range(deals.start, deals.stop) if isinstance(deals, range) else range(min(deals), max(deals) + 1)
    args = [(game, d, options, budget_states, budget_s) for d in deals]
    bar = _bar(len(args), f"{game}", progress)
    results: list[DealResult] = []
    if scheduler is not None:
        from distributed import Client, as_completed

        client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
        futures = [client.submit(one_deal, *a, pure=False) for a in args]
        for fut in as_completed(futures):
            results.append(fut.result())
            bar.update(1)
        if client is not scheduler:
            client.close()
    elif (jobs or os.cpu_count() or 1) == 1:
        for a in args:
            results.append(one_deal(*a))
            bar.update(1)
    else:
        with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
            for r in pool.map(_star, args, chunksize=4):
                results.append(r)
                bar.update(1)
    bar.close()
    return summarise(game, options, deals, budget_states, results)


def _star(a: tuple) -> DealResult:
    return one_deal(*a)


def _bar(total: int, desc: str, enabled: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="deal", disable=not enabled, leave=False)


def campaign(game: str, default_deals: range = range(1, 1001), deviation_deals: range = range(1, 301),
             budget_states: int = DEFAULT_BUDGET, budget_s: float = 10.0, jobs: int | None = None,
             scheduler: str | None = None, progress: bool = True) -> dict[str, Any]:
    """The edition's table for ``game``: the default readings, then each single-option deviation."""
    runs = [stats(game, default_deals, {}, budget_states, budget_s, jobs, scheduler, progress)]
    for opt in game_class(game).OPTIONS:
        for choice in opt.choices:
            if choice != opt.default:
                runs.append(stats(game, deviation_deals, {opt.name: choice}, budget_states, budget_s, jobs,
                                  scheduler, progress))
    return {"game": game, "rules": fingerprint(game), "version": __version__, "runs": runs}


def save(table: dict[str, Any], path: str | Path) -> Path:
    """Write a run or a campaign as JSON at ``path``, its per-deal rows as CSV beside it.

    In the JSON each run keeps its verdicts compactly, one letter a deal (W won, L lost,
    U unknown: the state budget spent, T unknown: the time cap reached first) for the solver and
    the blind player, from its first deal on. Only W, L and U are the same on every machine.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    runs = table["runs"] if "runs" in table else [table]
    with path.with_suffix(".csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "options", "deal", "solver", "states", "seconds", "blind", "line_length"])
        for run in runs:
            opts = json.dumps(run["options"], ensure_ascii=False, sort_keys=True)
            for r in run["per_deal"]:
                w.writerow([run["game"], opts, r["deal"], r["solver"], r["states"], r["seconds"], r["blind"],
                            r["line_length"]])
    compact = [_compact(run) for run in runs]
    out = {**table, "runs": compact} if "runs" in table else compact[0]
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def _compact(run: dict[str, Any]) -> dict[str, Any]:
    rows = run["per_deal"]
    out = {k: v for k, v in run.items() if k != "per_deal"}
    out["solver_verdicts"] = "".join(r["solver"][0].upper() for r in rows)
    out["blind_verdicts"] = "".join(r["blind"][0].upper() for r in rows)
    return out


def load(path: str | Path) -> dict[str, Any]:
    """A saved table."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def committed(game: str) -> dict[str, Any]:
    """The edition's committed campaign for ``game`` (package data beside the texts)."""
    from .paths import edition_dir

    path = edition_dir() / "stats" / f"{game}.json"
    if not path.exists():
        raise FileNotFoundError(f"no committed statistics for {game!r} at {path}")
    return load(path)
