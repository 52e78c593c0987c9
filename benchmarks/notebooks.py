"""How long the notebook suite takes: each notebook run top to bottom on a fresh kernel."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def main() -> None:
    total = 0.0
    print(f"{'notebook':20} {'seconds':>8}")
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        client = NotebookClient(nb, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(NOTEBOOKS)}})
        client.execute()
        took = time.perf_counter() - start
        total += took
        print(f"{path.stem:20} {took:8.1f}", flush=True)
    print(f"{'all':20} {total:8.1f}   (aim: under 300 s on 2 cores)")
    sys.exit(0)


if __name__ == "__main__":
    main()
