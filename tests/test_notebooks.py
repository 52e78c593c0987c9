"""The notebooks: one per game plus the index, every internal link resolves, outputs are stored.

That each notebook runs top to bottom on a fresh kernel, with its stored outputs matching, is
checked by ``make test`` running ``pytest --nbval`` over ``notebooks/``.
"""
import json
import re
from pathlib import Path

import pytest

from pasyans import GAMES

NB = Path(__file__).resolve().parent.parent / "notebooks"
LINK = re.compile(r"\]\(([^)\s]+)\)|href=['\"]([^'\"]+)['\"]")
#: A figure of the statistics typed into prose: a share (other than the 95% of an interval) or a
#: count of deals. Such figures are printed by a code cell from the committed table instead.
TYPED_FIGURE = re.compile(r"(?<![\d.])(?!95%)\d+(\.\d+)? ?%|\b\d+ (of|out of|in) \d+\b|\b\d+ deals\b")
#: Cells whose output is not compared (tag nbval-ignore-output): the reviewed list, by notebook.
IGNORED_OUTPUT_CELLS: dict[str, int] = {}


def notebooks() -> list[Path]:
    return sorted(NB.glob("*.ipynb"))


def test_every_game_has_its_notebook_and_the_index_links_them():
    names = {p.stem for p in notebooks()}
    assert set(GAMES) <= names and "index" in names
    index = (NB / "index.ipynb").read_text(encoding="utf-8")
    for gid in GAMES:
        assert f"({gid}.ipynb)" in index, f"the index does not link {gid}"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_internal_links_resolve(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    for c in nb["cells"]:
        for out in c.get("outputs", []):
            texts.append("".join(out.get("data", {}).get("text/html", "")))
    for text in texts:
        for a, b in LINK.findall(text):
            target = (a or b).split("#")[0]
            if not target or target.startswith(("http://", "https://", "mailto:")):
                continue
            assert (path.parent / target).exists(), f"{path.name}: broken link {target}"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_every_code_cell_keeps_its_output(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    ignored = 0
    for c in nb["cells"]:
        if c["cell_type"] != "code":
            continue
        assert c["execution_count"] is not None, "stored outputs: run `make notebooks`"
        assert c["outputs"], f"a code cell without output in {path.name}: {''.join(c['source'])[:60]}"
        ignored += "nbval-ignore-output" in c.get("metadata", {}).get("tags", [])
    assert ignored == IGNORED_OUTPUT_CELLS.get(path.stem, 0)


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_no_widget_state_is_stored_so_every_export_shows_the_pictures(path):
    """With a table's state in the notebook, nbconvert and web views draw the live widget, which
    needs scripts from the network; without it they show the picture stored beside it."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], "re-run `make notebooks` (it does not store widget state)"
    for c in nb["cells"]:
        for out in c.get("outputs", []):
            if "application/vnd.jupyter.widget-view+json" in out.get("data", {}):
                assert "image/png" in out["data"], "a table output without its picture"


@pytest.mark.parametrize("path", [p for p in notebooks() if p.stem != "index"], ids=lambda p: p.stem)
def test_a_plain_html_export_shows_the_tables_picture(path):
    """``jupyter nbconvert --to html`` with its defaults: the table's output is its picture."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    nb = nbformat.read(path, as_version=4)
    tables = [o for c in nb.cells for o in c.get("outputs", [])
              if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert tables, "the notebook shows a live table"
    html, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    assert "application/vnd.jupyter.widget-view+json" not in html
    for o in tables:
        assert o["data"]["image/png"][:200].strip() in html


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_prose_types_no_figure_of_the_statistics(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if c["cell_type"] == "markdown":
            found = TYPED_FIGURE.search("".join(c["source"]))
            assert not found, f"{path.name}: a typed figure {found.group(0)!r}: print it from the table"
