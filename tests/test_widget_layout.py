"""Every game's table as the renderers draw it: each card of the deal placed exactly once, no
two piles overlapping, everything inside the table, along random playouts of several deals."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import pasyans
from pasyans.cards import deck
from pasyans.layout import CARD_H, FAN_STEP
from pasyans.widgets import Table, geometry

DEALS = (1, 2, 3)
EVERY = 3  # check every third position of a playout


def positions(gid: str, deals=DEALS, plies: int = 300):
    for deal in deals:
        g = pasyans.new_game(gid, deal)
        rng = random.Random(deal * 7919)
        for ply in range(plies):
            if ply % EVERY == 0:
                yield g
            legal = g.legal_moves()
            if not legal:
                yield g
                break
            g.play(rng.choice(legal))


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_every_card_is_placed_exactly_once(gid):
    cls = pasyans.GAMES[gid]
    full = Counter(int(c) for c in deck(cls.packs))
    for g in positions(gid):
        layout = g.layout()
        piles = g.piles
        placed = geometry.placements(layout, piles)
        assert Counter(int(p.card) for p in placed) == full, "the cards on the table are the deal's cards"
        seen = Counter((p.pile, p.index) for p in placed)
        assert all(n == 1 for n in seen.values())
        assert set(seen) == {(name, i) for name, v in piles.items() for i in range(len(v.cards))}
        for name, v in piles.items():
            if v.cards:
                top = [p for p in placed if p.pile == name and p.index == len(v.cards) - 1][0]
                assert top.visible, f"the top card of {name} shows"
                assert top.face_up == (len(v.cards) > v.down)


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_no_piles_overlap_and_all_lie_on_the_table(gid):
    for g in positions(gid):
        layout = g.layout()
        assert geometry.collisions(layout, g.piles) == [], f"deal {g.deal}, after {len(g.moves)} moves"
        for name, (x0, y0, x1, y1) in geometry.spot_boxes(layout, g.piles).items():
            assert x0 >= -1e-6 and y0 >= -1e-6, name
            assert x1 <= layout.width + 1e-6 and y1 <= layout.height + 1e-6, \
                (name, (x1, y1), (layout.width, layout.height))


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_fanned_piles_keep_lower_cards_identifiable(gid):
    for g in positions(gid, deals=(1,)):
        layout = g.layout()
        for p in geometry.placements(layout, g.piles):
            spot = layout.spot(p.pile)
            if spot.fan != "none" and not spot.max_fan:
                assert p.visible, f"{p.pile}: every card of an unlimited fan shows its index"
            if spot.max_fan:
                n = len(g.piles[p.pile].cards)
                shown = sum(q.visible for q in geometry.placements(layout, {p.pile: g.piles[p.pile]}))
                assert shown <= max(spot.max_fan, 1) + (n > spot.max_fan)


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_group_labels_never_cover_a_pile(gid):
    for g in positions(gid, deals=(1,), plies=120):
        layout = g.layout()
        boxes = geometry.spot_boxes(layout, g.piles).values()
        for f in geometry.group_frames(layout, g.piles):
            if f["label_box"]:
                assert not any(geometry.overlaps(f["label_box"], b, 0.02) for b in boxes), f["name"]


@pytest.mark.parametrize("gid", list(pasyans.GAMES))
def test_the_view_sent_to_the_browser(gid):
    t = Table(gid, deal=2, lang="en")
    t.game.advance()
    t.refresh()
    v = t.view
    json.dumps(v), json.dumps(t.board)  # JSON-ready
    assert t.board["spots"] and len(t.board["spots"]) == len(t.game.piles)
    for c in v["cards"]:
        assert c["a"], "every card has an accessible name"
        if not c["up"]:
            assert "c" not in c and "rk" not in c, "a face-down card's face is not sent to the page"
        else:
            assert pasyans.Card.parse(c["c"]).name("en") in c["a"] and "face up" in c["a"]
    legal = t.game.legal_moves()
    assert len(v["legal"]) == len(legal)
    for m, lv in zip(legal, v["legal"]):
        for (card, src, dst), (s, i, d) in zip(m.steps, lv["steps"]):
            assert (s, d) == (src, dst) and t.game.piles[s].cards[i] == card


def test_geometry_units():
    from pasyans.layout import Spot
    s = Spot("p", 1.0, 2.0, "tableau", "p", "p", fan="down")
    assert geometry.card_xy(s, 3, 5) == (1.0, 2.0 + 3 * FAN_STEP)
    assert geometry.pile_box(s, 5) == (1.0, 2.0, 2.0, 2.0 + CARD_H + 4 * FAN_STEP)
    up = Spot("q", 1.0, 5.0, "tableau", "q", "q", fan="up", max_fan=3)
    assert [geometry.fan_offset(up, i, 6) for i in range(6)] == [0, 0, 0, 0, 1, 2]
    assert geometry.pile_box(up, 6)[1] == pytest.approx(5.0 - 2 * FAN_STEP)
    r = Spot("r", 0.0, 0.0, "reserve", "r", "r", rotate=90)
    assert geometry.pile_box(r, 1) == (0.0, 0.0, CARD_H, 1.0)
    assert geometry.overlaps((0, 0, 1, 1), (1, 0, 2, 1)) is False
    assert geometry.overlaps((0, 0, 1, 1), (0.5, 0.5, 2, 2)) is True
