"""Where the edition's data lies: inside the installed package, or beside it in a checkout."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def edition_dir() -> Path:
    """The folder holding the TEI files, witnesses and statistics (``texts/`` in the repo)."""
    for candidate in (_HERE / "edition", _HERE.parent / "texts"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the edition's texts are missing: reinstall pasyans")


def notebooks_dir() -> Path:
    """The folder holding the edition's notebooks (``notebooks/`` in the repo)."""
    for candidate in (_HERE / "notebooks", _HERE.parent / "notebooks"):
        if candidate.is_dir() and any(candidate.glob("*.ipynb")):
            return candidate
    raise FileNotFoundError("the edition's notebooks are missing: reinstall pasyans")
