"""Real-browser fixtures: JupyterLab headless on 127.0.0.1 and Debian's Chromium via Playwright.

One JupyterLab server and one notebook page are shared by every browser test of the session
(the page opens ``tables.ipynb`` from a temporary copy, runs it once and every test works on
its own table). Without ``/usr/bin/chromium`` the tests skip with the reason, unless
``CI=true``, where its absence fails the run. Never ``playwright install``: the browser is
Debian's.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "notebooks"))

from labserver import CHROMIUM, CHROMIUM_ARGS, lab_server, run_all, wait_kernel_idle  # noqa: E402

NOTEBOOKS = HERE / "notebooks"
REPO = HERE.parent.parent
ARTIFACTS = REPO / "test-artifacts"
__all__ = ["ARTIFACTS", "run_all", "wait_kernel_idle"]


def _need_chromium() -> None:
    if CHROMIUM.exists():
        return
    reason = f"{CHROMIUM} is missing: apt-get install chromium (never `playwright install`)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def pz_browser():
    """Debian's Chromium through Playwright's own API (no pytest-playwright needed)."""
    _need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory):
    _need_chromium()
    with lab_server(tmp_path_factory.mktemp("jupyter-home"), NOTEBOOKS) as server:
        yield server


@pytest.fixture(scope="session")
def lab_page(pz_browser, jupyter_server):
    """The test notebook open in JupyterLab, every cell run, every table drawn."""
    import plans

    ARTIFACTS.mkdir(exist_ok=True)
    context = pz_browser.new_context(viewport={"width": 1400, "height": 2400}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    logs: list[str] = []
    page.on("console", lambda m: logs.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: logs.append(f"pageerror: {e}"))
    s = jupyter_server
    page.goto(f"{s['base']}/lab/tree/tables.ipynb?token={s['token']}&reset")
    run_all(page)
    try:
        page.wait_for_function("n => document.querySelectorAll('.pasyans .pz-card').length > 0 && "
                               "document.querySelectorAll('.pasyans').length >= n",
                               arg=len(plans.ORDER_OF_TABLES()), timeout=120_000)
        wait_kernel_idle(page)
    except Exception:
        print("---- JupyterLab log (tail) ----\n" + s["log"].read_text()[-4000:])
        print("---- page console ----\n" + "\n".join(logs[-40:]))
        raise
    page.pz_logs = logs
    yield page
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call" and rep.failed and "lab_page" in getattr(item, "fixturenames", ()):
        server = item.funcargs.get("jupyter_server") or {}
        page = item.funcargs.get("lab_page")
        extra = []
        if server.get("log"):
            extra.append("---- JupyterLab log (tail) ----\n" + Path(server["log"]).read_text()[-3000:])
        if page is not None and getattr(page, "pz_logs", None):
            extra.append("---- page console (tail) ----\n" + "\n".join(page.pz_logs[-30:]))
        if extra:
            rep.sections.append(("browser", "\n".join(extra)))
