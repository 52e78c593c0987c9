"""The card table: an anywidget that plays a game of the edition beside its text.

The engine in the kernel owns the game; the browser draws what it is sent (``board``: the
layout, ``view``: the position, legal moves, status; ``text_html``: the text) and sends back
*intents* as custom messages, each checked by :mod:`.protocol` and then by the engine. Every
message gets a reply; a refused one changes nothing.

>>> from pasyans.widgets import Table
>>> t = Table("clock", deal=7)
>>> t.play("choose:H"); t.advance()            # doctest: +SKIP
>>> t.move_count, t.status                     # doctest: +SKIP
"""
from __future__ import annotations

import base64
import io
import json
import random
from pathlib import Path
from typing import Any, Iterable

import anywidget
import traitlets as T

import pasyans
from pasyans.cards import CARDS
from pasyans.errors import IllegalMove, PasyansError, RecordError
from pasyans.game import DEAL_MAX, DEAL_MIN, Game
from pasyans.move import Move

from . import geometry, textsource
from .protocol import LAYERS, ProtocolError, validate

_HERE = Path(__file__).parent
NEW_DEAL_MAX = 1_000_000  # "new deal" picks from 1..NEW_DEAL_MAX (any number in range can be typed)
INFO_LABELS = {"deal": ("laying", "раскладка"), "pass": ("pass", "проход"), "passes": ("passes", "проходы"),
               "base": ("base", "основание"), "redeals": ("redeals", "пересдачи"),
               "round": ("round", "круг"), "score": ("score", "счёт")}
RANK_RU = {1: "Т", 11: "В", 12: "Д", 13: "К"}


def _jsonable(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return str(v)


def _landing(layout: Any, piles: dict[str, Any], move: Move) -> list[list[float]]:
    """Where each step's card will lie once ``move`` is played (``[x, y, rotate]``), so the page
    can show the move at the click, before the kernel's new position arrives."""
    spots = {s.pile: s for s in layout.spots}
    added: dict[str, int] = {}
    out = []
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


class Table(anywidget.AnyWidget):
    """A live table for one game: ``Table("braid", deal=7, **options)`` or ``Table(game)``."""

    _esm = _HERE / "table.js"
    _css = _HERE / "table.css"

    # ---- what the browser draws (only Python writes these) ------------------------------
    board = T.Dict().tag(sync=True)          # the engine's layout description, once per game
    view = T.Dict().tag(sync=True)           # the position, legal moves, status, controls
    text_html = T.Unicode("").tag(sync=True)  # the game's text in the chosen layer (clean HTML)
    annotated = T.List(T.Unicode()).tag(sync=True)  # sentence ids that carry apparatus notes
    message = T.Dict().tag(sync=True)        # the last reply shown to the reader

    # ---- observable from notebook code ----------------------------------------------------
    game_id = T.Unicode("").tag(sync=True)
    deal = T.Int(1).tag(sync=True)
    layer = T.Unicode("modern").tag(sync=True)
    lang = T.Unicode("en").tag(sync=True)
    highlight = T.List(T.Unicode()).tag(sync=True)  # sentence ids the last move cites
    move_count = T.Int(0).tag(sync=True)
    status = T.Unicode("playing").tag(sync=True)
    turn = T.Unicode("").tag(sync=True)
    last_move = T.Unicode("").tag(sync=True)       # notation of the last move played ("" at start)
    line_length = T.Int(0).tag(sync=True)
    line_position = T.Int(-1).tag(sync=True)       # -1: no line loaded or the game left it

    def __init__(self, game: str | Game = "clock", deal: int = 1, *, layer: str = "modern",
                 lang: str = "en", **options: Any) -> None:
        if layer not in LAYERS:
            raise ValueError(f"layer must be one of {', '.join(LAYERS)}, not {layer!r}")
        if lang not in ("en", "ru"):
            raise ValueError(f"lang must be 'en' or 'ru', not {lang!r}")
        g = game if isinstance(game, Game) else pasyans.new_game(game, deal, **options)
        super().__init__()
        self._seq = 0
        self._msg_n = 0
        self._line: list[Move] = []
        self._line_base = 0
        self._hint: Move | None = None
        self._hint_kind = ""
        self.lang = lang
        self.layer = layer
        self._set_game(g)
        self.on_msg(self._on_msg)

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

    def _set_game(self, g: Game) -> None:
        self._game = g
        self._line, self._line_base = [], 0
        self._hint = None
        layout = g.layout()
        with self.hold_sync():
            self.game_id = g.id
            self.deal = g.deal or 0
            self.board = layout.to_dict()
            self._set_text()
            self._sync(highlight=self._cites_of_last())

    def _set_text(self) -> None:
        self.text_html = textsource.html(self._game.id, self.layer)
        self.annotated = list(textsource.annotated(self._game.id, self.layer))

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
        where = f", {i + 1} из {n}" if ru and fanned and n > 1 else (f", card {i + 1} of {n}" if fanned and n > 1 else "")
        return f"{card.name('ru')}, лицом вверх, {pile_label}{where}" if ru else f"{card.name('en')}, face up, {pile_label}{where}"

    def _build_view(self, anim: list | None = None) -> dict:
        g = self._game
        ru = self.lang == "ru"
        layout = g.layout()
        piles = g.piles
        placed = geometry.placements(layout, piles)
        labels = {s.pile: (s.label_ru if ru else s.label_en) for s in layout.spots}
        fans = {s.pile: s.fan != "none" for s in layout.spots}
        cards = []
        for p in placed:
            if not p.visible:
                continue
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
        legal = []
        for k, m in enumerate(g.legal_moves()):
            steps = []
            for c, s, d in m.steps:
                src = piles.get(s)
                steps.append([s, _top_index(src.cards, c) if src else -1, d])
            legal.append({"k": m.kind, "label": m.describe("ru" if ru else "en"), "forced": m.forced,
                          "steps": steps, "cites": list(m.cites)})
        for d, m in zip(legal, g.legal_moves()):
            d["to"] = _landing(layout, piles, m)
        last = None
        if g.moves:
            m = g.moves[-1]
            last = {"label": m.describe("ru" if ru else "en"), "cites": list(m.cites), "notes": list(m.notes),
                    "n": m.notation}
        info = {k: _jsonable(v) for k, v in g.info().items()}
        extras = []
        for k, v in info.items():
            if k in ("status", "turn", "moves", "cards_left") or v is None or v == [] or v == "" or v == {}:
                continue
            name = INFO_LABELS.get(k, (k.replace("_", " "), k.replace("_", " ")))[1 if ru else 0]
            text = ", ".join(map(str, v)) if isinstance(v, list) else str(v)
            extras.append([name, {"True": "yes", "False": "no"}.get(text, text) if not ru else text])
        pos = self._line_pos()
        hint = None
        if self._hint is not None:
            for k, m in enumerate(g.legal_moves()):
                if m == self._hint:
                    hint = {"index": k, "kind": self._hint_kind}
        w, h = geometry.extent(layout, piles)
        groups = [{"name": f["name"], "label": f["label"], "frames": [list(b) for b in f["frames"]],
                   "lbox": list(f["label_box"]) if f["label_box"] else None, "lrot": f["label_rot"]}
                  for f in geometry.group_frames(layout, piles, "ru" if ru else "en")]
        return {
            "seq": self._seq, "game": g.id, "title_ru": g.title_ru, "title_en": g.title_en, "deal": g.deal,
            "packs": g.packs, "lang": self.lang, "extent": [round(w, 3), round(h, 3)], "groups": groups,
            "cards": cards, "piles": pile_info, "legal": legal, "last": last, "anim": anim or [],
            "status": g.status, "turn": g.turn, "moves": len(g.moves), "cards_left": info.get("cards_left"),
            "extras": extras, "can_undo": g.can_undo, "can_redo": g.can_redo,
            "line": None if not self._line else {"pos": -1 if pos is None else pos, "len": len(self._line)},
            "hint": hint,
            "options": [{"name": o.name, "choices": [str(c) for c in o.choices], "value": str(g.options[o.name]),
                         "default": str(o.default), "doc": o.doc, "note": o.note} for o in g.OPTIONS],
            "deal_range": [DEAL_MIN, DEAL_MAX], "layer": self.layer,
        }

    def _sync(self, anim: list | None = None, highlight: list[str] | None = None) -> None:
        g = self._game
        self._seq += 1
        pos = self._line_pos()
        with self.hold_sync():
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
        self.message = {"text": text, "level": level, "n": self._msg_n}

    # ---- animation: where moved cards came from ---------------------------------------------
    def _positions_before(self, moves: Iterable[Move], reverse: bool) -> list[dict]:
        """For each step, the rectangle its card leaves (taken before the change)."""
        g = self._game
        layout = g.layout()
        piles = g.piles
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
        piles = self._game.piles
        out = []
        for a in before:
            cards = piles.get(a["to"]).cards if a["to"] in piles else ()
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

    def undo(self) -> Move:
        """Take back the last move."""
        g = self._game
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

    def set_option(self, name: str, value: Any) -> None:
        """Change a rule reading; the deal starts again under it."""
        cls = type(self._game)
        opts = dict(self._game.options)
        opts[name] = value
        resolved = cls.resolve_options(opts)
        g = pasyans.new_game(cls.id, self._game.deal or 1, **resolved)
        self._set_game(g)

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
            except IllegalMove as e:
                text = m.notation if isinstance(m, Move) else m
                raise IllegalMove(f"move {i} of the line ({text!r}) cannot be played: {e}") from None
        self._line = line
        self._line_base = len(self._game.moves)
        self._sync()
        return len(line)

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

    def back(self) -> Move:
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

    # ---- records ------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> dict:
        """The game's record (and written as JSON to ``path`` when given)."""
        record = self._game.record()
        if path is not None:
            Path(path).write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return record

    def load(self, record: dict | str | Path) -> None:
        """Load a record (a dict, JSON text, or a file path); a bad one changes nothing."""
        if isinstance(record, Path) or (isinstance(record, str) and not record.lstrip().startswith("{")):
            record = Path(record).read_text(encoding="utf-8")
        self._load_record(record)

    def _load_record(self, record: dict | str) -> None:
        """Load a record given as a dict or as JSON text (never a path: the browser sends these)."""
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as e:
                raise RecordError(f"the file is not a game record (not JSON: {e.msg} at line {e.lineno})") from None
        g = pasyans.replay(record)
        self._set_game(g)
        self._sync(highlight=self._cites_of_last())

    # ---- messages from the browser ----------------------------------------------------------
    def set_state(self, sync_data: dict) -> None:
        """The browser never writes the table's state: it sends intents (see :meth:`handle`)."""
        return None

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") in ("anywidget-command", "anywidget-command-response"):
            return
        self.send(self.handle(content))

    def handle(self, content: Any) -> dict:
        """Carry out one intent from the browser and return the reply sent back to it."""
        req = content.get("req") if isinstance(content, dict) else None
        if not (isinstance(req, int) and not isinstance(req, bool)):
            req = None
        action = content.get("action") if isinstance(content, dict) and isinstance(content.get("action"), str) else None
        reply: dict[str, Any] = {"type": "reply", "req": req, "action": action if action is not None else ""}
        try:
            action, fields = validate(content)
            reply["action"] = action
            extra = getattr(self, f"_do_{action}")(**fields) or {}
            text = extra.pop("message", "")
            reply.update(ok=True, message=text, **extra)
            if text:
                self._say(text, "info")
        except (ProtocolError, PasyansError) as e:
            reply.update(ok=False, message=str(e))
            self._say(str(e), "error")
        except Exception as e:  # noqa: BLE001 — the reader gets a reply, the kernel stays up
            reply.update(ok=False, message=f"the table could not do that: {type(e).__name__}: {e}")
            self._say(reply["message"], "error")
        reply["seq"] = self._seq
        return reply

    def _do_hello(self) -> dict:
        return {}

    def _do_play(self, index: int | None = None, seq: int | None = None, move: str | None = None) -> dict:
        if move is not None:
            m = self.play(move)
        else:
            if seq != self._seq:
                raise ProtocolError("the table changed before your move arrived; nothing was played, try again")
            legal = self._game.legal_moves()
            if index >= len(legal):
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
        raise IllegalMove(self.explain(card, src, to))

    def explain(self, card: Any, src: str, dst: str) -> str:
        """The engine's reason why ``card`` may not go from ``src`` to ``dst`` now."""
        g = self._game
        legal = g.legal_moves()
        if not legal:
            return f"the game is over ({g.status})"
        multi = [m for m in legal if (int(card), src, dst) in m.steps]
        if multi:
            return f"that is part of a move of several cards: {multi[0].describe(self.lang)}"
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
        name = CARDS[card].name(self.lang)
        return (f"the {name} cannot go from {g.pile_label(src)} to {g.pile_label(dst)} here"
                if self.lang != "ru" else f"{name}: нельзя {g.pile_label(src, 'ru')} → {g.pile_label(dst, 'ru')}")

    def _do_undo(self) -> dict:
        return {"played": self.undo().notation}

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
        return {"played": self.step().notation}

    def _do_back(self) -> dict:
        return {"played": self.back().notation}

    def _do_hint(self) -> dict:
        h = self.hint()
        if h.move is None:
            return {"message": f"no move is left ({self._game.status})"}
        what = "wins" if h.kind == "winning" else "is the most promising move the solver found"
        return {"message": f"Hint: {h.move.describe(self.lang)} ({what})", "kind": h.kind}

    def _do_deal(self, deal: Any) -> dict:
        return {"deal": self.new_deal(deal)}

    def _do_new_deal(self) -> dict:
        return {"deal": self.new_deal()}

    def _do_option(self, name: str, value: Any) -> dict:
        self.set_option(name, value)
        return {"message": f"{name} = {self._game.options[name]}: the deal starts again under this reading"}

    def _do_layer(self, layer: str) -> dict:
        self.set_layer(layer)
        return {}

    def _do_notes(self, sid: str | None = None, note: str | None = None) -> dict:
        if sid is not None:
            notes = textsource.notes_for(sid)
            return {"sid": sid, "notes": notes, "text": textsource.sentences(self._game.id, self.layer).get(sid, "")}
        n = textsource.note(note)
        if n is None:
            raise ProtocolError(f"there is no apparatus note {note!r} in this edition (yet)")
        return {"note": note, "notes": [n]}

    def _do_save(self) -> dict:
        record = self.save()
        name = f"pasyans-{record['game']}-deal{record['deal']}-{len(record['moves'])}moves.json"
        return {"filename": name, "data": json.dumps(record, ensure_ascii=False, indent=1) + "\n"}

    def _do_load(self, record: Any) -> dict:
        self._load_record(record)
        return {"message": f"loaded: {self._game.title_en}, deal {self._game.deal}, {len(self._game.moves)} moves"}

    # ---- outside a live kernel ----------------------------------------------------------------
    def __repr__(self) -> str:
        g = self._game
        return (f"Table(game={g.id!r}, deal={g.deal}, options={dict(g.options)!r}, "
                f"moves={len(g.moves)}, status={g.status!r})")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        if data is None:
            return bundle
        data = dict(data)
        data["text/plain"] = repr(self)
        try:
            from .render import render
            buf = io.BytesIO()
            render(self._game, width=860, lang=self.lang).save(buf, format="PNG", optimize=True)
            data["image/png"] = base64.b64encode(buf.getvalue()).decode("ascii")
            g = self._game
            meta = {**(meta or {}), "image/png": {
                "alt": f"The table of {g.title_ru} ({g.title_en}), deal {g.deal}, after {len(g.moves)} moves: {g.status}"}}
        except Exception:  # the picture is a courtesy; the live table must still show
            pass
        return data, meta
