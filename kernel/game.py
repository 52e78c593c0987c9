"""The game base class: state, legality, undo, records; each game module fills in the rules.

A game subclass declares its identity (``id``, titles, ``source``), its ``OPTIONS`` (rule
readings), the extra scalar state it keeps (``VARS``) and implements:

* ``_setup()`` — create every pile (``self._new_pile``) and put the shuffled pack(s) in them;
  the table is then laid out by moves, as the text describes the deal;
* ``_generate()`` — the legal moves of the current position, compulsory ones alone when the
  text makes an action compulsory;
* ``_apply(move)`` — carry out a legal move; a move with steps changes only the piles they
  name (cards, face-down counts), ``turn`` and the ``VARS``;
* ``_won()`` — the text's goal; ``_ended()`` — the text's end condition short of it (optional);
* ``layout()`` — the table, described once for every renderer.

The base class refuses moves that are not legal (the state is unchanged), refuses transfers
that would recreate a position already seen in this game, keeps undo/redo and the record.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter, ne
from typing import Any, ClassVar, NamedTuple, Self

from .cards import CARDS, Card
from .errors import BadDeal, BadOption, IllegalMove, InvalidMove, PasyansError, RecordError, quote
from .layout import Layout
from .move import KINDS, Move, Step
from .rng import Rng

DEAL_MIN = 1
DEAL_MAX = 2**31 - 1
RECORD_FORMAT = "pasyans-record/1"
#: Kinds of move that can undo each other and so could revisit a position.
REVERSIBLE_KINDS = frozenset({"move"})


@dataclass(frozen=True)
class Option:
    """A rule reading: where the text allows two plays, the engine offers both.

    ``cites`` are the sentence ids the reading interprets; ``note`` is the apparatus note id
    that argues for the default; ``doc`` says in one line what each choice means.
    """

    name: str
    choices: tuple[Any, ...]
    default: Any
    cites: tuple[str, ...]
    note: str
    doc: str

    def coerce(self, value: Any) -> Any:
        """The choice ``value`` stands for (accepting its text form); ``BadOption`` otherwise."""
        if value is not None and not isinstance(value, (str, int, float)):
            raise BadOption(f"option {self.name!r} takes one of {', '.join(map(repr, self.choices))}, "
                            f"not {quote(value)}")
        for c in self.choices:
            if value == c and type(value) is type(c):
                return c
        for c in self.choices:
            if isinstance(value, str) and value == str(c).lower() or str(value) == str(c):
                return c
        raise BadOption(f"option {self.name!r} takes one of {', '.join(map(repr, self.choices))}, not {quote(value)}")


class Pile:
    """A pile's cards from bottom to top; the lowest ``down`` of them lie face down."""

    __slots__ = ("cards", "down")

    def __init__(self, cards: Iterable[int] = (), down: int = 0) -> None:
        self.cards: list[int] = list(cards)
        self.down = down

    @property
    def top(self) -> int | None:
        return self.cards[-1] if self.cards else None

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Pile({[CARDS[c].ascii for c in self.cards]}, down={self.down})"


class PileView(NamedTuple):
    """A read-only copy of a pile: its cards bottom to top and how many lie face down."""

    cards: tuple[Card, ...]
    down: int

    def face_up(self, i: int) -> bool:
        """Whether the card at index ``i`` (from the bottom) lies face up."""
        return (i % len(self.cards) if i < 0 else i) >= self.down

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None


class Game:
    """One game in progress. Create it with :func:`pasyans.new_game`."""

    id: ClassVar[str] = ""
    title_ru: ClassVar[str] = ""
    title_en: ClassVar[str] = ""
    source: ClassVar[str] = ""  # witness file name in texts/witnesses/
    packs: ClassVar[int] = 1
    players: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    VARS: ClassVar[tuple[str, ...]] = ()
    RULES_VERSION: ClassVar[int] = 1
    #: Whether every move of the reversible kinds is a plain transfer: the top ``len(steps)``
    #: cards of its one source, in order, onto its one destination, with no face-down count,
    #: ``turn`` or ``VARS`` changed (the repeat filter then reads the key after it from the key
    #: before; ``tests/test_properties.py`` holds a game that says so to it).
    PLAIN_TRANSFERS: ClassVar[bool] = False

    # ---- construction ------------------------------------------------------------------
    def __init__(self, deal: int = 1, /, **options: Any) -> None:
        if isinstance(deal, bool) or not isinstance(deal, int) or not DEAL_MIN <= deal <= DEAL_MAX:
            raise BadDeal(f"deal must be a whole number from {DEAL_MIN} to {DEAL_MAX}, not {quote(deal)}")
        self.deal: int | None = deal
        self.options: dict[str, Any] = self.resolve_options(options)
        self._p: dict[str, Pile] = {}
        self.turn: str | None = self.players[0] if self.players else None
        self.rng = Rng(deal)
        self._setup()
        self._bind()
        self._start()

    @classmethod
    def resolve_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """All options with defaults filled in; ``BadOption`` names valid options and values."""
        known = {o.name: o for o in cls.OPTIONS}
        if not isinstance(given, dict):
            raise BadOption(f"options are a dict of name -> value, not {quote(given)}")
        for name in given:
            if name not in known:
                valid = ", ".join(known) or "none"
                raise BadOption(f"{cls.id} has no option {quote(name)} (its options: {valid})")
        return {o.name: (o.coerce(given[o.name]) if o.name in given else o.default) for o in cls.OPTIONS}

    @classmethod
    def from_position(cls, piles: dict[str, str | Iterable[str]], /, *, turn: str | None = None,
                      options: dict[str, Any] | None = None, **state: Any) -> Game:
        """A game at a constructed position, for tests and teaching.

        ``piles`` maps pile names to cards bottom to top, as text (``"(KS) (2H) 7H 8S"``) or a
        list of tokens; a card in parentheses lies face down (face-down cards come first).
        Unnamed piles are empty. ``state`` sets the game's ``VARS``. A position the rules cannot
        read raises ``PasyansError``; cards are not counted (a test may use a partial pack).
        """
        if not isinstance(piles, dict):
            raise PasyansError(f"piles are a dict of pile name -> cards, not {quote(piles)}")
        if turn is not None and turn not in cls.players:
            players = ", ".join(cls.players) or "none"
            raise PasyansError(f"{cls.id} has no player {quote(turn)} (its players: {players})")
        self = cls.__new__(cls)
        self.deal = None
        self.options = cls.resolve_options(options or {})
        self._p = {}
        self.turn = turn if turn is not None else (cls.players[0] if cls.players else None)
        self.rng = Rng(0)
        self._setup()
        for p in self._p.values():
            p.cards.clear()
            p.down = 0
        for name, spec in piles.items():
            if not isinstance(name, str) or name not in self._p:
                raise PasyansError(f"{cls.id} has no pile {quote(name)} (its piles: {', '.join(self._p)})")
            if not isinstance(spec, (str, list, tuple)) or not all(isinstance(t, str) for t in spec):
                raise PasyansError(f"pile {name!r}: cards are text such as '(KS) 7H', not {quote(spec)}")
            tokens = spec.split() if isinstance(spec, str) else list(spec)
            pile = self._p[name]
            for tok in tokens:
                down = tok.startswith("(") and tok.endswith(")")
                if down and len(pile.cards) != pile.down:
                    raise PasyansError(f"pile {name!r}: face-down cards must come before face-up ones")
                try:
                    c = Card.parse(tok.strip("()"))
                except ValueError as e:
                    raise PasyansError(f"pile {name!r}: {e}") from None
                pile.cards.append(c)
                pile.down += down
        for key, value in state.items():
            if key not in cls.VARS:
                raise PasyansError(f"{cls.id} keeps no state {quote(key)} (it keeps: {', '.join(cls.VARS) or 'none'})")
            setattr(self, key, value)
        self._bind()
        try:
            self._start()
        except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError) as e:
            raise PasyansError(f"{cls.id} cannot be played from this position ({type(e).__name__} in its "
                               "rules: the piles or state are not ones it can reach)") from None
        return self

    def _start(self) -> None:
        self._moves: list[Move] = []
        self._history: list[tuple] = []
        self._redo: list[Move] = []
        self._legal: list[Move] | None = None
        self._pidx = {n: i for i, n in enumerate(self._p)}
        self._vars = _getter(self.VARS)
        self._cur = self._snapshot()
        self._seen: dict[tuple, int] = {}  # counted on first need: see _keys
        self.status = "playing"
        self._update_status()

    def _new_pile(self, name: str, cards: Iterable[int] = (), down: int = 0) -> Pile:
        pile = Pile(cards, down)
        self._p[name] = pile
        return pile

    def _transfer(self, c: int, src: str, dst: str) -> None:
        """Move card ``c``, the top of ``src``, onto ``dst`` (the single-card transfer most
        moves are); the face-down count of ``src`` never exceeds its cards."""
        s = self._p[src]
        s.cards.pop()
        if s.down > len(s.cards):
            s.down = len(s.cards)
        self._p[dst].cards.append(c)

    def _shuffled(self, packs: int | None = None) -> list[int]:
        """``packs`` packs (default: the game's) shuffled by this deal's generator."""
        cards = [c for _ in range(self.packs if packs is None else packs) for c in range(52)]
        self.rng.shuffle(cards)
        return cards

    # ---- what subclasses implement -----------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _bind(self) -> None:
        """Keep quick references to the piles' card lists (called after ``_setup``, in
        ``from_position`` and in ``clone``, whose copies have piles of their own); by default none."""

    def _generate(self) -> list[Move]:
        raise NotImplementedError

    def _apply(self, move: Move) -> None:
        raise NotImplementedError

    def _won(self) -> bool:
        raise NotImplementedError

    def _ended(self) -> bool:
        """The text's end condition short of the goal; by default only 'no move is left'."""
        return False

    def _why_not(self, move: Move) -> str | None:
        """A game's own explanation of why ``move`` is illegal, when it has a better one."""
        return None

    def layout(self) -> Layout:
        raise NotImplementedError

    # ---- state -------------------------------------------------------------------------
    def _snapshot(self) -> tuple:
        piles = self._p.values()
        return (tuple(map(tuple, map(_CARDS_OF, piles))), tuple(map(_DOWN_OF, piles)), self.turn,
                self._vars(self))

    def _restore(self, snap: tuple) -> None:
        cards, downs, turn, vars_ = snap
        for p, cs, d in zip(self._p.values(), cards, downs):
            p.cards[:] = cs
            p.down = d
        self.turn = turn
        for name, value in zip(self.VARS, vars_):
            setattr(self, name, value)

    def key(self) -> tuple:
        """A hashable key of the position (for transposition tables)."""
        return self._cur

    def progress(self) -> int:
        """How many cards lie on the foundations (or are discarded in pairs)."""
        home = _home(type(self))
        return sum(len(p.cards) for n, p in self._p.items() if n in home)

    @property
    def piles(self) -> dict[str, PileView]:
        """Every pile by name, bottom to top, as read-only views."""
        return {n: PileView(tuple(CARDS[c] for c in p.cards), p.down) for n, p in self._p.items()}

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, in order."""
        return list(self._moves)

    def info(self) -> dict[str, Any]:
        """What a status line shows: status, turn, moves, cards left off the foundations."""
        left = 52 * self.packs - self.progress()
        return {"status": self.status, "turn": self.turn, "moves": len(self._moves), "cards_left": left}

    # ---- legality ----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move here, in a deterministic order."""
        legal = self._legal
        return list(self._legal_now() if legal is None else legal)

    def _legal_now(self) -> list[Move]:
        """The legal moves, computed once per position (the list itself: not to be changed)."""
        if self._legal is None:
            if self.status != "playing":
                self._legal = []
            else:
                moves = self._generate()
                if len(moves) == 1 and moves[0].kind not in REVERSIBLE_KINDS:  # most often: the deal
                    self._legal = moves
                else:
                    self._legal = [m for m in moves if m.kind not in REVERSIBLE_KINDS or not self._repeats(m)]
        return self._legal

    def _repeats(self, move: Move) -> bool:
        """Whether a transfer would recreate a position seen in this game (its piles are put
        back from the current key, :meth:`_key_after`; under ``PLAIN_TRANSFERS`` the key after
        it is read from the key before, :meth:`_plain_after`)."""
        seen = self._seen or self._keys()
        if self.PLAIN_TRANSFERS and move.kind in REVERSIBLE_KINDS:
            return self._plain_after(move) in seen
        self._apply(move)
        after = self._key_after(move)
        (cards, downs, self.turn, vars_), p, index = self._cur, self._p, self._pidx
        for _, s, d in move.steps:
            src, dst, i, j = p[s], p[d], index[s], index[d]
            src.cards[:], src.down, dst.cards[:], dst.down = cards[i], downs[i], cards[j], downs[j]
        for name, value in zip(self.VARS, vars_):
            setattr(self, name, value)
        return after in seen

    def _plain_after(self, move: Move) -> tuple:
        """The key after a plain transfer (``PLAIN_TRANSFERS``): the top ``len(steps)`` cards of
        its source, in order, onto its destination, nothing else changed; read from the key
        before without playing it."""
        cur = self._cur
        cards = list(cur[0])
        _, s, d = move.steps[0]
        i, j, n = self._pidx[s], self._pidx[d], len(move.steps)
        src = cards[i]
        cards[i], cards[j] = src[:-n], cards[j] + src[-n:]
        return (tuple(cards), cur[1], cur[2], cur[3])

    def _key_after(self, move: Move) -> tuple:
        """The key of the position now that ``move`` is applied to the position ``self._cur``.

        A move with steps changes only the piles they name (cards and face-down counts),
        ``turn`` and the ``VARS``: only those are read again, the other piles' entries are
        shared with the key before. A move without steps may change anything.
        """
        if not move.steps:
            return self._snapshot()
        cur, p, index = self._cur, self._p, self._pidx
        cards, downs = list(cur[0]), cur[1]
        changed = None  # the face-down counts, copied only when one changed
        for _, s, d in move.steps:
            src, dst, i, j = p[s], p[d], index[s], index[d]
            cards[i], cards[j] = tuple(src.cards), tuple(dst.cards)
            if src.down != downs[i] or dst.down != downs[j]:
                if changed is None:
                    changed = list(downs)
                changed[i], changed[j] = src.down, dst.down
        return (tuple(cards), downs if changed is None else tuple(changed), self.turn, self._vars(self))

    def _keys(self) -> dict[tuple, int]:
        """How often each position of this game (its history and now) occurs.

        Counted on first need, since only reversible transfers ask (:meth:`_repeats`), then kept
        up move by move: a game that never asks never hashes a position.
        """
        seen = self._seen
        if not seen:
            for snap in (*self._history, self._cur):
                seen[snap] = seen.get(snap, 0) + 1
        return seen

    def _find(self, move: Move | str) -> Move:
        """The legal move equal to ``move``; ``InvalidMove`` when it is not a move at all,
        ``IllegalMove`` (with the rules' reason) when it is not legal here."""
        if isinstance(move, str):
            move = Move.parse(move)
        if not isinstance(move, Move):
            raise InvalidMove(f"not a move: {quote(move)}")
        legal = self._legal
        if legal is None:
            legal = self._legal_now()
        for m in legal:  # a move from legal_moves() is found by identity
            if m is move:
                return m
        for m in legal:
            if m == move:
                return m
        move.check()  # a forged Move is refused before its fields are read
        raise IllegalMove(self._explain(move))

    def _explain(self, move: Move) -> str:
        if self.status != "playing":
            return f"the game is over ({self.status})"
        for c, s, d in move.steps:
            for name in (s, d):
                if name not in self._p:
                    return f"there is no pile {quote(name)} in {self.title_en} (piles: {', '.join(self._p)})"
            if c not in self._p[s].cards:
                return f"there is no {CARDS[c]} in {self.pile_label(s)}"
        own = self._why_not(move)
        if own:
            return own
        legal = self.legal_moves()
        if legal and all(m.forced for m in legal):
            return f"a compulsory action comes first: {self.describe(legal[0])}"
        if move.kind in REVERSIBLE_KINDS and move in self._generate():
            return "it would recreate a position already seen in this game, which can never help"
        return f"{self.describe(move)} is not allowed here"

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a :class:`Move` or its notation) is legal here; never raises."""
        try:
            self._find(move)
        except (IllegalMove, InvalidMove):
            return False
        return True

    # ---- playing -----------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play a legal move (a :class:`Move` or its notation); raise ``InvalidMove`` for what is
        not a move at all, ``IllegalMove`` for a move the rules refuse here."""
        m = self._find(move)
        redo = self._redo
        self._push(m)
        if redo and redo[-1] == m:
            redo.pop()
            self._redo = redo
        return m

    def _push(self, m: Move) -> None:
        before = self._cur
        try:
            self._apply(m)
            after = self._key_after(m)
        except Exception:
            self._restore(before)
            raise
        seen = self._seen
        if seen:
            seen[after] = seen.get(after, 0) + 1
        self._history.append(before)
        self._moves.append(m)
        if self._redo:
            self._redo = []
        self._cur = after
        self._legal = None
        self._update_status()

    def _was_seen(self, snap: tuple) -> bool:
        """Whether the position of the snapshot ``snap`` was seen in this game."""
        return snap in self._keys()

    def _update_status(self) -> None:
        if self._won():
            self.status = "won"
        elif self._ended():
            self.status = "lost"
        else:
            self.status = "playing"
            if not self._legal_now():
                self.status = "lost"
        if self.status != "playing":
            self._legal = []

    def advance(self, limit: int = 100_000) -> int:
        """Play moves while exactly one is legal (compulsory actions, the deal); return how many."""
        n = 0
        while self.status == "playing" and n < limit:
            legal = self._legal_now()
            if len(legal) != 1:
                break
            self._push(legal[0])
            n += 1
        return n

    def undo(self) -> Move:
        """Take back the last move; raise ``IllegalMove`` when there is none."""
        if not self._moves:
            raise IllegalMove("there is no move to undo")
        now = self._cur
        seen = self._seen
        back = self._history.pop()
        if seen:
            count = seen[now] - 1
            if count:
                seen[now] = count
            else:
                del seen[now]
        m = self._moves.pop()
        self._cur = back
        if type(self)._restore is Game._restore:  # put back only the piles that changed
            piles = list(self._p.values())
            cards, downs = back[0], back[1]
            changed = set(compress(range(len(cards)), map(ne, cards, now[0])))
            if downs != now[1]:
                changed.update(compress(range(len(downs)), map(ne, downs, now[1])))
            for i in changed:
                piles[i].cards[:] = cards[i]
                piles[i].down = downs[i]
            self.turn = back[2]
            for name, value in zip(self.VARS, back[3]):
                setattr(self, name, value)
        else:
            self._restore(back)
        redo = self._redo
        redo.append(m)
        self._legal = None
        self._update_status()
        self._redo = redo
        return m

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def next_redo(self) -> Move | None:
        """The move :meth:`redo` would play again, if any."""
        return self._redo[-1] if self._redo else None

    def redo(self) -> Move:
        """Play again the last move taken back; raise ``IllegalMove`` when there is none."""
        if not self._redo:
            raise IllegalMove("there is no move to redo")
        m = self._redo[-1]
        redo = self._redo[:-1]
        self._push(self._find(m))
        self._redo = redo
        return m

    def restart(self) -> None:
        """Back to the start of the game (undo everything; redo can replay it)."""
        while self._moves:
            self.undo()

    def clone(self) -> Self:
        """An independent copy with the same position, history and options."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other._p = {n: Pile(p.cards, p.down) for n, p in self._p.items()}
        other.options = dict(self.options)
        other.rng = Rng(0)
        other.rng.state = self.rng.state
        other._moves = list(self._moves)
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._seen = dict(self._seen)
        other._legal = None if self._legal is None else list(self._legal)
        other._bind()
        return other

    # ---- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data: game, deal, options, rules version and moves."""
        if self.deal is None:
            raise PasyansError("a game built from a constructed position has no deal to record")
        return {"format": RECORD_FORMAT, "game": self.id, "rules": self.RULES_VERSION, "deal": self.deal,
                "options": dict(self.options), "moves": [m.notation for m in self._moves]}

    # ---- reading -----------------------------------------------------------------------
    @classmethod
    def pile_label(cls, pile: str, lang: str = "en") -> str:
        """What the text calls a pile (from the layout's labels)."""
        labels = _labels(cls)
        en, ru = labels.get(pile, (pile, pile))
        return ru if lang == "ru" else en

    def describe(self, move: Move, lang: str = "en") -> str:
        """A sentence for readers naming the piles as the text does, e.g. ``7♥ from the braid
        to foundation 3`` (``lang`` "en" or "ru"); ``InvalidMove`` for a malformed ``Move``."""
        if not isinstance(move, Move):
            raise InvalidMove(f"not a move: {quote(move)}")
        move.check()
        ru = lang == "ru"
        verb_en, verb_ru = KINDS.get(move.kind, (move.kind, move.kind))
        parts = []
        for c, s, d in move.steps:
            src, dst = self.pile_label(s, lang), self.pile_label(d, lang)
            parts.append(f"{CARDS[c]}: {src} → {dst}" if ru else f"{CARDS[c]} from {src} to {dst}")
        body = ("; " if ru else ", ").join(parts)
        words = [w for w in (verb_ru if ru else verb_en, move.arg_text(lang)) if w]
        if body:
            return (" ".join(words) + (": " if ru and words else " " if words else "") + body).strip()
        return " ".join(words) or move.kind

    def text(self, lang: str = "en") -> str:
        """The table as text: each pile, face-down cards as ``##`` (labels in ``lang``)."""
        ru = lang == "ru"
        status = {"playing": "идёт", "won": "сошёлся", "lost": "не сошёлся"}.get(self.status, self.status)
        if ru:
            lines = [f"{self.title_ru}, расклад {self.deal}, {status}" + (f", ход: {self.turn}" if self.turn else "")]
        else:
            lines = [f"{self.title_ru} ({self.title_en}), deal {self.deal}, {self.status}"
                     + (f", {self.turn} to play" if self.turn else "")]
        for spot in self.layout().spots:
            p = self._p[spot.pile]
            cards = " ".join("##" if i < p.down else str(CARDS[c]) for i, c in enumerate(p.cards))
            lines.append(f"{spot.label_ru if ru else spot.label_en:>22}: {cards}")
        return "\n".join(lines)

    def __str__(self) -> str:
        """The table as text, in English (:meth:`text` for Russian)."""
        return self.text("en")

    def _repr_svg_(self) -> str:
        """The table as it lies now, drawn as SVG: what a bare ``game`` shows in Jupyter."""
        from .svg import svg

        return svg(self)

    def _repr_html_(self) -> str:
        """The same picture as an ``<img>`` with its text alternative (Jupyter prefers it to the SVG,
        which JupyterLab and nbconvert would draw with no ``alt``)."""
        from .svg import svg_html

        return svg_html(self)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return (f"<{type(self).__name__} {self.id} deal={self.deal}{', ' + opts if opts else ''} "
                f"moves={len(self._moves)} {self.status}>")


_MADE: dict[tuple, Move] = {}


def made_once(kind: str, steps: tuple[Step, ...] = (), arg: str = "", cites: tuple[str, ...] = (),
              notes: tuple[str, ...] = (), forced: bool = False) -> Move:
    """``Move(...)`` with these fields, made once and shared: moves are immutable, and making them
    is much of a move generator's cost (the fields are tuples of ids and flags, so equal fields
    make one move)."""
    key = (kind, steps, arg, cites, notes, forced)
    m = _MADE.get(key)
    if m is None:
        m = _MADE[key] = Move(kind, steps, arg, cites, notes, forced)
    return m


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """A function of an object giving its attributes ``names`` as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    get = attrgetter(*names) if names else None
    return (lambda o: (get(o),)) if get else (lambda o: ())


_CARDS_OF = attrgetter("cards")
_DOWN_OF = attrgetter("down")


_LABELS: dict[type, dict[str, tuple[str, str]]] = {}
_HOME: dict[type, frozenset[str]] = {}


def _home(cls: type[Game]) -> frozenset[str]:
    """The piles where cards end (foundations, discards), read once from a default layout."""
    if cls not in _HOME:
        _HOME[cls] = frozenset(s.pile for s in cls().layout().spots if s.role in ("foundation", "discard"))
    return _HOME[cls]


def _labels(cls: type[Game]) -> dict[str, tuple[str, str]]:
    """Pile labels of a game class, read once from its layouts under every reading."""
    if cls not in _LABELS:
        readings: list[dict[str, Any]] = [{}] + [{o.name: c} for o in cls.OPTIONS for c in o.choices if c != o.default]
        labels: dict[str, tuple[str, str]] = {}
        for opts in readings:
            for s in cls(1, **opts).layout().spots:
                labels.setdefault(s.pile, (s.label_en, s.label_ru))
        _LABELS[cls] = labels
    return _LABELS[cls]


_DEALS = re.compile(r"([0-9]{1,12})(?:-([0-9]{1,12}))?", re.ASCII)


def parse_deals(text: str) -> range:
    """``"7"`` or ``"1-1000"`` as a range of deal numbers; ``BadDeal`` otherwise."""
    m = _DEALS.fullmatch(text.strip()) if isinstance(text, str) else None
    if not m:
        raise BadDeal(f"deals must be N or N-M in digits 0-9, not {quote(text)}")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if not DEAL_MIN <= lo <= hi <= DEAL_MAX:
        raise BadDeal(f"deals must lie from {DEAL_MIN} to {DEAL_MAX}, first not above last, not {quote(text)}")
    return range(lo, hi + 1)


def check_record(record: Any) -> None:
    """Raise ``RecordError`` for a record that is not even shaped like one."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with game, deal, options, rules and moves")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"record format {quote(record.get('format'))} is not {RECORD_FORMAT!r}")
    for key, kind in (("game", str), ("deal", int), ("rules", int), ("options", dict), ("moves", list)):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
        if not isinstance(record[key], kind) or isinstance(record[key], bool):
            raise RecordError(f"the record's {key!r} must be a {kind.__name__}, not {quote(record[key])}")
