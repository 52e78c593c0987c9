"""A plain (not editable) install ships the edition's texts, statistics and widget files."""
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_carries_the_package_data(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("pasyans-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for xml in ("000.xml", "001.xml", "002.xml", "004.xml"):
        assert f"pasyans/edition/{xml}" in names
    for txt in (ROOT / "texts" / "witnesses").glob("*.txt"):
        assert f"pasyans/edition/witnesses/{txt.name}" in names
    assert "pasyans/games/clock.py" in names
    assert "pasyans/edition/stats/braid.json" in names
    assert any(n.startswith("pasyans/widgets/") and n.endswith(".js") for n in names)
    assert not any(n.startswith(("kernel/", "widgets/", "texts/")) for n in names), "no generic top-level names"
