"""Moves: what happens on the table, in a stable ASCII notation.

Notation: ``kind[:arg][ step,step,...]`` with each step ``CARD@from>to``, e.g.
``move 7H@braid>foundation.3``, ``deal JS@stock>braid``, ``redeal``, ``choose:D``,
``pair 2S@navy.3>admiral.1,QH@army.5>general.2``. Pile names are the game's own.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import CARDS, Card

Step = tuple[int, str, str]
_NAME = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")
_KIND = re.compile(r"^[a-z][a-z_]*$")

#: How each kind of move reads: kind -> (English verb, Russian noun).
KINDS: dict[str, tuple[str, str]] = {
    "move": ("", ""),
    "deal": ("deal", "раздача"),
    "lay": ("lay out", "раскладка"),
    "turn": ("turn", "открыть"),
    "fill": ("fill", "заполнить"),
    "found": ("play up", "на основание"),
    "pair": ("pair", "пара"),
    "discard": ("discard", "отбросить"),
    "redeal": ("gather the cards and deal again", "собрать карты и разложить снова"),
    "choose": ("choose", "выбрать"),
    "pass": ("pass", "пас"),
    "build": ("build", "на пачку"),
}


@dataclass(frozen=True, slots=True)
class Move:
    """One action. Equality is by ``kind``, ``arg`` and ``steps``; the rest is commentary.

    ``cites`` are the source sentence ids that license the move, ``notes`` the apparatus note
    ids of the rule readings it depends on, ``forced`` marks a compulsory action.
    """

    kind: str
    steps: tuple[Step, ...] = ()
    arg: str = ""
    cites: tuple[str, ...] = field(default=(), compare=False)
    notes: tuple[str, ...] = field(default=(), compare=False)
    forced: bool = field(default=False, compare=False)
    game: str = field(default="", compare=False, repr=False)

    @property
    def notation(self) -> str:
        """The stable ASCII form used in records."""
        head = self.kind + (f":{self.arg}" if self.arg else "")
        if not self.steps:
            return head
        return head + " " + ",".join(f"{CARDS[c].ascii}@{s}>{d}" for c, s, d in self.steps)

    @property
    def card(self) -> Card | None:
        """The (first) card moved, if any."""
        return CARDS[self.steps[0][0]] if self.steps else None

    @property
    def src(self) -> str | None:
        return self.steps[0][1] if self.steps else None

    @property
    def dst(self) -> str | None:
        return self.steps[0][2] if self.steps else None

    @staticmethod
    def parse(text: str) -> "Move":
        """Read the notation; raise ``ValueError`` naming what is wrong."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"not a move: {text!r}")
        head, _, rest = text.strip().partition(" ")
        kind, _, arg = head.partition(":")
        if not _KIND.match(kind):
            raise ValueError(f"not a move: {text!r} (it must start with a kind such as 'move' or 'deal')")
        steps: list[Step] = []
        for part in filter(None, (p.strip() for p in rest.split(","))):
            m = re.fullmatch(r"(\S+)@(\S+)>(\S+)", part)
            if not m:
                raise ValueError(f"not a step: {part!r} (write CARD@from>to, e.g. 7H@braid>foundation.3)")
            c, s, d = m.groups()
            for name in (s, d):
                if not _NAME.match(name):
                    raise ValueError(f"not a pile name: {name!r} in {text!r}")
            steps.append((Card.parse(c), s, d))
        return Move(kind, tuple(steps), arg)

    def describe(self, lang: str = "en") -> str:
        """A sentence for readers, e.g. ``7♥ from the braid to foundation 3``."""
        from .registry import GAMES  # late: the registry imports the games, which import this

        game = GAMES.get(self.game)
        label = (lambda p: game.pile_label(p, lang)) if game else (lambda p: p)
        verb_en, verb_ru = KINDS.get(self.kind, (self.kind, self.kind))
        parts = []
        for c, s, d in self.steps:
            if lang == "ru":
                parts.append(f"{CARDS[c]}: {label(s)} → {label(d)}")
            else:
                parts.append(f"{CARDS[c]} from {label(s)} to {label(d)}")
        body = (", " if lang != "ru" else "; ").join(parts)
        verb = verb_ru if lang == "ru" else verb_en
        arg = self.arg_text(lang)
        words = [w for w in (verb, arg) if w]
        if body:
            return (" ".join(words) + (": " if lang == "ru" and words else " " if words else "") + body).strip()
        return " ".join(words) or self.kind

    def arg_text(self, lang: str) -> str:
        """The argument as a reader should see it (a suit letter becomes its symbol)."""
        if len(self.arg) == 1 and self.arg in "SHDC":
            i = "SHDC".index(self.arg)
            return "♠♥♦♣"[i] + (" " + ("spades", "hearts", "diamonds", "clubs")[i] if lang != "ru" else "")
        return self.arg

    def __str__(self) -> str:
        return self.describe("en")

    def __repr__(self) -> str:
        return f"Move({self.notation!r})"
