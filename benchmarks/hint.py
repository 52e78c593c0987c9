"""How long ``pasyans.hint`` takes on the positions along every notebook's line.

Each game notebook solves one deal (``pasyans.new_game(GAME, deal=N)`` and
``pasyans.solve(game, budget_states=B)``, both read from the notebook itself) and shows its
winning line, or the line to the furthest position reached. The benchmark asks for a hint at
every ``--every``-th position of that line (the deal and its last position included) and prints,
per game, the positions asked, the median, p95 and worst CPU seconds, and how many hints were
winning moves; the goal is a p95 of at most 2 s.

Usage: ``python benchmarks/hint.py [--every 5] [--games braid,clock]``.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pasyans  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
DEAL = re.compile(r'game = pasyans\.new_game\("(\w+)", deal=(\d+)\)')
BUDGET = re.compile(r"pasyans\.solve\(game, budget_states=(\d+)\)")


def notebook_line(gid: str) -> tuple[pasyans.Game, list]:
    """The deal and the line the game's notebook shows."""
    code = "\n".join(c.source for c in nbformat.read(NOTEBOOKS / f"{gid}.ipynb", as_version=4).cells
                     if c.cell_type == "code")
    deal, budget = DEAL.search(code), BUDGET.search(code)
    if deal is None or budget is None or deal.group(1) != gid:
        raise SystemExit(f"{gid}.ipynb: no `game = pasyans.new_game(...)` / `pasyans.solve(game, budget_states=...)`")
    game = pasyans.new_game(gid, deal=int(deal.group(2)))
    res = pasyans.solve(game, budget_states=int(budget.group(1)))
    return game, res.line or res.best


def p95(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=5, help="ask at every N-th position of the line")
    ap.add_argument("--games", default=",".join(pasyans.GAMES))
    a = ap.parse_args()
    print(f"{'game':16} {'asked':>6} {'median s':>9} {'p95 s':>7} {'worst s':>8} {'winning':>8}")
    worst = 0.0
    for gid in a.games.split(","):
        game, line = notebook_line(gid)
        g = game.clone()
        times, winning = [], 0
        for i in range(len(line) + 1):
            if (i % a.every == 0 or i == len(line)) and g.status == "playing":
                t0 = time.process_time()
                h = pasyans.hint(g)
                times.append(time.process_time() - t0)
                winning += h.kind == "winning"
            if i < len(line):
                g.play(line[i])
        worst = max(worst, p95(times))
        med, top = statistics.median(times), max(times)
        print(f"{gid:16} {len(times):6} {med:9.3f} {p95(times):7.3f} {top:8.3f} {winning:8}", flush=True)
    print(f"{'worst p95':16} {'':6} {'':9} {worst:7.3f}   (goal: at most 2 s)")


if __name__ == "__main__":
    main()
