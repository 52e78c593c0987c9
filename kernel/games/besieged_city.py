"""Осажденный город (The Besieged City), after «Двадцать четыре основные пасьянса», seed 000.

Two packs (the Russian does not say; Cadogan 1874/1914 has «Two Entire Packs», and a foundation
that «begins and ends with an ace» needs two aces of its suit: note besieged_city.n.packs).
Twelve cards in four rows of three are the reserve (besieged_city.p1.s1, p1.s3); fourteen cards
laid crosswise round them are the trenches (p1.s2), reconstructed as three above, four at each
side and three below the reserve, each trench place standing at an end of one row or one
column of the reserve (note besieged_city.n.geometry). The four foundations begin with aces of
different suits (p2.s1) and go A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A in suit
(p2.s2, r6.s1): an ascending and a descending series interleaved, 26 cards each.

Cards reach the foundations only from the trenches and from the pack (r1.s1): cards from the
talon pass through the reserve, the reserve into the trenches (r1.s2). In the trenches a card
goes on another of its suit one above or below it, or next to it in the order of the
foundations, i.e. two cards whose ranks add up to 14 or 15 (r2.s1, r2.s2); the top card of a
trench may be moved to another trench (r2.s3); a reserve card may be put on the trench cards at
the ends of its own row and column (r3.s1). A trench vacancy is filled at once with a card of
the row or column at whose end it lies (r4.s1, p3.s1, p4.s1, p4.s2), a reserve vacancy at once
from the talon or, when there is none, from the pack (r5.s1). The player turns the pack when he
likes; a card that fits a foundation goes up, any other to the talon (p5.s1). When pack and
talon are spent the reserve may still go into the trenches (p6.s1).

Readings (options): ``line`` (what «концы или стороны той линии» are), ``direction`` (whether a
packet may change direction, r2.s2), ``play_order`` (which cards are next to each other «въ томъ
порядкѣ, въ которомъ онѣ будутъ сыграны»), ``reserve_up`` (whether a reserve card may go straight
to a foundation), ``endgame`` (whether p6.s1 lifts the line restriction once the pack and talon
are spent).
"""
from __future__ import annotations

from ..cards import RANK, SUIT, rank_text
from ..game import Game, Option
from ..layout import Layout, Spot
from ..move import Move

NOTE_PACKS = "besieged_city.n.packs"
NOTE_GEOMETRY = "besieged_city.n.geometry"
NOTE_LINE = "besieged_city.n.line"
NOTE_DIRECTION = "besieged_city.n.direction"
NOTE_ORDER = "besieged_city.n.play_order"
NOTE_RESERVE_UP = "besieged_city.n.reserve_up"
NOTE_ENDGAME = "besieged_city.n.endgame"
NOTE_FOUNDATION = "besieged_city.n.foundation_order"
NOTE_PACK = "besieged_city.n.turning"
NOTE_VACANCY = "besieged_city.n.vacancy"

C_DEAL_RESERVE = ("besieged_city.p1.s1", "besieged_city.p1.s3")
C_DEAL_TRENCH = ("besieged_city.p1.s2",)
C_FILL_TRENCH = ("besieged_city.r4.s1", "besieged_city.p3.s1", "besieged_city.p4.s1", "besieged_city.p4.s2")
C_FILL_RESERVE = ("besieged_city.r5.s1", "besieged_city.r1.s2", "besieged_city.p3.s1", "besieged_city.p4.s1",
                  "besieged_city.p4.s2")
C_ACE = ("besieged_city.r1.s1", "besieged_city.p3.s1", "besieged_city.p2.s1")
C_UP = ("besieged_city.r1.s1", "besieged_city.p3.s1", "besieged_city.p2.s1", "besieged_city.p2.s2",
        "besieged_city.r6.s1")
C_RESERVE_UP = ("besieged_city.r1.s2",)
C_MOVE = ("besieged_city.r2.s3", "besieged_city.r2.s1", "besieged_city.r2.s2", "besieged_city.p4.s3")
C_PACK = ("besieged_city.r3.s1", "besieged_city.r2.s1", "besieged_city.r2.s2", "besieged_city.p4.s3")
C_PACK_END = C_PACK + ("besieged_city.p6.s1",)
C_TURN = ("besieged_city.p5.s1", "besieged_city.r1.s1")
N_DEAL = (NOTE_GEOMETRY,)
N_FILL_TRENCH = (NOTE_LINE, NOTE_GEOMETRY, NOTE_VACANCY)
N_FILL_RESERVE = (NOTE_VACANCY,)
N_UP = (NOTE_FOUNDATION,)
N_RESERVE_UP = (NOTE_RESERVE_UP, NOTE_FOUNDATION)
N_MOVE = (NOTE_ORDER, NOTE_DIRECTION)
N_PACK = (NOTE_LINE, NOTE_GEOMETRY, NOTE_ORDER, NOTE_DIRECTION)
N_PACK_END = N_PACK + (NOTE_ENDGAME,)
N_TURN = (NOTE_PACK,)
GID = "besieged_city"
_CACHE: dict[tuple, Move] = {}


def _mv(kind: str, c: int, src: str, dst: str, cites: tuple[str, ...], notes: tuple[str, ...],
        forced: bool = False) -> Move:
    """The move, made once and shared (moves are immutable; making them is the generator's cost)."""
    key = (kind, c, src, dst, id(cites))
    m = _CACHE.get(key)
    if m is None:
        m = _CACHE[key] = Move(kind, ((c, src, dst),), cites=cites, notes=notes, forced=forced)
    return m

#: Ranks of a foundation from bottom to top: ascending series A..K at odd places, descending K..A
#: at even places (besieged_city.p2.s2).
SEQ = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
FULL = len(SEQ)

ROWS, COLS = 4, 3
RESERVE = tuple(f"reserve.{i}" for i in range(1, ROWS * COLS + 1))  # row-major
TRENCH = tuple(f"trench.{i}" for i in range(1, 15))  # clockwise from the top left
FOUND = tuple(f"foundation.{i}" for i in range(1, 5))  # by suit: spades, hearts, diamonds, clubs


def _trench_places() -> dict[int, tuple[str, int]]:
    """Trench index -> (side, row or column it ends): top/bottom end columns, left/right rows."""
    out = {}
    for j in range(COLS):
        out[j] = ("top", j)
    for i in range(ROWS):
        out[COLS + i] = ("right", i)
    for j in range(COLS):
        out[COLS + ROWS + j] = ("bottom", COLS - 1 - j)
    for i in range(ROWS):
        out[2 * COLS + ROWS + i] = ("left", ROWS - 1 - i)
    return out


PLACE = _trench_places()
_BY_SIDE = {v: k for k, v in PLACE.items()}


def _geometry(line: str) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(trenches each reserve place may go on, reserve places that may fill each trench)."""
    reach: list[set[int]] = [set() for _ in RESERVE]
    fillers: list[tuple[int, ...]] = []
    for t in range(len(TRENCH)):
        side, k = PLACE[t]
        if side in ("left", "right"):
            places = [k * COLS + j for j in range(COLS)]  # the row at whose end it stands
        elif line == "cross":
            places = [i * COLS + k for i in range(ROWS)]  # the column at whose end it stands
        else:  # "row": the top and bottom trenches lie alongside the first and last rows
            i = 0 if side == "top" else ROWS - 1
            places = [i * COLS + j for j in range(COLS)]
        fillers.append(tuple(places))
        for r in places:
            reach[r].add(t)
    return tuple(tuple(sorted(s)) for s in reach), tuple(fillers)


GEOMETRY = {line: _geometry(line) for line in ("cross", "row")}
# The deal: the reserve row by row, left to right, then the trenches clockwise (p1.s1, p1.s2).
DEAL_ORDER = RESERVE + TRENCH
_T0 = 2 + len(RESERVE)  # the first trench's place in a snapshot (piles in the order they are made)


def _links(sums: tuple[int, ...]) -> tuple[tuple[bool, ...], tuple[tuple[bool, ...], ...]]:
    """LINK[x][y]: x may lie on y (same suit, one apart or next in the foundation order);
    PLAIN[x][y]: the link is only the ordinary one-apart (direction matters)."""
    link, plain = [], []
    for x in range(52):
        lrow, prow = [], []
        for y in range(52):
            same = SUIT[x] == SUIT[y]
            step = abs(RANK[x] - RANK[y]) == 1
            order = RANK[x] + RANK[y] in sums
            lrow.append(same and (step or order))
            prow.append(same and step and not order)
        link.append(tuple(lrow))
        plain.append(tuple(prow))
    return tuple(link), tuple(plain)


LINKS = {"chain": _links((14, 15)), "pairs": _links((14,))}
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


TURN = Move("turn", cites=C_TURN, notes=N_TURN)

#: The rules one suit's game depends on: (link, plain, direction "one"). A reserve card goes up
#: under every reading there (down with its first use, :func:`_suit_next`), so ``reserve_up`` is none of them.
Rules = tuple
#: A suit's game once pack and talon are spent: (height, its trench packets sorted, its reserve
#: cards sorted). See :meth:`BesiegedCity._suits`.
SuitState = tuple
#: The most new states one call of :meth:`_SuitGraph.verdict` looks at before it gives up (None).
SUIT_BUDGET = 50_000
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


class BesiegedCity(Game):
    id = "besieged_city"
    title_ru = "Осажденный город"
    title_en = "The Besieged City"
    source = "000_0c735b6135cd8448.txt"
    packs = 2
    VARS = ("dealt",)
    OPTIONS = (
        Option("line", ("cross", "row"), "cross", ("besieged_city.r3.s1", "besieged_city.r4.s1"), NOTE_LINE,
               "cross: a reserve card goes on the trench cards at the two ends of its row and the two ends "
               "of its column, and a trench vacancy is filled from the row or column it ends (Cadogan's "
               "note); row: only the row of three counts, with the top and bottom trenches as the sides "
               "of the first and last rows"),
        Option("direction", ("mixed", "one"), "mixed", ("besieged_city.r2.s2",), NOTE_DIRECTION,
               "mixed: ascending and descending cards may follow each other in one packet; one: a packet "
               "built up or down by one keeps that direction"),
        Option("play_order", ("chain", "pairs"), "chain", ("besieged_city.r2.s1",), NOTE_ORDER,
               "chain: any two cards next to each other in the foundation order (ranks adding to 14 or "
               "15: Q on 2, 3 on Q, J on 3 ...); pairs: only the pairs the text names and their like "
               "(ranks adding to 14: Q-2, J-3, 10-4 ...)"),
        Option("reserve_up", (False, True), False, ("besieged_city.r1.s1", "besieged_city.r1.s2"),
               NOTE_RESERVE_UP,
               "False: reserve cards reach the foundations only through the trenches; True: a reserve "
               "card may be played to a foundation directly"),
        Option("endgame", ("same", "free"), "same", ("besieged_city.p6.s1",), NOTE_ENDGAME,
               "same: when pack and talon are spent the reserve goes on under rule III; free: then a "
               "reserve card may go on any trench card it fits"),
    )

    dealt: int

    def _setup(self) -> None:
        self.dealt = 0
        self._graph: _SuitGraph | None = None  # this game's own: see clone()
        self._new_pile("stock", self._shuffled(), down=104)
        self._new_pile("talon")
        for name in RESERVE + TRENCH + FOUND:
            self._new_pile(name)
        self._reach, self._fillers = GEOMETRY[self.options["line"]]
        self._link, self._plain = LINKS[self.options["play_order"]]
        self._linked = LINKED[self.options["play_order"]]
        self._one = self.options["direction"] == "one"
        self._bind()

    def _bind(self) -> None:
        self._res = [self._p[n].cards for n in RESERVE]
        self._tr = [self._p[n].cards for n in TRENCH]
        self._fd = [self._p[n].cards for n in FOUND]

    @classmethod
    def from_position(cls, piles, **kw):  # type: ignore[override]
        """As :meth:`Game.from_position`; a constructed position lies after the deal unless ``dealt`` says."""
        kw.setdefault("dealt", len(DEAL_ORDER))
        return super().from_position(piles, **kw)

    def clone(self) -> "BesiegedCity":
        other = super().clone()
        other._bind()
        other._graph = None  # a solver's verdicts depend on its own search only, never on another's
        return other

    # ---- rules -------------------------------------------------------------------------
    def _fits_up(self, c: int) -> bool:
        h = len(self._fd[SUIT[c]])
        return h < FULL and SEQ[h] == RANK[c]

    def _packs(self, x: int, pile: list[int]) -> bool:
        """Whether card x may lie on the trench packet ``pile`` (r2.s1, r2.s2)."""
        if not pile:
            return False
        y = pile[-1]
        if not self._link[x][y]:
            return False
        if self._one and self._plain[x][y] and len(pile) > 1:
            d = RANK[y] - RANK[pile[-2]]
            if d == 1 or d == -1:  # the packet is being built up or down: it keeps that direction
                return RANK[x] - RANK[y] == d
        return True

    def _generate(self) -> list[Move]:
        if self._tr[0] is not self._p[TRENCH[0]].cards:  # the piles were replaced (not refilled) since they were bound
            self._bind()
        if self.dealt < len(DEAL_ORDER):
            c = self._p["stock"].cards[-1]
            return [_mv("deal", c, "stock", DEAL_ORDER[self.dealt],
                        C_DEAL_RESERVE if self.dealt < 12 else C_DEAL_TRENCH, N_DEAL, True)]
        res, tr = self._res, self._tr
        # Compulsory: a trench vacancy is filled at once from its row or column (r4.s1, p3.s1).
        for t, pile in enumerate(tr):
            if not pile:
                fills = [_mv("fill", res[r][-1], RESERVE[r], TRENCH[t], C_FILL_TRENCH, N_FILL_TRENCH, True)
                         for r in self._fillers[t] if res[r]]
                if fills:
                    return fills
        # Compulsory: a reserve vacancy from the talon, or when there is none from the pack (r5.s1).
        talon, stock = self._p["talon"].cards, self._p["stock"].cards
        if talon or stock:
            for r, pile in enumerate(res):
                if not pile:
                    src, c = ("talon", talon[-1]) if talon else ("stock", stock[-1])
                    return [_mv("fill", c, src, RESERVE[r], C_FILL_RESERVE, N_FILL_RESERVE, True)]
        moves: list[Move] = []
        fd = self._fd
        # To the foundations from the trenches (r1.s1, p3.s1, p2.s1, p2.s2, r6.s1).
        tops = [pile[-1] if pile else -1 for pile in tr]
        for t, c in enumerate(tops):
            if c >= 0:
                f = fd[SUIT[c]]
                h = len(f)
                if h < FULL and SEQ[h] == RANK[c]:
                    moves.append(_mv("found", c, TRENCH[t], FOUND[SUIT[c]], C_UP if h else C_ACE, N_UP))
        if self.options["reserve_up"]:
            for r, pile in enumerate(res):
                if pile and self._fits_up(pile[-1]):
                    c = pile[-1]
                    moves.append(_mv("found", c, RESERVE[r], FOUND[SUIT[c]], C_RESERVE_UP, N_RESERVE_UP))
        # From trench to trench, top card only, following suit (r2.s3, r2.s1, r2.s2).
        link, plain, one = self._link, self._plain, self._one
        by_suit: list[list[int]] = [[], [], [], []]
        for t, c in enumerate(tops):
            if c >= 0:
                by_suit[SUIT[c]].append(t)
        for group in by_suit:
            if len(group) > 1:
                for s in group:
                    c = tops[s]
                    lc = link[c]
                    for t in group:
                        if t != s and lc[tops[t]] and (not one or not plain[c][tops[t]] or self._packs(c, tr[t])):
                            moves.append(_mv("move", c, TRENCH[s], TRENCH[t], C_MOVE, N_MOVE))
        # From the reserve onto the trench cards at the ends of its lines (r3.s1).
        end = not talon and not stock
        if end:
            free = self.options["endgame"] == "free"
            cites, notes = C_PACK_END, N_PACK_END
        else:
            free = False
            cites, notes = C_PACK, N_PACK
        everywhere = range(len(TRENCH))
        reach = self._reach
        for r, pile in enumerate(res):
            if not pile:
                continue
            c = pile[-1]
            lc = link[c]
            for t in (everywhere if free else reach[r]):
                y = tops[t]
                if y >= 0 and lc[y] and (not one or not plain[c][y] or self._packs(c, tr[t])):
                    moves.append(_mv("build", c, RESERVE[r], TRENCH[t], cites, notes))
        # The rest of the pack, card by card when the player likes (p5.s1, r1.s1).
        if stock:
            moves.append(TURN)
        return moves

    def _apply(self, move: Move) -> None:
        if self._tr[0] is not self._p[TRENCH[0]].cards:
            self._bind()
        p = self._p
        if move.kind == "turn":
            stock = p["stock"]
            c = stock.cards.pop()
            stock.down = len(stock.cards)
            if self._fits_up(c):
                self._fd[SUIT[c]].append(c)
            else:
                p["talon"].cards.append(c)
            return
        c, src, dst = move.steps[0]
        s = p[src]
        s.cards.pop()
        if src == "stock":
            s.down = len(s.cards)
        p[dst].cards.append(c)
        if move.kind == "deal":
            self.dealt += 1

    def _won(self) -> bool:
        return all(len(f) == FULL for f in self._fd)

    # ---- solver hooks ------------------------------------------------------------------
    def canonical_key(self) -> tuple:
        """The snapshot, with trenches that nothing tells apart any more sorted among themselves.

        Once pack and talon are spent no reserve place is refilled (r5.s1), so an empty one stays
        empty. A trench then meets the reserve only through the live places of its line (builds,
        r3.s1, and fills, r4.s1, both go by the line; under ``endgame="free"`` builds go
        anywhere); trench-to-trench moves and the foundations see no place at all. Two trenches
        whose lines hold the same live places are therefore interchangeable: swapping their
        packets swaps the moves one for one, so the two positions are won or lost together.
        """
        snap = self._snapshot()
        if self._p["stock"].cards or self._p["talon"].cards:
            return snap
        live = 0
        for r, pile in enumerate(self._res):
            if pile:
                live |= 1 << r
        groups = _groups(self.options["line"], live)
        if not groups:
            return snap
        cards = list(snap[0])
        for idx in groups:
            for i, pile in zip(idx, sorted([cards[i] for i in idx])):
                cards[i] = pile
        return (tuple(cards),) + snap[1:]

    def safe_move(self, moves: list[Move]) -> Move | None:
        """The last card of its kind going up from a trench where nothing can ever cover it.

        Say x is the last card of its face still out, due now on its foundation, on top of
        trench t, and pinned there (:meth:`_pinned`: no card it links with is out but under it,
        so nothing can go on it and it can go on nothing). Any winning line leaves x alone on
        t until it plays x up (no other card fits that foundation meanwhile). Playing x first
        keeps every move of that line legal, as long as t does not fall empty with a reserve
        card in its line, which would force a fill (r4.s1); after x the two lines meet.
        """
        won = self._suit_safe(moves)
        if won is not None:
            return won
        heights = [len(f) for f in self._fd]
        for m in moves:
            if m.kind != "found":
                continue
            c, src, _ = m.steps[0]
            if not src.startswith("trench") or len(SLOTS[RANK[c]][heights[SUIT[c]]]) != 1:
                continue
            t = TRENCH.index(src)
            pile = self._tr[t]
            if len(pile) == 1 and any(self._res[r] for r in self._fillers[t]):
                continue
            if self._pinned(pile, len(pile) - 1, heights, {}):
                return m
        return None

    def hopeless(self) -> bool:
        """A suit's game is lost (:meth:`_suits_lost`), or a trench card y lies on a card x of its suit, y can never leave but to its foundation,
        and every place left for y's rank comes after every place left for x's: x is lost for good.

        y leaves a trench only for another trench (onto a card it links with, r2.s1) or for the
        foundation (r1.s1); when no card y links with can ever be the top of another trench
        (see :meth:`_pinned`), only the foundation is left, and there y goes after x, which
        cannot go up while y covers it. Every card must go up to win (twenty-six a foundation).
        """
        if self._suits_lost():
            return True
        heights = [len(f) for f in self._fd]
        for pile in self._tr:
            if len(pile) < 2:
                continue
            low = [FULL] * 4  # by suit: the earliest last place of a card lying lower in the pile
            memo: dict[int, bool] = {}
            for i, y in enumerate(pile):
                s = SUIT[y]
                slots = SLOTS[RANK[y]][heights[s]]
                if slots[0] > low[s] and self._pinned(pile, i, heights, memo):
                    return True
                if slots[-1] < low[s]:
                    low[s] = slots[-1]
        return False

    def _rules(self) -> Rules:
        """The rules of the suits' games under this game's readings."""
        return self._link, self._plain, self._one

    def _suits(self, trenches: list[list[int]] | None = None) -> list[SuitState] | None:
        """Each suit's game once pack and talon are spent (None before, or if a packet mixes suits).

        Then every card still out lies in a trench or the reserve, and a card only ever goes on
        one of its suit (r2.s1), so the suits meet only in the trench places and the lines. A
        suit's game frees both: a reserve card of the suit may go on any packet it fits or down
        as a new packet at any time (really only by the lines, r3.s1, into a vacancy, r4.s1).
        Every line of play, cut down to the moves of one suit, is a line of that suit's game.
        """
        if self._p["stock"].cards or self._p["talon"].cards:
            return None
        piles: list[list[tuple[int, ...]]] = [[], [], [], []]
        for pile in self._tr if trenches is None else trenches:
            if pile:
                s = SUIT[pile[0]]
                if any(SUIT[c] != s for c in pile):
                    return None
                piles[s].append(tuple(pile))
        free: list[list[int]] = [[], [], [], []]
        for pile in self._res:
            for c in pile:
                free[SUIT[c]].append(c)
        return [(len(f), tuple(sorted(ps)), tuple(sorted(fr))) for f, ps, fr in zip(self._fd, piles, free)]

    def _suit_graph(self) -> _SuitGraph:
        """The suits' states met so far (the readings never change; begun again when it grows large)."""
        if self._graph is None or len(self._graph.states) > SUIT_STATES_MAX:
            self._graph = _SuitGraph(self._rules())
        return self._graph

    def _suits_lost(self) -> bool:
        """Whether some suit's game (:meth:`_suits`) is lost: then so is the whole game."""
        states = self._suits()
        if states is None:
            return False
        graph = self._suit_graph()
        return any(graph.verdict(st, SUIT_BUDGET) == -1 for st in states)

    def _suit_safe(self, moves: list[Move]) -> Move | None:
        """With nothing left outside the trenches, a move that brings its suit's game nearer a win.

        The suits' games are then exactly the game cut by suit (no reserve card is left, so no
        line or vacancy matters), and the game is won if and only if each of them is. A move
        keeps the other suits as they were, so one that keeps its own suit won loses nothing;
        taking only moves that shorten a known winning line, the search never goes round in a
        circle (it would refuse a position met before). The next position of a line found is
        always in the memo, so the moves need no search of their own.
        """
        if any(self._res):
            return None
        now = self._suits()
        if now is None:
            return None
        graph = self._suit_graph()
        togo = [graph.verdict(st, SUIT_BUDGET) for st in now]
        for m in moves:
            c, src, dst = m.steps[0] if m.steps else (0, "", "")
            if not src.startswith("trench") or togo[SUIT[c]] is None or togo[SUIT[c]] <= 0:  # lost or done
                continue
            trenches = [list(p) for p in self._tr]
            trenches[TRENCH.index(src)].pop()
            if dst.startswith("trench"):
                trenches[TRENCH.index(dst)].append(c)
            h, piles, free = self._suits(trenches)[SUIT[c]]
            h += dst.startswith("foundation")
            if 0 <= graph.known((h, piles, free)) < togo[SUIT[c]]:
                return m
        return None

    def _pinned(self, pile: list[int], i: int, heights: list[int], memo: dict[int, bool]) -> bool:
        """Whether the card at index i of a trench can never go on another trench.

        It could go only on a card it links with (r2.s1, r2.s3) lying on top of another trench.
        None can be there if every such card still out is under it (it cannot get out before
        this one has left) or above it and pinned itself (it leaves only for its foundation,
        before this one can move at all); the foundations never give a card back.
        """
        if i not in memo:
            y, below = pile[i], pile[:i]
            for f in self._linked[y]:
                left = len(SLOTS[RANK[f]][heights[SUIT[f]]]) - (f == y) - below.count(f)
                for j in range(i + 1, len(pile)):
                    if left > 0 and pile[j] == f and self._pinned(pile, j, heights, memo):
                        left -= 1
                if left > 0:
                    memo[i] = False
                    break
            else:
                memo[i] = True
        return memo[i]

    def solver_moves(self, moves: list[Move]) -> list[Move]:
        """All the moves, best first (an order only, nothing is dropped): cards to the
        foundations; the compulsory fills as they come; a card laid on one that goes up after
        it (the nearer in the foundation order the better), above all one that uncovers a card
        due now or empties a trench; the next card of the pack; last a card laid on one that
        must go up before it, which will have to move again. ``solver_order`` 1 and 2 move the
        next card of the pack behind every other move, or behind the moves out of a trench."""
        heights = [len(f) for f in self._fd]
        p = self._p

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
        if self.solver_order == 1:  # the pack last of all
            return [m for m in ordered if m.kind != "turn"] + [m for m in ordered if m.kind == "turn"]
        if self.solver_order == 2:  # every move out of a trench before the pack
            turn = next((i for i, m in enumerate(ordered) if m.kind == "turn"), len(ordered))
            late = [m for m in ordered[turn + 1:] if m.steps[0][1].startswith("trench")]
            return ordered[:turn] + late + [m for m in ordered[turn:] if m not in late]
        return ordered

    def solver_orders(self) -> tuple[float, ...]:
        """Two other orders, each on a tenth of the budget, before the usual one: the pack last,
        and moves out of a trench before the pack. Wins of some deals hide behind a card turned
        too soon, of others behind a trench left full, and each order alone loses deals the usual
        one wins. With all three, at 20,000 states: deals 1-40 of the default 37 won against 35,
        and 1-3 more of deals 1-20 in every other reading (pairs 11 against 8)."""
        return (0.1, 0.1)

    def _why_not(self, move: Move) -> str | None:
        if not move.steps:
            return None
        c, src, dst = move.steps[0]
        if dst.startswith("foundation") and (src.startswith("reserve") or src == "talon"):
            if not self.options["reserve_up"]:
                return ("cards from the talon pass through the reserve and the reserve into the trenches "
                        "before they can be played (besieged_city.r1.s2)")
        if src.startswith("reserve") and dst.startswith("trench"):
            r, t = RESERVE.index(src), TRENCH.index(dst)
            if t not in self._reach[r] and not (self.options["endgame"] == "free" and not self._p["stock"].cards
                                                and not self._p["talon"].cards):
                return ("a reserve card goes only on the trench cards at the ends of the line it is taken "
                        "from (besieged_city.r3.s1)")
        if src.startswith("talon") and dst.startswith("trench"):
            return "cards from the talon must pass through the reserve (besieged_city.r1.s2)"
        if dst.startswith("trench") and self._p[dst].cards and not self._packs(c, self._p[dst].cards):
            return ("in the trenches a card goes on one of its suit one above or below it, or next to it in "
                    "the order of play (besieged_city.r2.s1, besieged_city.r2.s2)")
        if dst in FOUND:
            if FOUND.index(dst) != SUIT[c]:
                return "the foundation cards follow suit (besieged_city.r6.s1)"
            h = len(self._p[dst].cards)
            if h < FULL and SEQ[h] != RANK[c]:
                return (f"this foundation takes {rank_text(SEQ[h])} next: ascending and descending series "
                        "alternate on it, from ace to ace (besieged_city.p2.s2)")
        return None

    def info(self) -> dict:
        return {**super().info(), "pack": len(self._p["stock"].cards), "talon": len(self._p["talon"].cards)}

    def layout(self) -> Layout:
        spots = []
        for r, name in enumerate(RESERVE):
            i, j = divmod(r, COLS)
            spots.append(Spot(name, 3.0 + 1.6 * j, 2.4 + 1.6 * i, "reserve",
                              f"reserve, row {i + 1}, card {j + 1}", f"резерв, ряд {i + 1}, карта {j + 1}",
                              group="reserve"))
        for t, name in enumerate(TRENCH):
            side, k = PLACE[t]
            if side == "top":
                x, y, fan = 2.8 + 1.6 * k, 1.0, "up"
            elif side == "bottom":
                x, y, fan = 2.8 + 1.6 * k, 9.0, "down"
            elif side == "left":
                x, y, fan = 1.0, 2.6 + 1.6 * k, "left"
            else:
                x, y, fan = 7.6, 2.6 + 1.6 * k, "right"
            spots.append(Spot(name, x, y, "tableau", f"trench {t + 1}", f"окоп {t + 1}", fan=fan, rotate=90,
                              max_fan=3, group="trenches"))
        for s, name in enumerate(FOUND):
            spots.append(Spot(name, 10.8, 1.0 + 1.8 * s, "foundation", f"foundation {'♠♥♦♣'[s]}",
                              f"основание {'♠♥♦♣'[s]}"))
        spots.append(Spot("stock", 12.6, 1.0, "stock", "the pack", "колода"))
        spots.append(Spot("talon", 12.6, 2.8, "talon", "the talon", "талон"))
        return Layout(14.0, 11.0, tuple(spots),
                      "Reconstruction (the figure is lost): the reserve of four rows of three inside, the fourteen "
                      "trench cards laid crosswise round it, three above, four at each side, three below",
                      "Реконструкция (рисунок утрачен): внутри резерв, четыре ряда по три карты; вокруг него "
                      "поперек четырнадцать карт окопов: три сверху, по четыре с боков, три снизу",
                      {"reserve": ("the reserve", "резерв"), "trenches": ("the trenches", "окопы")})


GAME = BesiegedCity
