"""What a search knows of the Besieged City (:mod:`pasyans.games.besieged_city` has the rules).

Trenches that nothing tells apart any more are folded in the key; the last card of a face goes
up at once from a trench where nothing can cover it; a position is dead when a card can only go
up after the one it covers, or when a suit's game is lost (the suits' games of the endgame, once
pack and talon are spent); two other move orders share the budget, after streamlined searches
that play every card up at once, plain and shaken (:class:`_Shaken`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import RANK, SUIT
from ..games.besieged_city import FULL, GEOMETRY, LINKS, RESERVE, SEQ, TRENCH, BesiegedCity
from ..move import Move
from .knowledge import Knowledge, Strategy, register
from .streamliners import FoundationsAtOnce, generic

#: The share of the state budget for the streamlined searches that play every card going up at
#: once, one in each move order (a third each).
AT_ONCE_SHARE = 0.06
#: The shaken searches after them (:class:`_Shaken`): how many, the share of the budget of each,
#: and how often (in a thousand positions) the move tried first is drawn from the others.
SHAKEN_RUNS = 20
SHAKEN_SHARE = 0.015
SHAKE = 50
_T0 = 2 + len(RESERVE)  # the first trench's place in a snapshot (piles in the order they are made)
#: LINKED[order][x]: the faces a card x may lie on or take in the trenches under each play_order.
LINKED = {k: tuple(tuple(y for y in range(52) if link[x][y]) for x in range(52)) for k, (link, _) in LINKS.items()}
#: SLOTS[r][h]: the places a foundation of height h still keeps for rank r (besieged_city.p2.s2).
SLOTS = tuple(tuple(tuple(p for p in range(h, FULL) if SEQ[p] == r) for h in range(FULL + 1)) for r in range(14))
#: WAIT[r][h]: how many cards go on a foundation of height h before the next card of rank r can.
WAIT = tuple(tuple(s[0] - h if s else FULL for h, s in enumerate(by_h)) for by_h in SLOTS)
_GROUPS: dict[tuple[str, int], tuple[tuple[int, ...], ...]] = {}


def _groups(line: str, live: int) -> tuple[tuple[int, ...], ...]:
    """Snapshot places of the trenches whose lines hold the same live reserve places (bit r of
    ``live``), by groups of two or more."""
    key = (line, live)
    if key not in _GROUPS:
        by_live: dict[int, list[int]] = {}
        for t, places in enumerate(GEOMETRY[line][1]):
            by_live.setdefault(sum(1 << r for r in places if live >> r & 1), []).append(_T0 + t)
        _GROUPS[key] = tuple(tuple(g) for g in by_live.values() if len(g) > 1)
    return _GROUPS[key]


#: The rules one suit's game depends on: (link, plain, direction "one"). A reserve card goes up
#: under every reading there (down with its first use, :func:`_suit_next`), so ``reserve_up`` is none of them.
Rules = tuple
#: A suit's game once pack and talon are spent: (height, its trench packets sorted, its reserve
#: cards sorted). See :meth:`BesiegedCity._suits`.
SuitState = tuple
#: The most new states one call of :meth:`_SuitGraph.verdict` looks at before it gives up (None).
#: At 50,000 the searches that gave up took most of a pairs deal's time (deals 15, 25, 28: three
#: quarters of the CPU, a few searches of 50,000 states each), so the main search saw 10,000-20,000
#: states in 10 s. At 5,000 it sees 50,000-80,000: pairs deals 1-50 decided 40 to 46 (7, 13, 18, 19,
#: 27, 28, 38, 46, 49 won; 5 lost to unknown: its proof needs 10,000-20,000), the default's 50 won
#: in 27 CPU s in all; at 1,000 and 2,000 fewer proofs (18 unknown), at 10,000 and 15,000 fewer states.
SUIT_BUDGET = 5_000
#: A suits' graph is begun again past so many states.
SUIT_STATES_MAX = 500_000


def _fits(x: int, pile: tuple[int, ...], rules: Rules) -> bool:
    """Whether card x may lie on the packet ``pile`` (as :meth:`BesiegedCity._packs`)."""
    link, plain, one = rules
    y = pile[-1]
    if not link[x][y]:
        return False
    if one and plain[x][y] and len(pile) > 1:
        d = RANK[y] - RANK[pile[-2]]
        if d == 1 or d == -1:
            return RANK[x] - RANK[y] == d
    return True


def _suit_next(state: SuitState, rules: Rules):
    """The suit states one move away: a packet's top up; a packet's top onto another packet; a
    reserve card onto a packet, or down as a new packet together with its first use.

    A reserve card laid down as a packet of its own does nothing until it is first used: played
    up, put on another packet, or covered by a packet's top or by another reserve card. Laying it
    down just before that use keeps every move of a line between legal (no other move needs
    it, and the suits' games keep no count of packets), and a card never used never goes up, so
    such a line does not win. The game whose reserve cards go down only together with their
    first use therefore wins from the same states (:meth:`BesiegedCity._suits`).
    """
    h, piles, free = state
    due = SEQ[h]
    link = rules[0]
    for i, p in enumerate(piles):
        if RANK[p[-1]] == due:
            yield (h + 1, tuple(sorted(piles[:i] + piles[i + 1:] + ((p[:-1],) if len(p) > 1 else ()))), free)
    for k, c in enumerate(free):
        if RANK[c] == due and not (k and free[k - 1] == c):
            yield (h + 1, piles, free[:k] + free[k + 1:])
    for i, p in enumerate(piles):
        c = p[-1]
        for j, q in enumerate(piles):
            if i != j and _fits(c, q, rules):
                new = list(piles)
                new[j] = q + (c,)
                if len(p) > 1:
                    new[i] = p[:-1]
                else:
                    del new[i]
                yield (h, tuple(sorted(new)), free)
    for k, c in enumerate(free):
        if k and free[k - 1] == c:
            continue
        rest = free[:k] + free[k + 1:]
        for j, q in enumerate(piles):
            if _fits(c, q, rules):
                yield (h, tuple(sorted(piles[:j] + (q + (c,),) + piles[j + 1:])), rest)
        for i, p in enumerate(piles):
            if link[p[-1]][c]:
                new = list(piles)
                if len(p) > 1:
                    new[i] = p[:-1]
                else:
                    del new[i]
                yield (h, tuple(sorted(new + [(c, p[-1])])), rest)
        for m, d in enumerate(rest):
            if link[d][c] and not (m and rest[m - 1] == d):
                yield (h, tuple(sorted(piles + ((c, d),))), rest[:m] + rest[m + 1:])


class _SuitGraph:
    """The suit states met so far under one set of rules, numbered (tuples of tuples hash slowly),
    with their moves (:func:`_suit_next`, a pure function of the state) and their verdicts.

    ``memo`` maps a state's number to -1 (lost), -2 (given up: met in a search that ran out of
    budget) or the moves of a winning line. Number 0 is the full foundation, the only won end.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ids: dict[SuitState, int] = {(FULL, (), ()): 0}
        self.states: list[SuitState] = [(FULL, (), ())]
        self.nexts: list[tuple[int, ...] | None] = [()]
        self.memo: dict[int, int] = {}

    def number(self, state: SuitState) -> int:
        """The state's number, a new one the first time it is met."""
        i = self.ids.get(state)
        if i is None:
            i = self.ids[state] = len(self.states)
            self.states.append(state)
            self.nexts.append(None)
        return i

    def moves(self, i: int) -> tuple[int, ...]:
        """The numbers of the states one move from state ``i``, listed once."""
        out = self.nexts[i]
        if out is None:
            out = self.nexts[i] = tuple(self.number(s) for s in _suit_next(self.states[i], self.rules))
        return out

    def known(self, state: SuitState) -> int:
        """The verdict found for ``state`` (as ``memo``; -1 too when it was never searched)."""
        i = self.ids.get(state)
        return 0 if i == 0 else self.memo.get(i, -1) if i is not None else -1

    def verdict(self, start: SuitState, budget: int) -> int | None:
        """Whether a suit's game can reach its full foundation: the moves of a winning line found,
        -1 (lost) or None (budget spent).

        Depth first over the states reachable from ``start``. A state on the line to a won one is
        won (one move further from the end than the next); when the search is exhausted, every
        state it met reaches only states it met (or known lost ones), none of them won, so all
        are lost. A search that meets a state given up before, or runs out of budget, gives up
        its own states too (None for them from then on): no state is searched twice in vain, and
        a loss is claimed only for a closed set of states.
        """
        if start[0] == FULL:
            return 0
        memo = self.memo
        first = self.number(start)
        if first in memo:
            return memo[first] if memo[first] != -2 else None
        seen = {first}
        moves = self.moves
        path = [(first, iter(moves(first)))]
        get = memo.get
        blocked = False
        while path:
            for nxt in path[-1][1]:
                if nxt in seen:
                    continue
                known = 0 if nxt == 0 else get(nxt, -3)
                if known == -1:
                    continue
                if known == -2:
                    blocked = True
                    path.clear()
                    break
                if known >= 0:
                    for i, (state, _) in enumerate(path):
                        memo[state] = known + len(path) - i
                    return memo[first]
                seen.add(nxt)
                if len(seen) > budget:
                    blocked = True
                    path.clear()
                    break
                path.append((nxt, iter(moves(nxt))))
                break
            else:
                path.pop()
        for state in seen:
            memo[state] = -2 if blocked else -1
        return None if blocked else -1


class _Shaken(FoundationsAtOnce[BesiegedCity]):
    """Every card that can go up played at once, and at about one position in twenty (``SHAKE``)
    a move drawn from the others tried first, the rest in the usual order after it.

    The draws come from a fixed generator seeded by the run's number, so a run searches the same
    positions on every machine; each run shakes the search differently. A depth-first search that
    goes wrong early spends its budget below one bad choice, and the unknown deals were such:
    runs that leave the order now and then reach wins that one long search misses. Incomplete
    (its wins are replayed, its dead ends prove nothing), as :class:`FoundationsAtOnce`.
    """

    def __init__(self, inner: BesiegedCityKnowledge, seed: int) -> None:
        super().__init__(inner, ("found",))
        self._x = seed * 0x9E3779B97F4A7C15 + 1

    def _draw(self) -> int:
        """The next number of the generator (a 64-bit linear congruential one, its top 31 bits)."""
        self._x = (self._x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return self._x >> 33

    def ordered(self, g: BesiegedCity, moves: list[Move]) -> list[Move]:
        out = self.inner.ordered(g, moves)
        if len(out) > 1 and self._draw() % 1000 < SHAKE:
            i = 1 + self._draw() % (len(out) - 1)
            out = [out[i]] + out[:i] + out[i + 1:]
        return out


def _shaken(seed: int) -> Callable[[Knowledge[BesiegedCity]], Knowledge[BesiegedCity]]:
    """The streamliner of shaken run ``seed``."""
    return lambda inner: _Shaken(inner, seed)  # type: ignore[arg-type]


@register("besieged_city")
class BesiegedCityKnowledge(Knowledge[BesiegedCity]):
    """The Besieged City's knowledge; it keeps the suits' games met in its search."""

    def __init__(self) -> None:
        self._graph: _SuitGraph | None = None

    def canonical_key(self, g: BesiegedCity) -> tuple:
        """The snapshot, with trenches that nothing tells apart any more sorted among themselves.

        Once pack and talon are spent no reserve place is refilled (r5.s1), so an empty one stays
        empty. A trench then meets the reserve only through the live places of its line (builds,
        r3.s1, and fills, r4.s1, both go by the line; under ``endgame="free"`` builds go
        anywhere); trench-to-trench moves and the foundations see no place at all. Two trenches
        whose lines hold the same live places are therefore interchangeable: swapping their
        packets swaps the moves one for one, so the two positions are won or lost together.
        """
        snap = g._snapshot()
        if g._p["stock"].cards or g._p["talon"].cards:
            return snap
        live = 0
        for r, pile in enumerate(g._res):
            if pile:
                live |= 1 << r
        groups = _groups(g.options["line"], live)
        if not groups:
            return snap
        cards = list(snap[0])
        for idx in groups:
            for i, pile in zip(idx, sorted([cards[i] for i in idx])):
                cards[i] = pile
        return (tuple(cards),) + snap[1:]

    def safe_move(self, g: BesiegedCity, moves: list[Move]) -> Move | None:
        """The last card of its kind going up from a trench where nothing can ever cover it.

        Say x is the last card of its face still out, due now on its foundation, on top of
        trench t, and pinned there (:meth:`_pinned`: no card it links with is out but under it,
        so nothing can go on it and it can go on nothing). Any winning line leaves x alone on
        t until it plays x up (no other card fits that foundation meanwhile). Playing x first
        keeps every move of that line legal, as long as t does not fall empty with a reserve
        card in its line, which would force a fill (r4.s1); after x the two lines meet.
        """
        won = self._suit_safe(g, moves)
        if won is not None:
            return won
        heights = [len(f) for f in g._fd]
        for m in moves:
            if m.kind != "found":
                continue
            c, src, _ = m.steps[0]
            if not src.startswith("trench") or len(SLOTS[RANK[c]][heights[SUIT[c]]]) != 1:
                continue
            t = TRENCH.index(src)
            pile = g._tr[t]
            if len(pile) == 1 and any(g._res[r] for r in g._fillers[t]):
                continue
            if self._pinned(g, pile, len(pile) - 1, heights, {}):
                return m
        return None

    def hopeless(self, g: BesiegedCity) -> bool:
        """A suit's game is lost (:meth:`_suits_lost`), or a trench card y lies on a card x of its
        suit, y can never leave but to its foundation, and every place left for y's rank comes after
        every place left for x's: x is lost for good.

        y leaves a trench only for another trench (onto a card it links with, r2.s1) or for the
        foundation (r1.s1); when no card y links with can ever be the top of another trench
        (see :meth:`_pinned`), only the foundation is left, and there y goes after x, which
        cannot go up while y covers it. Every card must go up to win (twenty-six a foundation).
        """
        if self._suits_lost(g):
            return True
        heights = [len(f) for f in g._fd]
        for pile in g._tr:
            if len(pile) < 2:
                continue
            low = [FULL] * 4  # by suit: the earliest last place of a card lying lower in the pile
            memo: dict[int, bool] = {}
            for i, y in enumerate(pile):
                s = SUIT[y]
                slots = SLOTS[RANK[y]][heights[s]]
                if slots[0] > low[s] and self._pinned(g, pile, i, heights, memo):
                    return True
                if slots[-1] < low[s]:
                    low[s] = slots[-1]
        return False

    def _rules(self, g: BesiegedCity) -> Rules:
        """The rules of the suits' games under this game's readings."""
        return g._link, g._plain, g._one

    def _suits(self, g: BesiegedCity, trenches: list[list[int]] | None = None) -> list[SuitState] | None:
        """Each suit's game once pack and talon are spent (None before, or if a packet mixes suits).

        Then every card still out lies in a trench or the reserve, and a card only ever goes on
        one of its suit (r2.s1), so the suits meet only in the trench places and the lines. A
        suit's game frees both: a reserve card of the suit may go on any packet it fits or down
        as a new packet at any time (really only by the lines, r3.s1, into a vacancy, r4.s1).
        Every line of play, cut down to the moves of one suit, is a line of that suit's game.
        """
        if g._p["stock"].cards or g._p["talon"].cards:
            return None
        piles: list[list[tuple[int, ...]]] = [[], [], [], []]
        for pile in g._tr if trenches is None else trenches:
            if pile:
                s = SUIT[pile[0]]
                if any(SUIT[c] != s for c in pile):
                    return None
                piles[s].append(tuple(pile))
        free: list[list[int]] = [[], [], [], []]
        for pile in g._res:
            for c in pile:
                free[SUIT[c]].append(c)
        return [(len(f), tuple(sorted(ps)), tuple(sorted(fr))) for f, ps, fr in zip(g._fd, piles, free)]

    def _suit_graph(self, g: BesiegedCity) -> _SuitGraph:
        """The suits' states met so far (the readings never change; begun again when it grows large)."""
        if self._graph is None or len(self._graph.states) > SUIT_STATES_MAX:
            self._graph = _SuitGraph(self._rules(g))
        return self._graph

    def _suits_lost(self, g: BesiegedCity) -> bool:
        """Whether some suit's game (:meth:`_suits`) is lost: then so is the whole game."""
        states = self._suits(g)
        if states is None:
            return False
        graph = self._suit_graph(g)
        return any(graph.verdict(st, SUIT_BUDGET) == -1 for st in states)

    def _suit_safe(self, g: BesiegedCity, moves: list[Move]) -> Move | None:
        """With nothing left outside the trenches, a move that brings its suit's game nearer a win.

        The suits' games are then exactly the game cut by suit (no reserve card is left, so no
        line or vacancy matters), and the game is won if and only if each of them is. A move
        keeps the other suits as they were, so one that keeps its own suit won loses nothing;
        taking only moves that shorten a known winning line, the search never goes round in a
        circle (it would refuse a position met before). The next position of a line found is
        always in the memo, so the moves need no search of their own.
        """
        if any(g._res):
            return None
        now = self._suits(g)
        if now is None:
            return None
        graph = self._suit_graph(g)
        togo = [graph.verdict(st, SUIT_BUDGET) for st in now]
        for m in moves:
            c, src, dst = m.steps[0] if m.steps else (0, "", "")
            left = togo[SUIT[c]]
            if not src.startswith("trench") or left is None or left <= 0:  # lost or done
                continue
            trenches = [list(p) for p in g._tr]
            trenches[TRENCH.index(src)].pop()
            if dst.startswith("trench"):
                trenches[TRENCH.index(dst)].append(c)
            after = self._suits(g, trenches)
            assert after is not None  # a card goes only on one of its suit
            h, piles, free = after[SUIT[c]]
            h += dst.startswith("foundation")
            if 0 <= graph.known((h, piles, free)) < left:
                return m
        return None

    def _pinned(self, g: BesiegedCity, pile: list[int], i: int, heights: list[int], memo: dict[int, bool]) -> bool:
        """Whether the card at index i of a trench can never go on another trench.

        It could go only on a card it links with (r2.s1, r2.s3) lying on top of another trench.
        None can be there if every such card still out is under it (it cannot get out before
        this one has left) or above it and pinned itself (it leaves only for its foundation,
        before this one can move at all); the foundations never give a card back.
        """
        if i not in memo:
            y, below = pile[i], pile[:i]
            for f in LINKED[g.options["play_order"]][y]:
                left = len(SLOTS[RANK[f]][heights[SUIT[f]]]) - (f == y) - below.count(f)
                for j in range(i + 1, len(pile)):
                    if left > 0 and pile[j] == f and self._pinned(g, pile, j, heights, memo):
                        left -= 1
                if left > 0:
                    memo[i] = False
                    break
            else:
                memo[i] = True
        return memo[i]

    def ordered(self, g: BesiegedCity, moves: list[Move]) -> list[Move]:
        """All the moves, best first (an order only, nothing is dropped): cards to the
        foundations; the compulsory fills as they come; a card laid on one that goes up after
        it (the nearer in the foundation order the better), above all one that uncovers a card
        due now or empties a trench; the next card of the pack; last a card laid on one that
        must go up before it, which will have to move again. ``order`` 1 and 2 move the
        next card of the pack behind every other move, or behind the moves out of a trench."""
        heights = [len(f) for f in g._fd]
        p = g._p

        def wait(c: int) -> int:
            return WAIT[RANK[c]][heights[SUIT[c]]]

        def rank(m: Move) -> tuple[int, int, int]:
            kind = m.kind
            if kind == "found":
                return (0, 0, 0)
            if kind == "fill":
                return (1, 0, 0)
            if kind == "turn":
                return (2, 0, 0)
            c, src, dst = m.steps[0]
            under = p[src].cards
            if src.startswith("trench") and len(under) > 1 and wait(under[-2]) == 0:
                bonus = -2
            elif src.startswith("trench") and len(under) == 1:
                bonus = -1
            else:
                bonus = 0
            gap = wait(p[dst].cards[-1]) - wait(c)
            return (1, bonus, gap) if gap > 0 else (3, bonus, -gap)

        ordered = sorted(moves, key=rank)
        if self.order == 1:  # the pack last of all
            return [m for m in ordered if m.kind != "turn"] + [m for m in ordered if m.kind == "turn"]
        if self.order == 2:  # every move out of a trench before the pack
            turn = next((i for i, m in enumerate(ordered) if m.kind == "turn"), len(ordered))
            late = [m for m in ordered[turn + 1:] if m.steps[0][1].startswith("trench")]
            return ordered[:turn] + late + [m for m in ordered[turn:] if m not in late]
        return ordered

    def streamliners(self, g: BesiegedCity) -> tuple[Strategy, ...]:
        """Every card that can go up played at once (incomplete: it may miss a win that keeps a
        card back, and its dead ends prove nothing; its wins are replayed), in each of the three
        move orders (:meth:`orders`), on a fiftieth of the budget each, before the complete
        orders. The deals lost are few and the unknown ones mostly wins found late. Against the
        game's own order alone on a fiftieth: of the 30 deals of 1-200 the table left undecided
        at 5,000 states, deal 104 is won (in 8,839 states, where the complete orders ran into
        the 10-s cap) and none of the 22 others won is lost; deals 64, 90, 119 and 124 are won
        in a third to a tenth of the states.

        Then, from a deal (not from a position whose pack is spent, where the space is small),
        ``SHAKEN_RUNS`` shaken runs (:class:`_Shaken`) on ``SHAKEN_SHARE`` each, in the three
        orders by turns. Deals 1-200 at 10 CPU s: 193 decided before, 199 after (38, 67, 88, 97,
        105 and 159 won by shaken runs 0-3; 181 left), none lost; 29 and 164, won by order 2
        before, are won sooner by shaken runs. Readings on deals 1-50: play_order=pairs 90% decided
        (about 60% before), line=row and direction=one 98%, reserve_up and endgame=free 100%; the
        game's own order, now reached later, no longer wins pairs 18, row 13 and one 8 in 10 s (a
        complete order-0 search on 2% before the shaken runs wins those three, but loses four
        pairs deals the late shaken runs win)."""
        shaken = tuple(Strategy(f"shaken {i}", SHAKEN_SHARE, _shaken(i), order=i % 3)
                       for i in range(SHAKEN_RUNS if g._p["stock"].cards else 0))
        return generic(AT_ONCE_SHARE, ("found",), orders=2) + shaken

    def orders(self, g: BesiegedCity) -> tuple[float, ...]:
        """Two other orders, each on a tenth of the budget, before the usual one: the pack last,
        and moves out of a trench before the pack. Wins of some deals hide behind a card turned
        too soon, of others behind a trench left full, and each order alone loses deals the usual
        one wins. With all three, at 20,000 states: deals 1-40 of the default 37 won against 35,
        and 1-3 more of deals 1-20 in every other reading (pairs 11 against 8)."""
        return (0.1, 0.1)
