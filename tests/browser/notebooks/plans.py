"""What the browser tests do on each game's table, computed the same way in the kernel and in pytest.

For every game a deal is played forward (first legal move each time) until a legal move of one
card is available whose cited sentences differ from the last move's, with its card visible on
the table: that move is made by clicking; an attempt that no legal move allows is made with
the same card, and the engine's reason for refusing it is what the page must show.
"""
from __future__ import annotations

import pasyans
from pasyans.session import Session
from pasyans.widgets import Table
from pasyans.widgets.geometry import placements

DEAL = 3
EXTRA = ("clock#2",)  # a second table of a game, to show tables are independent
PAIR_GAMES = ("indian_empress", "spouses")  # games whose moves take two cards at once


def ORDER_OF_TABLES() -> list[str]:  # noqa: N802 — read by the notebook and by conftest
    return list(pasyans.GAMES) + list(EXTRA) + [f"{g}#pair" for g in PAIR_GAMES if g in pasyans.GAMES]


def _visible(g, pile: str, index: int) -> bool:
    for p in placements(g.layout(), g.piles):
        if p.pile == pile and p.index == index:
            return p.visible
    return False


def _top_index(cards, card) -> int:
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == card:
            return i
    return -1


def position(key: str):
    """The game of table ``key`` at the position where the test starts, and the move to click.

    A move the player chooses (not a compulsory one) is preferred; a compulsory one of one card
    (dealing) is taken when the playout finds no choice.
    """
    gid, _, n = key.partition("#")
    if n == "pair":
        return pair_position(gid)
    for want_choice in (True, False):
        g = pasyans.new_game(gid, DEAL + (int(n) if n else 0))
        for _ in range(3000):
            legal = g.legal_moves()
            if not legal:
                break
            last = set(g.moves[-1].cites) if g.moves else set()
            for m in legal:
                if len(m.steps) != 1 or not m.cites or set(m.cites) == last or (want_choice and m.forced):
                    continue
                c, s, d = m.steps[0]
                i = _top_index(g.piles[s].cards, c)
                if i >= 0 and _visible(g, s, i) and s != d:
                    return g, m, i
            g.play(legal[0])
    raise RuntimeError(f"{key}: no position with a clickable one-card move whose citation changes")


def pair_position(gid: str):
    """A position with a legal move of two cards, both visible, and the move."""
    for deal in range(DEAL, DEAL + 20):
        g = pasyans.new_game(gid, deal)
        for _ in range(3000):
            legal = g.legal_moves()
            if not legal:
                break
            for m in legal:
                if len(m.steps) != 2:
                    continue
                idx = [_top_index(g.piles[s].cards, c) for c, s, _ in m.steps]
                if all(i >= 0 and _visible(g, s, i) for i, (_, s, _) in zip(idx, m.steps)):
                    return g, m, idx
            g.play(legal[0])
    raise RuntimeError(f"{gid}: no position with a move of two visible cards")


def pair_plan(key: str) -> dict:
    g, m, idx = position(key)
    return {"key": key, "moves_before": len(g.moves), "notation": m.notation, "cites": list(m.cites),
            "cards": [[s, i] for (_, s, _), i in zip(m.steps, idx)],
            "to": [d for _, _, d in m.steps]}


def plan(key: str) -> dict:
    """The clicks and what they must show, as JSON-ready data."""
    g, m, i = position(key)
    c, s, d = m.steps[0]
    legal = g.legal_moves()
    layout = g.layout()
    bad = None
    roles = {sp.pile: sp.role for sp in layout.spots}
    order = sorted(layout.spots, key=lambda sp: (roles[sp.pile] not in ("foundation", "tableau"), sp.pile))
    for sp in order:
        if sp.pile in (s, d):
            continue
        if any((c, s, sp.pile) in mm.steps for mm in legal):
            continue
        pv = g.piles[sp.pile]
        top_movable = bool(pv.cards) and any(mm.steps and mm.steps[0][1] == sp.pile for mm in legal)
        bad = {"to": sp.pile, "top_movable": top_movable}
        if not top_movable:
            break
    # the refusal as the table words it (a face-down card unnamed), on a copy of the position
    t = Session(g.clone(), record=False)
    reason = t.handle({"action": "try", "from": s, "index": i, "to": bad["to"]})["message"] if bad else None
    piles = g.piles
    return {"key": key, "game": g.id, "moves_before": len(g.moves), "notation": m.notation,
            "card": pasyans.Card(c).ascii,
            "from": s, "index": i, "to": d, "cites": list(m.cites),
            "last_cites": list(g.moves[-1].cites) if g.moves else [],
            "to_count": len(piles[d].cards), "from_count": len(piles[s].cards),
            "bad_to": bad["to"] if bad else None, "bad_to_count": len(piles[bad["to"]].cards) if bad else 0,
            "reason": reason}


def table_for(key: str) -> Table:
    g, _, _ = position(key)
    return Table(g, lang="en")
