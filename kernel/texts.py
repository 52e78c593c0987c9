"""The critical text: a reader for the TEI edition in ``texts/`` (``pasyans.texts``).

Three layers of every sentence: ``diplomatic`` (the witness in its own orthography, transmission
errors corrected), ``modern`` (modern Russian spelling) and ``english`` (the translation, aligned
by ``@corresp``). Sentence ids are the ``xml:id`` of ``s``, ``head`` and ``label`` elements
(``braid.p3.s1``, ``besieged_city.r2.label``); figure ids (``braid.fig29``) give the caption.

Apparatus notes are ``note`` elements in ``back/div[@type='apparatus']``. A note is found for a
sentence through its ``@target`` (``#id`` pointers, space separated); it names the engine option
that implements it in ``@ana`` as ``option:NAME`` (several tokens allowed, other tokens ignored).

No figure of a committed table is typed into a note: a note quotes it through an empty placeholder
``<num source="stats/GAME.json" n="READING" subtype="FIELD" type="FORM"/>``, which the reader fills
from the table whenever the text is read (see :func:`table_figure`).

>>> from pasyans import texts
>>> texts.sentence("besieged_city.p7.s1", "modern")
'Пасьянс этот чрезвычайно труден.'
"""

from __future__ import annotations

import html as _html
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from . import __version__ as EDITION_VERSION
from .orthography import modernize
from .paths import edition_dir

__all__ = [
    "EDITION_VERSION", "LAYERS", "Chapter", "Figure", "GlossaryEntry", "Hit", "Note",
    "chapter", "cite", "figures", "game_ids", "glossary", "html", "note", "notes", "notes_for",
    "plain", "search", "sentence", "sentences", "source_of", "sources", "table_figure", "tei", "witness_file",
    "witness_text",
]

LAYERS = ("diplomatic", "modern", "english")
TEI_NS = "http://www.tei-c.org/ns/1.0"
_XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
_NS = {"t": TEI_NS}
_UNIT_TAGS = ("head", "label", "s")
_SOURCES = ("000", "001", "002", "004")

# Elements left out of each layer (local names); lb is handled apart.
_SKIP = {
    "witness": {"corr", "reg", "supplied", "gap", "note", "figDesc"},
    "diplomatic": {"sic", "reg", "gap", "note", "figDesc", "fw"},
    "modern": {"sic", "orig", "gap", "note", "figDesc", "fw"},
    "english": {"gap", "note", "figDesc", "fw"},
}


def _texts_dir() -> Path:
    """The folder of the TEI files: the installed package data, else the checkout's ``texts/``."""
    return edition_dir()


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _skipped(el: etree._Element, mode: str) -> bool:
    name = _local(el)
    if not name:
        return True
    if name in _SKIP[mode]:
        return True
    if mode != "witness" and name == "ref" and el.get("type") == "noteMarker":
        return True
    return mode == "witness" and name == "div" and el.get("type") == "translation"


def _collect(el: etree._Element, mode: str, out: list[str], mark: bool = False) -> None:
    """Append the text of ``el`` in ``mode`` (a layer or ``witness``) to ``out``.

    With ``mark``, text the editors supplied stands in ⟨angle brackets⟩.
    """
    if _local(el) == "lb":
        out.append("\n" if mode == "witness" else " ")
    elif (figure := _placeholder(el)) is not None:
        out.append(figure)
    elif el.text:
        out.append(el.text)
    for child in el:
        if not _skipped(child, mode):
            supplied = mark and _local(child) == "supplied"
            out.append("⟨" if supplied else "")
            _collect(child, mode, out, mark)
            out.append("⟩" if supplied else "")
        if child.tail:
            out.append(child.tail)


_FORMS = ("cardinal", "percentage", "range")
_PLAYER_FIELDS = ("won", "lost", "unknown", "decided", "bound")


@cache
def _table(source: str) -> dict:
    path = _texts_dir() / source
    if not source.startswith("stats/") or not path.is_file():
        raise ValueError(f"no committed table {source!r} in the edition")
    return json.loads(path.read_text(encoding="utf-8"))


def _run(table: dict, reading: str) -> dict:
    """The run of ``table`` under ``reading``: ``default``, or ``opt=value[,opt=value]`` off the default."""
    runs = table["runs"]
    if reading == "default":
        return runs[0]
    wanted = {k.strip(): v.strip() for k, _, v in (p.partition("=") for p in reading.split(","))}
    expected = {k: str(v) for k, v in runs[0]["options"].items()}
    unknown = set(wanted) - set(expected)
    if unknown:
        raise ValueError(f"table of {table['game']!r} has no option {sorted(unknown)[0]!r}")
    expected.update(wanted)
    for run in runs:
        if {k: str(v) for k, v in run["options"].items()} == expected:
            return run
    raise ValueError(f"table of {table['game']!r} has no run under the reading {reading!r}")


def _count(run: dict, field: str) -> int:
    if field == "n":
        return int(run["thoughtful"]["n"])
    if field in ("first", "last"):
        return int(run["deals"][0 if field == "first" else 1])
    if field == "budget":
        return int(run["budget_states"])
    player, _, what = field.partition(".")
    if player not in ("thoughtful", "blind") or what not in _PLAYER_FIELDS:
        raise ValueError(f"unknown table field {field!r}")
    t = run[player]
    if what == "decided":
        return int(t["won"]["count"] + t["lost"]["count"])
    if what == "bound":  # the most that can be won: every undecided deal counted as won
        return int(t["won"]["count"] + t["unknown"]["count"])
    return int(t[what]["count"])


def table_figure(game: str, reading: str = "default", field: str = "thoughtful.won", form: str = "cardinal") -> str:
    """A figure of ``game``'s committed table, as a note prints it.

    ``reading`` is ``default`` or ``opt=value[,opt=value]`` (the other options at their defaults);
    ``field`` one of ``n``, ``first``, ``last``, ``budget``, ``deals`` or ``PLAYER.WHAT`` (player
    ``thoughtful`` or ``blind``; what ``won``, ``lost``, ``unknown``, ``decided`` = won + lost, or
    ``bound`` = won + unknown); ``form`` ``cardinal`` (1,000), ``percentage`` (share of the run's
    deals, 39.3%) or ``range`` (for ``deals``: 1–300). A clear ``ValueError`` when the table, the
    run or the field does not exist.
    """
    if form not in _FORMS:
        raise ValueError(f"unknown form {form!r}: choose one of {', '.join(_FORMS)}")
    run = _run(_table(f"stats/{game}.json"), reading)
    if field == "deals" or form == "range":
        if field != "deals" or form != "range":
            raise ValueError("the field 'deals' goes with the form 'range' and only with it")
        return f"{run['deals'][0]:,}–{run['deals'][1]:,}"
    value = _count(run, field)
    if form == "percentage":
        return f"{value / run['thoughtful']['n']:.1%}"
    return f"{value:,}"


def _placeholder(el: etree._Element) -> str | None:
    """The text of a figure placeholder (``num`` with ``@source`` in ``stats/``), else ``None``."""
    source = el.get("source") or ""
    if _local(el) != "num" or not source.startswith("stats/"):
        return None
    game = Path(source).stem
    return table_figure(game, el.get("n") or "default", el.get("subtype") or "", el.get("type") or "cardinal")


def _layer_text(el: etree._Element, layer: str, mark: bool = False) -> str:
    out: list[str] = []
    _collect(el, layer, out, mark)
    return " ".join("".join(out).split())


@dataclass(frozen=True)
class Note:
    """An apparatus note: its id, type, the ids it targets, its English text, engine options."""

    id: str
    type: str
    targets: tuple[str, ...]
    text: str
    options: tuple[str, ...]
    game: str

    @property
    def option(self) -> str | None:
        """The first engine option the note names, if any."""
        return self.options[0] if self.options else None


@dataclass(frozen=True)
class Figure:
    """A figure of the book that the e-text lacks: id, caption (if the e-text kept one), description."""

    id: str
    game: str
    caption: str | None
    caption_en: str | None
    description: str


@dataclass(frozen=True)
class Chapter:
    """Where a game stands in its source, with its titles and its sentence ids in order."""

    game: str
    source: str
    title_ru: str
    title_en: str
    chapter_id: str | None
    chapter_title: str | None
    ids: tuple[str, ...]


@dataclass(frozen=True)
class GlossaryEntry:
    """A term of the old card vocabulary, the translation chosen, why, and example sentence ids."""

    id: str
    term: str
    modern: str
    english: str
    note: str
    examples: tuple[str, ...]


@dataclass(frozen=True)
class Hit:
    """A search result: the sentence id, the layer that matched and that layer's text."""

    id: str
    game: str | None
    layer: str
    text: str


@dataclass
class _Edition:
    trees: dict[str, etree._ElementTree]
    elements: dict[str, tuple[str, etree._Element]]
    games: dict[str, str]
    units: dict[str, dict[str, str]]
    unit_game: dict[str, str | None]
    game_units: dict[str, list[str]]
    notes: dict[str, Note]
    game_notes: dict[str, list[str]]
    by_target: dict[str, list[str]]


def _game_of(el: etree._Element) -> str | None:
    for anc in el.iterancestors():
        if _local(anc) == "div" and anc.get("type") == "game":
            return anc.get(_XML_ID)
    return None


def _in_translation(el: etree._Element) -> bool:
    return any(_local(a) == "div" and a.get("type") == "translation" for a in el.iterancestors())


@cache
def _edition() -> _Edition:
    """Parse the four TEI files once and index them."""
    directory = _texts_dir()
    ed = _Edition({}, {}, {}, {}, {}, {}, {}, {}, {})
    for key in _SOURCES:
        tree = etree.parse(str(directory / f"{key}.xml"))
        ed.trees[key] = tree
        for el in tree.iter():
            xid = el.get(_XML_ID) if isinstance(el.tag, str) else None
            if xid:
                ed.elements[xid] = (key, el)
        body = tree.find("t:text/t:body", _NS)
        for div in body.iterfind(".//t:div[@type='game']", _NS):
            gid = div.get(_XML_ID)
            ed.games[gid] = key
            ed.game_units[gid] = []
        for el in body.iter(*(f"{{{TEI_NS}}}{t}" for t in _UNIT_TAGS)):
            xid = el.get(_XML_ID)
            if not xid or _in_translation(el):
                continue
            english = ed.elements.get(f"en.{xid}")
            mark = not _wholly_supplied(el)  # a supply inside a unit stands in ⟨angle brackets⟩
            ed.units[xid] = {
                "diplomatic": _layer_text(el, "diplomatic", mark),
                "modern": _layer_text(el, "modern", mark),
                "english": _layer_text(english[1], "english", mark) if english else "",
            }
            game = _game_of(el)
            ed.unit_game[xid] = game
            if game:
                ed.game_units[game].append(xid)
        for div in tree.iterfind("t:text/t:back/t:div[@type='apparatus']", _NS):
            gid = div.get(_XML_ID).removesuffix(".apparatus")
            ed.game_notes[gid] = []
            for el in div.iterfind("t:note", _NS):
                n = _note_from(el, gid)
                ed.notes[n.id] = n
                ed.game_notes[gid].append(n.id)
                for target in n.targets:
                    ed.by_target.setdefault(target, []).append(n.id)
    return ed


def _flat(el: etree._Element) -> str:
    """The text of a note element; an empty ``ref`` stands for the id it points to."""
    out = [el.text or ""]
    for child in el:
        if _local(child) == "ref" and not len(child) and not (child.text or "").strip():
            out.append(" ".join(t.removeprefix("#") for t in (child.get("target") or "").split()))
        elif (figure := _placeholder(child)) is not None:
            out.append(figure)
        elif _local(child):
            out.append(_flat(child))
        out.append(child.tail or "")
    return "".join(out)


def _note_from(el: etree._Element, game: str) -> Note:
    targets = tuple(t.removeprefix("#") for t in (el.get("target") or "").split())
    options = tuple(
        tok.removeprefix("option:") for tok in (el.get("ana") or "").split() if tok.startswith("option:")
    )
    paras = [" ".join(_flat(p).split()) for p in el.iterfind("t:p", _NS)]
    text = "\n\n".join(paras) if paras else " ".join(_flat(el).split())
    return Note(el.get(_XML_ID), el.get("type") or "", targets, text, options, game)


def _check_layer(layer: str) -> None:
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r}: choose one of {', '.join(LAYERS)}")


def _check_game(game: str) -> None:
    if game not in _edition().games:
        raise KeyError(f"unknown game {game!r}: the games are {', '.join(game_ids())}")


def sources() -> tuple[str, ...]:
    """The keys of the four sources (``000``, ``001``, ``002``, ``004``)."""
    return _SOURCES


def game_ids() -> tuple[str, ...]:
    """The games of the edition, in the order of the sources."""
    return tuple(_edition().games)


def source_of(game_or_id: str) -> str:
    """The source key of a game or of any id in the edition."""
    ed = _edition()
    if game_or_id in ed.games:
        return ed.games[game_or_id]
    if game_or_id in ed.elements:
        return ed.elements[game_or_id][0]
    raise KeyError(f"no game or id {game_or_id!r} in the edition")


def sentence(sid: str, layer: str = "diplomatic") -> str:
    """The text of sentence ``sid`` (or a heading, a rule number, a figure caption) in ``layer``."""
    _check_layer(layer)
    ed = _edition()
    if sid in ed.units:
        return ed.units[sid][layer]
    if sid in ed.elements and _local(ed.elements[sid][1]) == "figure" and f"{sid}.head" in ed.units:
        return ed.units[f"{sid}.head"][layer]
    raise KeyError(f"no sentence {sid!r} in the edition")


def sentences(game: str, layer: str = "diplomatic") -> list[tuple[str, str]]:
    """The (id, text) pairs of a game's sentences, headings and rule numbers, in order."""
    _check_layer(layer)
    _check_game(game)
    ed = _edition()
    return [(sid, ed.units[sid][layer]) for sid in ed.game_units[game]]


def chapter(game: str) -> Chapter:
    """Where ``game`` stands: its source, titles, chapter (if the source has one) and sentence ids."""
    _check_game(game)
    ed = _edition()
    key = ed.games[game]
    div = ed.elements[game][1]
    parent = div.getparent()
    chapter_id = parent.get(_XML_ID) if parent.get("type") == "chapter" else None
    chapter_title = ed.units[f"{chapter_id}.head"]["modern"] if chapter_id else None
    title_en = ed.elements[f"en.{game}"][1].get("n")
    return Chapter(game, key, div.get("n"), title_en, chapter_id, chapter_title, tuple(ed.game_units[game]))


def notes(game: str) -> list[Note]:
    """The apparatus notes of ``game``, in the order of the apparatus."""
    _check_game(game)
    ed = _edition()
    return [ed.notes[n] for n in ed.game_notes.get(game, [])]


def notes_for(sid: str) -> list[Note]:
    """The apparatus notes whose ``@target`` includes ``sid``."""
    ed = _edition()
    return [ed.notes[n] for n in ed.by_target.get(sid, [])]


def note(note_id: str) -> Note:
    """The apparatus note ``note_id``."""
    try:
        return _edition().notes[note_id]
    except KeyError:
        raise KeyError(f"no apparatus note {note_id!r} in the edition") from None


def figures(game: str) -> list[Figure]:
    """The figures of ``game``: placeholders for the pictures the e-text lacks."""
    _check_game(game)
    ed = _edition()
    out = []
    for el in ed.elements[game][1].iterfind(".//t:figure", _NS):
        fid = el.get(_XML_ID)
        has_head = f"{fid}.head" in ed.units
        head = ed.units.get(f"{fid}.head", {})
        desc = " ".join("".join(el.find("t:figDesc", _NS).itertext()).split())
        out.append(Figure(fid, game, head.get("diplomatic") if has_head else None,
                          head.get("english") if has_head else None, desc))
    return out


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    """The glossary of the old card vocabulary (``texts/glossary.xml``)."""
    tree = etree.parse(str(_texts_dir() / "glossary.xml"))
    out = []
    for entry in tree.iterfind(".//t:div[@type='glossary']//t:entryFree", _NS):
        def part(xpath: str, e: etree._Element = entry) -> str:
            found = e.find(xpath, _NS)
            return " ".join("".join(found.itertext()).split()) if found is not None else ""

        ref = entry.find("t:xr/t:ref", _NS)
        examples = tuple(t.partition("#")[2] for t in (ref.get("target") if ref is not None else "").split())
        out.append(GlossaryEntry(entry.get(_XML_ID), part("t:form[@type='orig']/t:orth"),
                                 part("t:form[@type='reg']/t:orth"), part("t:gloss"), part("t:note"), examples))
    return tuple(out)


def cite(xid: str) -> str:
    """How to cite any id of the edition: edition and version, source, game, rule, the id."""
    ed = _edition()
    target = xid.removeprefix("en.") if xid.startswith("en.") else xid
    if target not in ed.elements:
        raise KeyError(f"no id {xid!r} in the edition")
    key, el = ed.elements[target]
    tree = ed.trees[key]
    title = " ".join("".join(tree.find(".//t:sourceDesc//t:witness/t:bibl/t:title", _NS).itertext()).split())
    parts = [f"Pasyans, a digital critical edition, version {EDITION_VERSION}",
             f"source {key}, «{title}»"]
    game = target if target in ed.games else _game_of(el)
    if game:
        div = ed.elements[game][1]
        parts.append(f"«{div.get('n')}» ({ed.elements['en.' + game][1].get('n')})")
    for anc in [el, *el.iterancestors()]:
        if _local(anc) == "item" and anc.get("n"):
            parts.append(f"rule {anc.get('n')}")
            break
    kind = "apparatus note" if target in ed.notes else "English translation of" if xid != target else "id"
    parts.append(f"{kind} {target}")
    return ", ".join(parts) + f". texts/{key}.xml#{xid}. CC BY 4.0."


def _norm(s: str) -> str:
    return s.lower().replace("ё", "е")


def search(query: str, game: str | None = None) -> list[Hit]:
    """Sentences matching ``query`` in old or modern spelling or in English (case-insensitive).

    The query is normalised with the orthography converter, so «мѣста» finds «места» and the
    other way round; each sentence is reported once, with the first layer that matched.
    """
    q = query.strip()
    if not q:
        return []
    if game is not None:
        _check_game(game)
    ed = _edition()
    wanted = {"diplomatic": _norm(q), "modern": _norm(modernize(q.replace("ђ", "ѣ"))), "english": _norm(q)}
    hits = []
    for sid, layers in ed.units.items():
        if game is not None and ed.unit_game[sid] != game:
            continue
        for layer in ("modern", "diplomatic", "english"):
            if wanted[layer] in _norm(layers[layer]):
                hits.append(Hit(sid, ed.unit_game[sid], layer, layers[layer]))
                break
    return hits


def _esc(s: str) -> str:
    return _html.escape(s, quote=True)


def _inline_html(el: etree._Element, layer: str, mark: bool = False) -> str:
    """Escaped HTML of a unit's content: corrections and supplies marked, nothing else let through.

    With ``mark``, a supply also stands in ⟨angle brackets⟩ (a supply inside a unit).
    """
    out: list[str] = []

    def walk(e: etree._Element) -> None:
        if e.text and _local(e) != "lb":
            out.append(_esc(e.text))
        for child in e:
            name = _local(child)
            if not _skipped(child, layer):
                if (figure := _placeholder(child)) is not None:
                    out.append(_esc(figure))
                elif name == "supplied" and _composed(child):
                    out.append('<span class="supplied composed" title="composed by the editors: no witness">'
                               + ("⟦" if mark else ""))
                    walk(child)
                    out.append(("⟧" if mark else "") + "</span>")
                elif name == "supplied":
                    out.append('<span class="supplied" title="supplied by the editors">' + ("⟨" if mark else ""))
                    walk(child)
                    out.append(("⟩" if mark else "") + "</span>")
                elif name == "corr" and layer == "diplomatic":
                    sic = child.getparent().find("t:sic", _NS)
                    received = "".join(sic.itertext()) if sic is not None else ""
                    out.append(f'<span class="corr" title="{_esc("e-text: " + received)}">')
                    walk(child)
                    out.append("</span>")
                else:
                    walk(child)
            if child.tail:
                out.append(_esc(child.tail))

    walk(el)
    return " ".join("".join(out).split())


def _unit_span(sid: str, layer: str, cls: str = "s") -> str:
    ed = _edition()
    unit = ed.elements[sid][1]
    src = ed.elements[f"en.{sid}"][1] if layer == "english" else unit
    inner = _inline_html(src, layer, not _wholly_supplied(unit))
    supplied = ""
    if _unit_composed(unit):  # lost text the editors composed: the same mark in every layer
        inner = f"⟦{inner}⟧"
        supplied = ' data-supplied="composed" title="composed by the editors: no witness"'
    elif _wholly_supplied(unit):
        inner = f"⟨{inner}⟩"
        supplied = ' data-supplied="witness" title="supplied by the editors after a witness"'
    note_ids = " ".join(n.id for n in notes_for(sid))
    data_notes = f' data-notes="{_esc(note_ids)}"' if note_ids else ""
    return (f'<span class="{cls}" id="{_esc(f"pasyans-{layer}-{sid}")}" data-sid="{_esc(sid)}"'
            f"{supplied}{data_notes}>{inner}</span>")


def _block_units(el: etree._Element) -> list[str]:
    return [u.get(_XML_ID) for u in el.iter(*(f"{{{TEI_NS}}}{t}" for t in ("label", "s"))) if u.get(_XML_ID)]


def html(game: str, layer: str = "diplomatic") -> str:
    """The game's text in ``layer`` as escaped HTML; each unit a ``span.s`` with ``data-sid``.

    Span ids are ``pasyans-<layer>-<sentence id>``; the apparatus follows in ``section.apparatus``,
    one ``div.note`` per note (``data-note``, ``data-type``, ``data-targets``, ``data-options``).
    """
    _check_layer(layer)
    _check_game(game)
    ed = _edition()
    lang = "en" if layer == "english" else "ru"
    out = [f'<article class="pasyans-text" lang="{lang}" data-game="{_esc(game)}" data-layer="{layer}">']
    for el in ed.elements[game][1]:
        name = _local(el)
        if name == "head":
            out.append(f'<h3 class="head">{_unit_span(el.get(_XML_ID), layer, "s head")}</h3>')
        elif name == "p":
            out.append("<p>" + " ".join(_unit_span(u, layer) for u in _block_units(el)) + "</p>")
        elif name == "list":
            out.append('<div class="rules">')
            for item in el.iterfind("t:item", _NS):
                spans = " ".join(_unit_span(u, layer, "s label" if u.endswith(".label") else "s")
                                 for u in _block_units(item))
                out.append(f'<div class="rule" data-n="{_esc(item.get("n"))}">{spans}</div>')
            out.append("</div>")
        elif name == "figure":
            fid = el.get(_XML_ID)
            cap = _unit_span(f"{fid}.head", layer, "s caption") if f"{fid}.head" in ed.units else ""
            desc = " ".join("".join(el.find("t:figDesc", _NS).itertext()).split())
            out.append(f'<figure class="placeholder" data-figure="{_esc(fid)}"><figcaption>{cap}</figcaption>'
                       f'<p class="figdesc">{_esc(desc)}</p></figure>')
        elif name == "note" and el.get("type") == "footnote":
            units = _block_units(el)
            body = " ".join(_unit_span(u, layer) for u in units) or '<span class="gap">[text lost]</span>'
            out.append(f'<aside class="footnote" data-n="{_esc(el.get("n"))}">[{_esc(el.get("n"))}] {body}</aside>')
        elif name == "note" and el.get("type") == "conjecture":
            body = " ".join(_unit_span(u, layer) for u in _block_units(el))
            out.append(f'<aside class="conjecture">[{_esc(_conjecture_label(el))}: {body}]</aside>')
    out.append('<section class="apparatus">')
    for n in notes(game):
        paras = "".join(f"<p>{_esc(p)}</p>" for p in n.text.split("\n\n"))
        out.append(f'<div class="note" id="{_esc("pasyans-note-" + n.id)}" data-note="{_esc(n.id)}" '
                   f'data-type="{_esc(n.type)}" data-targets="{_esc(" ".join(n.targets))}" '
                   f'data-options="{_esc(" ".join(n.options))}">{paras}</div>')
    out.append("</section></article>")
    return "\n".join(out)


def _wholly_supplied(el: etree._Element) -> bool:
    """Whether the editors supplied the whole unit (its text is one ``supplied`` element)."""
    kids = [c for c in el if _local(c)]
    return (len(kids) == 1 and _local(kids[0]) == "supplied" and not (el.text or "").strip()
            and not (kids[0].tail or "").strip())


def _composed(el: etree._Element) -> bool:
    """Whether a ``supplied`` element is lost text the editors composed themselves (no witness cited)."""
    return _local(el) == "supplied" and el.get("reason") == "lost" and not el.get("source")


def _unit_composed(el: etree._Element) -> bool:
    return _wholly_supplied(el) and _composed(next(c for c in el if _local(c)))


def _plain_unit(sid: str, layer: str) -> str:
    """A unit's text; what the editors supplied (the unit or a part of it) stands in ⟨angle brackets⟩."""
    ed = _edition()
    if sid not in ed.units:
        return sentence(sid, layer)
    text = ed.units[sid][layer]
    unit = ed.elements[sid][1]
    if _unit_composed(unit):
        return f"⟦{text}⟧"
    return f"⟨{text}⟩" if _wholly_supplied(unit) else text


def plain(game: str, layer: str = "diplomatic") -> str:
    """The game's text in ``layer`` as plain text: blocks separated by blank lines.

    Text the editors supplied for lost text after a witness stands in ⟨angle brackets⟩, lost text
    they composed themselves (no witness could be read) in ⟦white square brackets⟧; a conjecture
    for a lost footnote follows the footnote, which prints as lost.
    """
    _check_layer(layer)
    _check_game(game)
    ed = _edition()
    blocks = []
    for el in ed.elements[game][1]:
        name = _local(el)
        if name == "head":
            blocks.append(_plain_unit(el.get(_XML_ID), layer))
        elif name == "p":
            blocks.append(" ".join(_plain_unit(u, layer) for u in _block_units(el)))
        elif name == "list":
            blocks.extend(" ".join(_plain_unit(u, layer) for u in _block_units(item))
                          for item in el.iterfind("t:item", _NS))
        elif name == "figure":
            fid = el.get(_XML_ID)
            caption = sentence(fid, layer) if f"{fid}.head" in ed.units else fid
            blocks.append(f"[{caption}: figure not in the e-text]")
        elif name == "note" and el.get("type") == "footnote":
            text = " ".join(_plain_unit(u, layer) for u in _block_units(el)) or "(text lost)"
            blocks.append(f"[{el.get('n')}] {text}")
        elif name == "note" and el.get("type") == "conjecture":
            text = " ".join(_plain_unit(u, layer) for u in _block_units(el))
            blocks.append(f"[{_conjecture_label(el)}: {text}]")
    return "\n\n".join(blocks)


def _conjecture_label(el: etree._Element) -> str:
    """How a conjecture for a lost footnote is introduced, e.g. «the editors' conjecture for footnote 16»."""
    target = _edition().elements.get((el.get("target") or "").removeprefix("#"))
    n = target[1].get("n") if target else "?"
    return f"the editors' conjecture for footnote {n}, not its text"


def _source_key(name: str) -> str:
    stem = Path(name).name.removesuffix(".xml").removesuffix(".txt")
    for key in _SOURCES:
        if stem == key or stem.startswith(key + "_"):
            return key
    raise KeyError(f"unknown source {name!r}: the sources are {', '.join(_SOURCES)}")


def tei(game_or_source: str) -> str:
    """The TEI file (as text) of a source, given its key, file name or one of its games.

    ``tei("glossary")`` gives the glossary's file.
    """
    if game_or_source == "glossary":
        return (_texts_dir() / "glossary.xml").read_text(encoding="utf-8")
    ed = _edition()
    key = ed.games[game_or_source] if game_or_source in ed.games else _source_key(game_or_source)
    return (_texts_dir() / f"{key}.xml").read_text(encoding="utf-8")


def witness_text(source: str) -> str:
    """The received e-text rebuilt from the TEI: readings as received, artefacts, line breaks."""
    tree = _edition().trees[_source_key(source)]
    body = tree.find("t:text/t:body", _NS)
    out: list[str] = []

    def walk(e: etree._Element) -> None:
        if _local(e) == "lb":
            out.append("\n")
        elif e.text and not (e.text.isspace() and "\n" in e.text):
            out.append(e.text)
        for child in e:
            if not _skipped(child, "witness"):
                walk(child)
            if child.tail and not (child.tail.isspace() and "\n" in child.tail):
                out.append(child.tail)

    walk(body)
    return "".join(out)


def witness_file(source: str) -> Path:
    """The received e-text file of a source, as copied into ``texts/witnesses/``."""
    key = _source_key(source)
    return next((_texts_dir() / "witnesses").glob(f"{key}_*.txt"))
