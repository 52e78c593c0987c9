"""What the browser tests of the sites and ``benchmarks/site.py`` share: a built playing site
served on 127.0.0.1 in a thread, a browser context that blocks every request leaving the
machine, and playing a table's moves by clicking.

``PASYANS_SITE=DIR`` reuses a site built before (``make play`` builds ``build/play``) instead
of building one afresh (a few minutes).
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

import play_site  # noqa: E402

from pasyans import site_server  # noqa: E402

#: A legal move the page can play by clicking: its index in the view, and what to click (JS).
#: A move whose card lies inside a face-down pack (the deal laid out of it) is played by a click
#: on the pack: ``pack`` names the pile.
PICK = """root => {
  const v = window.pzEngine.model.get("view");
  const drawn = (s) => !!root.querySelector(`.pz-card[data-pile="${CSS.escape(s[0])}"][data-index="${s[1]}"]`);
  const same = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
  const legal = v.legal.map((m, i) => [m, i]).filter(([m]) => m.steps.every(drawn));
  const single = legal.find(([m]) => m.steps.length === 1
    && v.legal.filter((o) => o.steps.some((s) => same(s, m.steps[0]))).length === 1);
  const pick = single || legal.find(([m]) => !m.steps.length) || legal[0];
  if (pick) return { index: pick[1], steps: pick[0].steps, cites: pick[0].cites, moves: v.moves };
  const inPack = v.legal.map((m, i) => [m, i])
    .find(([m]) => m.steps.length && m.steps.every((s) => s[0] === m.steps[0][0]));
  return inPack ? { index: inPack[1], steps: [], pack: inPack[0].steps[0][0], cites: inPack[0].cites,
    moves: v.moves } : null;
}"""


@contextlib.contextmanager
def serving(site: Path) -> Iterator[str]:
    """Serve the folder ``site`` on 127.0.0.1 in a thread; yield its base URL."""
    httpd = site_server.server(site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def built_site(dest: Path, games: list[str] | None = None) -> Path:
    """The playing site: ``$PASYANS_SITE`` when set (built before), else built into ``dest``."""
    given = os.environ.get("PASYANS_SITE")
    if given:
        return site_server.check(given)
    play_site.build(dest, games)
    return dest


def offline(context, allowed: tuple[str, ...]) -> list[str]:
    """Let ``context`` fetch only URLs that begin with one of ``allowed``; the list of the others
    (each aborted) fills as the pages ask for them."""
    blocked: list[str] = []

    def route(r):
        if r.request.url.startswith(allowed):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return blocked


def view(page) -> dict:
    return page.evaluate("window.pzEngine.model.get('view')")


def seq(root) -> str:
    return root.get_attribute("data-seq") or ""


def wait_seq(page, root, before: str, timeout: int = 30_000) -> None:
    """Wait until the table draws a position other than ``before`` (its ``data-seq``)."""
    page.wait_for_function("([el, s]) => el.dataset.seq !== s", arg=[root.element_handle(), before], timeout=timeout)


def place(root, pile: str):
    """Where a click puts a card on ``pile``: its top card, or its empty place."""
    cards = root.locator(f'.pz-card[data-pile="{pile}"]')
    return cards.last if cards.count() else root.locator(f'.pz-slot[data-pile="{pile}"]')


def click_move(page, root, pick: dict) -> None:
    """Play ``pick`` (from :data:`PICK`) by clicking, and wait for the new position."""
    before = seq(root)
    if pick.get("pack"):
        place(root, pick["pack"]).click()
    elif not pick["steps"]:
        root.locator(f'.pz-action[data-move="{pick["index"]}"]').click()
    else:
        for src, index, dst in pick["steps"]:
            root.locator(f'.pz-card[data-pile="{src}"][data-index="{index}"]').click()
            place(root, dst).click()
    wait_seq(page, root, before)


def click_button(page, root, cls: str) -> None:
    """Click the table's button ``.cls`` and wait for the new position."""
    before = seq(root)
    root.locator(f".{cls}").click()
    wait_seq(page, root, before)
