"""A plain (not editable) install is the whole edition: texts, statistics, widget files, notebooks."""
import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    for stale in ("lib", "bdist.linux-x86_64"):  # an in-tree build must not ship files since removed
        shutil.rmtree(ROOT / "build" / stale, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(ROOT)], check=True, capture_output=True)
    return next(out.glob("pasyans-*.whl"))


def test_wheel_carries_the_package_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        assert f"pasyans/notebooks/{nb.name}" in names
    assert "pasyans/py.typed" in names
    for xml in ("000.xml", "001.xml", "002.xml", "004.xml"):
        assert f"pasyans/edition/{xml}" in names
    for txt in (ROOT / "texts" / "witnesses").glob("*.txt"):
        assert f"pasyans/edition/witnesses/{txt.name}" in names
    assert "pasyans/games/clock.py" in names
    assert "pasyans/edition/stats/braid.json" in names
    assert any(n.startswith("pasyans/widgets/") and n.endswith(".js") for n in names)
    assert not any(n.startswith(("kernel/", "widgets/", "texts/")) for n in names), "no generic top-level names"



def _run(*argv: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert proc.returncode == 0, f"{argv}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


def _wheelhouse(wheel: Path) -> Path:
    """Wheels of everything a plain install and nbval need, built once per pyproject and
    constraints (kept in build/), so that each run installs into its fresh venv offline."""
    key = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes())
    house = ROOT / "build" / f"wheelhouse-{key.hexdigest()[:12]}"
    if not house.is_dir():
        partial = house.with_name(house.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        _run(sys.executable, "-m", "pip", "wheel", "-q", "-c", ROOT / "constraints.txt", "-w", partial,
             wheel, "nbval", "ipykernel")
        for built in partial.glob("pasyans-*.whl"):
            built.unlink()  # the edition itself comes from this run's wheel
        for old in house.parent.glob("wheelhouse-*"):  # those of earlier pyprojects or constraints
            if old != partial:
                shutil.rmtree(old, ignore_errors=True)
        partial.rename(house)
    return house


@pytest.mark.wheel
def test_pip_install_pasyans_is_the_edition(wheel, tmp_path):
    """Build the wheel, install it into a fresh venv (no editable checkout on the path), copy
    the notebooks out with `pasyans notebooks`, and run them under nbval there."""
    house = _wheelhouse(wheel)
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    py = venv / "bin" / "python"
    _run(py, "-m", "pip", "install", "-q", "--no-index", "--find-links", house, wheel, "nbval", "ipykernel")
    where = _run(py, "-c", "import pasyans; print(pasyans.__file__)", cwd=tmp_path).stdout
    assert str(venv) in where and str(ROOT) not in where
    _run(venv / "bin" / "pasyans", "notebooks", tmp_path / "nb", cwd=tmp_path)
    assert len(list((tmp_path / "nb").glob("*.ipynb"))) == len(list((ROOT / "notebooks").glob("*.ipynb")))
    _run(py, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", ROOT / "tests" / "nbval-sanitize.cfg", tmp_path / "nb", cwd=tmp_path)
