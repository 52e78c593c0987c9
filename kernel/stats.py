"""How often does each game come out? Win rates over ranges of deals, for two kinds of player.

* The **thoughtful** player is the solver (:func:`pasyans.solve`): it knows every card, so its
  rate is an upper bound; each deal is ``won``, ``lost`` or ``unknown`` (budget spent). Its true
  rate lies between the share won and the share won or unknown.
* The **blind** player (:mod:`pasyans.players`) sees only what the rules show and follows a
  fixed policy, never undoing.

Every run records what it was computed under (:mod:`pasyans.fingerprint`): ``rules``, the
behavioural fingerprint of its reading (a change invalidates the run: it is recomputed whole);
``blind_policy``, the blind player's (its column is replayed); and, deal by deal, the solver
version that decided it (behavioural too, :func:`.fingerprint.solver_version`: a refactor of the
solver that searches the same keeps its rows). A ``won`` row is a fact (its line replays) and a
``lost`` row a proof, so a new solver does not invalidate them: :func:`refresh` re-solves only
the ``unknown`` rows and re-proves a fixed sample of the decided ones, failing loudly on any flip.
"""
from __future__ import annotations

import csv
import json
import math
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from . import __version__
from . import fingerprint as fp
from .atomic import write_atomic, write_text
from .errors import PasyansError
from .fingerprint import solver_version
from .players import blind_play
from .registry import game_class, new_game
from .solver import solve

DEFAULT_BUDGET = 50_000


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bounds(player: dict[str, Any]) -> tuple[float, float]:
    """The 95% bounds of a player's true win rate in a run (its ``thoughtful`` or ``blind`` part):
    the Wilson lower bound of the share won and the Wilson upper bound of the share won or
    unknown, since an unknown deal may be either."""
    n, won = player["n"], player["won"]["count"]
    return wilson(won, n)[0], wilson(won + player["unknown"]["count"], n)[1]


class SoundnessError(PasyansError):
    """A new solver contradicts a committed verdict: a proved loss it wins, or a won deal it
    proves lost. One of the two solvers is unsound; the table is left as it was."""


def readings(game: str) -> list[dict[str, Any]]:
    """The readings of the edition's table for ``game``: the defaults, then each single-option
    deviation, every one with all options filled in."""
    cls = game_class(game)
    return [cls.resolve_options({})] + [cls.resolve_options({o.name: c}) for o in cls.OPTIONS
                                        for c in o.choices if c != o.default]


def fingerprint(game: str) -> str:
    """The behavioural fingerprint of the edition's table for ``game``: that of each reading."""
    return fp.table_rules([fp.rules(game, o) for o in readings(game)])


@dataclass
class DealResult:
    deal: int
    solver: str
    states: int
    seconds: float
    blind: str
    line_length: int
    by: str = ""  # the version of the solver that decided the deal


def one_deal(game: str, deal: int, options: dict[str, Any], budget_states: int, budget_s: float,
             blind: bool = True) -> DealResult:
    """Both players on one deal, or only the solver (a top-level function, so worker processes
    can run it)."""
    g = new_game(game, deal, **options)
    res = solve(g, budget_states=budget_states, budget_s=budget_s)
    verdict = "timeout" if res.cut_by_time else res.verdict
    played = blind_play(new_game(game, deal, **options)) if blind else ""
    return DealResult(deal, verdict, res.states, round(res.seconds, 4), played, len(res.line))


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
    """The JSON-ready table of one run (rows without a solver version were decided by today's)."""
    version = solver_version(game)
    results = sorted(results, key=lambda r: r.deal)
    for r in results:
        r.by = r.by or version
    return {
        "game": game, "options": game_class(game).resolve_options(options),
        "deals": [deals.start, deals.stop - 1], "budget_states": budget_states,
        "version": __version__, "rules": fp.rules(game, options), "blind_policy": fp.blind(game, options),
        "solver": version, "thoughtful": _shares(results, "solver"), "blind": _shares(results, "blind"),
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
    results = _run(args, f"{game}", jobs, scheduler, progress)
    return summarise(game, options, deals, budget_states, results)


def _run(args: list[tuple], desc: str, jobs: int | None, scheduler: Any, progress: bool) -> list[DealResult]:
    """:func:`one_deal` on each argument tuple: locally, in ``jobs`` processes, or on Dask."""
    bar = _bar(len(args), desc, progress)
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
    elif (jobs or os.cpu_count() or 1) == 1 or len(args) <= 1:
        for a in args:
            results.append(one_deal(*a))
            bar.update(1)
    else:
        with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
            for r in pool.map(_star, args, chunksize=4):
                results.append(r)
                bar.update(1)
    bar.close()
    return results


def _star(a: tuple) -> DealResult:
    return one_deal(*a)


def _bar(total: int, desc: str, enabled: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="deal", disable=not enabled, leave=False)


def campaign(game: str, default_deals: range = range(1, 1001), deviation_deals: range = range(1, 301),
             budget_states: int = DEFAULT_BUDGET, budget_s: float = 10.0, jobs: int | None = None,
             scheduler: str | None = None, progress: bool = True) -> dict[str, Any]:
    """The edition's table for ``game``: the default readings, then each single-option deviation."""
    runs = [stats(game, deals, options, budget_states, budget_s, jobs, scheduler, progress)
            for options, deals in _plan(game, default_deals, deviation_deals)]
    return _table(game, runs)


def _plan(game: str, default_deals: range, deviation_deals: range) -> list[tuple[dict[str, Any], range]]:
    return [(o, default_deals if i == 0 else deviation_deals) for i, o in enumerate(readings(game))]


def _table(game: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {"game": game, "rules": fp.table_rules([r["rules"] for r in runs]), "solver": solver_version(game),
            "solver_code": fp.solver_code(game), "version": __version__, "runs": runs}


#: How many decided rows of each kind a new solver proves again in :func:`refresh`.
REPROVE_LOST = 10
REPROVE_WON = 5


def refresh(game: str, path: str | Path, default_deals: range = range(1, 1001),
            deviation_deals: range = range(1, 301), budget_states: int = DEFAULT_BUDGET, budget_s: float = 10.0,
            jobs: int | None = None, scheduler: Any = None, progress: bool = True,
            log: Callable[[str], None] = print, retry_capped: bool = False) -> dict[str, Any]:
    """The edition's table for ``game`` brought up to date from the one saved at ``path``, with
    no more work than the change needs, run by run:

    * a new reading, other deals or a smaller budget, or rules that play differently (the run's
      behavioural fingerprint): the run is computed whole;
    * a new solver: the ``unknown`` rows it has not tried are solved again, and a fixed sample of
      the ``lost`` and ``won`` rows proved again; a flip (lost to won, won to lost) raises
      :class:`SoundnessError` and nothing is saved; a re-proof that only runs out of budget keeps
      the old verdict (a fact or a proof stands);
    * a larger budget: every ``unknown`` row is solved again at it, with the same sample of
      re-proofs (a won row is a line that replays and a lost row a proof at any budget, so only
      the unknown ones can gain); the run then records the larger budget;
    * a new blind player: its column is played again;
    * with ``retry_capped``, the rows today's solver left to the time cap are solved again too:
      the cap depends on the machine, so an idle or faster one may decide them.

    The caller saves the table returned (:func:`save`).
    """
    path = Path(path)
    old = {_key(r["options"]): r for r in load_runs(path)["runs"]} if path.exists() else {}
    runs = []
    for options, deals in _plan(game, default_deals, deviation_deals):
        run = old.get(_key(options))
        label = _key({k: v for k, v in options.items() if game_class(game).resolve_options({})[k] != v}) \
            if options != readings(game)[0] else "default"
        why = ("a new reading" if run is None else
               "other deals" if run["deals"] != [deals.start, deals.stop - 1] else
               "a smaller budget" if run["budget_states"] > budget_states else
               "the rules changed" if run["rules"] != fp.rules(game, options) else None)
        if why:
            log(f"{game} {label}: {why}: computed whole")
            runs.append(stats(game, deals, options, budget_states, budget_s, jobs, scheduler, progress))
        else:
            assert run is not None
            runs.append(_update(game, run, deals, budget_states, budget_s, jobs, scheduler, progress,
                                f"{game} {label}", log, retry_capped))
    return _table(game, runs)


def _key(options: dict[str, Any]) -> str:
    return json.dumps(options, ensure_ascii=False, sort_keys=True)


def _sample(deals: list[int], k: int) -> list[int]:
    """``k`` of ``deals`` evenly spaced (all of them when there are no more)."""
    return deals if len(deals) <= k else [deals[i * len(deals) // k] for i in range(k)]


def _update(game: str, run: dict[str, Any], deals: range, budget: int, budget_s: float, jobs: int | None,
            scheduler: Any, progress: bool, label: str, log: Callable[[str], None],
            retry_capped: bool = False) -> dict[str, Any]:
    """One run under unchanged rules brought up to today's solver, ``budget`` (no smaller than the
    run's) and blind player; with ``retry_capped``, today's time-capped rows solved again."""
    options = run["options"]
    version = solver_version(game)
    rows = {r["deal"]: DealResult(**r) for r in run["per_deal"]}
    larger = budget > run["budget_states"]
    current = not larger and run.get("solver") == version  # brought up to this solver and budget
    older = [] if current else list(rows.values()) if larger else [r for r in rows.values() if r.by != version]
    unknown = [r.deal for r in older if r.solver in ("unknown", "timeout")]
    lost = _sample([r.deal for r in older if r.solver == "lost"], REPROVE_LOST)
    won = _sample([r.deal for r in older if r.solver == "won"], REPROVE_WON)
    capped = [r.deal for r in rows.values() if retry_capped and current and r.solver == "timeout"]
    if larger:
        log(f"{label}: the budget grows from {run['budget_states']:,} to {budget:,} states")
    if not current or capped:
        args = [(game, d, options, budget, budget_s, False) for d in unknown + capped + lost + won]
        flips, gained = [], 0
        for new in _run(args, f"{game} re-solve", jobs, scheduler, progress):
            was = rows[new.deal]
            if {was.solver, new.solver} == {"won", "lost"}:
                flips.append(f"deal {new.deal}: {was.solver} ({was.by}), now {new.solver} ({version})")
            elif was.solver in ("unknown", "timeout") or new.solver == was.solver:
                gained += new.solver in ("won", "lost") and was.solver != new.solver
                rows[new.deal] = DealResult(new.deal, new.solver, new.states, new.seconds, was.blind,
                                            new.line_length, version)
        if flips:
            raise SoundnessError(f"{game} {options}: the solver {version} contradicts the table: " + "; ".join(flips))
        again = f"{len(unknown)} unknown" + (f" and {len(capped)} time-capped" if capped else "")
        log(f"{label}: solver {version}: {again} rows solved again ({gained} decided), "
            f"{len(lost)} lost and {len(won)} won rows proved again, no flip")
    if run.get("blind_policy") != fp.blind(game, options):
        for r in rows.values():
            r.blind = blind_play(new_game(game, r.deal, **options))
        log(f"{label}: the blind player changed: its column played again")
    return summarise(game, options, deals, budget, list(rows.values()))




def save(table: dict[str, Any], path: str | Path) -> Path:
    """Write a run or a campaign as JSON at ``path``, its per-deal rows as CSV beside it; a path
    ending in ``.csv`` gets the CSV alone. Each file is written whole or not at all.

    In the JSON each run keeps its verdicts compactly, one letter a deal (W won, L lost,
    U unknown: the state budget spent, T unknown: the time cap reached first) for the solver and
    the blind player, from its first deal on. Only W, L and U are the same on every machine.
    """
    path = Path(path)
    runs = table.get("runs", [table])

    def rows(f: IO[str]) -> None:
        w = csv.writer(f)
        w.writerow(["game", "options", "deal", "solver", "states", "seconds", "blind", "line_length"])
        for run in runs:
            opts = json.dumps(run["options"], ensure_ascii=False, sort_keys=True)
            for r in run["per_deal"]:
                w.writerow([run["game"], opts, r["deal"], r["solver"], r["states"], r["seconds"], r["blind"],
                            r["line_length"]])

    if path.suffix.lower() == ".csv":
        return write_atomic(path, rows, newline="")
    write_atomic(path.with_suffix(".csv"), rows, newline="")
    compact = [_compact(run) for run in runs]
    out = {**table, "runs": compact} if "runs" in table else compact[0]
    return write_text(path, json.dumps(out, ensure_ascii=False, indent=1) + "\n")


#: The digits of ``solver_by``: the index of a row's solver version in the run's ``solvers``.
_BY = "0123456789abcdefghijklmnopqrstuvwxyz"


def _compact(run: dict[str, Any]) -> dict[str, Any]:
    rows = run["per_deal"]
    out = {k: v for k, v in run.items() if k != "per_deal"}
    out["solver_verdicts"] = "".join(r["solver"][0].upper() for r in rows)
    out["blind_verdicts"] = "".join(r["blind"][0].upper() for r in rows)
    solvers = list(dict.fromkeys(r["by"] for r in rows))
    if len(solvers) > len(_BY):
        raise PasyansError(f"a run's rows come from {len(solvers)} solver versions: compute it whole")
    out["solvers"] = solvers
    out["solver_by"] = "".join(_BY[solvers.index(r["by"])] for r in rows)
    return out


def row_solver(run: dict[str, Any], i: int) -> str:
    """The version of the solver that decided the ``i``-th row of a saved run."""
    return run["solvers"][_BY.index(run["solver_by"][i])]


def load(path: str | Path) -> dict[str, Any]:
    """A saved table."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def load_runs(path: str | Path) -> dict[str, Any]:
    """A saved table with each run's rows read back from the CSV beside it (``per_deal``)."""
    path = Path(path)
    table = load(path)
    runs = table.get("runs", [table])
    rows: dict[str, list[dict[str, Any]]] = {}
    with path.with_suffix(".csv").open(newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            rows.setdefault(_key(json.loads(r["options"])), []).append(
                {"deal": int(r["deal"]), "solver": r["solver"], "states": int(r["states"]),
                 "seconds": float(r["seconds"]), "blind": r["blind"], "line_length": int(r["line_length"])})
    for run in runs:
        run["per_deal"] = rows[_key(run["options"])]
        for i, r in enumerate(run["per_deal"]):
            r["by"] = row_solver(run, i)
    return table


def record_solver_code(game: str, path: str | Path) -> bool:
    """Record today's solver code (:func:`.fingerprint.solver_code`) in the table saved at ``path``
    when today's solver does what the table's version names (its behaviour watched again): the
    version is then read from the table, not watched, until the code changes again. Nothing is
    written, and False returned, when it does otherwise: :func:`refresh` brings such a table up
    to date."""
    path = Path(path)
    table = load(path)
    code = fp.solver_code(game)
    if table.get("solver_code") == code:
        return True
    if fp.solver_behaviour(game) != table["solver"]:
        return False
    out: dict[str, Any] = {}
    for k, v in table.items():
        if k != "solver_code":
            out[k] = v
        if k == "solver":
            out["solver_code"] = code
    write_text(path, json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    return True


def committed(game: str) -> dict[str, Any]:
    """The edition's committed campaign for ``game`` (package data beside the texts)."""
    from .paths import edition_dir

    path = edition_dir() / "stats" / f"{game}.json"
    if not path.exists():
        raise FileNotFoundError(f"no committed statistics for {game!r} at {path}")
    return load(path)
