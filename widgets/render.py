"""The table as a picture (Pillow), drawn from the same layout description as the browser.

* :func:`render` — the table of a game as it lies now;
* :func:`filmstrip` — a line of play as a sequence of pictures, each with its move and the
  sentence of the text that licenses it;
* :func:`figure` — the figures the sources refer to and the e-text lacks, drawn from the
  engine's layout after the deal is laid out, captioned as reconstructions.

Fonts are DejaVu (Debian's ``fonts-dejavu-core``), found by file name; no network is used.
Pictures are drawn at twice their size and scaled down, so edges and text stay smooth.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

import pasyans
from pasyans import human
from pasyans.game import Game
from pasyans.layout import FAN_STEP

from . import geometry, textsource

#: The key of a picture's ``info`` under which it carries its text alternative (what it shows,
#: in its language; :class:`pasyans.widgets.edition.Picture` offers it as the ``alt``).
ALT = "pasyans.alt"

SS = 2  # supersampling factor
SUITS = "♠♥♦♣"
RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_TEXT_RU = {1: "Т", 10: "10", 11: "В", 12: "Д", 13: "К"}

THEMES = {
    "light": {"felt": (44, 104, 66), "felt_edge": (31, 78, 48), "slot": (80, 140, 100), "slot_text": (200, 228, 208),
              "group": (52, 116, 76), "group_text": (226, 240, 230), "face": (255, 254, 248), "edge": (120, 120, 112),
              "red": (196, 30, 36), "black": (22, 22, 22), "back": (34, 58, 120), "back2": (70, 98, 168),
              "paper": (250, 249, 245), "ink": (28, 28, 28), "muted": (96, 96, 96), "mark": (255, 196, 0)},
    "dark": {"felt": (24, 56, 38), "felt_edge": (14, 36, 24), "slot": (50, 96, 68), "slot_text": (170, 200, 180),
             "group": (30, 68, 46), "group_text": (200, 220, 206), "face": (236, 232, 220), "edge": (70, 70, 64),
             "red": (190, 36, 40), "black": (18, 18, 18), "back": (40, 52, 96), "back2": (76, 92, 150),
             "paper": (30, 30, 30), "ink": (230, 230, 230), "muted": (160, 160, 160), "mark": (255, 200, 40)},
}

_FONT_FILES = {
    "sans": ("DejaVuSans.ttf", "LiberationSans-Regular.ttf"),
    "bold": ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"),
    "cond": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf", "LiberationSansNarrow-Bold.ttf"),
    "serif": ("DejaVuSerif-Bold.ttf", "LiberationSerif-Bold.ttf"),
    "italic": ("DejaVuSerif-Italic.ttf", "DejaVuSans-Oblique.ttf", "LiberationSerif-Italic.ttf"),
}
_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/truetype/liberation/",
              "/usr/share/fonts/truetype/liberation2/", "/usr/local/share/fonts/")


@lru_cache(maxsize=256)
def font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    """A DejaVu face of ``kind`` (sans, bold, cond, serif, italic) at ``size`` pixels."""
    size = max(6, int(size))
    for name in _FONT_FILES[kind]:
        for prefix in ("", *_FONT_DIRS):
            try:
                return ImageFont.truetype(prefix + name, size)
            except OSError:
                continue
    raise RuntimeError("no DejaVu or Liberation font found: install fonts-dejavu-core "
                       "(the default bitmap font has no card suits)")


def _game_of(game: Any) -> Game:
    if isinstance(game, Game):
        return game
    inner = getattr(game, "game", None)
    if isinstance(inner, Game):
        return inner
    raise TypeError(f"draw a pasyans game or table, not {type(game).__name__}")


# ---- one card ------------------------------------------------------------------------------
def _text_center(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: Any, fill: Any) -> None:
    d.text(xy, text, font=f, fill=fill, anchor="mm")


@lru_cache(maxsize=2048)
def _card_tile(card: int | None, w: int, h: int, fan: str, lang: str, theme: str) -> Image.Image:
    """An upright card (face, or back when ``card`` is None) of ``w``×``h`` pixels, supersampled."""
    t = THEMES[theme]
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(2, w // 12)
    lw = max(1, w // 60)
    if card is None:
        d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=t["back"], outline=(240, 240, 240), width=max(lw, w // 30))
        inset = max(3, w // 10)
        d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), max(1, r // 2), outline=t["back2"],
                            width=max(1, w // 40))
        step = max(4, w // 7)
        for k in range(-h, w + h, step):
            d.line((inset + k, inset, inset + k + (h - 2 * inset), h - inset), fill=t["back2"], width=max(1, w // 48))
        # clear the lattice outside the inner frame
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), max(1, r // 2), fill=255)
        frame = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        fd = ImageDraw.Draw(frame)
        fd.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=t["back"], outline=(240, 240, 240), width=max(lw, w // 30))
        fd.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), max(1, r // 2), outline=t["back2"],
                             width=max(1, w // 40))
        frame.paste(img, (0, 0), mask)
        return frame
    c = pasyans.Card(card)
    ink = t["red"] if c.red else t["black"]
    d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=t["face"], outline=t["edge"], width=lw)
    rank = (RANK_TEXT_RU if lang == "ru" else RANK_TEXT).get(c.rank, str(c.rank))
    suit = SUITS[c.suit]
    strip = FAN_STEP * w  # what shows of a card under another in a fan
    fi = font("cond" if len(rank) > 1 else "bold", strip * 0.78)
    fs = font("sans", strip * 0.74)
    pad = w * 0.05
    if fan in ("down", "up"):
        # one line, rank and suit side by side, along the visible strip
        y = strip * 0.52 if fan == "down" else h - strip * 0.52
        rb = d.textbbox((0, 0), rank, font=fi, anchor="lm")
        d.text((pad, y), rank, font=fi, fill=ink, anchor="lm")
        d.text((pad + rb[2] + w * 0.03, y), suit, font=fs, fill=ink, anchor="lm")
        if fan == "down":  # the same index mirrored at the foot, as on a real card
            d.text((w - pad, h - strip * 0.52), rank + suit, font=fi, fill=ink, anchor="rm")
    else:
        # rank over suit in a corner column (left, or right for a fan to the left)
        big = font("cond" if len(rank) > 1 else "bold", w * 0.24)
        sf = font("sans", w * 0.2)
        col = w * 0.15 if fan != "left" else w - w * 0.15
        d.text((col, h * 0.1), rank, font=big, fill=ink, anchor="mm")
        d.text((col, h * 0.24), suit, font=sf, fill=ink, anchor="mm")
        if fan == "none":
            tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
            td = ImageDraw.Draw(tile)
            td.text((col, h * 0.1), rank, font=big, fill=ink, anchor="mm")
            td.text((col, h * 0.24), suit, font=sf, fill=ink, anchor="mm")
            img.alpha_composite(tile.rotate(180))
    # the centre: a large pip, or the court letter over its suit
    cx, cy = w / 2, h / 2 + (strip * 0.25 if fan == "down" else -strip * 0.25 if fan == "up" else 0)
    if c.rank > 10:
        _text_center(d, (cx, cy - h * 0.07), rank, font("serif", w * 0.42), ink)
        _text_center(d, (cx, cy + h * 0.2), suit, font("sans", w * 0.26), ink)
    else:
        _text_center(d, (cx, cy), suit, font("sans", w * 0.56), ink)
    return img


def _paste_card(canvas: Image.Image, card: int | None, x: int, y: int, w: int, h: int, rotate: int,
                fan: str, lang: str, theme: str) -> None:
    tile = _card_tile(card, w, h, fan, lang, theme)
    if rotate == 90:
        tile = tile.rotate(-90, expand=True)
    canvas.alpha_composite(tile, (x, y))


# ---- the table --------------------------------------------------------------------------------
def _wrap(text: str, f: Any, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels in font ``f``."""
    out: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        line = ""
        for word in words:
            trial = (line + " " + word).strip()
            if f.getlength(trial) <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def render(game: Any, *, width: int | None = None, unit: float | None = None, lang: str = "en",
           header: bool = True, caption: bool = True, labels: bool = True, theme: str = "light",
           mark: Iterable[tuple[str, int]] = (), title: str | None = None) -> Image.Image:
    """The table of ``game`` (a game or a :class:`~pasyans.widgets.Table`) as an RGB picture.

    ``width`` (pixels) or ``unit`` (pixels per card width, default 72) sets the size; ``mark``
    lists ``(pile, index)`` cards to ring (the last move, in a filmstrip); ``labels`` writes what
    the text calls an empty place inside it; ``header`` and ``caption`` add the title line and the
    layout's caption (which says when the picture is a reconstruction).
    """
    g = _game_of(game)
    if theme not in THEMES:
        raise ValueError(f"theme is one of {', '.join(THEMES)}, not {theme!r}")
    t = THEMES[theme]
    layout = g.layout()
    piles = g.piles
    ew, eh = geometry.extent(layout, piles)
    margin_u = 0.35
    if unit is None:
        unit = 72.0 if width is None else width / (ew + 2 * margin_u)
    u = unit * SS
    body_w = int(round((ew + 2 * margin_u) * u))
    fhead = font("bold", max(11, unit * 0.2) * SS)
    fsub = font("sans", max(10, unit * 0.17) * SS)
    head_h = int(fhead.size * 2.6) if header else 0
    cap_lines: list[str] = []
    fcap = font("italic", max(10, unit * 0.16) * SS)
    frames = geometry.group_frames(layout, piles, lang)
    fgroup = font("bold", max(9, unit * 0.14) * SS)
    label_fonts = {}
    for f in frames:
        if f["label_box"] is None:
            continue
        lx0, ly0, lx1, ly1 = f["label_box"]
        room = ((lx1 - lx0) if f["label_rot"] == 0 else (ly1 - ly0)) * u
        fg = fgroup
        while fg.getlength(f["label"]) > room - u * 0.05 and fg.size > 7 * SS:
            fg = font("bold", fg.size - SS)
        if fg.getlength(f["label"]) <= room:
            label_fonts[f["name"]] = fg
    if caption:
        cap = layout.caption_ru if lang == "ru" else layout.caption_en
        unnamed = [f["label"] for f in frames if f["name"] not in label_fonts and f["label"]]
        if unnamed:
            cap = cap.rstrip()
            cap = (cap + ("" if cap.endswith((".", "!", "?")) else ".") + " " if cap else "") + \
                ("Группы: " if lang == "ru" else "Groups: ") + "; ".join(unnamed) + "."
        if cap:
            cap_lines = _wrap(cap, fcap, body_w - 2 * margin_u * u)
    cap_h = int(len(cap_lines) * fcap.size * 1.35 + (fcap.size * 0.8 if cap_lines else 0))
    body_h = int(round((eh + 2 * margin_u) * u))
    canvas = Image.new("RGBA", (body_w, head_h + body_h + cap_h), t["paper"] + (255,))
    d = ImageDraw.Draw(canvas)
    if header:
        name = f"{g.title_ru} · {g.title_en}" if title is None else title
        d.text((margin_u * u, fhead.size * 0.35), name, font=fhead, fill=t["ink"])
        info = g.info()
        bits = [f"deal {g.deal}" if g.deal is not None else "constructed position",
                f"{info.get('moves', len(g.moves))} moves", f"{info.get('cards_left', '?')} cards left", g.status]
        if g.turn:
            bits.insert(1, f"{g.turn} to play")
        if lang == "ru":
            bits = [f"расклад {g.deal}" if g.deal is not None else "позиция", f"ходов: {len(g.moves)}",
                    f"карт осталось: {info.get('cards_left', '?')}",
                    {"playing": "идёт игра", "won": "вышел", "lost": "не вышел"}.get(g.status, g.status)]
        d.text((margin_u * u, fhead.size * 1.45), " · ".join(bits), font=fsub, fill=t["muted"])
    oy = head_h
    d.rounded_rectangle((0, oy, body_w - 1, oy + body_h - 1), int(u * 0.12), fill=t["felt"], outline=t["felt_edge"],
                        width=max(2, int(u * 0.03)))
    X = lambda v: int(round((v + margin_u) * u))  # noqa: E731
    Y = lambda v: int(round((v + margin_u) * u)) + oy  # noqa: E731
    # groups: a lighter field behind their piles, named
    for f in frames:
        for x0, y0, x1, y1 in f["frames"]:
            d.rounded_rectangle((X(x0), Y(y0), X(x1), Y(y1)), int(u * 0.1), fill=t["group"])
        if f["label_box"] is None:
            continue
        room_font = label_fonts.get(f["name"])
        if room_font is None:
            continue  # no room to read it here: the caption names the group
        fg = room_font
        lx0, ly0, lx1, ly1 = f["label_box"]
        if f["label_rot"] == 0:
            d.text((X(lx0) + u * 0.05, (Y(ly0) + Y(ly1)) / 2), f["label"], font=fg, fill=t["group_text"], anchor="lm")
        else:
            tw = int(fg.getlength(f["label"])) + 4
            tile = Image.new("RGBA", (tw, int(fg.size * 1.4)), (0, 0, 0, 0))
            ImageDraw.Draw(tile).text((2, tile.height / 2), f["label"], font=fg, fill=t["group_text"], anchor="lm")
            tile = tile.rotate(90, expand=True)
            canvas.alpha_composite(tile, (int((X(lx0) + X(lx1)) / 2 - tile.width / 2),
                                          int(Y(ly1) - tile.height - u * 0.05)))
    # empty places
    fslot = font("sans", max(8, unit * 0.12) * SS)
    for s in layout.spots:
        w, h = geometry.card_size(s)
        box = (X(s.x), Y(s.y), X(s.x + w), Y(s.y + h))
        d.rounded_rectangle(box, int(u * 0.08), outline=t["slot"], width=max(2, int(u * 0.025)))
        if labels and not piles[s.pile].cards:
            label = s.label_ru if lang == "ru" else s.label_en
            lines = _wrap(label, fslot, (box[2] - box[0]) * 0.86)[:4]
            lh = fslot.size * 1.15
            cy = (box[1] + box[3]) / 2 - lh * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                d.text(((box[0] + box[2]) / 2, cy + i * lh), line, font=fslot, fill=t["slot_text"], anchor="mm")
    # cards, pile by pile, bottom to top
    fans = {s.pile: s.fan for s in layout.spots}
    marks = set(mark)
    cw, ch = int(round(u)), int(round(u * 1.4))
    for p in geometry.placements(layout, piles):
        if not p.visible:
            continue
        x, y = X(p.x), Y(p.y)
        _paste_card(canvas, int(p.card) if p.face_up else None, x, y, cw, ch, p.rotate, fans[p.pile], lang, theme)
        n = len(piles[p.pile].cards)
        if p.index == n - 1 and n > 1 and fans[p.pile] == "none":
            # a stack: its thickness as a second edge and a count
            fcount = font("bold", max(8, unit * 0.13) * SS)
            pw, ph = (ch, cw) if p.rotate == 90 else (cw, ch)
            d.text((x + pw - u * 0.04, y + ph + u * 0.02), str(n), font=fcount, fill=t["slot_text"], anchor="ra")
        if (p.pile, p.index) in marks:
            pw, ph = (ch, cw) if p.rotate == 90 else (cw, ch)
            d.rounded_rectangle((x - SS * 2, y - SS * 2, x + pw + SS * 2, y + ph + SS * 2), int(u * 0.1),
                                outline=t["mark"], width=max(3, int(u * 0.05)))
    if cap_lines:
        cap_y = oy + body_h + fcap.size * 0.4
        for line in cap_lines:
            d.text((margin_u * u, cap_y), line, font=fcap, fill=t["muted"])
            cap_y += fcap.size * 1.35
    out = canvas.convert("RGB")
    out = out.resize((max(1, out.width // SS), max(1, out.height // SS)), Image.Resampling.LANCZOS)
    out.info[ALT] = human.picture_text(g, lang) if title is None else f"{title}. {human.picture_text(g, lang)}"
    return out


# ---- a line of play as pictures --------------------------------------------------------------
def filmstrip(game: Any, line: Sequence[Any] | Any, *, columns: int = 3, frame_width: int = 440,
              layer: str = "english", lang: str = "en", start: bool = True, theme: str = "light") -> Image.Image:
    """A line of play from the game's current position as a grid of pictures.

    Each frame shows the table after a move, rings the moved card(s), and says the move and
    the sentence of the text (in ``layer``) that licenses it. ``line`` is a list of moves or
    notations, or a solver result (its ``.line``). The game itself is not changed.
    """
    g = _game_of(game).clone()
    line = list(getattr(line, "line", line))
    if len(line) > 400:
        raise ValueError(f"a filmstrip of {len(line)} frames is too long to read: pass a slice of the line")
    texts = textsource.sentences(g.id, layer)
    t = THEMES[theme]
    frames: list[tuple[Image.Image, list[str]]] = []
    ftxt = font("sans", 13)
    fsm = font("italic", 12)
    alt = [human.picture_text(g, lang)]
    if start:
        frames.append((render(g, width=frame_width, lang=lang, caption=False, theme=theme,
                              title=f"{g.title_ru} · {g.title_en}"),
                       ["0. " + ("позиция перед партией" if lang == "ru" else "the position before the line")]))
    for k, m in enumerate(line, 1):
        try:
            played = g.play(m)
        except (pasyans.IllegalMove, pasyans.InvalidMove) as e:
            text = m.notation if isinstance(m, pasyans.Move) else m
            raise pasyans.IllegalMove(f"move {k} of the line ({text!r}) cannot be played: {e}") from None
        piles = g.piles
        mark = []
        for c, _src, dst in played.steps:
            cards = piles[dst].cards
            for i in range(len(cards) - 1, -1, -1):
                if cards[i] == c:
                    mark.append((dst, i))
                    break
        said = human.describe(g, played, lang, after=True)  # 10 not T; a card dealt face down unnamed
        img = render(g, width=frame_width, lang=lang, caption=False, mark=mark, theme=theme, title=f"{k}. {said}")
        lines = [f"{k}. {said}"]
        for sid in played.cites[:2]:
            sentence = texts.get(sid)
            lines.append(f"{sid}: {sentence}" if sentence else f"[{sid}]")
        frames.append((img, lines))
        alt.append(f"{k}. {said}" + (f" ({', '.join(played.cites[:2])})" if played.cites else ""))
    if not frames:
        raise ValueError("an empty line and no start frame: nothing to draw")
    columns = max(1, min(columns, len(frames)))
    fw = max(f.width for f, _ in frames)
    captions = []
    for _, lines in frames:
        wrapped = _wrap(lines[0], ftxt, fw - 16)
        for extra in lines[1:]:
            wrapped += ["\t" + x for x in _wrap(extra, fsm, fw - 16)[:5]]
        captions.append(wrapped)
    cap_h = max(len(c) for c in captions) * 17 + 10
    fh = max(f.height for f, _ in frames)
    rows = (len(frames) + columns - 1) // columns
    gap = 14
    sheet = Image.new("RGB", (columns * fw + (columns + 1) * gap, rows * (fh + cap_h) + (rows + 1) * gap), t["paper"])
    d = ImageDraw.Draw(sheet)
    for n, ((img, _), cap) in enumerate(zip(frames, captions)):
        r, c = divmod(n, columns)
        x = gap + c * (fw + gap)
        y = gap + r * (fh + cap_h + gap)
        sheet.paste(img, (x, y))
        yy = y + fh + 6
        for line in cap:
            if line.startswith("\t"):
                d.text((x + 8, yy), line[1:], font=fsm, fill=t["muted"])
            else:
                d.text((x + 8, yy), line, font=ftxt, fill=t["ink"])
            yy += 17
    moves = len(frames) - start
    alt[0] = (f"Ходов: {moves}, от позиции: {alt[0]}" if lang == "ru"
              else f"{moves} move{'s' if moves != 1 else ''} from the position: {alt[0]}")
    sheet.info[ALT] = " ".join(alt)
    return sheet


# ---- the sources' lost figures -----------------------------------------------------------------
def lost_figures(game: str | None = None) -> list[str]:
    """The ids of the figures the sources refer to and the e-text lacks (of one game, or all)."""
    games = [game] if game else list(pasyans.GAMES)
    return [f["id"] for g in games for f in textsource.figures(g)]


def figure(figure_id: str, deal: int = 1, *, lang: str = "en", width: int = 900, lay_out: bool = True,
           theme: str = "light", **options: Any) -> Image.Image:
    """A figure a source refers to and the e-text lacks, drawn from the engine's layout.

    ``figure_id`` is a figure's id in the edition (``"braid.fig29"``) or a game id (its first
    figure). The deal is laid out (the moves played while only one is legal) and the picture
    is captioned as a reconstruction, with the edition's description of the lost figure.
    """
    gid = figure_id.split(".", 1)[0]
    g = pasyans.new_game(gid, deal, **options)
    if lay_out:
        g.advance()
    figs = textsource.figures(gid)
    fig = next((f for f in figs if f["id"] == figure_id), figs[0] if figs else None)
    ru = lang == "ru"
    if fig and (fig["caption_en"] or fig["caption"]):
        name = (fig["caption"] if ru else fig["caption_en"] or fig["caption"]) + f" ({fig['id']})"
    elif fig:
        name = ("рисунок " if ru else "the figure ") + fig["id"]
    else:
        name = ("раскладка " if ru else "the layout of ") + gid
    head = (f"{g.title_ru} · {name} — реконструкция" if ru else f"{g.title_en} · {name} — a reconstruction")
    img = render(g, width=width, lang=lang, caption=False, theme=theme, title=head)
    layout = g.layout()
    t = THEMES[theme]
    base = (layout.caption_ru if ru else layout.caption_en).rstrip(".")
    if ru:
        note = (f"Реконструкция, нарисованная по описанию раскладки в движке издания (расклад {deal}"
                + (", после раздачи" if lay_out else "") + "); рисунок источника утрачен.")
    else:
        note = (f"Reconstruction drawn from the edition's engine layout (deal {deal}"
                + (", after the deal is laid out" if lay_out else "") + "); the source's figure is lost.")
    paras = [f"{base}. {note}" if base else note]
    if fig and fig["description"] and not ru:
        paras.append(fig["description"])
    fcap = font("italic", 15)
    lines: list[str] = []
    for para in paras:
        lines += _wrap(para, fcap, img.width - 28) + [""]
    out = Image.new("RGB", (img.width, img.height + len(lines) * 21 + 8), t["paper"])
    out.paste(img, (0, 0))
    d = ImageDraw.Draw(out)
    y = img.height + 8
    for line in lines:
        d.text((14, y), line, font=fcap, fill=t["muted"])
        y += 21
    out.info[ALT] = f"{img.info[ALT]} {' '.join(paras)}"
    return out
