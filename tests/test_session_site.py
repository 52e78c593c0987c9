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


def test_solve_loads_the_winning_line_and_step_walks_it():
    s = Session("clock", deal=1, record=False)
    s.line_frames = False
    reply = s.handle({"action": "solve"})
    assert reply["ok"] and reply["verdict"] == "won" and reply["length"] == s.view["line"]["len"] > 3
    assert s.view["message"]["kind"] == "hint" and "winning line" in reply["message"]
    for k in range(1, 4):
        assert s.handle({"action": "step"})["ok"] and s.view["line"]["pos"] == k
        assert s.highlight == list(s.game.moves[-1].cites)  # the lit sentence follows the line
    assert s.handle({"action": "back"})["ok"] and s.view["line"]["pos"] == 2
    assert s.frames == {}  # the page plays the line live: no exported frames


def test_solve_says_when_the_solver_proves_a_loss_and_loads_nothing():
    s = Session("braid", deal=1, record=False, lang="en")
    reply = s.handle({"action": "solve"})
    assert reply["ok"] and reply["verdict"] == "lost" and s.view["line"] is None
    assert "cannot come out" in reply["message"] and "no line was loaded" in reply["message"]


def test_solve_out_of_budget_is_unknown_not_lost(monkeypatch):
    import pasyans.session as session

    monkeypatch.setattr(session, "SOLVE_STATES", 5)
    s = Session("indian_empress", deal=3, record=False, lang="ru")
    s.handle({"action": "advance"})
    res = s.solve_line(budget_states=5)
    assert res.verdict == "unknown"
    monkeypatch.setattr(Session, "solve_line", lambda self: res)
    reply = s.handle({"action": "solve"})
    assert reply["ok"] and reply["verdict"] == "unknown" and s.view["line"] is None
    assert "unknown (not lost)" in reply["message"] and "неизвестно (это не проигрыш)" in s.view["message"]["text"]


def test_solve_after_the_end_is_refused():
    s = Session("clock", deal=1, record=False)
    res = s.solve_line()
    for m in res.line:
        s.play(m)
    reply = s.handle({"action": "solve"})
    assert not reply["ok"] and "the game is over" in reply["message"]


def test_solve_from_the_deal_loads_the_notebooks_line():
    """The notebooks load ``pasyans.solve(game, budget_states=20000)``'s line at deal 1: Solve at the
    start of that deal loads the same line (the same solver, the same budget)."""
    import re

    from pasyans.session import SOLVE_STATES

    notebook = (Path(__file__).resolve().parent.parent / "notebooks" / "octagon.ipynb").read_text(encoding="utf-8")
    budgets = set(re.findall(r"pasyans\.solve\(game, budget_states=(\d+)\)", notebook))
    assert budgets == {str(SOLVE_STATES)}, budgets  # the notebook's budget is the table's
    s = Session("octagon", deal=1, record=False)
    s.line_frames = False
    nb = pasyans.solve(pasyans.new_game("octagon", deal=1), budget_states=SOLVE_STATES)
    assert nb.verdict == "won"
    assert [m.notation for m in s.solve_line().line] == [m.notation for m in nb.line]


def test_the_readme_states_the_solve_budget_the_session_uses():
    # The README names Solve's budget in words; it must be the session's own.
    from pasyans.session import SOLVE_STATES

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"its budget ({SOLVE_STATES:,} positions" in readme.replace("\n", " ")
