"""The table's message protocol: every intent from the browser is validated, and a refused one
gets a clear reply and changes nothing (no kernel or browser needed: ``Session.handle``). The
last tests are of the anywidget ``Table``, the session's adaptor in Jupyter."""
from __future__ import annotations

import json

import pytest

import pasyans
from pasyans.protocol import ACTIONS, ProtocolError, validate
from pasyans.session import Session
from pasyans.widgets import Table, textsource


def session(*args, **kwargs) -> Session:
    """A session with the edition's text, as the table in a notebook has it."""
    return Session(*args, text=textsource, **kwargs)


@pytest.fixture
def table():
    t = session("clock", deal=5, aside="waiting", redeals=2)  # every move compulsory (note clock.n.aside)
    t.play("choose:H")
    t.advance()  # clock is compulsory from here to the end: go back some moves to stand mid-game
    for _ in range(20):
        t.undo()
    return t


def snapshot(t: Session):
    return (t.game, t.game.key(), len(t.game.moves), t.deal, t.move_count, t.status, dict(t.game.options), t.layer)


def refused(t: Session, msg: dict, *fragments: str) -> dict:
    before = snapshot(t)
    seq = t._seq
    reply = t.handle(msg)
    assert reply["ok"] is False, reply
    assert reply["type"] == "reply"
    for f in fragments:
        assert f in reply["message"], (f, reply["message"])
    assert snapshot(t) == before, "a refused message must change nothing"
    assert t._seq == seq
    assert t.message["level"] == "error" and t.message["text"] == reply["message"]
    return reply


# ---- shape ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("msg,fragment", [
    ("play", "JSON object"),
    ([1, 2], "JSON object"),
    (None, "JSON object"),
    ({}, "no 'action'"),
    ({"action": 7}, "no 'action'"),
    ({"action": "fly"}, "unknown action 'fly'"),
    ({"action": "x" * 5000}, "unknown action"),
    ({"action": "undo", "force": True}, "'undo' takes no fields, not 'force'"),
    ({"action": "play"}, "either 'index'"),
    ({"action": "play", "index": 0}, "needs the table's 'seq'"),
    ({"action": "play", "index": "0", "seq": 1}, "'index' must be a whole number"),
    ({"action": "play", "index": True, "seq": 1}, "'index' must be a whole number"),
    ({"action": "play", "index": -1, "seq": 1}, "'index' must be a whole number"),
    ({"action": "play", "index": 0, "seq": 1, "move": "choose:H"}, "not both"),
    ({"action": "play", "move": ""}, "'move' must be a move"),
    ({"action": "play", "move": "m" * 500}, "'move' must be a move"),
    ({"action": "try", "from": "stock", "index": 0}, "needs 'to'"),
    ({"action": "try", "from": "Stock!", "index": 0, "to": "waste"}, "'from' must be a pile name"),
    ({"action": "try", "from": "stock", "index": 0.5, "to": "waste"}, "'index' must be"),
    ({"action": "deal"}, "needs 'deal'"),
    ({"action": "deal", "deal": [7]}, "'deal' must be a deal number"),
    ({"action": "option", "name": "redeals"}, "needs 'value'"),
    ({"action": "option", "name": "redeals", "value": {"x": 1}}, "'value' must be"),
    ({"action": "layer", "layer": "klingon"}, "one of diplomatic, modern, english"),
    ({"action": "notes"}, "either 'sid'"),
    ({"action": "notes", "sid": "<script>"}, "'sid' must be a sentence id"),
    ({"action": "load", "record": 5}, "'record' must be a game record"),
    ({"action": "load", "record": "x" * 1_000_001}, "'record' must be a game record"),
    ({"action": "undo", "req": "seven"}, "'req' must be a request number"),
])
def test_malformed_messages_are_refused_with_a_reason(table, msg, fragment):
    refused(table, msg, fragment)


def test_every_action_is_documented_and_validates():
    extra = {"play": {"move": "choose:H"}, "notes": {"sid": "clock.p1.s1"}}
    for action, (required, _optional) in ACTIONS.items():
        msg = {"action": action, **{k: _sample(k) for k in required}, **extra.get(action, {})}
        assert validate(msg)[0] == action
    with pytest.raises(ProtocolError):
        validate({"action": "undo", "extra": 1})


def _sample(field):
    return {"from": "stock", "to": "waste", "index": 0, "deal": 3, "name": "redeals", "value": "2",
            "layer": "modern", "record": "{}", "seq": 0, "lang": "ru"}[field]


def test_reply_echoes_the_request_number(table):
    assert table.handle({"action": "fly", "req": 41})["req"] == 41
    assert table.handle({"action": "hello", "req": 42}) == {"type": "reply", "req": 42, "action": "hello",
                                                          "ok": True, "message": "", "seq": table._seq}


# ---- content checked against the engine -------------------------------------------------------------
def test_illegal_move_by_notation_gives_the_engines_reason(table):
    legal = table.game.legal_moves()[0]
    c, s, _ = legal.steps[0]
    bad = f"found {pasyans.Card(c).ascii}@{s}>clock.13"
    with pytest.raises(pasyans.IllegalMove) as e:
        table.game.clone().play(bad)
    # the engine's reason, but the card still face down in the pack is not named to the reader
    hidden = str(pasyans.Card(table.game.legal_moves()[0].steps[0][0]))
    reason = str(e.value).replace(hidden, "a face-down card")
    assert reason != str(e.value)
    refused(table, {"action": "play", "move": bad}, reason)
    refused(table, {"action": "play", "move": "garbage!"}, "not a move")


def test_stale_index_is_refused(table):
    seq = table.view["seq"]
    assert table.handle({"action": "play", "index": 0, "seq": seq})["ok"]
    refused(table, {"action": "play", "index": 0, "seq": seq}, "changed before your move arrived")
    refused(table, {"action": "play", "index": 99, "seq": table._seq}, "no legal move number 99")


def test_try_explains_an_illegal_attempt_and_plays_a_legal_one(table):
    g = table.game
    m = g.legal_moves()[0]
    c, s, d = m.steps[0]
    i = len(g.piles[s].cards) - 1
    wrong = next(p for p in g.piles if p.startswith("clock.") and p != d)
    reply = refused(table, {"action": "try", "from": s, "index": i, "to": wrong})
    assert reply["message"] == table.explain(c, s, wrong)
    assert "clock." in reply["message"] or "compulsory" in reply["message"] or "red" in reply["message"]
    refused(table, {"action": "try", "from": "nowhere", "index": 0, "to": d}, "no pile 'nowhere'")
    refused(table, {"action": "try", "from": s, "index": 500, "to": d}, "no card number 500")
    n = table.move_count
    assert table.handle({"action": "try", "from": s, "index": i, "to": d})["played"] == m.notation
    assert table.move_count == n + 1


@pytest.mark.parametrize("deal", [0, -3, 2**31, "abc", "1e3", "", " 7x", "99999999999999", True])
def test_deal_out_of_range_is_refused(table, deal):
    refused(table, {"action": "deal", "deal": deal}, "deal must be a whole number from 1 to 2147483647")


def test_deal_and_new_deal(table):
    r = table.handle({"action": "deal", "deal": "12"})
    assert r["ok"] and table.deal == 12 and table.game.deal == 12 and table.move_count == 0
    r = table.handle({"action": "new_deal"})
    assert r["ok"] and 1 <= table.deal <= 1_000_000


def test_options_change_replays_the_game_under_the_new_reading(table):
    refused(table, {"action": "option", "name": "passes", "value": "3"}, "no option 'passes'")
    refused(table, {"action": "option", "name": "redeals", "value": "7"}, "takes one of 1, 2")
    moves = [m.notation for m in table.game.moves]
    r = table.handle({"action": "option", "name": "redeals", "value": "1"})
    assert r["ok"] and table.game.options["redeals"] == 1 and table.deal == 5
    assert [m.notation for m in table.game.moves] == moves and r["replayed"] == r["of"] == len(moves)
    assert "redeals = 1" in r["message"] and "replay" in r["message"]
    assert table.view["message"]["kind"] == "info" and table.view["can_undo"]


def test_undo_redo_restart_step_back_and_their_refusals():
    t = session("clock", deal=8, aside="waiting", redeals=2)  # every move compulsory after the suit
    refused(t, {"action": "undo"}, "no move to undo")
    refused(t, {"action": "redo"}, "no move to redo")
    refused(t, {"action": "step"}, "4 legal moves here")
    refused(t, {"action": "advance"}, "no compulsory move")
    assert t.handle({"action": "play", "move": "choose:S"})["ok"]
    assert t.handle({"action": "step"})["ok"] and t.move_count == 2
    assert t.handle({"action": "back"})["ok"] and t.move_count == 1
    assert t.handle({"action": "redo"})["ok"] and t.move_count == 2
    assert t.handle({"action": "advance"})["count"] > 10
    assert t.status in ("won", "lost")
    refused(t, {"action": "step"}, "the game is over")
    assert t.handle({"action": "restart"})["ok"] and t.move_count == 0 and t.view["can_redo"]


def test_layers_keep_the_highlight(table):
    table.handle({"action": "play", "index": 0, "seq": table._seq})
    hl = list(table.highlight)
    assert hl
    for layer in ("diplomatic", "english", "modern"):
        assert table.handle({"action": "layer", "layer": layer})["ok"]
        assert table.layer == layer and table.highlight == hl


def test_notes_replies(table):
    refused(table, {"action": "notes", "note": "clock.n.nonexistent"}, "no apparatus note")
    r = table.handle({"action": "notes", "sid": "clock.p1.s1"})
    assert r["ok"] and isinstance(r["notes"], list)
    import pasyans.texts as texts

    nid = texts.notes("clock")[0].id
    r = table.handle({"action": "notes", "note": nid})
    assert r["ok"] and r["notes"][0]["id"] == nid and "<script" not in r["notes"][0]["html"]


# ---- records -------------------------------------------------------------------------------------------
def test_save_and_load_round_trip(table):
    table.handle({"action": "play", "index": 0, "seq": table._seq})
    r = table.handle({"action": "save"})
    assert r["ok"] and r["filename"].endswith(".json")
    record = json.loads(r["data"])
    assert record == table.game.record()
    other = session("braid", deal=2) if "braid" in pasyans.GAMES else session("clock", deal=2)
    r2 = other.handle({"action": "load", "record": r["data"]})
    assert r2["ok"], r2
    assert other.game.key() == table.game.key() and other.game_id == "clock" and other.move_count == table.move_count
    assert other.handle({"action": "load", "record": record})["ok"]


@pytest.mark.parametrize("record,fragment", [
    ("{not json", "not a game record"),
    ("[1, 2]", "JSON object"),
    ('{"game": "chess", "deal": 1, "rules": 1, "options": {}, "moves": []}', "no game 'chess'"),
    ('{"game": "clock", "deal": 0, "rules": 1, "options": {}, "moves": []}', "deal"),
    ('{"game": "clock", "deal": 3, "rules": 1, "options": {}, "moves": ["redeal"]}', "move 1"),
    ("/etc/passwd", "not a game record"),  # never read as a path from the browser
    ({"game": "clock"}, "no 'deal'"),
])
def test_bad_records_are_refused(table, record, fragment, tmp_path):
    refused(table, {"action": "load", "record": record}, fragment)


def test_python_save_and_load_files(table, tmp_path):
    path = tmp_path / "game.json"
    table.save(path)
    t = session("clock", deal=1)
    t.load(path)
    assert t.game.key() == table.game.key()
    t.load(str(path))
    assert t.game.key() == table.game.key()


# ---- the browser never writes state --------------------------------------------------------------
def test_frontend_state_writes_are_ignored():
    table = Table("clock", deal=5)
    before = snapshot(table)
    table.set_state({"status": "won", "move_count": 999, "view": {}, "layer": "english", "text_html": "<script>"})
    assert snapshot(table) == before and table.view and "<script" not in table.text_html


# ---- Python side ----------------------------------------------------------------------------------
def test_listeners_get_the_changed_fields_once_per_intent():
    s = session("clock", deal=9)
    seen: list[dict] = []
    s.listen(seen.append)
    r = s.handle({"action": "play", "move": "choose:D"})
    assert r["ok"] and len(seen) == 1, "one intent, one batch of changes (one sync message)"
    assert seen[0]["move_count"] == 1 and seen[0]["last_move"] == "choose:D" and seen[0]["view"] is s.view
    s.handle({"action": "undo", "force": 1})
    assert len(seen) == 2 and set(seen[1]) == {"message", "view"}, "a refusal changes only what is said"
    assert seen[1]["view"]["seq"] == seen[0]["view"]["seq"] and seen[1]["view"]["message"]["kind"] == "error"


def test_a_session_imports_nothing_of_jupyter():
    import subprocess
    import sys
    code = ("import sys, pasyans.session as s; t = s.Session('braid', deal=3, record=False); "
            "t.handle({'action': 'advance'}); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('anywidget', 'traitlets', 'ipywidgets', "
            "'IPython', 'comm', 'lxml', 'nh3', 'PIL') or m.startswith('pasyans.widgets')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


# ---- the adaptor in Jupyter ------------------------------------------------------------------------
def test_observable_traitlets_follow_the_game():
    t = Table("clock", deal=9)
    seen = []
    t.observe(lambda ch: seen.append((ch["name"], ch["new"])), names=["move_count", "status", "last_move"])
    t.play("choose:D")
    t.advance()
    assert ("move_count", 1) in seen and ("last_move", "choose:D") in seen
    assert seen[-1][0] in ("move_count", "status", "last_move")
    assert t.status == t.game.status and t.move_count == len(t.game.moves)
    t.undo()
    assert t.move_count == len(t.game.moves)


def test_status_becomes_won():
    g = pasyans.GAMES["clock"].from_position(
        {**{f"clock.{r}": [f"{'A23456789TJQK'[r - 1]}{s}" for s in "SHDC"] for r in range(1, 13)},
         "clock.13": "KS KH KD", "stock": "(KC)"}, base=0, deal_no=1)
    t = session(g)
    assert t.status == "playing"
    t.advance()
    assert t.status == "won" and t.view["status"] == "won"


def test_load_line_step_back():
    t = session("clock", deal=4)
    t.play("choose:C")
    probe = t.game.clone()
    line = [probe.legal_moves()[0] for _ in range(1) for __ in [probe.play(probe.legal_moves()[0])]]
    probe = t.game.clone()
    line = []
    for _ in range(6):
        line.append(probe.play(probe.legal_moves()[0]))
    assert t.load_line([m.notation for m in line]) == 6
    assert (t.line_length, t.line_position) == (6, 0)
    for k in range(6):
        t.step()
        assert t.line_position == k + 1
    assert t.game.key() == probe.key()
    with pytest.raises(pasyans.IllegalMove, match="end of the loaded line"):
        t.step()
    t.back()
    assert t.line_position == 5
    for _ in range(5):
        t.back()
    with pytest.raises(pasyans.IllegalMove, match="start of the loaded line"):
        t.back()
    with pytest.raises(pasyans.IllegalMove, match="move 2 of the line"):
        t.load_line([line[0], line[0]])
    assert t.line_length == 6  # the bad line was not loaded


def test_hint_is_wired_to_the_solver():
    t = session("clock", deal=4)
    t.play("choose:C")
    r = t.handle({"action": "hint"})
    assert r["ok"] and r["message"].startswith("Hint: ")
    assert t.view["hint"] is not None and t.view["hint"]["index"] == 0


def test_the_table_mirrors_its_session():
    from pasyans.session import SYNCED
    t = Table("clock", deal=5, aside="waiting", redeals=2)
    for msg in ({"action": "play", "move": "choose:H"}, {"action": "advance"}, {"action": "undo"},
                {"action": "layer", "layer": "english"}, {"action": "lang", "lang": "ru"}, {"action": "fly"}):
        t.handle(msg)
        for k in SYNCED:
            assert getattr(t, k) == getattr(t.session, k), k
    assert t.game is t.session.game and t._seq == t.session._seq


def test_repr_is_deterministic_and_informative():
    a, b = Table("clock", deal=7, redeals=1), Table("clock", deal=7, redeals=1)
    assert repr(a) == repr(b) == ("Table(game='clock', deal=7, options={'redeals': 1, 'aside': 'top', "
                                  "'second_deal': 'same'}, moves=0, status='playing')")
    data, _ = a._repr_mimebundle_()
    assert data["text/plain"] == repr(a)
    assert "application/vnd.jupyter.widget-view+json" in data


def test_mimebundle_carries_a_png():
    import base64
    import io

    from PIL import Image
    t = Table("clock", deal=7)
    data, _ = t._repr_mimebundle_()
    img = Image.open(io.BytesIO(base64.b64decode(data["image/png"])))
    assert img.format == "PNG" and 700 < img.width <= 900


def test_the_picture_shows_the_deal_laid_out_before_the_first_move():
    import base64
    import io

    from PIL import Image, ImageChops

    from pasyans.widgets import render
    t = Table("braid", deal=4, lang="en")
    data, meta = t._repr_mimebundle_()
    laid = t.game.clone()
    n = laid.advance()
    assert n > 20 and t.move_count == 0 and not t.game.moves, "the table itself is not played"
    assert meta["image/png"]["alt"] == (f"The table after the deal is laid out ({n} compulsory moves): "
                                        + pasyans.human.picture_text(laid, "en"))
    shown = Image.open(io.BytesIO(base64.b64decode(data["image/png"]))).convert("RGB")
    expected = render(laid, width=860, lang="en", title="Коса · The Braid — after the deal is laid out")
    assert shown.size == expected.size and ImageChops.difference(shown, expected).getbbox() is None
    t.play(t.game.legal_moves()[0])
    assert "deal 4, 1 move," in t._repr_mimebundle_()[1]["image/png"]["alt"]  # as it lies, once play began


def test_bad_constructor_arguments():
    with pytest.raises(pasyans.UnknownGame):
        Table("patience")
    with pytest.raises(pasyans.BadDeal):
        Table("clock", deal=0)
    with pytest.raises(pasyans.BadOption):
        Table("clock", passes=2)
    with pytest.raises(ValueError, match="layer"):
        Table("clock", layer="latin")


def test_a_stale_attempt_is_refused(table):
    g = table.game
    m = g.legal_moves()[0]
    c, s, d = m.steps[0]
    i = len(g.piles[s].cards) - 1
    refused(table, {"action": "try", "from": s, "index": i, "to": d, "seq": table._seq + 5}, "table changed")
