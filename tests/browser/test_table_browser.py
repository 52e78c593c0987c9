"""The card table in a real JupyterLab and Chromium: every game played by clicking.

For each game (parametrised over ``pasyans.GAMES``) the test picks up a card and drops it
where no legal move allows (the engine's reason must show and nothing change), then makes a
legal move by clicking the card and its destination (the table, the highlighted sentence and
the kernel's move count must change), saves a screenshot under ``test-artifacts/``, and
undoes. Other tests: tables are independent, play from the keyboard alone, bad input, the
text's layers and notes, the dark theme, and reopening the notebook.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

import pasyans

sys.path.insert(0, str(Path(__file__).parent / "notebooks"))
sys.path.insert(0, str(Path(__file__).parent))
import plans  # noqa: E402
from labserver import wait_kernel_idle  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.browser



def table(page, key: str):
    k = plans.ORDER_OF_TABLES().index(key)
    return k, page.locator(".pasyans").nth(k), page.locator(f".py-echo-{k}")


def card(root, pile: str, index: int):
    return root.locator(f'.pz-card[data-pile="{pile}"][data-index="{index}"]')


def place(root, pile: str):
    """Where to click to choose ``pile`` as a destination: its top card, or its empty place."""
    cards = root.locator(f'.pz-card[data-pile="{pile}"]')
    return cards.last if cards.count() else root.locator(f'.pz-slot[data-pile="{pile}"]')


def highlighted(root) -> set[str]:
    return set(root.locator(".pz-textbody span.s.pz-hl").evaluate_all("els => els.map(e => e.dataset.sid)"))


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_play_a_game_by_clicking(lab_page, gid):
    page = lab_page
    p = plans.plan(gid)
    k, root, echo = table(page, gid)
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    seq0 = root.get_attribute("data-seq")

    # an illegal attempt: the engine's reason, and nothing changes
    src = card(root, p["from"], p["index"])
    src.click()
    expect(src).to_have_class(re.compile(r"\bpz-sel\b"))
    place(root, p["bad_to"]).click()
    expect(root.locator(".pz-msg.pz-error")).to_have_text(p["reason"])
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    assert root.get_attribute("data-seq") == seq0
    before_hl = highlighted(root)

    # the legal move: card, then destination
    src.click()
    for pile in {p["to"]}:
        targets = f'.pz-slot[data-pile="{pile}"].pz-target, .pz-card[data-pile="{pile}"].pz-target'
        assert root.locator(targets).count() >= 1
    place(root, p["to"]).click()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    moved = card(root, p["to"], p["to_count"])
    expect(moved).to_have_count(1)
    if moved.get_attribute("data-card"):
        assert moved.get_attribute("data-card") == p["card"]
    expect(root.locator(".pz-last .pz-cite")).to_have_text(p["cites"])
    assert root.locator(".pz-textbody span.s").count(), "the text is beside the table"
    expect(root.locator(".pz-textbody span.s.pz-hl").first).to_be_visible()
    after_hl = highlighted(root)
    assert after_hl == set(p["cites"]) & set(root.locator(".pz-textbody span.s").evaluate_all(
        "els => els.map(e => e.dataset.sid)"))
    assert after_hl != before_hl
    page.wait_for_function("r => !r.querySelector('.pz-moving')", arg=root.element_handle())
    page.wait_for_function(LIT_IN_VIEW, arg=root.element_handle())
    root.screenshot(path=str(ARTIFACTS / f"table-{gid}.png"))

    # undo: the kernel and the table go back
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    expect(card(root, p["from"], p["index"])).to_have_count(1)
    expect(root.locator(f'.pz-card[data-pile="{p["to"]}"]')).to_have_count(min(p["to_count"], root.locator(
        f'.pz-card[data-pile="{p["to"]}"]').count()))


def walk_to(page, target, max_steps: int = 60) -> None:
    """Move the keyboard focus onto ``target``: by the arrow keys while they bring it nearer,
    then pile by pile with Page Down (the way a reader without a mouse would)."""
    seen = set()
    for _ in range(max_steps):
        if target.evaluate("t => document.activeElement === t"):
            return
        a = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect();"
                          " return [r.x + r.width / 2, r.y + r.height / 2]; }")
        where = (round(a[0]), round(a[1]))
        b = target.bounding_box()
        dx, dy = b["x"] + b["width"] / 2 - a[0], b["y"] + b["height"] / 2 - a[1]
        if where in seen:  # the arrows go round in a circle: walk the piles in order instead
            page.keyboard.press("PageDown")
            continue
        seen.add(where)
        if abs(dx) >= abs(dy):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError("the keyboard did not reach the card")


def test_play_from_the_keyboard_alone_and_tables_are_independent(lab_page):
    page = lab_page
    p = plans.plan("clock#2")
    _, root, echo = table(page, "clock#2")
    _, other, other_echo = table(page, "clock")
    other_seq, other_text = other.get_attribute("data-seq"), other_echo.inner_text()
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    root.locator(".pz-help").evaluate("e => e")  # the help exists
    root.locator(".pz-undo").focus()               # arrive in the table's toolbar (as with Tab)
    page.keyboard.press("?")
    expect(root.locator(".pz-help")).to_be_visible()
    # legible inside JupyterLab's output CSS (which floats dt at 20% width): keys on one line
    for dt in root.locator(".pz-help dt").all():
        assert dt.evaluate("e => getComputedStyle(e).cssFloat === 'none' && e.offsetHeight < 24"), dt.inner_text()
    page.keyboard.press("Escape")
    page.keyboard.press("c")                       # to the cards
    assert page.evaluate("() => ['pz-card', 'pz-slot'].some(c => document.activeElement.classList.contains(c))")
    walk_to(page, card(root, p["from"], p["index"]))
    page.keyboard.press("Enter")
    expect(card(root, p["from"], p["index"])).to_have_class(re.compile(r"\bpz-sel\b"))
    walk_to(page, place(root, p["to"]))
    page.keyboard.press("Enter")
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    expect(root.locator(".pz-last .pz-cite")).to_have_text(p["cites"])
    page.keyboard.press("u")
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    # the table's own view comes after the echo: "r" clicks the redo button once the view enables it
    expect(root.locator(".pz-redo")).to_be_enabled()
    page.keyboard.press("r")
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    page.keyboard.press("u")
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    # the other Clock table did not move
    assert other.get_attribute("data-seq") == other_seq and other_echo.inner_text() == other_text
    # accessible names
    label = card(root, p["from"], p["index"]).get_attribute("aria-label")
    # the card turned from the pack; under the Clock's default the plan may take the pile's top
    if p["from"] == "stock":
        assert label.startswith("card face down"), label
    else:
        assert re.match(r"^\w+ of \w+, face up, .+", label), label
    for name in root.locator(".pz-card.pz-up").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"):
        assert re.match(r"^\w+ of \w+, face up, .+", name), name
    assert root.locator(".pz-undo").get_attribute("aria-keyshortcuts") == "u"


def test_bad_deal_numbers_are_refused_in_the_page(lab_page):
    page = lab_page
    p = plans.plan("clock#2")
    _, root, echo = table(page, "clock#2")
    deal = root.locator("input.pz-deal")
    for bad in ("0", "abc", "99999999999"):
        deal.fill(bad)
        deal.press("Enter")
        expect(root.locator(".pz-msg.pz-error")).to_contain_text("deal must be a whole number from 1 to 2147483647")
        expect(echo).to_have_text(f"python sees {p['moves_before']}")
    deal.fill("")
    root.locator(".pz-msg").evaluate("e => e.textContent = ''")


def settled_box(locator):
    """The element's box once the table has stopped fitting itself to the page (two reads 50 ms
    apart agree): a drag aimed at a box read mid-fit lands beside its place."""
    box = locator.bounding_box()
    for _ in range(40):
        locator.page.wait_for_timeout(50)
        again = locator.bounding_box()
        if again == box:
            return box
        box = again
    return box


def test_drag_and_drop_then_autoplay(lab_page):
    page = lab_page
    p = plans.plan("clock#2")
    _, root, echo = table(page, "clock#2")
    root.scroll_into_view_if_needed()
    a = settled_box(card(root, p["from"], p["index"]))
    b = settled_box(place(root, p["to"]))
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    for k in range(1, 9):
        page.mouse.move(a["x"] + a["width"] / 2 + (b["x"] - a["x"]) * k / 8,
                        a["y"] + a["height"] / 2 + (b["y"] - a["y"]) * k / 8)
    page.mouse.up()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    # autoplay plays the compulsory moves by itself, and stops on Pause
    root.locator("select.pz-speed").select_option("max")
    root.locator(".pz-auto").click()
    # "Pause" stays readable under the mouse: white on the brand colour, not on a light hover grey
    root.locator(".pz-auto").hover()
    pressed, fg, bg = root.locator(".pz-auto").evaluate(
        "e => [e.getAttribute('aria-pressed'), getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    rgb = [int(x) for x in re.findall(r"\d+", bg)[:3]]
    assert pressed != "true" or (fg == "rgb(255, 255, 255)" and sum(rgb) < 500), (fg, bg)
    expect(echo).not_to_have_text(re.compile(rf"python sees ({p['moves_before'] + 1}|{p['moves_before'] + 2})$"))
    page.wait_for_timeout(300)
    if root.locator(".pz-auto").get_attribute("aria-pressed") == "true":
        root.locator(".pz-auto").click()
    n = int(echo.inner_text().split()[-1])
    assert n > p["moves_before"] + 3
    root.locator(".pz-restart").click()
    expect(echo).to_have_text("python sees 0")
    for k in range(1, p["moves_before"] + 1):  # one move played again per redo, back to where the tests start
        root.locator(".pz-redo").click()
        expect(echo).to_have_text(f"python sees {k}")


def test_text_layers_keep_the_highlight_and_notes_open_on_click(lab_page):
    page = lab_page
    p = plans.plan("clock")
    _, root, echo = table(page, "clock")
    root.scroll_into_view_if_needed()
    card(root, p["from"], p["index"]).click()
    place(root, p["to"]).click()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    for sid in p["cites"]:  # the text panel redraws just after the model: wait for it
        expect(root.locator(f'.pz-textbody span.s.pz-hl[data-sid="{sid}"]')).not_to_have_count(0)
    hl = highlighted(root)
    assert hl == set(p["cites"])
    page.wait_for_function(LIT_IN_VIEW, arg=root.element_handle())
    english = root.locator(".pz-textbody").inner_text()
    for layer, head in (("english", "English"), ("diplomatic", "Diplomatic"), ("modern", "Modern spelling")):
        root.locator("select.pz-layer").select_option(layer)
        expect(root.locator(".pz-texthead")).to_have_text(head)
        expect(root.locator(".pz-textbody span.s.pz-hl")).to_have_count(len(hl))
        assert highlighted(root) == hl
        if layer == "english":
            assert root.locator(".pz-textbody").inner_text() != english
    noted = root.locator(".pz-textbody span.s.pz-hasnote").first
    if noted.count():
        noted.click()
        expect(root.locator(".pz-notes .pz-note").first).to_be_visible()
        assert root.locator(".pz-notes script").count() == 0
        page.keyboard.press("Escape")
        expect(root.locator(".pz-notes .pz-note")).to_have_count(0)
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")


def test_dark_theme(lab_page):
    page = lab_page
    _, root, _ = table(page, "clock")
    page.evaluate("() => { window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'}); }")
    page.wait_for_selector("body[data-jp-theme-light='false']", state="attached")
    page.wait_for_timeout(400)
    bg = root.evaluate("e => getComputedStyle(e).backgroundColor")
    felt = root.locator(".pz-table").evaluate("e => getComputedStyle(e).backgroundColor")
    root.screenshot(path=str(ARTIFACTS / "table-clock-dark.png"))
    page.evaluate("() => { window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'}); }")
    page.wait_for_selector("body[data-jp-theme-light='true']", state="attached")
    page.wait_for_timeout(400)
    assert root.evaluate("e => getComputedStyle(e).backgroundColor") != bg
    assert root.locator(".pz-table").evaluate("e => getComputedStyle(e).backgroundColor") != felt


def test_save_and_load_a_game_in_the_page(lab_page, tmp_path):
    page = lab_page
    p = plans.plan("clock#2")
    _, root, echo = table(page, "clock#2")
    root.scroll_into_view_if_needed()
    card(root, p["from"], p["index"]).click()
    place(root, p["to"]).click()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    with page.expect_download() as info:
        root.locator(".pz-save").click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["game"] == "clock" and len(record["moves"]) == p["moves_before"] + 1
    assert record["moves"][-1] == p["notation"]
    root.locator(".pz-restart").click()
    expect(echo).to_have_text("python sees 0")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "clock", "deal": 0, "rules": 1, "options": {}, "moves": []}')
    root.locator("input.pz-file").set_input_files(str(bad))
    expect(root.locator(".pz-msg.pz-error")).to_contain_text("deal")
    expect(echo).to_have_text("python sees 0")
    root.locator("input.pz-file").set_input_files(str(saved))
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    expect(root.locator(".pz-msg")).to_contain_text("loaded")
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")


@pytest.mark.parametrize("gid", [g for g in plans.PAIR_GAMES if g in pasyans.GAMES])
def test_a_move_of_two_cards(lab_page, gid):
    """Two ways to make a move of two cards: click both cards; or each card and its place."""
    page = lab_page
    p = plans.pair_plan(f"{gid}#pair")
    _, root, echo = table(page, f"{gid}#pair")
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    (a_pile, a_i), (b_pile, b_i) = p["cards"]
    # 1. the two cards
    card(root, a_pile, a_i).click()
    card(root, b_pile, b_i).click()
    chooser = root.locator(".pz-chooser")
    if chooser.is_visible():
        labels = chooser.locator(".pz-choice:not(.pz-cancel)")
        assert labels.count() >= 2
        labels.first.click()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    # 2. card, place, card, place
    card(root, a_pile, a_i).click()
    assert card(root, a_pile, a_i).get_attribute("aria-pressed") == "true"
    assert root.locator("[aria-description].pz-target").count() >= 1
    place(root, p["to"][0]).click()
    expect(root.locator(".pz-msg")).to_contain_text("next card")
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    # the half already chosen stays marked, and so does its place
    expect(card(root, a_pile, a_i)).to_have_class(re.compile(r"\bpz-chosen\b"))
    assert card(root, a_pile, a_i).get_attribute("aria-pressed") == "true"
    assert root.locator(".pz-chosendst").count() >= 1
    card(root, b_pile, b_i).click()
    place(root, p["to"][1]).click()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    expect(root.locator(".pz-last .pz-cite")).to_have_text(p["cites"])  # the kernel's view may follow its echo
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")


def test_a_move_shows_at_the_click_before_the_kernel_answers(lab_page):
    """The click's optimistic draw: in the very task that handles the click (no message from the
    kernel can arrive inside it) the card already lies where the engine said it will
    (``view.legal[].to``); the kernel's position then replaces it, and Undo takes it back."""
    page = lab_page
    p = plans.plan("clock#2")
    _, root, echo = table(page, "clock#2")
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    got = root.evaluate("""(r, [src, i, dst]) => {
      const tap = (e) => { for (const t of ["pointerdown", "pointerup"])
        e.dispatchEvent(new PointerEvent(t, {bubbles: true, button: 0, pointerId: 1, isPrimary: true})); };
      const c = r.querySelector(`.pz-card[data-pile="${src}"][data-index="${i}"]`);
      const on = r.querySelectorAll(`.pz-card[data-pile="${dst}"]`);
      const seq = r.dataset.seq;
      tap(c);
      tap(on.length ? on[on.length - 1] : r.querySelector(`.pz-slot[data-pile="${dst}"]`));
      return {ahead: r.querySelectorAll(".pz-card.pz-ahead").length, moved: c.classList.contains("pz-ahead"),
              card: c.dataset.card || null, seq, now: r.dataset.seq};
    }""", [p["from"], p["index"], p["to"]])
    assert got["ahead"] == 1 and got["moved"] and got["card"] in (p["card"], None), got
    assert got["now"] == got["seq"], "the kernel's view had not arrived"
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}", timeout=30_000)
    expect(root.locator(".pz-card.pz-ahead")).to_have_count(0)
    expect(card(root, p["to"], p["to_count"])).to_have_count(1)
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")

def test_the_notebook_reopens_with_live_tables(lab_page):
    """Save, reload the page: the tables come back from the running kernel and still play."""
    page = lab_page
    page.evaluate("() => { window.jupyterapp.commands.execute('docmanager:save'); }")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
    page.reload()
    wait_kernel_idle(page)
    page.wait_for_function("n => document.querySelectorAll('.pasyans .pz-card').length > 0 && "
                           "document.querySelectorAll('.pasyans').length >= n", arg=len(plans.ORDER_OF_TABLES()),
                           timeout=60_000)
    p = plans.plan("clock#2")
    _, root, echo = table(page, "clock#2")
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    card(root, p["from"], p["index"]).click()
    place(root, p["to"]).click()
    expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
    root.locator(".pz-undo").click()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")


def test_no_errors_in_the_page(lab_page):
    errors = [line for line in lab_page.pz_logs if line.startswith("pageerror") or
              (line.startswith("error") and "pasyans" in line.lower())]
    assert not errors, errors


NOTEBOOK_STATE = """() => { const nb = window.jupyterapp.shell.currentWidget.content; const cells = nb.model.cells;
  const types = []; for (let i = 0; i < cells.length; i++) types.push(cells.get(i).type);
  return {types, active: nb.activeCellIndex, tables: document.querySelectorAll('.pasyans').length}; }"""


def test_stray_keys_stay_in_the_table(lab_page):
    """JupyterLab's command-mode keys (m, y, b, x, a, d d, j, k, z, Enter, Escape…) pressed with a
    card focused neither edit the notebook nor change the game."""
    page = lab_page
    gid = next(g for g in pasyans.GAMES if table(page, g)[1].locator(".pz-advance").is_disabled())
    p = plans.plan(gid)
    _, root, echo = table(page, gid)
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    seq = root.get_attribute("data-seq")
    src = card(root, p["from"], p["index"])
    src.click()                              # a mouse click puts JupyterLab in command mode on this cell
    assert src.evaluate("e => document.activeElement === e")
    before = page.evaluate(NOTEBOOK_STATE)
    for key in ["m", "y", "b", "x", "a", "d", "d", "j", "k", "z", "v", "Shift+M", "Shift+Enter", "Enter", "Escape",
                "Escape", "i", "i", "0", "0", "c", "q"]:
        page.keyboard.press(key)
    page.wait_for_timeout(400)               # a reply the kernel might send
    assert page.evaluate(NOTEBOOK_STATE) == before
    assert root.get_attribute("data-seq") == seq
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    assert root.evaluate("r => r.contains(document.activeElement)"), "focus stays in the table"
    expect(card(root, p["from"], p["index"])).to_have_count(1)
    page.keyboard.press("Escape")


#: Waits until the lit sentence lies within the text panel's visible part.
LIT_IN_VIEW = """r => {
  const b = r.querySelector('.pz-textbody'); const s = b.querySelector('span.s.pz-hl');
  const bb = b.getBoundingClientRect(), sb = s.getBoundingClientRect();
  return sb.bottom > bb.top && sb.top < bb.bottom;
}"""

FIT_CHECK = """r => {
  let sc = r.parentElement;
  while (sc && sc !== document.body && !['auto', 'scroll'].includes(getComputedStyle(sc).overflowY)) {
    sc = sc.parentElement;
  }
  const view = sc.getBoundingClientRect();
  const win = {top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth};
  const box = (e) => {
    const b = e.getBoundingClientRect();
    return {top: b.top, left: b.left, bottom: b.bottom, right: b.right};
  };
  const inside = (b, o) => b.top >= o.top - 1 && b.bottom <= o.bottom + 1
    && b.left >= o.left - 1 && b.right <= o.right + 1;
  const lit = r.querySelector('.pz-textbody span.s.pz-hl');
  const body = r.querySelector('.pz-textbody');
  const parts = {toolbar: r.querySelector('.pz-controls'), table: r.querySelector('.pz-table'),
                 status: r.querySelector('.pz-head')};
  const out = {arrangement: r.dataset.arrangement, bad: [],
               unit: r.querySelector('.pz-table').style.getPropertyValue('--u')};
  for (const [k, e] of Object.entries(parts)) if (!inside(box(e), view) || !inside(box(e), win)) out.bad.push(k);
  if (!lit) out.bad.push('no lit sentence');
  else {
    // the lit sentence's first line is in the text panel's visible part, and on the screen
    const l = lit.getClientRects()[0];
    const line = {top: l.top, bottom: l.bottom, left: l.left, right: Math.min(l.right, box(body).right)};
    if (!inside(line, box(body)) || !inside(line, view)) out.bad.push('lit sentence');
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(1280, 720), (1400, 1000)], ids=["1280x720", "1400x1000"])
def test_toolbar_table_and_lit_sentence_fit_one_screen(lab_page, size):
    """For every game, with the table scrolled to the top of the notebook's view, the toolbar,
    the whole table and the sentence the last move cites are on screen at once."""
    page = lab_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        page.wait_for_timeout(500)
        problems = {}
        for gid in pasyans.GAMES:
            p = plans.plan(gid)
            _, root, echo = table(page, gid)
            root.evaluate("r => r.scrollIntoView({block: 'start'})")
            played = False
            if not root.locator(".pz-textbody span.s.pz-hl").count():
                card(root, p["from"], p["index"]).click()
                place(root, p["to"]).click()
                expect(echo).to_have_text(f"python sees {p['moves_before'] + 1}")
                played = True
            page.wait_for_timeout(350)  # the text panel's scroll
            root.evaluate("r => r.scrollIntoView({block: 'start'})")
            got = root.evaluate(FIT_CHECK)
            page.screenshot(path=str(ARTIFACTS / f"fit-{size[0]}x{size[1]}-{gid}.png"))
            if got["bad"]:
                problems[gid] = got
            if played:
                root.locator(".pz-undo").click()
                expect(echo).to_have_text(f"python sees {p['moves_before']}")
        assert not problems, problems
    finally:
        page.set_viewport_size({"width": 1400, "height": 2400})
        page.wait_for_timeout(300)


KERNEL_EXEC = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const done = k.requestExecute({code}).done;
  await Promise.race([done, new Promise((_, no) => setTimeout(() => no(new Error('kernel timeout')), 30000))]);
  return true; }"""


def test_the_view_s_message_ui_strings_and_record_are_shown(lab_page):
    """The page's half of the interface with the kernel: view["ui"] labels, view["message"]
    (won and stuck said prominently, stuck with Undo; null clears it) and view["record"]."""
    page = lab_page
    p = plans.plan("clock")
    _, root, echo = table(page, "clock")
    root.scroll_into_view_if_needed()
    expect(echo).to_have_text(f"python sees {p['moves_before']}")
    page.evaluate(KERNEL_EXEC, "t = tables['clock']; t.view = {**t.view, "
                  "'message': {'kind': 'stuck', 'text': 'No legal move is left.'}, "
                  "'record': {'played': 3, 'won': 1, 'streak': 0, 'best_streak': 1}}")
    banner = root.locator(".pz-msg.pz-kind-stuck.pz-banner")
    expect(banner).to_contain_text("No legal move is left.")
    expect(root.locator(".pz-record")).to_contain_text("played 3 · won 1 · streak 0 · best streak 1")
    assert banner.get_attribute("role") == "alert"
    banner.locator(".pz-stuckundo").click()                     # Undo from the message
    expect(echo).to_have_text(f"python sees {p['moves_before'] - 1}")
    page.evaluate(KERNEL_EXEC, "t = tables['clock']; "
                  "t.view = {**t.view, 'message': {'kind': 'won', 'text': 'Won in 52 moves.'}}")
    expect(root.locator(".pz-msg.pz-kind-won")).to_have_text("Won in 52 moves.")
    page.evaluate(KERNEL_EXEC, "t = tables['clock']; t.view = {**t.view, 'message': None}")
    expect(root.locator(".pz-msg")).to_have_text("")
    # the labels are the kernel's view["ui"], in the table's language (the language switch)
    root.locator("select.pz-lang").select_option("ru")
    expect(root.locator(".pz-undo")).to_have_text("Отменить")
    root.locator("select.pz-lang").select_option("en")
    expect(root.locator(".pz-undo")).to_have_text("Undo")
    assert root.locator("select.pz-lang").count() == 1

