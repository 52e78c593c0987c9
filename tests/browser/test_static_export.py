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
    widths = page.eval_on_selector_all("img", "els => els.map(e => e.naturalWidth)")
    # every request off this machine failed; the figure (900 px), the table's picture (860 px),
    # the filmstrip and the plot are drawn all the same
    assert 860 in widths and len([w for w in widths if w > 300]) >= 4, widths
    context.close()
