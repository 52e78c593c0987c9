"""The reader ``pasyans.texts`` and the command ``pasyans text``."""
import argparse
from pathlib import Path

import pytest
from lxml import etree

from pasyans import cli_text, texts

TEXTS = Path(__file__).resolve().parent.parent / "texts"


def test_games_in_edition_order() -> None:
    assert texts.game_ids() == ("indian_empress", "besieged_city", "parterre", "braid", "brunette_blonde",
                                "village", "clock", "spouses", "octagon", "favorite", "go_no_go")


def test_sentence_in_three_layers() -> None:
    sid = "besieged_city.p6.s1"
    assert texts.sentence(sid).startswith("Въ концѣ пасьянса")
    assert "встрѣтятся еще" in texts.sentence(sid, "diplomatic")
    assert texts.sentence(sid, "modern").startswith("В конце пасьянса")
    assert texts.sentence(sid, "english").startswith("At the end of the patience")


def test_labels_heads_and_figure_captions_are_units() -> None:
    assert texts.sentence("besieged_city.r6.label") == "VI."
    assert texts.sentence("indian_empress.r4.label", "english") == "IV."
    assert texts.sentence("ch43.head", "modern").startswith("Глава XLIII")
    assert texts.sentence("braid.fig29") == "Фиг. 29"
    assert texts.sentence("braid.fig29", "english") == "Fig. 29"


def test_unknown_ids_and_layers() -> None:
    with pytest.raises(KeyError):
        texts.sentence("braid.p99.s1")
    with pytest.raises(ValueError):
        texts.sentence("braid.p1.s1", "klingon")
    with pytest.raises(KeyError):
        texts.sentences("solitaire")


def test_sentences_in_order_with_supplies() -> None:
    ids = [sid for sid, _ in texts.sentences("indian_empress")]
    assert ids[:4] == ["indian_empress.head", "indian_empress.r1.label", "indian_empress.r1.s1",
                       "indian_empress.r2.label"]
    assert ids.index("indian_empress.fn16.s1") == ids.index("indian_empress.p4.s1") + 1
    parterre = [sid for sid, _ in texts.sentences("parterre")]
    assert parterre[-4:] == ["parterre.p2.s1", "parterre.p2.s4", "parterre.p2.s2", "parterre.p2.s3"]


def test_corrections_show_in_the_layers() -> None:
    assert "окопахъ" in texts.sentence("besieged_city.r2.s3")
    assert "при чемъ карты" in texts.sentence("besieged_city.p5.s1")
    assert "причем карты" in texts.sentence("besieged_city.p5.s1", "modern")
    assert "тотчас же" in texts.sentence("indian_empress.r5.s1", "modern")
    assert "с третьею картою" in texts.sentence("favorite.p1.s3")
    assert texts.sentence("go_no_go.p1.s3").count("с левой руки идут") == 1


def test_chapter() -> None:
    braid = texts.chapter("braid")
    assert (braid.source, braid.chapter_id, braid.title_ru, braid.title_en) == ("001", "ch43", "Коса", "The Braid")
    assert braid.ids[0] == "braid.head"
    clock = texts.chapter("clock")
    assert clock.chapter_id is None and clock.title_ru == "Часы"


def test_notes_by_game_sentence_and_id() -> None:
    ns = texts.notes("besieged_city")
    assert {n.id for n in ns} >= {"besieged_city.n.ocr", "besieged_city.n.paragraph"}
    assert any(n.id == "besieged_city.n.paragraph" for n in texts.notes_for("besieged_city.p4.s1"))
    n = texts.note("go_no_go.n.repeat")
    assert n.type == "corruption" and n.targets == ("go_no_go.p1.s3",) and "dittography" in n.text
    with pytest.raises(KeyError):
        texts.note("go_no_go.n.nothing")


def test_note_names_its_engine_option() -> None:
    el = etree.fromstring(
        '<note xmlns="http://www.tei-c.org/ns/1.0" xml:id="braid.n.passes" type="reading" '
        'target="#braid.p7.s1 #braid.p3.s1" ana="option:passes option:foundations=4 other"><p>A.</p><p>B.</p></note>')
    n = texts._note_from(el, "braid")
    assert n.options == ("passes", "foundations=4") and n.option == "passes"
    assert n.targets == ("braid.p7.s1", "braid.p3.s1") and n.text == "A.\n\nB."


def test_glossary() -> None:
    gl = texts.glossary()
    talon = next(e for e in gl if e.term == "талонъ")
    assert talon.modern == "талон" and talon.english == "talon" and talon.note
    for entry in gl:
        for xid in entry.examples:
            texts.source_of(xid)


def test_cite() -> None:
    c = texts.cite("indian_empress.r4.s1")
    for part in ("Pasyans", texts.EDITION_VERSION, "source 000", "Индийская императрица", "rule IV",
                 "indian_empress.r4.s1", "CC BY 4.0"):
        assert part in c
    assert "English translation of braid.p3.s1" in texts.cite("en.braid.p3.s1")
    assert "apparatus note" in texts.cite("besieged_city.n.ocr")
    with pytest.raises(KeyError):
        texts.cite("nowhere")


@pytest.mark.parametrize("query", ["мѣста въ окопахъ", "места в окопах", "МЕСТА В ОКОПАХ"])
def test_search_both_spellings(query: str) -> None:
    assert "besieged_city.r4.s1" in {h.id for h in texts.search(query)}


def test_search_received_and_english_forms() -> None:
    assert {h.id for h in texts.search("встрђтатся")} == set()  # the OCR form is not the text
    assert "besieged_city.p6.s1" in {h.id for h in texts.search("встрѣтятся")}
    hits = texts.search("trenches", game="besieged_city")
    assert hits and all(h.game == "besieged_city" and h.layer == "english" for h in hits)
    assert texts.search("  ") == []


@pytest.mark.parametrize("game", texts.game_ids())
@pytest.mark.parametrize("layer", texts.LAYERS)
def test_html_is_well_formed_and_complete(game: str, layer: str) -> None:
    doc = etree.fromstring(texts.html(game, layer))
    assert not doc.xpath("//script | //@*[starts-with(name(), 'on')]")
    sids = doc.xpath("//span[contains(concat(' ', @class, ' '), ' s ')]/@data-sid")
    assert sids == [sid for sid, _ in texts.sentences(game)]
    assert len(doc.xpath("//section[@class='apparatus']/div[@class='note']")) == len(texts.notes(game))


def test_html_escapes_everything() -> None:
    el = etree.fromstring('<s xmlns="http://www.tei-c.org/ns/1.0">&lt;script&gt;alert("x")&lt;/script&gt; &amp; '
                          '<choice><sic>a"b</sic><corr type="ocr">c&lt;d</corr></choice></s>')
    out = texts._inline_html(el, "diplomatic")
    assert "<script" not in out and "&lt;script&gt;" in out and "&quot;x&quot;" in out
    assert 'title="e-text: a&quot;b"' in out and "c&lt;d" in out


def test_html_marks_corrections_and_supplies() -> None:
    h = texts.html("indian_empress", "diplomatic")
    assert 'class="supplied"' in h and 'title="e-text: видђ"' in h
    assert 'id="pasyans-diplomatic-indian_empress.p2.s1"' in h


def test_plain() -> None:
    p = texts.plain("clock", "modern")
    assert p.startswith("Для пасьянса «Часы»") and "[clock.fig: figure not in the e-text]" in p
    assert "[17] (text lost)" in texts.plain("indian_empress")


def test_tei_and_witness() -> None:
    assert texts.tei("braid") == (TEXTS / "001.xml").read_text(encoding="utf-8")
    assert texts.tei("000_0c735b6135cd8448.txt") == texts.tei("indian_empress")
    assert "<entryFree" in texts.tei("glossary")
    for source in texts.sources():
        assert texts.witness_text(source).encode("utf-8") == texts.witness_file(source).read_bytes()
    with pytest.raises(KeyError):
        texts.tei("003")


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="pasyans")
    cli_text.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["text", *argv])
    return args.func(args)


def test_cli_layers_tei_and_witness(capsys: pytest.CaptureFixture) -> None:
    assert _run(["braid", "--layer", "english"]) == 0
    assert capsys.readouterr().out.startswith("The Braid.")
    assert _run(["clock", "--tei"]) == 0
    assert capsys.readouterr().out == texts.tei("clock")


@pytest.mark.parametrize("source", ["000_0c735b6135cd8448.txt", "001", "002", "004"])
def test_cli_witness_is_the_received_file_byte_for_byte(capsysbinary: pytest.CaptureFixture, source: str) -> None:
    assert _run(["--witness", source]) == 0
    assert capsysbinary.readouterr().out == texts.witness_file(source).read_bytes()


@pytest.mark.parametrize("argv", [["nosuch"], [], ["--witness", "999"], ["braid", "--witness", "000"],
                                  ["nosuch", "--tei"]])
def test_cli_errors_are_one_line_exit_2(capsys: pytest.CaptureFixture, argv: list[str]) -> None:
    assert _run(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("pasyans: error: ") and err.count("\n") == 1


def test_one_english_title_per_game() -> None:
    from pasyans.registry import game_class

    for game in texts.game_ids():
        assert texts.chapter(game).title_en == game_class(game).title_en, game
