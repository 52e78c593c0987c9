"""Solver speed: states searched per second per game, the share of deals decided in 1 s / 10 s,
and the share of deals won by each strategy of the solver's portfolio.

Usage: ``python benchmarks/solver.py [--deals 200] [--first 1] [--jobs 2] [--states 200000] [--games braid,clock]
[--readings] [--option name=value ...]``.
A deal counts as decided when the solver returns ``won`` or ``lost`` (not ``unknown``) within the
time, under the solver's default state budget (``--states``): the probe and the other move orders
of a game take their shares of that budget, as when a reader calls ``pasyans.solve(game)``; for
games slower than 20,000 states/s the 10 s cap binds first. Times are the
solver's CPU seconds (see ``pasyans.solve``), so the shares depend little on what else the machine
runs; states/s is states over those seconds, ``wall s`` the run's wall time, and the last column
the share of the deals won by each strategy (``Result.strategy``: ``blind``, a portfolio
strategy's name, ``search``), largest first.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pasyans  # noqa: E402
from pasyans.registry import game_class  # noqa: E402
from pasyans.solver import DEFAULT_STATES, solve  # noqa: E402


def run(args: tuple[str, int, dict, int]) -> tuple[str, int, float, str]:
    gid, deal, opts, states = args
    res = solve(pasyans.new_game(gid, deal, **opts), budget_states=states, budget_s=10.0)
    return res.verdict, res.states, res.seconds, res.strategy


def readings(gid: str) -> list[dict]:
    out = [{}]
    for o in pasyans.options(gid):
        out += [{o.name: c} for c in o.choices if c != o.default]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200, help="how many deals")
    ap.add_argument("--first", type=int, default=1, help="the first deal")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--states", type=int, default=DEFAULT_STATES, help="the state budget per deal")
    ap.add_argument("--games", default=",".join(pasyans.GAMES))
    ap.add_argument("--readings", action="store_true", help="every single-option deviation too")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="measure this reading only (repeatable; as on the command line)")
    a = ap.parse_args()
    print(f"{'game':16} {'reading':26} {'states/s':>10} {'≤1 s':>7} {'≤10 s':>7} {'won':>6} {'wall s':>7}  won by")
    with ProcessPoolExecutor(a.jobs) as pool:
        for gid in a.games.split(","):
            given = dict(o.split("=", 1) for o in a.option)
            full = game_class(gid).resolve_options(given)
            chosen = {k: full[k] for k in given}
            for opts in (readings(gid) if a.readings else [chosen]):
                t0 = time.perf_counter()
                rows = list(pool.map(run, [(gid, d, opts, a.states) for d in range(a.first, a.first + a.deals)]))
                states = sum(r[1] for r in rows)
                secs = sum(r[2] for r in rows) or 1e-9
                d1 = sum(r[0] != "unknown" and r[2] <= 1 for r in rows) / len(rows)
                d10 = sum(r[0] != "unknown" and r[2] <= 10 for r in rows) / len(rows)
                won = sum(r[0] == "won" for r in rows) / len(rows)
                by = Counter(r[3] for r in rows if r[0] == "won")
                won_by = ", ".join(f"{k} {n / len(rows):.1%}" for k, n in by.most_common())
                name = ",".join(f"{k}={v}" for k, v in opts.items()) or "default"
                print(f"{gid:16} {name:26} {states / secs:10,.0f} {d1:7.1%} {d10:7.1%} {won:6.1%} "
                      f"{time.perf_counter() - t0:7.1f}  {won_by}", flush=True)


if __name__ == "__main__":
    main()
