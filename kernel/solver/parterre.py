"""What a search knows of the Parterre (:mod:`pasyans.games.parterre` has the rules).

A card goes up at once when no lower card can need it to carry another; of moves into empty
packets one is tried, a bouquet card is laid or played up only where it carries the next card;
a position is dead when no packet card can ever leave. A short complete depth-first search
comes first; then two best-first streamlined searches (every card up at once, positions weighed
by :class:`_Weighed`) find most wins on their shares of the budget; the complete best-first search
takes the rest, where most losses and the deeper wins lie. The other readings run one
streamliner (with ``bases=any``, :class:`_ChosenBases`: each suit begun with one of its best
bases) before the complete depth-first search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from ..cards import RANK, SUIT
from ..games.parterre import GARDEN, Parterre
from ..move import Move
from .knowledge import Knowledge, Strategy, register
from .streamliners import FoundationsAtOnce, Streamlined

#: The best-first streamliners' weights (see :func:`_cost`) and their shares of the budget, after
#: :data:`DEPTH_FIRST_SHARE` of the complete depth-first search and before the complete best-first
#: search on the rest (66%) with :data:`COMPLETE_WEIGHTS`. The first's weights were chosen by
#: measurement on deals 1-35 and 101-200 (four weights run alone to 60,000 states, the portfolios
#: simulated). Three more weighted streamliners on 9%, 20% and 20% once followed it, leaving the
#: complete search 19%: on deals 1-200 at 200,000 states they won 6 deals the complete search on
#: 68% does not (50, 57, 89, 94, 123, 128), but that share proves lost or wins 12 of the 42 deals
#: they left unknown (37, 41, 159, 169, 187 lost at 64,000-111,000 of its states; 58, 60, 65, 109,
#: 129, 157, 175 won): most losses need more states of one complete search than 19% holds, and the
#: streamliners spent theirs searching the same space four times. At 10 CPU s both portfolios
#: decided 156 of deals 1-200. The second streamliner, on 2%, takes back the cheapest two of those
#: six (50 and 57 in 1,015 and 3,998 of its states): portfolios simulated from each strategy run
#: alone on the 56 deals of 1-200 that the first two strategies leave (to 150,000 states) decide at
#: most two deals more or fewer, whatever the shares, at 110,000-200,000 states.
WEIGHTED = (((3, 1, 1, 2, 2), 0.3), ((3, 0, 1, 2, 1), 0.02))
#: The complete depth-first search in the knowledge's order, first: with no card up at once, it
#: wins in a few hundred states deals the best-first searches miss in 200,000 (54), and it proves
#: the small losses in fewer states (3: 327 against 981). At 4,000 states alone it decides 37 of
#: deals 1–200.
DEPTH_FIRST_SHARE = 0.02
#: With ``transfer=sequence``: the share of the first of the :data:`WEIGHTED` streamliners, before
#: the complete depth-first search in the knowledge's order takes the rest. Of the 17 deals of
#: 1–100 the table left unknown, it wins 15 (in 1,400–42,500 states); the loss of deal 253, which
#: the depth-first search proved in 77,172 states and 9.5 s, no longer fits in the 10 s.
SEQUENCE_SHARE = 0.3
#: With ``bases=any``: how many of a suit's best bases :class:`_ChosenBases` may begin it with,
#: its share and its weights. Of the 33 deals of 1–100 the table left unknown (none is lost), it
#: wins 32, most in under 1,000 states (the slowest, 53, in 26,140); searched depth first with
#: the knowledge's order instead, it won 7 of the first 17.
BASE_CHOICES = 2
BASES_SHARE = 0.3
BASES_WEIGHTS = (3, 1, 1, 2, 2)
COMPLETE_WEIGHTS = (3, 1, 2, 2, 1)


def _base_cost(base: int, pairs: list[tuple[int, int]], depths: list[tuple[int, int]]) -> tuple[int, int]:
    """How bad a card of rank ``base`` would be as its suit's base (see :meth:`Parterre._suit_layout`):
    the cards of the suit lying in a packet above one that would go up before them, then their
    depths, the early ones weighed most."""
    inverted = sum(1 for upper, lower in pairs if (upper - base) % 13 > (lower - base) % 13)
    return inverted, sum(d * (13 - (r - base) % 13) for r, d in depths)


@cache
def _chain(s: int, top: int, n: int) -> tuple[int, ...]:
    """The cards of suit ``s`` still to go up, in order, when its foundation holds ``n`` cards
    with rank ``top`` last (0: none)."""
    return tuple(13 * s + (top + k) % 13 for k in range(13 - n))


@cache
def _aces_chains(heights: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every suit's :func:`_chain` when the foundations, built from the aces, have these ``heights``."""
    return tuple(_chain(s, n, n) for s, n in enumerate(heights))


def _stuck(packets: list[list[int]], bouquet: list[int], chains: Sequence[tuple[int, ...] | None], seq: bool) -> bool:
    """Whether, in the relaxed game, no packet can ever be emptied while none is empty, so no line wins.

    Relaxed, from the packets as they are now (none empty): a packet card leaves once the cards
    above it have left (or, with runs moving, lie on it in a descending run, which leaves with
    it) and either it can go up or a card a rank above is a host. A host is a card on top of
    what is left of its packet, a packet card that has left, or a bouquet card laid out (on a
    host). A card goes up when the one before it in its ``chain`` is up and it is free: in the
    bouquet, left, or on top of what is left of its packet (a ``None`` chain: any card on top
    may go up). Nothing is ever taken back: a host stays a host, however many cards it carries.

    Proof, by induction along any real line up to the first time a packet is empty: each card
    that has left its packet, gone up or been laid out, and each card that has served as a
    host, has done so in the relaxed game, whose conditions are weaker than the rules'. So if
    the relaxed game never empties a packet, no real line does, and a won line empties them all.
    """
    if not all(packets):
        return False
    top = [len(p) for p in packets]  # how many cards are left in each packet
    down = set().union(*packets)  # the cards still in a packet
    tops = {pile[-1]: p for p, pile in enumerate(packets)}  # the top card left of each packet
    host = [False] * 15
    for c in tops:
        host[RANK[c]] = True
    pos = [0] * 4
    waiting = sorted({RANK[b] for b in bouquet}, reverse=True)  # the ranks of the bouquet not yet laid out
    # Nothing ever stops being free or a host, so the rounds end in the same state whatever their
    # order; a round is needed again only when a card left a packet or a host appeared.
    changed = True
    while changed:  # a card leaving is a host; the one it leaves on top, if any, is a host
        changed = False
        for s, chain in enumerate(chains):  # the foundations, as far as the free cards allow
            if chain is None:
                continue
            i = pos[s]
            n = len(chain)
            while i < n:
                c = chain[i]
                if c in down:  # still in its packet: it leaves when on top
                    p = tops.pop(c, None)
                    if p is None:
                        break
                    down.discard(c)
                    host[RANK[c]] = True
                    j = top[p] = top[p] - 1
                    if not j:
                        return False
                    c = packets[p][j - 1]
                    host[RANK[c]] = True
                    tops[c] = p
                    changed = True
                i += 1
            pos[s] = i
        if waiting:  # bouquet cards laid out, the higher first (a card laid hosts the next)
            left = []
            for r in waiting:
                if host[r + 1]:
                    host[r] = True
                    changed = True
                else:
                    left.append(r)
            waiting = left
        for p, pile in enumerate(packets):  # packet cards leaving: pile[i:] when pile[i] may
            n = top[p]
            i = n - 1
            while i >= 0:
                c = pile[i]
                if host[RANK[c] + 1] or (i == n - 1 and chains[SUIT[c]] is None):
                    del tops[pile[n - 1]]
                    for c in pile[i:n]:
                        host[RANK[c]] = True
                        down.discard(c)
                    if not i:
                        return False
                    n = top[p] = i
                    c = pile[i - 1]
                    host[RANK[c]] = True
                    tops[c] = p
                    changed = True
                    i = n - 1
                    continue
                if not seq or i == 0 or RANK[pile[i - 1]] != RANK[c] + 1:
                    break
                i -= 1
    return True


def _cost(g: Parterre, weights: tuple[int, int, int, int, int], packets: dict[tuple, int],
          rename: list[int] | None = None) -> int:
    """A position's cost for a best-first search: the cards not home, the cards lying on the next
    card of a suit, the cards lying on a lower card of their own suit (each must move off before
    that one goes up), less the empty packets and the cards left in the bouquet (both are room to
    move), weighed by ``weights`` in that order (with ``bases=aces``). ``packets`` remembers each
    packet's part by its cards and the foundations' heights (a cache of one search, emptied when
    it grows past :data:`_PACKETS_MAX` entries). With ``bases=any``, ``rename`` maps each card
    to the one it stands for when its suit's base is taken for an ace (see :class:`_ChosenBases`)."""
    home_w, depth_w, inv_w, empty_w, bouquet_w = weights
    heights = tuple(map(len, g._fd))
    total = home_w * (52 - sum(heights)) - bouquet_w * len(g._bq)
    for pile in g._gd:
        if not pile:
            total -= empty_w
            continue
        if rename is not None:
            pile = [rename[c] for c in pile]
        key = (tuple(pile), heights)
        part = packets.get(key)
        if part is None:
            if len(packets) >= _PACKETS_MAX:
                packets.clear()
            inverted, above = _pile_facts(pile)
            nxt, zeros = _next_cards(heights)
            part = packets[key] = inv_w * inverted + depth_w * sum(map(above.get, nxt, zeros))
        total += part
    return total


@cache
def _next_cards(heights: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """With foundations of these ``heights`` (built from the aces): the next card of each suit
    not complete, and as many zeros."""
    nxt = tuple(13 * s + n for s, n in enumerate(heights) if n < 13)
    return nxt, (0,) * len(nxt)


_PACKETS_MAX = 1 << 17
_BIT = {name: 1 << i for i, name in enumerate(GARDEN)}  # a packet's bit in :meth:`ParterreKnowledge._build_hosts`


def _pile_facts(pile: list[int]) -> tuple[int, dict[int, int]]:
    """For :func:`_cost`: how many cards of ``pile`` lie on a lower card of their own suit, and
    how many cards lie on each card."""
    n = len(pile)
    low = [99] * 4
    inverted = 0
    above: dict[int, int] = {}
    for i, c in enumerate(pile):  # bottom to top
        above[c] = n - 1 - i
        r, su = RANK[c], SUIT[c]
        if r > low[su]:
            inverted += 1
        else:
            low[su] = r
    return inverted, above


class _Weighed(FoundationsAtOnce):
    """Every card up as soon as it can go (a streamliner), positions weighed by :func:`_cost` with
    ``weights`` for a best-first search."""

    def __init__(self, inner: Knowledge[Parterre], weights: tuple[int, int, int, int, int]) -> None:
        super().__init__(inner)
        self.weights = weights
        self.packets: dict[tuple, int] = {}  # for _cost
        # Delegated unchanged, bound once: the search asks them of every position.
        self.canonical_key = inner.canonical_key  # type: ignore[method-assign]
        self.hopeless = inner.hopeless  # type: ignore[method-assign]
        self.progress = inner.progress  # type: ignore[method-assign]
        self.ordered = inner.ordered  # type: ignore[method-assign]

    def cost(self, g: Parterre) -> int:
        return _cost(g, self.weights, self.packets)


class _ChosenBases(Streamlined[Parterre]):
    """With ``bases=any`` (a streamliner): a suit is begun only with one of its :data:`BASE_CHOICES`
    best bases by :func:`_base_cost` in the position, and every card that fits a begun foundation
    goes up at once. Positions are weighed by :func:`_cost` with the suits' bases (the best one
    for a suit not begun) taken for aces."""

    def __init__(self, inner: Knowledge[Parterre]) -> None:
        super().__init__(inner)
        self.packets: dict[tuple, int] = {}  # for _cost
        self.canonical_key = inner.canonical_key  # type: ignore[method-assign]
        self.hopeless = inner.hopeless  # type: ignore[method-assign]
        self.progress = inner.progress  # type: ignore[method-assign]

    def _bases(self, g: Parterre) -> list[list[int]]:
        """Each suit's possible bases, by rank: its base, or its best ones if not begun."""
        out = []
        for s, f in enumerate(g._fd):
            if f:
                out.append([RANK[f[0]]])
            else:
                layout = ParterreKnowledge._suit_layout(g, s)
                out.append(sorted(range(1, 14), key=lambda r: _base_cost(r, *layout))[:BASE_CHOICES])
        return out

    def cost(self, g: Parterre) -> int:
        rename = [0] * 52
        for s, ranks in enumerate(self._bases(g)):
            b = ranks[0]
            for r in range(1, 14):
                rename[13 * s + r - 1] = 13 * s + (r - b) % 13
        return _cost(g, BASES_WEIGHTS, self.packets, rename)

    def safe_move(self, g: Parterre, moves: list[Move]) -> Move | None:
        safe = self.inner.safe_move(g, moves)
        if safe is not None:
            return safe
        fd = g._fd
        return next((m for m in moves if m.kind == "found" and fd[SUIT[m.steps[0][0]]]), None)

    def ordered(self, g: Parterre, moves: list[Move]) -> list[Move]:
        fd = g._fd
        best: list[list[int]] | None = None
        kept = []
        for m in self.inner.ordered(g, moves):
            c = m.steps[0][0]
            if m.kind == "found" and not fd[SUIT[c]]:
                if best is None:
                    best = self._bases(g)
                if RANK[c] not in best[SUIT[c]]:
                    continue
            kept.append(m)
        return kept


def _weighed(weights: tuple[int, int, int, int, int]) -> Callable[[Knowledge[Parterre]], Knowledge[Parterre]]:
    return lambda inner: _Weighed(inner, weights)


@register("parterre")
class ParterreKnowledge(Knowledge[Parterre]):
    """The Parterre's knowledge; its one cache, of :func:`_cost`'s parts, depends on no move."""

    def __init__(self) -> None:
        self._packets: dict[tuple, int] = {}
        self._base: tuple | None = None  # the snapshot the search last went back to
        self._played: list[tuple[Move, int]] = []  # the moves since, each with its bouquet card's index

    def play(self, g: Parterre, move: Move) -> None:
        """Play ``move``, noting how to take it back (see :meth:`back`)."""
        c, src, _ = move.steps[0]
        self._played.append((move, g._bq.index(c) if src == "bouquet" else -1))
        g._apply(move)

    def back(self, g: Parterre, snap: tuple) -> None:
        """Go back to ``snap``: when the search went back to that very snapshot last, by taking
        back the moves played since (cheaper than restoring every pile), else by restoring it."""
        played = self._played
        if snap is not self._base:
            g._restore(snap)
            self._base = snap
            played.clear()
            return
        p = g._p
        while played:
            move, at = played.pop()
            c, src, dst = move.steps[0]
            back = p[dst].cards
            if at >= 0:
                back.pop()
                g._bq.insert(at, c)
                continue
            n = len(move.steps)
            from_ = p[src]
            from_.cards.extend(back[-n:])
            del back[-n:]
            if move.kind == "deal":  # the pack is dealt face down
                from_.down = len(from_.cards)

    def canonical_key(self, g: Parterre) -> tuple:
        """Packets are interchangeable and the bouquet is a set: sort both. A foundation built from
        its ace is known by its height. One string of bytes (cards are 0-51; bytes 253-255 part
        the fields) in a tuple: a string's hash is computed once, a nested tuple's at every lookup."""
        fd = bytes(map(len, g._fd)) if g.options["bases"] == "aces" else b"\xfe".join(map(bytes, g._fd))
        return (b"\xff".join([*sorted(map(bytes, g._gd)), bytes(sorted(g._bq)), fd, bytes((len(g._stock),))]),)

    def progress(self, g: Parterre) -> int:
        """The cards on the foundations (as :meth:`Game.progress`, read straight)."""
        return sum(map(len, g._fd))

    def streamliners(self, g: Parterre) -> tuple[Strategy, ...]:
        """Best-first searches with every card up at once: one for each of the :data:`WEIGHTED`
        with the deck's default reading; the first alone, on :data:`SEQUENCE_SHARE`, with
        ``transfer=sequence``; with ``bases=any``, :class:`_ChosenBases` on :data:`BASES_SHARE`."""
        if g.options["bases"] != "aces":
            return (Strategy("chosen bases", BASES_SHARE, _ChosenBases, best_first=True),)
        if g.options["transfer"] != "single":
            return (Strategy("best first 1", SEQUENCE_SHARE, _weighed(WEIGHTED[0][0]), best_first=True),)
        return tuple(Strategy(f"best first {i}", share, _weighed(w), best_first=True)
                     for i, (w, share) in enumerate(WEIGHTED, 1))

    def portfolio(self, g: Parterre) -> tuple[Strategy, ...]:
        """With the deck's default reading: the complete depth-first search on
        :data:`DEPTH_FIRST_SHARE`, the streamliners, then the complete best-first search
        (:meth:`cost`) on the rest of the budget, in place of the depth-first search, which
        finds fewer wins in as many states; complete searches, so an exhausted space proves a
        loss. The other readings: their streamliner, then the complete depth-first search."""
        mine = self.streamliners(g)
        if g.options["transfer"] != "single" or g.options["bases"] != "aces":
            return super().portfolio(g)
        rest = 1 - DEPTH_FIRST_SHARE - sum(st.share for st in mine)
        return ((Strategy("depth first", DEPTH_FIRST_SHARE),) + mine
                + (Strategy("best first, complete", rest, best_first=True),))

    def cost(self, g: Parterre) -> int:
        """The complete best-first search's cost: :func:`_cost` with :data:`COMPLETE_WEIGHTS`."""
        return _cost(g, COMPLETE_WEIGHTS, self._packets)

    def safe_move(self, g: Parterre, moves: list[Move]) -> Move | None:
        """An ace, a two, or a card of rank r when every foundation holds r - 2 cards or more
        (with ``bases=any``, see :meth:`_safe_any`).

        Proof: such a card c can serve the parterre only as a host for a card d of rank r - 1 of
        another suit; d's foundation then holds r - 2, so d may go up instead of onto c, and on
        c it could host only cards of rank r - 2, all of which are up. So a line that keeps c
        down is matched by one that plays c (and each such d) up and skips their moves.
        """
        if g.options["bases"] != "aces":
            return next((m for m in moves if m.kind == "found" and self._safe_any(g, m.steps[0][0])), None)
        low = min(map(len, g._fd))
        for m in moves:
            if m.kind == "found":
                r = RANK[m.steps[0][0]]
                if r <= 2 or low >= r - 2:
                    return m
        return None

    def _safe_any(self, g: Parterre, c: int) -> bool:
        """With ``bases=any``: whether card ``c``, fitting on a begun foundation, is safe to play up.

        Safe: an ace (it carries nothing in the parterre), or a card of rank r when every card of
        rank r - 1 is up or is the next card of its begun foundation and every card of rank r - 2
        is up. Proof as for :meth:`safe_move`: a card d laid on ``c`` in a winning line may go up
        instead (its foundation waits for it alone), and nothing could be laid on d. A card that
        would begin a foundation is never safe: it chooses the base.
        """
        r = RANK[c]
        if not g._fd[SUIT[c]]:
            return False
        if r == 1:
            return True
        fd = g._fd
        for t in range(4):
            f = fd[t]
            d = 13 * t + r - 2
            if d not in f and not (f and len(f) < 13 and 13 * t + RANK[f[-1]] % 13 == d):
                return False
            if r > 2 and d - 1 not in f:
                return False
        return True

    def ordered(self, g: Parterre, moves: list[Move]) -> list[Move]:
        """The moves worth trying, best first (see :meth:`_order_key`), without three kinds of
        dominated move.

        * A card into an empty packet: every empty packet is alike (the key sorts them), so only
          the first is tried.
        * A bouquet card laid in the parterre (see :meth:`_build_useful`).
        * A bouquet card played up (see :meth:`_up_useful`).
        """
        others = [name for name, p in zip(GARDEN, g._gd) if not p][1:]  # the empty packets but the first
        hosts: list[int] | None = None
        kept = []
        builds = []
        for m in moves:
            c, src, dst = m.steps[0]
            if others and dst in others:
                continue
            if m.kind == "build":
                if hosts is None:
                    hosts = self._build_hosts(g)
                if hosts[RANK[c]] & ~_BIT[dst]:  # a packet other than dst may send a card
                    builds.append(m)
                continue
            if src == "bouquet" and not self._up_useful(g, c):
                continue
            kept.append(m)
        if g.options["bases"] != "aces":
            return sorted(kept + builds, key=self._order_key(g))
        if len(kept) > 1:  # the same order as _order_key's: builds (from the bouquet) keep theirs, last
            kept.sort(key=self._aces_key(g))
        return kept + builds if builds else kept

    def _aces_key(self, g: Parterre) -> Callable[[Move], int]:
        """:meth:`_order_key` with ``bases=aces`` for moves other than builds, as one number."""
        need = {13 * s + len(f) for s, f in enumerate(g._fd) if len(f) < 13}
        depth = {"bouquet": 50}
        for name, pile in zip(GARDEN, g._gd):
            d = 99
            for i, c in enumerate(reversed(pile)):  # the needed card nearest the top
                if c in need:
                    d = i
                    break
            depth[name] = d
        order = self.KIND_ORDER
        return lambda m: order.get(m.kind, 3) * 256 + depth.get(m.steps[0][1], 50)

    def _order_key(self, g: Parterre) -> Callable[[Move], tuple[int, bool, tuple[int, int], int]]:
        """Best first: by kind, transfers before bouquet cards (those are spent for good), then
        moves from the packet whose card next wanted on a foundation lies nearest its top. With
        ``bases=any`` a card that would begin a foundation comes last, the bases that leave the
        fewest cards of their suit buried under later ones first (see :func:`_base_cost`); only the
        order changes, nothing is dropped."""
        aces = g.options["bases"] == "aces"
        fd = g._fd
        need = {13 * s + (RANK[f[-1]] % 13 if f else 0) for s, f in enumerate(fd) if len(f) < 13 and (f or aces)}
        depth = {name: 99 if need.isdisjoint(pile) else next(d for d, c in enumerate(reversed(pile)) if c in need)
                 for name, pile in zip(GARDEN, g._gd)}
        order = self.KIND_ORDER
        suits: dict[int, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}

        def key(m: Move) -> tuple[int, bool, tuple[int, int], int]:
            c = m.steps[0][0]
            if m.kind == "found" and not aces and not fd[SUIT[c]]:
                s = SUIT[c]
                if s not in suits:
                    suits[s] = self._suit_layout(g, s)
                return 9, False, _base_cost(RANK[c], *suits[s]), depth.get(m.steps[0][1], 50)
            return order.get(m.kind, 3), m.kind == "build", (0, 0), depth.get(m.steps[0][1], 50)
        return key

    @staticmethod
    def _suit_layout(g: Parterre, s: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The packet cards of suit ``s``: the ranks of each pair lying one above the other in a
        packet (upper first), and each card's rank with its depth below its packet's top."""
        pairs: list[tuple[int, int]] = []
        depths: list[tuple[int, int]] = []
        for pile in g._gd:
            above: list[int] = []
            for d, x in enumerate(reversed(pile)):
                if SUIT[x] == s:
                    pairs += [(r, RANK[x]) for r in above]
                    depths.append((RANK[x], d))
                    above.append(RANK[x])
        return pairs, depths

    def _build_hosts(self, g: Parterre) -> list[int]:
        """By rank r: the packets (bit i for packet i + 1, see :data:`_BIT`) from which a chain of
        cards could come onto a bouquet card of rank r laid in the parterre; laying it on ``dst``
        is useful only when one of them is not ``dst``.

        Proof: a bouquet card is always available, so laying it in the parterre serves only to
        host a card on it. In a winning line, put off laying it until just before a card is laid
        on it (or play it up straight from the bouquet if nothing ever is): the moves between
        stay legal, as nothing could go onto the card it covered. So some winning line lays a
        bouquet card only just before another card goes on it; that card is again from the
        bouquet (then the same holds of it) or a movable card of another packet. So there are
        bouquet cards of ranks r - 1, ..., r - k + 1 and a movable card of rank r - k elsewhere:
        the packets named are those of the movable cards of ranks r - 1, r - 2 ... down to the
        first rank no bouquet card has.
        """
        seq = g.options["transfer"] == "sequence"
        movers = [0] * 14  # by rank: the packets whose card of that rank may move
        for i, pile in enumerate(g._gd):
            if not pile:
                continue
            k = len(pile) - 1
            movers[RANK[pile[k]]] |= 1 << i
            while seq and k > 0 and RANK[pile[k - 1]] == RANK[pile[k]] + 1:
                k -= 1
                movers[RANK[pile[k]]] |= 1 << i
        in_bq = [False] * 14
        for c in g._bq:
            in_bq[RANK[c]] = True
        out = [0] * 14
        names = 0  # for rank r: the movers of ranks r - 1 down to the chain's end
        for r in range(1, 14):
            out[r] = names
            names = names | movers[r] if in_bq[r] else movers[r]  # the chain goes on through r in the bouquet
        return out

    def _up_useful(self, g: Parterre, c: int) -> bool:
        """Whether playing bouquet card ``c`` up now can matter.

        Proof: a card in the bouquet stays available, and one on its foundation serves only the
        next card of its suit (the card a rank above, the ace after the king with ``bases=any``;
        the first card up fixes nothing that the same card played later would not). In a winning
        line, put off playing ``c`` up until just before that next card goes up (the thirteenth
        card of its suit: to the very end, when the packets are empty). So some winning line
        plays it up only when the next card of its suit is available: in the bouquet or on top
        of a packet.
        """
        if len(g._fd[SUIT[c]]) == 12:
            return not any(g._gd)
        nxt = 13 * SUIT[c] + RANK[c] % 13
        return nxt in g._bq or any(p and p[-1] == nxt for p in g._gd)

    def hopeless(self, g: Parterre) -> bool:
        """No packet can ever be emptied, even in a relaxed game (see :func:`_stuck`), so the
        cards in them never all go up."""
        if g._stock or not all(g._gd):
            return False
        chains: Sequence[tuple[int, ...] | None]
        if g.options["bases"] == "aces":
            chains = _aces_chains(tuple(map(len, g._fd)))
        else:
            chains = [_chain(s, RANK[f[-1]], len(f)) if f else None for s, f in enumerate(g._fd)]
        return _stuck(g._gd, g._bq, chains, g.options["transfer"] == "sequence")
