"""Serve a built playing site (``make play`` / ``make site``) on 127.0.0.1: ``pasyans site DIR --serve``.

The site is static files; any static host serves it. This is the small local server: the
standard library's, with the types the page needs (``.wasm`` as ``application/wasm`` for
WebAssembly streaming, ``.mjs`` as JavaScript, the wheel as a zip), nothing served from outside
the folder (no ``..``, no link that leads out), and no log line per request.

Building stays in a source checkout (``make play``): it needs the pinned Pyodide fetched from the
npm registry and the project's wheel built from the source tree, neither of which an installed
``pasyans`` carries.
"""
from __future__ import annotations

import contextlib
import os
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .errors import PasyansError, quote

#: What a built playing site holds at least (the index, the page glue and the engine's loader).
BUILT = ("index.html", "play.js", "engine.js", "table.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm")
HOW_TO_BUILD = "build it from a source checkout with `make play` (it needs npm and pip)"


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of one folder, with the playing site's types; nothing outside it; no request log."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".whl": "application/zip",
                      ".json": "application/json", ".zip": "application/zip"}

    def send_head(self) -> Any:
        root = os.path.realpath(self.directory)
        path = os.path.realpath(self.translate_path(self.path))
        if "/../" in f"{self.path.split('?')[0]}/".replace("\\", "/") or (
                path != root and not path.startswith(root + os.sep)):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def check(site: str | Path) -> Path:
    """``site`` as a built playing site's folder; ``PasyansError`` (one line) when it is not one."""
    d = Path(site)
    if not d.exists():
        raise PasyansError(f"there is no folder {quote(str(d))}: {HOW_TO_BUILD}")
    if not d.is_dir():
        raise PasyansError(f"{quote(str(d))} is a file, not a built site's folder")
    missing = [f for f in BUILT if not (d / f).is_file()]
    if not any(d.glob("pasyans-*.whl")):
        missing.append("pasyans-*.whl")
    if missing:
        raise PasyansError(f"{quote(str(d))} is not a built playing site (no {', '.join(missing[:3])}"
                           f"{' …' if len(missing) > 3 else ''}): {HOW_TO_BUILD}")
    return d


def server(site: str | Path, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """An http server of the folder ``site`` (``port`` 0: any free port); call ``serve_forever``.
    A port that cannot be had raises ``PasyansError``."""
    try:
        httpd = ThreadingHTTPServer((host, port), partial(SiteHandler, directory=str(site)))
    except OSError as e:
        raise PasyansError(f"cannot serve on {host}:{port}: {e.strerror or e}") from None
    httpd.daemon_threads = True
    return httpd


def serve(site: str | Path, port: int = 8000, say: Any = print) -> None:
    """Serve the built site ``site`` on 127.0.0.1 until Ctrl-C, which ends quietly."""
    d = check(site)
    httpd = server(d, port)
    say(f"serving {d} at http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C stops)")
    with contextlib.suppress(KeyboardInterrupt), httpd:
        httpd.serve_forever()
