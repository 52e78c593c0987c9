"""A loaded line as frames that a page without a kernel can step through.

The kernel computes the table's view after every move of the line (the same view the live
table draws) and keeps only what changes from one move to the next: the cards of the piles
that changed, and any other field of the view that changed (status, counts, the last move and
the sentences it cites). The page applies these differences forwards and backwards; it never
decides anything about the game. The frames travel in the widget's state, so an exported page
that embeds the state (``make site``) steps through the line with no kernel.
"""
from __future__ import annotations

from typing import Any

#: Fields of the view a page without a kernel does not use (it cannot play) or works out itself.
LIVE_ONLY = ("legal", "hint", "seq", "anim", "line", "can_undo", "can_redo")
#: Fields held per pile, so that a frame carries only the piles that changed.
PER_PILE = ("cards", "piles")


def _by_pile(view: dict[str, Any], spots: list[str]) -> dict[str, Any]:
    """``view`` without the live-only fields, its cards grouped by pile (every pile, in layout order)."""
    out = {k: v for k, v in view.items() if k not in LIVE_ONLY}
    cards: dict[str, list] = {p: [] for p in spots}
    for c in view["cards"]:
        cards.setdefault(c["p"], []).append(c)
    out["cards"] = cards
    return out


def encode(views: list[dict[str, Any]], anims: list[list[dict[str, Any]]], spots: list[str]) -> dict[str, Any]:
    """Frames of a line from the views before and after each move (``anims``: where each move's cards
    came from, for the forward step). ``{"base": view, "steps": [{"d": changes, "a": anim}, …]}``."""
    if not views:
        return {}
    base = prev = _by_pile(views[0], spots)
    steps = []
    for view, anim in zip(views[1:], anims):
        cur = _by_pile(view, spots)
        diff: dict[str, Any] = {}
        for key, value in cur.items():
            if key in PER_PILE:
                changed = {p: x for p, x in value.items() if prev.get(key, {}).get(p) != x}
                if changed:
                    diff[key] = changed
            elif prev.get(key) != value:
                diff[key] = value
        steps.append({"d": diff, "a": anim})
        prev = cur
    return {"base": base, "steps": steps}
