"""Индийская императрица (The Empress of India), after «Двадцать четыре основные пасьянса», seed 000.

Four packs. The witness lost the game's beginning (heading, rules I–III): they are supplied from
Cadogan 1914 and cited under their supplied ids (indian_empress.r1.s1, r2.s1, r3.s1, fn16.s1).

Set-up (moves of kind ``lay``, forced): the eight black aces, eight black queens, eight red kings
and eight red knaves are taken out of the pack (p1.s1) one by one, from the top of the pack down:
the aces become the Admirals and the kings the Generals (p4.s1; «берутся тотчас же», r5.s1), the
four queens of spades and three queens of clubs are thrown aside and the fourth queen of clubs is
the Empress, the knaves her guard (p2.s1, p3.s1). The deal (kind ``deal``, forced): the rest of
the pack is turned card by card; a red card goes to the next place of the Army (two rows of
twelve), a black one to the Navy (p5.s1); once a colour's two rows are full, its further cards go
to its talon packet (p6.s1, r4.s1), until both are full.

Play: a pair is one red card of the Army and one black card of the Navy played at the same time
onto their foundations (r1.s1, p7.s1, p7.s2); the Admirals ascend 2 … 10, J, K (no queens) and
the Generals descend Q, 10 … 2, A (no knaves) (p4.s1, fn16.s1), by suit or by colour (option
``build``). Every vacancy is refilled at once with a card of its colour from the top of its talon,
or, when that talon is empty, from the pack (r2.s1, p7.s3: kind ``fill``, forced). The player
chooses when to pair (p9.s1) and may meanwhile turn the pack, card by card, onto the two talon
packets (p9.s2, p9.s3: kind ``turn``); a card of the pack or a talon is never played directly
(r3.s1). There is no second deal (p10.s1): the game is lost when nothing can go up any more
(under the default pairing, as soon as no pair lies on the table: only a pair opens a place; note
indian_empress.n.end) and won when all 176 cards lie on the sixteen foundations.

Readings (options): ``pairing`` — «должны быть немедленно положены» read literally (a pair goes
up at once, the default) or Cadogan's "Any card in the Army may be placed on any card in the
Navy" read as couples that wait on the table until both their cards fit (note
indian_empress.n.pairing); ``build`` — the foundations follow suit (Cadogan's rule V, presupposed
by p9.s2's «десятка треф»; default) or only colour (the Russian rule V says nothing of suit;
note indian_empress.n.build). How often a player who pairs whenever he can wins, and how often a
deal can be won at all, is read from the committed tables (``pasyans.stats``), never typed here.
"""
from __future__ import annotations

from itertools import compress

from ..cards import CARDS, RANK, RED, SUIT
from ..game import Game, Option, made_once
from ..layout import Layout, Spot
from ..move import Move

GAME_ID = "indian_empress"
N_PAIRING = "indian_empress.n.pairing"
N_BUILD = "indian_empress.n.build"
N_TAKE_OUT = "indian_empress.n.take_out"
N_DEAL = "indian_empress.n.deal_order"
N_FILL = "indian_empress.n.refill"
N_TURN = "indian_empress.n.turn"
N_TALON = "indian_empress.n.talon_top"
N_SAME = "indian_empress.n.same_top"
N_END = "indian_empress.n.end"
N_LAYOUT = "indian_empress.n.layout"
N_FIRST = "indian_empress.n.first_pair"

ARMY = tuple(f"army.{i}" for i in range(1, 25))
NAVY = tuple(f"navy.{i}" for i in range(1, 25))
GENERALS = tuple(f"general.{i}" for i in range(1, 9))
ADMIRALS = tuple(f"admiral.{i}" for i in range(1, 9))
GUARDS = tuple(f"guard.{i}" for i in range(1, 9))
FOUNDATIONS = GENERALS + ADMIRALS
TALON = {True: "talon.red", False: "talon.black"}
ROWS = {True: ARMY, False: NAVY}
COLOUR_OF = {**{p: True for p in ARMY}, **{p: False for p in NAVY}}
PLACES = ARMY + NAVY

QS, QC = 11, 3 * 13 + 11  # queen of spades, queen of clubs


def _next(c: int) -> int | None:
    """The face that follows ``c`` on its foundation (same suit), or None at the end."""
    r, s = RANK[c], SUIT[c]
    if RED[c]:  # Generals: K, Q, 10 … 2, A — the knave is left out (fn16.s1)
        if r == 1:
            return None
        nr = 10 if r == 12 else r - 1
    else:  # Admirals: A, 2 … 10, J, K — the queen is left out (fn16.s1)
        if r == 13:
            return None
        nr = 13 if r == 11 else r + 1
    return s * 13 + nr - 1


NEXT: tuple[int | None, ...] = tuple(_next(c) for c in range(52))
#: Key of a face when only colour and rank count (build = "colour").
CKEY: tuple[int, ...] = tuple(100 + RANK[c] + (13 if RED[c] else 0) for c in range(52))
#: Where each of the 32 cards taken out goes: "admiral", "general", "guard", "queen".
SPECIAL: tuple[str | None, ...] = tuple(
    ("general" if RANK[c] == 13 else "guard" if RANK[c] == 11 else None) if RED[c]
    else ("admiral" if RANK[c] == 1 else "queen" if RANK[c] == 12 else None)
    for c in range(52))
#: Whether a card is taken out of the pack before the deal (a look-up the lay-out reads at C speed).
IS_SPECIAL: tuple[bool, ...] = tuple(w is not None for w in SPECIAL)


C_TAKE = ("indian_empress.p1.s1",)
C_FOUND = ("indian_empress.p1.s1", "indian_empress.p4.s1", "indian_empress.r5.s1")
C_QUEEN = ("indian_empress.p1.s1", "indian_empress.p2.s1")
C_EMPRESS = ("indian_empress.p1.s1", "indian_empress.p2.s1", "indian_empress.p3.s1")
C_GUARD = ("indian_empress.p1.s1", "indian_empress.p3.s1")
C_DEAL = ("indian_empress.p5.s1", "indian_empress.p6.s1")
C_DEAL_TALON = ("indian_empress.p6.s1", "indian_empress.r4.s1")
C_PAIR = ("indian_empress.r1.s1", "indian_empress.p7.s1", "indian_empress.p7.s2", "indian_empress.p9.s1",
          "indian_empress.p4.s1", "indian_empress.fn16.s1")
C_COUPLE = ("indian_empress.p7.s2", "indian_empress.p8.s1", "indian_empress.p9.s1")
C_COUPLE_UP = ("indian_empress.r1.s1", "indian_empress.p7.s2", "indian_empress.p4.s1", "indian_empress.fn16.s1")
C_FILL_TALON = ("indian_empress.r2.s1", "indian_empress.p7.s3")
C_FILL_PACK = ("indian_empress.r2.s1", "indian_empress.p7.s3", "indian_empress.p9.s3")
C_FILL_TURN = ("indian_empress.r2.s1", "indian_empress.r4.s1", "indian_empress.p9.s3")
C_TURN = ("indian_empress.p9.s3", "indian_empress.p9.s2", "indian_empress.r4.s1", "indian_empress.r3.s1",
          "indian_empress.p10.s1")


class IndianEmpress(Game):
    id = GAME_ID
    title_ru = "Индийская императрица"
    title_en = "The Empress of India"
    source = "000_0c735b6135cd8448.txt"
    packs = 4
    VARS = ("phase",)
    OPTIONS = (
        Option("pairing", ("at_once", "couples"), "at_once",
               ("indian_empress.p7.s2", "indian_empress.p8.s1", "indian_empress.p7.s1", "indian_empress.r1.s1"),
               N_PAIRING,
               "at_once: a pair is a red Army card and a black Navy card that both fit, laid on their "
               "foundations at once; couples: any Army card may be laid on any Navy card (or the "
               "reverse), the couple stays on the table, never parted, until both its cards fit, and "
               "then goes up at once"),
        Option("build", ("suit", "colour"), "suit",
               ("indian_empress.r5.s1", "indian_empress.p4.s1", "indian_empress.p9.s2"), N_BUILD,
               "suit: each Admiral and General is built in its own suit (Cadogan's rule V, presupposed by "
               "«десятка треф», p9.s2); colour: any card of the foundation's colour and the next rank"),
    )

    phase: str  # "lay" (taking out the 32 cards), "deal" (the four rows), "play"
    _tmemo: dict[int, list[str]] | None = None  # :meth:`_targets` of the current position, if worked out

    # ---- set-up ----------------------------------------------------------------------------
    def _setup(self) -> None:
        self.phase = "lay"
        self._new_pile("stock", self._shuffled(), down=52 * self.packs)
        self._new_pile("aside")
        self._new_pile("empress")
        for name in GUARDS + GENERALS + ADMIRALS + ARMY + NAVY:
            self._new_pile(name)
        self._new_pile("talon.red")
        self._new_pile("talon.black")

    def _bind(self) -> None:
        p = self._p
        self._rows_c = [p[n].cards for n in ARMY + NAVY]
        self._found_c = [p[n].cards for n in FOUNDATIONS]

    @classmethod
    def from_position(cls, piles, /, *, turn=None, options=None, **state):
        """As :meth:`Game.from_position`; the phase defaults to ``"play"`` (the deal is over)."""
        state.setdefault("phase", "play")
        return super().from_position(piles, turn=turn, options=options, **state)

    # ---- move generation ---------------------------------------------------------------
    def _generate(self) -> list[Move]:
        if self.phase == "play":
            return self._generate_play()
        if not self._p["stock"].cards:
            return []  # only in constructed positions: the pack cannot run out before the rows are full
        lay = self._lay_move() if self.phase == "lay" else None
        return [lay or self._deal_move()]

    def _lay_move(self) -> Move | None:
        p = self._p
        stock = p["stock"].cards
        for c in compress(reversed(stock), map(IS_SPECIAL.__getitem__, reversed(stock))):
            what = SPECIAL[c]
            if what == "admiral":
                dst = next(n for n in ADMIRALS if not p[n].cards)
                cites: tuple[str, ...] = C_FOUND
            elif what == "general":
                dst = next(n for n in GENERALS if not p[n].cards)
                cites = C_FOUND
            elif what == "guard":
                dst = next(n for n in GUARDS if not p[n].cards)
                cites = C_GUARD
            elif c == QC and p["aside"].cards.count(QC) == 3:
                dst, cites = "empress", C_EMPRESS
            else:
                dst, cites = "aside", C_QUEEN
            return made_once("lay", ((c, "stock", dst),), cites=cites, notes=(N_TAKE_OUT,), forced=True)
        return None  # only in constructed positions: the phase changes when the last one is out

    def _deal_move(self) -> Move:
        p = self._p
        c = p["stock"].cards[-1]
        red = RED[c]
        for name in ROWS[red]:
            if not p[name].cards:
                return made_once("deal", ((c, "stock", name),), cites=C_DEAL, notes=(N_DEAL,), forced=True)
        return made_once("deal", ((c, "stock", TALON[red]),), cites=C_DEAL_TALON, notes=(N_DEAL,), forced=True)

    def _fill_move(self) -> Move | None:
        """The compulsory refill of the first vacancy that can be refilled, if any."""
        if all(self._rows_c):
            return None  # no place is vacant
        p = self._p
        stock = p["stock"].cards
        if not (stock or p["talon.red"].cards or p["talon.black"].cards):
            return None  # nothing is left to refill a place with
        vacant = [n for n, cs in zip(ARMY + NAVY, self._rows_c) if not cs]
        for v in vacant:
            red = COLOUR_OF[v]
            talon = p[TALON[red]].cards
            if talon:
                return made_once("fill", ((talon[-1], TALON[red], v),), cites=C_FILL_TALON, notes=(N_FILL,),
                                 forced=True)
            if stock:
                c = stock[-1]
                if RED[c] == red:
                    return made_once("fill", ((c, "stock", v),), cites=C_FILL_PACK, notes=(N_FILL,), forced=True)
                if not p[TALON[RED[c]]].cards:
                    for w in vacant:
                        if COLOUR_OF[w] == RED[c]:
                            return made_once("fill", ((c, "stock", w),), cites=C_FILL_PACK, notes=(N_FILL,),
                                             forced=True)
                return made_once("turn", ((c, "stock", TALON[RED[c]]),), cites=C_FILL_TURN, notes=(N_FILL,),
                                 forced=True)
        return None

    def _targets(self) -> dict[int, list[str]]:
        """Face (or colour-rank key) -> the foundations it may go on, one per distinct top card
        (kept until the position changes; not to be altered)."""
        if self._tmemo is not None:
            return self._tmemo
        p = self._p
        by_suit = self.options["build"] == "suit"
        acc: dict[int, list[str]] = {}
        tops: set[int] = set()
        for name in FOUNDATIONS:
            cards = p[name].cards
            if not cards:
                continue
            top = cards[-1]
            if top in tops:
                continue
            tops.add(top)
            n = NEXT[top]
            if n is None:
                continue
            key = n if by_suit else CKEY[n]
            if RED[n] != (name in GENERALS):
                continue
            acc.setdefault(key, []).append(name)
        self._tmemo = acc
        return acc

    def _generate_play(self) -> list[Move]:
        fill = self._fill_move()
        if fill is not None:
            return [fill]
        p = self._p
        targets = self._targets()
        by_suit = self.options["build"] == "suit"
        couples = self.options["pairing"] == "couples"
        moves: list[Move] = []
        if couples:
            moves = self._couples_up(targets, by_suit)
            if moves:
                return moves
        reds: list[tuple[int, str, list[str]]] = []
        blacks: list[tuple[int, str, list[str]]] = []
        for name in ARMY:
            cards = p[name].cards
            if len(cards) == 1:
                c = cards[0]
                t = targets.get(c if by_suit else CKEY[c])
                if t:
                    reds.append((c, name, t))
        for name in NAVY:
            cards = p[name].cards
            if len(cards) == 1:
                c = cards[0]
                t = targets.get(c if by_suit else CKEY[c])
                if t:
                    blacks.append((c, name, t))
        notes = (N_PAIRING, N_BUILD, N_FIRST, N_SAME)
        for b, bs, bt in blacks:
            for r, rs, rt in reds:
                for bf in bt:
                    for rf in rt:
                        moves.append(Move("pair", ((b, bs, bf), (r, rs, rf)), cites=C_PAIR, notes=notes))
        if couples:
            moves.extend(self._couple_moves(targets, by_suit))
        stock = p["stock"].cards
        if stock:
            c = stock[-1]
            moves.append(made_once("turn", ((c, "stock", TALON[RED[c]]),), cites=C_TURN, notes=(N_TURN, N_TALON)))
        return moves

    def _couples_up(self, targets: dict[int, list[str]], by_suit: bool) -> list[Move]:
        """Couples whose two cards both fit: they go up together, at once (compulsory)."""
        p = self._p
        get = targets.get
        moves = []
        for name in PLACES:
            cards = p[name].cards
            if len(cards) != 2:
                continue
            low, top = cards
            lt = get(low if by_suit else CKEY[low])
            tt = get(top if by_suit else CKEY[top]) if lt else None
            if lt and tt:
                for tf in tt:
                    for lf in lt:
                        moves.append(Move("found", ((top, name, tf), (low, name, lf)), cites=C_COUPLE_UP,
                                          notes=(N_PAIRING, N_BUILD, N_SAME), forced=True))
        return moves

    def _couple_fits(self, targets: dict[int, list[str]], by_suit: bool) -> bool:
        """Whether some couple's two cards both fit (:meth:`_couples_up` has a move)."""
        p = self._p
        for name in PLACES:
            cards = p[name].cards
            if len(cards) == 2:
                low, top = cards
                if not by_suit:
                    low, top = CKEY[low], CKEY[top]
                if low in targets and top in targets:
                    return True
        return False

    def _couple_moves(self, targets: dict[int, list[str]], by_suit: bool) -> list[Move]:
        """Lay any single Army card on any single Navy card, or the reverse (couples reading)."""
        p = self._p
        army = [(n, p[n].cards[0]) for n in ARMY if len(p[n].cards) == 1]
        navy = [(n, p[n].cards[0]) for n in NAVY if len(p[n].cards) == 1]
        fits = {n: (c if by_suit else CKEY[c]) in targets for n, c in army + navy}
        moves = []
        for an, a in army:
            fa = fits[an]
            for nn, b in navy:
                if fa and fits[nn]:
                    continue  # both fit: that is a pair played at once, not a couple
                moves.append(_couple(a, an, nn))
                moves.append(_couple(b, nn, an))
        return moves

    # ---- applying ----------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        self._tmemo = None
        p = self._p
        kind = move.kind
        if kind == "lay":
            c, _, dst = move.steps[0]
            stock = p["stock"]
            cards = stock.cards
            del cards[len(cards) - 1 - cards[::-1].index(c)]  # the uppermost one
            stock.down = min(stock.down, len(cards))
            p[dst].cards.append(c)
            if not any(map(IS_SPECIAL.__getitem__, cards)):
                self.phase = "deal"
            return
        for step in move.steps:
            self._transfer(*step)
        if kind == "deal":
            self.phase = "play" if self._rows_full() or not p["stock"].cards else "deal"

    def _restore(self, snap: tuple) -> None:
        self._tmemo = None
        super()._restore(snap)

    def _rows_full(self) -> bool:
        return all(self._rows_c)

    # ---- end ---------------------------------------------------------------------------
    def _won(self) -> bool:
        return all(map((12).__eq__, map(len, self._found_c)))

    def _ended(self) -> bool:
        """Nothing can ever go up again (note indian_empress.n.end).

        Pairing reading ``at_once``: no pair lies in the Army and Navy and no vacancy waits: the
        table can then never change again (only a pair opens a vacancy), so going through the rest
        of the pack onto the talon packets (p9.s3) could bring nothing in. Reading ``couples``: the
        pack and both talon packets are exhausted and neither a pair nor a couple can go up.
        """
        if self.phase != "play":
            return False
        p = self._p
        couples = self.options["pairing"] == "couples"
        if couples and (p["stock"].cards or p["talon.red"].cards or p["talon.black"].cards):
            return False
        if self._fill_move() is not None:
            return False
        targets = self._targets()
        by_suit = self.options["build"] == "suit"
        if couples and self._couple_fits(targets, by_suit):
            return False
        red = black = False
        for name in ARMY:
            cards = p[name].cards
            if len(cards) == 1 and (cards[0] if by_suit else CKEY[cards[0]]) in targets:
                red = True
                break
        if red:
            for name in NAVY:
                cards = p[name].cards
                if len(cards) == 1 and (cards[0] if by_suit else CKEY[cards[0]]) in targets:
                    black = True
                    break
        return not (red and black)

    def progress(self) -> int:
        """Cards on the foundations and out of play (the 16 foundation cards, Empress, guard, queens)."""
        p = self._p
        return sum(len(p[n].cards) for n in FOUNDATIONS + GUARDS) + len(p["empress"].cards) + len(p["aside"].cards)

    def info(self) -> dict:
        p = self._p
        return {**super().info(), "phase": self.phase, "pack": len(p["stock"].cards),
                "talon_red": len(p["talon.red"].cards), "talon_black": len(p["talon.black"].cards),
                "on_foundations": sum(max(0, len(p[n].cards) - 1) for n in FOUNDATIONS)}  # above the bases



    # ---- explanations ------------------------------------------------------------------
    def _why_not(self, move: Move) -> str | None:
        p = self._p
        if self.phase != "play":
            return ("the 32 cards are taken out first, and the four rows are laid out before any play "
                    "(indian_empress.p1.s1, indian_empress.p6.s1, indian_empress.p7.s1)")
        if self._fill_move() is not None and move.kind != "fill":
            return "a vacancy in the Army or the Navy must first be refilled (rule II, indian_empress.r2.s1)"
        srcs = [s for _, s, _ in move.steps]
        dsts = [d for _, _, d in move.steps]
        if any(s in ("stock", "talon.red", "talon.black") for s in srcs) and any(d in FOUNDATIONS for d in dsts):
            return ("cards from the pack or the talon cannot be played at once but must first pass through "
                    "the Army or the Navy (rule III, indian_empress.r3.s1)")
        if any(d in FOUNDATIONS for d in dsts):
            # the card's own fit first: that is the obstacle a reader can see (then the pairing)
            for c, _, d in move.steps:
                if d in FOUNDATIONS:
                    if RED[c] != (d in GENERALS):
                        return "red cards go on the Generals, black ones on the Admirals (indian_empress.p4.s1)"
                    top = p[d].top
                    after = None if top is None else NEXT[top]
                    ok = after is not None and (
                        after == c if self.options["build"] == "suit" else CKEY[after] == CKEY[c])
                    if not ok:
                        nxt = "nothing" if after is None else str(CARDS[after])
                        return (f"{CARDS[c]} does not follow {CARDS[top] if top is not None else 'nothing'} "
                                f"on {self.pile_label(d)} (it takes {nxt}; indian_empress.p4.s1, "
                                "indian_empress.fn16.s1)")
            if len(move.steps) != 2 or {RED[c] for c, _, _ in move.steps} != {True, False}:
                return ("no card goes on a foundation unless a card of the other colour goes on another at "
                        "the same time (rule I, indian_empress.r1.s1)")
            for _c, _s, d in move.steps:
                if d in FOUNDATIONS:
                    top = p[d].top
                    if any(p[f].top == top for f in FOUNDATIONS[:FOUNDATIONS.index(d)]):
                        return ("an earlier foundation shows the same card and the two are interchangeable: "
                                "the edition lays it on the first of them")
        if move.kind == "pair" and len(move.steps) == 1:
            if self.options["pairing"] != "couples":
                return ("paired cards go at once onto their foundations (indian_empress.p7.s2); laying a "
                        "card on another to wait there is the couples reading (option pairing='couples')")
            c, s, d = move.steps[0]
            if len(p[d].cards) != 1 or len(p[s].cards) != 1:
                return "each card can be paired only once (indian_empress.p8.s1)"
            if COLOUR_OF.get(s) == COLOUR_OF.get(d):
                return "an Army card is laid on a Navy card, or a Navy card on an Army card (indian_empress.p7.s2)"
        if move.kind == "turn" and not p["stock"].cards:
            return "the pack is gone through once only (indian_empress.p9.s3, indian_empress.p10.s1)"
        return None

    # ---- the table ---------------------------------------------------------------------
    def layout(self) -> Layout:
        step = 1.15
        x0 = 0.2
        spots: list[Spot] = []
        # The Empress in the middle of her guard of eight knaves (top line).
        line = list(GUARDS[:4]) + ["empress"] + list(GUARDS[4:])
        for i, name in enumerate(line):
            x = round(x0 + step * (1.5 + i), 2)
            if name == "empress":
                spots.append(Spot(name, x, 0.2, "aside", "the Empress (queen of clubs)",
                                  "императрица (дама треф)", group="empress"))
            else:
                k = GUARDS.index(name) + 1
                spots.append(Spot(name, x, 0.2, "aside", f"guard {k} (red knave)", f"гвардеец {k} (красный валет)",
                                  group="empress"))
        for i, name in enumerate(GENERALS):
            spots.append(Spot(name, round(x0 + step * (2 + i), 2), 1.9, "foundation",
                              f"General {i + 1}", f"генерал {i + 1}", group="generals"))
        for row in range(2):
            for col in range(12):
                k = row * 12 + col
                spots.append(Spot(ARMY[k], round(x0 + step * col, 2), round(3.6 + 1.7 * row, 2), "tableau",
                                  f"the Army, place {k + 1}", f"армия, место {k + 1}", fan="down", group="army"))
        for row in range(2):
            for col in range(12):
                k = row * 12 + col
                spots.append(Spot(NAVY[k], round(x0 + step * col, 2), round(7.2 + 1.7 * row, 2), "tableau",
                                  f"the Navy, place {k + 1}", f"флот, место {k + 1}", fan="down", group="navy"))
        for i, name in enumerate(ADMIRALS):
            spots.append(Spot(name, round(x0 + step * (2 + i), 2), 10.8, "foundation",
                              f"Admiral {i + 1}", f"адмирал {i + 1}", group="admirals"))
        spots.append(Spot("aside", 14.6, 0.2, "discard", "the queens thrown aside", "отброшенные дамы"))
        spots.append(Spot("stock", 14.6, 1.9, "stock", "the pack", "колода"))
        spots.append(Spot("talon.red", 14.6, 4.45, "talon", "the red talon packet", "красная пачка талона",
                          group="talon"))
        spots.append(Spot("talon.black", 14.6, 8.05, "talon", "the black talon packet", "черная пачка талона",
                          group="talon"))
        return Layout(
            16.0, 12.4, tuple(spots),
            "Reconstruction (the drawing the text refers to is lost): the Empress and her guard of eight "
            "knaves; the eight Generals above the Army (two rows of twelve red cards), the Navy (two rows "
            "of twelve black cards) above the eight Admirals; the two talon packets and the pack at the right",
            "Реконструкция (рисунок, на который ссылается текст, утрачен): императрица с гвардией из восьми "
            "валетов; восемь генералов над армией (два ряда по двенадцать красных карт), флот (два ряда по "
            "двенадцать черных карт) над восемью адмиралами; справа две пачки талона и колода",
            {"empress": ("the Empress and her guard", "императрица и гвардия"),
             "generals": ("the Generals (red kings, down to the aces)", "генералы (красные короли, вниз до тузов)"),
             "army": ("the Army", "армия"), "navy": ("the Navy", "флот"),
             "admirals": ("the Admirals (black aces, up to the kings)", "адмиралы (черные тузы, вверх до королей)"),
             "talon": ("the talon", "талон")})


def _couple(card: int, src: str, dst: str) -> Move:
    """The move laying ``card`` from ``src`` on the card of ``dst``, made once (:func:`made_once`)."""
    return made_once("pair", ((card, src, dst),), cites=C_COUPLE, notes=(N_PAIRING,))


GAME = IndianEmpress
