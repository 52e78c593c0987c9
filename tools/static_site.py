"""The edition as a static site that opens from ``file://`` with no network and no kernel.

``make site`` runs ``build SITE``: the two steps below around nbconvert, which executes every
notebook (keeping the widget state, where each table's recorded line travels) and exports it
with its scripts pointed at the vendored files (``--HTMLExporter.require_js_url``,
``--HTMLExporter.widget_renderer_url``):

* ``vendor DIR`` — fetch the three front-end files the pages need from the npm registry at the
  pinned versions below (``npm pack``: one tarball each, no dependency tree), check each tarball's
  integrity against its pin, and keep only the file the site uses. anywidget's front end must be
  the version of the installed Python package (its model asks for ``~0.11.*``).
* ``finish SITE --vendor DIR`` — after nbconvert, copy the vendored files and the TEI texts in,
  turn the notebooks' links into links between the pages, check that every link and script of
  every page resolves inside the site, and print the site's size and makeup.

The vendored files are not committed (``build/`` is ignored): ``embed-amd.js`` alone is 3.5 MB,
and a make target that fetches pinned, integrity-checked tarballs reproduces them exactly.
"""
from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
VENDOR = REPO / "build" / "vendor"

#: npm package -> (version, integrity of its tarball, file in the tarball, where the site keeps it)
PINS: dict[str, tuple[str, str, str, str]] = {
    "@jupyter-widgets/html-manager": (
        "1.0.15",
        "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
        "package/dist/embed-amd.js", "vendor/embed-amd.js"),
    "requirejs": (
        "2.3.8",
        "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
        "package/require.js", "vendor/require.js"),
    # html-manager asks require.js for the module "anywidget": it resolves to ./anywidget.js
    "anywidget": (
        "0.11.0",
        "sha512-LHZgW2j5UjyerZSZcO+BtZPXGMSORQV2bUT480hOR5x/BXS8sOradi/71amJfMueSEnKX0dqPwTfsOGHTsyZpQ==",
        "package/dist/index.js", "anywidget.js"),
}
_LINK = re.compile(r'(\s(?:href|src)=")([^"#?]*)([^"]*)"')


def _python_anywidget() -> str:
    import anywidget

    return str(anywidget.__version__)


def vendor(dest: Path) -> None:
    """Fetch, check and unpack the pinned front-end files into ``dest`` (skipped when present)."""
    version = _python_anywidget()
    if PINS["anywidget"][0] != version:
        sys.exit(f"anywidget {version} is installed but the site pins its front end at {PINS['anywidget'][0]}: "
                 "update PINS in tools/static_site.py (version and the tarball's integrity from `npm pack --json`)")
    stamp = dest / "pins.json"
    wanted = {name: pin[:2] for name, pin in PINS.items()}
    if stamp.exists() and json.loads(stamp.read_text()) == wanted and all(
            (dest / pin[3]).exists() for pin in PINS.values()):
        return
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        specs = [f"{name}@{pin[0]}" for name, pin in PINS.items()]
        out = subprocess.run(["npm", "pack", "--json", "--pack-destination", tmp, *specs],
                             check=True, capture_output=True, text=True).stdout
        packed = {p["name"]: p for p in json.loads(out)}
        for name, (ver, integrity, member, keep) in PINS.items():
            got = packed[name]
            if got["version"] != ver or got["integrity"] != integrity:
                sys.exit(f"{name}@{ver}: the registry's tarball ({got['version']}, {got['integrity']}) "
                         "does not match the pin")
            with tarfile.open(Path(tmp) / got["filename"]) as tar:
                src = tar.extractfile(member)
                if src is None:
                    sys.exit(f"{name}@{ver} has no {member}")
                target = dest / keep
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(src.read())
            print(f"vendored {name}@{ver}: {keep} ({(dest / keep).stat().st_size:,} bytes)")
    stamp.write_text(json.dumps(wanted, indent=1) + "\n")


def _rewrite(page: str) -> str:
    """The notebooks' links as links between pages: ``x.ipynb`` -> ``x.html``, ``../texts/`` -> ``texts/``."""
    def fix(m: re.Match[str]) -> str:
        target = html.unescape(m.group(2))
        if target.endswith(".ipynb") and "/" not in target:
            target = target[: -len(".ipynb")] + ".html"
        elif target.startswith("../texts/"):
            target = target[len("../"):]
        return f'{m.group(1)}{html.escape(target, quote=True)}{m.group(3)}"'

    return _LINK.sub(fix, page)


def broken_links(site: Path, unbuilt: frozenset[str] = frozenset()) -> list[str]:
    """Every ``href``/``src`` of every page that points inside the site and does not resolve
    (links to the pages in ``unbuilt``, left out of a partial build, excepted)."""
    bad = []
    for page in sorted(site.glob("*.html")):
        for m in _LINK.finditer(page.read_text(encoding="utf-8")):
            target = html.unescape(m.group(2))
            if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target) or target in unbuilt:
                continue  # an anchor on the page itself, or data:, https:, mailto:
            if not (page.parent / target).exists():
                bad.append(f"{page.name}: {target}")
    return bad


def export(site: Path, notebooks: list[Path]) -> None:
    """Execute and export ``notebooks`` into ``site`` with nbconvert, scripts from ``vendor/``."""
    site.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute",
                    "--output-dir", str(site), "--ExecutePreprocessor.store_widget_state=True",
                    "--HTMLExporter.require_js_url=vendor/require.js",
                    "--HTMLExporter.widget_renderer_url=vendor/embed-amd.js",
                    "--HTMLExporter.mathjax_url=",  # the edition has no formulas; no request off the machine
                    *map(str, notebooks)], check=True)


def build(site: Path, notebooks: list[Path] | None = None, vendor_dir: Path = VENDOR) -> None:
    """The site of ``notebooks`` (default: the whole edition) in ``site``, built afresh."""
    every = sorted(NOTEBOOKS.glob("*.ipynb"))
    chosen = notebooks or every
    vendor(vendor_dir)
    if site.exists():
        shutil.rmtree(site)
    export(site, chosen)
    left_out = frozenset(f"{p.stem}.html" for p in every) - {f"{p.stem}.html" for p in chosen}
    finish(site, vendor_dir, left_out)


def finish(site: Path, vendor_dir: Path, unbuilt: frozenset[str] = frozenset()) -> None:
    """Copy the vendored files and the texts in, rewrite and check the links, print the makeup."""
    for pin in PINS.values():
        target = site / pin[3]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(vendor_dir / pin[3], target)
    texts = site / "texts"
    shutil.copytree(REPO / "texts", texts, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.py", "__pycache__", "stats"))
    for page in site.glob("*.html"):
        page.write_text(_rewrite(page.read_text(encoding="utf-8")), encoding="utf-8")
    bad = broken_links(site, unbuilt)
    if bad:
        sys.exit("broken links in the site:\n  " + "\n  ".join(bad))
    pages = sorted(site.glob("*.html"))
    size = lambda paths: sum(p.stat().st_size for p in paths)  # noqa: E731
    scripts = [site / pin[3] for pin in PINS.values()]
    text_files = [p for p in texts.rglob("*") if p.is_file()]
    print(f"site: {site} — {len(pages)} pages {size(pages) / 1e6:.1f} MB, scripts {size(scripts) / 1e6:.1f} MB, "
          f"texts {len(text_files)} files {size(text_files) / 1e6:.1f} MB")
    print(f"open {(site / 'index.html').resolve().as_uri()}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="vendor, execute and export the notebooks, finish the site")
    b.add_argument("site", type=Path)
    b.add_argument("notebooks", type=Path, nargs="*", help="default: every notebook of the edition")
    v = sub.add_parser("vendor", help="fetch the pinned front-end files from npm")
    v.add_argument("dest", type=Path)
    f = sub.add_parser("finish", help="complete an exported site: scripts, texts, links")
    f.add_argument("site", type=Path)
    f.add_argument("--vendor", type=Path, required=True)
    args = ap.parse_args(argv)
    if args.cmd == "build":
        build(args.site, args.notebooks)
    elif args.cmd == "vendor":
        vendor(args.dest)
    else:
        finish(args.site, args.vendor)


if __name__ == "__main__":
    main()
