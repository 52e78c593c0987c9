"""What a search knows of the Octagon (:mod:`pasyans.games.octagon` has the rules).

Interchangeable aces and packets are folded in the key (and what no rule reads any more is left
out); a card going up that no other card can need is played at once; a position is dead when a
card lies under one that needs it first, or when relaxations of the layings still to come (the
middle turned through again, with refills followed case by case) leave a card stuck. With
``packets=any`` a streamliner first searches as the default reading does, building in suit only,
and again, longer, after the complete search.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from ..cards import RANK, SUIT
from ..games.octagon import PACKET_SIZE, PACKETS, Octagon
from ..move import Move
from .knowledge import Knowledge, Strategy, register
from .streamliners import Streamlined

# A card in a stack of the relaxations (see ``_marked``): the card, plus SECOND when it goes up
# second of its two copies; ``entry & CARD`` is the card.
SECOND, CARD = 64, 63
_ALL = frozenset(range(52))
#: The move orders by kind: 0 the search's own, 1, 2 … the alternatives. "empty": a card going
#: up from a packet it empties (see :meth:`OctagonKnowledge.ordered`).
ORDERS: tuple[dict[str, int], ...] = (
    {"found": 0, "build": 1, "turn": 2, "redeal": 3},  # the game's
    {"found": 0, "turn": 1, "build": 2, "redeal": 3},  # a build only when the turn did not win
    {"found": 0, "build": 1, "turn": 2, "empty": 3, "redeal": 4},
)
#: The shares of the budget of the alternative orders.
ORDER_SHARES: tuple[float, ...] = (0.05, 0.01)
#: With ``packets=any``: the move orders :class:`_InSuit` searches in, each with its share. Of the
#: 76 deals of 1-300 the table left unknown under ``any``, 43 were won under the default reading;
#: at 200,000 states and 10 CPU s (load 3-4) the two shares win 39 of them (and deal 277, unknown
#: under both readings), order 2 each within 7,746 of its states and order 0 the other four
#: within 4,412; of deals 1-50, 45 are decided (34 in the table).
IN_SUIT: tuple[tuple[int, float], ...] = ((2, 0.05), (0, 0.05))
#: With ``packets=any``: the share of :class:`_InSuit` in order 0 once more, after the complete
#: searches (the rest of the budget, less this). In the table's run of ``any`` every loss was
#: proved within 87 states; the complete search's slowest win (deal 259) came 102,560 states into
#: it, and four deals won under the default reading (16, 102, 125, 246) stayed unknown, which this
#: search alone wins in 31,310, 25,931, 61,238 and 20,868 states. Both fit, at 200,000 states:
#: 104,000 for the complete search, 64,000 for this one.
IN_SUIT_AGAIN = 0.32
#: The verdicts of ``_ahead`` noted, by its arguments (see ``_stuck_ahead``), and how many are kept,
#: the oldest dropped first: with 1,024, 4,096 or 16,384 the same 80% of the questions of 30,000
#: states of deals 29 and 40 were worked out (the search asks after a position's turns soon).
AHEAD: dict[tuple, bool] = {}
AHEAD_SIZE = 1024
REFILL_CASES = 6  # the turns at which a first refill is followed case by case (see ``_Turning``)


# What a packet top offers to a build: itself (in suit), or its rank (in any suit).
_CARD_KEYS = tuple(range(52))
_RANK_KEYS = tuple(RANK[c] + 100 for c in range(52))


def _over_lower(c: int, cards: list[int]) -> bool:
    """Whether a card of ``c``'s suit of a lower rank lies in ``cards`` (a stack, ``c`` on
    top)."""
    s, r = SUIT[c], RANK[c]
    return any(SUIT[x] == s and RANK[x] < r for x in cards[:-1])


def _may_leave(c: int, h: list[list[int]], any_suit: bool) -> bool:
    """Whether a middle card might still be built on a packet: a copy of the card one rank
    higher (of its suit, or of any suit) is not up yet."""
    r = RANK[c]
    if r == 13:
        return False
    if any_suit:
        return any(lo <= r for lo, _ in h)
    return h[SUIT[c]][0] <= r


@lru_cache(maxsize=64)
def _builders(h: Any, any_suit: bool) -> frozenset:
    """The cards that may still be built on a packet (see ``_may_leave``)."""
    return frozenset(c for c in range(52) if _may_leave(c, h, any_suit))


@lru_cache(maxsize=1024)  # hits come from nearby positions; a big cache only loads the collector
def _stuck(h: tuple, packets: tuple, middle: tuple, leavers: frozenset, any_suit: bool) -> bool:
    """Whether some card can never go up, with every card outside ``packets`` and ``middle``
    free (see ``Octagon.hopeless``). ``h`` holds the heights of the ace piles by suit; the
    cards of the stacks leave from the top only, upwards or, a middle card of ``leavers``, by a
    build (then it counts as free).

    A free card goes up once a copy of every lower rank of its suit is up, or both copies when
    its twin is up already; so, free cards going up as soon as they fit, a copy of every rank
    of a suit up to ``reach`` is up when every rank up to there has a copy outside the stacks,
    and both copies up to ``reach2`` when no copy of those ranks is left in a stack. A card
    lying in a stack under a card of its suit of the same or a higher rank that can only go up
    (a packet card; a middle card not in ``leavers``) goes up second of its two copies: that
    card needs a copy of this rank up before it leaves, which can only be the twin; and the
    second copy needs both copies of every lower rank up, as the other ace pile of its suit
    must have reached the rank below.

    The cards are taken off by ``_Turning.settle`` with the cards of ``leavers`` loose in the
    middle; its builds onto possible packet tops add nothing to them, for a card the middle
    gives up that way may leave by a build (``_leavers``), so it is one of them.
    """
    marking = _marked(h, packets, middle, leavers)
    if marking is None:
        return True
    stacks, left, firsts = marking
    return any(_Turning(stacks, left, any_suit, _held(h, firsts, left), leavers).stacks)


def _marked(h: tuple, packets: tuple, middle: tuple, leavers: frozenset) -> tuple | None:
    """The stacks (the packets, then the middle) as lists of entries (see ``SECOND``), bottom
    first, with ``left``, the copies of each card in them, and ``firsts``, the cards that must go up
    first of their copies; None when two copies of a card must both go up first. Fresh lists
    on every call, made from ``_marking`` (``leavers`` reads only the middle).
    """
    marking = _marking(h, packets, middle, leavers if middle else _ALL)
    if marking is None:
        return None
    stacks, left, firsts = marking
    return [list(st) for st in stacks], list(left), dict(firsts)


@lru_cache(maxsize=4)  # the questions about one position mark the same stacks a few times in a row
def _marking(h: tuple, packets: tuple, middle: tuple, leavers: frozenset) -> tuple | None:
    """``_marked`` as tuples: the stacks, ``left`` and the items of ``firsts``.

    A card goes up second of its two copies (``SECOND``) when its twin is up already, or when
    it lies under a card of its suit of the same or a higher rank that can only go up (see
    ``_stuck``), or when its twin must go up first: a card ``y`` that can only go up and lies
    over a lower card ``x`` of its suit goes up while ``x`` is down, so while at most one ace
    pile of the suit has passed ``x``'s rank; it goes on that pile, which a copy of ``y``'s
    rank up before would have passed already: ``y`` is the first of its copies to go up.
    """
    suit, rank = SUIT, RANK
    left = [0] * 52
    firsts: dict[int, int] = {}
    stacks = []
    n = len(packets)
    for k, st in enumerate(packets + (middle,)):
        only_up = k < n  # a packet card leaves only upwards; a middle card unless in leavers
        over = [0, 0, 0, 0]  # per suit, the highest rank lying above that can only go up
        marked = []
        for c in reversed(st):
            left[c] += 1
            s, r = suit[c], rank[c]
            if over[s] >= r:
                marked.append(c | SECOND)
            else:
                lo, hi = h[s]
                marked.append(c | SECOND if (lo >= r) != (hi >= r) else c)
                if only_up or c not in leavers:
                    over[s] = r
        marked.reverse()
        low = [14, 14, 14, 14]  # per suit, the lowest rank lying below
        for i, x in enumerate(marked):
            c = x & CARD
            s, r = suit[c], rank[c]
            if low[s] >= r:
                low[s] = r
            elif only_up or c not in leavers:
                if c in firsts:
                    return None
                firsts[c] = k * 1000 + i
        stacks.append(marked)
    if firsts:
        for k, st in enumerate(stacks):
            for i, x in enumerate(st):
                c = x & CARD
                if c in firsts and firsts[c] != k * 1000 + i:
                    st[i] = x | SECOND
    return tuple(map(tuple, stacks)), tuple(left), tuple(firsts.items())


def _held(h: tuple, firsts: dict[int, int], left: list[int]) -> dict[int, int]:
    """The free copies that must wait for their twin in a stack (it goes up first, see
    ``_marked``): counted into ``left`` as if in a stack, until a copy leaves one."""
    held = {}
    for c in firsts:
        lo, hi = h[SUIT[c]]
        if left[c] == 1 and lo < RANK[c] and hi < RANK[c]:
            held[c] = 1
            left[c] += 1
    return held


def _stuck_ahead(*args: Any) -> bool:
    """``_ahead`` as known from ``AHEAD`` (worked out and noted there when not)."""
    known = AHEAD.get(args)
    if known is None:
        known = _ahead(*args)
        _note(args, known)
    return known


def _note(args: tuple, stuck: bool) -> None:
    """Note ``_ahead``'s verdict for ``args`` in ``AHEAD``."""
    if len(AHEAD) >= AHEAD_SIZE:
        del AHEAD[next(iter(AHEAD))]
    AHEAD[args] = stuck


def _ahead(h: tuple, packets: tuple, middle: tuple, passed: tuple, coming: tuple, any_suit: bool,
           turned: bool, redeals: int) -> bool:
    """Whether some card can never go up, ``redeals`` redeals being left: ``middle``, the
    middle's cards that may still leave it in this laying (its top is played until covered);
    ``passed``, those the turn has passed (``turned``: a card is played only as it is turned);
    ``coming``, the pack in the order it is turned (with the live card first, turned again).

    Each laying but the last is followed by ``_Turning.lay`` (the pack turned in its order);
    a redeal turns the middle over unshuffled, so the next pack holds, in their order, at
    least the cards the relaxation keeps in the middle (every card the real game takes off the
    middle the relaxation has taken off too, and a card gone is free, which does at least what
    it would do turned again); the last laying is ``_stuck_turning``'s, a card leaving the
    middle by a build only while a copy of a card one rank higher (of its suit, or of any suit)
    is not up now (see ``_may_leave``).

    After a redeal the relaxation's pack is only part of the real one (``exact`` off): the
    real pack also holds cards the relaxation has put up or freed, in between. So a refill's
    five cards need not be the next five of the relaxation's pack, and a card the relaxation
    has put up from the middle may be dealt onto a packet and top it. Hence, from the moment a
    packet may be empty in such a laying (in the real game no refill comes before), the rest
    of the pack is free, and every card put up from the middle (``pending``) may top a packet:
    the refills are not followed case by case there (they were, and proved a won position of
    deal 4 lost).

    The verdict is also noted in ``AHEAD`` for the positions the real game reaches from here
    by turns alone while the relaxation has taken no card off the middle (``_Turning.lay``'s
    ``untouched``, unless ``turned``): the relaxation of such a position starts where this one
    has got to then. For it starts from the same stacks with the turned cards on the middle,
    and every order of taking cards off ends the same (see ``_Turning.settle``); here none left
    the middle, so there none does either, and the packets' tops and the reaches match.
    """
    marking = _marked(h, packets, (), _ALL)
    if marking is None:
        return True
    stacks, left, firsts = marking
    for c in middle + passed + coming:
        left[c] += 1
    mid = stacks[-1]
    for c in middle:
        lo, hi = h[SUIT[c]]
        mid.append(c | SECOND if (lo >= RANK[c]) != (hi >= RANK[c]) or c in firsts else c)
    run = _Turning(stacks, left, any_suit, _held(h, firsts, left))
    run.given(h, firsts, _ALL, turned)
    whole = not turned and len(mid) == len(middle)  # no card has left the middle yet
    laid, kept, untouched = coming, list(passed), 0
    for _ in range(redeals):
        coming, kept = tuple(kept + run.lay(coming)), []
        run.exact = False
        whole, untouched = False, run.untouched if whole else 0
    run.leavers = _builders(h, any_suit)
    stuck = run.stuck(coming[::-1], len(coming), 0)
    for j in range(1, untouched + 1):
        _note((h, packets, middle + laid[:j], passed, laid[j:], any_suit, turned, redeals), stuck)
    return stuck


def _stuck_turning(h: tuple, packets: tuple, middle: tuple, stock: tuple, leavers: frozenset,
                   any_suit: bool, turned: bool = False) -> bool:
    """Whether some card can never go up in the last laying, the pack turned in its order.

    The relaxation of ``_stuck`` with time: the cards of the pack are no longer free but come
    into the middle one by one (the top of the pack first), each on top of what is left there.
    Between two turns every top card that fits leaves its stack: upwards when ``_stuck`` would
    let it, or from the middle by a build when a card one rank higher (of its suit, or of any
    suit) may top a packet by then (see ``_Turning``). A card turned on a card of its suit of
    the same or a lower rank marks that card to go up second (see ``_stuck``) when it can only
    go up (it is not in ``leavers``, the cards that may ever leave the middle by a build); on a
    lower one, it must go up first of its copies, and its twin second (see ``_marked``).

    By induction on the turns, every card the real game has taken off a stack by a turn the
    relaxation has too (and every real packet top is a possible top of the relaxation), so a
    card the real game still leaves in the middle when a card comes on it lies there in the
    relaxation as well, under that card. A refill takes cards of the pack past the middle:
    from the first turn at which a packet may be empty (it is empty in the relaxation no later
    than in the real game) the first refill comes never or at some later turn, and each case
    is followed (``_Turning.refills``): the refill takes the next five cards of the pack onto
    a new packet, a stack like the others (the first dealt at the bottom); from the moment a
    second packet may be empty (or the refilled one, or after ``REFILL_CASES`` turns) the
    rest of the pack is free, as in ``_stuck``, and may top a packet.

    ``turned``: a card is played only as it is turned, so a card still in the middle when the
    next one is turned never leaves (the last laying).
    """
    marking = _marked(h, packets, middle, leavers)
    if marking is None:
        return True
    stacks, left, firsts = marking
    for c in stock:
        left[c] += 1
    run = _Turning(stacks, left, any_suit, _held(h, firsts, left))
    run.given(h, firsts, leavers, turned)
    return run.stuck(stock, len(stock), 0)


class _Turning:
    """The state of ``_stuck_turning`` between turns: the stacks (the packets, then the
    middle) of marked cards, the copies of each card not free, the reaches of ``_stuck``, and
    what the cards that may top a packet offer (``tops``, see ``keys``); ``held``: the free
    copies waiting for their twin (see ``_held``).

    A real packet top is a card of the packets with every card above it gone (they left only
    upwards, so the relaxation has taken them off), or a card built from the middle: it left
    the middle at a time when a card one rank higher might top a packet, so the relaxation has
    taken it off by then and has that card among the possible tops (``pending`` holds what the
    cards taken off the middle that wait for such a card offer). ``h``, ``firsts``,
    ``leavers``: see ``_stuck_turning``; ``turned``: a card leaves the middle only as it is
    turned; ``exact``: the pack is the real one (not after a redeal of ``_stuck_ahead``, see
    there); ``at``: see ``stuck``."""

    h: tuple = ()
    seconds: frozenset = frozenset()  # the cards whose twin is up (see ``_seconds``)
    firsts: dict
    leavers: frozenset = frozenset()
    turned: bool = False
    exact: bool = True
    at: int = -1
    untouched: int = 0

    def __init__(self, stacks: list, left: list[int], any_suit: bool, held: dict[int, int],
                 loose: frozenset = frozenset()) -> None:
        self.stacks, self.left, self.held, self.loose = stacks, left, held, loose
        # what each card offers as a packet top (see ``_CARD_KEYS``)
        self.keys = _RANK_KEYS if any_suit else _CARD_KEYS
        self.reach, self.reach2 = [0] * 4, [0] * 4
        self.tops: set[int] = set()
        self.pending: set[int] = set()
        self.rise()
        for st in stacks[:-1]:
            self.may_top(st[-1] & CARD)
        self.settle()

    def given(self, h: tuple, firsts: dict, leavers: frozenset, turned: bool) -> None:
        """Set what the turns read (see the class)."""
        self.h, self.seconds, self.firsts, self.leavers, self.turned = h, _seconds(h), firsts, leavers, turned

    def copy(self) -> _Turning:
        """An independent copy, to follow one case."""
        other = object.__new__(_Turning)
        other.__dict__.update(self.__dict__)
        other.stacks = [list(st) for st in self.stacks]
        other.left, other.reach, other.reach2 = list(self.left), list(self.reach), list(self.reach2)
        other.held, other.firsts = dict(self.held), dict(self.firsts)
        other.tops, other.pending = set(self.tops), set(self.pending)
        return other

    def lay(self, coming: tuple) -> list[int]:
        """Turn ``coming`` in its order through a laying before the last: the cards left in the
        middle at the redeal, bottom first (a card the turn passes leaves the stacks, with
        ``turned``). From the moment a packet may be empty the rest of the pack is free (a
        refill may take any of it)."""
        packs, mid = self.stacks[:-1], self.stacks[-1]
        passed = []
        n = len(mid)
        self.untouched = 0
        for i, c in enumerate(coming):
            if not all(packs):
                self.free(coming[i:])
                break
            self.turn(c)
            if self.turned and mid:
                passed.append(mid.pop() & CARD)
            elif self.untouched == i and len(mid) == n + i + 1:
                self.untouched = i + 1
        kept = passed + [x & CARD for x in mid]
        mid.clear()
        return kept

    def stuck(self, stock: tuple, n: int, refilled: int) -> bool:
        """Whether some card stays stuck, the pack ``stock[:n]`` turned from its top; with
        ``refilled`` 1, one refill has been placed, with 2 none is (see ``refills``); a pack
        that is not ``exact`` is free from the moment a packet may be empty. When stuck on the
        way, ``at`` is the place of the card turned then."""
        self.at = -1
        packs, mid = self.stacks[:-1], self.stacks[-1]
        for i in range(n - 1, -1, -1):
            if not self.exact and not all(packs):
                self.free(stock[:i + 1])
                return any(self.stacks)
            if refilled < 2 and not all(packs) and (not refilled or sum(not st for st in packs) > 1):
                if refilled:
                    self.free(stock[:i + 1])
                    return any(self.stacks)
                return self.refills(stock, i)
            if (self.turned and mid) or self.turn(stock[i]):
                self.at = i
                return True
        self.rise()
        self.settle()
        return any(self.stacks)

    def refills(self, stock: tuple, i: int) -> bool:
        """A packet may be empty before ``stock[i]`` is turned: whether stuck in every case of
        the first refill: after ``REFILL_CASES`` turns (the rest of the pack free then), never,
        or at one of the turns before (up to the one at which the case without refills is
        stuck: a refill after it changes nothing before it)."""
        late = i - REFILL_CASES
        if late >= 0 and not self.copy().waits(stock, i, late):
            return False
        never = self.copy()
        if not never.stuck(stock, i + 1, 2):
            return False
        mid = self.stacks[-1]
        for j in range(i, max(never.at - 1, late, -1), -1):
            if not self.copy().refill(stock, j):
                return False
            if (self.turned and mid) or self.turn(stock[j]):
                return True
        return True

    def waits(self, stock: tuple, i: int, late: int) -> bool:
        """Whether stuck when ``stock[i]`` down to ``stock[late + 1]`` are turned, the rest of
        the pack free then."""
        mid = self.stacks[-1]
        for j in range(i, late, -1):
            if (self.turned and mid) or self.turn(stock[j]):
                return True
        self.free(stock[:late + 1])
        return any(self.stacks)

    def refill(self, stock: tuple, i: int) -> bool:
        """The case where a packet is refilled now, from ``stock[i]`` down: whether stuck."""
        lo = max(i - PACKET_SIZE + 1, 0)
        packet = [self.mark(c) for c in stock[lo:i + 1][::-1]]
        self.stacks.insert(len(self.stacks) - 1, packet)
        self.may_top(packet[-1] & CARD)
        self.settle()
        return self.stuck(stock, lo, 1)

    def mark(self, c: int) -> int:
        """The entry (see ``SECOND``) of a card coming out of the pack (see ``_marked``)."""
        return c | SECOND if c in self.seconds or c in self.firsts else c

    def free(self, cards: tuple) -> None:
        """``cards`` of the pack are free from now on, and may top a packet; so may, when the
        pack is not ``exact``, every card put up from the middle (see ``_stuck_ahead``)."""
        stacks, left, held = self.stacks, self.left, self.held
        if not self.exact:
            self.tops |= self.pending
            self.pending.clear()
        for c in cards:
            if c in self.firsts and any(x & CARD == c for st in stacks for x in st):
                held[c] = held.get(c, 0) + 1
            else:
                left[c] -= 1
            self.may_top(c)
        self.rise()
        self.settle()

    def turn(self, c: int) -> bool:
        """Turn ``c`` onto the middle and settle; True when that proves a card stuck."""
        firsts, mid = self.firsts, self.stacks[-1]
        s, r = SUIT[c], RANK[c]
        turned = self.mark(c)
        if c not in self.leavers:
            first = False
            for i, x in enumerate(mid):
                y = x & CARD
                if SUIT[y] == s and RANK[y] <= r:
                    mid[i] = x | SECOND
                    first = first or RANK[y] < r
            if first:
                if c in firsts:
                    return True
                firsts[c] = -1
                for st in self.stacks:
                    for i, x in enumerate(st):
                        if x & CARD == c:
                            st[i] = x | SECOND
        mid.append(turned)
        # unless the card may leave at once, nothing else has changed: all stays settled
        if r - 1 <= (self.reach2 if turned & SECOND else self.reach)[s] or (r < 13 and self.keys[c] + 1 in self.tops):
            self.settle(False)
        return False

    def rise(self) -> None:
        """Bring the reaches of every suit up to date."""
        for s in range(4):
            _rise(s, self.left, self.reach, self.reach2)

    def may_top(self, c: int) -> None:
        """``c`` may top a packet from now on; so may the pending cards one rank lower."""
        tops, pending = self.tops, self.pending
        k = self.keys[c]
        while k not in tops:
            tops.add(k)
            if k - 1 not in pending:
                break
            pending.discard(k - 1)
            k -= 1

    def settle(self, fresh: bool = True) -> None:
        """Take off the stacks every top card that fits, until none does; ``fresh`` False: only
        a card turned onto the middle is new since the last settle.

        A card that fits keeps fitting (the reaches and ``tops`` only grow; a card taken off
        the middle upwards while no card one rank higher may top a packet waits in ``pending``
        for one), so every order takes the same cards off: the middle first, the packets again
        only once a reach has grown (a packet top reads nothing else).
        """
        stacks, left, reach, reach2 = self.stacks, self.left, self.reach, self.reach2
        keys, tops, held, loose, pending = self.keys, self.tops, self.held, self.loose, self.pending
        suit, rank = SUIT, RANK
        mid = stacks[-1]
        packets = fresh  # whether a packet top may fit
        while True:
            while mid:
                x = mid[-1]
                c = x & CARD
                s, r = suit[c], rank[c]
                # by a build: a card one rank higher may top a packet (or, in ``_stuck``, the
                # card is loose)
                build = c in loose or r < 13 and keys[c] + 1 in tops
                if not build and r - 1 > (reach2 if x & SECOND else reach)[s]:
                    break
                mid.pop()
                left[c] -= 1 + held.pop(c, 0)
                if build:
                    self.may_top(c)
                else:
                    pending.add(keys[c])
                if (reach[s] == r - 1 or reach2[s] == r - 1) and _rise(s, left, reach, reach2):
                    packets = True
            if not packets:
                return
            packets = topped = False
            for st in stacks:
                if st is mid:
                    continue
                while st:
                    x = st[-1]
                    c = x & CARD
                    s, r = suit[c], rank[c]
                    if r - 1 > (reach2 if x & SECOND else reach)[s]:
                        break
                    st.pop()
                    left[c] -= 1 + held.pop(c, 0)
                    if st and keys[st[-1] & CARD] not in tops:
                        self.may_top(st[-1] & CARD)
                        topped = True
                    if (reach[s] == r - 1 or reach2[s] == r - 1) and _rise(s, left, reach, reach2):
                        packets = True
            if not (packets or topped):
                return


def _rise(s: int, left: list[int], reach: list[int], reach2: list[int]) -> bool:
    """The reaches of suit ``s`` follow the cards left in the stacks; True when one grew."""
    base = s * 13 - 1  # the card of rank r of suit s is base + r
    r = r0 = reach[s]
    while r < 13 and left[base + r + 1] < 2:
        r += 1
    reach[s] = r
    q = q0 = reach2[s]
    while q < 13 and not left[base + q + 1]:
        q += 1
    reach2[s] = q
    return r != r0 or q != q0


@lru_cache(maxsize=64)
def _seconds(h: tuple) -> frozenset:
    """The cards that go up second of their copies as their twin is up: one ace pile of the
    suit has reached the rank, the other not (``h`` as in ``_stuck``)."""
    return frozenset(c for c in range(52) if (h[SUIT[c]][0] >= RANK[c]) != (h[SUIT[c]][1] >= RANK[c]))


@contextmanager
def _in_suit_reading(g: Octagon) -> Iterator[None]:
    """Within: the game's options read as the default's, the side packets built in suit."""
    was = g.options["packets"]
    g.options["packets"] = "suit"
    try:
        yield
    finally:
        g.options["packets"] = was


class _InSuit(Streamlined[Octagon]):
    """With ``packets=any``: the default reading's search, a card built on a side packet of its
    own suit only, and the knowledge's questions asked as of that reading. A build in suit is a
    build in any suit, so each of its lines is a line of ``any``: a win it finds replays; its
    dead ends, and its stronger dead tests, prove nothing here (a streamliner)."""

    @staticmethod
    def _in_suit(g: Octagon, moves: list[Move]) -> list[Move]:
        """``moves`` without the builds out of suit."""
        p = g._p
        return [m for m in moves
                if m.kind != "build" or SUIT[m.steps[0][0]] == SUIT[p[m.steps[0][2]].cards[-1]]]

    def safe_move(self, g: Octagon, moves: list[Move]) -> Move | None:
        with _in_suit_reading(g):
            return self.inner.safe_move(g, self._in_suit(g, moves))

    def ordered(self, g: Octagon, moves: list[Move]) -> list[Move]:
        with _in_suit_reading(g):
            return self.inner.ordered(g, self._in_suit(g, moves))

    def hopeless(self, g: Octagon) -> bool:
        with _in_suit_reading(g):
            return self.inner.hopeless(g)


@register("octagon")
class OctagonKnowledge(Knowledge[Octagon]):
    """The Octagon's knowledge (no caches of the position: its relaxations are functions of their
    arguments, a few noted by them)."""

    def canonical_key(self, g: Octagon) -> tuple:
        """The position as far as the rules can tell: the eight aces folded to their tops (an
        ace pile holds its suit from the ace up), the four side packets sorted. Face-down flags
        are left out (no rule reads them), so is ``live`` when the middle's top stays playable
        anyway, and so are the refill counters once no packet can be refilled again (only a
        refill from the pack reads them)."""
        aces = tuple(sorted(p.cards[-1] if p.cards else -1 for p in g._aces))
        refill = (0, 0, 0, 0) if self._no_refill(g) else g.refill
        packets = tuple(sorted(zip(map(tuple, (p.cards for p in g._packets)), refill)))
        live = g.live and g.options["middle"] == "turned"
        return (tuple(g._stock.cards), tuple(g._middle.cards), aces, packets, g.laying,
                g.stage, live)

    def _heights(self, g: Octagon) -> list[list[int]]:
        """Per suit, the ranks its two ace piles have reached, the lower first."""
        h: list[list[int]] = [[], [], [], []]
        for p in g._aces:
            t = p.cards[-1]
            h[SUIT[t]].append(RANK[t])
        for pair in h:
            pair.sort()
        return h

    def _loose(self, g: Octagon) -> list[int]:
        """How many copies of each card lie in the pack or the middle (the only cards that
        can ever be built on a side packet)."""
        loose = [0] * 52
        for c in g._stock.cards:
            loose[c] += 1
        for c in g._middle.cards:
            loose[c] += 1
        return loose

    def _last_laying(self, g: Octagon) -> bool:
        """No redeal is left: the middle never goes back into the pack."""
        return g.laying > g.options["relays"]

    def _may_feed(self, g: Octagon, c: int, loose: list[int]) -> bool:
        """Whether a card that could be built on ``c`` (one rank lower) may still come out."""
        if g.options["packets"] == "any":
            r = RANK[c] - 2
            return any(loose[s * 13 + r] for s in range(4))
        return loose[c - 1] > 0

    def safe_move(self, g: Octagon, moves: list[Move]) -> Move | None:
        """A card going up that provably never hurts (see :meth:`_up_is_safe`)."""
        if g.stage == 0:
            return None
        h = self._heights(g)
        loose = self._loose(g)
        for m in moves:
            if m.kind == "found" and self._up_is_safe(g, m.steps[0], h, loose):
                return m
        return None

    def _up_is_safe(self, g: Octagon, step: tuple, h: list[list[int]], loose: list[int]) -> bool:
        """A card ``c`` going up on an ace pile at ``c - 1`` never hurts when

        1. no card that could be built on ``c`` can still come out of the pack (so ``c``'s
           only use besides going up, as a base for a build, is void);
        2. the other ace pile of its suit is at ``c - 1`` or higher, or ``c``'s twin lies
           under it in the same packet, or ``c`` lies in a packet over a lower card of its
           suit (so it goes up before its twin in every line, see ``_marked``): the twin
           cannot want the same place first;
        3. it does not change what the pack holds later: from a packet, the packet keeps a
           card (no refill is brought forward); from the middle, only in the last laying
           (a card left there never goes back into the pack, where a refill might take it).

        Proof: take any winning line from here and play ``c`` up first, then the line's moves
        without ``c``'s own. By 1 no move of the line builds on ``c``; by 2 every card the line
        puts on an ace pile finds a pile at the rank below (the piles differ only by ``c``,
        and the twin takes the other pile at ``c - 1``); by 3 the pack and the refills are the
        same; the cards under ``c`` are touched by the line only after ``c`` has left.
        """
        c, src, _ = step
        if self._may_feed(g, c, loose):
            return False
        if src == "middle":
            if not self._last_laying(g):
                return False
        elif len(g._p[src].cards) < 2 and not self._no_refill(g):
            return False
        return h[SUIT[c]][0] >= RANK[c] - 1 or self._twin_waits(g, c, src, h) or (
            src != "middle" and _over_lower(c, g._p[src].cards))

    def _twin_waits(self, g: Octagon, c: int, src: str, h: list[list[int]]) -> bool:
        """Whether the other copy of ``c`` lies under a card that cannot go up before ``c``:
        ``c`` itself on its packet, or a higher card of its suit (it needs a copy of ``c`` up,
        and the twin is under it) in a packet, or in the middle of the last laying when that
        card can only go up."""
        s, r = SUIT[c], RANK[c]
        piles = [(p.cards, n == src) for n, p in zip(PACKETS, g._packets)]
        last = self._last_laying(g)
        if last:
            piles.append((g._middle.cards, False))
        any_suit = g.options["packets"] == "any"
        for k, (cs, over) in enumerate(piles):
            middle = k == 4
            for x in reversed(cs[:-1] if over else cs):
                if x == c and over:
                    return True
                if SUIT[x] == s and RANK[x] > r and not (middle and _may_leave(x, h, any_suit)):
                    over = True
        return False

    def _no_refill(self, g: Octagon) -> bool:
        """No packet can ever be refilled again: the pack is out and never comes back."""
        return not g._stock.cards and (not g._middle.cards or self._last_laying(g))

    def ordered(self, g: Octagon, moves: list[Move]) -> list[Move]:
        """Every move, by kind in :data:`ORDERS` (``order``, see :meth:`orders`).

        Order 2 differs from the game's (cards up, builds, the turn, the redeal) in one kind:
        a card going up from a packet it empties comes after the turn, as that brings the
        refill forward and so decides which five cards of the pack the packet gets; holding
        the card back is the first line tried. Measured at 200,000 states, 10 CPU s: as the
        search's own order it wins deals 32, 73 and 83 (unknown in the game's order) after
        some 500 states, but deals 30 and 102 no longer within the time cap; hence a share of
        1% after order 1. Deals 1-200 then: 80 won, 97 lost, 23 unknown, as before, the three
        won at the cost of 16, 107 and 125, won near the time cap (on the loaded machine the
        game's order lost 107 and 125 as well).
        """
        order = ORDERS[self.order]

        def key(m: Move) -> int:
            kind = m.kind
            if kind == "found" and "empty" in order:
                src = m.steps[0][1]
                if src != "middle" and len(g._p[src].cards) == 1:
                    kind = "empty"
            return order.get(kind, 3)

        return sorted(moves, key=key)

    def streamliners(self, g: Octagon) -> tuple[Strategy, ...]:
        """With ``packets=any``: :class:`_InSuit` in the orders and on the shares of :data:`IN_SUIT`.
        The search of ``any``, offered builds out of suit first, misses wins the default reading
        finds in a few hundred states (deal 1: in 314 states under the default reading, none in
        52,000 under ``any``)."""
        if g.options["packets"] != "any":
            return ()
        return tuple(Strategy(f"builds in suit, order {i}", share, _InSuit, order=i) for i, share in IN_SUIT)

    def portfolio(self, g: Octagon) -> tuple[Strategy, ...]:
        """The streamliners and the alternative orders (the game's own search then takes the rest
        of the budget); with ``packets=any``, the game's own search on all but :data:`IN_SUIT_AGAIN`
        of the budget, then :class:`_InSuit` in order 0 on that share: a win of the default reading
        may lie deeper than the first share of :data:`IN_SUIT` reaches, and the complete search
        of ``any``, whose losses are proved at once, seldom wins late."""
        first = super().portfolio(g)
        if g.options["packets"] != "any":
            return first
        rest = 1 - IN_SUIT_AGAIN - sum(st.share for st in first)
        return first + (Strategy("depth first", rest), Strategy("builds in suit, order 0, again", IN_SUIT_AGAIN,
                                                                 _InSuit))

    def orders(self, g: Octagon) -> tuple[float, ...]:
        """The shares of :data:`ORDER_SHARES` for the alternative orders of :data:`ORDERS`; not
        order 2 with ``middle`` turned (as the search's own order it won fewer of deals 1-39 at
        5,000 states there)."""
        return ORDER_SHARES if g.options["middle"] == "top" else ORDER_SHARES[:1]

    def hopeless(self, g: Octagon) -> bool:
        """True when some card can never go up even with every card of the pack free.

        A relaxation: cards in the pack (and in the middle before the last laying) may go up
        at any time; a packet's cards only from the top (they leave only upwards); in the last
        laying the middle's cards leave from the top only, upwards or, when a card one rank
        higher may yet top a packet (``_leavers``), by a build (then they count as free). A card
        goes up once a copy of every lower rank of its suit is up; the second copy of a rank (its
        twin up already, or bound to go up first, see ``_stuck``; or its twin bound to go up
        first, see ``_marked``) once both copies of every lower rank are. Cards are added while
        one fits; every real line puts its cards up in an order the relaxation allows (reach
        only grows, a card over another in a packet or the last middle leaves first), so a card
        never added cannot go up in the real game either. In the last laying, with every packet
        holding a card, the same again with the pack turned in its order (``_stuck_turning``).

        When a card is played only as it is turned (``middle``: turned), a card the turn has
        passed lies in the middle until the next redeal: in the last laying it never leaves.

        Before the last laying, every laying left is followed in turn, the pack in its order
        (``_stuck_ahead``). While refills are due, the position after them is judged
        (``_filled``).
        """
        if g.stage == 0:
            return False
        filled = self._filled(g)
        packets, stock = filled or (tuple(tuple(p.cards) for p in g._packets if p.cards), ())
        last = self._last_laying(g)
        turned = g.options["middle"] == "turned"
        mid = g._middle.cards
        if last and turned and mid and (len(mid) > 1 or not g.live):
            return True  # a card the turn has passed never leaves the middle again
        middle = tuple(mid) if last else ()
        h = tuple(map(tuple, self._heights(g)))
        leavers = self._leavers(g) if last else frozenset()
        any_suit = g.options["packets"] == "any"
        if _stuck(h, packets, middle, leavers, any_suit):
            return True
        if filled is None or len(packets) < len(PACKETS):
            return False
        if last:
            return bool(stock) and _stuck_turning(h, packets, middle, stock, leavers, any_suit, turned)
        redeals = g.options["relays"] - g.laying + 1
        if turned and redeals > 1:
            return False  # played only as turned, the earlier layings' check never fired in trials
        live = 1 if turned and g.live else 0
        middle, passed = ((), tuple(mid[:len(mid) - live])) if turned else (tuple(mid), ())
        return _stuck_ahead(h, packets, middle, passed, tuple(mid[len(mid) - live:]) + stock[::-1], any_suit,
                            turned, redeals)

    def _filled(self, g: Octagon) -> tuple | None:
        """The packets (the empty ones left out) and the pack once the refills due are dealt, or
        None when the pack cannot complete them. Those deals are the only moves until then
        (``_generate``), so the position has the same future as the one after them."""
        stock = list(g._stock.cards)
        if sum(g.refill) > len(stock):
            return None
        packets = []
        for p, n in zip(g._packets, g.refill):
            cards = tuple(p.cards)
            if n:
                cards += tuple(stock[:-n - 1:-1])
                del stock[-n:]
            if cards:
                packets.append(cards)
        return tuple(packets), tuple(stock)

    def _leavers(self, g: Octagon) -> frozenset:
        """The cards of the middle or the pack (in the last laying) that may yet leave the
        middle by a build.

        A card comes onto a packet only from the pack (dealt or refilled) or by a build from
        the middle onto the card one rank higher; in the last laying the middle never goes back
        into the pack. So a card may yet top a packet when it lies in a packet or the pack now,
        or may leave the middle by a build; and a card leaves the middle by a build only onto a
        card one rank higher (of its suit, or of any suit) that may top a packet by then: not a
        card lying under it in the middle, which leaves after it. The pack is turned onto the
        middle, over every card there.
        """
        key = RANK if g.options["packets"] == "any" else _CARD_KEYS
        rank = RANK
        mid = g._middle.cards
        above = len(mid)  # over every card of the middle
        # what each card may be built on offers -> the highest place it may do so from (-1: none)
        tops = [-1] * 53
        for p in (g._stock, *g._packets):
            for c in p.cards:
                tops[key[c]] = above
        # per rank, the cards that may leave, with their place and the place a top must pass
        by_rank: list[list[tuple[int, int, int]]] = [[] for _ in range(14)]
        for i, c in enumerate(mid):
            by_rank[rank[c]].append((i, i, c))
        for c in g._stock.cards:
            by_rank[rank[c]].append((above, -1, c))
        leavers = set()
        for r in range(12, 0, -1):  # a build of rank r reads only the tops of rank r + 1
            for i, floor, c in by_rank[r]:
                if tops[key[c] + 1] > floor:
                    leavers.add(c)
                    if i > tops[key[c]]:
                        tops[key[c]] = i
        return frozenset(leavers)
