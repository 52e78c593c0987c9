"""Брюнетка и блондинка (Brunette and Blonde), after «Глава XLIII», seed 001.

Two packs. Eight cards are laid in a row, the main row (brunette_blonde.p1.s1); an ace that
turns up goes above the row, the other aces beside it (brunette_blonde.p1.s2). The cards are laid
out one by one: on the aces upward, red and black in turn; on the cards of the main row downward,
also in turn; cards that fit neither go to the кон (the waste), from which the empty places of
the main row are filled (brunette_blonde.p1.s3). When the pack is out and nothing fits, the кон
is taken up and laid out a second time (brunette_blonde.p1.s4). Red must follow black
(brunette_blonde.p2.s1); the patience is lost when it ends with cards that will not go
(brunette_blonde.p3.s1) and comes out when kings lie on the aces (brunette_blonde.p3.s2). «Для
перемены» the main row may take only two cards (brunette_blonde.p3.s3).

Readings (options, each argued in an apparatus note): what the main row alternates
(``row_build``), whether an empty place is filled at once or when the player likes (``fill``),
whether a card may pass from one pile of the main row to another (``row_to_row``), whether a
card that fits may still go to the кон (``kon``), the order of the second laying
(``second_laying``), and the variant «для перемены» (``for_a_change``: places of two cards, or a
row of two places). Decided without an option, with a note: the deal of the row
(brunette_blonde.n.deal) and what «две карты одинаковой масти» means for the end
(brunette_blonde.n.end).
"""
from __future__ import annotations

from ..cards import RANK, RED, SUIT
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_BUILD = "brunette_blonde.n.row_build"
NOTE_FILL = "brunette_blonde.n.fill"
NOTE_R2R = "brunette_blonde.n.row_to_row"
NOTE_KON = "brunette_blonde.n.kon"
NOTE_CHANGE = "brunette_blonde.n.for_a_change"
NOTE_DEAL = "brunette_blonde.n.deal"
NOTE_SECOND = "brunette_blonde.n.second"
NOTE_END = "brunette_blonde.n.end"

ACES = tuple(f"ace.{i}" for i in range(1, 9))
C_ROW = ("brunette_blonde.p1.s1",)
C_ACE = ("brunette_blonde.p1.s2",)
C_UP = ("brunette_blonde.p1.s3", "brunette_blonde.p2.s1")
C_DOWN = ("brunette_blonde.p1.s3", "brunette_blonde.p2.s1")
C_KON = ("brunette_blonde.p1.s3",)
C_FILL = ("brunette_blonde.p1.s3",)
C_R2R = ("brunette_blonde.p1.s4", "brunette_blonde.p1.s3", "brunette_blonde.p2.s1")
C_REDEAL = ("brunette_blonde.p1.s4",)
N_BUILD = (NOTE_BUILD,)
N_R2R = (NOTE_R2R, NOTE_BUILD)
C_WON = ("brunette_blonde.p3.s2",)
C_LOST = ("brunette_blonde.p3.s1",)


def _mv(kind: str, c: int, src: str, dst: str, cites: tuple[str, ...], notes: tuple[str, ...] = (),
        forced: bool = False) -> Move:
    """The single-card move, made once (:func:`made_once`)."""
    return made_once(kind, ((c, src, dst),), cites=cites, notes=notes, forced=forced)


REDEAL = Move("redeal", cites=C_REDEAL, notes=(NOTE_SECOND,), forced=True)
#: A card's key: rank * 2 + 1 if red; what an ace pile topped by t takes; what a row pile takes.
KEY = tuple(RANK[c] * 2 + RED[c] for c in range(52))
UP_KEY = tuple((RANK[t] + 1) * 2 + (not RED[t]) for t in range(52))
DOWN_KEY = tuple((RANK[t] - 1) * 2 + (not RED[t]) for t in range(52))


class BrunetteBlonde(Game):
    id = "brunette_blonde"
    title_ru = "Брюнетка и блондинка"
    title_en = "Brunette and Blonde"
    source = "001_ec040b2fccda9fb6.txt"
    packs = 2
    VARS = ("dealt", "pass_no")
    OPTIONS = (
        Option("row_build", ("colour", "suit"), "colour", ("brunette_blonde.p1.s3", "brunette_blonde.p2.s1"),
               NOTE_BUILD, "colour: on the main row red and black alternate, as the example and "
               "brunette_blonde.p2.s1 have it; suit: «вперемежку масти» read literally, any other suit"),
        Option("fill", ("choice", "at_once"), "choice", ("brunette_blonde.p1.s3",), NOTE_FILL,
               "choice: «своевременно», an empty place is filled from the кон when the player sees fit; "
               "at_once: it is filled from the кон before anything else"),
        Option("row_to_row", (True, False), True, ("brunette_blonde.p1.s4",), NOTE_R2R,
               "True: the top card of a pile of the main row may go onto another pile of the row; "
               "False: cards of the main row go only to the aces"),
        Option("kon", ("unfit", "any"), "unfit", ("brunette_blonde.p1.s3",), NOTE_KON,
               "unfit: only a card that fits neither the aces nor the main row goes to the кон; "
               "any: the player may lay any card there"),
        Option("second_laying", ("same", "reversed"), "same", ("brunette_blonde.p1.s4",), NOTE_SECOND,
               "same: the кон, taken up and turned face down, is laid out again first card first; "
               "reversed: it is laid out from its top, last card first"),
        Option("for_a_change", ("no", "two_cards", "two_places"), "no", ("brunette_blonde.p3.s3",),
               NOTE_CHANGE, "no: the main game, eight places of any height; two_cards: each place "
               "of the main row holds at most two cards; two_places: the main row has two places"),
    )

    dealt: int
    pass_no: int

    # ---- set-up --------------------------------------------------------------------------
    def _setup(self) -> None:
        self.dealt = 0
        self.pass_no = 1
        change = self.options["for_a_change"]
        self._nrow = 2 if change == "two_places" else 8
        self._cap = 2 if change == "two_cards" else 104
        self._rows = tuple(f"row.{i}" for i in range(1, self._nrow + 1))
        self._suit = self.options["row_build"] == "suit"
        self._at_once = self.options["fill"] == "at_once"
        self._r2r = self.options["row_to_row"]
        self._kon_any = self.options["kon"] == "any"
        self._new_pile("stock", self._shuffled(), down=104)
        for name in ACES:
            self._new_pile(name)
        for name in self._rows:
            self._new_pile(name)
        self._new_pile("kon")

    # ---- the rules -----------------------------------------------------------------------
    def _generate(self) -> list[Move]:
        p = self._p
        stock = p["stock"].cards
        if self.dealt < self._nrow:
            if not stock:
                return []
            c = stock[-1]
            if RANK[c] == 1:
                dst = next(a for a in ACES if not p[a].cards)
                return [_mv("found", c, "stock", dst, C_ACE, (NOTE_DEAL,), True)]
            return [_mv("deal", c, "stock", self._rows[self.dealt], C_ROW, (NOTE_DEAL,), True)]

        kon = p["kon"].cards
        rows = [(name, p[name].cards) for name in self._rows]
        if kon and self._at_once:
            for name, cs in rows:
                if not cs:
                    return [_mv("fill", kon[-1], "kon", name, C_FILL, (NOTE_FILL,), True)]

        # What each ace pile will take, by the key rank * 2 + red; what each pile of the main
        # row will take, by the same key (or, building by suit, by rank alone).
        up: dict[int, list[str]] = {}
        first_ace = None
        for name in ACES:
            cs = p[name].cards
            if not cs:
                if first_ace is None:
                    first_ace = name
            elif len(cs) < 13:
                k = UP_KEY[cs[-1]]
                if k in up:
                    up[k].append(name)
                else:
                    up[k] = [name]
        cap = self._cap
        suit = self._suit
        down: dict[int, list[tuple[str, int]]] = {}
        for name, cs in rows:
            if cs and len(cs) < cap:
                t = cs[-1]
                k = RANK[t] - 1 if suit else DOWN_KEY[t]
                if k in down:
                    down[k].append((name, SUIT[t]))
                else:
                    down[k] = [(name, SUIT[t])]

        moves: list[Move] = []
        append = moves.append
        # Cards of the main row: to the aces, and (a reading) onto another pile of the row.
        r2r = self._r2r
        for name, cs in rows:
            if cs:
                c = cs[-1]
                names = up.get(KEY[c])
                if names:
                    for dst in names:
                        append(_mv("found", c, name, dst, C_UP))
                if r2r:
                    targets = down.get(RANK[c] if suit else KEY[c])
                    if targets:
                        for dst, ts in targets:
                            if dst != name and (not suit or ts != SUIT[c]):
                                append(_mv("move", c, name, dst, C_R2R, N_R2R))
        # The top of the кон: to the aces, onto the row, into an empty place.
        if kon:
            c = kon[-1]
            names = up.get(KEY[c])
            if names:
                for dst in names:
                    append(_mv("found", c, "kon", dst, C_UP))
            targets = down.get(RANK[c] if suit else KEY[c])
            if targets:
                for dst, ts in targets:
                    if not suit or ts != SUIT[c]:
                        append(_mv("lay", c, "kon", dst, C_DOWN, N_BUILD))
            if not self._at_once:
                for name, cs in rows:
                    if not cs:
                        append(_mv("fill", c, "kon", name, C_FILL, (NOTE_FILL,)))
        # The next card of the pack: where it fits, or else to the кон.
        if stock:
            c = stock[-1]
            if RANK[c] == 1:
                if first_ace is not None:
                    append(_mv("found", c, "stock", first_ace, C_ACE))
            else:
                fits = False
                names = up.get(KEY[c])
                if names:
                    fits = True
                    for dst in names:
                        append(_mv("found", c, "stock", dst, C_UP))
                targets = down.get(RANK[c] if suit else KEY[c])
                if targets:
                    for dst, ts in targets:
                        if not suit or ts != SUIT[c]:
                            fits = True
                            append(_mv("lay", c, "stock", dst, C_DOWN, N_BUILD))
                if not fits or self._kon_any:
                    append(_mv("turn", c, "stock", "kon", C_KON, (NOTE_KON,)))
        elif kon and self.pass_no == 1 and not any(m.kind != "move" or not self._repeats(m) for m in moves):
            # «ни в кону, ни в основном ряду не оказывается подходящих карт»: only when stuck.
            return [REDEAL]
        return moves

    def _repeats(self, move: Move) -> bool:
        """Whether a transfer within the row recreates a position already seen (cheaply:
        move the card, read the position, move it back)."""
        if move.kind != "move":
            return super()._repeats(move)
        c, s, d = move.steps[0]
        src, dst = self._p[s].cards, self._p[d].cards
        src.pop()
        dst.append(c)
        after = self._snapshot()
        dst.pop()
        src.append(c)
        return self._was_seen(after)

    def _apply(self, move: Move) -> None:
        p = self._p
        if move.kind == "redeal":
            kon, stock = p["kon"], p["stock"]
            stock.cards[:] = kon.cards[::-1] if self.options["second_laying"] == "same" else kon.cards
            stock.down = len(stock.cards)
            kon.cards.clear()
            self.pass_no += 1
            return
        self._transfer(*move.steps[0])
        if move.kind == "deal":
            self.dealt += 1


    def _won(self) -> bool:
        p = self._p
        return all(len(p[a].cards) == 13 for a in ACES)

    def _why_not(self, move: Move) -> str | None:
        if move.kind == "redeal":
            if self.pass_no > 1:
                return "the кон is laid out a second time, and no more (brunette_blonde.p1.s4)"
            return ("the кон is taken up only when the pack is out and no card of the кон or the "
                    "main row fits (brunette_blonde.p1.s4)")
        if not move.steps:
            return None
        c, src, dst = move.steps[0]
        p = self._p
        if dst in ACES:
            cs = p[dst].cards
            if not cs:
                if RANK[c] == 1:
                    return "an ace goes beside the others, to the next free place (brunette_blonde.p1.s2)"
                return "an empty place above the row takes only an ace (brunette_blonde.p1.s2)"
            t = cs[-1]
            if RANK[c] != RANK[t] + 1:
                return "the aces are built upward one rank at a time (brunette_blonde.p1.s3)"
            if RED[c] == RED[t]:
                return "on the aces red and black alternate (brunette_blonde.p1.s3, brunette_blonde.p2.s1)"
        if dst in self._rows:
            cs = p[dst].cards
            if not cs:
                if src != "kon":
                    return "an empty place of the main row is filled from the кон (brunette_blonde.p1.s3)"
                return None
            if src in self._rows and not self.options["row_to_row"]:
                return "under this reading cards of the main row go only to the aces (brunette_blonde.p1.s4)"
            if len(cs) >= self._cap:
                return "«для перемены» a place of the main row takes only two cards (brunette_blonde.p3.s3)"
            if RANK[c] + 1 != RANK[cs[-1]]:
                return "the main row is built downward one rank at a time (brunette_blonde.p1.s3)"
            return ("on the main row red and black alternate (brunette_blonde.p1.s3, brunette_blonde.p2.s1)"
                    if not self._suit else "on the main row the suits alternate (brunette_blonde.p1.s3)")
        if dst == "kon" and src == "stock":
            return "only a card that fits neither the aces nor the main row goes to the кон (brunette_blonde.p1.s3)"
        return None

    def info(self) -> dict:
        """Adds the laying (1 or 2) and, once the game is over, the sentence that decides it."""
        ended = {"won": C_WON, "lost": C_LOST}.get(self.status, ())
        return {**super().info(), "laying": self.pass_no, "decided_by": ended}

    # ---- the table -----------------------------------------------------------------------
    def layout(self) -> Layout:
        spots = []
        for i, name in enumerate(ACES):
            spots.append(Spot(name, 0.4 + 1.3 * i, 0.4, "foundation", f"ace place {i + 1}",
                              f"место туза {i + 1}", group="aces"))
        n = self._nrow
        x0 = 0.4 + 1.3 * (8 - n) / 2
        for i, name in enumerate(self._rows):
            spots.append(Spot(name, x0 + 1.3 * i, 2.4, "tableau", f"main row, place {i + 1}",
                              f"основной ряд, место {i + 1}", fan="down", group="row"))
        spots.append(Spot("stock", 0.4, 9.6, "stock", "the pack", "колода"))
        spots.append(Spot("kon", 1.7, 9.6, "waste", "the кон (waste)", "кон"))
        return Layout(10.9, 11.2, tuple(spots),
                      "The aces above the main row, the кон before the player (the text has no figure)",
                      "Тузы над основным рядом, кон перед собой (в тексте нет рисунка)",
                      {"aces": ("the aces", "тузы"), "row": ("the main row", "основной ряд")})


GAME = BrunetteBlonde
