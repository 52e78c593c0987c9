"""The playing site (``make play``) served on 127.0.0.1 with every other request blocked: on every
game's page the engine (Python in Pyodide, in a Web Worker) loads, ten legal moves are played by
clicking, the cited sentences light, Undo takes them all back to the deal, the solver gives a
hint and a change of reading replays the game; on one page a record is saved and loaded, and on
two the solver's winning line is loaded, stepped forward and back, and played by Autoplay.

``PASYANS_SITE=build/play`` runs them on a site built before (``make play``)."""
from __future__ import annotations

import json

import pytest
from sitepage import PICK, built_site, click_button, click_move, offline, seq, serving, view, wait_seq

import pasyans

MOVES = 10


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    site = built_site(tmp_path_factory.mktemp("play") / "site")
    with serving(site) as base:
        yield site, base


@pytest.fixture(scope="session")
def site_context(pz_browser, served):
    _, base = served
    context = pz_browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    blocked = offline(context, (base + "/",))
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
        assert pick is not None, (gid, v["legal"][:3])
        if pick.get("pack"):  # the deal laid out from inside the pack: a click on the pack plays it
            assert root.locator(f'.pz-card.pz-source[data-pile="{pick["pack"]}"]').count() == 1
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
        click_button(page, root, "pz-undo")
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
    click_button(page, root, "pz-new")
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


@pytest.mark.parametrize("gid", ["clock", "indian_empress"])
def test_the_solvers_line_is_loaded_stepped_and_autoplayed(site_context, gid):
    page, root, errors = open_game(site_context, gid)
    root.locator(".pz-solve").click()  # the solver, in the worker: its line replaces nothing on the table
    page.wait_for_function("() => (window.pzEngine.model.get('view').line || {}).len > 0", timeout=90_000)
    v = view(page)
    assert v["line"] == {"pos": 0, "len": v["line"]["len"]} and v["moves"] == 0
    assert "winning line" in v["message"]["text"] or "выигрышную партию" in v["message"]["text"], v["message"]
    assert root.locator(".pz-status").inner_text().count(f"0/{v['line']['len']}") == 1
    dealt = cards(root)
    for k in range(1, 4):
        click_button(page, root, "pz-step")
        now = view(page)
        assert now["line"]["pos"] == k and now["moves"] == k
        cites = now["last"]["cites"]
        if cites:  # the lit sentence follows the line
            page.wait_for_function("() => document.querySelectorAll('.pasyans .pz-textbody span.s.pz-hl').length > 0",
                                   timeout=10_000)
            assert lit(root) and set(lit(root)) <= set(cites), (cites, lit(root))
    for k in (2, 1, 0):
        click_button(page, root, "pz-back")
        assert view(page)["line"]["pos"] == k
    assert cards(root) == dealt
    root.locator(".pz-auto").click()
    page.wait_for_function("() => window.pzEngine.model.get('view').line.pos >= 5", timeout=30_000)
    root.locator(".pz-auto").click()  # pause
    before = view(page)["line"]["pos"]
    page.wait_for_timeout(600)
    after = view(page)
    assert after["line"]["pos"] - before <= 2 and after["moves"] == after["line"]["pos"]
    assert root.locator(".pz-auto").get_attribute("aria-pressed") == "false"
    assert errors == [] and site_context[2] == []
    page.close()
