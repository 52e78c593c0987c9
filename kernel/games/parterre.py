"""Партер (Le Parterre, Cadogan's «The Flower-Garden»), after «Двадцать четыре основные пасьянса»,
seed 000.

One pack. The witness keeps only rules I–III; the deal and play are lost and the edition supplies
them from Cadogan (parterre.p1.s1–p2.s4, marked as supplied). Six packets of six cards, spread
face up, are the parterre (p1.s1); the other sixteen cards the bouquet (p1.s2). Every card of the
bouquet and the top card of each packet are available (r1.s1); taking a top card frees the one
below (r1.s2). The foundations are picked out during play (r2.s1): the aces, as they come free,
built up in suit to the kings (p1.s3). In the parterre cards go in descending sequence, of any suit
(r3.s1, p2.s1), from packet to packet as often as one likes, and bouquet cards may be laid there
the same way (p2.s1); they never go back to the bouquet, and there is one deal (p2.s2). A packet
cleared away may be begun again with a card of the bouquet or of the parterre (p2.s3).

Readings (options): ``bases`` (whether «Основныя карты выбираются во время игры» means the aces
as they come free, as the supplied p1.s3 says, or any card the player chooses as a base; note
parterre.n.bases) and ``transfer`` (whether only the top card of a packet moves, as rule I makes
only that card available, or a whole descending run; note parterre.n.transfer). Moving a packet's
last card into an empty packet would change nothing and is not offered.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..cards import RANK, SUIT
from ..game import Game, Option
from ..layout import Layout, Spot
from ..move import Move

NOTE_BASES = "parterre.n.bases"
NOTE_TRANSFER = "parterre.n.transfer"
NOTE_SUITS = "parterre.n.suits"
NOTE_DEAL = "parterre.n.deal"
NOTE_EMPTY = "parterre.n.empty"

GARDEN = tuple(f"garden.{i}" for i in range(1, 7))
FOUND = tuple(f"foundation.{i}" for i in range(1, 5))  # by suit: spades, hearts, diamonds, clubs
SUIT_SIGNS = "♠♥♦♣"
_MOVES: dict[tuple, Move] = {}  # every move made once, for speed (moves are immutable)
_TRANSFERS: dict[tuple, Move] = {}  # the transfers by (cards, source, destination, cites)


def _move(kind: str, steps: tuple, cites: tuple[str, ...], notes: tuple[str, ...] = ()) -> Move:
    """The parterre's move with these fields, built once."""
    key = (kind, steps, cites, notes)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move(kind, steps, cites=cites, notes=notes)
    return m


class Parterre(Game):
    id = "parterre"
    title_ru = "Партер"
    title_en = "The Parterre"
    source = "000_0c735b6135cd8448.txt"
    packs = 1
    OPTIONS = (
        Option("bases", ("aces", "any"), "aces", ("parterre.r2.s1", "parterre.p1.s3"), NOTE_BASES,
               "aces: the foundations are the aces, played as they come free (the supplied deal); any: "
               "the player picks any card as the base of its suit's foundation, which then goes up in "
               "suit, from king to ace, to thirteen cards"),
        Option("transfer", ("single", "sequence"), "single", ("parterre.r1.s1", "parterre.p2.s1"),
               NOTE_TRANSFER,
               "single: only the top card of a packet moves (rule I); sequence: a descending run at the "
               "top of a packet may be moved as one"),
    )

    def _setup(self) -> None:
        self._new_pile("stock", self._shuffled(), down=52)
        for name in GARDEN:
            self._new_pile(name)
        self._new_pile("bouquet")
        for name in FOUND:
            self._new_pile(name)
        self._bind()

    def _bind(self) -> None:
        self._gd = [self._p[n].cards for n in GARDEN]
        self._fd = [self._p[n].cards for n in FOUND]
        self._bq = self._p["bouquet"].cards
        self._stock = self._p["stock"].cards

    def clone(self) -> "Parterre":
        other = super().clone()
        other._bind()
        return other

    # ---- rules -------------------------------------------------------------------------
    def _up_cards(self) -> set[int]:
        """The cards that would fit on their foundations now."""
        any_base = self.options["bases"] == "any"
        up = set()
        for s, f in enumerate(self._fd):
            if not f:
                if any_base:
                    up.update(range(13 * s, 13 * s + 13))
                else:
                    up.add(13 * s)
            elif len(f) < 13:
                up.add(13 * s + RANK[f[-1]] % 13)
        return up

    def _generate(self) -> list[Move]:
        if self._gd[0] is not self._p[GARDEN[0]].cards:  # the piles were replaced (not refilled) since they were bound
            self._bind()
        gid = self.id
        stock = self._stock
        if stock:  # the deal: six packets of six, then the bouquet (p1.s1, p1.s2)
            n = 52 - len(stock)
            c = stock[-1]
            if n < 36:
                return [Move("deal", ((c, "stock", GARDEN[n % 6]),), cites=("parterre.p1.s1",),
                             notes=(NOTE_DEAL,), forced=True)]
            return [Move("deal", ((c, "stock", "bouquet"),), cites=("parterre.p1.s2",), forced=True)]
        moves: list[Move] = []
        gd, bq = self._gd, self._bq
        up = self._up_cards()
        found_cites = ("parterre.r2.s1", "parterre.p1.s3", "parterre.r1.s1")
        found_notes = (NOTE_BASES,)
        # To the foundations: a top card of the parterre, any card of the bouquet (r1.s1, r2.s1, p1.s3).
        for i, pile in enumerate(gd):
            if pile and pile[-1] in up:
                c = pile[-1]
                moves.append(_move("found", ((c, GARDEN[i], FOUND[SUIT[c]]),),
                                   found_cites + (("parterre.r1.s2",) if len(pile) > 1 else ()), found_notes))
        for c in bq:
            if c in up:
                moves.append(_move("found", ((c, "bouquet", FOUND[SUIT[c]]),), found_cites, found_notes))
        # Within the parterre, descending by one of any suit; into an empty packet (p2.s1, r3.s1, p2.s3).
        tops = [p[-1] if p else None for p in gd]
        empty = [i for i, p in enumerate(gd) if not p]
        under: dict[int, list[int]] = {}  # rank -> packets whose top card is one rank above it
        for t, top in enumerate(tops):
            if top is not None:
                under.setdefault(RANK[top] - 1, []).append(t)
        seq = self.options["transfer"] == "sequence"
        for s, pile in enumerate(gd):
            if not pile:
                continue
            # The cards that may move: the top card, or (sequence) any top part of a descending run.
            k = len(pile) - 1
            starts = [k]
            if seq:
                while k > 0 and RANK[pile[k - 1]] == RANK[pile[k]] + 1:
                    k -= 1
                    starts.append(k)
            for k in starts:
                c = pile[k]
                for t in under.get(RANK[c], ()):
                    if t != s:
                        moves.append(self._transfer(pile, k, GARDEN[s], GARDEN[t], ("parterre.p2.s1", "parterre.r3.s1",
                                                                                     "parterre.r1.s1")))
                if k > 0:  # a whole packet into an empty one would change nothing
                    for t in empty:
                        moves.append(self._transfer(pile, k, GARDEN[s], GARDEN[t], ("parterre.p2.s3", "parterre.r1.s1")))
        # From the bouquet onto the parterre, and into an empty packet (p2.s1, p2.s3).
        pack_cites = ("parterre.p2.s1", "parterre.r3.s1", "parterre.r1.s1", "parterre.p2.s2")
        for c in bq:
            for t in under.get(RANK[c], ()):
                moves.append(_move("build", ((c, "bouquet", GARDEN[t]),), pack_cites, (NOTE_SUITS,)))
            for t in empty:
                moves.append(_move("build", ((c, "bouquet", GARDEN[t]),),
                                   ("parterre.p2.s3", "parterre.r1.s1", "parterre.p2.s2"), (NOTE_EMPTY,)))
        return moves

    @staticmethod
    def _transfer(pile: list[int], k: int, src: str, dst: str, cites: tuple[str, ...]) -> Move:
        """The move of ``pile[k:]`` from ``src`` to ``dst``, built once."""
        key = (tuple(pile[k:]), src, dst, cites)
        m = _TRANSFERS.get(key)
        if m is None:
            steps = tuple((c, src, dst) for c in key[0])
            notes = (NOTE_SUITS, NOTE_TRANSFER) + ((NOTE_EMPTY,) if cites[0] == "parterre.p2.s3" else ())
            m = _TRANSFERS[key] = _move("move", steps, cites, notes)
        return m

    def _apply(self, move: Move) -> None:
        if self._gd[0] is not self._p[GARDEN[0]].cards:
            self._bind()
        p = self._p
        steps = move.steps
        src = p[steps[0][1]]
        if move.kind == "deal":
            c = src.cards.pop()
            src.down = len(src.cards)
            p[steps[0][2]].cards.append(c)
            return
        if steps[0][1] == "bouquet":
            c = steps[0][0]
            self._bq.remove(c)
            p[steps[0][2]].cards.append(c)
            return
        n = len(steps)
        dst = p[steps[0][2]].cards
        dst.extend(src.cards[-n:])
        del src.cards[-n:]

    def _won(self) -> bool:
        return sum(map(len, self._fd)) == 52  # no foundation holds more than thirteen

    def _why_not(self, move: Move) -> str | None:
        if not move.steps:
            return None
        c, src, dst = move.steps[0]
        if dst == "bouquet":
            return "cards taken from the bouquet cannot be returned to it (parterre.p2.s2)"
        if src.startswith("garden") and c != self._p[src].cards[-1] and self.options["transfer"] == "single":
            return "only the top card of a packet is available (parterre.r1.s1)"
        if dst.startswith("foundation") and not self._fd[SUIT[c]] and RANK[c] != 1 and self.options["bases"] == "aces":
            return "the foundations are the aces (parterre.p1.s3)"
        if dst in FOUND and FOUND.index(dst) != SUIT[c]:
            return "on the foundations cards are built by suits (parterre.p1.s3)"
        if dst in FOUND and self._p[dst].cards:
            return "a foundation takes the next card of its suit (parterre.p1.s3)"
        if dst.startswith("garden") and self._p[dst].cards and RANK[self._p[dst].cards[-1]] != RANK[c] + 1:
            return "in the parterre a card goes on one a rank above it, of any suit (parterre.p2.s1, parterre.r3.s1)"
        return None

    def canonical_key(self) -> tuple:
        """Packets are interchangeable and the bouquet is a set: sort both. A foundation built from
        its ace is known by its height."""
        fd = tuple(map(len, self._fd)) if self.options["bases"] == "aces" else tuple(map(tuple, self._fd))
        return tuple(sorted(map(tuple, self._gd))), tuple(sorted(self._bq)), fd, len(self._stock)

    def safe_move(self, moves: list[Move]) -> Move | None:
        """An ace, a two, or a card of rank r when every foundation holds r - 2 cards or more
        (with ``bases=any``, see :meth:`_safe_any`).

        Proof: such a card c can serve the parterre only as a host for a card d of rank r - 1 of
        another suit; d's foundation then holds r - 2, so d may go up instead of onto c, and on
        c it could host only cards of rank r - 2, all of which are up. So a line that keeps c
        down is matched by one that plays c (and each such d) up and skips their moves.
        """
        if self.options["bases"] != "aces":
            return next((m for m in moves if m.kind == "found" and self._safe_any(m.steps[0][0])), None)
        low = min(map(len, self._fd))
        for m in moves:
            if m.kind == "found":
                r = RANK[m.steps[0][0]]
                if r <= 2 or low >= r - 2:
                    return m
        return None

    def _safe_any(self, c: int) -> bool:
        """With ``bases=any``: whether card ``c``, fitting on a begun foundation, is safe to play up.

        Safe: an ace (it carries nothing in the parterre), or a card of rank r when every card of
        rank r - 1 is up or is the next card of its begun foundation and every card of rank r - 2
        is up. Proof as for :meth:`safe_move`: a card d laid on ``c`` in a winning line may go up
        instead (its foundation waits for it alone), and nothing could be laid on d. A card that
        would begin a foundation is never safe: it chooses the base.
        """
        r = RANK[c]
        if not self._fd[SUIT[c]]:
            return False
        if r == 1:
            return True
        fd = self._fd
        for t in range(4):
            f = fd[t]
            d = 13 * t + r - 2
            if d not in f and not (f and len(f) < 13 and 13 * t + RANK[f[-1]] % 13 == d):
                return False
            if r > 2 and d - 1 not in f:
                return False
        return True

    def solver_moves(self, moves: list[Move]) -> list[Move]:
        """The moves worth trying, best first (see :meth:`_order_key`), without three kinds of
        dominated move.

        * A card into an empty packet: every empty packet is alike (the key sorts them), so only
          the first is tried.
        * A bouquet card laid in the parterre (see :meth:`_build_useful`).
        * A bouquet card played up (see :meth:`_up_useful`).
        """
        empty = next((GARDEN[i] for i, p in enumerate(self._gd) if not p), None)
        movers: dict[int, set[str]] | None = None
        bq_ranks = {RANK[c] for c in self._bq}
        kept = []
        for m in moves:
            c, src, dst = m.steps[0]
            if dst in GARDEN and dst != empty and not self._p[dst].cards:
                continue
            if m.kind == "build":
                movers = self._movers() if movers is None else movers
                if not self._build_useful(RANK[c], movers, dst, bq_ranks):
                    continue
            elif src == "bouquet" and not self._up_useful(c):
                continue
            kept.append(m)
        return sorted(kept, key=self._order_key())

    def _order_key(self) -> Callable[[Move], tuple[int, bool, tuple[int, int], int]]:
        """Best first: by kind, transfers before bouquet cards (those are spent for good), then
        moves from the packet whose card next wanted on a foundation lies nearest its top. With
        ``bases=any`` a card that would begin a foundation comes last, the bases that leave the
        fewest cards of their suit buried under later ones first (see :func:`_base_cost`); only the
        order changes, nothing is dropped."""
        aces = self.options["bases"] == "aces"
        fd = self._fd
        need = {13 * s + (RANK[f[-1]] % 13 if f else 0) for s, f in enumerate(fd) if len(f) < 13 and (f or aces)}
        depth = {name: 99 if need.isdisjoint(pile) else next(d for d, c in enumerate(reversed(pile)) if c in need)
                 for name, pile in zip(GARDEN, self._gd)}
        order = self.SOLVER_ORDER
        suits: dict[int, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}

        def key(m: Move) -> tuple[int, bool, tuple[int, int], int]:
            c = m.steps[0][0]
            if m.kind == "found" and not aces and not fd[SUIT[c]]:
                s = SUIT[c]
                if s not in suits:
                    suits[s] = self._suit_layout(s)
                return 9, False, _base_cost(RANK[c], *suits[s]), depth.get(m.steps[0][1], 50)
            return order.get(m.kind, 3), m.kind == "build", (0, 0), depth.get(m.steps[0][1], 50)
        return key

    def _suit_layout(self, s: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The packet cards of suit ``s``: the ranks of each pair lying one above the other in a
        packet (upper first), and each card's rank with its depth below its packet's top."""
        pairs: list[tuple[int, int]] = []
        depths: list[tuple[int, int]] = []
        for pile in self._gd:
            above: list[int] = []
            for d, x in enumerate(reversed(pile)):
                if SUIT[x] == s:
                    pairs += [(r, RANK[x]) for r in above]
                    depths.append((RANK[x], d))
                    above.append(RANK[x])
        return pairs, depths

    @staticmethod
    def _build_useful(r: int, movers: dict[int, set[str]], dst: str, bq_ranks: set[int]) -> bool:
        """Whether laying a bouquet card of rank ``r`` on ``dst`` can start a useful chain.

        Proof: a bouquet card is always available, so laying it in the parterre serves only to
        host a card on it. In a winning line, put off laying it until just before a card is laid
        on it (or play it up straight from the bouquet if nothing ever is): the moves between
        stay legal, as nothing could go onto the card it covered. So some winning line lays a
        bouquet card only just before another card goes on it; that card is again from the
        bouquet (then the same holds of it) or a movable card of another packet. So there are
        bouquet cards of ranks r - 1, ..., r - k + 1 and a movable card of rank r - k elsewhere.
        """
        for q in range(r - 1, 0, -1):
            names = movers.get(q)
            if names and (len(names) > 1 or dst not in names):
                return True
            if q not in bq_ranks:
                return False
        return False

    def _movers(self) -> dict[int, set[str]]:
        """By rank, the packets whose card of that rank may move as the lowest of a transfer."""
        seq = self.options["transfer"] == "sequence"
        out: dict[int, set[str]] = {}
        for name, pile in zip(GARDEN, self._gd):
            if not pile:
                continue
            k = len(pile) - 1
            out.setdefault(RANK[pile[k]], set()).add(name)
            while seq and k > 0 and RANK[pile[k - 1]] == RANK[pile[k]] + 1:
                k -= 1
                out.setdefault(RANK[pile[k]], set()).add(name)
        return out

    def _up_useful(self, c: int) -> bool:
        """Whether playing bouquet card ``c`` up now can matter.

        Proof: a card in the bouquet stays available, and one on its foundation serves only the
        next card of its suit (the card a rank above, the ace after the king with ``bases=any``;
        the first card up fixes nothing that the same card played later would not). In a winning
        line, put off playing ``c`` up until just before that next card goes up (the thirteenth
        card of its suit: to the very end, when the packets are empty). So some winning line
        plays it up only when the next card of its suit is available: in the bouquet or on top
        of a packet.
        """
        if len(self._fd[SUIT[c]]) == 12:
            return not any(self._gd)
        nxt = 13 * SUIT[c] + RANK[c] % 13
        return nxt in self._bq or any(p and p[-1] == nxt for p in self._gd)

    def hopeless(self) -> bool:
        """No packet can ever be emptied, even in a relaxed game (see :func:`_stuck`), so the
        cards in them never all go up."""
        if self._stock or not all(self._gd):
            return False
        any_base = self.options["bases"] == "any"
        chains = [_chain(s, RANK[f[-1]], len(f)) if f else None if any_base else _chain(s, 0, 0)
                  for s, f in enumerate(self._fd)]
        return _stuck(self._gd, self._bq, chains, self.options["transfer"] == "sequence")

    def layout(self) -> Layout:
        spots = [Spot(name, 0.6 + 1.6 * s, 0.6, "foundation", f"foundation {SUIT_SIGNS[s]}",
                      f"основание {SUIT_SIGNS[s]}") for s, name in enumerate(FOUND)]
        spots += [Spot(name, 0.6 + 1.6 * i, 2.6, "tableau", f"packet {i + 1} of the parterre",
                       f"пачка {i + 1} партера", fan="down", group="parterre") for i, name in enumerate(GARDEN)]
        spots.append(Spot("bouquet", 0.6, 9.6, "reserve", "the bouquet", "букет", fan="right"))
        spots.append(Spot("stock", 8.6, 0.6, "stock", "the pack", "колода"))
        return Layout(10.4, 11.4, tuple(spots),
                      "The parterre of six packets spread downwards, the bouquet spread below, the foundations above",
                      "Партер из шести пачек, разложенных веером вниз; под ним букет, над ним основания",
                      {"parterre": ("the parterre", "партер")})


def _base_cost(base: int, pairs: list[tuple[int, int]], depths: list[tuple[int, int]]) -> tuple[int, int]:
    """How bad a card of rank ``base`` would be as its suit's base (see :meth:`Parterre._suit_layout`):
    the cards of the suit lying in a packet above one that would go up before them, then their
    depths, the early ones weighed most."""
    inverted = sum(1 for upper, lower in pairs if (upper - base) % 13 > (lower - base) % 13)
    return inverted, sum(d * (13 - (r - base) % 13) for r, d in depths)


@lru_cache(maxsize=None)
def _chain(s: int, top: int, n: int) -> tuple[int, ...]:
    """The cards of suit ``s`` still to go up, in order, when its foundation holds ``n`` cards
    with rank ``top`` last (0: none)."""
    return tuple(13 * s + (top + k) % 13 for k in range(13 - n))


def _stuck(packets: list[list[int]], bouquet: list[int], chains: list[tuple[int, ...] | None], seq: bool) -> bool:
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
    at = {c: (p, i) for p, pile in enumerate(packets) for i, c in enumerate(pile)}
    host = [False] * 15
    for pile in packets:
        host[RANK[pile[-1]]] = True
    pos = [0] * 4
    waiting = list(bouquet)

    def leave(p: int, n: int) -> bool:
        """The top ``n`` cards left of packet ``p`` leave; whether it is now empty."""
        top[p] -= n
        for c in packets[p][top[p]:top[p] + n]:
            host[RANK[c]] = True
        if top[p]:
            host[RANK[packets[p][top[p] - 1]]] = True
        return not top[p]

    changed = True
    while changed:
        changed = False
        for s, chain in enumerate(chains):  # the foundations, as far as the free cards allow
            while chain is not None and pos[s] < len(chain):
                p, i = at.get(chain[pos[s]], (0, 99))
                if i < top[p]:  # still in its packet
                    if i != top[p] - 1:
                        break
                    if leave(p, 1):
                        return False
                pos[s] += 1
                changed = True
        for b in list(waiting):  # bouquet cards laid out
            if host[RANK[b] + 1]:
                waiting.remove(b)
                host[RANK[b]] = True
                changed = True
        for p, pile in enumerate(packets):  # packet cards leaving
            i = top[p] - 1
            while i >= 0:
                c = pile[i]
                if host[RANK[c] + 1] or (i == top[p] - 1 and chains[SUIT[c]] is None):
                    if leave(p, top[p] - i):
                        return False
                    changed = True
                    break
                if not seq or i == 0 or RANK[pile[i - 1]] != RANK[c] + 1:
                    break
                i -= 1
    return True


GAME = Parterre
