"""Фаворитка (The Favourite), after «Глава XLIV», seed 004 (Fig. 31 lost).

One pack (favorite.p1.s2). The first card turned is the first starting («начальная») card and
lies in the middle; the other three cards of its rank go beside it as they come out of the hand
(favorite.p1.s2, favorite.p1.s3). The rest are laid card by card in the order the text counts
them: the 2nd card into the separate line of five on the right, the 3rd–6th at the heads of the
four cross rows on the right, the 7th into the separate line on the left, the 8th–11th at the
heads of the four cross rows on the left (favorite.p1.s3); then again one card to the right
separate line and four onto the right rows (favorite.p1.s4, favorite.p1.s5), one to the left
separate line and four onto the left rows, and so on (favorite.p1.s6), until the right has four
rows of five and five separate cards, the left five separate cards and rows of five, five, four,
four: 4 + 25 + 23 = 52 (favorite.p1.s6). A starting card that comes out during the deal goes to
its place and takes no place in the count (note favorite.n.deal).

Then all the cards are to be brought onto the starting cards by suit (favorite.p1.s7), rising
or falling as the player chooses (favorite.p1.s8; from any starting rank a foundation that is to
take all thirteen cards of its suit runs round from king to ace or from ace to king). The end card
of any row or separate line may be transferred onto the end card of another, same suit, one
higher or one lower (favorite.p1.s9, favorite.p1.s10); an emptied cross row may take any end card
(favorite.p1.s11); an emptied separate line stays empty (favorite.p1.s12).

Readings (notes ``favorite.n.*``): ``direction`` — one direction for all four foundations, fixed
by the first card played up (default), or each foundation its own; ``wrap`` — whether king and
ace count as neighbours for transfers between rows, as they must on the foundations; ``separate``
— whether cards may be transferred onto the separate lines, or only taken from them.
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_DEAL = "favorite.n.deal"
NOTE_FIGURE = "favorite.n.figure"
NOTE_DIRECTION = "favorite.n.direction"
NOTE_WRAP = "favorite.n.wrap"
NOTE_DOUBLE = "favorite.n.double"
NOTE_SEPARATE = "favorite.n.separate"
NOTE_FILL = "favorite.n.fill"

C_PACK = "favorite.p1.s2"
C_FIRST = "favorite.p1.s3"
C_TWELFTH = "favorite.p1.s4"
C_FOUR = "favorite.p1.s5"
C_REST = "favorite.p1.s6"
C_GOAL = "favorite.p1.s7"
C_ORDER = "favorite.p1.s8"
C_DOUBLE = "favorite.p1.s9"
C_SUIT = "favorite.p1.s10"
C_FILL = "favorite.p1.s11"
C_NO_REFILL = "favorite.p1.s12"

FOUNDATIONS = tuple(f"foundation.{i}" for i in range(1, 5))
RIGHT = tuple(f"right.{i}" for i in range(1, 5))
LEFT = tuple(f"left.{i}" for i in range(1, 5))
CROSS = RIGHT + LEFT
SEPARATE = ("separate.right", "separate.left")
ROWS = CROSS + SEPARATE

#: The places of the 48 cards that are not starting cards, in the order they are laid:
#: right (separate line, then rows 1-4), left likewise, five times, the last left round
#: stopping after row 2 (favorite.p1.s3-s6).
SLOTS: tuple[str, ...] = tuple(
    (("separate.right",) + RIGHT + ("separate.left",) + LEFT) * 5)[:48]


def _slot_cite(i: int) -> str:
    """The sentence that places the card laid in slot ``i`` (0 = the 2nd card of the pack)."""
    if i < 10:
        return C_FIRST
    if i == 10:
        return C_TWELFTH
    if i < 15:
        return C_FOUR
    return C_REST


#: The deal moves onto the rows and lines by card * 64 + cards laid so far (a number is looked up
#: faster than a move's fields).
_DEALS: dict[int, Move] = {}


class Favorite(Game):
    id = "favorite"
    title_ru = "Фаворитка"
    title_en = "The Favourite"
    source = "004_c3eccc830ebc789a.txt"
    packs = 1
    PLAIN_TRANSFERS = True
    VARS = ()
    OPTIONS = (
        Option("direction", ("once", "each"), "once", (C_ORDER,), NOTE_DIRECTION,
               "once: the first card played up, one above or one below its starting card, fixes "
               "rising or falling for all four foundations; each: every foundation takes its own "
               "direction from the first card played on it"),
        Option("wrap", ("yes", "no"), "yes", (C_SUIT,), NOTE_WRAP,
               "yes: king and ace are neighbours for transfers between rows, as on the foundations; "
               "no: a transfer needs ranks one apart between ace and king"),
        Option("separate", ("both", "from"), "both", (C_DOUBLE,), NOTE_SEPARATE,
               "both: cards are transferred onto the separate lines as well as from them; from: the "
               "separate lines only give cards"),
    )

    def _setup(self) -> None:
        self._each = self.options["direction"] == "each"
        self._wrap = self.options["wrap"] == "yes"
        self._onto_sep = self.options["separate"] == "both"
        self._new_pile("stock", self._shuffled(), down=52)
        for name in FOUNDATIONS + ROWS:
            self._new_pile(name)

    def _bind(self) -> None:
        p = self._p
        self._stock = p["stock"].cards
        self._found = [p[f].cards for f in FOUNDATIONS]
        self._rows = [p[r].cards for r in ROWS]
        self._named_rows = tuple(zip(ROWS, self._rows))
        self._cross = tuple((e, p[e].cards) for e in CROSS)

    # ---- helpers -----------------------------------------------------------------------
    def _direction(self, cards: list[int]) -> int:
        """+1 rising, -1 falling, 0 not yet fixed, for a foundation's cards."""
        if len(cards) < 2:
            return 0
        return 1 if (RANK[cards[1]] - RANK[cards[0]]) % 13 == 1 else -1

    def _steps(self) -> list[int]:
        """The allowed steps of rank for each foundation, in foundation order."""
        dirs = [self._direction(cs) for cs in self._found]
        if not self._each:
            fixed = next((d for d in dirs if d), 0)
            dirs = [fixed] * 4
        return dirs

    def _neighbours(self, a: int, b: int) -> bool:
        if SUIT[a] != SUIT[b]:
            return False
        d = abs(RANK[a] - RANK[b])
        return d == 1 or (d == 12 and self._wrap)

    # ---- the rules ---------------------------------------------------------------------
    def _generate(self) -> list[Move]:
        stock = self._stock
        if stock:
            return [self._deal_move(stock[-1])]
        moves: list[Move] = []
        tops = [(name, cs[-1]) for name, cs in self._named_rows if cs]
        # To the foundations (favorite.p1.s7, favorite.p1.s8).
        dirs = self._steps()
        heads = []
        for f, fc, d in zip(FOUNDATIONS, self._found, dirs):
            if not fc or len(fc) == 13:
                continue
            top = fc[-1]
            want = (RANK[top] % 13 + 1, (RANK[top] - 2) % 13 + 1)  # one above, one below (round)
            ranks = (want[0],) if d == 1 else (want[1],) if d == -1 else want
            heads.append((f, SUIT[top], ranks))
        for name, c in tops:
            for f, suit, ranks in heads:
                if SUIT[c] == suit and RANK[c] in ranks:
                    moves.append(made_once("found", ((c, name, f),), cites=(C_GOAL, C_ORDER),
                                           notes=(NOTE_DIRECTION,)))
        # Transfers between the rows and lines, same suit, up or down (favorite.p1.s9-s10); the
        # end cards grouped by suit, in row order.
        by_suit: list[list[tuple[str, int]]] = [[], [], [], []]
        for end in tops:
            by_suit[SUIT[end[1]]].append(end)
        wrap = self._wrap
        onto_sep = self._onto_sep
        for name, c in tops:
            rc = RANK[c]
            for dst, d in by_suit[SUIT[c]]:
                if dst == name:
                    continue
                gap = abs(RANK[d] - rc)
                if gap == 1 or (gap == 12 and wrap):
                    sep = dst in SEPARATE
                    if sep and not onto_sep:
                        continue
                    notes: tuple[str, ...] = (NOTE_DOUBLE,)
                    if gap == 12:
                        notes += (NOTE_WRAP,)
                    if sep:
                        notes += (NOTE_SEPARATE,)
                    moves.append(made_once("move", ((c, name, dst),), cites=(C_DOUBLE, C_SUIT), notes=notes))
        # An emptied cross row takes any end card (favorite.p1.s11); a separate line never
        # (favorite.p1.s12).
        for e, cs in self._cross:
            if not cs:
                for name, c in tops:
                    moves.append(made_once("move", ((c, name, e),), arg="fill", cites=(C_FILL, C_NO_REFILL),
                                           notes=(NOTE_FILL,)))
        return moves

    def _deal_move(self, c: int) -> Move:
        found = self._found
        first = found[0]
        if not first:
            return made_once("deal", ((c, "stock", "foundation.1"),), cites=(C_PACK,), forced=True)
        if RANK[c] == RANK[first[0]]:
            f = next(f for f, cs in zip(FOUNDATIONS, found) if not cs)
            return made_once("deal", ((c, "stock", f),), cites=(C_PACK, C_FIRST), notes=(NOTE_DEAL,),
                             forced=True)
        laid = sum(map(len, self._rows))
        m = _DEALS.get(c * 64 + laid)
        if m is None:
            m = _DEALS[c * 64 + laid] = made_once("deal", ((c, "stock", SLOTS[laid]),), cites=(_slot_cite(laid),),
                                                  notes=(NOTE_DEAL, NOTE_FIGURE), forced=True)
        return m

    def _apply(self, move: Move) -> None:
        self._transfer(*move.steps[0])

    def _won(self) -> bool:
        return sum(map(len, self._found)) == 52

    def _why_not(self, move: Move) -> str | None:
        if not move.steps or move.kind not in ("move", "found"):
            return None
        p = self._p
        if p["stock"].cards:
            return "the whole pack is laid out first (favorite.p1.s6, favorite.p1.s7)"
        c, src, dst = move.steps[0]
        if src in FOUNDATIONS or src == "stock":
            return "cards leave only the ends of the rows and separate lines (favorite.p1.s11)"
        if p[src].cards[-1] != c:
            return ("only the end card of a row is moved, «не вынимая ... из середины, но крайнюю» "
                    "(favorite.p1.s11)")
        if move.kind == "found":
            if dst not in FOUNDATIONS:
                return None
            fc = p[dst].cards
            if not fc or SUIT[fc[0]] != SUIT[c]:
                return "the starting cards are built on by suit (favorite.p1.s7)"
            return ("a foundation takes the next card of its suit in the order chosen, rising or "
                    "falling (favorite.p1.s8)")
        if dst in SEPARATE:
            if not p[dst].cards:
                return ("an emptied separate line is not occupied again (favorite.p1.s12)")
            if not self._onto_sep:
                return "under this reading the separate lines only give cards (favorite.p1.s9)"
        if dst in ROWS and p[dst].cards and not self._neighbours(c, p[dst].cards[-1]):
            return "a card is transferred only onto one of its suit, one higher or lower (favorite.p1.s10)"
        return None


    def info(self) -> dict:
        d = next((x for x in self._steps() if x), 0)
        return {**super().info(), "direction": {1: "rising", -1: "falling", 0: "not yet chosen"}[d]}

    # ---- the table ---------------------------------------------------------------------
    def layout(self) -> Layout:
        """Foundations in a column in the middle, cross rows fanning out to each side, the separate
        lines of five at the outer edges (a reconstruction: Fig. 31 is lost)."""
        spots = []
        mid = 7.5
        ys = (0.3, 2.1, 3.9, 5.7)
        for i, y in enumerate(ys):
            spots.append(Spot(FOUNDATIONS[i], mid, y, "foundation", f"starting card {i + 1}",
                              f"начальная карта {i + 1}", group="middle"))
            spots.append(Spot(RIGHT[i], mid + 1.4, y, "tableau", f"right cross row {i + 1}",
                              f"правый поперечный ряд {i + 1}", fan="right", group="right"))
            spots.append(Spot(LEFT[i], mid - 1.4, y, "tableau", f"left cross row {i + 1}",
                              f"левый поперечный ряд {i + 1}", fan="left", group="left"))
        spots.append(Spot("separate.right", 15.0, 0.3, "reserve", "the separate five on the right",
                          "отдельные пять карт справа", fan="down"))
        spots.append(Spot("separate.left", 0.0, 0.3, "reserve", "the separate five on the left",
                          "отдельные пять карт слева", fan="down"))
        spots.append(Spot("stock", mid, 7.6, "stock", "the pack", "колода"))
        return Layout(16.2, 9.2, tuple(spots),
                      "Reconstruction (Fig. 31 is lost): the four starting cards in a column in the "
                      "middle, four cross rows on each side, the separate five at either edge",
                      "Реконструкция (фиг. 31 утрачена): четыре начальные карты столбцом в середине, по "
                      "четыре поперечных ряда с каждой стороны, отдельные пять карт по краям",
                      {"middle": ("the starting cards", "начальные карты"),
                       "right": ("the cross rows on the right", "поперечные ряды справа"),
                       "left": ("the cross rows on the left", "поперечные ряды слева")})


GAME = Favorite
