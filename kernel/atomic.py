"""Files written whole or not at all: a temporary file in the same folder, renamed over the target."""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO


def write_atomic(path: str | Path, write: Callable[[IO[str]], object], *, newline: str | None = None,
                 parents: bool = True) -> Path:
    """Call ``write(f)`` on a new text file (UTF-8) and put it at ``path`` only when it returns:
    a failure (a full disk, an exception in ``write``) leaves any earlier file at ``path`` whole.
    A missing folder is created unless ``parents`` is false. Returns ``path``."""
    path = Path(path)
    if parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return path


def write_text(path: str | Path, text: str, *, parents: bool = True) -> Path:
    """Write ``text`` at ``path`` atomically (see :func:`write_atomic`)."""
    return write_atomic(path, lambda f: f.write(text), parents=parents)

