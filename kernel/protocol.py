"""The messages the browser may send the table, and their validation.

The browser sends *intents* as anywidget custom messages: a JSON object with an ``action`` and
that action's fields (and an optional ``req`` number the reply echoes). :func:`validate` checks
the shape of a message before anything is done with it; the table then checks the content
(legality, ranges) against the engine. Anything wrong raises :class:`ProtocolError` with a
sentence the reader can act on, and nothing changes.

The check is a small table written by hand (:data:`ACTIONS`, one predicate per field) rather
than a JSON Schema: it is shorter than a schema would be, its refusals read as sentences, and
every field and action is tested (``tests/test_widget_protocol.py``, and random messages in
``tests/test_widget_robust.py``). A refusal names a client's word only when it is a plain
identifier: a reply never repeats raw client text.
"""
from __future__ import annotations

import re
from typing import Any

from pasyans.errors import PasyansError

LAYERS = ("diplomatic", "modern", "english")
MAX_RECORD_CHARS = 1_000_000
MAX_TEXT = 200

_PILE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")
_ID = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]*(\.[A-Za-z0-9_\-]+)*$")
_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,31}$")


class ProtocolError(PasyansError, ValueError):
    """A message from the browser that is not one the table understands."""


def _named(text: Any) -> str:
    """How a refusal names a client's word: quoted when it is a plain identifier, else not at all
    (a reply never repeats raw client text)."""
    return f" {text!r}" if isinstance(text, str) and _WORD.match(text) else ""


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _nonneg(v: Any) -> bool:
    return _int(v) and 0 <= v < 10**9


def _pile(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= 64 and bool(_PILE.match(v))


def _ident(v: Any) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_TEXT and bool(_ID.match(v))


def _short(v: Any) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_TEXT


def _scalar(v: Any) -> bool:
    return (isinstance(v, (str, bool)) and (not isinstance(v, str) or len(v) <= MAX_TEXT)) or _int(v)


def _record(v: Any) -> bool:
    if isinstance(v, str):
        return 0 < len(v) <= MAX_RECORD_CHARS
    return isinstance(v, dict)


# field -> (check, what a valid value is)
_FIELDS: dict[str, tuple[Any, str]] = {
    "index": (_nonneg, "a whole number from 0"),
    "seq": (_nonneg, "a whole number from 0"),
    "move": (_short, "a move in the engine's notation, e.g. 'deal JS@stock>braid'"),
    "from": (_pile, "a pile name such as 'braid' or 'foundation.3'"),
    "to": (_pile, "a pile name such as 'braid' or 'foundation.3'"),
    "deal": (lambda v: _int(v) or (isinstance(v, str) and len(v) <= 30),
             "a deal number: deal must be a whole number from 1 to 2147483647"),
    "name": (_ident, "an option name"),
    "value": (_scalar, "one of the option's choices"),
    "layer": (lambda v: v in LAYERS, "one of " + ", ".join(LAYERS)),
    "sid": (_ident, "a sentence id such as 'clock.p2.s1'"),
    "note": (_ident, "a note id such as 'clock.n.redeals'"),
    "record": (_record, f"a game record (JSON text of at most {MAX_RECORD_CHARS:,} characters)"),
    "req": (_nonneg, "a request number"),
    "lang": (lambda v: v in ("ru", "en"), "'ru' or 'en'"),
}

#: action -> (required fields, optional fields)
ACTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "play": ((), ("index", "seq", "move")),  # index+seq (from the table) or move (notation)
    "try": (("from", "index", "to"), ("seq",)),
    "undo": ((), ()),
    "redo": ((), ()),
    "restart": ((), ()),
    "advance": ((), ()),
    "step": ((), ()),
    "back": ((), ()),
    "hint": ((), ()),
    "solve": ((), ()),  # the solver's winning line from here, loaded for step and autoplay
    "deal": (("deal",), ()),
    "new_deal": ((), ()),
    "option": (("name", "value"), ()),
    "layer": (("layer",), ()),
    "notes": ((), ("sid", "note")),
    "save": ((), ()),
    "load": (("record",), ()),
    "hello": ((), ()),  # a view has (re)connected and asks for the current state
    "lang": (("lang",), ()),  # the table's language: 'ru' or 'en'
}


def validate(content: Any) -> tuple[str, dict[str, Any]]:
    """``(action, fields)`` of a well-formed message; :class:`ProtocolError` otherwise."""
    if not isinstance(content, dict):
        raise ProtocolError(f"a message must be a JSON object with an 'action', not {type(content).__name__}")
    action = content.get("action")
    if not isinstance(action, str):
        raise ProtocolError("the message has no 'action'; the actions are: " + ", ".join(ACTIONS))
    if action not in ACTIONS:
        raise ProtocolError(f"unknown action{_named(action)}; the actions are: " + ", ".join(ACTIONS))
    required, optional = ACTIONS[action]
    fields = {k: v for k, v in content.items() if k != "action"}
    for key in fields:
        if key not in required and key not in optional and key != "req":
            allowed = ", ".join(required + optional) or "no fields"
            raise ProtocolError(f"{action!r} takes {allowed}, not{_named(key) or ' that field'}")
    for key in required:
        if key not in fields:
            raise ProtocolError(f"{action!r} needs {key!r}: {_FIELDS[key][1]}")
    for key, value in fields.items():
        check, what = _FIELDS[key]
        if not check(value):
            raise ProtocolError(f"{action!r}: {key!r} must be {what}")
    if action == "play" and ("move" in fields) == ("index" in fields):
        raise ProtocolError("'play' needs either 'index' (with 'seq') or 'move', not both or neither")
    if action == "play" and "index" in fields and "seq" not in fields:
        raise ProtocolError("'play' by 'index' needs the table's 'seq'")
    if action == "notes" and ("sid" in fields) == ("note" in fields):
        raise ProtocolError("'notes' needs either 'sid' (a sentence) or 'note' (a note id)")
    fields.pop("req", None)
    return action, fields
