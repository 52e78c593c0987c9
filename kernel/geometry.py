"""Where each card of a position lies, computed once from the engine's layout description.

The browser, the Pillow renderer (``pasyans.widgets.render``) and the game's own SVG picture
(:mod:`pasyans.svg`) all draw from :func:`placements`: nothing about a game's
geometry lives here, only the rules for turning a :class:`~pasyans.Spot` (a pile's top-left
corner, fan direction, ``max_fan``, rotation) and the pile's size into card rectangles.

Units are the engine's: a card is 1 wide and ``CARD_H`` high (``CARD_H`` wide and 1 high when
laid crosswise, ``rotate=90``); ``y`` grows downwards.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .layout import CARD_H, FAN_STEP, Layout, Spot

__all__ = ["CHAR_W", "GROUP_PAD", "LABEL_H", "Placed", "card_size", "card_xy", "collisions", "extent",
           "fan_offset", "group_frames", "overlaps", "pile_box", "placements", "reading_order", "shown_count",
           "spot_boxes", "visible_placements"]

_DIRECTION = {"none": (0.0, 0.0), "down": (0.0, 1.0), "up": (0.0, -1.0),
              "right": (1.0, 0.0), "left": (-1.0, 0.0)}


@dataclass(frozen=True, slots=True)
class Placed:
    """One card on the table: its pile, index from the bottom, rectangle and whether it shows."""

    pile: str
    index: int
    card: Any  # pasyans.Card
    face_up: bool
    x: float
    y: float
    w: float
    h: float
    rotate: int
    offset: int  # fan position (0 = the spot itself)
    visible: bool  # False when a card lies exactly under another one


def card_size(spot: Spot) -> tuple[float, float]:
    """Width and height of one card of ``spot`` in card units."""
    return (CARD_H, 1.0) if spot.rotate == 90 else (1.0, CARD_H)


def fan_offset(spot: Spot, index: int, count: int) -> int:
    """The fan position of card ``index`` of ``count``: lower cards beyond ``max_fan`` share 0."""
    if spot.fan == "none" or count <= 0:
        return 0
    if spot.max_fan and count > spot.max_fan:
        return max(0, index - (count - spot.max_fan))
    return index


def card_xy(spot: Spot, index: int, count: int) -> tuple[float, float]:
    """Top-left corner of card ``index`` of a pile of ``count`` cards at ``spot``."""
    k = fan_offset(spot, index, count)
    dx, dy = _DIRECTION[spot.fan]
    return spot.x + dx * k * FAN_STEP, spot.y + dy * k * FAN_STEP


def pile_box(spot: Spot, count: int) -> tuple[float, float, float, float]:
    """The rectangle ``(x0, y0, x1, y1)`` a pile of ``count`` cards covers (at least one card)."""
    w, h = card_size(spot)
    k = fan_offset(spot, count - 1, count) if count > 1 else 0
    dx, dy = _DIRECTION[spot.fan]
    ex, ey = dx * k * FAN_STEP, dy * k * FAN_STEP
    return (spot.x + min(0.0, ex), spot.y + min(0.0, ey), spot.x + w + max(0.0, ex), spot.y + h + max(0.0, ey))


def placements(layout: Layout, piles: dict[str, Any]) -> list[Placed]:
    """Every card of ``piles`` (name -> PileView) placed at its spot, in drawing order per pile."""
    out: list[Placed] = []
    for spot in layout.spots:
        view = piles.get(spot.pile)
        if view is None:
            continue
        cards = view.cards
        n = len(cards)
        w, h = card_size(spot)
        offsets = [fan_offset(spot, i, n) for i in range(n)]
        for i, card in enumerate(cards):
            x, y = card_xy(spot, i, n)
            visible = i == n - 1 or offsets[i + 1] != offsets[i]
            out.append(Placed(spot.pile, i, card, i >= view.down, round(x, 4), round(y, 4), w, h,
                              spot.rotate, offsets[i], visible))
    return out


def visible_placements(layout: Layout, piles: dict[str, Any]) -> list[Placed]:
    """The cards of :func:`placements` that show (``visible``), in the same order, computed only for
    them: a pile not fanned shows its top card, a fan of at most ``max_fan`` its last ones."""
    out: list[Placed] = []
    for spot in layout.spots:
        view = piles.get(spot.pile)
        if view is None or not view.cards:
            continue
        cards = view.cards
        n = len(cards)
        w, h = card_size(spot)
        if spot.fan == "none":
            lo = n - 1
        elif spot.max_fan and n > spot.max_fan:
            lo = n - spot.max_fan
        else:
            lo = 0
        for i in range(lo, n):
            k = fan_offset(spot, i, n)
            if i < n - 1 and fan_offset(spot, i + 1, n) == k:
                continue
            x, y = card_xy(spot, i, n)
            out.append(Placed(spot.pile, i, cards[i], i >= view.down, round(x, 4), round(y, 4), w, h,
                              spot.rotate, k, True))
    return out


def shown_count(spot: Spot, count: int) -> int:
    """The pile size that gives the same rectangle as ``count`` cards at ``spot`` (:func:`pile_box`):
    one card for a pile not fanned, at most ``max_fan`` for a fan that stops growing."""
    if spot.fan == "none":
        return min(count, 1)
    return spot.max_fan if spot.max_fan and count > spot.max_fan else count


def _sizes(layout: Layout, piles: dict[str, Any]) -> tuple[int, ...]:
    return tuple(shown_count(s, len(piles[s.pile].cards) if s.pile in piles else 0) for s in layout.spots)


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
             tol: float = 1e-6) -> bool:
    """Whether two rectangles share more than an edge."""
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol


_EXTENTS: dict[tuple, tuple[float, float]] = {}


def extent(layout: Layout, piles: dict[str, Any]) -> tuple[float, float]:
    """Width and height that hold the layout and every pile as it lies now (cached by the layout
    and the piles' rectangles)."""
    key = (layout.spots, layout.width, layout.height, _sizes(layout, piles))
    hit = _EXTENTS.get(key)
    if hit is None:
        if len(_EXTENTS) > 512:
            _EXTENTS.clear()
        hit = _EXTENTS[key] = _extent(layout, piles)
    return hit


def _extent(layout: Layout, piles: dict[str, Any]) -> tuple[float, float]:
    w, h = layout.width, layout.height
    for spot in layout.spots:
        view = piles.get(spot.pile)
        x0, y0, x1, y1 = pile_box(spot, len(view.cards) if view else 0)
        w, h = max(w, x1), max(h, y1)
    return w, h


def spot_boxes(layout: Layout, piles: dict[str, Any]) -> dict[str, tuple[float, float, float, float]]:
    """Each pile's rectangle at its present size."""
    return {s.pile: pile_box(s, len(piles[s.pile].cards) if s.pile in piles else 0) for s in layout.spots}


def collisions(layout: Layout, piles: dict[str, Any]) -> list[tuple[str, str]]:
    """Pairs of piles whose rectangles overlap at their present sizes."""
    boxes = list(spot_boxes(layout, piles).items())
    return [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:] if overlaps(ra, rb)]


def reading_order(spots: Iterable[Spot]) -> list[str]:
    """Pile names top to bottom, left to right (rows of half a card), for keyboard navigation."""
    return [s.pile for s in sorted(spots, key=lambda s: (round(s.y / 0.7), s.x))]


#: Group frames are this much larger than their piles; labels are this high (card units).
GROUP_PAD = 0.1
LABEL_H = 0.2
CHAR_W = 0.085  # a rough width of one character of a label at LABEL_H (DejaVu Sans, bold)


_FRAMES: dict[tuple, list[dict[str, Any]]] = {}


def group_frames(layout: Layout, piles: dict[str, Any], lang: str = "en",
                 margin: float = 0.15) -> list[dict[str, Any]]:
    """Each group's frame and where its label fits (cached by the layout and the piles' rectangles)."""
    key = (layout.spots, layout.width, layout.height, lang, margin, _sizes(layout, piles),
           tuple(layout.groups.items()))
    hit = _FRAMES.get(key)
    if hit is None:
        if len(_FRAMES) > 512:
            _FRAMES.clear()
        hit = _FRAMES[key] = _group_frames(layout, piles, lang, margin)
    return hit


def _group_frames(layout: Layout, piles: dict[str, Any], lang: str = "en",
                  margin: float = 0.15) -> list[dict[str, Any]]:
    """Each group's frame and where its label fits without covering a pile.

    A label is tried above its frame, below it, then turned along its left or right side; when
    none of these is free of piles and other labels it is left out (``label_box`` is None) and
    the renderers name the group in their captions instead.
    """
    boxes = spot_boxes(layout, piles)
    width, height = extent(layout, piles)
    taken: list[tuple[float, float, float, float]] = list(boxes.values())
    out = []
    for name, (en, ru) in layout.groups.items():
        member_names = [s.pile for s in layout.spots if s.group == name]
        members = [boxes[p] for p in member_names]
        if not members:
            continue
        x0 = min(b[0] for b in members) - GROUP_PAD
        y0 = min(b[1] for b in members) - GROUP_PAD
        x1 = max(b[2] for b in members) + GROUP_PAD
        y1 = max(b[3] for b in members) + GROUP_PAD
        intruders = [p for p, b in boxes.items() if p not in member_names and overlaps((x0, y0, x1, y1), b)]
        if intruders:
            # the group's piles interleave with others (a ring, a cross): frame each pile alone
            frames = [(b[0] - GROUP_PAD, b[1] - GROUP_PAD, b[2] + GROUP_PAD, b[3] + GROUP_PAD) for b in members]
            first = min(frames, key=lambda f: (round(f[1] / 0.7), f[0]))
            x0, y0, x1, y1 = first
        else:
            frames = [(x0, y0, x1, y1)]
        label = ru if lang == "ru" else en
        lw = len(label) * CHAR_W + 0.1
        tries = [((x0, y0 - LABEL_H, x0 + lw, y0), 0), ((x0, y1, x0 + lw, y1 + LABEL_H), 0),
                 ((x1 - lw, y0 - LABEL_H, x1, y0), 0), ((x1 - lw, y1, x1, y1 + LABEL_H), 0),
                 ((x0 - LABEL_H, y1 - lw, x0, y1), 90), ((x1, y0, x1 + LABEL_H, y0 + lw), 90)]
        spot = None
        for box, rot in tries:
            if box[0] < -margin or box[1] < -margin or box[2] > width + margin or box[3] > height + margin:
                continue
            if any(overlaps(box, t, 0.02) for t in taken):
                continue
            spot = (box, rot)
            break
        if spot:
            taken.append(spot[0])
        rnd = lambda f: tuple(round(v, 3) for v in f)  # noqa: E731
        out.append({"name": name, "label": label, "box": rnd((x0, y0, x1, y1)), "frames": [rnd(f) for f in frames],
                    "label_box": rnd(spot[0]) if spot else None, "label_rot": spot[1] if spot else 0})
    return out
