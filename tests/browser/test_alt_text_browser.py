"""The pictures a reader meets have an accessible name, where they are drawn: a notebook run as
``make notebooks`` runs them (no widget state kept), exported by nbconvert with its defaults and
opened offline, and the same stored notebook opened in JupyterLab before any cell runs (its
outputs untrusted, so sanitised). Each picture is an ``<img>`` whose ``alt`` says what it shows."""
from __future__ import annotations

import nbformat
import pytest
from labserver import lab_server
from nbclient import NotebookClient
from nbconvert import HTMLExporter

CELLS = [
    "import pasyans\nfrom pasyans.widgets import Table, edition, filmstrip",
    "t = Table('braid', deal=4, lang='ru', record=False)\nt",
    "g = pasyans.new_game('clock', deal=1)\ng.advance()\ng",
    "start = pasyans.new_game('octagon', deal=1)\nstart.advance()\nline = start.clone()\n"
    "for _ in range(3):\n    line.play(line.legal_moves()[0])\n"
    "edition.picture(filmstrip(start, line.moves[-3:], frame_width=300), 'three moves of octagon')",
    "edition.win_rates('clock')",
]
EXPECTED = ("Стол", "Часы · The Clock", "three moves of octagon", "The Clock: deals won")


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """The notebook executed and stored, as ``make notebooks`` stores the edition's."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    folder = tmp_path_factory.mktemp("alt")
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(folder)}}).execute()
    nbformat.write(nb, folder / "pictures.ipynb")
    return folder, nb


def names_of_images(page) -> list[str]:
    """The accessible name of every image in the page (as assistive technology reads it)."""
    return page.eval_on_selector_all(
        "img, svg[role='img']",
        "els => els.filter(e => e.getBoundingClientRect().width > 0)"
        ".map(e => (e.getAttribute('alt') ?? e.getAttribute('aria-label') ?? '').trim())")


def test_every_exported_picture_has_an_accessible_name(pz_browser, stored, tmp_path):
    _, nb = stored
    body, _ = HTMLExporter().from_notebook_node(nb)
    out = tmp_path / "pictures.html"
    out.write_text(body, encoding="utf-8")
    context = pz_browser.new_context()
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("file://", "data:")) else r.abort())
    page = context.new_page()
    page.goto(out.as_uri())
    page.wait_for_load_state("load")
    names = names_of_images(page)
    assert len(names) == len(EXPECTED) and all(names), names
    for want, name in zip(EXPECTED, names):
        assert want in name, (want, name)
    assert all(w > 100 for w in page.eval_on_selector_all("img", "els => els.map(e => e.naturalWidth)"))
    context.close()


def test_jupyterlab_draws_the_stored_pictures_with_their_names(pz_browser, stored, tmp_path):
    folder, _ = stored
    with lab_server(tmp_path / "home", folder) as s:
        context = pz_browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.goto(f"{s['base']}/lab/tree/pictures.ipynb?token={s['token']}")
        page.wait_for_selector(".jp-OutputArea-output img", timeout=60_000)
        page.wait_for_timeout(1500)  # every stored output drawn
        names = page.eval_on_selector_all(
            ".jp-OutputArea-output img", "els => els.map(e => (e.getAttribute('alt') || '').trim())")
        # the table's stored picture too: with no kernel and no widget state, Lab falls back to it
        assert len(names) == len(EXPECTED) and all(names), names
        for want, name in zip(EXPECTED, names):
            assert want in name, (want, name)
        context.close()
