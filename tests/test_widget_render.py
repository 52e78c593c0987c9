"""Pictures (Pillow) of every game's table, filmstrips, the lost figures; the text panel's HTML
is escaped and cleaned so nothing in a text or a note can run in the page."""
from __future__ import annotations

import importlib
import re

import pytest
from PIL import Image

import pasyans
from pasyans.widgets import Table, figure, filmstrip, lost_figures, render, textsource
from pasyans.widgets.safe_html import clean

render_mod = importlib.import_module("pasyans.widgets.render")


def laid_out(gid: str, deal: int = 3):
    g = pasyans.new_game(gid, deal)
    g.advance()
    return g


def test_fonts_are_dejavu_with_the_suits():
    f = render_mod.font("sans", 20)
    assert "DejaVu" in f.getname()[0]
    for suit in "♠♥♦♣":
        assert f.getmask(suit).getbbox() is not None
        assert f.getbbox(suit) != f.getbbox("\ufffe")  # not a missing-glyph box


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_render_every_game(gid):
    g = laid_out(gid)
    img = render(g, width=860)
    assert isinstance(img, Image.Image) and img.mode == "RGB"
    assert abs(img.width - 860) <= 2
    colours = img.getcolors(maxcolors=1 << 20)
    assert colours and len(colours) > 50  # cards, felt, text: not a blank picture
    from pasyans.widgets import geometry
    faces = [p.card for p in geometry.placements(g.layout(), g.piles) if p.visible and p.face_up]
    if any(c.red for c in faces):
        assert any(r > 150 and gch < 80 and b < 80 for _, (r, gch, b) in colours), "red suits are red"
    # legible: a card at least 48 px wide in the notebook's picture (four packs included)
    ew, _ = geometry.extent(g.layout(), g.piles)
    assert 860 / (ew + 0.7) >= 48, f"{gid}: cards would be {860 / (ew + 0.7):.0f} px wide"


def test_render_options():
    g = laid_out("clock")
    big = render(g, unit=90)
    small = render(g, unit=40, header=False, caption=False)
    assert big.width > 2 * small.width * 0.9
    dark = render(g, theme="dark", lang="ru")
    assert dark.getpixel((2, 2)) != big.getpixel((2, 2))
    with pytest.raises(ValueError, match="theme"):
        render(g, theme="sepia")
    with pytest.raises(TypeError):
        render("clock")
    t = Table(g)
    assert render(t).size == render(g).size


def test_filmstrip_draws_a_line_with_its_sentences():
    g = pasyans.new_game("clock", 4)
    g.play("choose:C")
    probe = g.clone()
    line = [probe.play(probe.legal_moves()[0]) for _ in range(5)]
    key = g.key()
    sheet = filmstrip(g, line, columns=3, frame_width=300)
    assert g.key() == key, "the game itself is not changed"
    assert sheet.width > 3 * 300 and sheet.height > 2 * 200
    with pytest.raises(pasyans.IllegalMove, match="move 2 of the line"):
        filmstrip(g, [line[0], line[0]])


@pytest.mark.parametrize("fid", lost_figures() or ["clock"])
def test_lost_figures_are_drawn_as_reconstructions(fid):
    img = figure(fid, deal=1, width=600)
    assert abs(img.width - 600) <= 2 and img.height > 300


def test_figure_caption_says_reconstruction(monkeypatch):
    captions = []
    real = render_mod._wrap
    monkeypatch.setattr(render_mod, "_wrap", lambda text, f, w: captions.append(text) or real(text, f, w))
    figure("clock", deal=2, width=500)
    assert any("Reconstruction" in c and "deal 2" in c for c in captions)


# ---- nothing in a text or a note runs in the page --------------------------------------------------
EVIL = [
    '<script>alert(1)</script><p>ok</p>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<span class="s" data-sid="a.p1.s1" onclick="alert(1)" style="background:url(javascript:1)">t</span>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<p title="x&quot; onmouseover=&quot;alert(1)">t</p>',
    '<style>*{display:none}</style><p>t</p>',
    '<!-- <script>alert(1)</script> -->',
    '<p>unclosed <b>bold',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<template><script>alert(1)</script></template>',
    '<object data="javascript:alert(1)"></object><embed src="x">',
]


@pytest.mark.parametrize("evil", EVIL)
def test_clean_html_leaves_nothing_executable(evil):
    out = clean(evil).lower()
    for bad in ("<script", "onerror", "onclick", "onmouseover=\"", "javascript:", "<img", "<a ", "<iframe",
                "style=", "<svg", "<style", "<object", "<embed", "<math", "srcdoc", "<template"):
        assert bad not in out, (bad, out)


def test_clean_html_keeps_the_editions_markup():
    html = ('<article class="pasyans-text" lang="ru" data-game="clock"><h3 class="head"><span class="s head" '
            'id="x" data-sid="clock.head">Часы</span></h3><p><span class="s" data-sid="clock.p1.s1" '
            'data-notes="clock.n.face">Для &laquo;Часы&raquo; &amp; &lt;b&gt;</span></p></article>')
    out = clean(html)
    assert 'data-sid="clock.p1.s1"' in out and 'data-notes="clock.n.face"' in out and 'lang="ru"' in out
    assert not re.search(r"\sid=", out)  # ids would clash between two tables of the same game
    assert "&lt;b&gt;" in out and "«Часы»" in out and "&amp;" in out


def test_a_hostile_text_module_cannot_inject_script(monkeypatch):
    import types
    fake = types.SimpleNamespace(
        html=lambda game, layer: '<p><span class="s" data-sid="clock.p1.s1">x</span><script>alert(1)</script>'
                                 '<img src=x onerror=alert(2)></p>',
        sentences=lambda game, layer: [("clock.p1.s1", "<script>alert(3)</script>")],
        notes_for=lambda sid: [types.SimpleNamespace(id="n1", type="reading", targets=(sid,),
                                                      text="<script>alert(4)</script>\n\nsecond", options=())],
        note=lambda nid: None)
    monkeypatch.setattr(textsource, "_texts", lambda: fake)
    textsource.refresh()
    try:
        t = Table("clock", deal=1)
        assert "<script" not in t.text_html and "onerror" not in t.text_html and "data-sid" in t.text_html
        r = t.handle({"action": "notes", "sid": "clock.p1.s1"})
        assert r["ok"] and "<script" not in r["notes"][0]["html"] and "&lt;script&gt;" in r["notes"][0]["html"]
        assert r["notes"][0]["html"].count("<p>") == 2
    finally:
        textsource.refresh()


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_every_layer_of_every_text_is_clean(gid):
    for layer in ("diplomatic", "modern", "english"):
        html = textsource.html(gid, layer)
        assert "<script" not in html.lower() and " on" not in html.lower().replace(" one", "").split(">")[0]
        assert clean(html) == html, "the cleaner is idempotent on the edition's text"
