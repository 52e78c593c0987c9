"""What the notebooks show besides the table: the text in its layers, the apparatus, the rule
readings with their win rates, the authors' claims and how to cite — all read from the edition
and the engine, never copied into a notebook. Every function returns an object that displays as
HTML (or a picture) in Jupyter and as readable text elsewhere, so stored outputs compare.
"""
from __future__ import annotations

import html
import io
from dataclasses import dataclass
from typing import Any

from .. import claims as _claims
from .. import stats as _stats
from .. import texts as _texts
from ..errors import BadOption, quote
from ..registry import game_class
from ..svg import img_html
from .render import ALT

LAYERS = (("diplomatic", "Diplomatic (the witness's spelling)"), ("modern", "Modern spelling"),
          ("english", "English translation"))


@dataclass(frozen=True)
class Shown:
    """Rich output: ``html`` for Jupyter, ``text`` for every other viewer and for nbval."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def text(game: str, open_layer: str = "modern") -> Shown:
    """The chapter in all three layers, one open, the others a click away; notes under each."""
    game_class(game)
    parts = []
    for layer, title in LAYERS:
        opened = " open" if layer == open_layer else ""
        parts.append(f"<details class='pasyans-layer'{opened}><summary>{html.escape(title)}</summary>"
                     f"{_texts.html(game, layer)}</details>")
    body = "".join(parts) + apparatus(game).html
    first = _texts.plain(game, open_layer).strip().splitlines()
    summary = f"{game}: {len(_texts.sentences(game))} sentences in 3 layers; first: {first[0][:70] if first else ''}"
    return Shown(f"<div class='pasyans-chapter'>{body}</div>", summary)


def apparatus(game: str) -> Shown:
    """The apparatus notes of a game: id, type, the sentences they concern, the option they name."""
    notes = _texts.notes(game)
    rows = []
    for n in notes:
        opts = ", ".join(n.options)
        rows.append(f"<li id='note-{html.escape(n.id)}'><b>{html.escape(n.id)}</b> "
                    f"<i>({html.escape(n.type)}{'; option ' + html.escape(opts) if opts else ''})</i> "
                    f"on {html.escape(', '.join(n.targets))}: {html.escape(n.text)}</li>")
    body = (f"<details class='pasyans-apparatus'><summary>Apparatus: {len(notes)} notes</summary>"
            f"<ol>{''.join(rows)}</ol></details>")
    return Shown(body, f"{game}: {len(notes)} apparatus notes")


def readings(game: str) -> Shown:
    """The rule readings: each option, its choices, the edition's default, the sentences and note."""
    cls = game_class(game)
    rows, lines = [], []
    for o in cls.OPTIONS:
        choices = ", ".join(f"<b>{html.escape(str(c))}</b>" if c == o.default else html.escape(str(c))
                            for c in o.choices)
        rows.append(f"<tr><td><code>{html.escape(o.name)}</code></td><td>{choices}</td>"
                    f"<td>{html.escape(o.doc)}</td><td>{html.escape(', '.join(o.cites))}</td>"
                    f"<td>{html.escape(o.note)}</td></tr>")
        lines.append(f"{o.name}: {' | '.join(map(str, o.choices))} (default {o.default}); "
                     f"cites {', '.join(o.cites)}; note {o.note}")
    table = ("<table class='pasyans-readings'><tr><th>option</th><th>choices (default in bold)</th>"
             "<th>what they mean</th><th>sentences</th><th>note</th></tr>" + "".join(rows) + "</table>")
    return Shown(table, "\n".join(lines) or f"{game} has no rule readings")


def _label(options: dict[str, Any], defaults: dict[str, Any], default: str = "default") -> str:
    changed = {k: v for k, v in options.items() if defaults.get(k) != v}
    return ", ".join(f"{k}={v}" for k, v in changed.items()) or default


def win_rates(game: str, lang: str = "en") -> WinRates:
    """The committed win rates under each reading, as a plot with the figures printed; its words
    (title, labels, text and alt text) in ``lang``, "en" or "ru"."""
    return WinRates(game, lang)


#: The chart's words by language: a player's name, a part of the bar, the other labels.
CHART_WORDS: dict[str, dict[str, str]] = {
    "en": {"thoughtful": "thoughtful", "blind": "blind", "won": "won", "unknown": "unknown", "lost": "lost",
           "rate": "rate", "default": "default", "blind player": "blind player",
           "title": "{title}: deals won under each reading",
           "head": "{game}: deals won, unknown and lost, and the true win rate's 95% bounds, by reading "
                   "(rules {rules})",
           "axis": "share of deals: won, unknown, lost; whiskers: the true win rate's 95% bounds"},
    "ru": {"thoughtful": "вдумчивый", "blind": "слепой", "won": "выиграно", "unknown": "не решено",
           "lost": "проиграно", "rate": "доля выигрышей", "default": "по умолчанию", "blind player": "слепой игрок",
           "title": "{title}: сколько раскладов выходит при каждом прочтении",
           "head": "{game}: расклады выигранные, не решённые и проигранные и 95-процентные границы истинной доли "
                   "выигрышей, по прочтениям (правила {rules})",
           "axis": "доля раскладов; усы: 95-процентные границы истинной доли выигрышей"},
}


class WinRates:
    """Each reading's deals won, lost and unknown for the thoughtful and the blind player (stacked
    bars), with the 95% bounds of the true win rate (:func:`pasyans.stats.bounds`: an unknown deal
    may be won or lost), and the same figures as text, in English or Russian (``lang``)."""

    PLAYERS = ("thoughtful", "blind")
    PARTS = (("won", "#2a6f4e"), ("unknown", "#c9c3b6"), ("lost", "#b5533c"))

    def __init__(self, game: str, lang: str = "en") -> None:
        if lang not in CHART_WORDS:
            raise BadOption(f"lang must be 'en' or 'ru', not {quote(lang)}")
        cls = game_class(game)
        self.game = game
        self.lang = lang
        self.words = CHART_WORDS[lang]
        self.title = self.words["title"].format(title=cls.title_ru if lang == "ru" else cls.title_en)
        self.table = _stats.committed(game)
        defaults = cls.resolve_options({})
        #: (reading label, n, {player: ({part: share}, (low, high))})
        self.rows = [(_label(run["options"], defaults, self.words["default"]), run["thoughtful"]["n"],
                      {p: ({part: run[p][part]["share"] for part, _ in self.PARTS}, _stats.bounds(run[p]))
                       for p in self.PLAYERS})
                     for run in self.table["runs"]]

    def __repr__(self) -> str:
        w = self.words
        lines = [w["head"].format(game=self.game, rules=self.table["rules"])]
        for label, n, players in self.rows:
            parts = []
            for p in self.PLAYERS:
                shares, (lo, hi) = players[p]
                unknown = f" {w['unknown']} {shares['unknown']:5.1%}" if p == "thoughtful" or shares["unknown"] else ""
                parts.append(f"{w[p]} {w['won']} {shares['won']:6.1%}{unknown} {w['lost']} {shares['lost']:6.1%} "
                             f"{w['rate']} {lo:.1%}–{hi:.1%}")
            lines.append(f"  {label:28} n={n:<5} " + " | ".join(parts))
        return "\n".join(lines)

    def png(self) -> bytes:
        """The chart as PNG bytes."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        w = self.words
        labels = [r[0] for r in self.rows]
        fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.6 * len(labels)), dpi=100)
        for off, player in ((-0.19, self.PLAYERS[0]), (0.19, self.PLAYERS[1])):
            ys = [y + off for y in range(len(labels))]
            left = [0.0] * len(labels)
            for part, colour in self.PARTS:
                widths = [r[2][player][0][part] for r in self.rows]
                ax.barh(ys, widths, left=left, height=0.34, color=colour, edgecolor="white", linewidth=0.5,
                        hatch="//" if player == "blind" else None,
                        label=w[part] if player == "thoughtful" else None)
                left = [a + b for a, b in zip(left, widths)]
            lows = [r[2][player][1][0] for r in self.rows]
            highs = [r[2][player][1][1] for r in self.rows]
            ax.errorbar([(lo + hi) / 2 for lo, hi in zip(lows, highs)], ys,
                        xerr=[[(hi - lo) / 2 for lo, hi in zip(lows, highs)]] * 2, fmt="none", ecolor="black",
                        capsize=3, linewidth=1)
        ax.set_yticks([y + off for y in range(len(labels)) for off in (-0.19, 0.19)],
                      [f"{label} · {w[who]}" for label in labels for who in self.PLAYERS], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel(w["axis"])
        ax.set_title(self.title, pad=20)
        from matplotlib.patches import Patch

        handles = ax.get_legend_handles_labels()[0] + [Patch(facecolor="white", edgecolor="grey", hatch="//",
                                                             label=w["blind player"])]
        ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), fontsize=8, ncols=4, frameon=False)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        plt.close(fig)
        return buf.getvalue()

    def alt(self) -> str:
        """The chart's text alternative: its title and every reading's figures."""
        return f"{self.title}. {' '.join(repr(self).split())}"

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, Any]:
        png = self.png()
        return {"image/png": png, "text/html": img_html(png, self.alt()), "text/plain": repr(self)}


def claims(game: str) -> Shown:
    """The authors' claims about ``game``, with the verdict of the statistics."""
    rows, lines = [], []
    for c in _claims.CLAIMS:
        if c.game != game:
            continue
        verdict, figures = c.verdict()
        rows.append(f"<li><b>{html.escape(c.sentence)}</b> «{html.escape(c.quote)}» — {html.escape(c.reading)} "
                    f"<b>Verdict: {html.escape(verdict)}</b> ({html.escape(figures)})</li>")
        lines.append(f"{c.sentence}: {verdict} — {figures}")
    if not rows:
        return Shown("<p>The text makes no claim about how often this game comes out.</p>",
                     f"{game}: no claim in the text")
    return Shown(f"<ul class='pasyans-claims'>{''.join(rows)}</ul>", "\n".join(lines))


def cite(game: str) -> Shown:
    """How to cite the chapter, and where its TEI file is."""
    source = _texts.source_of(game)
    line = _texts.cite(game)
    tei = f"../texts/{source}.xml"
    return Shown(f"<p><b>How to cite:</b> {html.escape(line)}<br><b>TEI:</b> "
                 f"<a href='{tei}'>{html.escape(tei)}</a> (the edition's download; "
                 f"<code>pasyans text {html.escape(game)} --tei</code> prints it)</p>", f"{line}\nTEI: {tei}")


class Picture:
    """A picture for a notebook: a compact PNG (256 colours) and a plain description as text; its
    ``alt`` is the description, then what the picture shows when it says so (the renderer's
    pictures carry it: :data:`~pasyans.widgets.render.ALT`)."""

    def __init__(self, image: Any, description: str) -> None:
        self.image = image
        self.description = description
        shows = getattr(image, "info", {}).get(ALT, "")
        self.alt = f"{description.rstrip('.')}. {shows}" if shows else description

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.image.convert("RGB").quantize(256).save(buf, format="PNG", optimize=True)
        return buf.getvalue()

    def _repr_mimebundle_(self, include=None, exclude=None) -> tuple[dict[str, Any], dict[str, Any]]:
        png = self.png()
        return ({"image/png": png, "text/html": img_html(png, self.alt), "text/plain": repr(self)},
                {"image/png": {"alt": self.alt}})

    def __repr__(self) -> str:
        return f"{self.description} ({self.image.width}×{self.image.height} picture)"


def picture(image: Any, description: str) -> Picture:
    """Show a PIL image compactly, with ``description`` as its text and alt text."""
    return Picture(image, description)
