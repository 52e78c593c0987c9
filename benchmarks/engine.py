"""Random-playout speed of the engine: moves per second for each game, and the median.

Each playout starts a new deal, plays a uniformly random legal move until the game ends, and
counts the moves; the figure includes move generation, legality checks, the repeat filter and
undo bookkeeping, as a player through the public API would pay them.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pasyans  # noqa: E402
from pasyans.rng import Rng  # noqa: E402


def playout_rate(gid: str, seconds: float = 2.0) -> tuple[float, int]:
    rng = Rng(12345)
    moves = 0
    deal = 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = pasyans.new_game(gid, deal=deal)
        while g.status == "playing":
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
            moves += 1
        deal += 1
    return moves / (time.perf_counter() - start), deal - 1


def main() -> None:
    rates = {}
    print(f"{'game':16} {'moves/s':>10} {'deals':>6}")
    for gid in pasyans.GAMES:
        rate, deals = playout_rate(gid)
        rates[gid] = rate
        print(f"{gid:16} {rate:10,.0f} {deals:6}")
    print(f"{'median':16} {statistics.median(rates.values()):10,.0f}   (target 100,000)")


if __name__ == "__main__":
    main()
