"""What a search knows of the Empress of India (:mod:`pasyans.games.indian_empress` has the rules).

During play the key folds what never matters again (the cards taken out; suits under
``build="colour"``; the order of the end rows); a pair that nothing else can want goes up at
once; the moves are ordered by how soon the cards they open come in, with pairs dominated by
another dropped (under ``couples`` two eager orders, pairing before turning, run first on small
shares); a position is dead when a row is jammed by cards waiting for one too deep in
a talon or the pack, when couples wait for each other, or when a relaxed game of the pairs
left is lost.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from ..cards import RANK, RED, SUIT
from ..games.indian_empress import ADMIRALS, ARMY, CKEY, COLOUR_OF, GENERALS, NAVY, PLACES, ROWS, TALON, IndianEmpress
from ..move import Move
from .knowledge import Knowledge, register

#: Each colour's sequence above its base: the Generals descend, the Admirals ascend (fn16.s1).
CHAIN_RANKS = {True: (12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), False: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13)}
#: A card's place in its colour's sequence (0 for the first card above the base), None if it has none.
CHAIN_POS: tuple[int | None, ...] = tuple(
    CHAIN_RANKS[RED[c]].index(RANK[c]) if RANK[c] in CHAIN_RANKS[RED[c]] else None for c in range(52))


#: The face index of a card within its colour (22 faces), by suit or (``build="colour"``) by rank only.
FACE_SUIT: tuple[int | None, ...] = tuple(
    None if (pos := CHAIN_POS[c]) is None else (SUIT[c] >= 2) * 11 + pos for c in range(52))


FACE_COLOUR: tuple[int | None, ...] = CHAIN_POS
#: The same, with 22 (a face of no sequence) for None, for lookups in tables of 23.
FACE_AT: tuple[int, ...] = tuple(22 if f is None else f for f in FACE_SUIT)
FACE_AT_COLOUR: tuple[int, ...] = tuple(22 if f is None else f for f in FACE_COLOUR)


class _Chains:
    """How many more cards of one colour can go up, given the cards come in (see ``_can_come_in``)."""

    def __init__(self, face, base: list[int], up: list[int], row: list[int], more: list[int]) -> None:
        self.base = base
        avail = [u + r for u, r in zip(up, row)]
        for c in more:
            f = face[c]
            if f is not None:
                avail[f] += 1
        cap = _caps(base, avail, (0, 11) if face is FACE_SUIT else (0,))
        self.avail, self.cap, self.got = avail, cap, sum(cap) - sum(up)

    def add(self, f: int | None) -> None:
        """One more card of face ``f`` comes in: raise the caps from f on in its sequence.

        A cap never exceeds the sequence's foundations, so the cap before f bounds it alone.
        """
        if f is None:
            return
        avail, cap = self.avail, self.cap
        m = avail[f] = avail[f] + 1
        prev = self.base[f >= 11] if f == 0 or f == 11 else cap[f - 1]
        if (m if m < prev else prev) <= cap[f]:
            return  # the cap of f stays, and so do those after it
        end = 11 if f < 11 else 22
        got = self.got
        while f < end:
            m = avail[f]
            if prev < m:
                m = prev
            c = cap[f]
            if m <= c:
                break
            got += m - c
            cap[f] = prev = m
            f += 1
        self.got = got


def _release(base: dict[bool, list[int]], up: dict[bool, list[int]], free: dict[bool, list[int]],
             couples: list[tuple[int, int]]) -> list[int]:
    """The couples that can never go up: those left when every couple that might is released.

    ``cap[red][f]``: the most copies of face f that can be up, given the free cards and the
    couples released (copies up or at hand, at most the cap before). A couple is released when
    each of its cards (red, black) might fit: the cap of the face before exceeds those up. A
    couple that does not fit waits until the cap of the face before its card rises.
    """
    avail = {red: [u + c for u, c in zip(up[red], free[red])] for red in (True, False)}
    cap = {red: _caps(base[red], avail[red]) for red in (True, False)}
    sides: list[tuple] = [(base[red], up[red], avail[red], cap[red], [[] for _ in range(23)]) for red in (True, False)]
    todo = list(range(len(couples)))
    released = set()
    while todo:
        i = todo.pop()
        for (b, u, _, c, waiting), f in zip(sides, couples[i]):
            if (b[f >= 11] if f == 0 or f == 11 else c[f - 1]) <= u[f]:
                waiting[f].append(i)
                break
        else:
            released.add(i)
            for (b, _, a, c, waiting), f in zip(sides, couples[i]):
                for g in range(f + 1, _raise(b, a, c, f) + 1):
                    todo.extend(waiting[g])
                    waiting[g] = []
    return [i for i in range(len(couples)) if i not in released]


#: The share of the budget of the advice order (:meth:`IndianEmpressKnowledge.orders`).
ADVICE_SHARE = 0.1
#: Under ``couples``, the share of the budget of the first look in the advice order and of each
#: eager order (:meth:`IndianEmpressKnowledge.orders`).
LOOK_SHARE = 0.01
EAGER_SHARE = 0.0075
#: The eager orders under ``couples`` (2, 3 … after the first look of order 1): this many.
EAGER_ORDERS = 3
#: The most new positions :func:`_pairs_win` looks at for one question.
END_NODES = 400


def _pairs_win(state: tuple, seqs: tuple, seen: dict[tuple, bool | None], left: list[int]) -> bool | None:
    """Whether the relaxed game of :meth:`IndianEmpress._lockstep_stuck` in ``state`` can be
    won (None: more than ``left[0]`` positions); ``seqs``: each colour's foundations per
    sequence and the first faces of the sequences; ``seen``: the positions worked out (None:
    given up). A move lifts a couple that fits or two single cards, one of each colour, that fit.
    With every copy of each face at hand or up, the lowest face of a sequence not all up fits.
    A state is (red up, black up, red single, black single, couples): counts per face packed
    by :func:`_pack`, and the sorted couples of faces (red, black) as bytes r, b, r, b …"""
    won: Any = seen.get(state, _UNSEEN)
    if won is not _UNSEEN:
        return won
    if left[0] <= 0:
        return None
    left[0] -= 1
    if not state[4]:  # the lowest face not all up fits, in each colour: pairs go up to the end
        return _count(state[2]) == _count(state[3])
    won = False
    for nxt in _pair_moves(state, seqs):
        w = _pairs_win(nxt, seqs, seen, left)
        if w:
            won = True
            break
        if w is None:
            won = None
    if won is not None:
        seen[state] = won
    return won


#: What :func:`_pairs_win` finds for a position not in ``seen``.
_UNSEEN = object()
#: Bits per face in a packed count: a byte (at most eight copies of a face).
BYTE = 8
#: A packed count of one copy of face f.
ONE: tuple[int, ...] = tuple(1 << BYTE * f for f in range(23))


def _unpack(state: tuple, seqs: tuple) -> tuple[dict, dict, dict, list[tuple[int, int]]]:
    """The :meth:`IndianEmpress._couples_cards` a :func:`_pairs_win` state was packed from."""
    rup, bup, rs, bs, couples = state
    base = {True: list(seqs[0]), False: list(seqs[1])}
    up = {True: list(rup.to_bytes(22, "little")), False: list(bup.to_bytes(22, "little"))}
    free = {True: list(rs.to_bytes(22, "little")), False: list(bs.to_bytes(22, "little"))}
    return base, up, free, list(zip(couples[::2], couples[1::2]))


def _pack(counts: list[int]) -> int:
    """Counts per face (fewer than 256 each) packed into one int, a byte a face."""
    return int.from_bytes(bytes(counts), "little")


def _count(packed: int) -> int:
    """The sum of the counts packed in ``packed``."""
    return sum(packed.to_bytes(23, "little"))


def _pair_moves(state: tuple, seqs: tuple) -> Iterator[tuple]:
    """The positions after each move of the relaxed game in ``state`` (couples first)."""
    rup, bup, rs, bs, couples = state
    rbase, bbase, chains = seqs
    rfit = _fitting(rbase, rup, chains)[0]
    bfit, bmask = _fitting(bbase, bup, chains)
    reds = couples[::2]
    for r in rfit:  # ascending, as the couples are sorted
        i = bisect_left(reds, r)
        last = -1  # the black face lifted last: an equal couple next to it gives the same position
        while i < len(reds) and reds[i] == r:
            b = couples[2 * i + 1]
            if bmask >> b & 1 and b != last:
                last = b
                yield rup + ONE[r], bup + ONE[b], rs, bs, couples[:2 * i] + couples[2 * i + 2:]
            i += 1
    bl = [b for b in bfit if bs >> BYTE * b & 255]
    if bl:
        for r in rfit:
            if rs >> BYTE * r & 255:
                ur, lr = rup + ONE[r], rs - ONE[r]
                for b in bl:
                    yield ur, bup + ONE[b], lr, bs - ONE[b], couples


@lru_cache(maxsize=1 << 16)
def _fitting(base: tuple[int, ...], up: int, chains: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The faces of which a copy fits: fewer copies up (``up`` packed) than of the face before
    (the foundations); in order, and as a bitmask."""
    fit = []
    mask = 0
    for ch in chains:
        before = base[ch > 0]
        for f in range(ch, ch + 11):
            u = up >> BYTE * f & 255
            if u < before:
                fit.append(f)
                mask |= 1 << f
            before = u
    return tuple(fit), mask


def _caps(base: list[int], avail: list[int], chains: tuple[int, ...] = (0, 11)) -> list[int]:
    """Per face, the most copies that can be up: the copies at hand, at most the cap before.

    ``chains`` are the first faces of the chains of eleven faces (one chain when building by colour).
    """
    cap = [0] * 22
    for ch in chains:
        m = base[ch > 0]
        for f in range(ch, ch + 11):
            a = avail[f]
            if a < m:
                m = a
            cap[f] = m
    return cap


def _raise(base: list[int], avail: list[int], cap: list[int], f: int) -> int:
    """One more copy of face ``f`` at hand: raise the caps from f on in its sequence; returns
    the first face whose cap stayed (the caps of f up to it rose)."""
    avail[f] += 1
    end = 11 if f < 11 else 22
    prev = base[f >= 11] if f in (0, 11) else cap[f - 1]
    while f < end:
        m = avail[f] if avail[f] < prev else prev
        if m <= cap[f]:
            break
        cap[f] = prev = m
        f += 1
    return f


def _same(cards: list[int]) -> tuple[int, ...]:
    """Cards as they are (``build="suit"``)."""
    return tuple(cards)


def _colour_rank(cards: list[int]) -> tuple[int, ...]:
    """Cards by colour and rank only (``build="colour"``)."""
    return tuple([CKEY[c] for c in cards])


def _found_key(cards: list[int], face) -> tuple[int, ...]:
    """A foundation by its height and top (the cards under the top follow from the sequence)."""
    if not cards:
        return (0,)
    return (len(cards), cards[-1]) if face is _same else (len(cards), CKEY[cards[-1]])


@register("indian_empress")
class IndianEmpressKnowledge(Knowledge[IndianEmpress]):
    """The Empress of India's knowledge. It keeps what it works out of the current position (the
    two sides, the couples' cards) until the search moves, and the relaxed games it met."""

    def __init__(self) -> None:
        self._at: IndianEmpress | None = None  # the game the memos below are of
        self._memo: tuple | None = None  # :meth:`_sides` of the current position, if worked out
        self._cmemo: tuple | None = None  # (:meth:`_couples_cards`,) of the current position, if worked out
        self._pairs: tuple[tuple, dict, dict] | None = None  # relaxed games worked out by :meth:`_relaxed_lost`

    def play(self, g: IndianEmpress, move: Move) -> None:
        self._memo = self._cmemo = None
        g._apply(move)

    def back(self, g: IndianEmpress, snap: tuple) -> None:
        self._memo = self._cmemo = None
        g._restore(snap)

    def _fresh(self, g: IndianEmpress) -> None:
        """Forget the memos of the position when asked about another game."""
        if g is not self._at:
            self._at = g
            self._memo = self._cmemo = None

    def canonical_key(self, g: IndianEmpress) -> tuple:
        """The position with its symmetries folded (during play; the set-up is one forced line).

        Under ``build="colour"`` a card's suit never decides anything in play (fits, refills and
        the goal look at colour and rank only), so cards are keyed by colour and rank. The Empress,
        her guard and the queens thrown aside never move again and are left out. The pack and the
        talon packets are kept as they lie. Under ``pairing="at_once"`` the rest is folded to what
        :meth:`_side` counts: per colour, the cards that have come in (row and foundations) by
        face, and how many have gone up; which of them went up does not matter (see
        :meth:`ordered`). Under ``couples`` the places of a row are interchangeable (a
        vacancy is refilled the same whichever place it is): each row is a sorted multiset, each
        colour's foundations a multiset of (height, top); once the pack and talon are through,
        see :meth:`_endgame_rows`.
        """
        if g.phase != "play":
            return g._snapshot()
        p = g._p
        by_suit = g.options["build"] == "suit"
        face = _same if by_suit else _colour_rank
        piles = (face(p["stock"].cards), face(p["talon.red"].cards), face(p["talon.black"].cards))
        if g.options["pairing"] == "at_once":
            red, black = self._sides(g)
            return piles + red[0] + black[0]
        founds = (tuple(sorted([_found_key(p[n].cards, face) for n in GENERALS])),
                  tuple(sorted([_found_key(p[n].cards, face) for n in ADMIRALS])))
        if self._drawn(g):
            return piles + self._endgame_rows(g, face) + founds
        return piles + (tuple(sorted([face(p[n].cards) for n in ARMY])),
                        tuple(sorted([face(p[n].cards) for n in NAVY])), *founds)

    def _drawn(self, g: IndianEmpress) -> bool:
        """The pack and both talon packets are exhausted: no place is ever refilled again."""
        p = g._p
        return not (p["stock"].cards or p["talon.red"].cards or p["talon.black"].cards)

    def _endgame_rows(self, g: IndianEmpress, face: Callable[[list[int]], tuple[int, ...]]) -> tuple:
        """Under ``couples`` once :meth:`_drawn`: the single cards of each row and the couples,
        each as (red, black) wherever it lies.

        With nothing left to refill a place, which place or row holds a couple, and which of its
        cards lies on top, never matters again: couples are laid from single cards of both rows
        alike and go up both at once, and an empty place stays empty.
        """
        p = g._p
        key = None if face is _same else CKEY
        reds: list[int] = []
        blacks: list[int] = []
        couples = []
        for n in PLACES:
            cards = p[n].cards
            k = len(cards)
            if k == 1:
                c = cards[0]
                (reds if RED[c] else blacks).append(c if key is None else key[c])
            elif k == 2:
                a, b = cards
                if not RED[a]:
                    a, b = b, a
                couples.append((a, b) if key is None else (key[a], key[b]))
        return tuple(sorted(reds)), tuple(sorted(blacks)), tuple(sorted(couples))

    def _sides(self, g: IndianEmpress) -> tuple[tuple, tuple]:
        """:meth:`_side` of the red and the black colour, kept until the position changes."""
        self._fresh(g)
        if self._memo is None:
            by_suit = g.options["build"] == "suit"
            self._memo = (self._side(g, True, by_suit), self._side(g, False, by_suit))
        return self._memo

    def _side(self, g: IndianEmpress, red: bool, by_suit: bool) -> tuple[tuple, list[int], list[int], list[int]]:
        """One colour under ``pairing="at_once"``: (key, foundations per sequence, up, in the row).

        ``up[f]`` and ``row[f]`` count the cards of face f (:data:`FACE_SUIT`, or by rank only,
        :data:`FACE_COLOUR`) on the foundations and in the row; ``row[22]`` counts row cards that
        belong to no sequence (only in constructed positions). The key holds, per face, the cards
        come in (``up + row``), the foundations of each sequence and how many cards went up.
        """
        p = g._p
        base, up = self._heights(g, red, by_suit)
        face = FACE_AT if by_suit else FACE_AT_COLOUR
        row = [0] * 23
        for name in ROWS[red]:
            for c in p[name].cards:
                row[face[c]] += 1
        come = tuple([u + r for u, r in zip(up, row)]) + (row[22], base[0], base[1], sum(up))
        return come, base, up, row

    def _heights(self, g: IndianEmpress, red: bool, by_suit: bool) -> tuple[list[int], list[int]]:
        """One colour's foundations per sequence and, per face, the copies of it up."""
        p = g._p
        base = [0, 0]
        up = [0] * 22
        for name in (GENERALS if red else ADMIRALS):
            cards = p[name].cards
            if cards:
                ch = 11 if by_suit and SUIT[cards[0]] >= 2 else 0
                base[ch > 0] += 1
                for k in range(ch, ch + len(cards) - 1):
                    up[k] += 1
        return base, up

    def safe_move(self, g: IndianEmpress, moves: list[Move]) -> Move | None:
        """When the pack is through (no turn is left), any pair: all pairs are equally good.

        Under ``pairing="at_once"`` which fitting red card and which fitting black card go up
        does not matter (see :meth:`ordered`), so with pairs alone to choose from the first
        one is as good as any.
        """
        if g.options["pairing"] != "at_once" or any(m.kind != "pair" for m in moves):
            return None
        return moves[0]

    def ordered(self, g: IndianEmpress, moves: list[Move]) -> list[Move]:
        """One pair (the first) and the turn, under ``pairing="at_once"``; under ``couples`` see
        :meth:`_couples_order`.

        Proof that one pair stands for all: which cards come into the Army and the Navy, and
        when, depends only on the sequence of events (pair, turn), never on which cards went up:
        a refill takes the top of the talon of its colour, or the pack, whatever left the place.
        Within one colour the j-th copy of a face can go up once j copies have come in and the
        foundations of its suit (its colour, by colour) hold j copies of the face before it; both
        only grow, so a card that fits keeps fitting until it (or a twin) goes up. Replace, in a
        winning line, the card x that goes up at the first pair by another fitting card y of the
        same colour: copy the line, and whenever it plays a card that does not fit (y is already
        up, or its card needs x) play the one missing card instead, which fits; the two sets of
        cards up then differ by one swap at most and are equal once the line has played x. Every
        turn stays legal (a pair still lies on the table) and the last pair completes the same
        foundations. So the first pair is as good as any, and each colour may be swapped alone.
        More generally, two positions with the same cards come in and as many gone up are equally
        winnable (the key folds them): copying a winning line, play its card when it fits, else
        a lowest card of those the line has up and we have not (every card before it is up with
        us, so it fits); both sets of cards up keep one size, and the line ends with all up.
        """
        if g.options["pairing"] != "at_once":
            return self._couples_order(g, moves) if len(moves) > 1 else moves
        pair = next((m for m in moves if m.kind == "pair"), None)
        rest = [m for m in moves if m.kind != "pair"]
        if pair is None:
            return rest
        if self.order == 1 and rest and not self._useful(g, pair):
            return rest + [pair]
        return [pair] + rest

    def _useful(self, g: IndianEmpress, pair: Move) -> bool:
        """Whether a card the refills after ``pair`` bring in fits at once (p9.s2's advice: pair
        when the top of a talon packet would come in useful). The pair and its refills are
        played and taken back; the memos of the position are kept."""
        memos = self._at, self._memo, self._cmemo
        snap = g._snapshot()
        g._apply(pair)
        while (fill := g._fill_move()) is not None:
            g._apply(fill)
        p = g._p
        targets = g._targets()
        key = (lambda c: c) if g.options["build"] == "suit" else CKEY.__getitem__
        useful = any(len(cs := p[src].cards) == 1 and key(cs[0]) in targets for _, src, _ in pair.steps)
        g._restore(snap)
        self._at, self._memo, self._cmemo = memos
        return useful

    def orders(self, g: IndianEmpress) -> tuple[float, ...]:
        """Under ``pairing="at_once"``, order 1 (p9.s2's advice: turn unless a pair brings in a
        card that fits at once) on :data:`ADVICE_SHARE` of the budget. Under ``couples``: order 1,
        the advice order itself, on :data:`LOOK_SHARE` (a first look: most deals it wins at once),
        then the eager orders 2, 3 … of :meth:`_couples_order` (:data:`EAGER_ORDERS`), each on
        :data:`EAGER_SHARE`."""
        if g.options["pairing"] == "at_once":
            return (ADVICE_SHARE,)
        return (LOOK_SHARE,) + (EAGER_SHARE,) * EAGER_ORDERS

    def _couples_order(self, g: IndianEmpress, moves: list[Move]) -> list[Move]:
        """Under ``couples``: every move of a distinct outcome, the likeliest to win first.

        Moves that lay the same faces from the same row, or pair the same faces onto tops of the
        same face, lead to positions of the same key (rows and foundations are keyed as
        multisets of faces; once the pack and talon are through, the two ways of laying one
        couple too), so one of each stands for all. Nothing else is dropped; the order
        (p9.s2's advice): a pair when a place it frees is refilled by a card that fits; a couple
        whose freed place is so refilled, for a row with no single card that fits; the turn; any
        other pair; the other couples. Couples binding no card that fits now and whose two cards
        lie nearest above a foundation, and level with each other, come first. The eager orders
        (:meth:`orders`) keep the same moves: order k + 1 (k > 0) ranks every pair with the useful
        ones, before the turn (the advice's waiting buries the cards a deal needs deep in a
        talon), and also lays before the turn couples whose two cards each lie at most k - 1
        faces above a foundation (neither fitting now). Order 1 is order 0.
        """
        p = g._p
        by_suit = g.options["build"] == "suit"
        face = FACE_AT if by_suit else FACE_AT_COLOUR
        gap = self._gaps(g, by_suit)
        stock = p["stock"].cards
        drawn = self._drawn(g)  # then a couple is the same whichever card lies on top (see canonical_key)
        single: dict[str, tuple[int, int]] = {}  # a row's single card: (its key, its gap)
        useful: dict[bool, bool] = {}  # a place freed in the row is refilled by a card that fits
        wanted: dict[bool, bool] = {}  # ... and no single card of the row fits
        for red in (True, False):
            q = gap[red]
            fits = False
            for n in ROWS[red]:
                cards = p[n].cards
                if len(cards) == 1:
                    c = cards[0]
                    k = q[face[c]]
                    single[n] = (c if by_suit else CKEY[c], k)
                    fits = fits or k == 0
            talon = p[TALON[red]].cards
            new = talon[-1] if talon else stock[-1] if stock and RED[stock[-1]] == red else None
            useful[red] = new is not None and q[face[new]] == 0
            wanted[red] = useful[red] and not fits
        eager = self.order - 1  # > 0 in the eager orders
        pair_rank = (1,) if eager > 0 or useful[True] or useful[False] else (2.5,)
        close = eager - 1  # couples of cards this near (neither fitting) go before the turn
        ranked: dict[tuple, tuple[tuple, int, Move]] = {}
        for i, m in enumerate(moves):
            steps = m.steps
            if len(steps) == 1 and m.kind == "pair":
                _, src, dst = steps[0]
                (fa, a), (fb, b) = single[src], single[dst]
                shape: tuple = (True, fb, fa) if drawn and not COLOUR_OF[src] else (COLOUR_OF[src], fa, fb)
                if shape not in ranked:
                    first = 1.5 if wanted[shape[0]] else 1.8 if 0 < a <= close and 0 < b <= close else 3
                    rank = (first, (a == 0) + (b == 0), a if a > b else b, abs(a - b))
                    ranked[shape] = (rank, i, m)
            elif m.kind == "turn":
                ranked[("turn",)] = ((2,), i, m)
            else:
                shape = tuple((c, p[d].cards[-1]) if by_suit else (CKEY[c], CKEY[p[d].cards[-1]])
                              for c, _, d in m.steps)
                ranked.setdefault((m.kind, shape), ((0,) if m.kind == "found" else pair_rank, i, m))
        return [m for _, _, m in sorted(ranked.values(), key=lambda t: t[:2])]

    def _gaps(self, g: IndianEmpress, by_suit: bool) -> dict[bool, list[int]]:
        """Per colour and face, how many faces a copy lies above the nearest foundation below it
        (0: it fits now; 99: no foundation of its sequence is below it)."""
        p = g._p
        gaps: dict[bool, list[int]] = {}
        for red in (True, False):
            heights: list[list[int]] = [[], []]
            for name in (GENERALS if red else ADMIRALS):
                cards = p[name].cards
                if cards:
                    heights[by_suit and SUIT[cards[0]] >= 2].append(len(cards) - 1)
            q = [99] * 23
            for ch in (0, 1):
                for h in heights[ch]:
                    for pos in range(h, 11):
                        if pos - h < q[ch * 11 + pos]:
                            q[ch * 11 + pos] = pos - h
            gaps[red] = q
        return gaps

    def hopeless(self, g: IndianEmpress) -> bool:
        """Some colour's row must take in more cards that cannot go up yet than it has places
        (``pairing="at_once"``; under ``couples`` see :meth:`_couples_stuck` and
        :meth:`_lockstep_stuck`).

        Under ``pairing="at_once"`` a place holds one card and a card goes up only from the rows.
        Take a card t of a talon packet: before t comes in, the cards above it (and any turned on
        them later) come into the row of its colour, one per place freed, and its other places
        stay filled, so when t comes in the row holds, besides the place t takes, every card
        of the row and above t that cannot have gone up by then: at most 23. A copy of face f
        cannot go up before t when the foundations of its sequence would need more copies of f
        (or of a face before f) than lie outside the cards from t down: if d copies of some face
        up to f lie from t down, at most B - d copies of f are ever up before t comes (B: the
        foundations of the sequence, and the copies of a face in a deal), of which ``up`` already
        are. Copies beyond B in a constructed position are taken off d, copies missing added.
        That count takes the pack as free; :meth:`_can_come_in` charges each card turned onto t
        and asks the other colour to keep pace, for the talon card nearest to a jam and the last.
        """
        if g.phase != "play":
            return False
        if g.options["pairing"] == "couples":
            state = self._relaxed_state(g)
            return state is not None and self._relaxed_lost(g, state)
        return self._row_jammed(g, True) or self._row_jammed(g, False)

    def _couples_stuck(self, g: IndianEmpress, state: tuple) -> bool:
        """Under ``couples``: some couple of the relaxed ``state`` can never go up.

        Per sequence, ``up[f]`` copies of face f are up and never more than of the face before
        it (``base``, the foundations, before the first face); a card of face f fits when more
        copies of the face before are up than of f. A single card, or one still in the pack or
        talon, may go up whenever it fits; a couple only when both its cards fit. Release the
        couples whose two cards might fit given the cards already released (:func:`_release`):
        in a winning line every card that goes up was released before (by induction on the
        line: copies up never exceed the released ones, face by face), so a couple never
        released is lost (the game is won only with every card up: each face has one copy per
        foundation of its sequence, as in every deal). This catches rings of couples, each
        waiting for a card bound in the next, when every copy of the faces they wait for is in
        the ring.
        """
        assert self._pairs is not None  # made by _relaxed_state
        return bool(state[4]) and bool(_release(*_unpack(state, self._pairs[0])))

    def _couples_cards(self, g: IndianEmpress) -> tuple[dict, dict, dict, list[tuple[int, int]]] | None:
        """Under ``couples``, per colour: the foundations per sequence, the copies of each face
        up, the single cards by face (the pack and talon counted as single); and the couples as
        (red face, black face). None for a constructed position without every copy of each face
        once per foundation of its sequence (as in every deal). Kept until the position
        changes; not to be altered."""
        self._fresh(g)
        if self._cmemo is None:
            self._cmemo = (self._couples_count(g),)
        return self._cmemo[0]

    def _couples_count(self, g: IndianEmpress) -> tuple[dict, dict, dict, list[tuple[int, int]]] | None:
        """:meth:`_couples_cards`, worked out."""
        p = g._p
        by_suit = g.options["build"] == "suit"
        face = FACE_SUIT if by_suit else FACE_COLOUR
        (rbase, rup), (bbase, bup) = self._heights(g, True, by_suit), self._heights(g, False, by_suit)
        base = {True: rbase, False: bbase}
        up = {True: rup, False: bup}
        free = {True: [0] * 22, False: [0] * 22}
        couples: list[tuple[int, int]] = []
        for c in p["stock"].cards + p["talon.red"].cards + p["talon.black"].cards:
            f = face[c]
            if f is None:
                return None
            free[RED[c]][f] += 1
        for n in PLACES:
            cards = p[n].cards
            k = len(cards)
            if k == 1:
                c = cards[0]
                f = face[c]
                if f is None:
                    return None
                free[RED[c]][f] += 1
            elif k == 2:
                r, b = cards
                if not RED[r]:
                    r, b = b, r
                fr, fb = face[r], face[b]
                if fr is None or fb is None:
                    return None
                couples.append((fr, fb))
            elif k and any(face[c] is None for c in cards):
                return None
        copies = {red: [u + c for u, c in zip(up[red], free[red])] for red in (True, False)}
        for fr, fb in couples:
            copies[True][fr] += 1
            copies[False][fb] += 1
        if any(copies[red] != [base[red][0]] * 11 + [base[red][1]] * 11 for red in (True, False)):
            return None
        return base, up, free, couples

    def _lockstep_stuck(self, g: IndianEmpress, state: tuple) -> bool:
        """Under ``couples``: even with every card of the pack and talon at hand, the cards
        of the relaxed ``state`` cannot all go up in pairs (:func:`_pairs_win`, within
        :data:`END_NODES` positions).

        Every card goes up with one of the other colour at the same moment: two single cards
        that fit, or a couple both of whose cards fit. Relax the game: the pack and talon cards
        are single cards from now on, no couple is laid, a couple that fits need not go up at
        once. A winning line is still one there: drop its refills, turns and couples laid, and
        lift the couples it laid as pairs of single cards, when it lifts them (both fit). So
        if the relaxed game is lost, so is the position. The relaxed game is
        :meth:`_couples_cards`: the foundations, the single cards by face and the couples.
        """
        assert self._pairs is not None  # made by _relaxed_state
        seqs, seen, _ = self._pairs
        won = _pairs_win(state, seqs, seen, [END_NODES])
        if won is None:
            seen[state] = None  # not asked again
        return won is False

    def _relaxed_state(self, g: IndianEmpress) -> tuple | None:
        """Under ``couples``: :meth:`_couples_cards` packed as a state of :func:`_pairs_win`
        (None for a constructed position it refuses); sets up the tables of :meth:`_relaxed_lost`."""
        cards = self._couples_cards(g)
        if cards is None:
            return None
        base, up, free, couples = cards
        chains = (0, 11) if g.options["build"] == "suit" else (0,)
        seqs = (tuple(base[True]), tuple(base[False]), chains)
        if self._pairs is None or self._pairs[0] != seqs or len(self._pairs[1]) > 1_000_000:
            self._pairs = (seqs, {}, {})
        return (_pack(up[True]), _pack(up[False]), _pack(free[True]), _pack(free[False]),
                bytes([f for rb in sorted(couples) for f in rb]))

    def _relaxed_lost(self, g: IndianEmpress, state: tuple) -> bool:
        """:meth:`_couples_stuck` or :meth:`_lockstep_stuck` of the relaxed ``state``, each
        state worked out once per search (after :meth:`_relaxed_state`)."""
        assert self._pairs is not None  # made by _relaxed_state
        lost = self._pairs[2]
        verdict = lost.get(state)
        if verdict is None:
            verdict = lost[state] = self._couples_stuck(g, state) or self._lockstep_stuck(g, state)
        return verdict

    def _row_jammed(self, g: IndianEmpress, red: bool) -> bool:
        """The bound of :meth:`hopeless` for the row and talon packet of one colour.

        Going down the packet, card by card, ``blocked`` counts the cards of the row and above
        the current card that cannot go up before it comes in; only the faces from the moved
        card's on in its sequence are counted again. The card with the most ``blocked`` (the
        nearest to a jam) and the bottom card are then put to :meth:`_can_come_in`.
        """
        talon = g._p[TALON[red]].cards
        if not talon:
            return False
        by_suit = g.options["build"] == "suit"
        face = FACE_SUIT if by_suit else FACE_COLOUR
        _, base, up, row = self._sides(g)[not red]
        cnt = row[:]
        # deep[f]: copies of f from the card down, less those beyond B in play (none in a deal)
        deep = [base[f >= 11] - up[f] - cnt[f] for f in range(22)]
        for c in g._p["stock"].cards:
            f = face[c]
            if f is not None and RED[c] == red:
                deep[f] -= 1
        worst = [0] * 22  # the most copies of one face, up to f in its sequence, from the card down
        extra = [0] * 22  # cards of face f that cannot go up yet
        blocked = cnt[22]
        for f in range(22 if by_suit else 11):
            w = deep[f] if deep[f] > 0 else 0
            if f not in (0, 11) and worst[f - 1] > w:
                w = worst[f - 1]
            worst[f] = w
            room = base[f >= 11] - w - up[f]
            e = cnt[f] - room if room > 0 else cnt[f]
            extra[f] = e if e > 0 else 0
            blocked += extra[f]
        tight, most = len(talon) - 1, blocked
        for i in range(len(talon) - 1, 0, -1):
            if blocked > 23:
                return True
            if blocked > most:
                tight, most = i, blocked
            f = face[talon[i]]
            if f is None:
                blocked += 1
                continue
            drop = deep[f] > 0 and deep[f] == worst[f]
            deep[f] -= 1
            cnt[f] += 1
            b = base[f >= 11]
            for q in range(f, (11 if f < 11 else 22) if drop else f + 1):
                w = deep[q] if deep[q] > 0 else 0
                if q not in (0, 11) and worst[q - 1] > w:
                    w = worst[q - 1]
                if q > f and w == worst[q]:
                    break
                worst[q] = w
                room = b - w - up[q]
                e = cnt[q] - room if room > 0 else cnt[q]
                if e < 0:
                    e = 0
                blocked += e - extra[q]
                extra[q] = e
        if blocked > most:
            tight = 0
        return (blocked > 23 or not self._can_come_in(g, red, tight, base, up, row)
                or tight > 0 and not self._can_come_in(g, red, 0, base, up, row))

    def _can_come_in(self, g: IndianEmpress, red: bool, i: int, base: list[int], up: list[int], row: list[int]) -> bool:
        """Whether the talon card ``i`` (0 at the bottom) might ever come into its row.

        While it lies in the talon, a vacancy of its colour is refilled from the talon, so the
        cards of its colour that come in before it are the a cards above it and those of the
        first s cards of the pack (turned in order onto the talon above it, m of them): n =
        a + m + 1 refills, less the places vacant now, each after a pair. By then n cards of
        each colour went up, each from the row, the foundations and the cards come in: for the
        card's colour those above it, for the other those of the s cards and the top n (plus
        its places vacant now) of its talon packet, the rest of which lies under them. Per
        sequence, the copies of a face up are at most the foundations and the copies up or come
        in of it and of each face before it. If no s allows n cards of both colours up, the
        card never comes in.
        """
        p = g._p
        talon, others = p[TALON[red]].cards, p[TALON[not red]].cards
        face = FACE_SUIT if g.options["build"] == "suit" else FACE_COLOUR
        _, obase, oup, orow = self._sides(g)[red]
        need = len(talon) - i - [p[n].cards for n in ROWS[red]].count([])  # a vacancy is a refill due
        j = len(others) - need - [p[n].cards for n in ROWS[not red]].count([])  # others[j:] may come in
        mine = _Chains(face, base, up, row, talon[i + 1:])
        other = _Chains(face, obase, oup, orow, others[max(j, 0):])
        if need <= mine.got and need <= other.got:
            return True
        for c in reversed(p["stock"].cards):
            if RED[c] == red:
                need += 1
                mine.add(face[c])
                j -= 1
                if 0 <= j < len(others):
                    other.add(face[others[j]])
            else:
                other.add(face[c])
            if need <= mine.got and need <= other.got:
                return True
        return False
