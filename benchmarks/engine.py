"""Random-playout speed of the engine: moves per second for each game, and the median.

Each playout starts a new deal, plays a uniformly random legal move until the game ends, and
counts the moves; the figure includes making the deal, move generation, legality checks, the
repeat filter and undo bookkeeping, as a player through the public API would pay them. The
random choice is Python's own generator (the benchmark's, not the engine's cost). Seconds are the
process's CPU seconds: on an idle machine the same as the clock's, on a busy one less misleading.

Usage: ``python benchmarks/engine.py [--seconds 2] [--games braid,clock]``.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pasyans  # noqa: E402


def playout_rate(gid: str, seconds: float = 2.0) -> tuple[float, int]:
    rng = random.Random(12345)
    moves = 0
    deal = 1
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = pasyans.new_game(gid, deal=deal)
        while g.status == "playing":
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
            moves += 1
        deal += 1
    return moves / (time.process_time() - start), deal - 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a game")
    ap.add_argument("--games", default=",".join(pasyans.GAMES))
    a = ap.parse_args()
    rates = {}
    print(f"{'game':16} {'moves/s':>10} {'deals':>6}")
    for gid in a.games.split(","):
        rate, deals = playout_rate(gid, a.seconds)
        rates[gid] = rate
        print(f"{gid:16} {rate:10,.0f} {deals:6}")
    if len(rates) > 1:
        print(f"{'median':16} {statistics.median(rates.values()):10,.0f}   (target 100,000)")


if __name__ == "__main__":
    main()
