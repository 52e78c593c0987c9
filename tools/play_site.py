"""The playing site: the edition in any browser, every table driven by the engine in the page.

``make play`` runs ``build SITE``: an index and one page per game, each page with the game's
text in its three layers and its apparatus pre-rendered here (the page needs no lxml and shows
the text at once), the table's front end (``widgets/table.js``, the notebook's anywidget ESM,
unchanged) and the page's glue (``widgets/site/``: ``play.js`` gives the table a model whose
``send`` calls :class:`pasyans.session.Session` in ``engine.js``, a Web Worker running Pyodide),
the vendored Pyodide files and the project's wheel, built by the same target.

* ``vendor DIR`` — fetch ``pyodide`` from the npm registry at the pinned version (``npm pack``:
  one tarball, no dependency tree), check the tarball's integrity against the pin and keep the
  files the page loads (skipped when present).
* ``serve DIR [--port N]`` — serve the folder on 127.0.0.1 (``pasyans site DIR --serve``, which an
  installed pasyans has too: :mod:`pasyans.site_server`). Pages opened from ``file://`` cannot
  fetch the WebAssembly: the site is served over http, from any static host.

The vendored files and the wheel are not committed (``build/`` is ignored).
"""
from __future__ import annotations

import argparse
import html
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
WIDGETS = REPO / "widgets"
VENDOR = REPO / "build" / "vendor-pyodide"

#: pyodide on npm: version, integrity of its tarball, the files the page loads (Python 3.14 in WebAssembly)
PYODIDE = ("314.0.8",
           "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ==",
           ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"))
LAYERS = (("modern", "Современная орфография", "modern spelling"),
          ("diplomatic", "Дипломатический текст", "diplomatic transcription"),
          ("english", "Английский перевод", "English translation"))
DEAL = 1  # the deal a page opens with (``?deal=N`` asks for another)


def vendor(dest: Path) -> None:
    """Fetch, check and unpack the pinned pyodide files into ``dest`` (skipped when present)."""
    version, integrity, files = PYODIDE
    stamp = dest / "pins.json"
    if stamp.exists() and json.loads(stamp.read_text()) == [version, integrity] and all(
            (dest / f).exists() for f in files):
        return
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["npm", "pack", "--json", "--pack-destination", tmp, f"pyodide@{version}"],
                             check=True, capture_output=True, text=True).stdout
        got = json.loads(out)[0]
        if got["version"] != version or got["integrity"] != integrity:
            sys.exit(f"pyodide@{version}: the registry's tarball ({got['version']}, {got['integrity']}) "
                     "does not match the pin")
        with tarfile.open(Path(tmp) / got["filename"]) as tar:
            for name in files:
                src = tar.extractfile(f"package/{name}")
                if src is None:
                    sys.exit(f"pyodide@{version} has no {name}")
                (dest / name).write_bytes(src.read())
    stamp.write_text(json.dumps([version, integrity]) + "\n")
    print(f"vendored pyodide@{version}: {', '.join(files)}")


def wheel(dest: Path) -> str:
    """Build the project's wheel into ``dest``; return its file name."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                        "-w", tmp, str(REPO)], check=True)
        (built,) = Path(tmp).glob("pasyans-*.whl")
        shutil.copyfile(built, dest / built.name)
        return built.name


def game_text(gid: str, cls: Any) -> dict[str, Any]:
    """What :class:`pasyans.session.StoredText` reads for one game: the three layers, the annotated
    sentences, each sentence's text, and the apparatus notes (clean HTML, as the notebook's table has it)."""
    from pasyans import texts
    from pasyans.widgets import textsource

    data: dict[str, Any] = {"html": {gid: {}}, "annotated": {gid: {}}, "sentences": {gid: {}},
                            "notes_for": {}, "notes": {}}
    for layer, _, _ in LAYERS:
        data["html"][gid][layer] = textsource.html(gid, layer)
        data["annotated"][gid][layer] = list(textsource.annotated(gid, layer))
        sentences = textsource.sentences(gid, layer)
        data["sentences"][gid][layer] = sentences
        for sid in sentences:
            notes = textsource.notes_for(sid)
            if notes:
                data["notes_for"][sid] = notes
    ids = [n.id for n in texts.notes(gid)] + [o.note for o in cls.OPTIONS if getattr(o, "note", None)]
    for nid in dict.fromkeys(ids):
        n = textsource.note(nid)
        if n is not None:
            data["notes"][nid] = n
    return data


def _json_in_html(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def _page(title: str, body: str, head: str = "") -> str:
    return (f'<!doctype html>\n<html lang="ru">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{html.escape(title)}</title>\n<link rel="stylesheet" href="site.css">\n{head}</head>\n'
            f"<body>\n{body}\n</body>\n</html>\n")


def game_page(gid: str, cls: Any, wheel_name: str) -> str:
    """One game's page: the text at once (three layers, apparatus), the table once Python is ready."""
    data = game_text(gid, cls)
    layers = "".join(
        f'<details{" open" if i == 0 else ""} class="pz-layer-{layer}"><summary>{html.escape(ru)} · '
        f'{html.escape(en)}</summary>\n<div class="pz-textbody">{data["html"][gid][layer]}</div></details>\n'
        for i, (layer, ru, en) in enumerate(LAYERS))
    notes = "".join(f'<div class="pz-note" id="note-{html.escape(nid, quote=True)}">{n["html"]}</div>\n'
                    for nid, n in data["notes"].items())
    title = f"{cls.title_ru} · {cls.title_en}"
    body = (f'<nav><a href="index.html">Пасьянсы · Pasyans</a></nav>\n<h1>{html.escape(title)}</h1>\n'
            f'<p id="pz-engine" role="status">Загружается движок (Python в странице)… · '
            f"Loading the engine (Python in the page)…</p>\n"
            f'<div id="pz-table" data-game="{gid}" data-deal="{DEAL}" data-layer="modern" data-lang="ru" '
            f'data-wheel="{html.escape(wheel_name, quote=True)}"></div>\n'
            f'<section class="pz-pretext" aria-label="the text">\n{layers}'
            f'<section class="pz-apparatus"><h2>Аппарат · Apparatus</h2>\n{notes}</section>\n</section>\n'
            f'<script type="application/json" id="pz-data">{_json_in_html(data)}</script>\n'
            f'<script type="module" src="play.js"></script>')
    return _page(title, body, '<link rel="stylesheet" href="table.css">\n')


def index_page(games: dict[str, Any]) -> str:
    items = "".join(f'<li><a href="{gid}.html">{html.escape(cls.title_ru)}</a> '
                    f'<span class="en">· {html.escape(cls.title_en)}</span></li>\n' for gid, cls in games.items())
    body = ("<h1>Пасьянсы · Pasyans</h1>\n"
            "<p>Критическое издание четырёх сборников правил пасьянса XIX века; каждая игра — текст правил "
            "рядом со столом, на котором играет движок издания (Python в странице, без установки).</p>\n"
            "<p>A critical edition of four 19th-century Russian books of patience rules: each game's text "
            "beside a table played by the edition's own engine, running in the page (Pyodide: Python in "
            "WebAssembly). Nothing to install; after the first visit nothing more is fetched.</p>\n"
            f'<ul class="pz-games">\n{items}</ul>\n')
    return _page("Пасьянсы · Pasyans", body)


def build(site: Path, games: list[str] | None = None, vendor_dir: Path = VENDOR) -> None:
    """The playing site of ``games`` (default: all eleven) in ``site``, built afresh."""
    import pasyans

    vendor(vendor_dir)
    if site.exists():
        shutil.rmtree(site)
    (site / "pyodide").mkdir(parents=True)
    for name in PYODIDE[2]:
        shutil.copyfile(vendor_dir / name, site / "pyodide" / name)
    wheel_name = wheel(site)
    shutil.copyfile(WIDGETS / "table.js", site / "table.js")
    shutil.copyfile(WIDGETS / "table.css", site / "table.css")
    for name in ("play.js", "engine.js", "site.css"):
        shutil.copyfile(WIDGETS / "site" / name, site / name)
    chosen = {g: pasyans.GAMES[g] for g in (games or pasyans.GAMES)}
    for gid, cls in chosen.items():
        (site / f"{gid}.html").write_text(game_page(gid, cls, wheel_name), encoding="utf-8")
    (site / "index.html").write_text(index_page(chosen), encoding="utf-8")
    print(makeup(site))
    print(f"serve it: pasyans site {site} --serve, then open http://127.0.0.1:8000/")


def makeup(site: Path) -> str:
    """The site's size and what it is made of."""
    files = [p for p in site.rglob("*") if p.is_file()]
    groups: dict[str, int] = {}
    for p in files:
        kind = ("pyodide" if p.parent.name == "pyodide" else "wheel" if p.suffix == ".whl"
                else "pages" if p.suffix == ".html" else "scripts and styles")
        groups[kind] = groups.get(kind, 0) + p.stat().st_size
    total = sum(groups.values())
    parts = ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(groups.items(), key=lambda kv: -kv[1]))
    return f"site: {site} — {len(files)} files, {total / 1e6:.2f} MB: {parts}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="vendor pyodide, build the wheel, write the pages")
    b.add_argument("site", type=Path)
    b.add_argument("games", nargs="*", help="default: every game of the edition")
    b.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1")
    b.add_argument("--port", type=int, default=8000)
    v = sub.add_parser("vendor", help="fetch the pinned pyodide from npm")
    v.add_argument("dest", type=Path)
    s = sub.add_parser("serve", help="serve a built site on 127.0.0.1")
    s.add_argument("site", type=Path)
    s.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    if args.cmd == "vendor":
        vendor(args.dest)
        return
    if args.cmd == "build":
        build(args.site, args.games)
        if not args.serve:
            return
    from pasyans import site_server
    from pasyans.errors import PasyansError

    try:
        site_server.serve(args.site, args.port)
    except PasyansError as e:
        sys.exit(f"play_site: error: {e}")


if __name__ == "__main__":
    main()
