"""Восьмиугольник (The Octagon), after «Глава XLIV», seed 004.

Two packs (octagon.p1.s1). The eight aces are picked out and laid in pairs; in the corners
between the pairs lie packets of five cards, so that an octagon is formed (octagon.p1.s2; the
figure is lost: the edition's reconstruction puts a pair of aces on each side of a square and a
packet at each corner, note octagon.n.figure). The aces are built up in suit (octagon.p2.s1);
first the top cards of the packets go up when they fit, and the cards under them too
(octagon.p2.s2). Then the pack is turned card by card into the middle of the octagon; a card
that fits goes on an ace, or on a side packet in descending order (octagon.p3.s1); when a
packet's top fits, the cards accumulated on it go up (octagon.p3.s2); a packet laid off entirely
is refilled with five cards from the pack (octagon.p3.s3). «Колоду можно перекладывать 3 раза»
(octagon.p4.s1).

Readings: whether the side packets are built in suit (``packets``, note octagon.n.packets),
how many layings «перекладывать 3 раза» allows (``relays``, note octagon.n.relays), and whether
the card uppermost in the middle stays playable (``middle``, note octagon.n.middle).
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_PACKETS = "octagon.n.packets"
NOTE_RELAYS = "octagon.n.relays"
NOTE_MIDDLE = "octagon.n.middle"
NOTE_FIGURE = "octagon.n.figure"
NOTE_OPENING = "octagon.n.opening"
NOTE_BETWEEN = "octagon.n.between"
NOTE_REFILL = "octagon.n.refill"

ACES = tuple(f"ace.{i}" for i in range(1, 9))
PACKETS = tuple(f"packet.{i}" for i in range(1, 5))
PACKET_SIZE = 5
UP = tuple(c + 1 if c % 13 < 12 else -1 for c in range(52))  # the next card up in suit


class Octagon(Game):
    id = "octagon"
    title_ru = "Восьмиугольник"
    title_en = "The Octagon"
    source = "004_c3eccc830ebc789a.txt"
    packs = 2
    VARS = ("laying", "stage", "refill", "live")
    OPTIONS = (
        Option("packets", ("suit", "any"), "suit", ("octagon.p3.s1", "octagon.p3.s2"), NOTE_PACKETS,
               "suit: a card goes on a side packet whose top is one rank higher in its suit; any: one "
               "rank higher in any suit"),
        Option("relays", (3, 2), 3, ("octagon.p4.s1",), NOTE_RELAYS,
               "3: the middle is turned over and laid through again three times (four layings in all); "
               "2: three layings in all"),
        Option("middle", ("top", "turned"), "top", ("octagon.p3.s1",), NOTE_MIDDLE,
               "top: the card uppermost in the middle stays playable until covered; turned: a card is "
               "playable only until the next card is turned"),
    )

    laying: int
    stage: int  # 0 the deal, 1 the opening plays of octagon.p2.s2, 2 the play
    refill: tuple
    live: bool

    def _setup(self) -> None:
        self.laying = 1
        self.stage = 0
        self.refill = (0, 0, 0, 0)
        self.live = False
        self._new_pile("stock", self._shuffled(), down=104)
        for name in ACES + PACKETS:
            self._new_pile(name)
        self._new_pile("middle")

    def _bind(self) -> None:
        p = self._p
        self._stock = p["stock"]
        self._middle = p["middle"]
        self._aces = [p[n] for n in ACES]
        self._packets = [p[n] for n in PACKETS]

    # ---- rules -------------------------------------------------------------------------
    def _wanted(self) -> dict[int, int]:
        """Card -> the index of the first ace pile it goes on now."""
        want: dict[int, int] = {}
        for i, p in enumerate(self._aces):
            cs = p.cards
            if cs:
                n = UP[cs[-1]]
                if n >= 0 and n not in want:
                    want[n] = i
        return want

    def _generate(self) -> list[Move]:
        stock = self._stock.cards
        aces = self._aces
        if self.stage == 0:
            # The deal: the eight aces picked out, then four packets of five.
            n_aces = sum(1 for p in aces if p.cards)
            if n_aces < 8:
                for c in reversed(stock):
                    if RANK[c] == 1:
                        return [made_once("lay", ((c, "stock", ACES[n_aces]),), cites=("octagon.p1.s2",),
                                          notes=(NOTE_FIGURE,), forced=True)]
            dealt = sum(len(p.cards) for p in self._packets)
            k = dealt // PACKET_SIZE
            return [made_once("deal", ((stock[-1], "stock", PACKETS[k]),), cites=("octagon.p1.s2",),
                              notes=(NOTE_FIGURE,), forced=True)]
        if stock:
            for k, n in enumerate(self.refill):
                if n:
                    return [made_once("fill", ((stock[-1], "stock", PACKETS[k]),), cites=("octagon.p3.s3",),
                                      notes=(NOTE_REFILL,), forced=True)]
        moves: list[Move] = []
        want = self._wanted()
        for k, p in enumerate(self._packets):
            if p.cards:
                c = p.cards[-1]
                h = want.get(c, -1)
                if h >= 0:
                    moves.append(made_once("found", ((c, PACKETS[k], ACES[h]),),
                                           cites=("octagon.p2.s1",
                                                  "octagon.p3.s2" if self.stage == 2 else "octagon.p2.s2"),
                                           notes=(NOTE_PACKETS,) if self.stage == 2 else (NOTE_OPENING,),
                                           forced=self.stage == 1))
        if self.stage == 1:
            if moves:
                return moves
            # The opening plays are over: the first card of the pack goes to the middle.
            return [made_once("turn", ((stock[-1], "stock", "middle"),), cites=("octagon.p3.s1",),
                              notes=(NOTE_OPENING, NOTE_MIDDLE), forced=True)]
        mid = self._middle.cards
        if mid and (self.live or self.options["middle"] == "top"):
            c = mid[-1]
            h = want.get(c, -1)
            if h >= 0:
                moves.append(made_once("found", ((c, "middle", ACES[h]),), cites=("octagon.p2.s1", "octagon.p3.s1"),
                                       notes=(NOTE_MIDDLE,)))
            r, s = RANK[c], SUIT[c]
            any_suit = self.options["packets"] == "any"
            for k, p in enumerate(self._packets):
                if p.cards:
                    t = p.cards[-1]
                    if RANK[t] == r + 1 and (any_suit or SUIT[t] == s):
                        moves.append(made_once("build", ((c, "middle", PACKETS[k]),), cites=("octagon.p3.s1",),
                                               notes=(NOTE_PACKETS, NOTE_MIDDLE, NOTE_BETWEEN)))
        if stock:
            moves.append(made_once("turn", ((stock[-1], "stock", "middle"),), cites=("octagon.p3.s1",),
                                   notes=(NOTE_MIDDLE,)))
        elif mid and self.laying <= self.options["relays"]:
            moves.append(made_once("redeal", cites=("octagon.p4.s1",), notes=(NOTE_RELAYS,)))
        if len(moves) == 1 and moves[0].kind in ("turn", "redeal"):
            m = moves[0]
            moves[0] = made_once(m.kind, m.steps, cites=m.cites, notes=m.notes, forced=True)
        return moves

    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == "redeal":
            mid = self._middle.cards
            stock = self._stock
            stock.cards[:] = mid[::-1]
            stock.down = len(mid)
            mid.clear()
            self.laying += 1
            self.live = False
            return
        c, src, dst = move.steps[0]
        sp = self._p[src]
        if kind == "lay":
            i = len(sp.cards) - 1 - sp.cards[::-1].index(c)
            del sp.cards[i]
        else:
            sp.cards.pop()
        dp = self._p[dst]
        dp.cards.append(c)
        if src == "stock":
            sp.down = len(sp.cards)
            if kind == "turn":
                self.stage = 2
                self.live = True
            elif kind != "lay":  # a packet is dealt or refilled: squared, its top card showing
                dp.down = len(dp.cards) - 1
                if kind == "fill":
                    k = PACKETS.index(dst)
                    self.refill = self.refill[:k] + (self.refill[k] - 1,) + self.refill[k + 1:]
                elif sum(len(p.cards) for p in self._packets) == 4 * PACKET_SIZE:
                    self.stage = 1
        elif src == "middle":
            self.live = False
        elif src.startswith("packet."):
            sp.down = min(sp.down, max(len(sp.cards) - 1, 0))
            if not sp.cards:
                k = PACKETS.index(src)
                self.refill = self.refill[:k] + (PACKET_SIZE,) + self.refill[k + 1:]

    def _won(self) -> bool:
        return all(len(p.cards) == 13 for p in self._aces)

    def _why_not(self, move: Move) -> str | None:
        if move.kind == "redeal":
            if self._stock.cards:
                return "the middle is laid through again only when the pack is out (octagon.p4.s1)"
            return "the pack may be laid through again only three times (octagon.p4.s1)"
        if not move.steps:
            return None
        c, src, dst = move.steps[0]
        if src == "middle" and self.options["middle"] == "turned" and not self.live:
            return "a card of the middle is played only as it is turned (octagon.p3.s1)"
        if dst.startswith("packet.") and src.startswith("packet."):
            return "only the cards of the pack are laid on the side packets (octagon.p3.s1)"
        if dst.startswith("packet."):
            return "a side packet takes the next lower card of its suit (octagon.p3.s1)"
        if dst.startswith("ace."):
            return "the aces are built up in suit (octagon.p2.s1)"
        return None



    def info(self) -> dict:
        return {**super().info(), "laying": self.laying}

    def layout(self) -> Layout:
        # Reconstruction of the lost Fig. 30: a pair of aces on each side, a packet at each corner.
        spots = []
        pairs = (((3.4, 0.3), (4.6, 0.3)), ((7.7, 3.6), (7.7, 5.2)),   # top, right,
                 ((3.4, 7.6), (4.6, 7.6)), ((0.3, 3.6), (0.3, 5.2)))   # bottom, left
        for k, pair in enumerate(pairs):
            for j, (x, y) in enumerate(pair):
                i = 2 * k + j
                spots.append(Spot(ACES[i], x, y, "foundation", f"ace {i + 1}", f"туз {i + 1}", group="aces"))
        corners = ((1.6, 0.3), (6.4, 0.3), (6.4, 7.0), (1.6, 7.0))
        for k, (x, y) in enumerate(corners):
            spots.append(Spot(PACKETS[k], x, y, "reserve", f"side packet {k + 1}", f"боковая пачка {k + 1}",
                              fan="down", max_fan=6, group="packets"))
        spots.append(Spot("middle", 3.4, 4.0, "waste", "the middle of the octagon", "середина восьмиугольника"))
        spots.append(Spot("stock", 4.6, 4.0, "stock", "the pack", "колода"))
        return Layout(9.0, 10.2, tuple(spots), "Reconstruction of the lost Fig. 30: the aces in pairs on "
                      "the sides, the side packets in the corners, the middle inside",
                      "Реконструкция утраченной фиг. 30: тузы попарно по сторонам, боковые пачки по углам, "
                      "середина внутри", {"aces": ("the aces", "тузы"),
                                          "packets": ("the side packets", "боковые пачки")})


GAME = Octagon
