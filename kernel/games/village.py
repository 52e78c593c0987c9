"""Деревенский пасьянс (The Village Patience), after «Глава XLIII», seed 001.

Two packs. Eight cards are laid in a row, four on the right and four on the left
(village.p1.s1); aces and kings among them go above the row, kings on the right and aces on the
left, and are built on in suit, upwards on an ace and downwards on a king (village.p2.s1). Then
rows of eight more cards are counted off onto the first ones, fanned so that every card stays in
view (village.p2.s1); a card that fits an ace or a king «тотчас же» goes up and an emptied place
is laid over with a new card (village.p2.s2). When the pack is out and nothing fits «даже с
помощью марьяжей», the cards are gathered in the order of the heaps and laid out again in eight
heaps from left to right (village.p2.s3); no third laying is allowed (village.p3.s1).

Readings (each an option with a note): how many aces and kings found piles (``bases``:
«тузы или короли разных мастей» — every one, which lets 291 of deals 1–300 come out for the blind
player, against 1 when only one of each suit founds), whether a fitting card must go up at once
(``found``), when an emptied place is laid over (``fill``), what the «марьяжи» are
(``marriages``), whether a card in view under others is free (``available``: only the uppermost,
else every deal comes out in the first laying) and the order of the gathered pack (``gather``).
"""
from __future__ import annotations

from functools import lru_cache

from ..cards import RANK, SUIT
from ..game import Game, Option, made_once
from ..layout import CARD_H, FAN_STEP, Layout, Spot
from ..move import Move

NOTE_BASES = "village.n.bases"
NOTE_FOUND = "village.n.found"
NOTE_FILL = "village.n.fill"
NOTE_MARRIAGE = "village.n.marriages"
NOTE_GATHER = "village.n.gather"
NOTE_AVAIL = "village.n.available"
NOTE_SECOND = "village.n.second_laying"
NOTE_ROWS = "village.n.rows"

N = 8
UP = tuple(c + 1 if c % 13 < 12 else -1 for c in range(52))  # the next card up in suit
DOWN = tuple(c - 1 if c % 13 else -1 for c in range(52))  # the next card down in suit
HEAP = tuple(f"heap.{i}" for i in range(1, N + 1))
ACE = tuple(f"ace.{i}" for i in range(1, N + 1))
KING = tuple(f"king.{i}" for i in range(1, N + 1))
HEAP_ROOM = 26  # the cards of a heap the layout makes room for


class Village(Game):
    id = "village"
    title_ru = "Деревенский пасьянс"
    title_en = "The Village Patience"
    source = "001_ec040b2fccda9fb6.txt"
    packs = 2
    PLAIN_TRANSFERS = True
    VARS = ("laying", "row_left")
    OPTIONS = (
        Option("bases", ("all", "suit"), "all", ("village.p2.s1",), NOTE_BASES,
               "all: every ace and every king founds a pile (sixteen); suit: one ace and one king of each "
               "suit found piles (eight; the second ace and king of a suit finish the king's and the ace's "
               "pile)"),
        Option("found", ("must", "may"), "must", ("village.p2.s2",), NOTE_FOUND,
               "must: a card that fits an ace or a king goes up at once; may: the player chooses when"),
        Option("fill", ("at_once", "next_row"), "at_once", ("village.p2.s2",), NOTE_FILL,
               "at_once: an emptied place is laid over with the next card of the pack at once; "
               "next_row: it waits for the next row of eight"),
        Option("marriages", ("suit", "none"), "suit", ("village.p2.s3",), NOTE_MARRIAGE,
               "suit: the top card of a heap may be laid on the top card of another heap of its suit "
               "one rank higher or lower; none: no card moves between heaps"),
        Option("available", ("top", "any"), "top", ("village.p2.s1", "village.p2.s2"), NOTE_AVAIL,
               "top: only the uppermost card of a heap goes up or marries; any: every card in view may go "
               "up to an ace or a king (marriages still take the uppermost cards)"),
        Option("gather", ("in_order", "reversed"), "in_order", ("village.p2.s3",), NOTE_GATHER,
               "in_order: the gathered pack is laid again from the first card of the first heap, heap "
               "by heap; reversed: from the uppermost card of the eighth heap backwards"),
    )

    laying: int
    row_left: int

    def _setup(self) -> None:
        self.laying = 1
        self.row_left = N
        self._new_pile("stock", self._shuffled(), down=104)
        for name in HEAP + ACE + KING:
            self._new_pile(name)

    def _bind(self) -> None:
        p = self._p
        self._stock = p["stock"]
        self._heaps = [p[n] for n in HEAP]
        self._aces = [p[n] for n in ACE]
        self._kings = [p[n] for n in KING]

    # ---- rules -------------------------------------------------------------------------
    def _tops(self) -> tuple[int, ...]:
        """The top cards of the ace piles and then of the king piles (-1 for an empty one)."""
        return tuple([p.cards[-1] if p.cards else -1 for p in self._aces + self._kings])

    def _wants(self) -> dict[int, list[str]]:
        """Card -> the piles above the row it may go on now (a new pile's place first); shared, not
        to be changed."""
        return _wants(self._tops(), self.options["bases"] == "suit")

    def _generate(self) -> list[Move]:
        stock = self._stock.cards
        heaps = self._heaps
        if self.row_left and stock:
            target = HEAP[N - self.row_left]
            if self.laying > 1:
                cites = ("village.p2.s3",)
            elif len(stock) > 104 - N:
                cites = ("village.p1.s1",)
            else:
                cites = ("village.p2.s1",)
            return [made_once("deal", ((stock[-1], "stock", target),), cites=cites,
                              notes=(NOTE_ROWS, NOTE_SECOND) if self.laying > 1 else (NOTE_ROWS,), forced=True)]
        must = self.options["found"] == "must"
        forced: list[Move] = []
        optional: list[Move] = []
        anywhere = self.options["available"] == "any"
        wants = self._wants()
        for i, h in enumerate(heaps):
            if not h.cards:
                continue
            free = dict.fromkeys(reversed(h.cards)) if anywhere else (h.cards[-1],)
            for c in free:
                for dst in wants.get(c, ()):
                    if not self._p[dst].cards:
                        forced.append(made_once("found", ((c, HEAP[i], dst),), cites=("village.p2.s1",),
                                                notes=(NOTE_BASES, NOTE_AVAIL), forced=True))
                    else:
                        m = made_once("found", ((c, HEAP[i], dst),), cites=("village.p2.s1", "village.p2.s2"),
                                      notes=(NOTE_FOUND, NOTE_AVAIL), forced=must)
                        (forced if must else optional).append(m)
        if stock and self.options["fill"] == "at_once":
            for i, h in enumerate(heaps):
                if not h.cards:
                    forced.append(made_once("fill", ((stock[-1], "stock", HEAP[i]),), cites=("village.p2.s2",),
                                            notes=(NOTE_FILL,), forced=True))
                    break
        if forced:
            return forced
        moves = optional
        if self.options["marriages"] == "suit":
            tops = [(i, h.cards[-1]) for i, h in enumerate(heaps) if h.cards]
            for i, a in tops:
                for j, b in tops:
                    if i != j and SUIT[a] == SUIT[b] and abs(RANK[a] - RANK[b]) == 1:
                        moves.append(made_once("move", ((a, HEAP[i], HEAP[j]),), cites=("village.p2.s3",),
                                               notes=(NOTE_MARRIAGE, NOTE_AVAIL)))
        if stock:
            moves.append(made_once("deal", ((stock[-1], "stock", HEAP[0]),),
                                   cites=("village.p2.s3",) if self.laying > 1 else ("village.p2.s1",),
                                   notes=(NOTE_ROWS, NOTE_SECOND) if self.laying > 1 else (NOTE_ROWS,)))
        elif self.laying == 1 and not optional and any(h.cards for h in heaps):
            moves.append(made_once("redeal", cites=("village.p2.s3", "village.p3.s1"),
                                   notes=(NOTE_GATHER, NOTE_SECOND)))
        if len(moves) == 1 and moves[0].kind in ("deal", "redeal"):
            moves[0] = made_once(moves[0].kind, moves[0].steps, cites=moves[0].cites, notes=moves[0].notes,
                                 forced=True)
        return moves

    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == "redeal":
            seq = [c for h in self._heaps for c in h.cards]
            for h in self._heaps:
                h.cards.clear()
            stock = self._stock
            stock.cards[:] = seq[::-1] if self.options["gather"] == "in_order" else seq
            stock.down = len(seq)
            self.laying += 1
            self.row_left = N
            return
        c, src, dst = move.steps[0]
        sp = self._p[src]
        if sp.cards[-1] == c:
            sp.cards.pop()
        else:  # a card in view taken from under others (available=any)
            del sp.cards[len(sp.cards) - 1 - sp.cards[::-1].index(c)]
        self._p[dst].cards.append(c)
        if src == "stock":
            sp.down = len(sp.cards)
            if kind == "deal":
                self.row_left = (self.row_left or N) - 1
                if not sp.cards:
                    self.row_left = 0



    def _won(self) -> bool:
        return not self._stock.cards and not any(h.cards for h in self._heaps)

    def _why_not(self, move: Move) -> str | None:
        if move.kind in ("move", "deal", "redeal") and any(
                m.forced and m.kind in ("found", "fill") for m in self.legal_moves()):
            return None  # the base names the compulsory action that comes first
        if move.kind == "redeal":
            if self.laying > 1:
                return "no further laying out is permitted (village.p3.s1)"
            if self._stock.cards:
                return "the cards are gathered only when the whole pack is out (village.p2.s3)"
            return "the cards are gathered only when nothing fits any more (village.p2.s3)"
        if not move.steps:
            return None
        c, src, dst = move.steps[0]
        if (src in HEAP and self._p[src].cards and self._p[src].cards[-1] != c
                and (move.kind != "found" or self.options["available"] == "top")):
            return "only the uppermost card of a heap is free (village.p2.s1)"
        if move.kind == "move":
            if self.options["marriages"] == "none":
                return "under this reading no card moves between heaps (village.p2.s3)"
            return "a marriage lays a card on its suit one rank higher or lower (village.p2.s3)"
        if move.kind == "found":
            return "an ace's pile rises and a king's falls, always in one suit (village.p2.s1)"
        return None

    def info(self) -> dict:
        return {**super().info(), "laying": self.laying}

    def layout(self) -> Layout:
        spots = [Spot("stock", 11.0, 6.5, "stock", "the pack", "колода")]
        for i in range(N):
            row, col = divmod(i, 4)
            spots.append(Spot(ACE[i], 0.3 + 1.2 * col, 0.3 + 1.6 * row, "foundation", f"ace pile {i + 1}",
                              f"туз {i + 1}", group="aces"))
            spots.append(Spot(KING[i], 6.1 + 1.2 * col, 0.3 + 1.6 * row, "foundation", f"king pile {i + 1}",
                              f"король {i + 1}", group="kings"))
        for i in range(N):
            x = 0.3 + 1.2 * i + (1.0 if i >= 4 else 0.0)
            side = "left" if i < 4 else "right"
            spots.append(Spot(HEAP[i], x, 3.8, "tableau", f"heap {i + 1} ({side})", f"кучка {i + 1}",
                              fan="down", group="row"))
        # The table's height holds heaps of HEAP_ROOM cards (random play of 1,500 games under every
        # reading reached 20); a longer heap grows the table as it lies (geometry.extent).
        height = round(3.8 + (HEAP_ROOM - 1) * FAN_STEP + CARD_H, 2)
        return Layout(12.4, height, tuple(spots), "Aces above on the left, kings above on the right, the "
                      "row of eight heaps below (four left, four right)",
                      "Тузы сверху слева, короли справа, под ними ряд из восьми кучек (четыре слева, четыре справа)",
                      {"aces": ("the aces", "тузы"), "kings": ("the kings", "короли"),
                       "row": ("the row of eight", "ряд из восьми карт")})


@lru_cache(maxsize=1 << 16)
def _wants(tops: tuple[int, ...], per_suit: bool) -> dict[int, list[str]]:
    """Card -> the piles above the row it may go on, given the tops of the ace piles and then of
    the king piles (-1 for an empty one); a pile holds one suit, so its top names it."""
    aw, free_a, sa = _side_wants(ACE, tops[:N], UP)
    kw, free_k, sk = _side_wants(KING, tops[N:], DOWN)
    wants: dict[int, list[str]] = {}
    for c, name in aw.items():
        wants[c] = [name]
    for c, name in kw.items():
        wants.setdefault(c, []).append(name)
    for free, founded, rank0 in ((free_a, sa, 0), (free_k, sk, 12)):
        if free is None:
            continue
        for s in range(4):
            c = s * 13 + rank0
            if not per_suit:
                wants[c] = [free]
            elif not founded >> s & 1:
                wants.setdefault(c, []).insert(0, free)
    return wants


def _side_wants(names: tuple[str, ...], tops: tuple[int, ...], step: tuple[int, ...]
                ) -> tuple[dict[int, str], str | None, int]:
    """For the ace (``UP``) or king (``DOWN``) piles: card -> the first pile it goes on, the first
    empty pile, and the founded suits (bits)."""
    wants: dict[int, str] = {}
    free = None
    founded = 0
    for name, c in zip(names, tops):
        if c >= 0:
            founded |= 1 << SUIT[c]
            n = step[c]
            if n >= 0 and n not in wants:
                wants[n] = name
        elif free is None:
            free = name
    return wants, free, founded


GAME = Village
