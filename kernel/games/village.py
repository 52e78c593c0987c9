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
from ..game import Game, Option
from ..layout import Layout, Spot
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
_BIT = tuple(1 << c % 13 for c in range(52))  # a card's rank as a bit
_NEXT = tuple((1 << c % 13 + 1 | 1 << c % 13 >> 1) & 0x1FFF for c in range(52))  # the ranks one off, as bits


class Village(Game):
    id = "village"
    title_ru = "Деревенский пасьянс"
    title_en = "The Village Patience"
    source = "001_ec040b2fccda9fb6.txt"
    packs = 2
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
        self._bind()

    def _bind(self) -> None:
        p = self._p
        self._stock = p["stock"]
        self._heaps = [p[n] for n in HEAP]
        self._aces = [p[n] for n in ACE]
        self._kings = [p[n] for n in KING]

    def clone(self) -> "Village":
        other = super().clone()
        other._bind()
        return other

    # ---- rules -------------------------------------------------------------------------
    def _tops(self) -> tuple[int, ...]:
        """The top cards of the ace piles and then of the king piles (-1 for an empty one)."""
        return tuple([p.cards[-1] if p.cards else -1 for p in self._aces + self._kings])

    def _wants(self) -> dict[int, list[str]]:
        """Card -> the piles above the row it may go on now (a new pile's place first); shared, not
        to be changed."""
        return _wants(self._tops(), self.options["bases"] == "suit")

    def _generate(self) -> list[Move]:
        gid = self.id
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
            return [Move("deal", ((stock[-1], "stock", target),), cites=cites,
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
                        forced.append(Move("found", ((c, HEAP[i], dst),), cites=("village.p2.s1",),
                                           notes=(NOTE_BASES, NOTE_AVAIL), forced=True))
                    else:
                        m = Move("found", ((c, HEAP[i], dst),), cites=("village.p2.s1", "village.p2.s2"),
                                 notes=(NOTE_FOUND, NOTE_AVAIL), forced=must)
                        (forced if must else optional).append(m)
        if stock and self.options["fill"] == "at_once":
            for i, h in enumerate(heaps):
                if not h.cards:
                    forced.append(Move("fill", ((stock[-1], "stock", HEAP[i]),), cites=("village.p2.s2",),
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
                        moves.append(Move("move", ((a, HEAP[i], HEAP[j]),), cites=("village.p2.s3",),
                                          notes=(NOTE_MARRIAGE, NOTE_AVAIL)))
        if stock:
            moves.append(Move("deal", ((stock[-1], "stock", HEAP[0]),),
                              cites=("village.p2.s3",) if self.laying > 1 else ("village.p2.s1",),
                              notes=(NOTE_ROWS, NOTE_SECOND) if self.laying > 1 else (NOTE_ROWS,)))
        elif self.laying == 1 and not optional and any(h.cards for h in heaps):
            moves.append(Move("redeal", cites=("village.p2.s3", "village.p3.s1"), notes=(NOTE_GATHER, NOTE_SECOND)))
        if len(moves) == 1 and moves[0].kind in ("deal", "redeal"):
            moves[0] = Move(moves[0].kind, moves[0].steps, cites=moves[0].cites, notes=moves[0].notes,
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

    # ---- solver hooks ------------------------------------------------------------------
    def canonical_key(self) -> tuple:
        """The position with the ace piles sorted and the king piles sorted, each pile named by its top.

        A pile above the row holds its suit from its base to its top, so its top names it, and
        the rules treat two piles of a side alike (a card goes on the first that fits; piles with
        one top are equal): permuting a side's piles renames the position. Piles only grow and
        keep their places, so no folded key meets a past position of the game but itself.
        """
        tops = self._tops()
        return (tuple(self._stock.cards), tuple([tuple(h.cards) for h in self._heaps]), tuple(sorted(tops[:N])),
                tuple(sorted(tops[N:])), self.laying, self.row_left)

    def safe_move(self, moves: list[Move]) -> Move | None:
        """A compulsory laying up of X on a founded pile P that no other pile can ever take.

        Under ``found=must`` (and ``available=top``), take a listed move of X from heap i onto a
        founded pile P when every other pile of X's suit, founded or still to found (see
        :meth:`_routes`), is past X's rank, and the move leaves no place for the pack to fill. While
        it is listed only compulsory moves are (no marriage, no deal), X stays uppermost and only
        X or its other copy can go onto P. A line putting the other copy there can never lay X up,
        so it does not win; a winning line plays the move after compulsory moves m1…mk that leave
        heap i and P alone, and playing it first, then m1…mk, reaches the same position (up to
        the order of two piles of one suit at one height, interchangeable piles).
        """
        if self.options["found"] != "must" or self.options["available"] != "top":
            return None
        fill = self.options["fill"] == "at_once" and bool(self._stock.cards)
        routes = None
        for m in moves:
            if m.kind != "found":
                continue
            c, src, dst = m.steps[0]
            pile = self._p[dst].cards
            if not pile or (fill and len(self._p[src].cards) == 1):
                continue
            routes = routes or self._routes()
            ups, downs = (list(r) for r in routes[SUIT[c]])
            (ups if dst in ACE else downs).remove(pile[-1] % 13)
            y = c % 13
            if all(a >= y for a in ups) and all(k <= y for k in downs):
                return m
        return None

    def solver_moves(self, moves: list[Move]) -> list[Move]:
        """Every move, the usual order of kinds, but a marriage that uncovers a card fitting a pile
        before the others and the others before the deal; in the first laying the others by how
        far the piles are from taking their pair in its order (see :meth:`_wait`); in the last
        laying with ``bases=suit``, a marriage of a card of one copy and one pile onto the card
        its pile takes just before it (the pair must part again: see :meth:`hopeless`) after
        the other marriages. The order only; nothing is dropped."""
        wants = self._wants()
        routes = self._routes() if self.laying == 1 else None
        lanes = None
        if self.laying > 1 and self.options["bases"] == "suit":
            ups, downs, _ = _bounds(self._tops(), True)
            lanes = _lanes(ups, downs)

        def rank(m: Move) -> tuple[int, int]:
            if m.kind != "move":
                return self.SOLVER_ORDER.get(m.kind, 3) * 2, 0
            x = m.steps[0][0]
            lane = lanes[SUIT[x]] if lanes else None
            if lane and not lane[x % 13] & _BIT[self._p[m.dst].cards[-1]]:
                return 7, 1
            below = self._p[m.src].cards[-2:-1]
            if below and below[0] in wants:
                return 5, 0
            return 7, self._wait(m, routes) if routes else 0
        return sorted(moves, key=rank)

    def _wait(self, move: Move, routes: tuple) -> int:
        """For a marriage of X onto Y: how many ranks the nearest ace pile of the suit lacks to
        take X and then Y (X lower) or the nearest king pile (X higher); 0 once one could."""
        x = move.steps[0][0]
        ups, downs = routes[SUIT[x]]
        y = x % 13
        return max(y - max(ups) if x < self._p[move.dst].cards[-1] else min(downs) - y, 0)

    def solver_probe(self) -> float:
        """With one ace and one king a suit (bases=suit), a limited-discrepancy probe on 60% of
        the budget: the search sinks into the subtree of its first second laying, while a win
        lies behind another laying-1 choice (deals 1-20 at 150,000 states: 19 won against 14)."""
        return 0.6 if self.options["bases"] == "suit" else 0.0

    def hopeless(self) -> bool:
        """In the last laying, whether some card of the row can provably never go up.

        Two sets, first holding every card of the heaps, shrink to a fixpoint: G, the cards that
        never move, and U ⊇ G, those never laid up. From the top of each heap down, the uppermost
        card Y of G leaves G when it could marry (a copy one rank off, in its suit, is in the pack
        or not under a card of G) or be laid up; it leaves U too when it could be laid up: for one
        of its suit's piles (an ace's at ``a``, or one yet to found at -1; a king's at ``k``, or
        13; ranks 0-based), every rank between has a copy outside U. A card of U left over means
        a lost game: at the first move of a card of G or laying up of a card of U, that card was
        free of cards of G above it and had neither a target nor the cards it needed, a
        contradiction. Cards in the pack are never under G; they stay in U until they could be
        laid up. Sound only in the last laying (no gathering rearranges the heaps) and when only
        uppermost cards move (``available=top``). Amid a row it judges the position at the row's
        end (see :meth:`_row_end`), the only one the forced deals lead to.

        Ranks of one copy and one pile (``bases=suit``, marriages allowed): with a suit's ace
        pile at ``a`` and king pile at ``k``, a rank above ``a`` and at least ``k`` has one copy
        left and only the ace pile takes it (the king pile took its own), in order; a rank below
        ``k`` and at most ``a`` likewise the king pile. Such a card X lying above such a card its
        pile takes before it can go up neither there (that card waits under X) nor from the
        card of its pile's preceding rank when that rank too is of one copy and one pile (it
        would wait under X): only from another partner it married last, which was then a top, so
        in the pack or not under G. With none in view X stays in U (``held``).
        """
        if self.laying == 1 or self.options["available"] == "any":
            return False
        heaps, stock = self._row_end()
        o = self.options
        return _stuck(tuple(map(tuple, heaps)), stock, self._tops(), o["bases"] == "suit", o["marriages"] == "suit")

    def _row_end(self) -> tuple[list[list[int]], tuple[int, ...]]:
        """The non-empty heaps and the pack once the row being laid is out: amid a row nothing but
        its next cards, one to each following place, can be played."""
        stock = self._stock.cards
        heaps = [h.cards for h in self._heaps]
        k = min(self.row_left, len(stock))
        if k:
            first = N - self.row_left
            for i in range(k):
                heaps[first + i] = heaps[first + i] + [stock[-1 - i]]
            stock = stock[:-k]
        return [cs for cs in heaps if cs], tuple(stock)  # an empty heap holds no card of G

    def _routes(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Per suit: the tops of its ace piles (-1 for one yet to found) and of its king piles (13)."""
        return _routes(self._tops(), self.options["bases"] == "suit")

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
        return Layout(12.4, 16.0, tuple(spots), "Aces above on the left, kings above on the right, the "
                      "row of eight heaps below (four left, four right)",
                      "Тузы сверху слева, короли справа, под ними ряд из восьми кучек (четыре слева, четыре справа)",
                      {"aces": ("the aces", "тузы"), "kings": ("the kings", "короли"),
                       "row": ("the row of eight", "ряд из восьми карт")})


@lru_cache(maxsize=1 << 10)
def _stuck(heaps: tuple[tuple[int, ...], ...], stock: tuple[int, ...], tops: tuple[int, ...], per_suit: bool,
           marry: bool) -> bool:
    """The fixpoint of ``Village.hopeless`` on the non-empty heaps and the pack at a row's end
    (cached: every position amid a row shares its row's end)."""
    bit, near, reach = _BIT, _NEXT, _reach
    free = [0] * 4  # per suit, a bit for each rank with a copy outside U
    unlaid = list(_ranks(stock))  # per suit, the ranks out of G but still in U
    seen = unlaid[:]  # per suit, the ranks a marriage could reach: in the pack or not under G
    depth = []  # per heap, the place of its uppermost card of G
    for cs in heaps:
        c = cs[-1]
        seen[c // 13] |= bit[c]
        depth.append(len(cs) - 1)
    ups, downs, ok0 = _bounds(tops, per_suit)
    ok = list(ok0)  # per suit, the ranks that could go up
    lanes = _lanes(ups, downs) if per_suit and marry else (None,) * 4
    held = [0] * 4  # per suit, the ranks of cards that go up only from a partner (see Village.hopeless)
    changed = True
    while changed:
        changed = False
        for s in range(4):
            if held[s]:
                for r in _bits(held[s]):
                    if lanes[s][r] & seen[s]:
                        held[s] ^= 1 << r
            while unlaid[s] & ok[s] & ~held[s]:
                got = unlaid[s] & ok[s] & ~held[s]
                unlaid[s] ^= got
                if got & ~free[s]:
                    free[s] |= got
                    ok[s] = reach(free[s], ups[s], downs[s])
                    changed = True
        for i, cs in enumerate(heaps):
            d = depth[i]
            if d < 0:
                continue
            start = d
            while d >= 0:
                c = cs[d]
                s = c // 13
                b = bit[c]
                if ok[s] & b:
                    if not free[s] & b:
                        f = free[s] = free[s] | b
                        ok[s] = reach(f, ups[s], downs[s])
                elif marry and seen[s] & near[c]:
                    unlaid[s] |= b
                    if lanes[s] and _covers(cs, d, lanes[s][13 + c % 13]):
                        held[s] |= b
                else:
                    break
                d -= 1
                if d >= 0:
                    c = cs[d]
                    seen[c // 13] |= bit[c]
            if d != start:
                depth[i] = d
                changed = True
    return any(unlaid) or any(d >= 0 for d in depth)


def _covers(cs: tuple[int, ...], d: int, before: int) -> bool:
    """Whether a card below place ``d`` of a heap is of its card's suit with a rank in ``before``."""
    s = cs[d] // 13
    for c in cs[:d]:
        if c // 13 == s and _BIT[c] & before:
            return True
    return False


def _bits(mask: int) -> list[int]:
    """The ranks set in ``mask``."""
    return [r for r in range(13) if mask >> r & 1]


@lru_cache(maxsize=1 << 8)
def _lanes(ups: tuple, downs: tuple) -> tuple:
    """Per suit (the ace's pile at ``a``, the king's at ``k``): None when no rank left has one
    copy and one pile; else 26 masks: for each rank r, the ranks of the partners a card of rank r
    may go up from (all ranks one off but its pile's preceding one), then for each rank of one
    copy and one pile the ranks of one copy its pile takes before it (none for the others)."""
    out = []
    for u, d in zip(ups, downs):
        a, k = u[0], d[0]
        up_lane = 0x1FFF & ~((1 << max(a + 1, k)) - 1)  # ranks only the ace's pile takes, upwards
        down_lane = (1 << min(k, a + 1)) - 1  # ranks only the king's pile takes, downwards
        if len(u) + len(d) > 2 or not up_lane | down_lane:  # (two piles of a side: a position no deal reaches)
            out.append(None)
            continue
        rest = 0x1FFF & ~(((1 << (a + 1)) - 1) & ~((1 << k) - 1))  # the ranks with a copy left
        partners, before = [], []
        for r in range(13):
            near = (1 << r + 1 | 1 << r >> 1) & rest
            if up_lane >> r & 1:
                partners.append(near & ~(up_lane & 1 << r >> 1))
                before.append(up_lane & ((1 << r) - 1))
            elif down_lane >> r & 1:
                partners.append(near & ~(down_lane & 1 << r + 1))
                before.append(down_lane & ~((1 << r + 1) - 1))
            else:
                partners.append(near)
                before.append(0)
        out.append(tuple(partners + before))
    return tuple(out)


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


@lru_cache(maxsize=1 << 16)
def _routes(tops: tuple[int, ...], per_suit: bool) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per suit, the ranks of its ace piles' tops and of its king piles' tops (as ``tops`` in
    :func:`_wants`), with -1 and 13 for a pile yet to found."""
    want = 1 if per_suit else 2
    ups: list[list[int]] = [[], [], [], []]
    downs: list[list[int]] = [[], [], [], []]
    for c in tops[:N]:
        if c >= 0:
            ups[SUIT[c]].append(c % 13)
    for c in tops[N:]:
        if c >= 0:
            downs[SUIT[c]].append(c % 13)
    return tuple((tuple(u + [-1] if len(u) < want else u), tuple(d + [13] if len(d) < want else d))
                 for u, d in zip(ups, downs))


@lru_cache(maxsize=1 << 16)
def _bounds(tops: tuple[int, ...], per_suit: bool) -> tuple[tuple, tuple, tuple[int, ...]]:
    """Per suit as in :func:`_routes`: the ace piles' ranks, the king piles' ranks, and the ranks
    they could take with no free copy (:func:`_reach` of 0)."""
    ups, downs = zip(*_routes(tops, per_suit))
    return ups, downs, tuple(_reach(0, ups[s], downs[s]) for s in range(4))


@lru_cache(maxsize=1 << 12)
def _ranks(cards: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Per suit, the ranks (bits) among ``cards``."""
    out = [0] * 4
    for c in cards:
        out[c // 13] |= _BIT[c]
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def _reach(free: int, ups: tuple[int, ...], downs: tuple[int, ...]) -> int:
    """The ranks (bits) a pile of the suit could take, given the ranks with a copy ``free``.

    An ace's pile at ``a`` takes ``a+1`` and each rank above while the ranks between are free; a
    king's pile at ``k`` likewise downwards (see ``Village.hopeless``).
    """
    ok = 0
    for a in ups:
        t = free >> (a + 1)
        ok |= ((t ^ (t + 1)) << (a + 1)) & 0x1FFF  # the free run above a, and the rank after it
    for k in downs:
        below = (1 << k) - 1
        m = (~free & below).bit_length() - 1  # the highest rank below k without a free copy
        ok |= below if m < 0 else below ^ ((1 << m) - 1)
    return ok

GAME = Village
