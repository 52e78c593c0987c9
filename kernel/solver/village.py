"""What a search knows of the Village patience (:mod:`pasyans.games.village` has the rules).

The piles above are folded in the key; a card goes up at once when no other pile can take it;
marriages that uncover a fitting card, and pairs the piles will soon take, are tried first; a
position is dead when two cards wait for each other or a card lies over its forerunner with no
partner to go up from; under suit bases a probe takes a share of the budget.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import SUIT
from ..games.village import ACE, N, Village
from ..move import Move
from .knowledge import Knowledge, register

_BIT = tuple(1 << c % 13 for c in range(52))  # a card's rank as a bit


_NEXT = tuple((1 << c % 13 + 1 | 1 << c % 13 >> 1) & 0x1FFF for c in range(52))  # the ranks one off, as bits


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
    return any(c // 13 == s and _BIT[c] & before for c in cs[:d])


def _bits(mask: int) -> list[int]:
    """The ranks set in ``mask``."""
    return [r for r in range(13) if mask >> r & 1]


@lru_cache(maxsize=1 << 8)
def _lanes(ups: tuple, downs: tuple) -> tuple:
    """Per suit (the ace's pile at ``a``, the king's at ``k``): None when no rank left has one
    copy and one pile; else 26 masks: for each rank r, the ranks of the partners a card of rank r
    may go up from (all ranks one off but its pile's preceding one), then for each rank of one
    copy and one pile the ranks of one copy its pile takes before it (none for the others)."""
    out: list[tuple | None] = []
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
def _ranks(cards: tuple[int, ...]) -> tuple[int, ...]:
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


@register("village")
class VillageKnowledge(Knowledge[Village]):
    """The Village patience's knowledge (no caches but pure ones)."""

    def canonical_key(self, g: Village) -> tuple:
        """The position with the ace piles sorted and the king piles sorted, each pile named by its top.

        A pile above the row holds its suit from its base to its top, so its top names it, and
        the rules treat two piles of a side alike (a card goes on the first that fits; piles with
        one top are equal): permuting a side's piles renames the position. Piles only grow and
        keep their places, so no folded key meets a past position of the game but itself.
        """
        tops = g._tops()
        return (tuple(g._stock.cards), tuple([tuple(h.cards) for h in g._heaps]), tuple(sorted(tops[:N])),
                tuple(sorted(tops[N:])), g.laying, g.row_left)

    def safe_move(self, g: Village, moves: list[Move]) -> Move | None:
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
        if g.options["found"] != "must" or g.options["available"] != "top":
            return None
        fill = g.options["fill"] == "at_once" and bool(g._stock.cards)
        routes = None
        for m in moves:
            if m.kind != "found":
                continue
            c, src, dst = m.steps[0]
            pile = g._p[dst].cards
            if not pile or (fill and len(g._p[src].cards) == 1):
                continue
            routes = routes or self._routes(g)
            ups, downs = (list(r) for r in routes[SUIT[c]])
            (ups if dst in ACE else downs).remove(pile[-1] % 13)
            y = c % 13
            if all(a >= y for a in ups) and all(k <= y for k in downs):
                return m
        return None

    def ordered(self, g: Village, moves: list[Move]) -> list[Move]:
        """Every move, the usual order of kinds, but a marriage that uncovers a card fitting a pile
        before the others and the others before the deal; in the first laying the others by how
        far the piles are from taking their pair in its order (see :meth:`_wait`); in the last
        laying with ``bases=suit``, a marriage of a card of one copy and one pile onto the card
        its pile takes just before it (the pair must part again: see :meth:`hopeless`) after
        the other marriages. The order only; nothing is dropped."""
        wants = g._wants()
        routes = self._routes(g) if g.laying == 1 else None
        lanes = None
        if g.laying > 1 and g.options["bases"] == "suit":
            ups, downs, _ = _bounds(g._tops(), True)
            lanes = _lanes(ups, downs)

        def rank(m: Move) -> tuple[int, int]:
            if m.kind != "move":
                return self.KIND_ORDER.get(m.kind, 3) * 2, 0
            x = m.steps[0][0]
            lane = lanes[SUIT[x]] if lanes else None
            if lane and not lane[x % 13] & _BIT[g._p[m.steps[0][2]].cards[-1]]:
                return 7, 1
            below = g._p[m.steps[0][1]].cards[-2:-1]
            if below and below[0] in wants:
                return 5, 0
            return 7, self._wait(g, m, routes) if routes else 0
        return sorted(moves, key=rank)

    def _wait(self, g: Village, move: Move, routes: tuple) -> int:
        """For a marriage of X onto Y: how many ranks the nearest ace pile of the suit lacks to
        take X and then Y (X lower) or the nearest king pile (X higher); 0 once one could."""
        x = move.steps[0][0]
        ups, downs = routes[SUIT[x]]
        y = x % 13
        return max(y - max(ups) if x < g._p[move.steps[0][2]].cards[-1] else min(downs) - y, 0)

    def probe(self, g: Village) -> float:
        """With one ace and one king a suit (bases=suit), a limited-discrepancy probe on 60% of
        the budget: the search sinks into the subtree of its first second laying, while a win
        lies behind another laying-1 choice (deals 1-20 at 150,000 states: 19 won against 14)."""
        return 0.6 if g.options["bases"] == "suit" else 0.0

    def hopeless(self, g: Village) -> bool:
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
        if g.laying == 1 or g.options["available"] == "any":
            return False
        heaps, stock = self._row_end(g)
        o = g.options
        return _stuck(tuple(map(tuple, heaps)), stock, g._tops(), o["bases"] == "suit", o["marriages"] == "suit")

    def _row_end(self, g: Village) -> tuple[list[list[int]], tuple[int, ...]]:
        """The non-empty heaps and the pack once the row being laid is out: amid a row nothing but
        its next cards, one to each following place, can be played."""
        stock = g._stock.cards
        heaps = [h.cards for h in g._heaps]
        k = min(g.row_left, len(stock))
        if k:
            first = N - g.row_left
            for i in range(k):
                heaps[first + i] = heaps[first + i] + [stock[-1 - i]]
            stock = stock[:-k]
        return [cs for cs in heaps if cs], tuple(stock)  # an empty heap holds no card of G

    def _routes(self, g: Village) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Per suit: the tops of its ace piles (-1 for one yet to found) and of its king piles (13)."""
        return _routes(g._tops(), g.options["bases"] == "suit")
