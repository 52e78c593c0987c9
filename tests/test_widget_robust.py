"""The table against hostile input: no message from the page escapes the handler or comes back
raw, a failed save leaves the old file, and loading a file gives only ``RecordError``."""
from __future__ import annotations

import json
import resource
from pathlib import Path

import comm
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jupyter_client.session import json_packer

import pasyans
from pasyans.session import Session
from pasyans.widgets import Table
from pasyans.widgets.protocol import ACTIONS, MAX_TEXT


@pytest.fixture
def wire(monkeypatch):
    """Serialise every comm message as a kernel does (UTF-8 JSON) and keep the replies sent."""
    sent: list[dict] = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        json_packer(data)  # raises as the kernel's session would on an unencodable message
        if msg_type == "comm_msg" and isinstance(data, dict) and data.get("method") == "custom":
            sent.append(data["content"])

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return sent


def state(t: Table) -> tuple:
    g = t.game
    return (g.id, g.key(), [m.notation for m in g.moves], dict(g.options), t.layer, t.lang, t.move_count,
            t.status, t.line_length, t.line_position,
            json.dumps({k: v for k, v in t.view.items() if k != "message"}, sort_keys=True))  # a refusal is said


# ---- the reply never echoes client text ----------------------------------------------------------------
@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_a_lone_surrogate_in_an_unknown_action_gets_a_clean_reply(wire, gid):
    t = Table(gid, deal=7)
    before = state(t)
    t._on_msg(t, json.loads('{"action": "\\ud800", "req": 3}'), [])
    assert len(wire) == 1
    reply = wire[0]
    assert reply["ok"] is False and reply["req"] == 3 and reply["action"] == ""
    assert "unknown action;" in reply["message"] and "\ud800" not in json.dumps(reply)
    assert state(t) == before


@pytest.mark.parametrize("msg", [
    {"action": "<img src=x onerror=alert(1)>"},
    {"action": "undo", "<script>alert(1)</script>": 1},
    {"action": "x" * 5000},
    {"action": "undo", "\ud800": 1},
])
def test_refusals_do_not_repeat_raw_client_text(wire, msg):
    t = Table("clock", deal=2)
    t._on_msg(t, msg, [])
    reply = wire[-1]
    assert reply["ok"] is False and reply["action"] in ("", "undo")
    for text in [k for k in msg if k != "action"] + [msg["action"]]:
        if text != "undo":
            assert text not in reply["message"] and text not in t.message["text"]


def test_engine_messages_with_surrogates_are_made_sendable(wire):
    t = Table("clock", deal=2)
    t._on_msg(t, {"action": "deal", "deal": "\ud800"}, [])
    t._on_msg(t, {"action": "play", "move": "choose:\ud800"}, [])
    t._on_msg(t, {"action": "option", "name": "redeals", "value": "\udfff" * 3}, [])
    assert [r["ok"] for r in wire] == [False, False, False]
    for r in wire:
        json_packer(r)


def test_no_exception_escapes_the_message_handler(wire, monkeypatch):
    t = Table("clock", deal=2)
    monkeypatch.setattr(Table, "handle", lambda self, content: 1 / 0)
    t._on_msg(t, {"action": "undo", "req": 5}, [])
    assert wire[-1]["ok"] is False and wire[-1]["message"] == "the table could not answer that message"
    monkeypatch.undo()
    monkeypatch.setattr(comm.DummyComm, "publish_msg", lambda self, *a, **k: 1 / 0)
    t._on_msg(t, {"action": "hello"}, [])  # the reply cannot be sent at all: logged, not raised


def test_an_internal_error_in_an_action_is_answered(wire, monkeypatch):
    t = Table("clock", deal=2)
    before = state(t)
    monkeypatch.setattr(Session, "_do_undo", lambda self: [][1])
    t._on_msg(t, {"action": "undo", "req": 9}, [])
    assert wire[-1]["ok"] is False and wire[-1]["req"] == 9 and "IndexError" in wire[-1]["message"]
    assert state(t) == before


# ---- messages at random: only PasyansError-style refusals, never an escape, nothing changed ----------------
_text = st.text(st.characters(codec=None, categories=None), max_size=30)
_value = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats() | _text
                      | st.sampled_from(["stock", "waste", "clock.1", "clock.13", "redeals", "1", "2", "modern",
                                         "clock.p1.s1", "choose:H", "{}", "[1]", "x" * (MAX_TEXT + 1)]),
                      lambda kids: st.lists(kids, max_size=3) | st.dictionaries(_text, kids, max_size=3),
                      max_leaves=6)
_fields = sorted({f for req, opt in ACTIONS.values() for f in req + opt} | {"req", "seq", "action"})
_actions = st.sampled_from(sorted(set(ACTIONS) - {"hint", "solve", "new_deal"})) | _text
_message = st.one_of(
    st.fixed_dictionaries({"action": _actions}, optional={f: _value for f in _fields if f != "action"}),
    st.dictionaries(st.sampled_from(_fields) | _text, _value, max_size=4),
    _value,
)
_TABLE: dict[str, Table] = {}


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(gid=st.sampled_from(sorted(pasyans.GAMES)), msg=_message)
def test_random_messages_never_escape_and_a_refusal_changes_nothing(wire, gid, msg):
    t = _TABLE.get(gid) or _TABLE.setdefault(gid, Table(gid, deal=5))
    if t.game.id != gid or t.game.status != "playing" or len(t.game.moves) > 40:
        t.load(pasyans.new_game(gid, deal=5).record())
    before = state(t)
    wire.clear()
    t._on_msg(t, msg, [])
    assert len(wire) == 1, "every message gets exactly one reply"
    reply = wire[0]
    json_packer(reply)
    assert not reply["message"].startswith("the table could not"), reply["message"]
    assert reply["action"] in ACTIONS or reply["action"] == ""
    if not reply["ok"]:
        assert state(t) == before


# ---- files ------------------------------------------------------------------------------------------
def _played(gid="braid", n=40) -> Table:
    t = Table(gid, deal=7)
    for _ in range(n):
        if t.game.status != "playing":
            break
        t.play(t.game.legal_moves()[0])
    return t


def test_a_failed_save_leaves_the_old_file(tmp_path):
    path = tmp_path / "game.json"
    t = _played()
    t.save(path)
    good = path.read_bytes()
    t.play(t.game.legal_moves()[0])
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (256, hard))  # stands for a full disk or a quota
    try:
        with pytest.raises(pasyans.RecordError, match="could not be written"):
            t.save(path)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left behind"
    t.save(path)
    assert json.loads(path.read_text(encoding="utf-8")) == t.game.record()


def test_save_to_a_bad_path_is_a_record_error(tmp_path):
    t = Table("clock", deal=1)
    for bad in (tmp_path / "no" / "such" / "dir" / "x.json", tmp_path, Path("/proc/nope/x.json")):
        with pytest.raises(pasyans.RecordError):
            t.save(bad)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "latin1.json").write_bytes('{"game": "clock", "note": "caf\xe9"}'.encode("latin-1"))
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "array.json").write_text("[1, 2]")
    (tmp_path / "big.json").write_bytes(b" " * (4_000_001))
    (tmp_path / "adir").mkdir()
    return tmp_path


@pytest.mark.parametrize("name,fragment", [
    ("latin1.json", "not UTF-8"),
    ("deep.json", "nested too deeply"),
    ("array.json", "JSON object"),
    ("big.json", "too large"),
    ("missing.json", "cannot read"),
    ("adir", "cannot read"),
    ("x" * 5000, "cannot read"),
    ("nul\0byte.json", "cannot read"),
])
def test_loading_a_bad_file_is_a_record_error_and_changes_nothing(files, name, fragment):
    t = _played("clock", 10)
    before = state(t)
    for given_as in (files / name, str(files / name)):
        with pytest.raises(pasyans.RecordError, match=fragment) as e:
            t.load(given_as)
        assert len(str(e.value)) < 300
        assert state(t) == before


@pytest.mark.parametrize("text,fragment", [("[1, 2]", "JSON object"), ("  [", "not JSON"), ('{"game": 1', "not JSON")])
def test_json_text_is_never_taken_for_a_path(text, fragment):
    t = Table("clock", deal=1)
    with pytest.raises(pasyans.RecordError, match=fragment):
        t.load(text)


def test_load_reads_a_saved_file_with_a_bom(tmp_path):
    t = _played("clock", 5)
    path = tmp_path / "rec.json"
    path.write_text("\ufeff" + json.dumps(t.game.record()), encoding="utf-8")
    other = Table("clock", deal=2)
    other.load(path)
    assert other.game.key() == t.game.key()
