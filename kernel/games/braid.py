"""Коса (The Braid), after «Глава XLIII» of an unidentified Russian book, seed 001.

Two packs. Twenty cards are laid as a braid in one vertical line, one more card below and one
above it, four auxiliary cards crosswise on each side (braid.p1.s1); places beside them are for
stacking (braid.p2.s1). The top card of the pack is laid on one of those places and its rank is
the base of every packet; auxiliary cards and the last card of the braid of that rank go up as
bases too (braid.p3.s1). A place freed above or below the braid is filled with the last card of
the braid, a place freed in the side rows with a card of the pack (braid.p4.s1). The pack is laid
out card by card; bases and their continuations in ascending order go on the stacking places,
and so do the last card of the braid and the auxiliary cards; of two equal cards the braid's is
taken first (braid.p5.s1); only the last card of the braid is ever taken (braid.p6.s1). The pack
may be laid out again three times; the patience comes out when every card of the braid and
every auxiliary card lies on the packets, each packet of one suit (braid.p7.s1).

Readings (options, each argued in an apparatus note): two cards at the ends of the braid or
four (``ends``), how many times the pack goes round (``redeals``), how many stacking places
(``foundations``), whether a packet turns the corner from king to ace (``wrap``), whether the
braid's precedence is a rule or advice (``braid_first``), and whether a side place must be
filled at once (``side_fill``). Where the text is silent the engine decides and a note says so:
the lost figure 29 (braid.n.figure), the places at the ends refilled at once
(braid.n.end_fill), where the pack's unplayable cards go (braid.n.waste), bases go up at once
(braid.n.bases), and the goal counts the braid and the auxiliary cards, not the pack
(braid.n.goal).
"""
from __future__ import annotations

from ..cards import RANK, SUIT, rank_text
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_REDEALS = "braid.n.redeals"
NOTE_FOUNDATIONS = "braid.n.foundations"
NOTE_WRAP = "braid.n.wrap"
NOTE_FIRST = "braid.n.braid_first"
NOTE_SIDE = "braid.n.side_fill"
NOTE_FIGURE = "braid.n.figure"
NOTE_ENDS = "braid.n.ends"
NOTE_END_FILL = "braid.n.end_fill"
NOTE_WASTE = "braid.n.waste"
NOTE_BASES = "braid.n.bases"
NOTE_GOAL = "braid.n.goal"

BRAID_CARDS = 20
ENDS = ("end.bottom", "end.top")  # dealt in the text's order: «внизу и вверху»
#: The witnesses' four corner places (an option): two below the braid, two above.
ENDS4 = ("end.bottom_left", "end.bottom_right", "end.top_left", "end.top_right")
SIDES = tuple(f"side.{i}" for i in range(1, 9))  # 1-4 left side, 5-8 right side, top to bottom
PILE_LEN = 13
#: The next card up in the same suit, turning the corner from king to ace.
NEXT_WRAP = tuple(SUIT[c] * 13 + RANK[c] % 13 for c in range(52))
#: The same without turning the corner: a king has no successor.
NEXT_STOP = tuple(c + 1 if RANK[c] < 13 else -1 for c in range(52))

C_DEAL = ("braid.p1.s1",)
C_BASE = ("braid.p3.s1", "braid.p2.s1")
C_BUILD = ("braid.p5.s1", "braid.p7.s1")
C_BRAID = ("braid.p5.s1", "braid.p6.s1", "braid.p7.s1")
C_FILL = ("braid.p4.s1",)
C_TURN = ("braid.p5.s1",)
C_REDEAL = ("braid.p7.s1",)
C_BASE_BRAID = C_BASE + ("braid.p6.s1",)
C_BASE_PACK = C_BASE + ("braid.p5.s1",)
C_FILL_END = C_FILL + ("braid.p6.s1",)
REDEAL = Move("redeal", cites=C_REDEAL, notes=(NOTE_REDEALS, NOTE_WASTE))
#: The reading a move up depends on: an ace goes on a king only when packets turn the corner.
N_WRAP = tuple((NOTE_WRAP,) if RANK[c] == 1 else () for c in range(52))


def _mv(kind: str, c: int, src: str, dst: str, cites: tuple[str, ...], notes: tuple[str, ...] = (),
        forced: bool = False) -> Move:
    """The single-card move, made once (:func:`made_once`)."""
    return made_once(kind, ((c, src, dst),), cites=cites, notes=notes, forced=forced)


class Braid(Game):
    id = "braid"
    title_ru = "Коса"
    title_en = "The Braid"
    source = "001_ec040b2fccda9fb6.txt"
    packs = 2
    VARS = ("dealt", "pass_no")
    OPTIONS = (
        Option("ends", (2, 4), 2, ("braid.p1.s1", "braid.p4.s1"), NOTE_ENDS,
               "2: «внизу и вверху … две карты», one card below the braid and one above; "
               "4: two below and two above, the four corner places of the German and modern witnesses"),
        Option("redeals", (3, 2), 3, ("braid.p7.s1",), NOTE_REDEALS,
               "3: «перекладывать 3 раза» is three layings-out after the first, four passes in all; "
               "2: three passes in all"),
        Option("foundations", (8, 4), 8, ("braid.p2.s1", "braid.p3.s1"), NOTE_FOUNDATIONS,
               "8: eight stacking places, one for each card of the base rank in two packs; "
               "4: only the four places the text names"),
        Option("wrap", (True, False), True, ("braid.p5.s1", "braid.p7.s1"), NOTE_WRAP,
               "True: a packet goes on from king to ace and up to the card below its base "
               "(13 cards); False: a packet ends with the king"),
        Option("braid_first", ("rule", "advice"), "rule", ("braid.p5.s1",), NOTE_FIRST,
               "rule: while the braid's last card can go up, an equal auxiliary card may not; "
               "advice: either may be taken"),
        Option("side_fill", ("choice", "at_once"), "choice", ("braid.p4.s1",), NOTE_SIDE,
               "choice: an empty side place takes the card turned from the pack when the player "
               "wishes; at_once: it is filled from the pack before anything else"),
    )

    dealt: int
    pass_no: int

    # ---- set-up --------------------------------------------------------------------------
    def _setup(self) -> None:
        self.dealt = 0
        self.pass_no = 1
        self._new_pile("stock", self._shuffled(), down=104)
        self._new_pile("braid")
        self._ends = ENDS if self.options["ends"] == 2 else ENDS4
        self._aux = self._ends + SIDES
        self._nends = len(self._ends)
        #: Where each card of the lay-out goes, in the text's order (braid.p1.s1).
        self._deal_order = ("braid",) * BRAID_CARDS + self._aux
        for name in self._aux:
            self._new_pile(name)
        self._found = tuple(f"foundation.{i}" for i in range(1, self.options["foundations"] + 1))
        for name in self._found:
            self._new_pile(name)
        self._new_pile("waste")
        self._next = NEXT_WRAP if self.options["wrap"] else NEXT_STOP
        self._rule = self.options["braid_first"] == "rule"
        self._at_once = self.options["side_fill"] == "at_once"

    def _bind(self) -> None:
        p = self._p
        self._stock_c = p["stock"].cards
        self._braid_c = p["braid"].cards
        self._waste_c = p["waste"].cards
        self._aux_c = tuple((name, p[name].cards) for name in self._aux)
        self._found_c = tuple((name, p[name].cards) for name in self._found)

    # ---- the rules -----------------------------------------------------------------------

    def _generate(self) -> list[Move]:
        stock = self._stock_c
        found = self._found_c
        f1 = found[0][1]
        if not f1:
            if not stock:
                return []
            c = stock[-1]
            if self.dealt < len(self._deal_order):
                return [_mv("deal", c, "stock", self._deal_order[self.dealt], C_DEAL, (NOTE_FIGURE,), True)]
            return [_mv("found", c, "stock", self._found[0], C_BASE, (NOTE_BASES, NOTE_FOUNDATIONS), True)]

        base = RANK[f1[0]]
        braid = self._braid_c
        waste = self._waste_c
        aux = self._aux_c
        ne = self._nends

        # Compulsory actions first, one at a time: bases go up (braid.p3.s1), a place above or
        # below the braid is refilled from it (braid.p4.s1), and, under one reading, a side place
        # from the pack.
        empty_f = None
        wanted: dict[int, list[str]] = {}
        nxt = self._next
        for name, cs in found:
            if not cs:
                if empty_f is None:
                    empty_f = name
            elif len(cs) < PILE_LEN:
                n = nxt[cs[-1]]
                if n >= 0:
                    if n in wanted:
                        wanted[n].append(name)
                    else:
                        wanted[n] = [name]
        if empty_f is not None:
            if braid and RANK[braid[-1]] == base:
                return [_mv("found", braid[-1], "braid", empty_f, C_BASE_BRAID, (NOTE_BASES,), True)]
            for name, cs in aux:
                if cs and RANK[cs[-1]] == base:
                    return [_mv("found", cs[-1], name, empty_f, C_BASE, (NOTE_BASES,), True)]
            if waste and RANK[waste[-1]] == base:
                return [_mv("found", waste[-1], "waste", empty_f, C_BASE_PACK, (NOTE_BASES, NOTE_WASTE), True)]
        if braid:
            for name, cs in aux[:ne]:
                if not cs:
                    return [_mv("fill", braid[-1], "braid", name, C_FILL_END, (NOTE_END_FILL,), True)]
        at_once = self._at_once
        if at_once and stock:
            for name, cs in aux[ne:]:
                if not cs:
                    return [_mv("fill", stock[-1], "stock", name, C_FILL, (NOTE_SIDE,), True)]

        # The player's choices: up from the braid, the auxiliary cards and the pack; a side
        # place from the pack; turn the next card; lay the pack out again.
        moves: list[Move] = []
        top_braid = braid[-1] if braid else -1
        braid_up = top_braid in wanted
        if braid_up:
            for dst in wanted[top_braid]:
                moves.append(_mv("found", top_braid, "braid", dst, C_BRAID, N_WRAP[top_braid]))
        rule = self._rule
        for name, cs in aux:
            if cs:
                c = cs[-1]
                if c in wanted:
                    if c == top_braid:
                        if rule:
                            continue
                        notes = (NOTE_FIRST,) + N_WRAP[c]
                    else:
                        notes = N_WRAP[c]
                    for dst in wanted[c]:
                        moves.append(_mv("found", c, name, dst, C_BUILD, notes))
        if waste:
            w = waste[-1]
            if w in wanted:
                for dst in wanted[w]:
                    moves.append(_mv("found", w, "waste", dst, C_BUILD, (NOTE_WASTE,) + N_WRAP[w]))
            if not at_once:
                for name, cs in aux[ne:]:
                    if not cs:
                        moves.append(_mv("fill", w, "waste", name, C_FILL, (NOTE_SIDE, NOTE_WASTE)))
        if stock:
            moves.append(_mv("turn", stock[-1], "stock", "waste", C_TURN, (NOTE_WASTE,)))
        elif waste and self.pass_no <= self.options["redeals"]:
            moves.append(REDEAL)
        return moves

    def _apply(self, move: Move) -> None:
        if move.kind == "redeal":
            waste, stock = self._p["waste"], self._p["stock"]
            stock.cards[:] = waste.cards[::-1]
            stock.down = len(stock.cards)
            waste.cards.clear()
            self.pass_no += 1
            return
        self._transfer(*move.steps[0])
        if move.kind == "deal":
            self.dealt += 1


    def _won(self) -> bool:
        if not self._found_c[0][1] or self._braid_c:
            return False
        return not any(cs for _, cs in self._aux_c)

    def _why_not(self, move: Move) -> str | None:
        if not move.steps:
            if move.kind == "redeal" and self.pass_no > self.options["redeals"]:
                return (f"the pack may be laid out again only {self.options['redeals']} times "
                        "(braid.p7.s1)")
            return None
        c, src, dst = move.steps[0]
        if src == "braid" and c != (self._p["braid"].top if self._p["braid"].cards else None):
            return "only the last card of the braid is ever taken (braid.p6.s1)"
        if src == "braid" and dst in SIDES:
            return "the side places are filled from the pack, not from the braid (braid.p4.s1)"
        if dst in self._ends and src != "braid":
            return "the places above and below the braid are filled from the braid (braid.p4.s1)"
        if dst in self._found and self._p[self._found[0]].cards:
            cs = self._p[dst].cards
            base = RANK[self._p[self._found[0]].cards[0]]
            if not cs and RANK[c] != base:
                return (f"an empty stacking place takes only a base, a card of rank "
                        f"{rank_text(base)} (braid.p3.s1)")
            if cs and (self._next[cs[-1]] != c or len(cs) >= PILE_LEN):
                return "a packet is built up in its own suit, one rank at a time (braid.p5.s1, braid.p7.s1)"
            braid = self._p["braid"].cards
            if (src in self._aux and braid and braid[-1] == c and self.options["braid_first"] == "rule"):
                return "the same card at the end of the braid is taken first (braid.p5.s1)"
        return None

    def info(self) -> dict:
        f1 = self._p[self._found[0]].cards
        return {**super().info(), "pass": self.pass_no, "passes": self.options["redeals"] + 1,
                "base": rank_text(RANK[f1[0]]) if f1 else None}

    # ---- the table -----------------------------------------------------------------------
    def layout(self) -> Layout:
        bx = 2.6  # the braid's column
        spots = [Spot("braid", bx, 2.0, "reserve", "the braid", "коса", fan="down")]
        if self._nends == 2:
            spots.append(Spot("end.top", bx, 0.3, "reserve", "the card above the braid",
                              "карта вверху косы", group="aux"))
            spots.append(Spot("end.bottom", bx, 9.1, "reserve", "the card below the braid",
                              "карта внизу косы", group="aux"))
        else:
            for name, x, y, en, ru in (
                    ("end.top_left", bx - 0.7, 0.3, "above the braid, left", "вверху косы, слева"),
                    ("end.top_right", bx + 0.7, 0.3, "above the braid, right", "вверху косы, справа"),
                    ("end.bottom_left", bx - 0.7, 9.1, "below the braid, left", "внизу косы, слева"),
                    ("end.bottom_right", bx + 0.7, 9.1, "below the braid, right", "внизу косы, справа")):
                spots.append(Spot(name, x, y, "reserve", f"the card {en}", f"карта {ru}", group="aux"))
        for i in range(4):
            y = 2.2 + 1.6 * i
            spots.append(Spot(f"side.{i + 1}", bx - 2.3, y, "reserve", f"left auxiliary card {i + 1}",
                              f"вспомогательная карта слева, {i + 1}", rotate=90, group="aux"))
            spots.append(Spot(f"side.{i + 5}", bx + 1.9, y, "reserve", f"right auxiliary card {i + 1}",
                              f"вспомогательная карта справа, {i + 1}", rotate=90, group="aux"))
        fx = bx + 4.1
        for i, name in enumerate(self._found):
            spots.append(Spot(name, fx + 1.3 * (i // 4), 2.2 + 1.6 * (i % 4), "foundation",
                              f"stacking place {i + 1}", f"место для складывания {i + 1}",
                              group="stacking"))
        spots.append(Spot("stock", fx, 9.1, "stock", "the pack", "колода"))
        spots.append(Spot("waste", fx + 1.3, 9.1, "waste", "cards turned from the pack",
                          "открытые карты колоды"))
        return Layout(fx + 2.7, 10.8, tuple(spots),
                      "Reconstruction (figure 29 is lost): the braid with "
                      + ("one card above and one below" if self._nends == 2 else "two cards above and two below")
                      + ", four auxiliary cards crosswise on each side, the stacking places beside them",
                      "Реконструкция (фиг. 29 утрачена): коса, "
                      + ("по карте вверху и внизу" if self._nends == 2 else "по две карты вверху и внизу")
                      + ", по четыре вспомогательные карты поперёк с каждой стороны, рядом места для складывания",
                      {"aux": ("the auxiliary cards", "вспомогательные карты"),
                       "stacking": ("the places for stacking", "места для складывания")})


GAME = Braid
