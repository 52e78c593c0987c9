"""What a search knows of the Brunette and the Blonde (:mod:`pasyans.games.brunette_blonde` has the rules).

Suits are folded in the key when the rows build by colour; a card going up that nothing can need
is played at once; a position is dead when the row cannot hold what lies over the threes (or, in
the last pass, the cards cannot all be stretched out); in the readings where wins hide behind an
early choice a probe takes a share of the budget.
"""

from __future__ import annotations

from ..cards import RANK, RED
from ..games.brunette_blonde import ACES, KEY, BrunetteBlonde
from ..move import Move
from .knowledge import Knowledge, register

#: A card's family: 0 or 1 by (rank + red) % 2. A pile on the aces holds one family only (up
#: by one rank, the colour turned), and so, building by colour, does a pile of the main row.
FAMILY = tuple((RANK[c] + RED[c]) % 2 for c in range(52))


#: A card's index for counting by family and rank: family * 14 + rank.
SLOT = tuple(FAMILY[c] * 14 + RANK[c] for c in range(52))


def _colour(cards: list[int]) -> bytes:
    """The cards by rank and colour alone (``KEY``)."""
    return bytes(map(KEY.__getitem__, cards))


def _same(cards: list[int]) -> bytes:
    """The cards themselves."""
    return bytes(cards)


def _reach(home: list[int], free: list[int], reach: list[int], fam: int) -> None:
    """Set in ``reach``, for each rank of the family ``fam`` (0 or 14; index family * 14 + rank),
    how many piles of the aces can at most have reached the rank below by the boundary of
    :meth:`BrunetteBlonde.hopeless`: no more than hold a card of each rank below it, on the aces
    now or ``free``. A family's reach reads only that family."""
    n = 4
    for j in range(fam + 1, fam + 14):
        reach[j] = n
        m = home[j] + free[j]
        if m < n:
            n = m


def _rise(home: list[int], free: list[int], reach: list[int], j: int) -> None:
    """:func:`_reach` again after one more card of the slot ``j`` is free: only the ranks above
    it can change, each from the one below, so the sweep stops at the first it leaves alone."""
    n = reach[j]
    m = home[j] + free[j]
    if m < n:
        n = m
    for i in range(j + 1, j // 14 * 14 + 14):
        if reach[i] == n:
            return
        reach[i] = n
        m = home[i] + free[i]
        if m < n:
            n = m


def _need(home: list[int], free: list[int], held: list[int], reach: list[int], fam: int,
          pairs: bool, suit: bool) -> int:
    """How many places of the main row the cards of ``held`` of the family ``fam`` (building by
    suit, of both families, ``fam`` 0) that cannot be on the aces by then need at the least (see
    :meth:`BrunetteBlonde.hopeless`), all counted by family and rank (index family * 14 + rank).

    Of the held cards of a rank at most ``reach - home`` can be on the aces by then; the rest
    are stuck in the row. A place of the row holds one card of a rank and, building by colour,
    of one family; it runs through every rank between its ends, each a card not under the
    boundary (``free``). So the stuck cards of a stretch of ranks with free cards need as many
    places as the most of one rank; with places of two cards, as many as the cards less the
    pairs of ranks next to each other they make. The families need places apart, so their
    counts add up.
    """
    if not (pairs or suit):
        return _stretches(home, free, held, reach, fam)
    need = peak = left = 0
    for j in range(fam + 13, fam, -1):
        n = held[j]
        if n:
            room = reach[j] - home[j]
            if room > 0:
                n = n - room if n > room else 0
        f = free[j]
        if suit:  # a place of the row mixes the families
            k = held[j + 14]
            if k:
                room = reach[j + 14] - home[j + 14]
                if room > 0:
                    k = k - room if k > room else 0
                n += k
            f += free[j + 14]
        if pairs:  # each card left over from the rank above takes a place, with a pair or not
            need += left
            left = n - left if n > left else 0
        elif not f:
            need += peak
            peak = 0
        elif n > peak:
            peak = n
    return need + left + peak


def _stretches(home: list[int], free: list[int], held: list[int], reach: list[int], fam: int) -> int:
    """:func:`_need` building by colour, places of any height (the search's hottest loop, so
    apart): the sum over the stretches of ranks with free cards of the most stuck cards of a
    rank. A rank can raise the peak only when it holds more cards than the peak."""
    need = peak = 0
    for j in range(fam + 13, fam, -1):
        if not free[j]:
            need += peak
            peak = 0
        else:
            n = held[j]
            if n > peak:
                room = reach[j] - home[j]
                if room > 0:
                    n -= room
                if n > peak:
                    peak = n
    return need + peak


@register("brunette_blonde")
class BrunetteBlondeKnowledge(Knowledge[BrunetteBlonde]):
    """The Brunette and the Blonde's knowledge (no caches of the position: it remembers only
    whether the last move played took a card of the кон or the row into the row, see :meth:`play`)."""

    #: Whether the last move played took a card of the кон or the row into the row: then
    #: :meth:`hopeless` need not ask again (see there).
    _into_row = False

    def play(self, g: BrunetteBlonde, move: Move) -> None:
        """Play ``move``, noting whether it took a card of the кон or the row into the row."""
        steps = move.steps
        self._into_row = bool(steps) and steps[0][2][:3] == "row" and steps[0][1] != "stock"
        g._apply(move)

    def canonical_key(self, g: BrunetteBlonde) -> tuple:
        """The position with what cannot matter folded.

        An ace pile matters only by what it takes and whether it is full, both read off its top
        by rank and colour: it is keyed by ``KEY`` of its top (0 when empty), and the aces are
        interchangeable places, so the tuple is sorted. Building by colour, no rule reads a suit
        (the aces, the row and the кон go by rank and colour alone), so every card is folded to
        its ``KEY``: swapping two cards of one rank and colour changes nothing in the game. The
        places of the main row are interchangeable, so they are sorted too.
        """
        p = g._p
        fold = _same if g._suit else _colour
        return (fold(p["stock"].cards), fold(p["kon"].cards),
                bytes(sorted(KEY[cs[-1]] if cs else 0 for cs in (p[n].cards for n in ACES))),
                tuple(sorted(fold(p[n].cards) for n in g._rows)), g.dealt, g.pass_no)

    def safe_move(self, g: BrunetteBlonde, moves: list[Move]) -> Move | None:
        """A card going up to the aces can never hurt when no card it could hold in the main
        row is left (every ace pile has reached the rank below it), and an ace or a two never."""
        p = g._p
        low = min((len(p[a].cards) for a in ACES), default=0)
        for m in moves:
            if m.kind == "found":
                r = RANK[m.steps[0][0]]
                if r <= 2 or low >= r - 1:
                    return m
        return None

    def probe(self, g: BrunetteBlonde) -> float:
        """A win often hides behind an early choice the depth-first search cannot undo: at
        150,000 states the probe wins places of two cards, deals 1, 2, 9 and 18 (the search alone
        none of them), and without row-to-row moves deal 90 (in 738 states). A probe on 30% of
        the budget, then; none with a row of two places, where it won no deal of 1-20 and the
        search must prove losses."""
        return 0.0 if g._nrow == 2 else 0.3

    def hopeless(self, g: BrunetteBlonde) -> bool:
        """In the second laying (the last), whether the кон can never be emptied.

        The кон gives only its top, to the aces or the row; the row gives only its tops, to the
        aces or the row; the pack gives its cards in turn. Take the moment a card k of the кон
        leaves it, with d cards of the pack dealt: the cards of the кон under k and of the pack
        after the d-th are not on the aces, so :func:`_reach` bounds how many piles of each
        family can have reached each rank; every card over k, the d dealt and those of the row
        are on the aces or in the row. If they cannot be (:func:`_need`), that moment never
        comes. The кон empties from the top, so for k going down d never falls: the smallest d
        that may go with each card in turn is found in one sweep, and if none is left for some
        card, the кон never empties and the game is lost. Every reading keeps these facts (the
        кон, the pack, the one redeal); what a place of the row can hold is read in :func:`_need`.

        A position the search reaches by a card of the кон or the row laid into the row is not
        asked again: the search asked its parent and found it not hopeless, and the sweep reads
        the child as it read the parent. A card moved from one place of the row to another
        changes nothing the sweep reads (the row is counted by slot). A card x from the top of
        the кон is the parent's first card of the sweep, held and made free there; in the child
        it lies in the row, held and free from the start. What the sweep reads at each step is set
        by the card of the кон it has reached and how much of the pack it has dealt, not by the
        way there, so after that first step the child's sweep meets the parent's moments with no
        more of the pack dealt: wherever the parent's found a moment for a card, the child's
        does. So the search visits the same positions, only sooner. (Skipping a question could
        only forgo a cut, never make a verdict wrong; a test checks on random positions that
        such a child is never hopeless.)
        """
        if self._into_row or g.pass_no == 1 or g.dealt < g._nrow:
            return False
        p = g._p
        kon, stock = p["kon"].cards, p["stock"].cards
        if not kon:
            return False
        home = [0] * 28  # cards of each family and rank on the aces
        for name in ACES:
            cs = p[name].cards
            if cs:
                base = SLOT[cs[0]] - 1
                for r in range(1, len(cs) + 1):
                    home[base + r] += 1
        free = [4 - h for h in home]  # cards neither on the aces nor still under k or in the pack
        for c in kon:
            free[SLOT[c]] -= 1
        for c in stock:
            free[SLOT[c]] -= 1
        held = [0] * 28  # cards over k, dealt, or in the row
        for name in g._rows:
            for c in p[name].cards:
                held[SLOT[c]] += 1
        count = sum(held)  # no more cards than places: never crowded
        reach = [4] * 28
        _reach(home, free, reach, 0)
        _reach(home, free, reach, 14)
        nrow, pairs, suit = g._nrow, g._cap == 2, g._suit
        fams = (0,) if suit else (0, 14)
        part = [-1, -1]  # each family's places (by fam // 14), -1 when to be counted anew
        dealt = len(stock)  # the pack still to come: stock[:dealt]
        # Bounds on the places needed, kept while no reach rises and no stretch of ranks joins:
        # then one more card needs at most one more place, and never fewer.
        low = high = None
        for c in reversed(kon):
            while True:
                j = SLOT[c]
                f = j // 14
                if home[j] + free[j] < reach[j]:  # a reach rises
                    free[j] += 1
                    _rise(home, free, reach, j)
                    low = high = None
                elif not (free[j] or pairs):  # a stretch of ranks may join
                    free[j] += 1
                    low = high = None
                else:
                    free[j] += 1
                held[j] += 1
                part[0 if suit else f] = -1
                count += 1
                if high is not None and held[j] > reach[j] - home[j]:  # one more stuck card
                    high += 1
                if count <= nrow or (high is not None and high <= nrow):
                    break
                if low is None or low <= nrow:
                    for fam in fams:
                        if part[fam // 14] < 0:
                            part[fam // 14] = _need(home, free, held, reach, fam, pairs, suit)
                    low = high = part[0] + part[1] if not suit else part[0]
                    if low <= nrow:
                        break
                if not dealt:  # c cannot leave, however much of the pack is dealt
                    return True
                dealt -= 1
                c = stock[dealt]
        return False
