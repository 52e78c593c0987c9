"""The frames a page without a kernel steps through (``Table.frames``): applied in order they give
the table's own view after every move of the loaded line."""
from __future__ import annotations

import copy
import json

import pytest

import pasyans
from pasyans.widgets import Table
from pasyans.widgets.frames import LIVE_ONLY


def replay(frames: dict, k: int) -> dict:
    """What the page does (table.js recordedLine): the base, then the first ``k`` differences."""
    cur = copy.deepcopy(frames["base"])
    for step in frames["steps"][:k]:
        for key, value in step["d"].items():
            if key in ("cards", "piles"):
                cur[key].update(value)
            else:
                cur[key] = value
    return {**cur, "cards": [c for pile in cur["cards"].values() for c in pile]}


@pytest.mark.parametrize("gid,deal", [("braid", 4), ("octagon", 3), ("clock", 1), ("besieged_city", 1)])
def test_frames_rebuild_the_view_after_every_move_of_the_line(gid, deal):
    t = Table(gid, deal=deal)
    probe = t.game.clone()
    line = []
    for _ in range(40):
        legal = probe.legal_moves()
        if not legal:
            break
        line.append(probe.play(legal[-1]))
    t.load_line(line)
    frames = json.loads(json.dumps(t.frames))  # as the page gets them
    assert len(frames["steps"]) == len(line)
    for k in range(len(line) + 1):
        view = {key: v for key, v in t.view.items() if key not in LIVE_ONLY}
        assert replay(frames, k) == json.loads(json.dumps(view)), f"frame {k}"
        if k < len(line):
            t.step()
            assert frames["steps"][k]["a"] == t.view["anim"]


def test_frames_are_dropped_with_the_line():
    t = Table("clock", deal=2)
    assert t.frames == {}
    t.play("choose:H")
    t.load_line([t.game.legal_moves()[0]])
    assert len(t.frames["steps"]) == 1
    t.new_deal(3)
    assert t.frames == {}


def test_frames_need_no_kernel_only_the_state():
    t = Table("braid", deal=4)
    r = pasyans.solve(t.game, budget_states=2000)
    t.load_line(r.line or r.best)
    state = t.get_state()
    assert state["frames"] == t.frames and len(json.dumps(state["frames"])) < 1_000_000
