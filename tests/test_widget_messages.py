"""The table's messages, a change of reading that keeps the game, the end of a game and the
player's record, through the protocol (``Session.handle``; no browser or kernel)."""
from __future__ import annotations

import json

import pytest

import pasyans
from pasyans.record_book import RecordBook
from pasyans.session import Session


def clock_won(deal: int = 1) -> list[str]:
    """The moves of a clock deal played out (choose hearts, then every compulsory move)."""
    g = pasyans.new_game("clock", deal, aside="waiting", redeals=2)
    g.play("choose:H")
    g.advance()
    return [m.notation for m in g.moves]


def play_all(t: Session, moves: list[str]) -> None:
    for n in moves:
        r = t.handle({"action": "play", "move": n})
        assert r["ok"], r


# ---- item 4: a change of reading replays the game and can be undone ---------------------------------
def test_reading_change_replays_the_moves_and_undo_takes_it_back(tmp_path):
    t = Session("clock", deal=1, lang="en", record=tmp_path, aside="waiting", redeals=2)
    moves = clock_won()[:40]
    play_all(t, moves)
    before = (t.game, t.game.key(), dict(t.game.options))
    r = t.handle({"action": "option", "name": "second_deal", "value": "reversed"})
    assert r["ok"] and r["replayed"] == r["of"] == 40
    assert t.game.options["second_deal"] == "reversed" and [m.notation for m in t.game.moves] == moves
    assert t.view["message"]["kind"] == "info" and "40 moves so far replay" in t.view["message"]["text"]
    assert t.view["can_undo"]
    # a move made after the change is undone first, then the change itself
    assert t.handle({"action": "play", "index": 0, "seq": t.view["seq"]})["ok"]
    assert t.handle({"action": "undo"})["ok"] and t.game.options["second_deal"] == "reversed" and t.move_count == 40
    r = t.handle({"action": "undo"})
    assert r["ok"] and r["reading"] is True
    assert (t.game, t.game.key(), dict(t.game.options)) == before, "the previous reading and its whole game"
    assert t.game.options["second_deal"] == "same" and t.game.can_redo is False


def test_reading_change_says_where_the_replay_stopped():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    moves = clock_won()
    redeals = [i for i, n in enumerate(moves, 1) if n == "redeal"]
    assert len(redeals) == 2
    play_all(t, moves[:redeals[1] + 3])
    r = t.handle({"action": "option", "name": "redeals", "value": "1"})
    assert r["ok"] and r["replayed"] == redeals[1] - 1 and r["stopped"] == redeals[1]
    text = t.view["message"]["text"]
    # under one redeal the game is over before the second: the replay says so and stops there
    assert f"move {redeals[1]} (gather the cards and deal again) is not legal under it: the game is over" in text
    assert t.move_count == redeals[1] - 1 and t.game.options["redeals"] == 1 and t.status == "lost"
    assert t.view["message"]["kind"] == "info"  # the replay's report comes before "stuck"
    assert t.handle({"action": "undo"})["ok"]
    assert t.game.options["redeals"] == 2 and t.move_count == redeals[1] + 3
    assert t.view["message"]["kind"] == "info"


def test_reading_change_keeps_a_loaded_line_that_still_holds():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    line = clock_won()
    t.load_line(line[:20])  # before the first redeal: the same under either second deal
    t.step()
    r = t.handle({"action": "option", "name": "second_deal", "value": "reversed"})
    assert r["ok"] and "set aside" not in r["message"]
    assert t.line_length == 20 and t.line_position == 1
    t.handle({"action": "undo"})
    t.restart()
    t.load_line(line)  # the whole line: its second laying differs under the other reading
    t.step()
    t.step()
    r = t.handle({"action": "option", "name": "second_deal", "value": "reversed"})
    assert r["ok"] and "the loaded line does not hold under this reading and was set aside" in r["message"]
    assert t.line_length == 0
    t.handle({"action": "undo"})
    assert t.line_length == len(line) and t.line_position == 2


def test_an_unchanged_reading_changes_nothing():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    t.play("choose:H")
    r = t.handle({"action": "option", "name": "redeals", "value": "2"})
    assert r["ok"] and "already" in r["message"] and t.move_count == 1 and not t._readings


def test_a_new_deal_forgets_the_reading_changes():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    t.play("choose:H")
    t.handle({"action": "option", "name": "redeals", "value": "1"})
    t.handle({"action": "deal", "deal": 4})
    assert t.game.options["redeals"] == 1 and not t.view["can_undo"]
    assert t.handle({"action": "undo"})["ok"] is False


# ---- item 5: messages follow the position ----------------------------------------------------------
def test_an_error_disappears_when_the_position_changes():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    seq = t.view["seq"]
    r = t.handle({"action": "deal", "deal": "-5"})
    assert not r["ok"] and t.view["seq"] == seq, "a refusal changes nothing"
    assert t.view["message"]["kind"] == "error" and "whole number" in t.view["message"]["text"]
    assert t.handle({"action": "deal", "deal": "7"})["ok"]
    assert t.view["message"] is None
    t.handle({"action": "undo"})
    assert t.view["message"]["kind"] == "error"
    assert t.handle({"action": "play", "move": "choose:S"})["ok"] and t.view["message"] is None


def test_a_hint_disappears_when_the_position_changes():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    r = t.handle({"action": "hint"})
    assert r["ok"] and t.view["message"]["kind"] == "hint" and t.view["message"]["text"].startswith("Hint: ")
    assert "sees every card" in t.view["message"]["text"]
    for action in ({"action": "play", "index": 0}, {"action": "undo"}, {"action": "new_deal"}):
        t.handle({"action": "hint"})
        assert t.view["message"]["kind"] == "hint"
        if "index" in action:
            action["seq"] = t.view["seq"]
        assert t.handle(action)["ok"]
        assert t.view["message"] is None and t.view["hint"] is None, action


def test_a_won_game_says_so_with_its_moves():
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    moves = clock_won()
    play_all(t, moves)
    assert t.status == "won"
    assert t.view["message"] == {"kind": "won", "text": f"Won in {len(moves)} moves: the patience came out."}
    t.set_lang("ru")
    assert t.view["message"]["kind"] == "won" and f"{len(moves)} ход" in t.view["message"]["text"]


def test_a_position_with_no_move_says_so_and_offers_undo():
    g = pasyans.new_game("clock", 1, redeals=1, aside="waiting")  # deal 1 needs two redeals: with one it is stuck
    g.play("choose:H")
    g.advance()
    assert g.status == "lost"
    t = Session("clock", deal=1, lang="en", record=False, redeals=1, aside="waiting")
    play_all(t, [m.notation for m in g.moves])
    assert t.status == "lost" and t.view["legal"] == []
    m = t.view["message"]
    assert m["kind"] == "stuck" and "No legal move is left" in m["text"] and "Undo" in m["text"]
    assert t.view["can_undo"]
    assert t.handle({"action": "undo"})["ok"] and t.view["message"] is None


# ---- item 5: the player's record -------------------------------------------------------------------
def test_record_counts_played_won_and_streaks(tmp_path):
    t = Session("clock", deal=1, lang="en", record=tmp_path, aside="waiting", redeals=2)
    assert t.view["record"] == {"played": 0, "won": 0, "streak": 0, "best_streak": 0}
    t.handle({"action": "hint"})  # asking is not playing
    assert t.view["record"]["played"] == 0
    play_all(t, clock_won(1))
    assert t.view["record"] == {"played": 1, "won": 1, "streak": 1, "best_streak": 1}
    t.handle({"action": "undo"})
    t.handle({"action": "redo"})  # winning again the same game counts once
    assert t.view["record"] == {"played": 1, "won": 1, "streak": 1, "best_streak": 1}
    # a second win in a row
    t.handle({"action": "deal", "deal": 1})
    assert t.view["record"]["played"] == 1, "a deal started is not yet played"
    play_all(t, clock_won(1))
    assert t.view["record"] == {"played": 2, "won": 2, "streak": 2, "best_streak": 2}
    # a game played and abandoned breaks the streak; the best stays
    t.handle({"action": "deal", "deal": 1})
    t.handle({"action": "play", "move": "choose:H"})
    assert t.view["record"] == {"played": 3, "won": 2, "streak": 0, "best_streak": 2}
    t.handle({"action": "new_deal"})
    assert t.view["record"]["streak"] == 0
    # per reading: another reading has its own record
    t.handle({"action": "option", "name": "redeals", "value": "1"})
    assert t.view["record"] == {"played": 0, "won": 0, "streak": 0, "best_streak": 0}
    book = RecordBook(tmp_path).load()
    assert book["clock"]["aside=waiting;redeals=2;second_deal=same"] == {"played": 3, "won": 2, "streak": 0,
                                                                         "best_streak": 2}


def test_record_a_win_by_stepping_a_loaded_line_is_not_the_players(tmp_path):
    t = Session("clock", deal=1, lang="en", record=tmp_path, aside="waiting", redeals=2)
    t.load_line(clock_won(1))
    while t.status == "playing":
        assert t.handle({"action": "step"})["ok"]
    assert t.status == "won"
    assert t.view["record"] == {"played": 1, "won": 0, "streak": 0, "best_streak": 0}


def test_record_python_calls_are_not_the_players(tmp_path):
    t = Session("clock", deal=1, lang="en", record=tmp_path, aside="waiting", redeals=2)
    for n in clock_won(1):
        t.play(n)
    assert t.status == "won" and t.view["record"]["played"] == 0
    assert not (tmp_path / "record.json").exists()


def test_record_is_not_kept_when_asked_not_to(tmp_path, monkeypatch):
    monkeypatch.setenv("PASYANS_DATA_DIR", str(tmp_path))
    t = Session("clock", deal=1, lang="en", record=False, aside="waiting", redeals=2)
    t.handle({"action": "play", "move": "choose:H"})
    assert t.view["record"] is None and not list(tmp_path.iterdir())


def test_record_survives_a_corrupt_file(tmp_path):
    (tmp_path / "record.json").write_text("{not json", encoding="utf-8")
    t = Session("clock", deal=1, lang="en", record=tmp_path, aside="waiting", redeals=2)
    assert t.view["record"]["played"] == 0
    t.handle({"action": "play", "move": "choose:H"})
    assert t.view["record"]["played"] == 1
    assert (tmp_path / "record.json.corrupt").read_text(encoding="utf-8") == "{not json"
    assert json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))["format"] == "pasyans-player-record/1"


def test_record_in_an_unwritable_place_does_not_stop_play(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    # a folder under a file cannot exist
    t = Session("clock", deal=1, lang="en", record=blocker / "sub", aside="waiting", redeals=2)
    r = t.handle({"action": "play", "move": "choose:H"})
    assert r["ok"] and t.move_count == 1 and t.view["record"] is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lang_intent_switches_the_whole_view(lang):
    t = Session("clock", deal=1, lang="ru" if lang == "en" else "en", record=False, aside="waiting", redeals=2)
    r = t.handle({"action": "lang", "lang": lang})
    assert r["ok"] and t.view["lang"] == lang and t.lang == lang
    assert t.view["ui"]["undo"] == ("Undo" if lang == "en" else "Отменить")
    assert t.handle({"action": "lang", "lang": "de"})["ok"] is False
