"""A notebook exported to HTML and opened offline still shows the text, the table and the line."""
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter
from traitlets.config import Config

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "clock.ipynb"


def export_pictures_only(tmp_path: Path) -> Path:
    """The HTML export readers get without a kernel: widget outputs fall back to their picture."""
    c = Config()
    c.NbConvertBase.display_data_priority = ["text/html", "image/png", "text/plain"]
    body, _ = HTMLExporter(config=c).from_notebook_node(nbformat.read(NOTEBOOK, as_version=4))
    out = tmp_path / "clock.html"
    out.write_text(body, encoding="utf-8")
    return out


def test_export_opened_offline_shows_text_table_and_line(pz_browser, tmp_path):
    page_file = export_pictures_only(tmp_path)
    context = pz_browser.new_context()
    blocked: list[str] = []

    def offline(route):
        if route.request.url.startswith("file://") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", offline)
    page = context.new_page()
    page.goto(page_file.as_uri())
    page.wait_for_load_state("load")
    assert page.locator("span.s[data-sid='clock.p3.s1']").count() >= 3  # the sentence in three layers
    sizes = page.eval_on_selector_all("img", "els => els.map(e => [e.naturalWidth, e.alt || ''])")
    drawn = [s for s in sizes if s[0] > 300]
    assert len(drawn) >= 4, sizes  # the figure, the table, the filmstrip, the plot
    assert any("table of Часы" in alt for _, alt in drawn), sizes
    assert "Table(game='clock'" not in page.inner_text("body") or drawn
    context.close()
