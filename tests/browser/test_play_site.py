"""The playing site (``make play``) served on 127.0.0.1 with every other request blocked: on every
game's page the engine (Python in Pyodide, in a Web Worker) loads, ten legal moves are played by
clicking, the cited sentences light, Undo takes them all back to the deal, the solver gives a
hint and a change of reading replays the game; on one page a record is saved and loaded."""
from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

import pasyans

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
import play_site  # noqa: E402

MOVES = 10
#: A legal move the page can play by clicking: its index in the view, and what to click (JS).
PICK = """root => {
  const v = window.pzEngine.model.get("view");
  const drawn = (s) => !!root.querySelector(`.pz-card[data-pile="${CSS.escape(s[0])}"][data-index="${s[1]}"]`);
  const same = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
  const legal = v.legal.map((m, i) => [m, i]).filter(([m]) => m.steps.every(drawn));
  const single = legal.find(([m]) => m.steps.length === 1
    && v.legal.filter((o) => o.steps.some((s) => same(s, m.steps[0]))).length === 1);
  const pick = single || legal.find(([m]) => !m.steps.length) || legal[0];
  return pick ? { index: pick[1], steps: pick[0].steps, cites: pick[0].cites, moves: v.moves } : null;
}"""


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    site = tmp_path_factory.mktemp("play") / "site"
    play_site.build(site)
    httpd = play_site.server(site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def site_context(pz_browser, served):
    _, base = served
    context = pz_browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    blocked: list[str] = []

    def route(r):
        if r.request.url.startswith(base + "/"):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    yield context, base, blocked
    context.close()


def open_game(site_context, gid: str):
    context, base, _ = site_context
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/{gid}.html")
    # the text at once, and word that the engine is loading
    assert page.locator(".pz-pretext span.s").count() > 0
    assert "Loading the engine" in page.locator("#pz-engine").inner_text() or page.evaluate("!!window.pzEngine")
    root = page.locator(".pasyans").first
    root.locator(".pz-card, .pz-slot").first.wait_for(timeout=120_000)
    assert page.locator("#pz-engine").is_hidden()
    return page, root, errors


def view(page) -> dict:
    return page.evaluate("window.pzEngine.model.get('view')")


def seq(root) -> str:
    return root.get_attribute("data-seq") or ""


def wait_seq(page, root, before: str) -> None:
    page.wait_for_function("([el, s]) => el.dataset.seq !== s", arg=[root.element_handle(), before], timeout=30_000)


def place(root, pile: str):
    cards = root.locator(f'.pz-card[data-pile="{pile}"]')
    return cards.last if cards.count() else root.locator(f'.pz-slot[data-pile="{pile}"]')


def click_move(page, root, pick: dict) -> None:
    before = seq(root)
    if not pick["steps"]:
        root.locator(f'.pz-action[data-move="{pick["index"]}"]').click()
    else:
        for src, index, dst in pick["steps"]:
            root.locator(f'.pz-card[data-pile="{src}"][data-index="{index}"]').click()
            place(root, dst).click()
    wait_seq(page, root, before)


def lit(root) -> list[str]:
    return root.locator(".pz-textbody span.s.pz-hl").evaluate_all("els => els.map(e => e.dataset.sid)")


def cards(root) -> list:
    return root.locator(".pz-card").evaluate_all(
        "els => els.map(e => [e.dataset.pile, e.dataset.index, e.dataset.card || ''])")


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_every_table_plays_in_the_page(site_context, gid):
    page, root, errors = open_game(site_context, gid)
    dealt = cards(root)
    played = 0
    for _ in range(MOVES):
        v = view(page)
        if v["status"] != "playing" or not v["legal"]:
            break
        pick = page.evaluate(PICK, root.element_handle())
        if pick is None:  # the deal is laid out from inside the pack: the Compulsory button plays it
            assert all(m["forced"] for m in v["legal"]), (gid, v["legal"][:3])
            before = seq(root)
            root.locator(".pz-advance").click()
            wait_seq(page, root, before)
            assert view(page)["moves"] > v["moves"]
        else:
            click_move(page, root, pick)
            assert view(page)["moves"] == pick["moves"] + 1, (gid, pick, view(page)["message"])
        after = view(page)
        played += 1
        cites = after["last"]["cites"]
        if cites:
            page.wait_for_function("n => document.querySelectorAll('.pasyans .pz-textbody span.s.pz-hl').length > 0",
                                   arg=0, timeout=10_000)
            assert set(lit(root)) <= set(cites) and lit(root), (gid, cites, lit(root))
    assert played >= min(MOVES, 3), f"{gid}: only {played} moves could be played"
    for _ in range(view(page)["moves"]):
        before = seq(root)
        root.locator(".pz-undo").click()
        wait_seq(page, root, before)
    assert view(page)["moves"] == 0 and cards(root) == dealt, "Undo takes every move back to the deal"

    root.locator(".pz-hint").click()  # the solver, in the worker: the page stays live meanwhile
    page.wait_for_function("() => (window.pzEngine.model.get('view').message || {}).kind === 'hint'",
                           timeout=60_000)
    v = view(page)
    hinted = v["legal"][v["hint"]["index"]]
    assert v["message"]["text"].startswith(("Подсказка: ", "Hint: ")), v["message"]
    drawn = [st for st in hinted["steps"]
             if root.locator(f'.pz-card[data-pile="{st[0]}"][data-index="{st[1]}"]').count()]
    assert not drawn or root.locator(".pz-hintsrc").count() > 0, "the hinted card is marked"

    options = view(page)["options"]
    assert options, f"{gid} has no reading to change"
    o = options[0]
    other = next(c for c in o["choices"] if c != o["value"])
    if not root.locator("details.pz-readings").evaluate("d => d.open"):  # the readings fold away
        root.locator("details.pz-readings > summary").click()
    root.locator(f'select.pz-opt[name="{o["name"]}"]').select_option(other)
    page.wait_for_function("([n, c]) => { const v = window.pzEngine.model.get('view');"
                           " return v.options.find((o) => o.name === n).value === c; }", arg=[o["name"], other],
                           timeout=30_000)
    assert errors == [], errors
    assert site_context[2] == [], f"requests off the machine: {site_context[2]}"
    page.close()


def test_a_record_is_saved_as_a_file_and_loaded_from_one(site_context, tmp_path):
    page, root, errors = open_game(site_context, "clock")
    for _ in range(3):
        click_move(page, root, page.evaluate(PICK, root.element_handle()))
    saved = view(page)
    with page.expect_download() as dl:
        root.locator(".pz-save").click()
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "clock" and len(record["moves"]) == 3
    before = seq(root)
    root.locator(".pz-new").click()
    wait_seq(page, root, before)
    assert view(page)["moves"] == 0
    before = seq(root)
    root.locator(".pz-file").set_input_files(str(path))
    wait_seq(page, root, before)
    loaded = view(page)
    assert (loaded["deal"], loaded["moves"], loaded["cards"]) == (saved["deal"], 3, saved["cards"])
    # the player's record is kept by the browser: three moves of a deal count it as played
    book = json.loads(page.evaluate("localStorage.getItem('pasyans-player-record')"))
    assert "clock" in json.dumps(book)
    assert errors == [] and site_context[2] == []
    page.close()
