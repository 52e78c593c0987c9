"""The session as the playing site runs it: the text pre-rendered at build (``StoredText``) gives
the table the same text, sentences and apparatus as the notebook's (``textsource``), so the page
needs no lxml."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import pasyans
from pasyans.session import Session, StoredText
from pasyans.widgets import textsource

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import play_site  # noqa: E402


@pytest.mark.parametrize("gid", ["clock", "braid"])
def test_the_stored_text_answers_as_the_edition_does(gid):
    data = json.loads(json.dumps(play_site.game_text(gid, pasyans.GAMES[gid])))  # as the page carries it
    page = Session(gid, deal=2, record=False, text=StoredText(data))
    lab = Session(gid, deal=2, record=False, text=textsource)
    for layer in ("modern", "diplomatic", "english"):
        page.handle({"action": "layer", "layer": layer})
        lab.handle({"action": "layer", "layer": layer})
        assert page.text_html == lab.text_html and page.annotated == lab.annotated
    for sid in lab.annotated:
        assert page.handle({"action": "notes", "sid": sid}) == lab.handle({"action": "notes", "sid": sid})
    for o in pasyans.GAMES[gid].OPTIONS:
        if o.note:
            got = page.handle({"action": "notes", "note": o.note})
            assert got["ok"] and got == lab.handle({"action": "notes", "note": o.note})


def test_a_session_without_text_plays():
    s = Session("clock", deal=3, record=False)
    assert s.text_html == "" and s.handle({"action": "play", "move": "choose:H"})["ok"]
    assert s.handle({"action": "notes", "sid": "clock.p1.s1"})["notes"] == []
