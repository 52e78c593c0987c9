"""A game draws itself: ``Game._repr_svg_`` (stdlib only, from the engine's layout) shows every
face-up card and no face-down card's face."""
from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import pasyans
from pasyans.geometry import placements
from pasyans.svg import svg

NS = "{http://www.w3.org/2000/svg}"


def _mid_game(gid: str, seed: int) -> pasyans.Game:
    g = pasyans.new_game(gid, deal=seed)
    g.advance()
    r = random.Random(seed)
    for _ in range(r.randrange(0, 30)):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(r.choice(legal))
    return g


def _all_text(root: ET.Element) -> str:
    return "\n".join(["".join(e.itertext()) for e in root.iter()] +
                     [v for e in root.iter() for v in e.attrib.values()])


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_picture_shows_each_face_up_card_and_no_hidden_face(gid, seed):
    g = _mid_game(gid, seed)
    for lang in ("en", "ru"):
        root = ET.fromstring(svg(g, lang=lang))
        assert root.tag == f"{NS}svg" and root.get("data-game") == gid
        placed = [p for p in placements(g.layout(), g.piles) if p.visible]
        up = sorted(p.card.ascii for p in placed if p.face_up)
        groups = [e for e in root.iter(f"{NS}g") if "card" in (e.get("class") or "").split()]
        assert sorted(e.get("data-card") for e in groups if e.get("data-card")) == up
        backs = [e for e in groups if "back" in e.get("class").split()]
        assert len(backs) == sum(not p.face_up for p in placed)
        for b in backs:
            assert b.get("data-card") is None and not list(b.iter(f"{NS}text")) and not list(b.iter(f"{NS}title"))
        shown = {c for v in g.piles.values() for i, c in enumerate(v.cards) if i >= v.down}
        hidden = {c for v in g.piles.values() for i, c in enumerate(v.cards) if i < v.down} - shown
        text = _all_text(root)
        for c in hidden:
            assert c.name(lang) not in text and f'"{c.ascii}"' not in text


def test_a_bare_game_displays_as_svg_in_ipython():
    from IPython.core.formatters import DisplayFormatter

    g = pasyans.new_game("braid", deal=4)
    g.advance()
    data, _ = DisplayFormatter().format(g)
    assert data["text/plain"] == repr(g)
    root = ET.fromstring(data["image/svg+xml"])
    assert "The Braid" in root.get("aria-label") and "deal 4" in root.get("aria-label")
    assert data["image/svg+xml"] == g._repr_svg_()  # deterministic: notebooks can store it


def test_the_svg_escapes_the_layouts_text(monkeypatch):
    g = pasyans.new_game("clock", deal=1)
    monkeypatch.setattr(type(g), "title_en", "<script>alert(1)</script> & co")
    text = svg(g)
    ET.fromstring(text)
    assert "<script" not in text and "&lt;script&gt;" in text


def test_the_engine_draws_without_the_widgets_or_pillow():
    code = ("import sys, pasyans; g = pasyans.new_game('octagon', deal=3); g.advance(); s = g._repr_svg_(); "
            "assert s.startswith('<svg'); "
            "bad = [m for m in sys.modules if m.startswith(('pasyans.widgets', 'PIL', 'anywidget', 'IPython'))]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
