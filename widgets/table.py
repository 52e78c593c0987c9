"""The card table: an anywidget that plays a game of the edition beside its text.

The game is played by a :class:`pasyans.session.Session` (plain Python: what an intent does and
the view it sends back); this widget is its transport in Jupyter. It mirrors the session's fields
in traitlets (``board``: the layout, ``view``: the position, legal moves, status; ``text_html``:
the text, cleaned by :mod:`.textsource`) and hands each custom message from the browser to
:meth:`Session.handle`, sending its reply back over the comm.

>>> from pasyans.widgets import Table
>>> t = Table("clock", deal=7)
>>> t.play("choose:H"); t.advance()            # doctest: +SKIP
>>> t.move_count, t.status                     # doctest: +SKIP
"""
from __future__ import annotations

import base64
import io
import logging
from pathlib import Path
from typing import Any

import anywidget
import traitlets as T

from pasyans import human
from pasyans.game import Game
from pasyans.session import Session
from pasyans.svg import img_html

from . import textsource

_HERE = Path(__file__).parent
_log = logging.getLogger(__name__)


def _delegate(name: str) -> Any:
    """The table's ``name``: the session's method of that name (its signature and doc)."""
    meth = getattr(Session, name)

    def call(self: Table, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.session, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = meth.__doc__
    call.__wrapped__ = meth  # type: ignore[attr-defined]
    return call


def _view_to_json(view: dict, widget: Table) -> dict:
    """The view as the comm carries it: its ``ui`` strings (15 KB) travel in the ``ui`` trait,
    once per language, and are left out of every view that has the same."""
    if view.get("ui") is not None and view["ui"] == widget.ui:
        return {k: v for k, v in view.items() if k != "ui"}
    return view


class Table(anywidget.AnyWidget):
    """A live table for one game: ``Table("braid", deal=7, **options)`` or ``Table(game)``;
    the arguments are :class:`~pasyans.session.Session`'s. ``t.session`` is the game at the table;
    ``t.play``, ``t.undo``, ``t.hint``, ``t.save``, ``t.load``, ... are the session's. The traits
    mirror the session (observe them; change the table through its methods, ``t.set_lang("en")``)."""


    _esm = _HERE / "table.js"
    _css = _HERE / "table.css"

    # ---- what the browser draws (only Python writes these) ------------------------------
    board = T.Dict().tag(sync=True)          # the engine's layout description, once per game
    view = T.Dict().tag(sync=True, to_json=_view_to_json)  # the position, legal moves, status, controls
    ui = T.Dict().tag(sync=True)             # the labels in the table's language (view["ui"], sent once)
    text_html = T.Unicode("").tag(sync=True)  # the game's text in the chosen layer (clean HTML)
    annotated = T.List(T.Unicode()).tag(sync=True)  # sentence ids that carry apparatus notes
    message = T.Dict().tag(sync=True)        # the last reply shown to the reader
    frames = T.Dict().tag(sync=True)         # the loaded line, for a page without a kernel (.frames)

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
                 lang: str | None = None, record: bool | str | Path = True, **options: Any) -> None:
        """``lang`` is the table's language ("ru" or "en"); by default it follows the text's layer
        (English for the English layer, Russian otherwise). ``record``: keep the player's record
        (:mod:`pasyans.record_book`) in its usual folder (True), in this folder, or not at all (False)."""
        self.session = Session(game, deal, layer=layer, lang=lang, record=record, text=textsource, **options)
        super().__init__()
        self._mirror(self.session.state())
        self.session.listen(self._mirror)
        self.on_msg(self._on_msg)

    def _mirror(self, changes: dict[str, Any]) -> None:
        """The session's changed fields into the traits (one sync message for them all)."""
        with self.hold_sync():
            view = changes.get("view")
            if isinstance(view, dict) and isinstance(view.get("ui"), dict) and view["ui"] != self.ui:
                self.ui = view["ui"]
            for k, v in changes.items():
                setattr(self, k, v)

    @property
    def game(self) -> Game:
        """The engine's game this table shows (play on it, then call :meth:`refresh`)."""
        return self.session.game

    @game.setter
    def game(self, g: Game) -> None:
        self.session.game = g

    @property
    def _seq(self) -> int:
        return self.session._seq

    @property
    def _readings(self) -> list[dict]:
        return self.session._readings

    # the session's methods, called on the table itself in a notebook
    play = _delegate("play")
    undo = _delegate("undo")
    redo = _delegate("redo")
    restart = _delegate("restart")
    advance = _delegate("advance")
    new_deal = _delegate("new_deal")
    set_option = _delegate("set_option")
    set_lang = _delegate("set_lang")
    set_layer = _delegate("set_layer")
    load_line = _delegate("load_line")
    solve_line = _delegate("solve_line")
    step = _delegate("step")
    back = _delegate("back")
    hint = _delegate("hint")
    save = _delegate("save")
    load = _delegate("load")
    explain = _delegate("explain")
    refresh = _delegate("refresh")
    handle = _delegate("handle")

    def __repr__(self) -> str:
        return repr(self.session).replace("Session(", "Table(", 1)

    # ---- messages from the browser ----------------------------------------------------------
    def set_state(self, sync_data: dict) -> None:
        """The browser never writes the table's state: it sends intents (see :meth:`handle`)."""
        return None

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The comm's message handler: it answers every message and never raises."""
        try:
            if isinstance(content, dict) and content.get("kind") in ("anywidget-command",
                                                                     "anywidget-command-response"):
                return
            reply = self.handle(content)
        except Exception:  # handle() answers everything; this is the last lock
            _log.exception("the table could not handle a message")
            reply = {"type": "reply", "req": None, "action": "", "ok": False, "seq": self.session._seq,
                     "message": "the table could not answer that message"}
        try:
            self.send(reply)
        except Exception:
            _log.exception("the table could not send its reply")
            try:
                self.send({"type": "reply", "req": reply.get("req"), "action": reply.get("action", ""),
                           "ok": False, "seq": self.session._seq, "message": "the table could not send its answer"})
            except Exception:
                _log.exception("the table could not send a reply at all")


    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        if data is None:
            return bundle
        data = dict(data)
        data["text/plain"] = repr(self)
        try:
            from .render import render
            g, laid = self._picture_game()
            ru = self.lang == "ru"
            title = None
            if laid:
                title = (f"{g.title_ru} · {g.title_en} — " +
                         ("после раскладки" if ru else "after the deal is laid out"))
            buf = io.BytesIO()
            render(g, width=860, lang=self.lang, title=title).save(buf, format="PNG", optimize=True)
            png = buf.getvalue()
            alt = self._picture_alt(g, laid)
            data["image/png"] = base64.b64encode(png).decode("ascii")
            data["text/html"] = img_html(png, alt)
            meta = {**(meta or {}), "image/png": {"alt": alt}}
        except Exception:  # the picture is a courtesy; the live table must still show
            pass
        return data, meta

    def _picture_alt(self, g: Game, laid: int) -> str:
        """The stored picture's text alternative, in the table's language: what it shows."""
        ru = self.lang == "ru"
        if laid:
            when = (f"Стол после раскладки ({laid} обязательных ходов)" if ru
                    else f"The table after the deal is laid out ({laid} compulsory moves)")
        else:
            when = "Стол" if ru else "The table"
        return f"{when}: {human.picture_text(g, self.lang)}"

    def _picture_game(self) -> tuple[Game, int]:
        """The game the picture for readers without a kernel shows, and how many moves it laid out:
        the table as it lies, except that before the first move the deal is laid out first (the
        compulsory moves, as the Compulsory button plays them) so the picture shows the cards."""
        if self.session.game.moves:
            return self.session.game, 0
        g = self.session.game.clone()
        return g, g.advance()
