"""The playing site in a real browser: how soon a table plays, how fast it answers, what it weighs.

Builds the site (``tools/play_site.py``) into a temporary folder, serves it on 127.0.0.1 with every
other request blocked, and prints

* the time until the first table is playable from a cold cache (a fresh browser profile: the
  navigation to the first card drawn, the engine started), and until its text shows;
* click→paint p95 for every game (the table's own measure, ``pzStats.latency``: the click on a
  card's destination or a move's button to the frame painted after the new position; the same
  measure as ``benchmarks/widget.py`` in JupyterLab; goal ≤ 100 ms), over ``--clicks`` moves, and
  where the time goes: the worker's round trip (intent posted to reply handled, the redraw
  included), Python's share of it (``Session.handle`` and the JSON, timed in the worker) and the
  table's redraw (``pzStats.draw``);
* the site's total size and what it is made of;
* random moves per second in the page (Pyodide on the page's thread) against the same code here.

Usage: ``python benchmarks/site.py [--clicks 20] [--seconds 3] [--games braid clock ...]``
(``PASYANS_SITE=build/play`` measures a site built before instead of building one).
Needs /usr/bin/chromium and npm (for the pinned Pyodide, fetched once into build/).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests" / "browser"))

import play_site  # noqa: E402
from labserver import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitepage import PICK, built_site, click_move, offline, serving, view  # noqa: E402

import pasyans  # noqa: E402

RANDOM_MOVES = '''
import random
import time

import pasyans


def random_rate(gid, seconds):
    """Random legal moves per second on fresh deals of ``gid`` for about ``seconds``."""
    rng = random.Random(1)
    n, deal, t0 = 0, 1, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = pasyans.new_game(gid, deal)
        deal += 1
        while g.status == "playing" and time.perf_counter() - t0 < seconds:
            legal = g.legal_moves()
            if not legal:
                break
            g.play(rng.choice(legal))
            n += 1
    return n / (time.perf_counter() - t0)
'''


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def cold_start(ctx, base: str, first: str) -> None:
    """Print the time until the first table is playable, cold cache (a fresh context) and warm."""
    page = ctx.new_page()
    t0 = time.perf_counter()
    page.goto(f"{base}/{first}.html", wait_until="domcontentloaded")
    page.locator(".pz-pretext span.s").first.wait_for()
    text_s = time.perf_counter() - t0
    page.locator(".pasyans .pz-card, .pasyans .pz-slot").first.wait_for(timeout=180_000)
    ready_s = time.perf_counter() - t0
    engine_ms = page.evaluate("window.pzEngine.ms")
    python = page.evaluate("window.pzEngine.python")
    page.close()
    page = ctx.new_page()
    t0 = time.perf_counter()
    page.goto(f"{base}/{first}.html")
    page.locator(".pasyans .pz-card, .pasyans .pz-slot").first.wait_for(timeout=180_000)
    warm_s = time.perf_counter() - t0
    page.close()
    print(f"first table playable ({first}), cold cache: {ready_s:.1f} s (text shown at {text_s:.2f} s; "
          f"engine start in the worker {engine_ms / 1000:.1f} s, Pyodide {python}); "
          f"warm cache: {warm_s:.1f} s")


def in_page_rate(ctx, base: str, site: Path, args: argparse.Namespace) -> float:
    """Random moves per second of Pyodide on a page's own thread."""
    page = ctx.new_page()
    page.goto(f"{base}/index.html")
    wheel = next(site.glob("pasyans-*.whl")).name
    page_rate = page.evaluate("""async ([wheel, code, gid, seconds]) => {
        const { loadPyodide } = await import("./pyodide/pyodide.mjs");
        const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
        py.unpackArchive(await (await fetch(wheel)).arrayBuffer(), "wheel");
        py.runPython(code);
        return py.globals.get("random_rate")(gid, seconds);
    }""", [wheel, RANDOM_MOVES, args.random_game, args.seconds])
    page.close()
    return page_rate


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", nargs="*", default=list(pasyans.GAMES))
    ap.add_argument("--random-game", default="braid")
    ap.add_argument("--clicks-only", action="store_true", help="only click→paint (no cold start, no random moves)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = built_site(Path(tmp) / "site")
        blocked = run(site, args)
        if blocked:
            print(f"requests off the machine (blocked): {blocked}")
    return 0


def run(site: Path, args: argparse.Namespace) -> list[str]:
    """Measure on the built site ``site``; return the requests that tried to leave the machine."""
    from playwright.sync_api import sync_playwright

    with serving(site) as base:
        first = args.games[0]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            # ---- cold cache: a fresh context has an empty HTTP cache ---------------------------
            ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
            blocked = offline(ctx, (base + "/",))
            if not args.clicks_only:
                cold_start(ctx, base, first)
            # ---- click -> paint, every game ------------------------------------------------------
            print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
                  f"click→paint on the site, {args.clicks} moves by clicking per game (goal p95 ≤ 100 ms):")
            for gid in args.games:
                page = ctx.new_page()
                page.goto(f"{base}/{gid}.html")
                root = page.locator(".pasyans").first
                root.locator(".pz-card, .pz-slot").first.wait_for(timeout=180_000)
                n = 0
                while n < args.clicks:
                    v = view(page)
                    if v["status"] != "playing" or not v["legal"]:
                        break
                    pick = page.evaluate(PICK, root.element_handle())
                    if pick is None:
                        break
                    click_move(page, root, pick)
                    n += 1
                page.wait_for_timeout(300)
                lat = root.evaluate("r => r.pzStats.latency.slice()")
                rtt = root.evaluate("r => r.pzStats.replies.slice()")
                draw = root.evaluate("r => r.pzStats.draw.slice()")
                py = page.evaluate("window.pzEngine.handled.slice()")
                print(f"  {gid:16s} {len(lat):3d} clicks  p50 {pct(lat, .5):6.1f} ms  p95 {pct(lat, .95):6.1f} ms  "
                      f"max {max(lat) if lat else float('nan'):6.1f} ms  (worker round trip p50/p95 "
                      f"{pct(rtt, .5):5.1f}/{pct(rtt, .95):5.1f} ms, of it Python "
                      f"{pct(py, .5):5.1f}/{pct(py, .95):5.1f};"
                      f" redraw {pct(draw, .5):5.1f}/{pct(draw, .95):5.1f} ms)")
                page.close()

            page_rate = None if args.clicks_only else in_page_rate(ctx, base, site, args)
            ctx.close()
            browser.close()
        if page_rate is not None:
            scope: dict = {}
            exec(RANDOM_MOVES, scope)
            native = scope["random_rate"](args.random_game, args.seconds)
            print(f"random moves per second ({args.random_game}): in the page {page_rate:,.0f}, "
                  f"native CPython {sys.version.split()[0]} {native:,.0f} (page/native {page_rate / native:.2f})")
            print(play_site.makeup(site).replace(str(site), "the site"))
    return blocked


if __name__ == "__main__":
    sys.exit(main())
