"""What a search knows of the Braid (:mod:`pasyans.games.braid` has the rules).

Interchangeable places are folded in the key; a card going up with no rival (or, in the last
pass, from the waste above its twin) is played at once; duplicate moves are dropped and fills
near their packet tried first; a position is dead when a card of the braid or an auxiliary card
can never go up (bounds, a suit short of places, a relaxed game where every other card is at
hand), or when braid, end and side places and the waste lock each other in the last passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import RANK, SUIT
from ..games.braid import NEXT_WRAP, PILE_LEN, SIDES, Braid
from ..move import Move
from .knowledge import Knowledge, Strategy, register

#: A bound of ``Braid._ready`` for a card that can never go up.
NEVER = 10**6
#: The solver tries first a fill with a card at most this many cards from its packet.
FILL_NEAR = 1
#: The solver's order of the other kinds of move (a far fill comes at 3).
SOLVER_RANK = {"found": 0, "turn": 2, "redeal": 4}
#: The portfolio's shares of the state budget (measured on deals 1-50, see ``portfolio``): a
#: short depth-first search, then a limited-discrepancy probe.
QUICK_SHARE = 0.01
PROBE_SHARE = 0.03
#: The same under ``side_fill=at_once`` or ``redeals=2``, where wins lie deeper (see ``portfolio``).
QUICK_SHARE_DEEP = 0.07
PROBE_SHARE_DEEP = 0.14


#: A search keeps the verdicts of ``_stuck`` (and the others, by the cards they read) for so many positions.
STUCK_KEEP = 500_000
_ORDER: dict[tuple[int, int], list[list[int]]] = {}
_ABOVE: dict[tuple[int, int], list[list[int]]] = {}
#: How many positions ``_Relaxed`` may try before it gives up (then: not lost).
RELAX_CAP = 3000
#: A search keeps the relaxed games (``_Relaxed``, one for each braid and side row, with the
#: positions each has decided) until they have tried so many positions in all.
RELAX_KEEP = 1_000_000
#: How many positions ``_Relaxed`` tries in its witness order (see ``won``) before its own.
WITNESS_CAP = 100


def _order(base: int, span: int) -> list[list[int]]:
    """The cards of each suit in a packet's order from the base (0-based rank ``base``)."""
    key = (base, span)
    cards = _ORDER.get(key)
    if cards is None:
        cards = _ORDER[key] = [[s * 13 + (base + j) % 13 for j in range(span)] for s in range(4)]
    return cards


def _above(order: list[list[int]]) -> list[list[int]]:
    """Each card's successors in its packet's order (``_order``), nearest first; none for a
    card no packet takes."""
    key = (order[0][0], len(order[0]))
    above = _ABOVE.get(key)
    if above is None:
        above = _ABOVE[key] = [[] for _ in range(52)]
        for cards in order:
            for j, c in enumerate(cards):
                above[c] = cards[j + 1:]
    return above


class _Over(Exception):
    """The relaxed search ran past ``RELAX_CAP`` tries."""


class _Relaxed:
    """The braid and its end places with every other card at hand at any time, in any order,
    however often the pack would have to go round: a relaxation, so a loss here is a loss.

    The end places take the braid's last card when the player wishes (a real line fills them
    at once, one of the lines here). Played at once, for a winning line can be changed to do
    so: the braid's last card or an end card going up on a packet (a winning line that puts
    another copy on that packet first may play that copy where this card went: a copy from
    the braid then waits in the end place this card leaves free, a copy at hand stays at
    hand; a line that puts this card on the other packet of its suit, short of it alike,
    differs by the packets' order); a card at hand going up whose twin is not in the braid
    nor an end place (its twin is at hand, or up), or that both packets of its suit want (the
    twin takes the other, as before); a base on a new packet under eight
    stacking places (every base has its place). The search tries the rest: a card at hand
    going up while its twin waits in the braid or an end place, the braid's last card to a
    free end place. Won when the braid and the end places are empty and every side card can
    go up, the cards at hand going up as far as they reach (then no copy has a rival).
    """

    def __init__(self, braid: list[int], room: int, order: list[list[int]], span: int,
                 spare: list[int]) -> None:
        self.braid, self.room, self.order, self.span, self.spare = braid, room, order, span, spare
        pos = [(RANK[c] - RANK[order[SUIT[c]][0]]) % 13 for c in range(52)]
        self.pos = [j if j < span else -2 for j in pos]  # -2: never wanted
        self.failed: set[tuple] = set()
        self.wins: set[tuple] = set()
        self.tries = 0
        self.cap = RELAX_CAP
        self.witness = False

    def _settle(self, k: int, ends: list[int], slots: list[list[int]], free: list[int],
                held: list[int]) -> int:
        """Play the moves that are played at once; the braid's new depth."""
        braid, order, span, pos = self.braid, self.order, self.span, self.pos
        n = len(braid)
        dirty = [True] * 4  # a suit's packets are swept again only once something of it moved
        moved = True
        while moved:
            moved = False
            if ends:
                for e in ends[:]:
                    s = SUIT[e]
                    t = slots[s]
                    j = pos[e]
                    if t[0] == j:
                        t[0] = j + 1
                    elif t[1] == j:
                        t[1] = j + 1
                    else:
                        continue
                    ends.remove(e)
                    held[e] -= 1
                    moved = dirty[s] = True
            while k < n:
                b = braid[n - 1 - k]
                s = SUIT[b]
                t = slots[s]
                j = pos[b]
                if t[0] == j:
                    t[0] = j + 1
                elif t[1] == j:
                    t[1] = j + 1
                else:
                    break
                held[b] -= 1
                k += 1
                moved = dirty[s] = True
            for s in range(4):
                if not dirty[s]:
                    continue
                dirty[s] = False
                t = slots[s]
                cards = order[s]
                for i in (0, 1):
                    h = h0 = t[i]
                    while 0 <= h < span:
                        c = cards[h]
                        if not free[c] or held[c] and t[1 - i] != h:
                            break
                        free[c] -= 1
                        h += 1
                    if h != h0:
                        t[i] = h
                        moved = dirty[s] = True
        return k

    def won(self, k: int, ends: list[int], slots: list[list[int]], free: list[int],
            held: list[int], banned: frozenset[int] = frozenset()) -> bool:
        """Whether the relaxed game is won from here; the arguments are changed. A card at
        hand in ``banned`` does not go up on the one packet that wants it before its twin
        from the braid or an end place has gone up: the branch that puts it up at once was
        tried, and a line that puts it there later may put it there at once (the packet
        takes nothing before it).

        Two orders of the same moves (``witness``): its own, which bans a card at hand as soon
        as its branch failed, before the braid's last card goes to an end place; and the
        witness order, which finds most wins in a few tries: that move first, then the cards
        at hand whose twin lies deepest in the braid. Both are complete (a branch tried with
        fewer cards banned only searches more), and a position decided in one is decided in
        the other (its key holds the banned cards), so the two share what they decided."""
        self.tries += 1
        if self.tries > self.cap:
            raise _Over
        k = self._settle(k, ends, slots, free, held)
        n = len(self.braid)
        if k == n and not ends:
            return all(f <= s for f, s in zip(free, self.spare))
        if banned:
            banned = frozenset(c for c in banned if held[c])
        # Each suit's two packets as an unordered pair: (shorter, longer).
        key = (k, tuple(sorted(ends)), bytes(free), banned,
               *[x for a, b in slots for x in ((a, b) if a <= b else (b, a))])
        if key in self.failed:
            return False
        if key in self.wins or self._search(k, ends, slots, free, held, banned):
            self.wins.add(key)
            return True
        self.failed.add(key)
        return False

    def _search(self, k: int, ends: list[int], slots: list[list[int]], free: list[int],
                held: list[int], banned: frozenset[int]) -> bool:
        """The moves tried from a settled position (see ``won``)."""
        n = len(self.braid)
        to_end = k < n and len(ends) < self.room
        witness = self.witness
        if to_end and witness:
            if self.won(k + 1, ends + [self.braid[n - 1 - k]], [list(x) for x in slots], free[:], held[:], banned):
                return True
            to_end = False
        tried = set(banned)
        span, order = self.span, self.order
        cands: list[tuple[int, int, int]] = []
        for s in range(4):
            for i in (0, 1):
                h = slots[s][i]
                if not 0 <= h < span:
                    continue
                c = order[s][h]
                if free[c] and held[c] and c not in tried:
                    tried.add(c)
                    cands.append((s, i, c))
        if witness and len(cands) > 1:
            rest = self.braid[:n - k]  # deepest first; a twin in an end place last
            cands.sort(key=lambda x: rest.index(x[2]) if x[2] in rest else n)
        for s, i, c in cands:
            t = [list(x) for x in slots]
            t[s][i] += 1
            f = free[:]
            f[c] -= 1
            if self.won(k, ends[:], t, f, held[:], banned):
                return True
            banned = banned | {c}
        return to_end and self.won(k + 1, ends + [self.braid[n - 1 - k]], [list(x) for x in slots], free[:],
                                   held[:], banned)


class _Events:
    """The marks of ``Braid._deadlocked``: the braid (by depth), the end and side cards
    (``loose``, which need only a packet), the waste of a pass (the first ``n`` cards of
    ``pack``, in the pack's order: its top is the last); for each, which copies can go up; for
    each card, whether a copy can (``up``) and whether a packet can take it with the cards
    marked up (``ok``); which cards of the stack could leave it in this pass (``left``), and
    those of them, or of the cards that may be gone, not yet marked (``pending``). Counted as
    they are marked: the end and side cards up, and the braid and loose cards not yet up
    (``todo``)."""

    def __init__(self, packets: tuple[list[list[int]], list[list[int]], int], braid: list[int],
                 ends: list[int], sides: list[int], room_e: int, room_s: int, take_s: bool,
                 pack: list[int]) -> None:
        self.order, self.tops, self.span = packets
        self.braid, self.braid_up = braid, [False] * len(braid)
        self.loose, self.loose_up = ends + sides, [False] * (len(ends) + len(sides))
        self.loose_left = list(range(len(self.loose)))  # the loose cards not marked up, in order
        self.braid_top = 0  # how many of the braid's cards from its top are marked up
        self.n_ends, self.room_e, self.room_s, self.take_s = len(ends), room_e, room_s, take_s
        self.pack = pack
        self.clear(0)
        self.ends_up = self.sides_up = 0
        self.todo = len(braid) + len(self.loose)
        self.events, self.at_loose, self.at_braid = 0, -1, -1  # see ``settle``
        self.up = [False] * 52
        self.ok = [False] * 52
        self.above = _above(self.order)
        ok, span = self.ok, self.span
        for cards, tops in zip(self.order, self.tops):  # none is up yet: each packet takes its next card
            for t in tops:
                if t + 1 < span:
                    ok[cards[t + 1]] = True

    def clear(self, n: int) -> None:
        """A new pass: the stack holds the pack's first ``n`` cards, none marked, free or left.
        The caller puts the next cards on it (``stack_free``, ``pending`` and, before
        ``settle``, ``n``) and marks the ones that can leave (``left``, ``pending``)."""
        size = len(self.pack)
        self.n = n
        self.stack_up = [False] * size
        self.stack_free = [False] * size
        self.left = [False] * size
        self.pending: set[int] = set()

    def settle(self) -> None:
        """Mark until no card has a new copy up; ``left`` gets the stack's cards that can
        leave it. Each round marks, in turn (marks of the end and side cards come before the
        sweeps that count them):

        the loose cards that a packet can take;

        the braid's cards that can go up, from the top, as far as its cards can leave: up, or
        into an end place, which has room once ``room_e`` more of the end cards and of the
        braid's cards above have gone up;

        the same for the stack: its cards leave up, freely, or into a side place (under
        ``side_fill=choice``), which has room once ``room_s`` more of the side cards and of
        the stack's cards above have gone up (or may be gone: then they are in no side place).
        A card that could leave (``left``) need not leave again when more cards lie on it;
        but no card leaves while the cards above it, all out of the waste, cannot all be up
        or in side places. A card that may be out of the waste (``left`` or ``free``) may be
        in a side place, whence it goes up as soon as a packet takes it. The card ``i`` of the
        pack lies ``n - 1 - i`` cards deep."""
        ok, up, lift = self.ok, self.up, self._lift
        loose, loose_up, n_ends = self.loose, self.loose_up, self.n_ends
        braid, braid_up, room_e = self.braid, self.braid_up, self.room_e
        n_braid = len(braid)
        marked, free, left, pack, pending = self.stack_up, self.stack_free, self.left, self.pack, self.pending
        n, take = self.n, self.take_s
        lim = self.room_s + n - 1  # room_s plus the depth of the stack's card i: lim - i
        # A part of a round is skipped when nothing it reads changed since it last began, in
        # this call or (the loose cards and the braid, which do not read the stack) an earlier
        # one: no card went up and no loose card was marked (``events`` counts both).
        events, at_loose, at_braid, at_stack = self.events, self.at_loose, self.at_braid, -1
        # The stack's sweep goes on where the last one of this call stopped: with ``n`` fixed,
        # marks only add up, so a later sweep passes every card an earlier one passed, and
        # those left unmarked are pending (``above``: those passed, up or free).
        stop, above = n - 1, 0
        fresh = True  # a card has a new copy up in this round
        while fresh:
            fresh = False
            if at_loose != events and self.loose_left:
                at_loose = events
                rest = []
                for i in self.loose_left:
                    c = loose[i]
                    if ok[c]:
                        loose_up[i] = True
                        events += 1
                        if i < n_ends:
                            self.ends_up += 1
                        else:
                            self.sides_up += 1
                        self.todo -= 1
                        if not up[c]:
                            lift(c)
                            fresh = True
                    else:
                        rest.append(i)
                self.loose_left = rest
            if at_braid != events:
                at_braid = events
                d = self.braid_top
                gone = self.ends_up + d
                while d < n_braid:
                    c = braid[d]
                    if ok[c]:
                        if not braid_up[d]:
                            braid_up[d] = True
                            self.todo -= 1
                            if not up[c]:
                                lift(c)
                                fresh = True
                                events += 1
                    elif gone < room_e + d:
                        break
                    gone += braid_up[d]
                    d += 1
                d = self.braid_top
                while d < n_braid and braid_up[d]:
                    d += 1
                self.braid_top = d
            if at_stack == events:
                continue
            at_stack = events
            if pending:
                for i in [i for i in pending if ok[pack[i]]]:
                    if i > stop and not free[i]:
                        above += 1
                    marked[i] = True  # the card goes up from its side place
                    pending.discard(i)
                    c = pack[i]
                    if not up[c]:
                        lift(c)
                        fresh = True
                        events += 1
            gone = self.sides_up + above
            i = stop
            while i >= 0:
                room = lim - i
                if gone < room - 1:
                    break
                c = pack[i]
                if ok[c]:
                    if not marked[i]:
                        marked[i] = True
                        pending.discard(i)
                        if not up[c]:
                            lift(c)
                            fresh = True
                            events += 1
                elif not (free[i] or left[i] or take and gone >= room):
                    break
                if not left[i]:
                    left[i] = True
                    if not marked[i]:
                        pending.add(i)
                gone += marked[i] or free[i]
                i -= 1
            stop, above = i, gone - self.sides_up
        self.events, self.at_loose, self.at_braid = events, at_loose, at_braid

    def _lift(self, c: int) -> None:
        """A copy of ``c``, not marked up yet, can go up: mark the card, and what its packets
        take then (only a card a packet takes can lengthen the cards it takes: the next cards
        up to one not up)."""
        up, ok = self.up, self.ok
        up[c] = True
        if ok[c]:
            for d in self.above[c]:
                ok[d] = True
                if not up[d]:
                    break


@register("braid")
class BraidKnowledge(Knowledge[Braid]):
    """The Braid's knowledge; it keeps the dead-position verdicts of its search by the cards they read."""

    def __init__(self) -> None:
        self._memo: dict[tuple, bool] = {}
        #: The keys not in ``_memo`` whose ``_stuck`` verdict is known to be False.
        self._unbounded: set[tuple] = set()
        #: ``_ready`` by the start of the memo's key (the braid and the packets), which is all it reads.
        self._bounds: dict[tuple, tuple[list[int], list[int]]] = {}
        self._relaxed: dict[tuple, _Relaxed] = {}
        self._relaxed_kept = 0

    def canonical_key(self, g: Braid) -> tuple:
        """The position with interchangeable places folded: the stacking places among
        themselves (a packet is its top card, for every packet starts at the base rank), the
        end places, the eight side places."""
        ne = g._nends
        aux = g._aux_c
        return (tuple(g._stock_c), tuple(g._waste_c), tuple(g._braid_c),
                tuple(sorted([cs[-1] for _, cs in g._found_c if cs])),
                tuple(sorted([tuple(cs) for _, cs in aux[:ne]])),
                tuple(sorted([tuple(cs) for _, cs in aux[ne:]])), g.dealt, g.pass_no)

    def portfolio(self, g: Braid) -> tuple[Strategy, ...]:
        """A short depth-first search (most won deals fall within a few hundred positions of
        its first line), then a limited-discrepancy probe: the depth-first search, left to
        itself, may spend the whole budget in the last pass below an early choice to put up a
        card of the pack that its twin in the braid needed the packet for (deal 7: its win
        leaves the order three times, twice to keep the 6♠ in the waste). Both are complete:
        the rest of the budget goes to the depth-first search. Under ``side_fill=at_once`` and
        under ``redeals=2`` the wins lie deeper (at_once, deals 1-50: the depth-first search
        finds six only after 5,000 to 28,000 of its states, the probe that of deal 44 after
        21,000 of its own), so both get longer shares. Under the 10 s cap, at_once decides
        44 of deals 1-50 (was 42) and 40 of 51-100 (39); redeals=2 gains deals 33 and 54 (by
        the probe) and loses none of 1-100 (its losses there are proved at the root)."""
        if g._at_once or g.options["redeals"] == 2:
            return (Strategy("quick search", QUICK_SHARE_DEEP),
                    Strategy("probe", PROBE_SHARE_DEEP, probe=True))
        return (Strategy("quick search", QUICK_SHARE), Strategy("probe", PROBE_SHARE, probe=True))

    def safe_move(self, g: Braid, moves: list[Move]) -> Move | None:
        """A card going up that has no rival: its twin (the same card of the other pack) is
        already up, or two packets want it. Then the card waits for nothing but this packet,
        and going up only uncovers the next card of its pile (an end place refilled from the
        braid advances the braid; a side place left empty may stay empty). A card with a rival
        is not safe: it may take the packet its twin, buried in the braid, needs sooner. Under
        ``side_fill=at_once`` a side card is never safe, for its place takes a card at once.

        Nor is its rival a threat to a side card (under ``side_fill=choice``) whose twin lies
        in the pack or in another side place: take a winning line. If it puts the side card
        up first, that move may come now (the packet takes nothing before it, and an empty
        side place stays empty by choice). If it puts the twin from a side place on this packet
        first, the two are one. If from the pack, the line may instead lay the twin in the
        side place left empty, and the positions are one. If the side card goes on the
        other packet of its suit, short of it like this one, the packets are interchangeable.
        So too, under either reading, for the top card of the waste in the last pass whose
        twin lies under it in the waste (see ``_twin_under``).
        """
        p = g._p
        for m in moves:
            if m.kind != "found" or m.src == "stock" or g._at_once and m.src in SIDES:
                continue
            c = m.steps[0][0]
            if m.src in SIDES and self._twin_loose(g, c) or m.src == "waste" and self._twin_under(g, c):
                return m
            wants = twin_up = 0
            for name in g._found:
                cs = p[name].cards
                if cs and SUIT[cs[0]] == SUIT[c]:
                    wants += g._next[cs[-1]] == c
                    twin_up += c in cs
            if twin_up or wants > 1:
                return m
        return None

    def _twin_loose(self, g: Braid, c: int) -> bool:
        """Whether no copy of ``c`` lies in the braid or an end place."""
        p = g._p
        return c not in p["braid"].cards and all(c not in p[name].cards for name in g._ends)

    def _twin_under(self, g: Braid, c: int) -> bool:
        """Whether the waste's top card ``c`` may go up at once: in the last pass its twin
        lies under it in the waste, and no base can be forced up from the waste (every
        stacking place is taken, or no base lies there).

        Take a winning line and play it with ``c`` up: the positions differ by one copy of
        ``c``, up here and there in the waste or a side place, its packet short of it. The
        twin comes out only after that copy, and nothing else goes on the packet before a
        copy of ``c``; no redeal, no forced base and no forced fill tell the two waste stacks
        apart (under ``side_fill=at_once`` a side place is filled from the pack, which is the
        same here and there). So the line's moves may be made here too, but for that copy's:
        up on this packet, it is made already; up on the other one, the packets are
        interchangeable; into a side place (under ``side_fill=choice`` only), the place stays
        empty here, and should the twin then go on this packet, here it goes into that place
        instead: the positions are one. Under ``side_fill=at_once`` it shortens the
        decided deals 4 and 9 (1-50) from 25,734 and 12,974 states to 18,545 and 12,964.
        """
        if g.pass_no <= g.options["redeals"]:
            return False
        p = g._p
        waste = p["waste"].cards
        if c not in waste[:-1]:
            return False
        if all(p[name].cards for name in g._found):
            return True
        base = RANK[p[g._found[0]].cards[0]]
        return all(RANK[w] != base for w in waste)

    def ordered(self, g: Braid, moves: list[Move]) -> list[Move]:
        """The moves worth trying, best first.

        Dropped as duplicates: a card going up to a second stacking place that wants it (both
        packets hold the same cards, base to the card below, so the positions are one), and a
        card filling a second empty side place (the side places are interchangeable). Order:
        up, then a fill with a card close to its packet, then the next card of the pack, then
        other fills, then the redeal.
        """
        kept: list[Move] = []
        seen: set[tuple] = set()
        for m in moves:
            tag = (m.kind, m.src) + ((m.steps[0][0],) if m.steps else ())
            if m.kind in ("found", "fill") and tag in seen:
                continue
            seen.add(tag)
            kept.append(m)
        gaps = self._gaps(g)

        def rank(m: Move) -> int:
            if m.kind == "fill":
                return 1 if gaps[m.steps[0][0]] <= FILL_NEAR else 3
            return SOLVER_RANK.get(m.kind, 3)
        return sorted(kept, key=rank)

    def _gaps(self, g: Braid) -> list[int]:
        """For every card, about how many cards must go up before it can: the solver's hint."""
        p = g._p
        base = RANK[p[g._found[0]].cards[0]] - 1
        gaps = [(RANK[c] - 1 - base) % 13 for c in range(52)]
        nxt = g._next
        for name in g._found:
            cs = p[name].cards
            c = nxt[cs[-1]] if cs else -1
            for gap in range(PILE_LEN - len(cs)):
                if c < 0:
                    break
                gaps[c] = min(gaps[c], gap)
                c = nxt[c]
        return gaps

    def hopeless(self, g: Braid) -> bool:
        """Whether the braid and the auxiliary cards can never all go up (see ``_stuck``,
        ``_short_of_places`` and ``_relaxed_lost``; their verdict depends on them and the
        packets only, so it is kept for each), or, in the last two passes, the braid, the end
        and side places and the waste lock each other (see ``_deadlocked``). Not asked while an
        end place waits for the braid's last card: its only move is that fill, and the search
        asks again one position on (deal 67: a fifth of the dead tests were asked there)."""
        p = g._p
        f1 = p[g._found[0]].cards
        if not f1 or p["braid"].cards and not all(p[name].cards for name in g._ends):
            return False
        ne = g._nends
        aux = g._aux_c
        key = (g._next is NEXT_WRAP, ne, len(g._found), RANK[f1[0]], tuple(g._braid_c),
               tuple(sorted([cs[-1] for _, cs in g._found_c if cs])),
               tuple(sorted([cs[-1] for _, cs in aux[:ne] if cs])),
               tuple(sorted([cs[-1] for _, cs in aux[ne:] if cs])))
        memo = self._memo
        stuck = memo.get(key)
        late = g.pass_no >= g.options["redeals"]
        if stuck is None:
            if len(memo) > STUCK_KEEP:
                memo.clear()
                self._unbounded.clear()
            # The cheapest proof first, then the marking (not kept: it reads the pack), then
            # the relaxed game: the relaxed game is asked of the same positions as when the
            # marking came first, so its kept games, and every verdict, are the same.
            if key not in self._unbounded:
                bounds = self._bounds.get(key[:6])
                if bounds is None:
                    if len(self._bounds) > STUCK_KEEP:
                        self._bounds.clear()
                    bounds = self._bounds[key[:6]] = self._ready(g)
                if self._stuck(g, bounds):
                    memo[key] = True
                    return True
                self._unbounded.add(key)
            if late and self._deadlocked(g):
                return True
            self._unbounded.discard(key)
            stuck = memo[key] = self._short_of_places(g) or self._relaxed_lost(g)
            return stuck
        return stuck or late and self._deadlocked(g)

    def _stuck(self, g: Braid, bounds: tuple[list[int], list[int]]) -> bool:
        """True when a card of the braid or an auxiliary card can never go up, or when more
        cards must wait in the end places at once than there are end places.

        ``_ready`` gives, for every card, a braid depth that must be cleared before the card
        can go up (a lower bound: see there). A braid card at depth ``i`` whose bound ``r`` is
        deeper leaves the braid before it can go up, and the braid's cards go nowhere but up
        and to the end places (braid.p4.s1, braid.p6.s1), which give them up only to the
        packets: so right after the braid's card at depth ``k`` leaves, every such card with
        ``i <= k < r`` (and every end card whose bound is deeper than ``k``) lies in an end
        place. More of them than end places is impossible. When both copies of a card lie in
        the braid or the end places, the one that goes up second has the bound ``second``; it
        waits at least from the time the deeper of the two leaves the braid (the upper one
        left before), so the deeper copy may count with that bound.
        """
        p = g._p
        ready, second = bounds
        braid = p["braid"].cards
        n = len(braid)
        where: dict[int, list[int]] = {}
        for pos, c in enumerate(braid):
            where.setdefault(c, []).append(n - 1 - pos)
        for name in g._ends:
            if p[name].cards:
                where.setdefault(p[name].cards[-1], []).append(-1)
        sides = [p[name].cards[-1] for name in SIDES if p[name].cards]
        for c in sides:
            if ready[c] == NEVER or (c in where or sides.count(c) == 2) and second[c] == NEVER:
                return True
        waiting = [0] * (n + 1)
        for c, places in where.items():
            limits = [ready[c]] * len(places)
            if len(places) == 2:
                limits[places.index(max(places))] = second[c]
            for i, r in zip(places, limits):
                if r == NEVER:
                    return True
                if r > max(i, 0):
                    waiting[max(i, 0)] += 1
                    waiting[r] -= 1
        ends, level = g._nends, 0
        for k in range(n):
            level += waiting[k]
            if level > ends:
                return True
        return False

    def _short_of_places(self, g: Braid) -> bool:
        """Under four stacking places: whether the suits need more new packets than places are
        free. A packet holds one copy of each card, so a suit needs as many packets as the
        most copies of one of its cards that must lie up in the end: those up already and
        those in the braid, the end and the side places (the goal counts them all). Every
        new packet takes a free place for good (under eight places, each of the eight bases
        has its own: never short)."""
        if len(g._found) == 8:
            return False
        p = g._p
        count = [0] * 52
        packets = [0] * 4
        free = 0
        for name in g._found:
            cs = p[name].cards
            if cs:
                packets[SUIT[cs[0]]] += 1
            else:
                free += 1
        for name in g._found + g._aux + ("braid",):
            for c in p[name].cards:
                count[c] += 1
        need = [0] * 4
        for c in range(52):
            if count[c] > need[SUIT[c]]:
                need[SUIT[c]] = count[c]
        return sum(max(0, n - k) for n, k in zip(need, packets)) > free

    def _relaxed_lost(self, g: Braid) -> bool:
        """Whether the braid and the auxiliary cards cannot all go up even with every other
        card at hand at any time: see ``_Relaxed``. Under four stacking places only once all
        four are taken (no packet is started then). Asked first in its witness order for
        ``WITNESS_CAP`` tries, then in its own for ``RELAX_CAP`` more (what the first decided
        kept); undecided then: not lost. The relaxed games are kept (see ``RELAX_KEEP``): a position it has decided, met
        again from a later position of the search (a card without rival up, the braid's last
        card up: moves it plays at once), costs one try."""
        p = g._p
        started = [p[name].cards for name in g._found if p[name].cards]
        if len(started) < len(g._found) < 8:
            return False
        base = RANK[started[0][0]] - 1
        span = PILE_LEN if g.options["wrap"] else PILE_LEN - base
        # Per suit, the two packets' lengths: 0 not started yet, -1 never started.
        slots: list[list[int]] = [[], [], [], []]
        free = [2] * 52
        for cs in started:
            slots[SUIT[cs[0]]].append(len(cs))
            for c in cs:
                free[c] -= 1
        for t in slots:
            t.extend([0 if len(g._found) == 8 else -1] * (2 - len(t)))
        braid = p["braid"].cards
        ends = [p[name].cards[-1] for name in g._ends if p[name].cards]
        held = [0] * 52
        for c in braid + ends:
            free[c] -= 1
            held[c] += 1
        spare = free[:]
        for name in SIDES:
            for c in p[name].cards:
                spare[c] -= 1
        # One relaxed game for each side row: the braid only ever loses its last cards, so the
        # braid of a later position is the start of the first one's, and the same relaxed game
        # goes on from the depth the braid has reached.
        tag = (g._nends, base, span, tuple(spare))
        if self._relaxed_kept > RELAX_KEEP:
            self._relaxed.clear()
            self._relaxed_kept = 0
        relaxed = self._relaxed.get(tag)
        n = len(braid)
        if relaxed is None or len(relaxed.braid) < n or relaxed.braid[:n] != braid:
            relaxed = self._relaxed[tag] = _Relaxed(list(braid), g._nends, _order(base, span), span, spare)
        k = len(relaxed.braid) - n
        relaxed.tries = 0
        relaxed.cap, relaxed.witness = WITNESS_CAP, True
        try:
            return not relaxed.won(k, ends[:], [t[:] for t in slots], free[:], held[:])
        except _Over:
            pass
        finally:
            relaxed.cap, relaxed.witness = RELAX_CAP, False
            self._relaxed_kept += relaxed.tries
        relaxed.tries = 0
        try:
            return not relaxed.won(k, ends, slots, free, held)
        except _Over:
            return False
        finally:
            self._relaxed_kept += relaxed.tries

    def _deadlocked(self, g: Braid) -> bool:
        """Whether some card of the braid or an auxiliary card can never go up, found by
        marking every event that can happen in some line (least fixpoints, see ``_Events``).

        Events: a copy goes up; the braid's card at depth ``d`` leaves it; a card of the waste
        leaves it. Each is marked once a condition it needs, met by events that come before
        it, holds for marked events; by induction along a winning line, every event of the
        line is marked. Within a pass the waste is a stack: the pack's cards join it one by
        one, in their order (the same in every pass: the waste's from its bottom, then the
        pack's); an event that comes with ``k`` cards of the pass turned is marked in the
        fixpoint of step ``k``, whose stack has those ``k`` cards on the waste (marks carry
        over). A card that could leave the waste in an earlier pass, or go into a side place
        when turned under ``side_fill=at_once``, may be gone from the stack, up or in a side
        place (then counted in none: weaker). Used in the last two passes (earlier, the pack
        in any order frees too much to prove anything, and the marking costs time). Under
        ``side_fill=at_once`` not asked while a side place waits for the pack's top card: that
        fill is the only move, and its position is asked; here every card of the pack could wait
        in the free place (deal 7, 30,000 states: 12 of 4,557 such positions proved dead, for a
        quarter of the marking's time).
        """
        p = g._p
        ends = [p[name].cards[-1] for name in g._ends if p[name].cards]
        sides = [p[name].cards[-1] for name in SIDES if p[name].cards]
        if g._at_once and len(sides) < len(SIDES) and p["stock"].cards:
            return False
        room_s = len(sides) - len(SIDES) + 1
        waste = p["waste"].cards
        pack = waste + p["stock"].cards[::-1]
        at_once = g._at_once
        ev = _Events(self._packets(g), p["braid"].cards[::-1], ends, sides, len(ends) - g._nends + 1,
                     room_s, not at_once, pack)
        ok, up = ev.ok, ev.up
        gone = [False] * len(pack)
        passes = g.options["redeals"] + 2 - g.pass_no
        for j in range(passes):
            start = 0 if j else len(waste)
            ev.clear(start)
            ev.settle()
            stack_free, left, pending = ev.stack_free, ev.left, ev.pending
            for i in range(start, len(pack)):  # put the pack's card i on the stack
                if not ev.todo:
                    return False
                free = gone[i] or at_once and ev.sides_up >= room_s
                c = pack[i]
                if free:
                    stack_free[i] = True
                    pending.add(i)
                if ok[c] and not up[c]:
                    ev.n = i + 1
                    ev.settle()
                elif free or ok[c] or not at_once and ev.sides_up >= room_s:
                    # Nothing new is marked: the card only leaves, or blocks the cards under it.
                    left[i] = True
                    pending.add(i)
            if j + 1 < passes:
                gone = [q or x for q, x in zip(gone, ev.left)]
        return ev.todo > 0

    def _packets(self, g: Braid) -> tuple[list[list[int]], list[list[int]], int]:
        """For ``_Events``: each suit's cards in a packet's order, its packets' tops (-1: may
        start; any suit while a place is free, under four places), and a packet's length."""
        found = [g._p[name].cards for name in g._found]
        base = RANK[found[0][0]] - 1
        span = PILE_LEN if g._next is NEXT_WRAP else PILE_LEN - base
        started = [cs for cs in found if cs]
        tops: list[list[int]] = [[], [], [], []]
        for cs in started:
            tops[SUIT[cs[0]]].append(len(cs) - 1)
        if len(started) < len(found):
            for t in tops:
                t.extend([-1] * (2 - len(t)))
        return _order(base, span), tops, span

    def _ready(self, g: Braid) -> tuple[list[int], list[int]]:
        """For every card, a braid depth (0 = the last card) that must have left the braid
        before the card can go up; -1 when none, ``NEVER`` when it can never go up. And the
        same for the second of its two copies to go up.

        A card goes up on a packet of its suit whose top is the card below it: a started packet
        still short of it, or a new one while its suit has fewer than two. Every card missing
        from that packet goes up first, and a copy lying in the braid at depth ``d`` goes up
        only after the braid's cards down to ``d`` have left it. So the bound of a card is the
        least, over those packets, of the greatest bound of the cards they miss; the bound of
        a missing card is the least over its copies not yet up of the greater of its depth
        (-1 off the braid) and its own bound. The second copy goes on the other packet, after
        the first: both packets hold every card below it, so every copy missing from them
        goes up first, and its bound is the greatest over those. Lower bounds all, hence sound.
        """
        p = g._p
        base = RANK[p[g._found[0]].cards[0]] - 1
        span = PILE_LEN if g.options["wrap"] else PILE_LEN - base
        braid = p["braid"].cards
        depth: dict[int, list[int]] = {}
        n = len(braid)
        for pos, c in enumerate(braid):
            depth.setdefault(c, []).append(n - 1 - pos)
        tops: list[list[int]] = [[], [], [], []]
        for name in g._found:
            cs = p[name].cards
            if cs:
                top = cs[-1]
                tops[SUIT[top]].append((RANK[top] - 1 - base) % 13)
        ready = [NEVER] * 52
        second = [NEVER] * 52
        order = _order(base, span)
        for s in range(4):
            t0, t1 = tops[s] + [-1] * (2 - len(tops[s]))
            low = min(t0, t1)
            w0 = w1 = -1  # the greatest bound of the cards each packet misses so far
            both = -1
            for j, c in enumerate(order[s]):
                if t0 < j:
                    need = w0 if t1 >= j or w0 <= w1 else w1
                elif t1 < j:
                    need = w1
                else:
                    need = NEVER
                ready[c] = need
                second[c] = need if need > both else both
                off = 2 - (t0 >= j) - (t1 >= j)
                ds: Sequence[int] = depth.get(c, ())  # deepest first
                if off == 0:
                    copy = NEVER
                elif len(ds) < off:
                    copy = -1
                else:
                    copy = ds[-1]
                r = need if need > copy else copy
                if t0 < j and r > w0:
                    w0 = r
                if t1 < j and r > w1:
                    w1 = r
                if j > low:
                    if need > both:
                        both = need
                    if ds and ds[0] > both:
                        both = ds[0]
        return ready, second
