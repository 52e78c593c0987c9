"""Осажденный город (The Besieged City), after «Двадцать четыре основные пасьянса», seed 000.

Two packs (the Russian does not say; Cadogan 1874/1914 has «Two Entire Packs», and a foundation
that «begins and ends with an ace» needs two aces of its suit: note besieged_city.n.packs).
Twelve cards in four rows of three are the reserve (besieged_city.p1.s1, p1.s3); fourteen cards
laid crosswise round them are the trenches (p1.s2), reconstructed as three above, four at each
side and three below the reserve, each trench place standing at an end of one row or one
column of the reserve (note besieged_city.n.geometry). The four foundations begin with aces of
different suits (p2.s1) and go A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A in suit
(p2.s2, r6.s1): an ascending and a descending series interleaved, 26 cards each.

Cards reach the foundations only from the trenches and from the pack (r1.s1): cards from the
talon pass through the reserve, the reserve into the trenches (r1.s2). In the trenches a card
goes on another of its suit one above or below it, or next to it in the order of the
foundations, i.e. two cards whose ranks add up to 14 or 15 (r2.s1, r2.s2); the top card of a
trench may be moved to another trench (r2.s3); a reserve card may be put on the trench cards at
the ends of its own row and column (r3.s1). A trench vacancy is filled at once with a card of
the row or column at whose end it lies (r4.s1, p3.s1, p4.s1, p4.s2), a reserve vacancy at once
from the talon or, when there is none, from the pack (r5.s1). The player turns the pack when he
likes; a card that fits a foundation goes up, any other to the talon (p5.s1). When pack and
talon are spent the reserve may still go into the trenches (p6.s1).

Readings (options): ``line`` (what «концы или стороны той линии» are), ``direction`` (whether a
packet may change direction, r2.s2), ``play_order`` (which cards are next to each other «въ томъ
порядкѣ, въ которомъ онѣ будутъ сыграны»), ``reserve_up`` (whether a reserve card may go straight
to a foundation), ``endgame`` (whether p6.s1 lifts the line restriction once the pack and talon
are spent).
"""
from __future__ import annotations

from ..cards import RANK, SUIT, rank_text
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

NOTE_PACKS = "besieged_city.n.packs"
NOTE_GEOMETRY = "besieged_city.n.geometry"
NOTE_LINE = "besieged_city.n.line"
NOTE_DIRECTION = "besieged_city.n.direction"
NOTE_ORDER = "besieged_city.n.play_order"
NOTE_RESERVE_UP = "besieged_city.n.reserve_up"
NOTE_ENDGAME = "besieged_city.n.endgame"
NOTE_FOUNDATION = "besieged_city.n.foundation_order"
NOTE_PACK = "besieged_city.n.turning"
NOTE_VACANCY = "besieged_city.n.vacancy"

C_DEAL_RESERVE = ("besieged_city.p1.s1", "besieged_city.p1.s3")
C_DEAL_TRENCH = ("besieged_city.p1.s2",)
C_FILL_TRENCH = ("besieged_city.r4.s1", "besieged_city.p3.s1", "besieged_city.p4.s1", "besieged_city.p4.s2")
C_FILL_RESERVE = ("besieged_city.r5.s1", "besieged_city.r1.s2", "besieged_city.p3.s1", "besieged_city.p4.s1",
                  "besieged_city.p4.s2")
C_ACE = ("besieged_city.r1.s1", "besieged_city.p3.s1", "besieged_city.p2.s1")
C_UP = ("besieged_city.r1.s1", "besieged_city.p3.s1", "besieged_city.p2.s1", "besieged_city.p2.s2",
        "besieged_city.r6.s1")
C_RESERVE_UP = ("besieged_city.r1.s2",)
C_MOVE = ("besieged_city.r2.s3", "besieged_city.r2.s1", "besieged_city.r2.s2", "besieged_city.p4.s3")
C_PACK = ("besieged_city.r3.s1", "besieged_city.r2.s1", "besieged_city.r2.s2", "besieged_city.p4.s3")
C_PACK_END = C_PACK + ("besieged_city.p6.s1",)
C_TURN = ("besieged_city.p5.s1", "besieged_city.r1.s1")
N_DEAL = (NOTE_GEOMETRY,)
N_FILL_TRENCH = (NOTE_LINE, NOTE_GEOMETRY, NOTE_VACANCY)
N_FILL_RESERVE = (NOTE_VACANCY,)
N_UP = (NOTE_FOUNDATION,)
N_RESERVE_UP = (NOTE_RESERVE_UP, NOTE_FOUNDATION)
N_MOVE = (NOTE_ORDER, NOTE_DIRECTION)
N_PACK = (NOTE_LINE, NOTE_GEOMETRY, NOTE_ORDER, NOTE_DIRECTION)
N_PACK_END = N_PACK + (NOTE_ENDGAME,)
N_TURN = (NOTE_PACK,)
GID = "besieged_city"


def _mv(kind: str, c: int, src: str, dst: str, cites: tuple[str, ...], notes: tuple[str, ...],
        forced: bool = False) -> Move:
    """The single-card move, made once (:func:`made_once`)."""
    return made_once(kind, ((c, src, dst),), cites=cites, notes=notes, forced=forced)

#: Ranks of a foundation from bottom to top: ascending series A..K at odd places, descending K..A
#: at even places (besieged_city.p2.s2).
SEQ = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
FULL = len(SEQ)

ROWS, COLS = 4, 3
RESERVE = tuple(f"reserve.{i}" for i in range(1, ROWS * COLS + 1))  # row-major
TRENCH = tuple(f"trench.{i}" for i in range(1, 15))  # clockwise from the top left
FOUND = tuple(f"foundation.{i}" for i in range(1, 5))  # by suit: spades, hearts, diamonds, clubs


def _trench_places() -> dict[int, tuple[str, int]]:
    """Trench index -> (side, row or column it ends): top/bottom end columns, left/right rows."""
    out = {}
    for j in range(COLS):
        out[j] = ("top", j)
    for i in range(ROWS):
        out[COLS + i] = ("right", i)
    for j in range(COLS):
        out[COLS + ROWS + j] = ("bottom", COLS - 1 - j)
    for i in range(ROWS):
        out[2 * COLS + ROWS + i] = ("left", ROWS - 1 - i)
    return out


PLACE = _trench_places()


def _geometry(line: str) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(trenches each reserve place may go on, reserve places that may fill each trench)."""
    reach: list[set[int]] = [set() for _ in RESERVE]
    fillers: list[tuple[int, ...]] = []
    for t in range(len(TRENCH)):
        side, k = PLACE[t]
        if side in ("left", "right"):
            places = [k * COLS + j for j in range(COLS)]  # the row at whose end it stands
        elif line == "cross":
            places = [i * COLS + k for i in range(ROWS)]  # the column at whose end it stands
        else:  # "row": the top and bottom trenches lie alongside the first and last rows
            i = 0 if side == "top" else ROWS - 1
            places = [i * COLS + j for j in range(COLS)]
        fillers.append(tuple(places))
        for r in places:
            reach[r].add(t)
    return tuple(tuple(sorted(s)) for s in reach), tuple(fillers)


GEOMETRY = {line: _geometry(line) for line in ("cross", "row")}
# The deal: the reserve row by row, left to right, then the trenches clockwise (p1.s1, p1.s2).
DEAL_ORDER = RESERVE + TRENCH


Table = tuple[tuple[bool, ...], ...]  # by two cards


def _links(sums: tuple[int, ...]) -> tuple[Table, Table]:
    """LINK[x][y]: x may lie on y (same suit, one apart or next in the foundation order);
    PLAIN[x][y]: the link is only the ordinary one-apart (direction matters)."""
    link, plain = [], []
    for x in range(52):
        lrow, prow = [], []
        for y in range(52):
            same = SUIT[x] == SUIT[y]
            step = abs(RANK[x] - RANK[y]) == 1
            order = RANK[x] + RANK[y] in sums
            lrow.append(same and (step or order))
            prow.append(same and step and not order)
        link.append(tuple(lrow))
        plain.append(tuple(prow))
    return tuple(link), tuple(plain)


LINKS = {"chain": _links((14, 15)), "pairs": _links((14,))}


TURN = Move("turn", cites=C_TURN, notes=N_TURN)


class BesiegedCity(Game):
    id = "besieged_city"
    title_ru = "Осажденный город"
    title_en = "The Besieged City"
    source = "000_0c735b6135cd8448.txt"
    packs = 2
    PLAIN_TRANSFERS = True
    VARS = ("dealt",)
    OPTIONS = (
        Option("line", ("cross", "row"), "cross", ("besieged_city.r3.s1", "besieged_city.r4.s1"), NOTE_LINE,
               "cross: a reserve card goes on the trench cards at the two ends of its row and the two ends "
               "of its column, and a trench vacancy is filled from the row or column it ends (Cadogan's "
               "note); row: only the row of three counts, with the top and bottom trenches as the sides "
               "of the first and last rows"),
        Option("direction", ("mixed", "one"), "mixed", ("besieged_city.r2.s2",), NOTE_DIRECTION,
               "mixed: ascending and descending cards may follow each other in one packet; one: a packet "
               "built up or down by one keeps that direction"),
        Option("play_order", ("chain", "pairs"), "chain", ("besieged_city.r2.s1",), NOTE_ORDER,
               "chain: any two cards next to each other in the foundation order (ranks adding to 14 or "
               "15: Q on 2, 3 on Q, J on 3 ...); pairs: only the pairs the text names and their like "
               "(ranks adding to 14: Q-2, J-3, 10-4 ...)"),
        Option("reserve_up", (False, True), False, ("besieged_city.r1.s1", "besieged_city.r1.s2"),
               NOTE_RESERVE_UP,
               "False: reserve cards reach the foundations only through the trenches; True: a reserve "
               "card may be played to a foundation directly"),
        Option("endgame", ("same", "free"), "same", ("besieged_city.p6.s1",), NOTE_ENDGAME,
               "same: when pack and talon are spent the reserve goes on under rule III; free: then a "
               "reserve card may go on any trench card it fits"),
    )

    dealt: int

    def _setup(self) -> None:
        self.dealt = 0
        self._new_pile("stock", self._shuffled(), down=104)
        self._new_pile("talon")
        for name in RESERVE + TRENCH + FOUND:
            self._new_pile(name)
        self._reach, self._fillers = GEOMETRY[self.options["line"]]
        self._link, self._plain = LINKS[self.options["play_order"]]
        self._one = self.options["direction"] == "one"

    def _bind(self) -> None:
        self._res = [self._p[n].cards for n in RESERVE]
        self._tr = [self._p[n].cards for n in TRENCH]
        self._fd = [self._p[n].cards for n in FOUND]

    @classmethod
    def from_position(cls, piles, /, **kw):
        """As :meth:`Game.from_position`; a constructed position lies after the deal unless ``dealt`` says."""
        kw.setdefault("dealt", len(DEAL_ORDER))
        return super().from_position(piles, **kw)

    # ---- rules -------------------------------------------------------------------------
    def _fits_up(self, c: int) -> bool:
        h = len(self._fd[SUIT[c]])
        return h < FULL and SEQ[h] == RANK[c]

    def _packs(self, x: int, pile: list[int]) -> bool:
        """Whether card x may lie on the trench packet ``pile`` (r2.s1, r2.s2)."""
        if not pile:
            return False
        y = pile[-1]
        if not self._link[x][y]:
            return False
        if self._one and self._plain[x][y] and len(pile) > 1:
            d = RANK[y] - RANK[pile[-2]]
            if d == 1 or d == -1:  # the packet is being built up or down: it keeps that direction
                return RANK[x] - RANK[y] == d
        return True

    def _generate(self) -> list[Move]:
        if self._tr[0] is not self._p[TRENCH[0]].cards:  # the piles were replaced (not refilled) since they were bound
            self._bind()
        if self.dealt < len(DEAL_ORDER):
            c = self._p["stock"].cards[-1]
            return [_mv("deal", c, "stock", DEAL_ORDER[self.dealt],
                        C_DEAL_RESERVE if self.dealt < 12 else C_DEAL_TRENCH, N_DEAL, True)]
        res, tr = self._res, self._tr
        # Compulsory: a trench vacancy is filled at once from its row or column (r4.s1, p3.s1).
        for t, pile in enumerate(tr):
            if not pile:
                fills = [_mv("fill", res[r][-1], RESERVE[r], TRENCH[t], C_FILL_TRENCH, N_FILL_TRENCH, True)
                         for r in self._fillers[t] if res[r]]
                if fills:
                    return fills
        # Compulsory: a reserve vacancy from the talon, or when there is none from the pack (r5.s1).
        talon, stock = self._p["talon"].cards, self._p["stock"].cards
        if talon or stock:
            for r, pile in enumerate(res):
                if not pile:
                    src, c = ("talon", talon[-1]) if talon else ("stock", stock[-1])
                    return [_mv("fill", c, src, RESERVE[r], C_FILL_RESERVE, N_FILL_RESERVE, True)]
        moves: list[Move] = []
        fd = self._fd
        # To the foundations from the trenches (r1.s1, p3.s1, p2.s1, p2.s2, r6.s1).
        tops = [pile[-1] if pile else -1 for pile in tr]
        for t, c in enumerate(tops):
            if c >= 0:
                f = fd[SUIT[c]]
                h = len(f)
                if h < FULL and SEQ[h] == RANK[c]:
                    moves.append(_mv("found", c, TRENCH[t], FOUND[SUIT[c]], C_UP if h else C_ACE, N_UP))
        if self.options["reserve_up"]:
            for r, pile in enumerate(res):
                if pile and self._fits_up(pile[-1]):
                    c = pile[-1]
                    moves.append(_mv("found", c, RESERVE[r], FOUND[SUIT[c]], C_RESERVE_UP, N_RESERVE_UP))
        # From trench to trench, top card only, following suit (r2.s3, r2.s1, r2.s2).
        link, plain, one = self._link, self._plain, self._one
        by_suit: list[list[int]] = [[], [], [], []]
        for t, c in enumerate(tops):
            if c >= 0:
                by_suit[SUIT[c]].append(t)
        for group in by_suit:
            if len(group) > 1:
                for s in group:
                    c = tops[s]
                    lc = link[c]
                    for t in group:
                        if t != s and lc[tops[t]] and (not one or not plain[c][tops[t]] or self._packs(c, tr[t])):
                            moves.append(_mv("move", c, TRENCH[s], TRENCH[t], C_MOVE, N_MOVE))
        # From the reserve onto the trench cards at the ends of its lines (r3.s1).
        end = not talon and not stock
        cites: tuple[str, ...]
        notes: tuple[str, ...]
        if end:
            free = self.options["endgame"] == "free"
            cites, notes = C_PACK_END, N_PACK_END
        else:
            free = False
            cites, notes = C_PACK, N_PACK
        everywhere = range(len(TRENCH))
        reach = self._reach
        for r, pile in enumerate(res):
            if not pile:
                continue
            c = pile[-1]
            lc = link[c]
            for t in (everywhere if free else reach[r]):
                y = tops[t]
                if y >= 0 and lc[y] and (not one or not plain[c][y] or self._packs(c, tr[t])):
                    moves.append(_mv("build", c, RESERVE[r], TRENCH[t], cites, notes))
        # The rest of the pack, card by card when the player likes (p5.s1, r1.s1).
        if stock:
            moves.append(TURN)
        return moves

    def _apply(self, move: Move) -> None:
        if self._tr[0] is not self._p[TRENCH[0]].cards:
            self._bind()
        p = self._p
        if move.kind == "turn":
            stock = p["stock"]
            c = stock.cards.pop()
            stock.down = len(stock.cards)
            if self._fits_up(c):
                self._fd[SUIT[c]].append(c)
            else:
                p["talon"].cards.append(c)
            return
        c, src, dst = move.steps[0]
        s = p[src]
        s.cards.pop()
        if src == "stock":
            s.down = len(s.cards)
        p[dst].cards.append(c)
        if move.kind == "deal":
            self.dealt += 1

    def _won(self) -> bool:
        return all(len(f) == FULL for f in self._fd)



    def _why_not(self, move: Move) -> str | None:
        if not move.steps:
            return None
        c, src, dst = move.steps[0]
        if dst.startswith("foundation") and (src.startswith("reserve") or src == "talon") \
                and not self.options["reserve_up"]:
            return ("cards from the talon pass through the reserve and the reserve into the trenches "
                    "before they can be played (besieged_city.r1.s2)")
        if src.startswith("reserve") and dst.startswith("trench"):
            r, t = RESERVE.index(src), TRENCH.index(dst)
            if t not in self._reach[r] and not (self.options["endgame"] == "free" and not self._p["stock"].cards
                                                and not self._p["talon"].cards):
                return ("a reserve card goes only on the trench cards at the ends of the line it is taken "
                        "from (besieged_city.r3.s1)")
        if src.startswith("talon") and dst.startswith("trench"):
            return "cards from the talon must pass through the reserve (besieged_city.r1.s2)"
        if dst.startswith("trench") and self._p[dst].cards and not self._packs(c, self._p[dst].cards):
            return ("in the trenches a card goes on one of its suit one above or below it, or next to it in "
                    "the order of play (besieged_city.r2.s1, besieged_city.r2.s2)")
        if dst in FOUND:
            if FOUND.index(dst) != SUIT[c]:
                return "the foundation cards follow suit (besieged_city.r6.s1)"
            h = len(self._p[dst].cards)
            if h < FULL and SEQ[h] != RANK[c]:
                return (f"this foundation takes {rank_text(SEQ[h])} next: ascending and descending series "
                        "alternate on it, from ace to ace (besieged_city.p2.s2)")
        return None

    def info(self) -> dict:
        return {**super().info(), "pack": len(self._p["stock"].cards), "talon": len(self._p["talon"].cards)}

    def layout(self) -> Layout:
        spots = []
        for r, name in enumerate(RESERVE):
            i, j = divmod(r, COLS)
            spots.append(Spot(name, 3.0 + 1.6 * j, 2.4 + 1.6 * i, "reserve",
                              f"reserve, row {i + 1}, card {j + 1}", f"резерв, ряд {i + 1}, карта {j + 1}",
                              group="reserve"))
        for t, name in enumerate(TRENCH):
            side, k = PLACE[t]
            if side == "top":
                x, y, fan = 2.8 + 1.6 * k, 1.0, "up"
            elif side == "bottom":
                x, y, fan = 2.8 + 1.6 * k, 9.0, "down"
            elif side == "left":
                x, y, fan = 1.0, 2.6 + 1.6 * k, "left"
            else:
                x, y, fan = 7.6, 2.6 + 1.6 * k, "right"
            spots.append(Spot(name, x, y, "tableau", f"trench {t + 1}", f"окоп {t + 1}", fan=fan, rotate=90,
                              max_fan=3, group="trenches"))
        for s, name in enumerate(FOUND):
            spots.append(Spot(name, 10.8, 1.0 + 1.8 * s, "foundation", f"foundation {'♠♥♦♣'[s]}",
                              f"основание {'♠♥♦♣'[s]}"))
        spots.append(Spot("stock", 12.6, 1.0, "stock", "the pack", "колода"))
        spots.append(Spot("talon", 12.6, 2.8, "talon", "the talon", "талон"))
        return Layout(14.0, 11.0, tuple(spots),
                      "Reconstruction (the figure is lost): the reserve of four rows of three inside, the fourteen "
                      "trench cards laid crosswise round it, three above, four at each side, three below",
                      "Реконструкция (рисунок утрачен): внутри резерв, четыре ряда по три карты; вокруг него "
                      "поперек четырнадцать карт окопов: три сверху, по четыре с боков, три снизу",
                      {"reserve": ("the reserve", "резерв"), "trenches": ("the trenches", "окопы")})


GAME = BesiegedCity
