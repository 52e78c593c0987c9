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

from ..cards import RANK, SUIT
from ..game import Game, Option, made_once
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
_TRANSFERS: dict[tuple, Move] = {}  # the transfers by (cards, source, destination, cites)
_ONE: dict[int, Move] = {}  # the single-card moves by a small number (:func:`_one`)


def _move(kind: str, steps: tuple, cites: tuple[str, ...], notes: tuple[str, ...] = ()) -> Move:
    """The parterre's move with these fields, made once (:func:`made_once`)."""
    return made_once(kind, steps, cites=cites, notes=notes)


def _one(key: int, kind: str, steps: tuple, cites: tuple[str, ...], notes: tuple[str, ...] = ()) -> Move:
    """The single-card move numbered ``key`` (card, places and variant folded into one integer
    by the caller), made once: a number is looked up faster than the move's fields."""
    m = _ONE.get(key)
    if m is None:
        m = _ONE[key] = _move(kind, steps, cites, notes)
    return m


class Parterre(Game):
    id = "parterre"
    title_ru = "Партер"
    title_en = "The Parterre"
    source = "000_0c735b6135cd8448.txt"
    packs = 1
    PLAIN_TRANSFERS = True
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

    def _bind(self) -> None:
        self._gd = [self._p[n].cards for n in GARDEN]
        self._fd = [self._p[n].cards for n in FOUND]
        self._bq = self._p["bouquet"].cards
        self._stock = self._p["stock"].cards

    # ---- rules -------------------------------------------------------------------------
    def _up_cards(self) -> set[int]:
        """The cards that would fit on their foundations now."""
        any_base = self.options["bases"] == "any"
        up: set[int] = set()
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
        stock = self._stock
        if stock:  # the deal: six packets of six, then the bouquet (p1.s1, p1.s2)
            n = 52 - len(stock)
            c = stock[-1]
            key = c * 64 + (n % 6 if n < 36 else 6) + 24576
            m = _ONE.get(key)
            if m is None:
                if n < 36:
                    m = made_once("deal", ((c, "stock", GARDEN[n % 6]),), cites=("parterre.p1.s1",),
                                  notes=(NOTE_DEAL,), forced=True)
                else:
                    m = made_once("deal", ((c, "stock", "bouquet"),), cites=("parterre.p1.s2",), forced=True)
                _ONE[key] = m
            return [m]
        moves: list[Move] = []
        gd, bq = self._gd, self._bq
        up = self._up_cards()
        found_cites = ("parterre.r2.s1", "parterre.p1.s3", "parterre.r1.s1")
        found_notes = (NOTE_BASES,)
        # To the foundations: a top card of the parterre, any card of the bouquet (r1.s1, r2.s1, p1.s3).
        # The keys of _one: card * 64 + source * 8 + destination, plus a variant * 4096
        # (source 6 is the bouquet, destination 7 a foundation).
        made = _ONE.get  # a move made before is looked up before its fields are built
        for i, pile in enumerate(gd):
            if pile and pile[-1] in up:
                c = pile[-1]
                deep = len(pile) > 1
                key = c * 64 + i * 8 + 7 + deep * 4096
                moves.append(made(key) or _one(key, "found", ((c, GARDEN[i], FOUND[SUIT[c]]),),
                                               found_cites + (("parterre.r1.s2",) if deep else ()), found_notes))
        for c in bq:
            if c in up:
                key = c * 64 + 55
                moves.append(made(key) or _one(key, "found", ((c, "bouquet", FOUND[SUIT[c]]),), found_cites,
                                               found_notes))
        # Within the parterre, descending by one of any suit; into an empty packet (p2.s1, r3.s1, p2.s3).
        empty = [i for i, p in enumerate(gd) if not p]
        under: dict[int, list[int]] = {}  # rank -> packets whose top card is one rank above it
        for t, pile in enumerate(gd):
            if pile:
                r = RANK[pile[-1]] - 1
                if r in under:
                    under[r].append(t)
                else:
                    under[r] = [t]
        seq = self.options["transfer"] == "sequence"
        onto = ("parterre.p2.s1", "parterre.r3.s1", "parterre.r1.s1")
        into = ("parterre.p2.s3", "parterre.r1.s1")
        for s, pile in enumerate(gd):
            if not pile:
                continue
            # The cards that may move: the top card, or (sequence) any top part of a descending run.
            k = len(pile) - 1
            if not seq:
                c = pile[k]
                for t in under.get(RANK[c], ()):
                    if t != s:
                        key = c * 64 + s * 8 + t + 8192
                        moves.append(made(key) or _one(key, "move", ((c, GARDEN[s], GARDEN[t]),), onto,
                                                       (NOTE_SUITS, NOTE_TRANSFER)))
                if k > 0:  # a whole packet into an empty one would change nothing
                    for t in empty:
                        key = c * 64 + s * 8 + t + 12288
                        moves.append(made(key) or _one(key, "move", ((c, GARDEN[s], GARDEN[t]),), into,
                                                       (NOTE_SUITS, NOTE_TRANSFER, NOTE_EMPTY)))
                continue
            starts = [k]
            while k > 0 and RANK[pile[k - 1]] == RANK[pile[k]] + 1:
                k -= 1
                starts.append(k)
            for k in starts:
                c = pile[k]
                for t in under.get(RANK[c], ()):
                    if t != s:
                        moves.append(self._packet_move(pile, k, GARDEN[s], GARDEN[t], onto))
                if k > 0:
                    for t in empty:
                        moves.append(self._packet_move(pile, k, GARDEN[s], GARDEN[t], into))
        # From the bouquet onto the parterre, and into an empty packet (p2.s1, p2.s3).
        pack_cites = ("parterre.p2.s1", "parterre.r3.s1", "parterre.r1.s1", "parterre.p2.s2")
        for c in bq:
            for t in under.get(RANK[c], ()):
                key = c * 64 + 48 + t + 16384
                moves.append(made(key) or _one(key, "build", ((c, "bouquet", GARDEN[t]),), pack_cites, (NOTE_SUITS,)))
            for t in empty:
                key = c * 64 + 48 + t + 20480
                moves.append(made(key) or _one(key, "build", ((c, "bouquet", GARDEN[t]),),
                                               ("parterre.p2.s3", "parterre.r1.s1", "parterre.p2.s2"), (NOTE_EMPTY,)))
        return moves

    @staticmethod
    def _packet_move(pile: list[int], k: int, src: str, dst: str, cites: tuple[str, ...]) -> Move:
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


GAME = Parterre
