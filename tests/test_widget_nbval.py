"""Notebooks that embed tables validate under strict nbval: the table's text/plain is its
deterministic repr (the widget view and the PNG are not compared), and a fresh kernel
reproduces the stored outputs."""
from __future__ import annotations

import subprocess
import sys

import nbformat
import pytest

nbclient = pytest.importorskip("nbclient")

CELLS = [
    "from pasyans.widgets import Table",
    "t = Table('clock', deal=7, redeals=1)\nt",
    "t.play('choose:H'); t.advance(); (t.move_count, t.status)",
    "two = Table('clock', deal=8); two.move_count, t.move_count",
]


def test_tables_validate_under_strict_nbval(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    out = nb.cells[1].outputs[0]
    assert out["data"]["text/plain"].startswith("Table(game='clock', deal=7, options={'redeals': 1")
    assert "image/png" in out["data"] and "application/vnd.jupyter.widget-view+json" in out["data"]
    path = tmp_path / "tables.ipynb"
    nbformat.write(nb, path)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                        "--nbval-current-env", str(path)], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "4 passed" in r.stdout


def test_html_export_without_a_kernel_shows_the_picture(tmp_path):
    """As JupyterLab saves a notebook (no widget state), an HTML export falls back to the PNG."""
    nbconvert = pytest.importorskip("nbconvert")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("from pasyans.widgets import Table\nTable('clock', deal=3)")]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False).execute()
    nb.metadata.pop("widgets", None)
    html, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    assert 'src="data:image/png;base64,' in html
    # with its text alternative, in the table's language (the output's text/html, an <img>),
    # in either template
    classic, _ = nbconvert.HTMLExporter(template_name="classic").from_notebook_node(nb)
    for page in (html, classic):
        assert '<img alt="Стол: Часы · The Clock: расклад 3, ходов: 0, ' in page
