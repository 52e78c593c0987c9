"""A game's table as an SVG picture, drawn from the engine's layout with the standard library alone.

This is what a bare ``game`` shows in JupyterLab, in an exported page and on a repository's
web view (``Game._repr_svg_``), like python-chess's board. It draws from the same geometry as
the live table and the Pillow renderer (:mod:`pasyans.geometry`); a face-down card is drawn as
a back and nothing in the picture names it.

>>> import pasyans
>>> from pasyans.svg import svg
>>> text = svg(pasyans.new_game("clock", deal=3))
>>> text.startswith("<svg")
True
"""
from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from .geometry import card_size, extent, group_frames, placements
from .human import picture_text, position_bits
from .layout import CARD_H, FAN_STEP

if TYPE_CHECKING:
    from .game import Game

SUIT_SYMBOLS = "♠♥♦♣"
RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_TEXT_RU = {1: "Т", 10: "10", 11: "В", 12: "Д", 13: "К"}
COLORS = {"felt": "#2c6842", "felt_edge": "#1f4e30", "slot": "#508c64", "slot_text": "#c8e4d0",
          "group": "#34744c", "group_text": "#e2f0e6", "face": "#fffef8", "edge": "#787870",
          "red": "#c41e24", "black": "#161616", "back": "#223a78", "back2": "#4662a8",
          "paper": "#faf9f5", "ink": "#1c1c1c", "muted": "#606060"}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SERIF = "DejaVu Serif, Georgia, serif"
MARGIN = 0.35  # card widths of felt around the layout


def _n(v: float) -> str:
    """A coordinate, short."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if v % 1 else str(int(v))


def _text(x: float, y: float, s: str, size: float, fill: str, *, anchor: str = "start", weight: str = "",
          family: str = FONT, style: str = "", extra: str = "") -> str:
    attrs = [f'x="{_n(x)}"', f'y="{_n(y)}"', f'font-size="{_n(size)}"', f'fill="{fill}"',
             f'font-family={quoteattr(family)}']
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    if weight:
        attrs.append(f'font-weight="{weight}"')
    if style:
        attrs.append(f'font-style="{style}"')
    if extra:
        attrs.append(extra)
    return f"<text {' '.join(attrs)}>{escape(s)}</text>"


def _wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines of about ``width`` pixels at ``size`` (an average glyph is 0.55 em)."""
    per_line = max(4, int(width / (size * 0.55)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if len(trial) <= per_line or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _back(w: float, h: float) -> list[str]:
    """A card's back: a frame and a lattice, nothing that tells the card."""
    r = w / 12
    inset = w / 10
    out = [f'<rect width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}" fill="{COLORS["back"]}" stroke="#f0f0f0" '
           f'stroke-width="{_n(max(1, w / 30))}"/>']
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    step = max(4.0, w / 7)
    path = []
    k = x0 - (y1 - y0)
    while k < x1:  # lines of slope 1 clipped to the inner frame
        ax, ay = max(k, x0), y0 + max(k, x0) - k
        bx, by = min(k + (y1 - y0), x1), y0 + min(k + (y1 - y0), x1) - k
        if bx > ax:
            path.append(f"M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}")
        k += step
    out.append(f'<path d="{"".join(path)}" stroke="{COLORS["back2"]}" stroke-width="{_n(max(1, w / 48))}"/>')
    out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" rx="{_n(r / 2)}" '
               f'fill="none" stroke="{COLORS["back2"]}" stroke-width="{_n(max(1, w / 40))}"/>')
    return out


def _face(card: Any, w: float, h: float, fan: str, lang: str) -> list[str]:
    """A card's face: rank and suit where a fan leaves them in sight, a large pip or court letter."""
    ink = COLORS["red"] if card.red else COLORS["black"]
    rank = (RANK_TEXT_RU if lang == "ru" else RANK_TEXT).get(card.rank, str(card.rank))
    suit = SUIT_SYMBOLS[card.suit]
    out = [f'<rect width="{_n(w)}" height="{_n(h)}" rx="{_n(w / 12)}" fill="{COLORS["face"]}" '
           f'stroke="{COLORS["edge"]}" stroke-width="{_n(max(1, w / 60))}"/>']
    strip = FAN_STEP * w
    if fan in ("down", "up"):
        y = strip * 0.78 if fan == "down" else h - strip * 0.25
        out.append(_text(w * 0.05, y, rank + suit, strip * 0.78, ink, weight="bold"))
        if fan == "down":
            out.append(_text(w * 0.95, h - strip * 0.25, rank + suit, strip * 0.78, ink, anchor="end", weight="bold"))
    else:
        col = w * 0.15 if fan != "left" else w * 0.85
        out.append(_text(col, h * 0.15, rank, w * 0.24, ink, anchor="middle", weight="bold"))
        out.append(_text(col, h * 0.29, suit, w * 0.2, ink, anchor="middle"))
        if fan == "none":
            out.append(f'<g transform="rotate(180 {_n(w / 2)} {_n(h / 2)})">'
                       + _text(col, h * 0.15, rank, w * 0.24, ink, anchor="middle", weight="bold")
                       + _text(col, h * 0.29, suit, w * 0.2, ink, anchor="middle") + "</g>")
    cy = h / 2 + (strip * 0.25 if fan == "down" else -strip * 0.25 if fan == "up" else 0)
    if card.rank > 10:
        out.append(_text(w / 2, cy + w * 0.07, rank, w * 0.42, ink, anchor="middle", weight="bold", family=SERIF))
        out.append(_text(w / 2, cy + h * 0.27, suit, w * 0.26, ink, anchor="middle"))
    else:
        out.append(_text(w / 2, cy + w * 0.2, suit, w * 0.56, ink, anchor="middle"))
    return out


def svg(game: Game, *, unit: float = 60, lang: str = "en", header: bool = True, caption: bool = True,
        labels: bool = True) -> str:
    """The table of ``game`` as it lies now, as an SVG document (``unit``: pixels per card width)."""
    layout = game.layout()
    piles = game.piles
    ru = lang == "ru"
    ew, eh = extent(layout, piles)
    body_w = (ew + 2 * MARGIN) * unit
    body_h = (eh + 2 * MARGIN) * unit
    fhead, fsub, fcap = max(11, unit * 0.2), max(10, unit * 0.17), max(10, unit * 0.16)
    head_h = fhead * 2.7 if header else 0
    frames = group_frames(layout, piles, lang)
    cap_lines: list[str] = []
    if caption:
        cap = (layout.caption_ru if ru else layout.caption_en).strip()
        unnamed = [f["label"] for f in frames if f["label_box"] is None and f["label"]]
        if unnamed:
            cap = (cap + ("" if not cap or cap.endswith((".", "!", "?")) else ".") + " " if cap else "") + \
                ("Группы: " if ru else "Groups: ") + "; ".join(unnamed) + "."
        cap_lines = _wrap(cap, fcap, body_w - 2 * MARGIN * unit) if cap else []
    cap_h = len(cap_lines) * fcap * 1.35 + (fcap * 0.8 if cap_lines else 0)
    total_h = head_h + body_h + cap_h
    bits = position_bits(game, lang)
    title = f"{game.title_ru} · {game.title_en}"
    label = picture_text(game, lang)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(body_w)}" height="{_n(total_h)}" '
           f'viewBox="0 0 {_n(body_w)} {_n(total_h)}" role="img" aria-label={quoteattr(label)} '
           f'class="pasyans-table" data-game={quoteattr(game.id)}>',
           f"<title>{escape(label)}</title>",
           f'<rect width="{_n(body_w)}" height="{_n(total_h)}" fill="{COLORS["paper"]}"/>']
    if header:
        out.append(_text(MARGIN * unit, fhead * 1.2, title, fhead, COLORS["ink"], weight="bold"))
        out.append(_text(MARGIN * unit, fhead * 2.3, " · ".join(bits), fsub, COLORS["muted"]))
    oy = head_h
    out.append(f'<rect y="{_n(oy)}" width="{_n(body_w)}" height="{_n(body_h)}" rx="{_n(unit * 0.12)}" '
               f'fill="{COLORS["felt"]}" stroke="{COLORS["felt_edge"]}" stroke-width="{_n(max(2, unit * 0.03))}"/>')

    def X(v: float) -> float:
        return (v + MARGIN) * unit

    def Y(v: float) -> float:
        return (v + MARGIN) * unit + oy

    fgroup = max(9, unit * 0.14)
    for f in frames:
        for x0, y0, x1, y1 in f["frames"]:
            out.append(f'<rect x="{_n(X(x0))}" y="{_n(Y(y0))}" width="{_n((x1 - x0) * unit)}" '
                       f'height="{_n((y1 - y0) * unit)}" rx="{_n(unit * 0.1)}" fill="{COLORS["group"]}"/>')
        if f["label_box"] is None:
            continue
        lx0, ly0, lx1, ly1 = f["label_box"]
        if f["label_rot"] == 0:
            out.append(_text(X(lx0) + unit * 0.05, (Y(ly0) + Y(ly1)) / 2 + fgroup * 0.35, f["label"], fgroup,
                             COLORS["group_text"], weight="bold"))
        else:
            x, y = (X(lx0) + X(lx1)) / 2 + fgroup * 0.35, Y(ly1) - unit * 0.05
            out.append(_text(x, y, f["label"], fgroup, COLORS["group_text"], weight="bold",
                             extra=f'transform="rotate(-90 {_n(x)} {_n(y)})"'))
    fslot = max(8, unit * 0.12)
    for s in layout.spots:
        w, h = card_size(s)
        out.append(f'<rect x="{_n(X(s.x))}" y="{_n(Y(s.y))}" width="{_n(w * unit)}" height="{_n(h * unit)}" '
                   f'rx="{_n(unit * 0.08)}" fill="none" stroke="{COLORS["slot"]}" '
                   f'stroke-width="{_n(max(1.5, unit * 0.025))}"/>')
        if labels and not piles[s.pile].cards:
            lines = _wrap(s.label_ru if ru else s.label_en, fslot, w * unit * 0.86)[:4]
            cx, cy = X(s.x) + w * unit / 2, Y(s.y) + h * unit / 2 - fslot * 1.15 * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                out.append(_text(cx, cy + i * fslot * 1.15 + fslot * 0.35, line, fslot, COLORS["slot_text"],
                                 anchor="middle"))
    fans = {s.pile: s.fan for s in layout.spots}
    cw, ch = unit, unit * CARD_H
    fcount = max(8, unit * 0.13)
    for p in placements(layout, piles):
        if not p.visible:
            continue
        fan = fans[p.pile]
        x, y = X(p.x), Y(p.y)
        pw, ph = p.w * unit, p.h * unit
        turn = f" rotate(90 {_n(ch / 2)} {_n(ch / 2)})" if p.rotate == 90 else ""
        if p.face_up:
            head = (f'<g class="card" data-card="{p.card.ascii}" transform="translate({_n(x)} {_n(y)}){turn}">'
                    f"<title>{escape(p.card.name(lang))}</title>")
            body = _face(p.card, cw, ch, fan, lang)
        else:
            head = f'<g class="card back" transform="translate({_n(x)} {_n(y)}){turn}">'
            body = _back(cw, ch)
        out.append(head + "".join(body) + "</g>")
        n = len(piles[p.pile].cards)
        if p.index == n - 1 and n > 1 and fan == "none":
            out.append(_text(x + pw - unit * 0.04, y + ph + fcount, str(n), fcount, COLORS["slot_text"],
                             anchor="end", weight="bold"))
    y = oy + body_h + fcap * 1.2
    for line in cap_lines:
        out.append(_text(MARGIN * unit, y, line, fcap, COLORS["muted"], style="italic", family=SERIF))
        y += fcap * 1.35
    out.append("</svg>")
    return "\n".join(out)



def img_html(data: bytes | str, alt: str, mime: str = "image/png") -> str:
    """A picture as an HTML ``<img>`` that carries its text alternative: the ``text/html`` a
    notebook output offers beside the bare image, since JupyterLab and nbconvert draw an
    ``image/png`` or ``image/svg+xml`` output with no ``alt``. ``data`` is the image's bytes
    (or its base64 text)."""
    b64 = data if isinstance(data, str) else base64.b64encode(data).decode("ascii")
    return (f'<img alt={quoteattr(alt)} src="data:{mime};base64,{b64}" '
            f'style="max-width: 100%; height: auto">')


def svg_html(game: Game, lang: str = "en") -> str:
    """:func:`svg` as an ``<img>`` whose ``alt`` says what it shows (:func:`~pasyans.human.picture_text`)."""
    return img_html(svg(game, lang=lang).encode("utf-8"), picture_text(game, lang), "image/svg+xml")
