"""Супружеский пасьянс (The Conjugal Patience), after «Пасьянсы (Пюжоль)», seed 002.

Two partners, A and B, one pack each (spouses.p1.s1). Each lays his pack in heaps of three, the
last two heaps of two, eighteen heaps in three rows of six: A's heaps wholly face down, B's with
the top card face up (spouses.p1.s2, spouses.p1.s3). A turns the top card of his first heap; if
B shows «парная ей карта одинаковой масти» both are thrown aside and A turns the next card of the
same heap; a card without a partner stays face up and A goes on to his next heap, through all of
them (spouses.p1.s4, spouses.p2.s1). Then B turns his closed heaps, beginning from the right,
pairing with A's open cards in the same way (spouses.p3.s1, spouses.p4.s1); then A again, and so
on while pairs remain (spouses.p4.s2). The patience comes out when every card has gone in pairs
(spouses.p5.s1).

Readings (apparatus notes ``spouses.n.*``):

* ``pair`` — what pairs: ``twin`` (default), the same card of the other pack, same rank and
  suit; ``suit``, any card of the same suit. Under ``twin`` the players never have a choice:
  every move is compulsory and a deal decides itself by being played out (``advance()`` plays
  the whole game). Under ``suit`` the partners choose which of several open cards of the suit
  goes with the turned card.
* ``reserve`` — the variant of the «Примечание» (spouses.p6.s1): ``none`` (default, the main
  text: two heaps of two); ``stuck``: sixteen heaps and four cards kept face down in reserve,
  turned one by one, by the player whose turn it is, only when play would otherwise stop;
  ``open``: the four reserve cards lie face up beside the heaps from the start.

The order in which B goes through his heaps (from his right hand, row by row) and the order of
the deal are the edition's (notes spouses.n.order, spouses.n.deal); under ``twin`` neither
changes any outcome.
"""
from __future__ import annotations

from ..cards import SUIT
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_PAIR = "spouses.n.pair"
NOTE_RESERVE = "spouses.n.reserve"
NOTE_ORDER = "spouses.n.order"
NOTE_DEAL = "spouses.n.deal"
NOTE_REVEAL = "spouses.n.reveal"

ROWS, COLS = 3, 6
A_HEAPS = tuple(f"a.{i}" for i in range(1, 19))
B_HEAPS = tuple(f"b.{i}" for i in range(1, 19))
#: A goes from his first heap to his last (spouses.p2.s1); B «начиная с правой»: each row from
#: his right hand to his left, his own first row first (spouses.p4.s1; note spouses.n.order).
A_ORDER = A_HEAPS
B_ORDER = tuple(f"b.{r * COLS + c}" for r in range(ROWS) for c in range(COLS, 0, -1))
HEAPS = {"A": A_HEAPS, "B": B_HEAPS}
ORDER = {"A": A_ORDER, "B": B_ORDER}
STOCK = {"A": "stock.a", "B": "stock.b"}
RESERVE = {"A": "reserve.a", "B": "reserve.b"}
OTHER = {"A": "B", "B": "A"}

C_PACKS = "spouses.p1.s1"
C_HEAPS = "spouses.p1.s2"
C_FACES = "spouses.p1.s3"
C_A_TURNS = "spouses.p1.s4"
C_A_GOES_ON = "spouses.p2.s1"
C_TO_B = "spouses.p3.s1"
C_B_TURNS = "spouses.p4.s1"
C_TO_A = "spouses.p4.s2"
C_GOAL = "spouses.p5.s1"
C_RESERVE = "spouses.p6.s1"


def _schedule(reserve: str) -> tuple[tuple[tuple[str, bool], ...], tuple[tuple[str, bool], ...]]:
    """Where each of a player's 52 cards goes in the deal, and whether it lands face up, for A and B.

    Heap by heap, three cards to each of the first sixteen, then two each to the last two
    (spouses.p1.s2) or, in the variant, four to the reserve (spouses.p6.s1). A's cards all lie
    face down; B's last card on each heap face up (spouses.p1.s3); reserve cards face up only
    under the ``open`` reading.
    """
    out = []
    for player in ("A", "B"):
        heaps = HEAPS[player]
        seq: list[tuple[str, bool]] = []
        for i in range(16):
            seq += [(heaps[i], False), (heaps[i], False), (heaps[i], player == "B")]
        if reserve == "none":
            for i in (16, 17):
                seq += [(heaps[i], False), (heaps[i], player == "B")]
        else:
            seq += [(RESERVE[player], reserve == "open")] * 4
        out.append(tuple(seq))
    return out[0], out[1]


class Spouses(Game):
    id = "spouses"
    title_ru = "Супружеский пасьянс"
    title_en = "The Conjugal Patience"
    source = "002_ccdfbdd7aea2fb31.txt"
    packs = 2
    players = ("A", "B")
    VARS = ()
    OPTIONS = (
        Option("pair", ("twin", "suit"), "twin", (C_A_TURNS,), NOTE_PAIR,
               "twin: a card pairs only with the same card (rank and suit) of the other pack; "
               "suit: with any card of the same suit, the partners choosing which"),
        Option("reserve", ("none", "stuck", "open"), "none", (C_HEAPS, C_RESERVE), NOTE_RESERVE,
               "none: the main text, the last two heaps of two cards; stuck: sixteen heaps, the last "
               "four cards kept face down and turned one by one when play would stop; open: the four "
               "reserve cards lie face up beside the heaps from the start"),
    )

    # ---- setting up --------------------------------------------------------------------
    def _setup(self) -> None:
        self._twin = self.options["pair"] == "twin"
        self._reserve = self.options["reserve"]
        self._sched = _schedule(self._reserve)
        a = self._shuffled(1)
        b = self._shuffled(1)
        self._new_pile("stock.a", a, down=52)
        self._new_pile("stock.b", b, down=52)
        for name in A_HEAPS + B_HEAPS:
            self._new_pile(name)
        self._new_pile("reserve.a")
        self._new_pile("reserve.b")
        self._new_pile("aside")

    # ---- what is open ------------------------------------------------------------------
    def _bind(self) -> None:
        p = self._p
        self._heaps_of = {pl: tuple((n, p[n]) for n in ORDER[pl]) for pl in ("A", "B")}
        self._res_of = {pl: p[RESERVE[pl]] for pl in ("A", "B")}

    def _piles_of(self, player: str) -> tuple:
        """(name, pile) of the player's heaps in his order, then his reserve."""
        return self._heaps_of[player], self._res_of[player]

    def _open(self, player: str) -> list[tuple[int, str]]:
        """The player's open cards (card, pile): open heap tops in his order, then open reserve cards."""
        heaps, res = self._piles_of(player)
        out = [(pile.cards[-1], name) for name, pile in heaps if len(pile.cards) > pile.down]
        if len(res.cards) > res.down:
            out += [(c, RESERVE[player]) for c in res.cards[res.down:]]
        return out

    def _closed(self, player: str) -> str | None:
        """The player's next heap whose top card lies face down, in his order."""
        for name, pile in self._piles_of(player)[0]:
            if pile.cards and pile.down == len(pile.cards):
                return name
        return None

    def _matches(self, x: int, y: int) -> bool:
        return x == y if self._twin else SUIT[x] == SUIT[y]

    def _pairs(self, player: str) -> list[Move]:
        """Pairs of an open card of ``player``'s with an open card of the other's (spouses.p1.s4)."""
        other = OTHER[player]
        oheaps, ores = self._piles_of(other)
        if self._twin:
            # The other's open cards and where they lie (each card once in his pack).
            theirs = {pile.cards[-1]: name for name, pile in oheaps if len(pile.cards) > pile.down}
            for c in ores.cards[ores.down:]:
                theirs[c] = RESERVE[other]
            if not theirs:
                return []
            # Each card has one twin, so pairs open at the same moment are disjoint and the order
            # in which they go cannot matter: the first in order goes, as a compulsory action.
            mheaps, mres = self._heaps_of[player], self._res_of[player]
            for name, pile in mheaps:
                cards = pile.cards
                if len(cards) > pile.down and cards[-1] in theirs:
                    x, s = cards[-1], name
                    break
            else:
                mine = [c for c in mres.cards[mres.down:] if c in theirs]
                if not mine:
                    return []
                x, s = mine[0], RESERVE[player]
            found: list[tuple[int, str, int, str]] = [(x, s, x, theirs[x])]
        else:
            theirs_l = self._open(other)
            if not theirs_l:
                return []
            found = [(x, s, y, t) for x, s in self._open(player) for y, t in theirs_l if SUIT[x] == SUIT[y]]
            if not found:
                return []
        cites: tuple[str, ...] = (C_A_TURNS,) if player == "A" else (C_B_TURNS, C_A_TURNS)
        if self._reserve == "open":
            cites += (C_RESERVE,)
        notes = (NOTE_PAIR, NOTE_RESERVE) if self._reserve != "none" else (NOTE_PAIR,)
        forced = len(found) == 1
        return [Move("pair", ((x, s, "aside"), (y, t, "aside")), cites=cites, notes=notes,
                     forced=forced) for x, s, y, t in found]

    # ---- the rules ---------------------------------------------------------------------
    def _generate(self) -> list[Move]:
        p = self._p
        for player in ("A", "B"):
            stock = p[STOCK[player]].cards
            if stock:
                dst, _ = self._sched[player == "B"][52 - len(stock)]
                cites: tuple[str, ...] = (C_PACKS, C_HEAPS, C_FACES) if dst != RESERVE[player] else (C_PACKS, C_RESERVE)
                notes: tuple[str, ...] = (NOTE_DEAL,) if dst != RESERVE[player] else (NOTE_DEAL, NOTE_RESERVE)
                return [made_once("deal", ((stock[-1], STOCK[player], dst),), cites=cites, notes=notes,
                                  forced=True)]
        me = self.turn
        assert me is not None  # the two players take turns
        other = OTHER[me]
        pairs = self._pairs(me)
        if pairs:
            return pairs
        heap = self._closed(me)
        if heap is not None:
            cites = (C_A_TURNS, C_A_GOES_ON) if me == "A" else (C_B_TURNS,)
            notes = (NOTE_ORDER, NOTE_REVEAL) if me == "B" else (NOTE_ORDER,)
            return [made_once("turn", ((p[heap].cards[-1], heap, heap),), cites=cites, notes=notes,
                              forced=True)]
        if self._closed(other) is not None:
            return [made_once("pass", arg=other, cites=(C_TO_B,) if other == "B" else (C_TO_A,),
                              notes=(NOTE_REVEAL,), forced=True)]
        if self._reserve == "stuck":
            res = p[RESERVE[me]]
            if res.down:
                c = res.cards[res.down - 1]
                return [made_once("turn", ((c, RESERVE[me], RESERVE[me]),), cites=(C_RESERVE,),
                                  notes=(NOTE_RESERVE,), forced=True)]
            if p[RESERVE[other]].down:
                return [made_once("pass", arg=other, cites=(C_RESERVE, C_TO_B if other == "B" else C_TO_A),
                                  notes=(NOTE_RESERVE,), forced=True)]
        return []

    def _apply(self, move: Move) -> None:
        p = self._p
        kind = move.kind
        if kind == "pair":
            aside = p["aside"].cards
            for c, src, _ in move.steps:
                pile = p[src]
                cards = pile.cards
                if cards[-1] == c:
                    cards.pop()
                else:  # an open reserve card below another open one
                    del cards[len(cards) - 1 - cards[::-1].index(c)]
                aside.append(c)
        elif kind == "turn":
            p[move.steps[0][1]].down -= 1
        elif kind == "deal":
            c, src, dst = move.steps[0]
            stock = p[src]
            player = "A" if src == "stock.a" else "B"
            _, up = self._sched[player == "B"][52 - len(stock.cards)]
            stock.cards.pop()
            stock.down = len(stock.cards)
            pile = p[dst]
            pile.cards.append(c)
            if not up:
                pile.down = len(pile.cards)
            # A lays out his pack, then B his; A then plays first (spouses.p1.s4).
            if not stock.cards:
                self.turn = "B" if player == "A" else "A"
            else:
                self.turn = player
        elif kind == "pass":
            self.turn = move.arg

    def _won(self) -> bool:
        # «Если у А и В все карты выйдут попарно, значит, пасьянс сошелся» (spouses.p5.s1).
        return len(self._p["aside"].cards) == 104

    def _why_not(self, move: Move) -> str | None:
        if move.kind == "pair" and len(move.steps) == 2:
            (x, s1, _), (y, s2, _) = move.steps
            if not self._matches(x, y):
                if self._twin:
                    return ("a card pairs only with the same card of the other pack, «парная ей карта "
                            "одинаковой масти» (spouses.p1.s4)")
                return "a card pairs only with a card of the same suit (spouses.p1.s4)"
            owner = {n: pl for pl in ("A", "B") for n in HEAPS[pl] + (RESERVE[pl],)}
            if owner.get(s1) == owner.get(s2):
                return "a pair is one card of A's and one of B's (spouses.p1.s4)"
            for c, s in ((x, s1), (y, s2)):
                pile = self._p.get(s)
                if pile is not None and c not in pile.cards[pile.down:]:
                    return "only open cards pair: a heap's top once it is turned (spouses.p1.s4)"
        if move.kind == "turn" and move.steps:
            c, src, _ = move.steps[0]
            if self.turn and src in HEAPS[OTHER[self.turn]]:
                return f"it is {self.turn}'s turn (spouses.p3.s1, spouses.p4.s2)"
            nxt = self._closed(self.turn) if self.turn else None
            if nxt is not None and self.turn and src != nxt and src in HEAPS[self.turn]:
                return (f"the heaps are turned in order: next is {self.pile_label(nxt)} "
                        "(spouses.p2.s1, spouses.p4.s1)")
        return None

    def info(self) -> dict:
        return {**super().info(), "pairs": len(self._p["aside"].cards) // 2}

    # ---- the table ---------------------------------------------------------------------
    def layout(self) -> Layout:
        """B sits at the top facing A at the bottom; each lays his heaps from his own left."""
        spots = []
        x0, dx, dy = 1.6, 1.3, 1.8
        for r in range(ROWS):
            for c in range(COLS):
                i = r * COLS + c + 1
                # A's first row is the one nearest the middle, laid from his left (screen left).
                spots.append(Spot(f"a.{i}", x0 + dx * c, 6.3 + dy * r, "tableau",
                                  f"A's heap {i}", f"кучка А {i}", group="a"))
                # B faces A: his first row nearest the middle, his left hand at the screen's right.
                spots.append(Spot(f"b.{i}", x0 + dx * (COLS - 1 - c), 4.0 - dy * r, "tableau",
                                  f"B's heap {i}", f"кучка В {i}", group="b"))
        spots.append(Spot("stock.a", 0.1, 9.9, "hand", "A's pack", "колода А"))
        spots.append(Spot("stock.b", 0.1, 0.4, "hand", "B's pack", "колода В"))
        spots.append(Spot("reserve.a", 9.6, 8.1, "reserve", "A's reserve", "резерв А", fan="right"))
        spots.append(Spot("reserve.b", 9.6, 2.2, "reserve", "B's reserve", "резерв В", fan="right"))
        spots.append(Spot("aside", 9.6, 5.15, "discard", "the pairs thrown aside",
                          "отброшенные пары"))
        return Layout(12.0, 11.6, tuple(spots),
                      "Reconstruction (the source has no figure): B's eighteen heaps face A's across "
                      "the table; the last two heaps stay empty when the four-card reserve is played",
                      "Реконструкция (рисунка в источнике нет): восемнадцать кучек В напротив кучек А; "
                      "при игре с резервом две последние кучки пусты",
                      {"a": ("A's heaps", "кучки А"), "b": ("B's heaps", "кучки В")})


GAME = Spouses
