"""The static site (``make site``) opened from ``file://`` with the network off: each table steps
forward and back through its recorded line with no kernel, the cards move and the cited sentence
lights (the frames were computed by the engine when the notebook ran)."""
from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

import static_site  # noqa: E402
from sitepage import offline  # noqa: E402

GAMES = ("braid", "octagon")


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    if shutil.which("npm") is None:
        reason = "npm is missing: the site's front-end files come from the npm registry (apt-get install npm)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("site")
    static_site.build(out, [static_site.NOTEBOOKS / f"{g}.ipynb" for g in GAMES])
    return out


@pytest.fixture
def offline_page(pz_browser):
    context = pz_browser.new_context(viewport={"width": 1400, "height": 1000})
    blocked = offline(context, ("file://", "data:", "blob:"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page, blocked, errors
    context.close()


#: Waits until the table's status reads move k ("k/N").
AT_MOVE = ("([el, k]) => el.querySelector('.pz-status').textContent"
           ".match(new RegExp(`(^|\\\\s)${k}/\\\\d`))")


def cards(root) -> list[tuple]:
    return root.locator(".pz-card").evaluate_all(
        "els => els.map(e => [e.dataset.pile, e.dataset.index, e.dataset.card || '', e.style.left, e.style.top])")


def lit(root) -> list[str]:
    return root.locator(".pz-textbody span.s.pz-hl").evaluate_all("els => els.map(e => e.dataset.sid)")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_steps_through_its_line_offline(site, offline_page, game):
    page, blocked, errors = offline_page
    page.goto((site / f"{game}.html").as_uri())
    root = page.locator(".pasyans").first
    root.locator(".pz-card").first.wait_for(timeout=60_000)
    assert re.search(r"(?<![\d/])0/\d", root.locator(".pz-status").inner_text())
    assert re.search("No kernel|Без ядра", root.locator(".pz-msg").inner_text())
    seen = [cards(root)]
    assert lit(root) == []
    for k in range(1, 4):
        root.locator(".pz-step").click()
        page.wait_for_function(AT_MOVE, arg=[root.element_handle(), k])
        now = cards(root)
        assert now != seen[-1], f"step {k}: no card moved"
        seen.append(now)
        cited = root.locator(".pz-last .pz-cite").all_inner_texts()
        assert cited and lit(root) and set(lit(root)) <= set(cited), (cited, lit(root))
        assert re.search(rf"\b{k} (moves|ход)", root.locator(".pz-status").inner_text())
    for k in (2, 1, 0):
        root.locator(".pz-back").click()
        page.wait_for_function(AT_MOVE, arg=[root.element_handle(), k])
        assert cards(root) == seen[k], f"back to {k}: the cards are not where they were"
    assert lit(root) == []
    root.locator(".pz-hint").click()
    page.wait_for_function("el => el.querySelector('.pz-msg').textContent.match(/running kernel|работающее ядро/)",
                           arg=root.element_handle())
    assert blocked == [], f"requests off the machine: {blocked}"
    assert errors == []


def test_the_site_links_resolve_and_carry_the_scripts(site):
    pages = {p.name for p in site.glob("*.html")}
    assert pages == {f"{g}.html" for g in GAMES}
    for name in ("vendor/require.js", "vendor/embed-amd.js", "anywidget.js", "texts/001.xml"):
        assert (site / name).stat().st_size > 1000, name
    everything = frozenset(f"{p.stem}.html" for p in static_site.NOTEBOOKS.glob("*.ipynb"))
    assert static_site.broken_links(site, everything - pages) == []
    braid = (site / "braid.html").read_text(encoding="utf-8")
    assert 'href="index.html"' in braid and 'href="texts/001.xml"' in braid and ".ipynb\"" not in braid
    assert "application/vnd.jupyter.widget-state+json" in braid and '"frames"' in braid
