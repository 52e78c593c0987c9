"""The edition's own checks: schema, round trip, ids, pointers, layers, corrections, normalisation."""
import json
import re
from pathlib import Path

import pytest
from lxml import etree

import pasyans
from pasyans import texts
from pasyans.orthography import modernize

TEXTS = Path(__file__).resolve().parent.parent / "texts"
SCHEMA = Path(__file__).resolve().parent / "schema" / "tei_all.rng"
NS = {"t": "http://www.tei-c.org/ns/1.0", "xml": "http://www.w3.org/XML/1998/namespace"}
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
SOURCES = ("000", "001", "002", "004")
FILES = (*SOURCES, "glossary")

# The sentence ids fixed before the edition was encoded: the engine cites them.
FIXED_IDS = """
    ch43.head braid.head braid.p1.s1 braid.p2.s1 braid.fig29 braid.p3.s1 braid.p4.s1 braid.p5.s1
    braid.p6.s1 braid.p7.s1 brunette_blonde.head brunette_blonde.p1.s1 brunette_blonde.p1.s2
    brunette_blonde.p1.s3 brunette_blonde.p1.s4 brunette_blonde.p2.s1 brunette_blonde.p3.s1
    brunette_blonde.p3.s2 brunette_blonde.p3.s3 village.head village.p1.s1 village.p2.s1 village.p2.s2
    village.p2.s3 village.p3.s1 etext002.fw clock.p1.s1 clock.p1.s2 clock.p2.s1 clock.p2.s2 clock.p2.s3
    clock.p2.s4 clock.p3.s1 clock.p3.s2 clock.p4.s1 clock.p4.s2 spouses.p1.s1 spouses.p1.s2
    spouses.p1.s3 spouses.p1.s4 spouses.p2.s1 spouses.p3.s1 spouses.p4.s1 spouses.p4.s2 spouses.p5.s1
    spouses.p6.label spouses.p6.s1 spouses.p6.s2 ch44.head octagon.head octagon.p1.s1 octagon.p1.s2
    octagon.fig30 octagon.p2.s1 octagon.p2.s2 octagon.p3.s1 octagon.p3.s2 octagon.p3.s3 octagon.p4.s1
    favorite.head favorite.figref favorite.p1.s1 favorite.p1.s2 favorite.p1.s3 favorite.p1.s4
    favorite.p1.s5 favorite.p1.s6 favorite.p1.s7 favorite.p1.s8 favorite.p1.s9 favorite.p1.s10
    favorite.p1.s11 favorite.p1.s12 favorite.p1.s13 favorite.p1.s14 favorite.fig31 go_no_go.head
    go_no_go.p1.s1 go_no_go.p1.s2 go_no_go.p1.s3 go_no_go.p1.s4 go_no_go.p1.s5 go_no_go.p1.s6
    go_no_go.p1.s7 go_no_go.p1.s8 etext000.fw indian_empress.r4.label indian_empress.r4.s1
    indian_empress.r5.label indian_empress.r5.s1 indian_empress.p1.s1 indian_empress.p2.s1
    indian_empress.p3.s1 indian_empress.p4.s1 indian_empress.fw indian_empress.p5.s1
    indian_empress.p6.s1 indian_empress.p7.s1 indian_empress.p7.s2 indian_empress.p7.s3
    indian_empress.p8.s1 indian_empress.p9.s1 indian_empress.p9.s2 indian_empress.p9.s3
    indian_empress.p10.s1 besieged_city.head besieged_city.r1.label besieged_city.r1.s1
    besieged_city.r1.s2 besieged_city.r2.label besieged_city.r2.s1 besieged_city.r2.s2
    besieged_city.r2.s3 besieged_city.fw besieged_city.r3.label besieged_city.r3.s1
    besieged_city.r4.label besieged_city.r4.s1 besieged_city.r5.label besieged_city.r5.s1
    besieged_city.r6.label besieged_city.r6.s1 besieged_city.p1.s1 besieged_city.p1.s2
    besieged_city.p1.s3 besieged_city.p2.s1 besieged_city.p2.s2 besieged_city.p3.s1 besieged_city.p4.s1
    besieged_city.p4.s2 besieged_city.p4.s3 besieged_city.p5.s1 besieged_city.p6.s1 besieged_city.p7.s1
    parterre.head parterre.r1.label parterre.r1.s1 parterre.r1.s2 parterre.r2.label parterre.r2.s1
    parterre.r3.label parterre.r3.s1 indian_empress.head indian_empress.r1.s1 indian_empress.r2.s1
    indian_empress.r3.s1 indian_empress.fn16.s1 indian_empress.fig clock.fig parterre.p1.s1
    parterre.p1.s2 parterre.p1.s3 parterre.p2.s1 parterre.p2.s2 parterre.p2.s3 parterre.p2.s4
""".split()


@pytest.fixture(scope="session")
def relaxng() -> etree.RelaxNG:
    """tei_all.rng (TEI 4.3.0), compiled once per session (about ten seconds)."""
    return etree.RelaxNG(etree.parse(str(SCHEMA)))


@pytest.fixture(scope="session")
def trees() -> dict[str, etree._ElementTree]:
    return {name: etree.parse(str(TEXTS / f"{name}.xml")) for name in FILES}


def text_ids(tree: etree._ElementTree) -> list[str]:
    """The ids of the text (not of the header, whose ids each file repeats)."""
    return [e.get(XML_ID) for e in tree.find("t:text", NS).iter() if isinstance(e.tag, str) and e.get(XML_ID)]


@pytest.mark.parametrize("name", FILES)
def test_valid_against_tei_all(relaxng: etree.RelaxNG, trees: dict, name: str) -> None:
    ok = relaxng.validate(trees[name])
    assert ok, "\n".join(f"{name}.xml:{e.line}: {e.message}" for e in relaxng.error_log)


@pytest.mark.parametrize("source", SOURCES)
def test_round_trip_reproduces_the_received_file(source: str) -> None:
    received = next((TEXTS / "witnesses").glob(f"{source}_*.txt")).read_bytes()
    assert texts.witness_text(source).encode("utf-8") == received


@pytest.mark.parametrize("source", SOURCES)
def test_lb_numbers_are_the_received_line_numbers(trees: dict, source: str) -> None:
    body = trees[source].find("t:text/t:body", NS)
    numbers = [int(lb.get("n")) for lb in body.iter(f"{{{NS['t']}}}lb")]
    received = next((TEXTS / "witnesses").glob(f"{source}_*.txt")).read_text(encoding="utf-8")
    assert numbers == list(range(2, received.count("\n") + 2))


def test_ids_unique_across_the_edition(trees: dict) -> None:
    ids = [i for name in FILES for i in text_ids(trees[name])]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup


def test_every_fixed_id_exists(trees: dict) -> None:
    ids = {i for name in SOURCES for i in text_ids(trees[name])}
    assert len(FIXED_IDS) == 156
    assert [i for i in FIXED_IDS if i not in ids] == []


def _pointers(tree: etree._ElementTree):
    for el in tree.iter():
        if not isinstance(el.tag, str):
            continue
        for attr in ("target", "corresp", "source", "resp", "who"):
            for value in (el.get(attr) or "").split():
                yield el, attr, value


@pytest.mark.parametrize("name", FILES)
def test_every_pointer_resolves(trees: dict, name: str) -> None:
    all_ids = {n: {e.get(XML_ID) for e in trees[n].iter() if isinstance(e.tag, str) and e.get(XML_ID)}
               for n in FILES}
    bad = []
    for _el, attr, value in _pointers(trees[name]):
        if value.startswith(("https://", "http://")):
            continue
        file_part, hash_, frag = value.partition("#")
        if not hash_:
            if not (TEXTS / value).is_file():
                bad.append((attr, value))
            continue
        target_file = Path(file_part).stem if file_part else name
        if frag not in all_ids.get(target_file, set()):
            bad.append((attr, value))
    assert bad == []


def test_every_sentence_has_three_layers() -> None:
    for game in texts.game_ids():
        pairs = {layer: texts.sentences(game, layer) for layer in texts.LAYERS}
        ids = [sid for sid, _ in pairs["diplomatic"]]
        assert ids, game
        for layer, items in pairs.items():
            assert [sid for sid, _ in items] == ids
            empty = [sid for sid, text in items if not text.strip()]
            assert empty == [], (game, layer)


def test_translation_units_point_back(trees: dict) -> None:
    for source in SOURCES:
        body = trees[source].find("t:text/t:body", NS)
        for div in body.iterfind(".//t:div[@type='translation']", NS):
            assert div.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"
            for el in div.iter(*(f"{{{NS['t']}}}{tag}" for tag in ("s", "head", "label"))):
                assert el.get(XML_ID) == "en." + el.get("corresp").removeprefix("#")


STAND_INS = re.compile(r"[ђЂ]|[а-яё][A-Za-zА-ЯЁ]|[A-Za-z][а-яё]|[а-яё]\.[а-яё]")


def test_no_ocr_stand_in_survives() -> None:
    for game in texts.game_ids():
        for layer in ("diplomatic", "modern"):
            for sid, text in texts.sentences(game, layer):
                assert not STAND_INS.search(text), (sid, layer, text)


def test_no_pre_reform_letter_in_the_modern_layer() -> None:
    for game in texts.game_ids():
        for sid, text in texts.sentences(game, "modern"):
            assert not set(text) & set("ѣіѳѵѢІѲѴ"), sid
            assert not re.search(r"[ъЪ]\b", text), sid


def _reading(el: etree._Element, drop: str) -> str:
    """Text of an orig (or anything) taking corr over sic."""
    out = [el.text or ""]
    for child in el:
        if etree.QName(child).localname != drop:
            out.append(_reading(child, drop))
        out.append(child.tail or "")
    return "".join(out)


def test_converter_rerun_equals_stored_reg(trees: dict) -> None:
    hand = []
    for source in SOURCES:
        for choice in trees[source].iterfind(".//t:text//t:choice[t:orig]", NS):
            orig = _reading(choice.find("t:orig", NS), "sic")
            reg = choice.find("t:reg", NS)
            if reg.get("type") == "hand":
                assert modernize(orig) != reg.text, orig
                hand.append((orig, reg.text))
            else:
                assert modernize(orig) == reg.text, (orig, reg.text)
    assert set(hand) == {("тотчасъ-же", "тотчас же"), ("то-есть", "то есть"),
                         ("при чемъ", "причем"), ("въ поперекъ", "впоперек")}


def test_modern_layer_is_the_converted_diplomatic_layer_but_for_hand_corrections(trees: dict) -> None:
    hands = {r.text: modernize(_reading(r.getparent().find("t:orig", NS), "sic"))
             for s in SOURCES for r in trees[s].iterfind(".//t:text//t:reg[@type='hand']", NS)}
    for game in ("indian_empress", "besieged_city", "parterre"):
        for sid, modern in texts.sentences(game, "modern"):
            expected = modernize(texts.sentence(sid, "diplomatic"))
            for reg, converted in hands.items():
                modern = modern.replace(reg, converted)
            assert modern == expected, sid


def test_correction_types_are_declared(trees: dict) -> None:
    for source in SOURCES:
        tree = trees[source]
        declared = {"".join(lab.itertext()) for lab in
                    tree.iterfind(".//t:editorialDecl/t:correction//t:list/t:label", NS)}
        used = {c.get("type") for c in tree.iterfind(".//t:text//t:corr", NS)}
        assert used <= declared == {"ocr", "transmission"}


def test_dje_is_corrected_everywhere_and_only_marked(trees: dict) -> None:
    tree = trees["000"]
    sics = ["".join(s.itertext()) for s in tree.iterfind(".//t:text//t:sic", NS)]
    assert sum(s.count("ђ") for s in sics) == 57
    received = next((TEXTS / "witnesses").glob("000_*.txt")).read_text(encoding="utf-8")
    assert received.count("ђ") == 57


def test_supplies_follow_a_gap_and_cite_the_witness(trees: dict) -> None:
    tree = trees["000"]
    assert tree.find(".//t:sourceDesc//t:bibl[@xml:id='cadogan1914']", NS) is not None
    supplied = list(tree.iterfind(".//t:text//t:supplied", NS))
    assert len(supplied) == 15  # heading, 3 rule numbers, 3 rules, conjecture 16, 7 of Партеръ
    composed = []
    for sup in supplied:
        assert sup.get("resp") == "#ed" and sup.get("reason") in ("lost", "conjecture")
        if sup.get("source") is None:  # the editors' own composition: no witness could be read
            composed.append(sup.getparent().get(XML_ID))
        else:
            assert sup.get("source") == "#cadogan1914"
        gap = sup.xpath("preceding::t:gap[1]", namespaces=NS)
        assert gap and gap[0].get("reason") == "lost"
    assert composed == ["parterre.p1.s1", "parterre.p1.s2", "parterre.p1.s3"]


def test_composition_and_conjecture_are_told_from_witness_in_every_layer() -> None:
    for layer in texts.LAYERS:
        plain = texts.plain("parterre", layer)
        assert plain.count("⟦") == 3 and plain.count("⟨") == 4, layer
        h = texts.html("parterre", layer)
        assert h.count('data-supplied="composed"') == 3 and h.count('data-supplied="witness"') == 4
        empress = texts.plain("indian_empress", layer)
        assert "[16] (text lost)" in empress and "[17] (text lost)" in empress
        assert "[the editors' conjecture for footnote 16, not its text: ⟨" in empress
        assert '<aside class="footnote" data-n="16">[16] <span class="gap">' in texts.html("indian_empress", layer)
    for sid in ("indian_empress.head", "indian_empress.r1.s1", "indian_empress.r2.s1", "indian_empress.r3.s1",
                "indian_empress.fn16.s1", "parterre.p1.s1", "parterre.p2.s4"):
        assert any(n.type == "lacuna" for n in texts.notes_for(sid)), sid


def test_figures_have_descriptions() -> None:
    figs = {f.id: f for g in texts.game_ids() for f in texts.figures(g)}
    assert set(figs) == {"indian_empress.fig", "clock.fig", "braid.fig29", "octagon.fig30", "favorite.fig31"}
    assert all("reconstruction" in f.description for f in figs.values())
    assert figs["braid.fig29"].caption == "Фиг. 29" and figs["clock.fig"].caption is None


def test_artefacts_are_marked_not_text(trees: dict) -> None:
    for xid, kind in (("etext000.fw", "header"), ("etext002.fw", "header"), ("indian_empress.fw", "runningHead"),
                      ("besieged_city.fw", "runningHead"), ("etext000.pagecounter", "pageCounter")):
        source = "002" if xid.startswith("etext002") else "000"
        el = trees[source].find(f".//t:fw[@xml:id='{xid}']", NS)
        assert el is not None and el.get("type") == kind
    markers = trees["000"].findall(".//t:ref[@type='noteMarker']", NS)
    assert ["".join(m.itertext()) for m in markers] == ["[16]", "[17]"]
    assert "[16]" not in texts.sentence("indian_empress.p4.s1")


def test_notes_are_well_formed() -> None:
    allowed = {"reading", "corruption", "silence", "lacuna", "figure"}
    for game in texts.game_ids():
        for n in texts.notes(game):
            assert n.type in allowed and n.targets and n.text, n.id
            assert n.id.startswith(game + ".n."), n.id


def test_edition_version_matches_the_package(trees: dict) -> None:
    for name in FILES:
        assert trees[name].find(".//t:editionStmt/t:edition", NS).get("n") == pasyans.__version__
    assert pasyans.__version__ == texts.EDITION_VERSION


def test_licence_is_cc_by(trees: dict) -> None:
    for name in FILES:
        lic = trees[name].find(".//t:publicationStmt//t:licence", NS)
        assert lic.get("target") == "https://creativecommons.org/licenses/by/4.0/"


def _table_run(table: dict, reading: str) -> dict:
    """The run of a committed table under a reading, found afresh (not through pasyans.texts)."""
    runs = table["runs"]
    if reading == "default":
        return runs[0]
    wanted = dict(part.split("=") for part in reading.split(","))
    matches = [run for run in runs[1:]
               if {k: str(v) for k, v in run["options"].items() if v != runs[0]["options"][k]} == wanted]
    assert len(matches) == 1, (table["game"], reading)
    return matches[0]


def _expected_figure(run: dict, field: str, form: str) -> str:
    if field == "deals":
        assert form == "range"
        return f"{run['deals'][0]:,}–{run['deals'][1]:,}"
    if field == "budget":
        value = run["budget_states"]
    else:
        player, what = field.split(".")
        counts = {k: run[player][k]["count"] for k in ("won", "lost", "unknown")}
        counts["decided"] = counts["won"] + counts["lost"]
        counts["bound"] = counts["won"] + counts["unknown"]
        value = counts[what]
    return f"{value:,}" if form == "cardinal" else f"{value / run['thoughtful']['n']:.1%}"


def test_every_figure_placeholder_is_filled_from_its_table(trees: dict) -> None:
    count = 0
    for name in SOURCES:
        for el in trees[name].iter(f"{{{NS['t']}}}num"):
            source = el.get("source") or ""
            assert source.startswith("stats/"), (name, source)
            assert not (el.text or "").strip() and len(el) == 0, "a placeholder holds no typed figure"
            table = json.loads((TEXTS / source).read_text(encoding="utf-8"))
            run = _table_run(table, el.get("n"))
            expected = _expected_figure(run, el.get("subtype"), el.get("type"))
            assert texts.table_figure(Path(source).stem, el.get("n"), el.get("subtype"), el.get("type")) == expected
            count += 1
    assert count > 200


def _bare_wins(trees: dict) -> list[tuple[str, str]]:
    """Each solver's win figure of a run with undecided deals that no upper bound (or count of the
    undecided) of the same run accompanies in its paragraph, as (paragraph's note, source + reading)."""
    bare = []
    for name in SOURCES:
        for p in trees[name].iterfind(".//t:back//t:p", NS):
            nums = [(el.get("source"), el.get("n") or "default", el.get("subtype"))
                    for el in p.iterfind(".//t:num", NS)]
            for source, reading, subtype in nums:
                if subtype != "thoughtful.won":
                    continue
                run = _table_run(json.loads((TEXTS / source).read_text(encoding="utf-8")), reading)
                if run["thoughtful"]["unknown"]["count"] == 0:
                    continue
                if not {(source, reading, "thoughtful.bound"), (source, reading, "thoughtful.unknown")} & set(nums):
                    note = next(p.iterancestors(f"{{{NS['t']}}}note")).get(XML_ID)
                    bare.append((note, f"{Path(source).stem} {reading}"))
    return bare


def test_a_solver_win_rate_with_undecided_deals_comes_with_its_bound(trees: dict) -> None:
    # "A win rate with unknowns is a bound, [won, won + unknown], never won alone."
    assert _bare_wins(trees) == []


def test_the_bound_check_sees_a_bare_win_figure(trees: dict) -> None:
    tree = etree.fromstring(etree.tostring(trees["001"]))
    for el in tree.iterfind(".//t:back//t:num[@subtype='thoughtful.bound']", NS):
        el.set("subtype", "thoughtful.won")
    assert ("braid.n.side_fill", "braid side_fill=at_once") in _bare_wins({"001": tree, **{
        k: v for k, v in trees.items() if k != "001"}})


def test_rendered_notes_carry_the_table_figures() -> None:
    note = texts.note("go_no_go.n.transfers").text
    run = _table_run(json.loads((TEXTS / "stats" / "go_no_go.json").read_text(encoding="utf-8")),
                     "transfers=sequence")
    assert f"({run['thoughtful']['lost']['count']} proved lost" in note
    assert "go_no_go.json" not in texts.html("go_no_go", "english")


@pytest.mark.parametrize("args", [("village", "bases=nosuch"), ("village", "nosuch=1"), ("nosuch",),
                                  ("village", "default", "thoughtful.nothing"), ("village", "default", "deals"),
                                  ("village", "default", "n", "roman")])
def test_a_placeholder_that_cannot_be_filled_is_a_clear_error(args: tuple) -> None:
    with pytest.raises(ValueError):
        texts.table_figure(*args)


# A figure of a win-rate table typed by hand: "83 of", "248 proved lost", "16.6%", "deals 1–300", "wins 4".
TYPED_FIGURE = re.compile(r"\d(?:[\d,]*\d)?(?:\.\d+)?\s?%|(?<!figure )(?<!page )\b\d[\d,]*\s+(?:of|won|lost|undecided|"
                          r"deals?|come out|came out|proved)\b|\bdeals\s+\d|\b(?:wins|won|win)\s+\d")


def _typed_text(note: etree._Element) -> str:
    """A note's text with every figure placeholder left out (and web addresses, whose %XX are no figures)."""
    out: list[str] = []

    def walk(el: etree._Element) -> None:
        if etree.QName(el).localname != "num":
            out.append(el.text or "")
            for child in el:
                if isinstance(child.tag, str):
                    walk(child)
                out.append(child.tail or "")

    walk(note)
    return re.sub(r"https?://\S+", "", " ".join("".join(out).split()))


def test_no_note_types_a_figure_of_a_table(trees: dict) -> None:
    typed = {}
    for name in SOURCES:
        for note in trees[name].iterfind(".//t:back//t:note", NS):
            hits = TYPED_FIGURE.findall(_typed_text(note))
            if hits:
                typed[note.get(XML_ID)] = hits
    assert typed == {}
