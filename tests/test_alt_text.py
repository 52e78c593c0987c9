"""Every picture a reader meets carries its text alternative, in the reader's language, and names
no face-down card: the table's stored picture, the filmstrip, the lost figures, the win-rate
chart and a bare game's SVG. JupyterLab and nbconvert draw an ``image/png`` output with no
``alt``, so each also offers ``text/html``: an ``<img>`` with the ``alt`` and the same picture."""
from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

import pytest

import pasyans
from pasyans import human
from pasyans.geometry import placements
from pasyans.widgets import Table, edition, figure, filmstrip

CYRILLIC = re.compile("[А-Яа-яЁё]{3,}")
ENGLISH_WORDS = re.compile(r"\b(the|moves?|deal|cards|playing|face down)\b")


class _Imgs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.imgs: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.imgs.append(dict(attrs))


def the_img(html: str) -> dict[str, str | None]:
    p = _Imgs()
    p.feed(html)
    assert len(p.imgs) == 1, html[:200]
    return p.imgs[0]


def shown_cards(g: pasyans.Game, lang: str) -> set[str]:
    """The cards a reader sees on ``g``'s table, written as in ``lang``."""
    return {human.localize_cards(str(p.card), lang) for p in placements(g.layout(), g.piles) if p.visible and p.face_up}


def named_cards(text: str, lang: str) -> set[str]:
    ranks = "10|[2-9ТВДК]" if lang == "ru" else "10|[2-9AJQK]"
    return set(re.findall(rf"(?<![0-9A-Za-zА-Яа-яЁё])(?:{ranks})[♠♥♦♣]", text))


def in_language(text: str, lang: str) -> None:
    body = text.replace("·", "|")
    body = re.sub(r"[^|]*\|[^:]*:", "", body, count=1)  # the bilingual title (Часы · The Clock)
    if lang == "ru":
        assert CYRILLIC.search(body) and not ENGLISH_WORDS.search(body), text
    else:
        assert ENGLISH_WORDS.search(body) and not CYRILLIC.search(body.split("«")[0]), text


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_the_tables_stored_picture_has_its_alt_text(gid, lang, tmp_path):
    t = Table(gid, deal=3, lang=lang, record=False)
    data, meta = t._repr_mimebundle_()
    img = the_img(data["text/html"])
    alt = img["alt"] or ""
    assert alt == meta["image/png"]["alt"]
    assert img["src"] == "data:image/png;base64," + data["image/png"]
    base64.b64decode(data["image/png"], validate=True)
    g, _ = t._picture_game()
    assert g.title_en in alt and g.title_ru in alt and f"{3}" in alt
    in_language(alt, lang)
    assert named_cards(alt, lang) <= shown_cards(g, lang), "the alt text names a face-down card"
    # a few moves on: still what the picture shows, and no hidden card named
    for m in t.game.legal_moves()[:1]:
        t.play(m)
    data, _ = t._repr_mimebundle_()
    alt = the_img(data["text/html"])["alt"] or ""
    assert named_cards(alt, lang) <= shown_cards(t.game, lang)


def test_the_stored_picture_is_the_same_every_time():  # notebooks store it; strict nbval compares its alt
    assert Table("braid", deal=2, record=False)._repr_mimebundle_()[0]["text/html"] == \
        Table("braid", deal=2, record=False)._repr_mimebundle_()[0]["text/html"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_filmstrip_says_each_move_it_shows(lang):
    g = pasyans.new_game("braid", deal=4)
    g.advance()
    line = pasyans.new_game("braid", deal=4)
    line.advance()
    moves = []
    for _ in range(4):
        m = line.legal_moves()[0]
        moves.append(human.describe(line, m, lang))
        line.play(m)
    pic = edition.picture(filmstrip(g, line.moves[-4:], lang=lang), "four moves")
    data, meta = pic._repr_mimebundle_()
    alt = the_img(data["text/html"])["alt"] or ""
    assert alt == meta["image/png"]["alt"] == pic.alt and alt.startswith("four moves. ")
    in_language(alt.removeprefix("four moves. "), lang)
    assert alt.count(". ") >= 5 and ("4 moves" in alt or "Ходов: 4" in alt)
    assert named_cards(alt.split(". 1. ")[0], lang) <= shown_cards(g, lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_lost_figure_says_what_it_shows(lang):
    pic = edition.picture(figure("clock.fig", lang=lang), "Reconstruction of clock.fig")
    alt = pic.alt
    assert alt.startswith("Reconstruction of clock.fig. ") and ("реконструкция" in alt.lower() if lang == "ru"
                                                                 else "reconstruction" in alt.lower())
    assert the_img(pic._repr_mimebundle_()[0]["text/html"])["alt"] == alt


def test_a_picture_without_words_keeps_its_description():
    from PIL import Image

    pic = edition.picture(Image.new("RGB", (4, 4)), "a blank square")
    assert pic.alt == "a blank square" == the_img(pic._repr_mimebundle_()[0]["text/html"])["alt"]


def test_the_win_rate_chart_has_its_figures_as_alt_text():
    chart = edition.win_rates("clock")
    data = chart._repr_mimebundle_()
    img = the_img(data["text/html"])
    assert img["src"] == "data:image/png;base64," + base64.b64encode(data["image/png"]).decode()
    alt = img["alt"] or ""
    assert alt.startswith("The Clock: deals won under each reading")
    for label, n, _players in chart.rows:
        assert f"{label}" in alt and f"n={n}" in alt


def test_the_win_rate_chart_speaks_russian():
    chart = edition.win_rates("braid", lang="ru")
    alt = the_img(chart._repr_mimebundle_()["text/html"])["alt"] or ""
    assert alt.startswith("Коса: сколько раскладов выходит при каждом прочтении")
    assert "по умолчанию" in alt and "вдумчивый выиграно" in alt and "слепой" in alt
    assert not {"default", "thoughtful", "won", "unknown", "lost", "rate"} & set(alt.split())
    english = edition.win_rates("braid")
    assert [(n, players) for _, n, players in chart.rows] == [(n, players) for _, n, players in english.rows]


def test_the_win_rate_chart_refuses_an_unknown_language():
    with pytest.raises(pasyans.BadOption, match="lang must be"):
        edition.win_rates("braid", lang="de")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_bare_game_offers_html_with_alt_text(lang):
    from IPython.core.formatters import DisplayFormatter

    from pasyans.svg import svg, svg_html

    g = pasyans.new_game("octagon", deal=2)
    g.advance()
    data, _ = DisplayFormatter().format(g)
    img = the_img(data["text/html"])
    assert img["alt"] == human.picture_text(g, "en") and "image/svg+xml" in data
    assert base64.b64decode((img["src"] or "").split(",", 1)[1]).decode() == svg(g)
    alt = the_img(svg_html(g, lang))["alt"] or ""
    in_language(alt, lang)
    assert named_cards(alt, lang) <= shown_cards(g, lang)


def test_alt_text_is_escaped(monkeypatch):
    g = pasyans.new_game("clock", deal=1)
    monkeypatch.setattr(type(g), "title_en", '"><script>alert(1)</script>')
    html = g._repr_html_()
    assert "<script" not in html and the_img(html)["alt"].startswith("Часы · \"><script>")
