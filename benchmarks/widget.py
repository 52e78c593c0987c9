"""The card table in a real browser: click-to-paint latency for every game, and autoplay's pace.

Starts a headless JupyterLab on 127.0.0.1 (a temporary folder), opens a notebook with one
table per game (each at a deal whose random line is long enough, the line loaded) in Debian's
Chromium, and for every game

* plays the line by hand: pointer events on the card, then on its destination (a move of two
  cards: on both cards; other moves through the Step button), and reads, for every move made
  by clicking, the time from the click's event to the frame that shows the move (measured in
  the page: the event's time stamp to a task queued from the next animation frame, i.e. once
  that frame is painted); target p95 <= 100 ms. The table shows a move at the click (and a
  press of Step where one move is legal), where the engine said its cards will lie; the time
  to the kernel's new position drawn (a round trip through the Jupyter server and the kernel
  later) is printed beside it;
* with ``--autoplay``, lets autoplay run at 4/s and at "max" and reports the moves per second.

``--busy N`` keeps N cores busy (a spinning Python process each) while measuring, for the
figures "with one core busy"; the load average is printed either way (the machine may be shared).

Usage: ``python benchmarks/widget.py [--games braid,clock] [--clicks 30] [--busy 1] [--autoplay]``.
Needs /usr/bin/chromium (never ``playwright install``).
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))

from labserver import CHROMIUM, CHROMIUM_ARGS, lab_server, run_all, wait_kernel_idle  # noqa: E402

import pasyans  # noqa: E402

LINE_CODE = '''
import random
import pasyans


def line_for(gid, deal, seed=1, limit=600):
    """The deal laid out, then a random line preferring moves of one card (clickable)."""
    g = pasyans.new_game(gid, deal)
    g.advance()
    if g.status != "playing":  # a game of compulsory moves only: play them by hand
        g = pasyans.new_game(gid, deal)
    start = g.clone()
    rng = random.Random(seed)
    line = []
    while g.status == "playing" and len(line) < limit:
        legal = g.legal_moves()
        singles = [m for m in legal if len(m.steps) == 1]
        m = rng.choice(singles or legal)
        g.play(m)
        line.append(m)
    return start, line
'''


def pick_deal(ns: dict, gid: str, want: int) -> int:
    """The first deal whose random line is long enough to measure."""
    best = (0, 1)
    for deal in range(1, 40):
        _, line = ns["line_for"](gid, deal)
        best = max(best, (len(line), deal))
        if len(line) >= want:
            return deal
    return best[1]


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def loadavg() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


CLICK_JS = """(r, [src, i, dst]) => {
  const tap = (e) => { for (const t of ["pointerdown", "pointerup"])
    e.dispatchEvent(new PointerEvent(t, {bubbles: true, button: 0, pointerId: 1, isPrimary: true})); };
  tap(r.querySelector(`.pz-card[data-pile="${src}"][data-index="${i}"]`));
  const on = r.querySelectorAll(`.pz-card[data-pile="${dst}"]`);
  tap(on.length ? on[on.length - 1] : r.querySelector(`.pz-slot[data-pile="${dst}"]`));
}"""


PAIR_JS = """(r, [s1, i1, s2, i2]) => {
  const tap = (e) => { for (const t of ["pointerdown", "pointerup"])
    e.dispatchEvent(new PointerEvent(t, {bubbles: true, button: 0, pointerId: 1, isPrimary: true})); };
  tap(r.querySelector(`.pz-card[data-pile="${s1}"][data-index="${i1}"]`));
  tap(r.querySelector(`.pz-card[data-pile="${s2}"][data-index="${i2}"]`));
}"""


def _top(g, c, pile) -> int:
    cards = g.piles[pile].cards
    return max(k for k, x in enumerate(cards) if x == c)


def _visible_top(g, c, pile) -> bool:
    from pasyans.widgets.geometry import placements
    i = _top(g, c, pile)
    return any(p.pile == pile and p.index == i and p.visible for p in placements(g.layout(), g.piles))


def play_by_hand(page, root, start, line, n: int) -> tuple[list[float], list[float], list[str]]:
    """Play ``n`` moves of the line; the click-to-paint times of the move shown at the click
    (its card where the engine said it will lie) and of the kernel's new position drawn."""
    g = start.clone()
    kinds = []
    before = root.evaluate("r => [r.pzStats.latency.length, r.pzStats.ahead.length]")
    for m in line[:n]:
        seq = root.get_attribute("data-seq")
        if len(m.steps) == 1:
            c, s, d = m.steps[0]
            cards_s = g.piles[s].cards
            i = max(k for k, x in enumerate(cards_s) if x == c)
            # the reader's two clicks, as pointer events on the card and on the destination (a card
            # half covered by the next one of its fan may not be clickable at its centre)
            root.evaluate(CLICK_JS, [s, i, d])
            kinds.append("card")
        elif len(m.steps) == 2 and all(_visible_top(g, c, src) for c, src, _ in m.steps):
            # a move of two cards: click both (the table plays it when they make one legal move)
            (c1, s1, _), (c2, s2, _) = m.steps
            root.evaluate(PAIR_JS, [s1, _top(g, c1, s1), s2, _top(g, c2, s2)])
            if root.locator(".pz-chooser").is_visible():
                root.locator(".pz-chooser .pz-cancel").click()
                root.locator(".pz-step").click()
                kinds.append("step")
            else:
                kinds.append("card")
        else:
            root.locator(".pz-step").click()
            kinds.append("step")
        page.wait_for_function("([r, s]) => r.dataset.seq !== s && r.dataset.renders", arg=[root.element_handle(), seq])
        g.play(m)
    page.wait_for_timeout(300)
    lat = root.evaluate(f"r => r.pzStats.latency.slice({before[0]})")
    shown = root.evaluate(f"r => r.pzStats.ahead.slice({before[1]})")
    return lat, shown, kinds


def autoplay_rate(page, root, speed: str, seconds: float) -> float | None:
    root.locator("select.pz-speed").select_option(speed)
    before = root.evaluate("r => r.pzStats.frames.length")
    root.locator(".pz-auto").click()
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end:
        page.wait_for_timeout(200)
        if root.locator(".pz-auto").get_attribute("aria-pressed") != "true":
            break
    if root.locator(".pz-auto").get_attribute("aria-pressed") == "true":
        root.locator(".pz-auto").click()
    frames = root.evaluate(f"r => r.pzStats.frames.slice({before})")
    if len(frames) < 3:
        return None
    span = (frames[-1] - frames[0]) / 1000
    return (len(frames) - 1) / span if span > 0 else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(pasyans.GAMES), help="comma-separated game ids (default: all)")
    ap.add_argument("--clicks", type=int, default=30, help="moves played by hand per game")
    ap.add_argument("--busy", type=int, default=0, help="cores kept busy while measuring")
    ap.add_argument("--autoplay", action="store_true", help="also measure autoplay at 4/s and max")
    ap.add_argument("--width", type=int, default=1400, help="browser window width (px)")
    args = ap.parse_args()
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    games = [g for g in args.games.split(",") if g]
    ns: dict = {}
    exec(LINE_CODE, ns)
    plan = {}
    for gid in games:
        deal = pick_deal(ns, gid, args.clicks + 25)
        start, line = ns["line_for"](gid, deal)
        plan[gid] = (deal, start, line)

    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        with tempfile.TemporaryDirectory(prefix="pasyans-bench-") as tmp:
            src = Path(tmp) / "files"
            src.mkdir()
            (src / "bench_line.py").write_text(LINE_CODE)
            cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                      "source": "from pasyans.widgets import Table\nfrom bench_line import line_for\ntables = {}"}]
            for gid in games:
                cells.append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                              "source": textwrap.dedent(f"""\
                                start, line = line_for({gid!r}, {plan[gid][0]})
                                t = tables[{gid!r}] = Table(start)
                                t.load_line(line)
                                t""")})
            nb = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
                  "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
            (src / "bench.ipynb").write_text(json.dumps(nb))
            with lab_server(Path(tmp) / "home", src) as server, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": args.width, "height": 1000})
                page.set_default_timeout(60_000)
                page.goto(f"{server['base']}/lab/tree/bench.ipynb?token={server['token']}&reset")
                run_all(page)
                page.wait_for_function("n => document.querySelectorAll('.pasyans').length >= n", arg=len(games),
                                       timeout=180_000)
                wait_kernel_idle(page)
                print(f"Chromium {browser.version}, window {args.width}x1000, {args.clicks} moves by hand per game, "
                      f"{args.busy} core(s) kept busy; load average at start {loadavg()}")
                print("click -> paint of the move (ms): median, p95, max; then click -> the kernel's new position "
                      "drawn (median, p95); the redraw's own time (p95) and a message's round trip through the "
                      "kernel (median)")
                print(f"{'game':16} {'deal':>4} {'cards':>5} {'KB/view':>7} {'clicks':>6} {'median':>7} {'p95':>7} "
                      f"{'max':>7} {'kmedian':>7} {'kp95':>7} {'draw p95':>8} {'kernel rtt':>10}  target p95<=100")
                worst = 0.0
                for k, gid in enumerate(games):
                    deal, start, line = plan[gid]
                    root = page.locator(".pasyans").nth(k)
                    root.scroll_into_view_if_needed()
                    page.wait_for_function("r => r.querySelector('.pz-card')", arg=root.element_handle())
                    n = min(args.clicks, len(line))
                    lat, shown, kinds = play_by_hand(page, root, start, line, n)
                    card_lat = [x for x, kd in zip(lat[-len(kinds):], kinds) if kd == "card"] or lat
                    shown = shown or card_lat
                    if not shown:
                        print(f"{gid:16} no move measured ({len(kinds)} moves: {kinds.count('card')} by clicking)")
                        continue
                    draw = root.evaluate("r => r.pzStats.draw.slice(-40)")
                    rtt = root.evaluate("r => r.pzStats.replies.slice(-40)")
                    kb = root.evaluate("r => r.pzStats.viewBytes || 0") / 1024
                    measures = root.evaluate("r => r.pzStats.measures || 0")
                    ncards = root.locator(".pz-card").count()
                    p95 = pct(shown, 0.95)
                    worst = max(worst, p95)
                    print(f"{gid:16} {deal:>4} {ncards:>5} {kb:>7.1f} {len(shown):>6} {statistics.median(shown):>7.1f} "
                          f"{p95:>7.1f} {max(shown):>7.1f} {statistics.median(card_lat):>7.1f} "
                          f"{pct(card_lat, 0.95):>7.1f} "
                          f"{pct(draw, 0.95):>8.1f} {statistics.median(rtt):>10.1f}  "
                          f"{'met' if p95 <= 100 else 'MISSED'}  ({measures} layout fits)", flush=True)
                    if args.autoplay:
                        rates = {s: autoplay_rate(page, root, s, 5.0) for s in ("4", "max")}
                        print(f"{'':16} autoplay: " + ", ".join(
                            f"{s}/s -> {r:.1f} moves/s" if r else f"{s}: too few moves" for s, r in rates.items()))
                print(f"worst p95 {worst:.1f} ms (target <= 100 ms: {'met' if worst <= 100 else 'MISSED'}); "
                      f"load average at the end {loadavg()}")
                browser.close()
    finally:
        for p in busy:
            p.send_signal(signal.SIGTERM)
            p.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
