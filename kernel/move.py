"""Moves: what happens on the table, in a stable ASCII notation.

Notation: ``kind[:arg][ step,step,...]`` with each step ``CARD@from>to``, e.g.
``move 7H@braid>foundation.3``, ``deal JS@stock>braid``, ``redeal``, ``choose:D``,
``pair 2S@navy.3>admiral.1,QH@army.5>general.2``. Pile names are the game's own. A card is
rank ``A23456789TJQK`` (``T`` is the ten) and suit ``SHDC``.

A :class:`Move` knows nothing of the game it belongs to: a game reads it for people with
``game.describe(move, lang)`` (as python-chess's ``board.san(move)``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import CARDS, Card
from .errors import InvalidMove, quote

Step = tuple[int, str, str]
#: The longest notation :meth:`Move.parse` reads (the longest real move is far shorter).
MAX_NOTATION = 1000
_NAME = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*")
_KIND = re.compile(r"[a-z][a-z_]*")
_ARG = re.compile(r"[A-Za-z0-9_]*")
# Each field excludes the separators, so a match is found or refused in one linear scan.
_STEP = re.compile(r"([^\s@>,]+)@([^\s@>,]+)>([^\s@>,]+)")

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

    def check(self) -> None:
        """Raise ``InvalidMove`` unless every field has the shape a move has (a ``Move`` built by
        hand may hold anything; the games build only well-formed ones)."""
        if type(self.kind) is not str or not _KIND.fullmatch(self.kind):
            raise InvalidMove(f"a move's kind is a lower-case word such as 'move', not {quote(self.kind)}")
        if type(self.arg) is not str or not _ARG.fullmatch(self.arg):
            raise InvalidMove(f"a move's arg is a short word of letters and digits, not {quote(self.arg)}")
        if type(self.steps) is not tuple:
            raise InvalidMove(f"a move's steps are a tuple of (card, from, to), not {quote(self.steps)}")
        for step in self.steps:
            if type(step) is not tuple or len(step) != 3:
                raise InvalidMove(f"a step is a tuple (card, from, to), not {quote(step)}")
            c, s, d = step
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
                raise InvalidMove(f"a step's card is a Card (0 to 51), not {quote(c)}")
            for name in (s, d):
                if type(name) is not str or not _NAME.fullmatch(name):
                    raise InvalidMove(f"a step's pile is a pile name such as 'foundation.3', not {quote(name)}")
        if len(self.notation) > MAX_NOTATION:
            raise InvalidMove(f"a move is at most {MAX_NOTATION} characters long")

    @staticmethod
    def parse(text: str) -> Move:
        """Read the notation; raise ``InvalidMove`` naming what is wrong. Linear in the length
        of ``text``, and text longer than ``MAX_NOTATION`` is refused unread."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidMove(f"not a move: {quote(text)}")
        if len(text) > MAX_NOTATION:
            raise InvalidMove(f"not a move: {quote(text)} ({len(text)} characters; a move is at most "
                              f"{MAX_NOTATION})")
        head, _, rest = text.strip().partition(" ")
        kind, _, arg = head.partition(":")
        if not _KIND.fullmatch(kind) or not _ARG.fullmatch(arg):
            raise InvalidMove(f"not a move: {quote(text)} (it must start with a kind such as 'move' or 'deal')")
        steps: list[Step] = []
        for part in filter(None, (p.strip() for p in rest.split(","))):
            m = _STEP.fullmatch(part)
            if not m:
                raise InvalidMove(f"not a step: {quote(part)} (write CARD@from>to, e.g. 7H@braid>foundation.3)")
            c, s, d = m.groups()
            for name in (s, d):
                if not _NAME.fullmatch(name):
                    raise InvalidMove(f"not a pile name: {quote(name)} in {quote(text)}")
            try:
                steps.append((Card.parse(c), s, d))
            except ValueError as e:
                raise InvalidMove(str(e)) from None
        return Move(kind, tuple(steps), arg)

    def arg_text(self, lang: str) -> str:
        """The argument as a reader should see it (a suit letter becomes its symbol)."""
        if len(self.arg) == 1 and self.arg in "SHDC":
            i = "SHDC".index(self.arg)
            return "♠♥♦♣"[i] + (" " + ("spades", "hearts", "diamonds", "clubs")[i] if lang != "ru" else "")
        return self.arg

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        try:
            self.check()
        except InvalidMove:
            return (f"Move({quote(self.kind)}, {quote(self.steps)}, {quote(self.arg)})")
        return f"Move.parse({self.notation!r})"
