"""Часы (The Clock), after «Пасьянсы (Пюжоль)», seed 002.

One pack. The player names a suit beforehand (clock.p1.s2); the pack is turned card by card;
a card of that suit goes at once to its place on the clock face (clock.p2.s2), a card of
another suit onto its equal in rank already on the table (clock.p2.s4) if the colour alternates
(clock.p3.s1); every other card is laid aside (clock.p2.s1). The cards laid aside are dealt
again unshuffled (clock.p3.s2), «С двух раз … Три раза не допускается» (clock.p4.s1, clock.p4.s2).

Readings: which cards a player may use during a laying (``aside``: only the card just turned,
the cards laid aside waiting for the next laying; or also the top card of the pile laid aside;
or any card laid aside, the pile spread; note clock.n.aside), how many times the cards laid
aside are dealt again (``redeals``: «с двух раз» read as two layings in all, «три раза» the
third laying refused, or as two re-layings after the first; note clock.n.redeals), and the order
of a new laying (``second_deal``). Where the text pictures the clock («как показано на
картинке») the picture is lost; the edition places ace to queen at one to twelve o'clock and
the king in the centre (note clock.n.face), which does not change play.
"""
from __future__ import annotations

import math

from ..cards import RANK, RED, SUIT, SUITS
from ..game import Game, Option, made_once
from ..layout import FAN_STEP, Layout, Spot
from ..move import Move

NOTE_FACE = "clock.n.face"
NOTE_ORDER = "clock.n.second_deal"
NOTE_FORCED = "clock.n.forced"
NOTE_REDEALS = "clock.n.redeals"
NOTE_ASIDE = "clock.n.aside"
PLACES = tuple(f"clock.{r}" for r in range(1, 14))


class Clock(Game):
    id = "clock"
    title_ru = "Часы"
    title_en = "The Clock"
    source = "002_ccdfbdd7aea2fb31.txt"
    packs = 1
    VARS = ("base", "deal_no")
    OPTIONS = (
        Option("redeals", (1, 2), 1, ("clock.p4.s1", "clock.p4.s2"), NOTE_REDEALS,
               "1: two layings in all, a third is refused; 2: the cards laid aside are dealt again "
               "twice (three layings in all), a third re-laying is refused"),
        Option("aside", ("top", "waiting", "spread"), "top", ("clock.p2.s1", "clock.p2.s4", "clock.p3.s2"),
               NOTE_ASIDE,
               "top: the top card of the pile laid aside may go onto the clock whenever it fits; waiting: "
               "the cards laid aside wait for the next laying; spread: the cards laid aside lie spread "
               "and any of them may go onto the clock when it fits"),
        Option("second_deal", ("same", "reversed"), "same", ("clock.p3.s2",), NOTE_ORDER,
               "same: the cards laid aside are turned over and dealt again in the order they were laid "
               "aside; reversed: the pile is dealt from its top, last card first"),
    )

    base: int | None
    deal_no: int

    def _setup(self) -> None:
        self.base = None
        self.deal_no = 1
        self._new_pile("stock", self._shuffled(), down=52)
        self._new_pile("waste")
        for place in PLACES:
            self._new_pile(place)

    def _fits(self, c: int) -> bool:
        """Whether ``c`` may go onto the clock now: its own place if of the chosen suit, else onto
        its equal already there, the colour alternating."""
        if SUIT[c] == self.base:
            return True
        under = self._p[f"clock.{RANK[c]}"].top
        return under is not None and RED[under] != RED[c]

    def _generate(self) -> list[Move]:
        if self.base is None:
            return [made_once("choose", arg=s, cites=("clock.p1.s2",)) for s in SUITS]
        aside = self.options["aside"]
        waste = self._p["waste"].cards
        moves: list[Move] = []
        if aside != "waiting" and waste:
            # The cards laid aside, in play during a laying (note clock.n.aside).
            usable = waste[-1:] if aside == "top" else waste[::-1]
            moves = [made_once("found", ((c, "waste", f"clock.{RANK[c]}"),), cites=("clock.p2.s4", "clock.p3.s1"),
                               notes=(NOTE_ASIDE,)) for c in usable if self._fits(c)]
        stock = self._p["stock"].cards
        if not stock:
            if self.deal_no <= self.options["redeals"] and waste:
                moves.append(made_once("redeal", cites=("clock.p3.s2", "clock.p4.s1"), notes=(NOTE_ORDER, NOTE_REDEALS),
                                       forced=not moves))
            return moves
        c = stock[-1]
        place = f"clock.{RANK[c]}"
        forced = not moves
        if SUIT[c] == self.base:
            moves.append(made_once("found", ((c, "stock", place),), cites=("clock.p2.s2",),
                                   notes=(NOTE_FACE, NOTE_FORCED), forced=forced))
        elif self._fits(c):
            moves.append(made_once("found", ((c, "stock", place),), cites=("clock.p2.s4", "clock.p3.s1"),
                                   notes=(NOTE_FORCED,), forced=forced))
        else:
            moves.append(made_once("turn", ((c, "stock", "waste"),), cites=("clock.p2.s1", "clock.p3.s1"),
                                   notes=(NOTE_FORCED,), forced=forced))
        return moves

    def _apply(self, move: Move) -> None:
        if move.kind == "choose":
            self.base = SUITS.index(move.arg)
        elif move.kind == "redeal":
            waste, stock = self._p["waste"], self._p["stock"]
            order = waste.cards[::-1] if self.options["second_deal"] == "same" else waste.cards
            stock.cards[:] = order
            stock.down = len(order)
            waste.cards.clear()
            self.deal_no += 1
        else:
            c, src, dst = move.steps[0]
            cards = self._p[src].cards
            if cards[-1] != c:  # aside=spread: a card laid aside is taken from where it lies
                cards.append(cards.pop(len(cards) - 1 - cards[::-1].index(c)))
            self._transfer(c, src, dst)

    def _won(self) -> bool:
        return all(len(self._p[p].cards) == 4 for p in PLACES)

    def _why_not(self, move: Move) -> str | None:
        if move.kind == "found" and move.src == "waste" and move.steps[0][0] in self._p["waste"].cards:
            aside = self.options["aside"]
            if aside == "waiting":
                return "the cards laid aside wait for the next laying (clock.p3.s2, note clock.n.aside)"
            if aside == "top" and move.steps[0][0] != self._p["waste"].top:
                return "of the cards laid aside only the top one may be played (clock.p2.s1, note clock.n.aside)"
        if move.kind == "found" and move.steps:
            c, _, dst = move.steps[0]
            under = self._p[dst].top if dst in self._p else None
            if under is None:
                return "a card of another suit goes only onto its equal already on the clock (clock.p2.s4)"
            if RED[under] == RED[c]:
                return "red must lie on black and black on red (clock.p3.s1)"
        if move.kind == "redeal" and self._p["stock"].cards:
            return "the pack is laid off to the end before the cards laid aside are dealt again (clock.p3.s2)"
        if move.kind == "redeal":
            return "no further laying is allowed (clock.p4.s2)" if self.deal_no > self.options["redeals"] else None
        return None

    def info(self) -> dict:
        return {**super().info(), "deal": self.deal_no,
                "base": None if self.base is None else "♠♥♦♣"[self.base]}

    def layout(self) -> Layout:
        spots = []
        cx, cy, r = 4.6, 4.4, 3.6
        for rank in range(1, 13):
            a = math.radians(90 - 30 * rank)
            spots.append(Spot(f"clock.{rank}", round(cx + r * math.cos(a) - 0.5, 2),
                              round(cy - r * math.sin(a) - 0.7, 2), "foundation",
                              f"the {rank} o'clock place", f"место {rank} часов", group="clock"))
        spots.append(Spot("clock.13", cx - 0.5, cy - 0.7, "foundation", "the centre (kings)",
                          "середина (короли)", group="clock"))
        spots.append(Spot("stock", 10.2, 1.0, "stock", "the pack", "колода"))
        width, height = 13.0, 9.6
        if self.options["aside"] == "spread":  # every card laid aside in view, in a row below the clock
            spots.append(Spot("waste", 0.3, 9.4, "waste", "the cards laid aside", "отложенные карты", fan="right"))
            width, height = max(width, 1.6 + FAN_STEP * max(len(self._p["waste"].cards) - 1, 0)), 11.1
        else:
            spots.append(Spot("waste", 11.6, 1.0, "waste", "the cards laid aside", "отложенные карты"))
        return Layout(width, height, tuple(spots), "Reconstruction: the clock face (ace at one o'clock, "
                      "king in the centre)", "Реконструкция: циферблат (туз на часе, король в середине)",
                      {"clock": ("the clock face", "круг")})


GAME = Clock
