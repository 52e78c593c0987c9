"""The edition's text as the table shows it: a thin adapter over :mod:`pasyans.texts`.

This module reads nothing itself; it calls ``pasyans.texts`` (``html``, ``sentences``,
``notes_for``, ``note``), cleans what comes back (:mod:`.safe_html`) and degrades to a short
explanation when the text module or a game's text is not there.
"""
from __future__ import annotations

import html as _html
import importlib
from functools import lru_cache
from typing import Any

from .safe_html import clean

LAYER_NAMES = {"diplomatic": ("diplomatic", "дипломатический"), "modern": ("modern spelling", "современная орфография"),
               "english": ("English", "английский перевод")}


def _texts() -> Any | None:
    try:
        return importlib.import_module("pasyans.texts")
    except ImportError:
        return None


def available() -> bool:
    return _texts() is not None


def _missing(what: str) -> str:
    return f'<p class="missing">{_html.escape(what)}</p>'


@lru_cache(maxsize=64)
def html(game: str, layer: str) -> str:
    """The game's text in ``layer`` as clean HTML (sentences as ``span.s[data-sid]``)."""
    t = _texts()
    if t is None or not hasattr(t, "html"):
        return _missing("The edition's text is not available in this installation (pasyans.texts is missing).")
    try:
        raw = t.html(game, layer)
    except Exception as e:  # a game whose text is not edited yet, a layer missing
        return _missing(f"The {layer} text of this game is not available: {e}")
    return clean(raw)


@lru_cache(maxsize=64)
def sentences(game: str, layer: str) -> dict[str, str]:
    """Sentence id -> plain text, in the text's order (empty when the text is missing)."""
    t = _texts()
    if t is None or not hasattr(t, "sentences"):
        return {}
    try:
        return {str(sid): str(text) for sid, text in t.sentences(game, layer)}
    except Exception:
        return {}


def _note_dict(n: Any) -> dict[str, Any]:
    get = (lambda k: n.get(k)) if isinstance(n, dict) else (lambda k: getattr(n, k, None))
    body = get("html")
    if body:
        body = clean(str(body))
    else:
        paras = [p.strip() for p in str(get("text") or "").split("\n\n") if p.strip()]
        body = "".join("<p>" + _html.escape(p) + "</p>" for p in paras)
    targets = get("targets") or get("target") or ()
    if isinstance(targets, str):
        targets = targets.split()
    options = get("options") or ()
    return {"id": str(get("id") or ""), "type": str(get("type") or "note"), "html": body,
            "targets": [str(t).lstrip("#") for t in targets],
            "options": [str(o) for o in (options.split() if isinstance(options, str) else options)]}


def notes_for(sid: str) -> list[dict[str, Any]]:
    """The apparatus notes on sentence ``sid`` as JSON-ready dicts with clean HTML bodies."""
    t = _texts()
    if t is None or not hasattr(t, "notes_for"):
        return []
    try:
        return [_note_dict(n) for n in t.notes_for(sid) or ()]
    except Exception:
        return []


def note(nid: str) -> dict[str, Any] | None:
    """One apparatus note by id, or ``None``."""
    t = _texts()
    if t is None or not hasattr(t, "note"):
        return None
    try:
        n = t.note(nid)
    except Exception:
        return None
    return _note_dict(n) if n is not None else None


@lru_cache(maxsize=64)
def annotated(game: str, layer: str) -> tuple[str, ...]:
    """The sentence ids of the game's text that carry at least one apparatus note."""
    return tuple(sid for sid in sentences(game, layer) if notes_for(sid))


def figures(game: str) -> list[dict[str, Any]]:
    """The figures of ``game`` the e-text lacks (id, caption, English caption, description)."""
    t = _texts()
    if t is None or not hasattr(t, "figures"):
        return []
    try:
        out = []
        for f in t.figures(game):
            fields = f if isinstance(f, dict) else {k: getattr(f, k, None) for k in
                                                   ("id", "caption", "caption_en", "description")}
            out.append({"id": str(fields.get("id") or ""), "caption": fields.get("caption"),
                        "caption_en": fields.get("caption_en"), "description": str(fields.get("description") or "")})
        return out
    except Exception:
        return []


def refresh() -> None:
    """Forget cached texts (after the edition changed)."""
    html.cache_clear()
    sentences.cache_clear()
    annotated.cache_clear()
