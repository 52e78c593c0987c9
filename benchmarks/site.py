"""The playing site in a real browser: how soon a table plays, how fast it answers, what it weighs.

Builds the site (``tools/play_site.py``) into a temporary folder, serves it on 127.0.0.1 with every
other request blocked, and prints

* the time until the first table is playable from a cold cache (a fresh browser profile: the
  navigation to the first card drawn, the engine started), and until its text shows;
* click→paint p95 for every game (the table's own measure, ``pzStats.latency``: the click on a
  card's destination or a move's button to the frame painted after the new position; the same
  measure as ``benchmarks/widget.py`` in JupyterLab; goal ≤ 100 ms), over ``--clicks`` moves;
* the site's total size and what it is made of;
* random moves per second in the page (Pyodide on the page's thread) against the same code here.

Usage: ``python benchmarks/site.py [--clicks 20] [--seconds 3] [--games braid clock ...]``.
Needs /usr/bin/chromium and npm (for the pinned Pyodide, fetched once into build/).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests" / "browser"))

import play_site  # noqa: E402
from labserver import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from test_play_site import PICK  # noqa: E402

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


def guard(context, base: str) -> list[str]:
    blocked: list[str] = []

    def route(r):
        if r.request.url.startswith(base + "/"):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return blocked


def click(page, root, pick: dict) -> None:
    before = root.get_attribute("data-seq")
    if not pick["steps"]:
        root.locator(f'.pz-action[data-move="{pick["index"]}"]').click()
    else:
        for src, index, dst in pick["steps"]:
            root.locator(f'.pz-card[data-pile="{src}"][data-index="{index}"]').click()
            cards = root.locator(f'.pz-card[data-pile="{dst}"]')
            (cards.last if cards.count() else root.locator(f'.pz-slot[data-pile="{dst}"]')).click()
    page.wait_for_function("([el, s]) => el.dataset.seq !== s", arg=[root.element_handle(), before])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", nargs="*", default=list(pasyans.GAMES))
    ap.add_argument("--random-game", default="braid")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        play_site.build(site)
        httpd = play_site.server(site)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}"
        first = args.games[0]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            # ---- cold cache: a fresh context has an empty HTTP cache ---------------------------
            ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
            blocked = guard(ctx, base)
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

            # ---- click -> paint, every game ------------------------------------------------------
            print(f"click→paint on the site, {args.clicks} moves by clicking per game (goal p95 ≤ 100 ms):")
            for gid in args.games:
                page = ctx.new_page()
                page.goto(f"{base}/{gid}.html")
                root = page.locator(".pasyans").first
                root.locator(".pz-card, .pz-slot").first.wait_for(timeout=180_000)
                n = 0
                while n < args.clicks:
                    v = page.evaluate("window.pzEngine.model.get('view')")
                    if v["status"] != "playing" or not v["legal"]:
                        break
                    pick = page.evaluate(PICK, root.element_handle())
                    if pick is None:  # the deal laid out from inside the pack: Compulsory
                        before = root.get_attribute("data-seq")
                        root.locator(".pz-advance").click()
                        page.wait_for_function("([el, s]) => el.dataset.seq !== s",
                                               arg=[root.element_handle(), before])
                    else:
                        click(page, root, pick)
                    n += 1
                page.wait_for_timeout(300)
                lat = root.evaluate("r => r.pzStats.latency.slice()")
                rtt = root.evaluate("r => r.pzStats.replies.slice()")
                print(f"  {gid:16s} {len(lat):3d} clicks  p50 {pct(lat, .5):6.1f} ms  p95 {pct(lat, .95):6.1f} ms  "
                      f"max {max(lat) if lat else float('nan'):6.1f} ms  (worker round trip p50 "
                      f"{statistics.median(rtt) if rtt else float('nan'):5.1f} ms)")
                page.close()

            # ---- random moves per second: in the page against here ---------------------------------
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
            ctx.close()
            browser.close()
        scope: dict = {}
        exec(RANDOM_MOVES, scope)
        native = scope["random_rate"](args.random_game, args.seconds)
        print(f"random moves per second ({args.random_game}): in the page {page_rate:,.0f}, "
              f"native CPython {sys.version.split()[0]} {native:,.0f} (page/native {page_rate / native:.2f})")
        print(play_site.makeup(site).replace(str(site), "the site"))
        if blocked:
            print(f"requests off the machine (blocked): {blocked}")
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
