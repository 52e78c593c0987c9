"""Идет не идет (Goes, Doesn't Go), after «Глава XLIV», seed 004.

One pack. Aces are the foundations and go up as they are turned (go_no_go.p1.s1); the pack is
laid in rows of seven, each row on the one before, fanned so that the lengthwise rows
(columns) stay legible (go_no_go.p1.s2). Of the first row every card that fits goes up in suit;
from the second row on only the two end cards at each side «идут», the middle three «не идут»
even when they fit (go_no_go.p1.s3). When the pack is laid out the player transfers cards in
suit, higher or lower, between the end cards of the columns (go_no_go.p1.s5), trying to
clear a column, whose place is at once refilled with an end card of the player's choice
(go_no_go.p1.s4). Then the seven columns are gathered, the seventh on the sixth … on the first,
«чтобы первый продольный ряд и первая карта опять были бы первыми» (go_no_go.p1.s6), and laid
out once more, the last time (go_no_go.p1.s7).

Readings: whether a transfer needs the next rank or only the suit (``transfers``: «по мастям и
старшие и младшие», note go_no_go.n.transfers; the suit alone, which makes the author's claim that
a lost game is mostly the player's fault true), whether a going card that fits must go up at once
during the laying (``deal_plays``, note go_no_go.n.deal_plays), and which card of the gathered
pack is laid first (``gather``, note go_no_go.n.gather). In the last laying the player may declare
the layout finished (a ``pass``, note go_no_go.n.last_laying). The difficulties of go_no_go.p1.s3
(a clause written twice, corrected; «включая» where the sense needs «исключая», kept and read in
that sense: every card of the first row goes) are argued in go_no_go.n.repeat and go_no_go.n.including.
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_PLAYS = "go_no_go.n.deal_plays"
NOTE_GATHER = "go_no_go.n.gather"
NOTE_REPEAT = "go_no_go.n.repeat"
NOTE_INCL = "go_no_go.n.including"
NOTE_ACES = "go_no_go.n.aces"
NOTE_ENDS = "go_no_go.n.ends"
NOTE_LAST = "go_no_go.n.last_laying"
NOTE_TRANSFERS = "go_no_go.n.transfers"

COLS = 7
#: Columns (0-based) whose cards «идут» from the second row on: two at each end.
GOING = (True, True, False, False, False, True, True)
FOUND = tuple(f"foundation.{i}" for i in range(1, 5))
COLUMN = tuple(f"column.{i}" for i in range(1, COLS + 1))


#: The deal moves by card, column and whether forced, folded into one number (a number is looked
#: up faster than a move's fields).
_DEALS: dict[int, Move] = {}


class GoNoGo(Game):
    id = "go_no_go"
    title_ru = "Идет не идет"
    title_en = "Goes, Doesn't Go"
    source = "004_c3eccc830ebc789a.txt"
    packs = 1
    PLAIN_TRANSFERS = True
    VARS = ("laying", "dealt", "closed")
    OPTIONS = (
        Option("deal_plays", ("must", "may"), "must", ("go_no_go.p1.s2", "go_no_go.p1.s3"), NOTE_PLAYS,
               "must: while the pack is laid out, a card in a going place that fits a foundation goes "
               "up at once; may: the player may leave it and lay on"),
        Option("transfers", ("suit", "sequence"), "suit", ("go_no_go.p1.s5",), NOTE_TRANSFERS,
               "suit: an end card goes on any end card of its suit, higher or lower; sequence: only on "
               "one a rank higher or lower"),
        Option("gather", ("first_first", "last_first"), "first_first", ("go_no_go.p1.s6",), NOTE_GATHER,
               "first_first: the gathered pack is laid again from the first card of the first column "
               "(column 1 from its first card, then column 2 …); last_first: from the exposed card "
               "of the seventh column backwards"),
    )

    laying: int
    dealt: int
    closed: bool

    def _setup(self) -> None:
        self.laying = 1
        self.dealt = 0
        self.closed = False
        self._new_pile("stock", self._shuffled(), down=52)
        for name in FOUND:
            self._new_pile(name)
        for name in COLUMN:
            self._new_pile(name)

    def _bind(self) -> None:
        p = self._p
        self._stock = p["stock"]
        self._found = [p[n] for n in FOUND]
        self._fcards = [f.cards for f in self._found]
        self._cols = [p[n] for n in COLUMN]

    # ---- rules -------------------------------------------------------------------------
    def _wanted(self) -> dict[int, int]:
        """Card -> the index of the starting place it goes on now (an ace: the first empty one)."""
        want: dict[int, int] = {}
        free = -1
        for i, cs in enumerate(self._fcards):
            if cs:
                if RANK[cs[-1]] < 13:
                    want[cs[-1] + 1] = i
            elif free < 0:
                free = i
        if free >= 0:
            want.update(dict.fromkeys((0, 13, 26, 39), free))  # no card below an ace: no key clashes
        return want

    def _goes(self, i: int) -> bool:
        """Whether the exposed card of column ``i`` «идет» while the pack is laid out."""
        if GOING[i]:
            return True
        # A middle column's card goes only if it is its first-row card, still uncovered.
        laid_here = (self.dealt - i + COLS - 1) // COLS
        return laid_here == 1 and len(self._cols[i].cards) == 1

    def _generate(self) -> list[Move]:
        stock = self._stock.cards
        cols = self._cols
        if stock:
            c = stock[-1]
            if RANK[c] == 1:
                return [made_once("found", ((c, "stock", FOUND[self._wanted()[c]]),), cites=("go_no_go.p1.s1",),
                                  notes=(NOTE_ACES,), forced=True)]
            must = self.options["deal_plays"] == "must"
            moves = []
            want = self._wanted()
            dealt = self.dealt
            for i, col in enumerate(cols):
                cs = col.cards
                # _goes, written out: an end column, or a middle one's first-row card uncovered
                if cs and (GOING[i] or len(cs) == 1 and (dealt - i + COLS - 1) // COLS == 1):
                    t = cs[-1]
                    h = want.get(t, -1)
                    if h >= 0:
                        cite = "go_no_go.p1.s3" if GOING[i] and self.dealt > COLS else "go_no_go.p1.s2"
                        moves.append(made_once("found", ((t, COLUMN[i], FOUND[h]),),
                                               cites=(cite, "go_no_go.p1.s3"),
                                               notes=(NOTE_PLAYS, NOTE_REPEAT, NOTE_INCL), forced=must))
            if moves and must:
                return moves
            key = (c * COLS + dealt % COLS) * 2 + (not moves)
            deal = _DEALS.get(key)
            if deal is None:
                deal = _DEALS[key] = made_once("deal", ((c, "stock", COLUMN[dealt % COLS]),), cites=("go_no_go.p1.s2",),
                                               notes=(NOTE_ACES,), forced=not moves)
            moves.append(deal)
            return moves
        # The pack is laid out: fill a cleared column first, then transfers.
        empty = [i for i, col in enumerate(cols) if not col.cards]
        donors = [i for i, col in enumerate(cols) if len(col.cards) > 1]
        if empty and donors:
            # A fill is a transfer (kind "move", arg "fill"), so the repeat filter keeps it from looping.
            return [made_once("move", ((cols[j].cards[-1], COLUMN[j], COLUMN[i]),), "fill", cites=("go_no_go.p1.s4",),
                              notes=(NOTE_ENDS,), forced=True)
                    for i in empty for j in donors]
        moves = []
        want = self._wanted()
        for i, col in enumerate(cols):
            if col.cards:
                t = col.cards[-1]
                h = want.get(t, -1)
                if h >= 0:
                    moves.append(made_once("found", ((t, COLUMN[i], FOUND[h]),), cites=("go_no_go.p1.s6",),
                                           notes=(NOTE_LAST,) if self.laying > 1 else ()))
        tops = [(i, col.cards[-1]) for i, col in enumerate(cols) if col.cards]
        by_suit: list[list[tuple[int, int]]] = [[], [], [], []]  # the end cards by suit, in column order
        for top in tops:
            by_suit[SUIT[top[1]]].append(top)
        adjacent = self.options["transfers"] == "sequence"
        for i, a in tops:
            for j, b in by_suit[SUIT[a]]:
                if i != j and (not adjacent or abs(RANK[a] - RANK[b]) == 1):
                    moves.append(made_once("move", ((a, COLUMN[i], COLUMN[j]),), cites=("go_no_go.p1.s5",),
                                           notes=(NOTE_ENDS, NOTE_TRANSFERS)))
        if self.laying == 1:
            moves.append(made_once("redeal", cites=("go_no_go.p1.s6", "go_no_go.p1.s7"), notes=(NOTE_GATHER,)))
        elif moves:
            # The player may declare the last laying finished: «если раскладка не вышла».
            moves.append(made_once("pass", cites=("go_no_go.p1.s7",), notes=(NOTE_LAST,)))
        return moves

    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == "pass":
            self.closed = True
            return
        if kind == "redeal":
            seq = [c for col in self._cols for c in col.cards]
            for col in self._cols:
                col.cards.clear()
            stock = self._stock
            stock.cards[:] = seq[::-1] if self.options["gather"] == "first_first" else seq
            stock.down = len(seq)
            self.laying += 1
            self.dealt = 0
            return
        c, src, dst = move.steps[0]
        sp = self._p[src]
        sp.cards.pop()
        if src == "stock":
            sp.down = len(sp.cards)
        self._p[dst].cards.append(c)
        if kind == "deal":
            self.dealt += 1

    def _won(self) -> bool:
        return sum(map(len, self._fcards)) == 52

    def _ended(self) -> bool:
        return self.closed

    def _why_not(self, move: Move) -> str | None:
        if not move.steps:
            if move.kind == "redeal":
                if self.laying > 1:
                    return "the second laying is the last (go_no_go.p1.s7)"
                if self._stock.cards:
                    return "the columns are gathered only when the whole pack is laid out (go_no_go.p1.s6)"
            return None
        c, src, dst = move.steps[0]
        if move.kind == "found" and src.startswith("column.") and self._stock.cards:
            i = COLUMN.index(src)
            if not GOING[i] and not self._goes(i):
                return "the middle three cards of a row do not go, even if they fit (go_no_go.p1.s3)"
        if move.arg == "fill":
            return "a cleared column is refilled with an end card from another column (go_no_go.p1.s4)"
        if move.kind == "move":
            if self._stock.cards:
                return "transfers begin only when the whole pack is laid out (go_no_go.p1.s4)"
            if self.options["transfers"] == "sequence":
                return "cards are transferred in suit, one higher or lower, between end cards only (go_no_go.p1.s5)"
            return "cards are transferred in suit, between end cards only (go_no_go.p1.s5)"
        return None


    def info(self) -> dict:
        return {**super().info(), "laying": self.laying}

    def layout(self) -> Layout:
        spots = [Spot("stock", 0.3, 0.3, "stock", "the hand (the pack)", "рука (колода)")]
        for i, name in enumerate(FOUND):
            spots.append(Spot(name, 2.9 + 1.3 * i, 0.3, "foundation", f"starting place {i + 1}",
                              f"начальное место {i + 1}", group="foundations"))
        for i, name in enumerate(COLUMN):
            going = "goes" if GOING[i] else "does not go"
            spots.append(Spot(name, 0.3 + 1.3 * i, 2.3, "tableau", f"lengthwise row {i + 1} ({going})",
                              f"продольный ряд {i + 1} ({'идет' if GOING[i] else 'не идет'})", fan="down",
                              group="rows"))
        return Layout(9.5, 12.0, tuple(spots), "The seven lengthwise rows: the two at each end go, "
                      "the middle three do not", "Семь продольных рядов: крайние по два идут, средние три не идут",
                      {"foundations": ("the starting places", "начальные места"),
                       "rows": ("the lengthwise rows", "продольные ряды")})


GAME = GoNoGo
