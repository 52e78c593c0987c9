"""The player's own record: games played and won, and winning streaks, per game and reading.

Kept in one small JSON file, ``record.json``, in the user's data directory (``platformdirs``),
or in the folder named by the environment variable ``PASYANS_DATA_DIR`` (tests use it, so they
never touch the real one). Like PySolFC's statistics, counted as follows:

* A *game* is one deal under one reading at a table, from the moment the table starts it (a new
  deal, a loaded record, a change of reading) until the table leaves it.
* It counts as **played** when the player makes its first move at the table (a move played,
  stepped, redone or compulsory; a position loaded or replayed is not a move of theirs). It is
  counted then, once: a game left unfinished is a game played and not won.
* It counts as **won** when it first reaches the goal, once, however often undo and redo cross it,
  unless the player stepped through a loaded line (a solver's) in it: that win is not theirs.
  Only the player's actions at the table count (``Table.handle``); notebook code calling
  ``Table.play`` is a demonstration, not a game of the player's.
* The **streak** is the number of games won in a row. It breaks as soon as a game is played (so
  a game abandoned, lost or still open leaves it at 0) and is restored plus one when that game is
  won; ``best_streak`` is the longest there has been.

The file is written atomically (:mod:`pasyans.atomic`: a temporary file in the same folder, then
a rename). A file that cannot be read as a record is set aside as ``record.json.corrupt`` (once; an older copy there is
replaced) and the record starts again empty; an entry of the wrong shape is dropped alone.
"""
from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .atomic import write_text
from .errors import PasyansError

FORMAT = "pasyans-player-record/1"
FILE = "record.json"
ENV = "PASYANS_DATA_DIR"
FIELDS = ("played", "won", "streak", "best_streak")


def data_dir() -> Path:
    """The folder of the player's record: ``$PASYANS_DATA_DIR`` or the user data directory."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("pasyans", appauthor=False))


def reading_key(options: Mapping[str, Any]) -> str:
    """A reading as a stable text key: ``name=value`` pairs sorted by name, ``;``-joined."""
    return ";".join(f"{k}={options[k]}" for k in sorted(options))


def _entry(value: Any) -> dict[str, int] | None:
    if not isinstance(value, dict):
        return None
    out = {}
    for k in FIELDS:
        v = value.get(k, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            return None
        out[k] = v
    if out["won"] > out["played"] or out["streak"] > out["best_streak"] or out["streak"] > out["won"]:
        return None
    return out


def empty() -> dict[str, int]:
    return dict.fromkeys(FIELDS, 0)


class RecordBook:
    """The record file in ``folder`` (default :func:`data_dir`). Each change reads the file
    afresh, updates one entry and writes it back, so tables open side by side do not undo
    each other's counts."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / FILE
        self.problem = ""  # why the last read found the file unusable, if it did

    # ---- reading ------------------------------------------------------------------------------
    def load(self) -> dict[str, dict[str, dict[str, int]]]:
        """game id -> reading key -> entry; a missing or unreadable file reads as empty."""
        self.problem = ""
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as e:
            self.problem = f"cannot read {self.path}: {e.strerror or e}"
            return {}
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            data = None
        if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("games"), dict)):
            self.problem = f"{self.path} is not a player's record; it was set aside as {FILE}.corrupt"
            self._set_aside()
            return {}
        out: dict[str, dict[str, dict[str, int]]] = {}
        for gid, readings in data["games"].items():
            if not isinstance(readings, dict):
                continue
            for key, value in readings.items():
                entry = _entry(value)
                if entry is not None and isinstance(key, str):
                    out.setdefault(str(gid), {})[key] = entry
        return out

    def _set_aside(self) -> None:
        with contextlib.suppress(OSError):
            os.replace(self.path, self.path.with_name(FILE + ".corrupt"))

    def entry(self, game: str, options: Mapping[str, Any]) -> dict[str, int]:
        """The record of ``game`` under the reading ``options`` (zeros when none)."""
        return dict(self.load().get(game, {}).get(reading_key(options), empty()))

    # ---- writing ------------------------------------------------------------------------------
    def _update(self, game: str, options: Mapping[str, Any], change: Any) -> dict[str, int]:
        games = self.load()
        key = reading_key(options)
        e = games.setdefault(game, {}).setdefault(key, empty())
        change(e)
        e["best_streak"] = max(e["best_streak"], e["streak"])
        doc = {"format": FORMAT, "games": games}
        try:
            write_text(self.path, json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
        except OSError as err:
            raise PasyansError(f"the player's record could not be written to {self.path}: "
                               f"{err.strerror or err}") from None
        return dict(e)

    def played(self, game: str, options: Mapping[str, Any]) -> tuple[dict[str, int], int]:
        """Count a game as played; returns the entry and the streak it broke (to restore on a win)."""
        carried = [0]

        def change(e: dict[str, int]) -> None:
            carried[0] = e["streak"]
            e["played"] += 1
            e["streak"] = 0

        return self._update(game, options, change), carried[0]

    def won(self, game: str, options: Mapping[str, Any], carried: int) -> dict[str, int]:
        """Count a played game as won: the streak it broke comes back, one longer."""

        def change(e: dict[str, int]) -> None:
            e["won"] = min(e["played"], e["won"] + 1)
            e["streak"] = min(e["won"], carried + 1)

        return self._update(game, options, change)


def report(book: RecordBook, game: str | None = None, lang: str = "en") -> list[str]:
    """The record as lines of text (for ``pasyans record``)."""
    from .registry import GAMES

    games = book.load()
    lines = []
    if book.problem:
        lines.append(book.problem)
    head = ("игра", "чтение", "сыграно", "выиграно", "подряд", "лучшая серия") if lang == "ru" else (
        "game", "reading", "played", "won", "streak", "best streak")
    rows = []
    for gid in sorted(games):
        if game is not None and gid != game:
            continue
        for key in sorted(games[gid]):
            e = games[gid][key]
            title = GAMES[gid].title_ru if gid in GAMES and lang == "ru" else gid
            rows.append((title, key or "—", *map(str, (e[k] for k in FIELDS))))
    if not rows:
        lines.append("ещё ни одной партии" if lang == "ru" else "no games yet")
        return lines
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        lines.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    return lines
