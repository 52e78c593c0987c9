"""Human text at the table: Russian and English, ten written 10, face-down cards never named."""
from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

import pasyans
from pasyans import human, i18n
from pasyans.cards import CARDS, Card, rank_text
from pasyans.cli import main
from pasyans.record_book import RecordBook, reading_key
from pasyans.registry import GAMES
from pasyans.widgets import Table

GAMES_DIR = Path(pasyans.__file__).parent / "games"
LATIN = re.compile(r"[A-Za-z][A-Za-z']+")
CITE = re.compile(r"\b[a-z_]+\.(?:[a-z0-9_]+\.?)+")


def english_words(text: str) -> list[str]:
    """Latin words in ``text``, sentence ids and Roman numerals (rule numbers) aside."""
    return [w for w in LATIN.findall(CITE.sub("", text)) if not re.fullmatch(r"[IVX]+", w)]


def seen_texts(t: Table, rnd: random.Random, tries: int) -> list[str]:
    """What the reader is shown now: status extras, legal moves, last move, message, and the
    refusals of ``tries`` random attempts (each refusal read from ``view["message"]``)."""
    v = t.view
    out = [x for e in v["extras"] for x in e] + [m["label"] for m in v["legal"]]
    out += [v["last"]["label"]] if v["last"] else []
    out += [v["message"]["text"]] if v["message"] else []
    full = [p for p, i in v["piles"].items() if i["n"]]
    for _ in range(tries if full else 0):
        src, dst = rnd.choice(full), rnd.choice(list(v["piles"]))
        r = t.handle({"action": "try", "from": src, "index": v["piles"][src]["n"] - 1, "to": dst, "seq": v["seq"]})
        if not r["ok"]:
            out.append(t.view["message"]["text"])
    return out


def walk(gid: str, lang: str, moves: int = 60, tries: int = 6, seed: int = 5):
    """Play ``gid`` at random from two deals; yield the table at each position."""
    rnd = random.Random(seed)
    for deal in (1, 2):
        t = Table(gid, deal=deal, lang=lang, record=False)
        for _ in range(moves):
            yield t, rnd, tries
            legal = t.game.legal_moves()
            if not legal:
                break
            t.handle({"action": "play", "index": rnd.randrange(len(legal)), "seq": t.view["seq"]})


# ---- the UI strings --------------------------------------------------------------------------------
def test_every_ui_string_has_both_languages():
    for key, pair in i18n.UI.items():
        assert isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) and x for x in pair), key
    ru, en = i18n.ui("ru"), i18n.ui("en")
    assert ru.keys() == en.keys() == i18n.UI.keys()
    for key, text in ru.items():
        if key.startswith("key.") or key in ("lang.en",):
            continue  # key names (Enter, Page Down) and the name of the other language
        assert not english_words(text), (key, text)


def test_every_option_and_info_field_has_a_russian_name():
    for cls in GAMES.values():
        for o in cls.OPTIONS:
            assert o.name in i18n.OPTION_NAMES_RU, (cls.id, o.name)
            assert (cls.id, o.name) in i18n.OPTION_DOCS_RU, (cls.id, o.name)
            assert not english_words(i18n.option_doc(cls.id, o, "ru")), (cls.id, o.name)
            for c in o.choices:
                assert not english_words(i18n.choice_text(c, "ru")), (cls.id, o.name, c)
        for key in cls(1).info():
            if key not in ("status", "turn", "moves", "cards_left"):
                assert key in i18n.INFO_LABELS, (cls.id, key)


def test_every_refusal_of_the_rules_has_a_russian_sentence():
    """Each constant refusal a rules module can give (its ``_why_not``) is known to the translator."""
    missing = []
    for path in sorted(GAMES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "_why_not":
                for r in ast.walk(node):
                    values = [r.value] if isinstance(r, ast.Return) and r.value is not None else []
                    if values and isinstance(values[0], ast.IfExp):
                        values = [values[0].body, values[0].orelse]
                    for v in values:
                        if isinstance(v, ast.Constant) and isinstance(v.value, str) and not i18n.known(v.value):
                            missing.append(f"{path.name}: {v.value}")
    assert not missing, missing


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_russian_table_speaks_no_english(gid):
    for t, rnd, tries in walk(gid, "ru"):
        for text in seen_texts(t, rnd, tries):
            assert not english_words(text), (gid, t.move_count, text)
            assert not re.search(r"(?<![A-Za-z])[AJQKT](?=[♠♥♦♣]|$)", text), (gid, "an English rank", text)
        for _name, value in t.view["extras"]:
            assert value not in ("A", "J", "Q", "K", "T"), (gid, "an English rank", value)
    assert t.view["ui"] == i18n.ui("ru") and t.view["lang"] == "ru"


def test_russian_cards_and_moves():
    g = pasyans.new_game("clock", 1)
    m = g.legal_moves()[0]
    assert human.describe(g, m, "ru") == f"выбрать {m.arg_text('ru')}" and m.arg_text("ru") in "♠♥♦♣"
    assert Card.parse("QS").text("ru") == "Д♠" and Card.parse("TS").text("ru") == "10♠"
    assert human.localize_cards("A♠, 10♥, K♦ and J♣", "ru") == "Т♠, 10♥, К♦ and В♣"


def test_the_default_language_follows_the_text_layer():
    assert Table("clock", record=False).lang == "ru"
    assert Table("clock", layer="diplomatic", record=False).lang == "ru"
    assert Table("clock", layer="english", record=False).lang == "en"
    assert Table("clock", layer="english", lang="ru", record=False).lang == "ru"
    with pytest.raises(ValueError):
        Table("clock", lang="de")


# ---- ten is 10 -----------------------------------------------------------------------------------
def test_ten_is_written_10():
    assert str(Card.parse("TH")) == "10♥" and Card.parse("TH").ascii == "TH"
    assert [rank_text(r) for r in range(1, 14)] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert Card.parse("10H") == Card.parse("TH")


def test_braid_base_ten_and_its_refusal_say_10():
    def base(d: int) -> str | None:
        g = pasyans.new_game("braid", d)
        g.advance()
        return g.info()["base"]

    deal = next(d for d in range(1, 400) if base(d) == "10")
    t = Table("braid", deal=deal, lang="en", record=False)
    t.advance()
    assert ["base", "10"] in t.view["extras"]
    g = t.game
    found = [p for p in g.piles if p.startswith("foundation") and not g.piles[p].cards]
    src = next(p for p, v in g.piles.items() if v.cards and v.down < len(v.cards) and CARDS[v.cards[-1]].rank != 10
               and not p.startswith("foundation"))
    why = str(t.explain(g.piles[src].cards[-1], src, found[0]))
    assert "a card of rank 10 (braid.p3.s1)" in why


@pytest.mark.parametrize("gid", list(GAMES))
def test_no_human_string_writes_ten_as_T(gid):
    for t, rnd, tries in walk(gid, "en", moves=40, tries=4):
        for text in seen_texts(t, rnd, tries):
            assert not re.search(r"(?<![A-Za-z])T[♠♥♦♣]|rank T\b|base T\b", text), (gid, text)


# ---- face-down cards ---------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", list(GAMES))
def test_legal_moves_and_status_never_name_a_face_down_card(gid):
    hidden_seen = 0
    for t, _rnd, _tries in walk(gid, "en", moves=40, tries=0):
        g = t.game
        up = {c for v in g.piles.values() for c in v.cards[v.down:]}
        for m, shown in zip(g.legal_moves(), t.view["legal"]):
            for c in human.hidden_steps(g, m):
                hidden_seen += 1
                assert "a face-down card" in shown["label"], (gid, m.notation, shown["label"])
                if c not in up and all(s[0] != c for s in m.steps if s[0] not in human.hidden_steps(g, m)):
                    assert str(CARDS[c]) not in shown["label"], (gid, m.notation, shown["label"])
    if gid in ("braid", "clock", "octagon"):
        assert hidden_seen, "these games deal face-down cards from the pack"


def test_a_face_down_card_tried_is_not_named():
    t = Table("braid", deal=3, lang="en", record=False)
    stock = t.game.piles["stock"]
    top = stock.cards[-1]
    r = t.handle({"action": "try", "from": "stock", "index": len(stock.cards) - 1, "to": "foundation.1",
                  "seq": t.view["seq"]})
    assert not r["ok"] and str(top) not in r["message"] and top.name("en") not in r["message"]
    assert str(top) not in t.view["message"]["text"]


def test_the_hint_does_not_name_a_face_down_card():
    t = Table("braid", deal=3, lang="en", record=False)
    r = t.handle({"action": "hint"})
    assert r["ok"]
    g = t.game
    up = {c for v in g.piles.values() for c in v.cards[v.down:]}
    hidden = {c for v in g.piles.values() for c in v.cards[:v.down]} - up
    assert hidden and not any(str(CARDS[c]) in r["message"] for c in hidden), r["message"]


# ---- the Empress --------------------------------------------------------------------------------------
def test_empress_counts_cards_above_the_bases_and_names_the_real_obstacle():
    t = Table("indian_empress", deal=1, lang="en", record=False)
    assert ["on foundations", "0"] in t.view["extras"]
    t.advance()
    assert t.game.info()["phase"] == "play" and t.game.info()["on_foundations"] == 0
    g = t.game
    navy = next(p for p in g.piles if p.startswith("navy") and g.piles[p].cards)
    why = str(t.explain(g.piles[navy].cards[-1], navy, "general.1"))
    assert why.startswith("red cards go on the Generals"), why


# ---- the player's record on the command line ------------------------------------------------------------
def test_record_book_file_and_cli(tmp_path, capsys):
    book = RecordBook(tmp_path)
    opts = pasyans.new_game("clock").options
    entry, carried = book.played("clock", opts)
    assert entry == {"played": 1, "won": 0, "streak": 0, "best_streak": 0} and carried == 0
    book.won("clock", opts, carried)
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"], "no temporary file is left behind"
    data = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert data["games"]["clock"][reading_key(opts)] == {"played": 1, "won": 1, "streak": 1, "best_streak": 1}
    # an entry of the wrong shape is dropped alone
    data["games"]["braid"] = {"x": {"played": -1}}
    (tmp_path / "record.json").write_text(json.dumps(data), encoding="utf-8")
    assert set(book.load()) == {"clock"}
    assert main(["record", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "clock" in out and "redeals=1;second_deal=same" in out and "best streak" in out
    assert main(["record", "clock", "--dir", str(tmp_path), "--lang", "ru"]) == 0
    assert "Часы" in capsys.readouterr().out
    assert main(["record", "--json", "--dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["clock"][reading_key(opts)]["won"] == 1
    assert main(["record", "--dir", str(tmp_path / "empty")]) == 0
    assert "no games yet" in capsys.readouterr().out


def test_record_default_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PASYANS_DATA_DIR", str(tmp_path / "here"))
    assert RecordBook().path == tmp_path / "here" / "record.json"
    monkeypatch.delenv("PASYANS_DATA_DIR")
    import platformdirs
    assert RecordBook().folder == Path(platformdirs.user_data_dir("pasyans", appauthor=False))


def test_russian_moves_of_face_down_cards_and_players():
    t = Table("braid", deal=3, lang="ru", record=False)
    assert t.view["legal"][0]["label"] == "раздача: колода → коса (карта рубашкой вверх)"
    t = Table("spouses", deal=3, lang="ru", record=False)
    assert t.view["turn"] == "A" and t.view["turn_label"] == "А"  # Cyrillic, as the piles' labels
    assert i18n.translate("it is B's turn (spouses.p3.s1, spouses.p4.s2)", "ru") == \
        "сейчас ходит В (spouses.p3.s1, spouses.p4.s2)"


@pytest.mark.parametrize("gid", [g for g in GAMES if g not in ("clock", "spouses")])
def test_a_card_tried_on_a_foundation_hears_the_rule_that_stops_it(gid):
    """Not "cannot go from … here": the rule (with its sentence) that keeps this card off that foundation."""
    t = Table(gid, deal=4, lang="en", record=False)
    rnd = random.Random(2)
    t.game.advance()
    for _ in range(10):
        legal = t.game.legal_moves()
        t.game.play(rnd.choice(legal))
        t.game.advance()
        if t.game.status != "playing":
            while t.game.status != "playing":
                t.game.undo()
            break
    g = t.game
    found = [s.pile for s in g.layout().spots if s.role == "foundation"]
    tried = 0
    for p, v in g.piles.items():
        if not v.cards or v.down >= len(v.cards) or p in found:
            continue
        for f in found[:4]:
            if tried >= 20 or any((v.cards[-1], p, f) in m.steps for m in g.legal_moves()):
                continue
            tried += 1
            why = str(t.explain(v.cards[-1], p, f))
            assert "cannot go from" not in why and re.search(r"\(.*[a-z_]+\.[a-z0-9]+\.s\d", why), (gid, why)
            assert i18n.known(why), why
    assert tried
