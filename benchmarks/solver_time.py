"""Where a solve's time goes: the share of the solver's time spent on each question it asks of the
game's rules and knowledge, on the deals the committed table leaves undecided (or on any deals).

Usage: ``python benchmarks/solver_time.py [--games octagon,parterre,braid] [--deals 5] [--first 1]
[--all] [--states 20000] [--option name=value ...]``.
Without ``--all`` the deals are the first ``--deals`` that the game's committed table
(``texts/stats/GAME.json``) leaves unknown under the reading: where the time goes where the
solver fails. Each deal is solved once, on ``--states`` states and no time cap, every question
timed at its outermost call (a question asked inside another counts for the outer one):

* ``moves``: the rules' legal moves (``_generate``);
* ``play``: playing a move, taking it back, snapshots (the rules' and the knowledge's);
* ``key``: the position's key with symmetries folded (``canonical_key``);
* ``dead``: the dead-position test (``hopeless``);
* ``order``: safe moves and the move order (``safe_move``, ``ordered``);
* ``cost``: a best-first search's cost;
* ``search``: the rest (the search's own loop, the budget, noting the furthest position).

The timers add to the time they measure (a few tenths of a microsecond a call), so ``states/s``
is lower than ``benchmarks/solver.py`` prints. The last column reads the committed table: the
share of its lost rows proved within 1,000 states (in the games whose losses are all proved at
once, the rest of the budget serves only to find wins).
"""
from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pasyans  # noqa: E402
from pasyans import stats  # noqa: E402
from pasyans.registry import game_class  # noqa: E402
from pasyans.solver import solve  # noqa: E402
from pasyans.solver.knowledge import Knowledge, knowledge_for  # noqa: E402

RULES = {"_generate": "moves", "_apply": "play", "_restore": "play", "_snapshot": "play"}
QUESTIONS = {"canonical_key": "key", "hopeless": "dead", "safe_move": "order", "ordered": "order",
             "cost": "cost", "play": "play", "back": "play"}
COLUMNS = ("moves", "play", "key", "dead", "order", "cost", "search")


class Clock:
    """Time spent per category, each call counted at its outermost timed frame."""

    def __init__(self) -> None:
        self.spent: Counter[str] = Counter()
        self.depth = 0

    def timed(self, what: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            if self.depth:
                return f(*args)
            self.depth = 1
            t = time.perf_counter()
            try:
                return f(*args)
            finally:
                self.spent[what] += time.perf_counter() - t
                self.depth = 0
        return call

    def knowledge(self, k: Knowledge[Any]) -> Knowledge[Any]:
        """``k`` with its questions timed, and its portfolio's streamliners made timed too."""
        for name, what in QUESTIONS.items():
            setattr(k, name, self.timed(what, getattr(k, name)))
        plan = k.portfolio

        def portfolio(g: Any) -> tuple:
            return tuple(st if st.streamline is None else dataclasses.replace(
                st, streamline=lambda inner, make=st.streamline: self.knowledge(make(inner))) for st in plan(g))
        k.portfolio = portfolio  # type: ignore[method-assign]
        return k


def undecided(gid: str, opts: dict[str, Any]) -> tuple[list[int], float | None]:
    """The deals the committed table leaves unknown under ``opts`` (all options), in order, and
    the share of its lost rows proved within 1,000 states (None without a table or a loss)."""
    path = ROOT / "texts" / "stats" / f"{gid}.json"
    if not path.exists():
        return [], None
    for run in stats.load_runs(path)["runs"]:
        if run["options"] == opts:
            rows = run["per_deal"]
            lost = [r["states"] for r in rows if r["solver"] == "lost"]
            early = sum(n <= 1000 for n in lost) / len(lost) if lost else None
            return [r["deal"] for r in rows if r["solver"] in ("unknown", "timeout")], early
    return [], None


def measure(gid: str, deals: list[int], opts: dict[str, Any], states: int) -> tuple[float, dict[str, float]]:
    """States/s over ``deals`` and the share of time of each column."""
    cls = game_class(gid)
    clock = Clock()
    saved = {name: getattr(cls, name) for name in RULES}
    for name, what in RULES.items():
        setattr(cls, name, clock.timed(what, saved[name]))
    total = 0.0
    searched = 0
    try:
        for d in deals:
            g = pasyans.new_game(gid, d, **opts)
            k = clock.knowledge(knowledge_for(g))
            t = time.perf_counter()
            res = solve(g, budget_states=states, budget_s=1e9, knowledge=k)
            total += time.perf_counter() - t
            searched += res.states
    finally:
        for name, f in saved.items():
            setattr(cls, name, f)
    spent = dict(clock.spent)
    spent["search"] = total - sum(spent.values())
    return searched / (total or 1e-9), {c: spent.get(c, 0.0) / (total or 1e-9) for c in COLUMNS}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="octagon,parterre,braid")
    ap.add_argument("--deals", type=int, default=5, help="how many deals")
    ap.add_argument("--first", type=int, default=1, help="with --all: the first deal")
    ap.add_argument("--all", action="store_true", help="every deal from --first, not only undecided ones")
    ap.add_argument("--states", type=int, default=20000, help="the state budget per deal")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="this reading (repeatable; as on the command line)")
    a = ap.parse_args()
    print(f"{'game':16} {'reading':22} {'deals':>18} {'states/s':>9} "
          + " ".join(f"{c:>6}" for c in COLUMNS) + f" {'lost ≤1k':>9}")
    for gid in a.games.split(","):
        given = dict(o.split("=", 1) for o in a.option)
        full = game_class(gid).resolve_options(given)
        left, early = undecided(gid, full)
        deals = list(range(a.first, a.first + a.deals)) if a.all else left[:a.deals]
        name = ",".join(f"{k}={full[k]}" for k in given) or "default"
        if not deals:
            print(f"{gid:16} {name:22} no undecided deal in the committed table")
            continue
        rate, shares = measure(gid, deals, full, a.states)
        shown = ",".join(map(str, deals))
        print(f"{gid:16} {name:22} {shown:>18} {rate:9,.0f} " + " ".join(f"{shares[c]:6.1%}" for c in COLUMNS)
              + f" {'' if early is None else f'{early:.0%}':>9}", flush=True)


if __name__ == "__main__":
    main()
