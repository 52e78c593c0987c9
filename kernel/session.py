"""A table session: one game of the edition at a table, driven by intents, with no Jupyter import.

The engine owns the game; the session turns each *intent* from a page (play, undo, hint, change a
reading, new deal, load a record, lang, ...: :mod:`.protocol`) into engine calls and keeps what a
page draws: ``board`` (the layout, once per game), ``view`` (the position, legal moves, status),
``text_html`` (the text), ``message``, ``frames`` and the small observable fields. Every intent
gets a reply (:meth:`Session.handle`); a refused one changes nothing.

A transport listens (:meth:`Session.listen`) and carries the changed fields to the page: the
anywidget ``pasyans.widgets.Table`` through traitlets and its comm, the static site through
Pyodide. The text comes from a :class:`TextSource` (the widgets' cleaned HTML in a kernel, a
table pre-rendered at build on the site).

>>> from pasyans.session import Session
>>> s = Session("clock", deal=7)
>>> s.handle({"action": "advance"})["ok"]      # doctest: +SKIP
"""
from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import pasyans
from pasyans import frames, geometry, human, i18n
from pasyans.atomic import write_text
from pasyans.cards import CARDS
from pasyans.errors import IllegalMove, InvalidMove, PasyansError, RecordError
from pasyans.game import DEAL_MAX, DEAL_MIN, Game
from pasyans.move import Move
from pasyans.protocol import ACTIONS, LAYERS, MAX_RECORD_CHARS, ProtocolError, validate
from pasyans.record_book import RecordBook

NEW_DEAL_MAX = 1_000_000  # "new deal" picks from 1..NEW_DEAL_MAX (any number in range can be typed)
RANK_RU = {1: "Т", 11: "В", 12: "Д", 13: "К"}
MAX_MESSAGE = 2000  # characters of a refusal shown to the reader
#: The solver's budget for a line asked from the table (states, CPU seconds): the notebooks' own
#: (each loads ``pasyans.solve(game, budget_states=20000)``), a few seconds at most in the page's worker.
SOLVE_STATES, SOLVE_SECONDS = 20_000, 8.0
_log = logging.getLogger(__name__)


def _sendable(text: str) -> str:
    """``text`` as the page may get it: encodable (a lone surrogate becomes "?") and short."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 1] + "…"
#: Actions of the player that add a move of theirs to the game (for the player's record).
PLAYER_MOVES = frozenset({"play", "try", "step", "advance", "redo"})


class Refusal(IllegalMove):
    """An illegal move the table explains itself, in both languages."""

    def __init__(self, en: str, ru: str) -> None:
        super().__init__(en)
        self.ru = ru


def _plural_ru(n: int, forms: tuple[str, str, str]) -> str:
    """``forms`` = (1 ход, 2 хода, 5 ходов)."""
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def _moves_text(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{n} {_plural_ru(n, ('ход', 'хода', 'ходов'))}"
    return f"{n} move{'' if n == 1 else 's'}"


def _jsonable(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return str(v)


def _read_record(path: Path) -> str:
    """The text of a record file; ``RecordError`` when it cannot be read, is too large or is not UTF-8."""
    shown = str(path) if len(str(path)) <= 80 else str(path)[:79] + "…"
    try:
        with open(path, "rb") as f:
            data = f.read(4 * MAX_RECORD_CHARS + 1)
    except (OSError, ValueError) as e:  # missing, a folder, no permission, a name too long or with NUL
        raise RecordError(f"cannot read the record {shown!r}: {getattr(e, 'strerror', None) or e}") from None
    if len(data) > 4 * MAX_RECORD_CHARS:
        raise RecordError(f"{shown!r} is too large to be a game record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{shown!r} is not a game record (not UTF-8 text: byte {e.start})") from None


def _landing(layout: Any, piles: dict[str, Any], move: Move) -> list[list[float]]:
    """Where each step's card will lie once ``move`` is played (``[x, y, rotate]``), so the page
    can show the move at the click, before the kernel's new position arrives."""
    spots = {s.pile: s for s in layout.spots}
    added: dict[str, int] = {}
    out: list[list[float]] = []
    for _c, src, dst in move.steps:
        spot = spots.get(dst)
        if spot is None or dst not in piles:
            out.append([])
            continue
        n = len(piles[dst].cards) + added.get(dst, 0) - added.get(f"-{dst}", 0)
        added[dst] = added.get(dst, 0) + 1
        added[f"-{src}"] = added.get(f"-{src}", 0) + 1
        x, y = geometry.card_xy(spot, n, n + 1)
        out.append([round(x, 4), round(y, 4), spot.rotate])
    return out


def _top_index(cards: tuple, card: int) -> int:
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == card:
            return i
    return -1



class TextSource(Protocol):
    """Where a session gets the game's text and apparatus (clean HTML, JSON-ready notes)."""

    def html(self, game: str, layer: str) -> str: ...
    def annotated(self, game: str, layer: str) -> Iterable[str]: ...
    def sentences(self, game: str, layer: str) -> dict[str, str]: ...
    def notes_for(self, sid: str) -> list[dict[str, Any]]: ...
    def note(self, nid: str) -> dict[str, Any] | None: ...


class NoText:
    """No text: a session that only plays (the text is drawn elsewhere or not at all)."""

    def html(self, game: str, layer: str) -> str:
        return ""

    def annotated(self, game: str, layer: str) -> Iterable[str]:
        return ()

    def sentences(self, game: str, layer: str) -> dict[str, str]:
        return {}

    def notes_for(self, sid: str) -> list[dict[str, Any]]:
        return []

    def note(self, nid: str) -> dict[str, Any] | None:
        return None


class StoredText:
    """A text pre-rendered at build (the static site): ``{"html": {game: {layer: html}},
    "annotated": {game: {layer: [sid]}}, "sentences": {game: {layer: {sid: text}}},
    "notes_for": {sid: [note]}, "notes": {id: note}}``; what is missing is empty."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def _get(self, key: str, game: str, layer: str, empty: Any) -> Any:
        return self._data.get(key, {}).get(game, {}).get(layer, empty)

    def html(self, game: str, layer: str) -> str:
        return str(self._get("html", game, layer, ""))

    def annotated(self, game: str, layer: str) -> Iterable[str]:
        return tuple(self._get("annotated", game, layer, ()))

    def sentences(self, game: str, layer: str) -> dict[str, str]:
        return dict(self._get("sentences", game, layer, {}))

    def notes_for(self, sid: str) -> list[dict[str, Any]]:
        return list(self._data.get("notes_for", {}).get(sid, []))

    def note(self, nid: str) -> dict[str, Any] | None:
        return self._data.get("notes", {}).get(nid)


#: The fields a page draws or a notebook observes; a transport gets each change of them.
SYNCED = ("board", "view", "text_html", "annotated", "message", "frames", "game_id", "deal", "layer", "lang",
          "highlight", "move_count", "status", "turn", "last_move", "line_length", "line_position")
Listener = Callable[[dict[str, Any]], None]


class Session:
    """One game at a table: ``Session("braid", deal=7, **options)`` or ``Session(game)``."""

    # what a page draws (:data:`SYNCED`; only the session writes these)
    board: dict[str, Any]
    view: dict[str, Any]
    text_html: str
    annotated: list[str]
    message: dict[str, Any]
    frames: dict[str, Any]
    game_id: str
    deal: int
    layer: str
    lang: str
    highlight: list[str]
    move_count: int
    status: str
    turn: str
    last_move: str
    line_length: int
    line_position: int
    _pending: dict[str, Any]
    _held: int
    _listeners: list[Listener]

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in SYNCED and "_pending" in self.__dict__:
            self._pending[name] = value
            if not self._held:
                self._flush()

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """The changes made inside reach the listeners once, at the end."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                self._flush()

    def _flush(self) -> None:
        changes, self._pending = self._pending, {}
        if changes:
            for listener in list(self._listeners):
                listener(changes)

    def listen(self, listener: Listener) -> None:
        """Call ``listener(changes)`` (a dict of the :data:`SYNCED` fields that changed) after each change."""
        self._listeners.append(listener)

    def state(self) -> dict[str, Any]:
        """Every :data:`SYNCED` field as it is now."""
        return {k: getattr(self, k) for k in SYNCED}

    def __init__(self, game: str | Game = "clock", deal: int = 1, *, layer: str = "modern",
                 lang: str | None = None, record: bool | str | Path = True, text: TextSource | None = None,
                 **options: Any) -> None:
        """``lang`` is the table's language ("ru" or "en"); by default it follows the text's layer
        (English for the English layer, Russian otherwise). ``record``: keep the player's record
        (:mod:`pasyans.record_book`) in its usual folder (True), in this folder, or not at all (False)."""
        if layer not in LAYERS:
            raise pasyans.BadOption(f"layer must be one of {', '.join(LAYERS)}, not {layer!r}")
        if lang is None:
            lang = "en" if layer == "english" else "ru"
        if lang not in i18n.LANGS:
            raise pasyans.BadOption(f"lang must be 'en' or 'ru', not {lang!r}")
        g = game if isinstance(game, Game) else pasyans.new_game(game, deal, **options)
        self._listeners = []
        self._held = 0
        self._text: TextSource = text if text is not None else NoText()
        for k, v in (("board", {}), ("view", {}), ("text_html", ""), ("annotated", []), ("message", {}),
                     ("frames", {}), ("game_id", ""), ("deal", 1), ("highlight", []), ("move_count", 0),
                     ("status", "playing"), ("turn", ""), ("last_move", ""), ("line_length", 0),
                     ("line_position", -1)):
            setattr(self, k, v)
        self._pending = {}
        self._seq = 0
        self._msg_n = 0
        self.line_frames = True  # load_line keeps each frame of the line (an exported page steps through them)
        self._line: list[Move] = []
        self._line_base = 0
        self._hint: Move | None = None
        self._hint_kind = ""
        self._message: dict[str, str] | None = None  # {"kind", "en", "ru"}: cleared when the position changes
        self._defer: list[dict] | None = None         # inside handle(): the syncs asked for, done once at its end
        self._readings: list[dict] = []               # reading changes that undo can take back
        self._rec: dict[str, Any] = {"played": False, "won": False, "carried": 0, "assisted": False}
        self._book: RecordBook | None = None if record is False else RecordBook(None if record is True else record)
        self._book_entry: dict[str, int] | None = None
        self.lang = lang
        self.layer = layer
        self._set_game(g)

    # ---- the game -----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine's game this table shows (play on it, then call :meth:`refresh`)."""
        return self._game

    @game.setter
    def game(self, g: Game) -> None:
        if not isinstance(g, Game):
            raise TypeError(f"a table shows a pasyans game, not {type(g).__name__}")
        self._set_game(g)

    def _set_game(self, g: Game, keep_readings: bool = False) -> None:
        self._game = g
        self._line, self._line_base = [], 0
        self._hint = None
        if not keep_readings:
            self._readings = []
        self._rec = {"played": False, "won": False, "carried": 0, "assisted": False}
        self._book_entry = None
        layout = g.layout()
        with self._batch():
            self.frames = {}
            self.game_id = g.id
            self.deal = g.deal or 0
            self.board = layout.to_dict()
            self._set_text()
            self._sync(highlight=self._cites_of_last())

    def _set_text(self) -> None:
        self.text_html = self._text.html(self._game.id, self.layer)
        self.annotated = list(self._text.annotated(self._game.id, self.layer))

    def refresh(self) -> None:
        """Redraw after the game was changed directly through :attr:`game`."""
        self._sync(highlight=self._cites_of_last())

    # ---- the view sent to the browser --------------------------------------------------------
    def _cites_of_last(self) -> list[str]:
        moves = self._game.moves
        return list(moves[-1].cites) if moves else []

    def _card_label(self, card: Any, up: bool, pile_label: str, i: int, n: int, fanned: bool) -> str:
        ru = self.lang == "ru"
        if not up:
            return (f"карта рубашкой вверх, {pile_label}, карт: {n}" if ru
                    else f"card face down, {pile_label}, {n} card{'s' if n != 1 else ''}")
        where = "" if not (fanned and n > 1) else f", {i + 1} из {n}" if ru else f", card {i + 1} of {n}"
        if ru:
            return f"{card.name('ru')}, лицом вверх, {pile_label}{where}"
        return f"{card.name('en')}, face up, {pile_label}{where}"

    def _build_view(self, anim: list | None = None) -> dict:
        g = self._game
        ru = self.lang == "ru"
        layout, piles = self._table()
        placed = geometry.visible_placements(layout, piles)
        labels = {s.pile: (s.label_ru if ru else s.label_en) for s in layout.spots}
        fans = {s.pile: s.fan != "none" for s in layout.spots}
        cards = []
        for p in placed:
            n = len(piles[p.pile].cards)
            d = {"p": p.pile, "i": p.index, "x": p.x, "y": p.y, "w": p.w, "h": p.h, "r": p.rotate,
                 "up": p.face_up, "a": self._card_label(p.card, p.face_up, labels[p.pile], p.index, n, fans[p.pile])}
            if p.face_up:
                c = p.card
                rank = c.rank
                d.update(c=c.ascii, red=c.red,
                         rk=(RANK_RU.get(rank) if ru else None) or ("10" if rank == 10 else c.ascii[0]),
                         st="♠♥♦♣"[c.suit], fc=rank > 10)
            cards.append(d)
        pile_info = {name: {"n": len(v.cards), "down": v.down, "label": labels.get(name, name)}
                     for name, v in piles.items()}
        lang = self.lang
        legal = []
        for m in g.legal_moves():
            steps = []
            for c, s, dst in m.steps:
                src = piles.get(s)
                steps.append([s, _top_index(src.cards, c) if src else -1, dst])
            legal.append({"k": m.kind, "label": human.describe(g, m, lang, piles=piles), "forced": m.forced,
                          "steps": steps, "cites": list(m.cites)})
        for d, m in zip(legal, g.legal_moves()):
            d["to"] = _landing(layout, piles, m)
        last = None
        if g.moves:
            m = g.moves[-1]
            last = {"label": human.describe(g, m, lang, after=True, piles=piles), "cites": list(m.cites),
                    "notes": list(m.notes), "n": m.notation}
        info = {k: _jsonable(v) for k, v in g.info().items()}
        extras = []
        for k, v in info.items():
            if k in ("status", "turn", "moves", "cards_left") or v is None or v == [] or v == "" or v == {}:
                continue
            extras.append([i18n.info_label(k, lang), i18n.info_value(v, lang)])
        pos = self._line_pos()
        hint = None
        if self._hint is not None:
            for i, m in enumerate(g.legal_moves()):
                if m == self._hint:
                    hint = {"index": i, "kind": self._hint_kind}
        w, h = geometry.extent(layout, piles)
        groups = [{"name": f["name"], "label": f["label"], "frames": [list(b) for b in f["frames"]],
                   "lbox": list(f["label_box"]) if f["label_box"] else None, "lrot": f["label_rot"]}
                  for f in geometry.group_frames(layout, piles, "ru" if ru else "en")]
        return {
            "seq": self._seq, "game": g.id, "title_ru": g.title_ru, "title_en": g.title_en, "deal": g.deal,
            "packs": g.packs, "lang": self.lang, "extent": [round(w, 3), round(h, 3)], "groups": groups,
            "cards": cards, "piles": pile_info, "legal": legal, "last": last, "anim": anim or [],
            "status": g.status, "turn": g.turn, "turn_label": i18n.player(g.turn, lang), "moves": len(g.moves),
            "cards_left": info.get("cards_left"),
            "extras": extras, "can_undo": self._can_undo(), "can_redo": g.can_redo,
            "line": None if not self._line else {"pos": -1 if pos is None else pos, "len": len(self._line)},
            "hint": hint,
            "options": [{"name": o.name, "choices": [str(c) for c in o.choices], "value": str(g.options[o.name]),
                         "default": str(o.default), "doc": i18n.option_doc(g.id, o, lang), "note": o.note,
                         "label": i18n.option_name(o.name, lang),
                         "choice_labels": [i18n.choice_text(c, lang) for c in o.choices]} for o in g.OPTIONS],
            "deal_range": [DEAL_MIN, DEAL_MAX], "layer": self.layer,
            "ui": i18n.ui(lang), "message": self._view_message(), "record": self._record_view(),
        }

    def _view_message(self) -> dict[str, str] | None:
        """``view["message"]``: the reply to the last action, else the end of the game, else None."""
        if self._message is not None:
            return {"kind": self._message["kind"], "text": self._message[self.lang]}
        g = self._game
        n = len(g.moves)
        ru = self.lang == "ru"
        if g.status == "won":
            return {"kind": "won", "text": (f"Пасьянс вышел: {_moves_text(n, 'ru')}." if ru
                                            else f"Won in {_moves_text(n, 'en')}: the patience came out.")}
        if g.status == "lost":
            if ru:
                text = "Ходов больше нет: пасьянс не вышел" + (f" ({_moves_text(n, 'ru')})." if n else ".")
                text += " Отмените ход, чтобы попробовать иначе." if self._can_undo() else ""
            else:
                text = "No legal move is left: the patience did not come out" + (
                    f" after {_moves_text(n, 'en')}." if n else ".")
                text += " Undo to try another way." if self._can_undo() else ""
            return {"kind": "stuck", "text": text}
        return None

    def _record_view(self) -> dict[str, int] | None:
        """``view["record"]``: the player's record of this game under this reading (None when not kept)."""
        if self._book is None:
            return None
        if self._book_entry is None:
            self._book_entry = self._book.entry(self._game.id, self._game.options)
        return dict(self._book_entry)

    def _can_undo(self) -> bool:
        """Undo can take back a move, or the last change of reading."""
        g = self._game
        return g.can_undo or bool(self._readings and len(g.moves) <= self._readings[-1]["mark"])

    def _sync(self, anim: list | None = None, highlight: list[str] | None = None) -> None:
        """Send the new position (the message of the last one is cleared)."""
        self._message = None
        if self._defer is not None:
            self._defer.append({"anim": anim, "highlight": highlight})
            return
        self._send_view(anim, highlight)

    def _send_view(self, anim: list | None = None, highlight: list[str] | None = None) -> None:
        g = self._game
        self._seq += 1
        pos = self._line_pos()
        with self._batch():
            if highlight is not None:
                self.highlight = list(highlight)
            self.view = self._build_view(anim)
            self.move_count = len(g.moves)
            self.status = g.status
            self.turn = g.turn or ""
            self.last_move = g.moves[-1].notation if g.moves else ""
            self.line_length = len(self._line)
            self.line_position = -1 if pos is None else pos

    def _say(self, text: str, level: str = "info") -> None:
        self._msg_n += 1
        self.message = {"text": _sendable(text), "level": level, "n": self._msg_n}

    def _set_message(self, kind: str, en: str, ru: str) -> None:
        """Show a message with the current position (``view["message"]``, same ``seq``)."""
        self._message = {"kind": kind, "en": en, "ru": ru}
        self.view = {**self.view, "message": self._view_message()}

    def _table(self) -> tuple[Any, dict[str, Any]]:
        """The game's layout and piles as they lie now, computed once per position (a move's
        animation and the view after it read them again: in the page's Python each costs)."""
        g = self._game
        at = (g, g.key())
        hit = self.__dict__.get("_table_at")
        if hit is None or hit[0][0] is not g or hit[0][1] is not at[1]:
            hit = self._table_at = (at, (g.layout(), g.piles))
        return hit[1]

    # ---- animation: where moved cards came from ---------------------------------------------
    def _positions_before(self, moves: Iterable[Move], reverse: bool) -> list[dict]:
        """For each step, the rectangle its card leaves (taken before the change)."""
        layout, piles = self._table()
        out = []
        for m in moves:
            for c, s, d in m.steps:
                frm = d if reverse else s
                if frm not in piles:
                    continue
                cards = piles[frm].cards
                i = _top_index(cards, c)
                if i < 0:
                    continue
                spot = layout.spot(frm)
                x, y = geometry.card_xy(spot, i, len(cards))
                out.append({"card": int(c), "to": s if reverse else d, "x": round(x, 4), "y": round(y, 4),
                            "r": spot.rotate})
        return out

    def _finish_anim(self, before: list[dict]) -> list[dict]:
        piles = self._table()[1]
        out = []
        for a in before:
            cards = piles[a["to"]].cards if a["to"] in piles else ()
            i = _top_index(cards, a["card"])
            if i >= 0:
                out.append({"p": a["to"], "i": i, "x": a["x"], "y": a["y"], "r": a["r"]})
        return out

    # ---- playing (Python API; each raises on a refusal and changes nothing) -------------------
    def play(self, move: Move | str) -> Move:
        """Play a legal move (a :class:`~pasyans.Move` or its notation)."""
        g = self._game
        legal = g.legal_moves()
        cand: Any = move
        if isinstance(move, str):
            try:
                cand = Move.parse(move)
            except ValueError as e:
                raise IllegalMove(str(e)) from None
        if not (isinstance(cand, Move) and cand in legal):
            m = g.play(move)  # not legal: the engine raises its reason and changes nothing
            self._after_play([m], [])
            return m
        m = legal[legal.index(cand)]
        before = self._positions_before([m], reverse=False)
        g.play(m)
        self._after_play([m], before)
        return m

    def _after_play(self, moves: list[Move], before: list[dict]) -> None:
        self._hint = None
        self._sync(anim=self._finish_anim(before), highlight=list(moves[-1].cites) if moves else None)

    def undo(self) -> Move | None:
        """Take back the last move, or the last change of reading when no move was played since
        (the previous reading comes back with its whole game; then ``None`` is returned)."""
        g = self._game
        if self._readings and len(g.moves) <= self._readings[-1]["mark"]:
            self._undo_reading()
            return None
        if not g.moves:
            raise IllegalMove("there is no move to undo")
        before = self._positions_before([g.moves[-1]], reverse=True)
        m = g.undo()
        self._hint = None
        self._sync(anim=self._finish_anim(before), highlight=self._cites_of_last())
        return m

    def redo(self) -> Move:
        """Play again the last move taken back."""
        g = self._game
        if g.next_redo is None:
            return g.redo()  # the engine's refusal
        before = self._positions_before([g.next_redo], reverse=False)
        m = g.redo()
        self._after_play([m], before)
        return m

    def restart(self) -> None:
        """Back to the start of the deal (redo replays the game)."""
        self._game.restart()
        self._hint = None
        self._sync(highlight=[])

    def advance(self) -> int:
        """Play the compulsory moves (while exactly one move is legal); return how many."""
        g = self._game
        legal = g.legal_moves()
        before = self._positions_before(legal, reverse=False) if len(legal) == 1 else []
        n = g.advance()
        if n:
            self._hint = None
            self._sync(anim=self._finish_anim(before) if n == 1 else [], highlight=self._cites_of_last())
        return n

    def new_deal(self, deal: int | str | None = None) -> int:
        """Start deal ``deal`` (a random one when ``None``) under the same options."""
        if deal is None:
            deal = random.SystemRandom().randint(DEAL_MIN, NEW_DEAL_MAX)
        elif isinstance(deal, str):
            text = deal.strip()
            if not text.isdigit() or len(text) > 12:
                raise pasyans.BadDeal(f"deal must be a whole number from {DEAL_MIN} to {DEAL_MAX}, not {deal!r}")
            deal = int(text)
        g = pasyans.new_game(self._game.id, deal, **self._game.options)
        self._set_game(g)
        return deal

    def set_option(self, name: str, value: Any) -> dict[str, Any]:
        """Change a rule reading: the deal is dealt again under it and the moves so far are
        replayed while they stay legal. Undo takes the change back (the previous reading returns
        with its whole game). Returns what happened: ``replayed`` moves of ``of``, and where it
        ``stopped`` (``{"move": n, "notation", "reason"}``) when a move is not legal under it."""
        old = self._game
        cls = type(old)
        opts = dict(old.options)
        opts[name] = value
        resolved = cls.resolve_options(opts)
        if resolved == old.options:
            return {"replayed": len(old.moves), "of": len(old.moves), "stopped": None, "changed": False}
        if old.deal is None:
            raise PasyansError("a table set up from a constructed position cannot change its reading")
        g = pasyans.new_game(cls.id, old.deal, **resolved)
        stopped = None
        for i, m in enumerate(old.moves, 1):
            try:
                g.play(m.notation)
            except IllegalMove as e:
                stopped = {"move": i, "notation": m.notation, "reason": str(e),
                           "label_en": human.describe(g, m, "en"), "label_ru": human.describe(g, m, "ru"),
                           "reason_ru": i18n.translate(str(e), "ru", g)}
                break
        line, base = self._line, self._line_base
        self._readings.append({"game": old, "line": line, "line_base": base, "rec": self._rec,
                               "mark": len(g.moves), "name": name, "value": old.options[name]})
        self._set_game(g, keep_readings=True)
        self._rec["assisted"] = bool(self._readings[-1]["rec"].get("assisted"))  # the line followed still counts
        if line and stopped is None and base <= len(g.moves):
            probe = pasyans.new_game(cls.id, old.deal, **resolved)
            try:
                for m in list(old.moves[:base]) + list(line):
                    probe.play(m.notation)
            except IllegalMove:
                pass
            else:
                self._line, self._line_base = probe.moves[base:], base
                self._sync()
        return {"replayed": len(g.moves), "of": len(old.moves), "stopped": stopped, "changed": True,
                "line_kept": bool(self._line) or not line}

    def _undo_reading(self) -> None:
        """Back to the reading (and the whole game) before the last change of reading."""
        r = self._readings.pop()
        self._set_game(r["game"], keep_readings=True)
        self._line, self._line_base = r["line"], r["line_base"]
        self._rec = r["rec"]
        self._sync(highlight=self._cites_of_last())

    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` ("ru" or "en"): controls, status, messages, moves and refusals."""
        if lang not in i18n.LANGS:
            raise ProtocolError(f"lang must be 'ru' or 'en', not {lang!r}")
        if lang == self.lang:
            return
        self.lang = lang
        message = self._message
        self._send_view(highlight=None)
        if message is not None:
            self._message = message
            self.view = {**self.view, "message": self._view_message()}

    def set_layer(self, layer: str) -> None:
        """Show the text in ``layer`` (diplomatic, modern, english); the highlight stays."""
        if layer not in LAYERS:
            raise ProtocolError(f"layer must be one of {', '.join(LAYERS)}, not {layer!r}")
        self.layer = layer
        self._set_text()

    # ---- a line of play ---------------------------------------------------------------------
    def load_line(self, moves: Iterable[Move | str] | Any) -> int:
        """Load a line from the current position (moves, notations, or a solver result with
        ``.line``); :meth:`step` and :meth:`back` walk it. Returns its length."""
        moves = getattr(moves, "line", moves)
        if isinstance(moves, str):
            raise TypeError("load_line takes a list of moves, not one string")
        probe = self._game.clone()
        line = []
        for i, m in enumerate(moves, 1):
            try:
                line.append(probe.play(m))
            except (IllegalMove, InvalidMove) as e:
                text = m.notation if isinstance(m, Move) else m
                raise IllegalMove(f"move {i} of the line ({text!r}) cannot be played: {e}") from None
        self._line = line
        self._line_base = len(self._game.moves)
        with self._batch():
            self.frames = self._line_frames() if self.line_frames else {}
            self._sync()
        return len(line)

    def _line_frames(self) -> dict:
        """The view after each move of the loaded line, as :func:`.frames.encode` keeps it."""
        game = self._game
        probe = game.clone()
        views, anims = [], []
        try:
            self._game = probe  # the same view code draws each frame
            views.append(self._build_view())
            for m in self._line:
                before = self._positions_before([m], reverse=False)
                probe.play(m)
                anims.append(self._finish_anim(before))
                views.append(self._build_view())
        finally:
            self._game = game
        return frames.encode(views, anims, [s.pile for s in game.layout().spots])

    def _line_pos(self) -> int | None:
        if not self._line:
            return None
        played = self._game.moves[self._line_base:]
        if len(self._game.moves) < self._line_base or len(played) > len(self._line):
            return None
        return len(played) if played == self._line[:len(played)] else None

    def step(self) -> Move:
        """Play the next move of the loaded line, or the only legal move when there is one."""
        pos = self._line_pos()
        if self._line and pos is not None and pos < len(self._line):
            return self.play(self._line[pos])
        legal = self._game.legal_moves()
        if self._line and pos is not None and pos >= len(self._line):
            raise IllegalMove("the end of the loaded line")
        if len(legal) == 1:
            return self.play(legal[0])
        if not legal:
            raise IllegalMove(f"the game is over ({self._game.status})")
        if self._line and pos is None:
            raise IllegalMove("the game has left the loaded line: go back to follow it, or choose a move")
        raise IllegalMove(f"there are {len(legal)} legal moves here: choose one (or load a line, or ask for a hint)")

    def back(self) -> Move | None:
        """Take back one move (not past the start of a loaded line)."""
        if self._line and self._line_pos() == 0:
            raise IllegalMove("the start of the loaded line")
        return self.undo()

    # ---- hints ------------------------------------------------------------------------------
    def hint(self) -> Any:
        """Ask the solver (``pasyans.hint``) for a move; the table marks it."""
        try:
            from pasyans.solver import hint as solver_hint
        except ImportError:
            raise PasyansError("hints are not available: the solver (pasyans.solver) is not installed") from None
        h = solver_hint(self._game)
        self._hint = getattr(h, "move", None)
        self._hint_kind = getattr(h, "kind", "")
        self._sync()
        return h

    def solve_line(self, budget_states: int = SOLVE_STATES, budget_s: float = SOLVE_SECONDS) -> Any:
        """Ask the solver (``pasyans.solve``) to decide the game from here; a winning line is
        loaded (:meth:`load_line`: :meth:`step` walks it). Returns the solver's result: ``won``,
        ``lost`` (proved), or ``unknown`` (the budget ran out: nothing is known, nothing loaded)."""
        try:
            from pasyans.solver import solve
        except ImportError:
            raise PasyansError("the solver (pasyans.solver) is not installed") from None
        res = solve(self._game, budget_states=budget_states, budget_s=budget_s)
        if res.verdict == "won" and res.line:
            self.load_line(res.line)
        return res

    # ---- records ------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> dict:
        """The game's record (and written as JSON to ``path`` when given: atomically, so a failed
        write leaves the file that was there; an unwritable path raises ``RecordError``)."""
        record = self._game.record()
        if path is not None:
            try:
                write_text(Path(path), json.dumps(record, ensure_ascii=False, indent=1) + "\n", parents=False)
            except (OSError, ValueError) as e:
                raise RecordError(f"the record could not be written to {str(path)[:80]!r}: "
                                  f"{getattr(e, 'strerror', None) or e}") from None
        return record

    def load(self, record: dict | str | Path) -> None:
        """Load a record: a dict, JSON text (a string that begins with ``{`` or ``[``), or a file
        path (any other string, or a :class:`~pathlib.Path`). A bad one raises ``RecordError``
        (also for a file that cannot be read or is not UTF-8) and changes nothing."""
        if isinstance(record, Path) or (isinstance(record, str) and record.lstrip()[:1] not in ("{", "[")):
            record = _read_record(Path(record))
        self._load_record(record)

    def _load_record(self, record: dict | str) -> None:
        """Load a record given as a dict or as JSON text (never a path: the browser sends these)."""
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as e:
                raise RecordError(f"the file is not a game record (not JSON: {e.msg} at line {e.lineno})") from None
            except RecursionError:
                raise RecordError("the file is not a game record (its JSON is nested too deeply)") from None
        g = pasyans.replay(record)
        self._set_game(g)
        self._sync(highlight=self._cites_of_last())

    def handle(self, content: Any) -> dict:
        """Carry out one intent from the browser and return the reply sent back to it.

        The reply names the action only when it is one of :data:`~.protocol.ACTIONS` and never
        repeats other client text raw; its message is encodable and at most ``MAX_MESSAGE`` long.
        The reply's ``message`` is English; the reader sees ``view["message"]`` in the table's
        language. The view is sent once, at the end, whatever the action did in between."""
        with self._batch():  # the fields it changes reach the page together, before the reply
            return self._handle(content)

    def _handle(self, content: Any) -> dict:
        req = content.get("req") if isinstance(content, dict) else None
        if not (isinstance(req, int) and not isinstance(req, bool) and 0 <= req < 10**9):
            req = None
        action = content.get("action") if isinstance(content, dict) else None
        reply: dict[str, Any] = {"type": "reply", "req": req,
                                 "action": action if isinstance(action, str) and action in ACTIONS else ""}
        self._defer = []
        message: dict[str, str] | None = None
        try:
            action, fields = validate(content)
            extra = getattr(self, f"_do_{action}")(**fields) or {}
            text = _sendable(extra.pop("message", ""))
            ru = _sendable(extra.pop("message_ru", text))
            kind = extra.pop("message_kind", "info")
            reply.update(ok=True, message=text, **extra)
            if text:
                self._say(text, "info")
                message = {"kind": kind, "en": text, "ru": ru}
            if action in PLAYER_MOVES:
                self._count_for_record()
        except (ProtocolError, PasyansError) as e:
            en, ru = (_sendable(w) for w in self._words_of(e))
            reply.update(ok=False, message=en)
            self._say(en, "error")
            message = {"kind": "error", "en": en, "ru": ru}
        except Exception as e:  # noqa: BLE001 — the reader gets a reply, the kernel stays up
            _log.exception("the table could not carry out %r", reply["action"])
            reply.update(ok=False, message=_sendable(f"the table could not do that: {type(e).__name__}: {e}"))
            self._say(reply["message"], "error")
            message = {"kind": "error", "en": reply["message"],
                       "ru": _sendable(f"стол не смог этого сделать: {type(e).__name__}: {e}")}
        finally:
            pending, self._defer = self._defer, None
        if pending:
            highlight = next((p["highlight"] for p in reversed(pending) if p["highlight"] is not None), None)
            self._message = message
            self._send_view(pending[-1]["anim"], highlight)
        elif message is not None:
            self._set_message(message["kind"], message["en"], message["ru"])
        reply["seq"] = self._seq
        return reply

    def _words_of(self, e: Exception) -> tuple[str, str]:
        """A refusal as the reader is told it, in English and Russian (face-down cards unnamed)."""
        g = self._game
        text = str(e)
        legal = g.legal_moves()
        if text.startswith("a compulsory action comes first: ") and legal:
            return (f"a compulsory action comes first: {human.describe(g, legal[0], 'en')}",
                    f"сначала обязательный ход: {human.describe(g, legal[0], 'ru')}")
        if text.endswith(" is not allowed here"):
            return text, "такой ход здесь не разрешён"
        return text, e.ru if isinstance(e, Refusal) else i18n.translate(text, "ru", g)

    # ---- the player's record ------------------------------------------------------------------
    def _count_for_record(self) -> None:
        """After a move of the player's: count the game as played (its first move) and as won."""
        book, g, rec = self._book, self._game, self._rec
        if book is None or g.deal is None or not g.moves:
            return
        try:
            if not rec["played"]:
                self._book_entry, rec["carried"] = book.played(g.id, g.options)
                rec["played"] = True
            if g.status == "won" and not rec["won"] and not rec.get("assisted"):
                self._book_entry = book.won(g.id, g.options, rec["carried"])
                rec["won"] = True
        except PasyansError:
            self._book = None  # the record cannot be kept here (an unwritable folder): play on without it
        if self._defer is not None and not self._defer:
            self._defer.append({"anim": None, "highlight": None})

    def _do_hello(self) -> dict:
        return {}

    def _do_play(self, index: int | None = None, seq: int | None = None, move: str | None = None) -> dict:
        if move is not None:
            m = self.play(move)
        else:
            if seq != self._seq:
                raise ProtocolError("the table changed before your move arrived; nothing was played, try again")
            legal = self._game.legal_moves()
            if index is None or index >= len(legal):
                raise ProtocolError(f"there is no legal move number {index} (there are {len(legal)})")
            m = self.play(legal[index])
        return {"played": m.notation}

    def _do_try(self, index: int, to: str, seq: int | None = None, **kw: Any) -> dict:
        src = kw["from"]
        if seq is not None and seq != self._seq:
            raise ProtocolError("the table changed before your move arrived; nothing was played, try again")
        g = self._game
        piles = g.piles
        if src not in piles:
            raise ProtocolError(f"there is no pile {src!r} in {g.title_en}")
        if to not in piles:
            raise ProtocolError(f"there is no pile {to!r} in {g.title_en}")
        cards = piles[src].cards
        if index >= len(cards):
            raise ProtocolError(f"{g.pile_label(src)} has no card number {index}")
        card = cards[index]
        matches = [m for m in g.legal_moves() if (int(card), src, to) in m.steps]
        if len(matches) == 1 and len(matches[0].steps) == 1:
            return {"played": self.play(matches[0]).notation}
        why = self.explain(card, src, to)
        if isinstance(why, Refusal):
            raise why
        raise IllegalMove(human.unname(why, [card]) if index < piles[src].down else why)

    def explain(self, card: Any, src: str, dst: str) -> str | Refusal:
        """The engine's reason why ``card`` may not go from ``src`` to ``dst`` now."""
        g = self._game
        legal = g.legal_moves()
        if not legal:
            return f"the game is over ({g.status})"
        multi = [m for m in legal if (int(card), src, dst) in m.steps]
        if multi:
            return Refusal(f"that is part of a move of several cards: {human.describe(g, multi[0], 'en')}",
                           f"это часть хода несколькими картами: {human.describe(g, multi[0], 'ru')}")
        kinds: list[str] = []
        for m in legal:
            if m.src == src and m.kind not in kinds:
                kinds.append(m.kind)
        for m in legal:
            if m.kind not in kinds and m.steps:
                kinds.append(m.kind)
        for k in ("found", "move", "fill", "deal", "lay"):
            if k not in kinds:
                kinds.append(k)
        reasons = []
        for kind in kinds:
            try:
                g.play(Move(kind, ((int(card), src, dst),)))
            except IllegalMove as e:
                reasons.append(str(e))
                continue
            g.undo()  # cannot happen (no legal move has this step), but never leave a trace
        generic = [r for r in reasons if not r.endswith("is not allowed here")]
        if generic:
            return generic[0]
        return self._cannot(card, src, dst)

    def _cannot(self, card: Any, src: str, dst: str) -> Refusal:
        """"This card cannot go there here", in both languages, not naming a face-down card."""
        g = self._game
        pile = g.piles.get(src)
        i = _top_index(pile.cards, card) if pile else -1
        down = pile is not None and 0 <= i < pile.down
        en = "the face-down card" if down else f"the {CARDS[card].name('en')}"
        ru = "карту рубашкой вверх" if down else CARDS[card].name("ru")
        return Refusal(f"{en} cannot go from {g.pile_label(src)} to {g.pile_label(dst)} here",
                       f"{ru}: нельзя {g.pile_label(src, 'ru')} → {g.pile_label(dst, 'ru')}")

    def _do_undo(self) -> dict:
        m = self.undo()
        if m is not None:
            return {"played": m.notation}
        g = self._game
        return {"reading": True,
                "message": f"back to the previous reading and its game ({_moves_text(len(g.moves), 'en')})",
                "message_ru": f"вернулось прежнее чтение и его партия ({_moves_text(len(g.moves), 'ru')})"}

    def _do_redo(self) -> dict:
        return {"played": self.redo().notation}

    def _do_restart(self) -> dict:
        self.restart()
        return {}

    def _do_advance(self) -> dict:
        n = self.advance()
        if not n:
            raise IllegalMove("no compulsory move here: choose a move")
        return {"count": n}

    def _do_step(self) -> dict:
        pos = self._line_pos()
        if self._line and pos is not None and pos < len(self._line):
            self._rec["assisted"] = True  # a move of the loaded line is not the player's own
        return {"played": self.step().notation}

    def _do_back(self) -> dict:
        if self._readings and len(self._game.moves) <= self._readings[-1]["mark"]:
            return self._do_undo()
        m = self.back()
        return {"played": m.notation} if m is not None else {}

    def _do_hint(self) -> dict:
        h = self.hint()
        g = self._game
        if h.move is None:
            return {"message": "no move is left", "message_ru": "ходов больше нет", "message_kind": "hint"}
        en, ru = human.describe(g, h.move, "en"), human.describe(g, h.move, "ru")
        verdict = getattr(getattr(h, "result", None), "verdict", "")
        if h.kind == "winning":
            why_en, why_ru = "it wins", "ведёт к выигрышу"
        elif verdict == "lost":
            why_en = "the solver proved that this deal cannot come out from here; this move gets furthest"
            why_ru = "решатель доказал, что отсюда пасьянс не выйдет; этот ход заводит дальше всех"
        else:
            why_en, why_ru = "the most promising move the solver found", "самый обещающий ход, найденный решателем"
        return {"message": f"Hint: {en} ({why_en}; the solver sees every card)",
                "message_ru": f"Подсказка: {ru} ({why_ru}; решатель видит все карты)",
                "message_kind": "hint", "kind": h.kind}

    def _do_solve(self) -> dict:
        g = self._game
        if g.status != "playing" or not g.legal_moves():
            raise IllegalMove(f"the game is over ({g.status})")
        res = self.solve_line()
        n, secs = res.states, res.seconds
        n_ru = f"{n:,}".replace(",", "\u00a0")
        if res.verdict == "won":
            k = len(res.line)
            return {"verdict": "won", "length": k, "message_kind": "hint",
                    "message": f"The solver found a winning line of {_moves_text(k, 'en')} from here: "
                               "Step ▶ or Autoplay walks it",
                    "message_ru": f"Решатель нашёл выигрышную партию отсюда, {_moves_text(k, 'ru')}: "
                                  "её проходят «Шаг ▶» и «Автоигра»"}
        if res.verdict == "lost":
            return {"verdict": "lost", "length": 0, "message_kind": "hint",
                    "message": f"The solver proved that the patience cannot come out from here ({n:,} positions); "
                               "no line was loaded",
                    "message_ru": f"Решатель доказал, что отсюда пасьянс не выйдет ({n_ru} позиций); "
                                  "партия не загружена"}
        cap = "its time" if res.cut_by_time else f"its budget of {SOLVE_STATES:,} positions"
        budget_ru = f"{SOLVE_STATES:,}".replace(",", "\u00a0")
        cap_ru = "время" if res.cut_by_time else f"весь запас в {budget_ru} позиций"
        return {"verdict": "unknown", "length": 0, "message_kind": "hint",
                "message": f"The solver used up {cap} ({n:,} positions, {secs:.1f} s) without finding a winning line: "
                           "whether the patience comes out from here is unknown (not lost); no line was loaded",
                "message_ru": f"Решатель израсходовал {cap_ru} ({n_ru} позиций, {secs:.1f} с) и выигрышной партии "
                              "не нашёл: выйдет ли отсюда пасьянс, неизвестно (это не проигрыш); партия не загружена"}

    def _do_deal(self, deal: Any) -> dict:
        return {"deal": self.new_deal(deal)}

    def _do_new_deal(self) -> dict:
        return {"deal": self.new_deal()}

    def _do_option(self, name: str, value: Any) -> dict:
        r = self.set_option(name, value)
        g = self._game
        v = g.options[name]
        head_en = f"{i18n.option_name(name, 'en')} = {i18n.choice_text(v, 'en')}"
        head_ru = f"{i18n.option_name(name, 'ru')} = {i18n.choice_text(v, 'ru')}"
        out: dict[str, Any] = {"replayed": r["replayed"], "of": r["of"]}
        if not r["changed"]:
            return {**out, "message": f"{head_en}: already the reading in play",
                    "message_ru": f"{head_ru}: это чтение уже действует"}
        stop = r["stopped"]
        if stop is None:
            verb = "replays" if r["of"] == 1 else "replay"
            en = f"{head_en}: the {_moves_text(r['of'], 'en')} so far {verb} under this reading"
            ru = f"{head_ru}: все ходы партии ({r['of']}) повторены при этом чтении"
        else:
            out["stopped"] = stop["move"]
            en = (f"{head_en}: {_moves_text(r['replayed'], 'en')} of {r['of']} replay under this reading; "
                  f"move {stop['move']} ({stop['label_en']}) is not legal under it: {stop['reason']}")
            ru = (f"{head_ru}: при этом чтении повторено ходов: {r['replayed']} из {r['of']}; "
                  f"ход {stop['move']} ({stop['label_ru']}) при нём невозможен: {stop['reason_ru']}")
        if not r["line_kept"]:
            en += "; the loaded line does not hold under this reading and was set aside"
            ru += "; загруженная партия при этом чтении не проходит и отложена"
        return {**out, "message": en + " (Undo takes the change back)",
                "message_ru": ru + " (Отменить возвращает прежнее чтение)"}

    def _do_lang(self, lang: str) -> dict:
        self.set_lang(lang)
        return {}

    def _do_layer(self, layer: str) -> dict:
        self.set_layer(layer)
        return {}

    def _do_notes(self, sid: str | None = None, note: str | None = None) -> dict:
        if sid is not None:
            notes = self._text.notes_for(sid)
            return {"sid": sid, "notes": notes, "text": self._text.sentences(self._game.id, self.layer).get(sid, "")}
        n = self._text.note(note or "")
        if n is None:
            raise ProtocolError(f"there is no apparatus note {note!r} in this edition (yet)")
        return {"note": note, "notes": [n]}

    def _do_save(self) -> dict:
        record = self.save()
        name = f"pasyans-{record['game']}-deal{record['deal']}-{len(record['moves'])}moves.json"
        return {"filename": name, "data": json.dumps(record, ensure_ascii=False, indent=1) + "\n"}

    def _do_load(self, record: Any) -> dict:
        self._load_record(record)
        g = self._game
        return {"message": f"loaded: {g.title_en}, deal {g.deal}, {_moves_text(len(g.moves), 'en')}",
                "message_ru": f"загружено: {g.title_ru}, расклад {g.deal}, {_moves_text(len(g.moves), 'ru')}"}

    def __repr__(self) -> str:
        g = self._game
        return (f"{type(self).__name__}(game={g.id!r}, deal={g.deal}, options={dict(g.options)!r}, "
                f"moves={len(g.moves)}, status={g.status!r})")
