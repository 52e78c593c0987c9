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
note indian_empress.n.build). A player who pairs only when the top of a talon packet would come in
useful (p9.s2's advice) wins 21% of deals 1–1000 under the defaults (52% by colour), one who pairs
whenever he can 0.7% (19%); under couples the first wins 61% (84%) of deals 1–300.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import cache, lru_cache

from ..cards import CARDS, RANK, RED, SUIT
from ..game import Game, Option
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

#: Each colour's sequence above its base: the Generals descend, the Admirals ascend (fn16.s1).
CHAIN_RANKS = {True: (12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), False: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13)}
#: A card's place in its colour's sequence (0 for the first card above the base), None if it has none.
CHAIN_POS: tuple[int | None, ...] = tuple(
    CHAIN_RANKS[RED[c]].index(RANK[c]) if RANK[c] in CHAIN_RANKS[RED[c]] else None for c in range(52))
#: The face index of a card within its colour (22 faces), by suit or (``build="colour"``) by rank only.
FACE_SUIT: tuple[int | None, ...] = tuple(
    None if CHAIN_POS[c] is None else (SUIT[c] >= 2) * 11 + CHAIN_POS[c] for c in range(52))
FACE_COLOUR: tuple[int | None, ...] = CHAIN_POS
#: The same, with 22 (a face of no sequence) for None, for lookups in tables of 23.
FACE_AT: tuple[int, ...] = tuple(22 if f is None else f for f in FACE_SUIT)
FACE_AT_COLOUR: tuple[int, ...] = tuple(22 if f is None else f for f in FACE_COLOUR)


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
    _memo: tuple | None = None  # :meth:`_sides` of the current position, if worked out
    _tmemo: dict[int, list[str]] | None = None  # :meth:`_targets` of the current position, if worked out
    _cmemo: tuple | None = None  # (:meth:`_couples_cards`,) of the current position, if worked out
    _pairs: tuple[tuple, dict, dict] | None = None  # relaxed games worked out by :meth:`_relaxed_lost`

    def clone(self) -> "IndianEmpress":
        """As :meth:`Game.clone`; the copy works out its relaxed games afresh (so a search's
        verdicts never depend on questions asked before it)."""
        other = super().clone()
        other._pairs = None
        return other

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

    @classmethod
    def from_position(cls, piles, *, turn=None, options=None, **state):
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
        for i in range(len(stock) - 1, -1, -1):
            c = stock[i]
            what = SPECIAL[c]
            if what is None:
                continue
            if what == "admiral":
                dst = next(n for n in ADMIRALS if not p[n].cards)
                cites = C_FOUND
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
            return Move("lay", ((c, "stock", dst),), cites=cites, notes=(N_TAKE_OUT,), forced=True)
        return None  # only in constructed positions: the phase changes when the last one is out

    def _deal_move(self) -> Move:
        p = self._p
        c = p["stock"].cards[-1]
        red = RED[c]
        for name in ROWS[red]:
            if not p[name].cards:
                return Move("deal", ((c, "stock", name),), cites=C_DEAL, notes=(N_DEAL,), forced=True)
        return Move("deal", ((c, "stock", TALON[red]),), cites=C_DEAL_TALON, notes=(N_DEAL,), forced=True)

    def _fill_move(self) -> Move | None:
        """The compulsory refill of the first vacancy that can be refilled, if any."""
        p = self._p
        stock = p["stock"].cards
        if not (stock or p["talon.red"].cards or p["talon.black"].cards):
            return None  # nothing is left to refill a place with
        vacant = [n for n in ARMY if not p[n].cards] + [n for n in NAVY if not p[n].cards]
        for v in vacant:
            red = COLOUR_OF[v]
            talon = p[TALON[red]].cards
            if talon:
                return Move("fill", ((talon[-1], TALON[red], v),), cites=C_FILL_TALON, notes=(N_FILL,),
                            forced=True)
            if stock:
                c = stock[-1]
                if RED[c] == red:
                    return Move("fill", ((c, "stock", v),), cites=C_FILL_PACK, notes=(N_FILL,), forced=True)
                if not p[TALON[RED[c]]].cards:
                    for w in vacant:
                        if COLOUR_OF[w] == RED[c]:
                            return Move("fill", ((c, "stock", w),), cites=C_FILL_PACK, notes=(N_FILL,),
                                        forced=True)
                return Move("turn", ((c, "stock", TALON[RED[c]]),), cites=C_FILL_TURN, notes=(N_FILL,),
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
            moves.append(Move("turn", ((c, "stock", TALON[RED[c]]),), cites=C_TURN, notes=(N_TURN, N_TALON)))
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
            tt = lt and get(top if by_suit else CKEY[top])
            if tt:
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
        self._memo = self._tmemo = self._cmemo = None
        p = self._p
        kind = move.kind
        if kind == "lay":
            c, _, dst = move.steps[0]
            stock = p["stock"]
            cards = stock.cards
            for i in range(len(cards) - 1, -1, -1):
                if cards[i] == c:
                    del cards[i]
                    break
            stock.down = min(stock.down, len(cards))
            p[dst].cards.append(c)
            if not any(SPECIAL[x] for x in cards):
                self.phase = "deal"
            return
        for c, src, dst in move.steps:
            s = p[src]
            s.cards.pop()
            if s.down > len(s.cards):
                s.down = len(s.cards)
            p[dst].cards.append(c)
        if kind == "deal":
            self.phase = "play" if self._rows_full() or not p["stock"].cards else "deal"

    def _restore(self, snap: tuple) -> None:
        self._memo = self._tmemo = self._cmemo = None
        super()._restore(snap)

    def _rows_full(self) -> bool:
        p = self._p
        return all(p[n].cards for n in ARMY) and all(p[n].cards for n in NAVY)

    # ---- end ---------------------------------------------------------------------------
    def _won(self) -> bool:
        p = self._p
        return all(len(p[n].cards) == 12 for n in FOUNDATIONS)

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

    # ---- solver hooks --------------------------------------------------------------------
    def canonical_key(self) -> tuple:
        """The position with its symmetries folded (during play; the set-up is one forced line).

        Under ``build="colour"`` a card's suit never decides anything in play (fits, refills and
        the goal look at colour and rank only), so cards are keyed by colour and rank. The Empress,
        her guard and the queens thrown aside never move again and are left out. The pack and the
        talon packets are kept as they lie. Under ``pairing="at_once"`` the rest is folded to what
        :meth:`_side` counts: per colour, the cards that have come in (row and foundations) by
        face, and how many have gone up; which of them went up does not matter (see
        :meth:`solver_moves`). Under ``couples`` the places of a row are interchangeable (a
        vacancy is refilled the same whichever place it is): each row is a sorted multiset, each
        colour's foundations a multiset of (height, top); once the pack and talon are through,
        see :meth:`_endgame_rows`.
        """
        if self.phase != "play":
            return self._snapshot()
        p = self._p
        by_suit = self.options["build"] == "suit"
        face = _same if by_suit else _colour_rank
        piles = (face(p["stock"].cards), face(p["talon.red"].cards), face(p["talon.black"].cards))
        if self.options["pairing"] == "at_once":
            red, black = self._sides()
            return piles + red[0] + black[0]
        founds = (tuple(sorted([_found_key(p[n].cards, face) for n in GENERALS])),
                  tuple(sorted([_found_key(p[n].cards, face) for n in ADMIRALS])))
        if self._drawn():
            return piles + self._endgame_rows(face) + founds
        return piles + (tuple(sorted([face(p[n].cards) for n in ARMY])),
                        tuple(sorted([face(p[n].cards) for n in NAVY])), *founds)

    def _drawn(self) -> bool:
        """The pack and both talon packets are exhausted: no place is ever refilled again."""
        p = self._p
        return not (p["stock"].cards or p["talon.red"].cards or p["talon.black"].cards)

    def _endgame_rows(self, face: Callable[[list[int]], tuple[int, ...]]) -> tuple:
        """Under ``couples`` once :meth:`_drawn`: the single cards of each row and the couples,
        each as (red, black) wherever it lies.

        With nothing left to refill a place, which place or row holds a couple, and which of its
        cards lies on top, never matters again: couples are laid from single cards of both rows
        alike and go up both at once, and an empty place stays empty.
        """
        p = self._p
        key = None if face is _same else CKEY
        reds: list[int] = []
        blacks: list[int] = []
        couples = []
        for n in PLACES:
            cards = p[n].cards
            k = len(cards)
            if k == 1:
                c = cards[0]
                (reds if RED[c] else blacks).append(c if key is None else key[c])
            elif k == 2:
                a, b = cards
                if not RED[a]:
                    a, b = b, a
                couples.append((a, b) if key is None else (key[a], key[b]))
        return tuple(sorted(reds)), tuple(sorted(blacks)), tuple(sorted(couples))

    def _sides(self) -> tuple[tuple, tuple]:
        """:meth:`_side` of the red and the black colour, kept until the position changes."""
        if self._memo is None:
            by_suit = self.options["build"] == "suit"
            self._memo = (self._side(True, by_suit), self._side(False, by_suit))
        return self._memo

    def _side(self, red: bool, by_suit: bool) -> tuple[tuple, list[int], list[int], list[int]]:
        """One colour under ``pairing="at_once"``: (key, foundations per sequence, up, in the row).

        ``up[f]`` and ``row[f]`` count the cards of face f (:data:`FACE_SUIT`, or by rank only,
        :data:`FACE_COLOUR`) on the foundations and in the row; ``row[22]`` counts row cards that
        belong to no sequence (only in constructed positions). The key holds, per face, the cards
        come in (``up + row``), the foundations of each sequence and how many cards went up.
        """
        p = self._p
        base, up = self._heights(red, by_suit)
        face = FACE_AT if by_suit else FACE_AT_COLOUR
        row = [0] * 23
        for name in ROWS[red]:
            for c in p[name].cards:
                row[face[c]] += 1
        come = tuple([u + r for u, r in zip(up, row)]) + (row[22], base[0], base[1], sum(up))
        return come, base, up, row

    def _heights(self, red: bool, by_suit: bool) -> tuple[list[int], list[int]]:
        """One colour's foundations per sequence and, per face, the copies of it up."""
        p = self._p
        base = [0, 0]
        up = [0] * 22
        for name in (GENERALS if red else ADMIRALS):
            cards = p[name].cards
            if cards:
                ch = 11 if by_suit and SUIT[cards[0]] >= 2 else 0
                base[ch > 0] += 1
                for k in range(ch, ch + len(cards) - 1):
                    up[k] += 1
        return base, up

    def safe_move(self, moves: list[Move]) -> Move | None:
        """When the pack is through (no turn is left), any pair: all pairs are equally good.

        Under ``pairing="at_once"`` which fitting red card and which fitting black card go up
        does not matter (see :meth:`solver_moves`), so with pairs alone to choose from the first
        one is as good as any.
        """
        if self.options["pairing"] != "at_once" or any(m.kind != "pair" for m in moves):
            return None
        return moves[0]

    def solver_moves(self, moves: list[Move]) -> list[Move]:
        """One pair (the first) and the turn, under ``pairing="at_once"``; under ``couples`` see
        :meth:`_couples_order`.

        Proof that one pair stands for all: which cards come into the Army and the Navy, and
        when, depends only on the sequence of events (pair, turn), never on which cards went up:
        a refill takes the top of the talon of its colour, or the pack, whatever left the place.
        Within one colour the j-th copy of a face can go up once j copies have come in and the
        foundations of its suit (its colour, by colour) hold j copies of the face before it; both
        only grow, so a card that fits keeps fitting until it (or a twin) goes up. Replace, in a
        winning line, the card x that goes up at the first pair by another fitting card y of the
        same colour: copy the line, and whenever it plays a card that does not fit (y is already
        up, or its card needs x) play the one missing card instead, which fits; the two sets of
        cards up then differ by one swap at most and are equal once the line has played x. Every
        turn stays legal (a pair still lies on the table) and the last pair completes the same
        foundations. So the first pair is as good as any, and each colour may be swapped alone.
        More generally, two positions with the same cards come in and as many gone up are equally
        winnable (the key folds them): copying a winning line, play its card when it fits, else
        a lowest card of those the line has up and we have not (every card before it is up with
        us, so it fits); both sets of cards up keep one size, and the line ends with all up.
        """
        if self.options["pairing"] != "at_once":
            return self._couples_order(moves) if len(moves) > 1 else moves
        pair = next((m for m in moves if m.kind == "pair"), None)
        rest = [m for m in moves if m.kind != "pair"]
        return ([pair] if pair is not None else []) + rest

    def _couples_order(self, moves: list[Move]) -> list[Move]:
        """Under ``couples``: every move of a distinct outcome, the likeliest to win first.

        Moves that lay the same faces from the same row, or pair the same faces onto tops of the
        same face, lead to positions of the same key (rows and foundations are keyed as
        multisets of faces; once the pack and talon are through, the two ways of laying one
        couple too), so one of each stands for all. Nothing else is dropped; the order
        (p9.s2's advice): a pair when a place it frees is refilled by a card that fits; a couple
        whose freed place is so refilled, for a row with no single card that fits; the turn; any
        other pair; the other couples. Couples binding no card that fits now and whose two cards
        lie nearest above a foundation, and level with each other, come first.
        """
        p = self._p
        by_suit = self.options["build"] == "suit"
        face = FACE_AT if by_suit else FACE_AT_COLOUR
        gap = self._gaps(by_suit)
        stock = p["stock"].cards
        drawn = self._drawn()  # then a couple is the same whichever card lies on top (see canonical_key)
        single: dict[str, tuple[int, int]] = {}  # a row's single card: (its key, its gap)
        useful: dict[bool, bool] = {}  # a place freed in the row is refilled by a card that fits
        wanted: dict[bool, bool] = {}  # ... and no single card of the row fits
        for red in (True, False):
            g = gap[red]
            fits = False
            for n in ROWS[red]:
                cards = p[n].cards
                if len(cards) == 1:
                    c = cards[0]
                    k = g[face[c]]
                    single[n] = (c if by_suit else CKEY[c], k)
                    fits = fits or k == 0
            talon = p[TALON[red]].cards
            new = talon[-1] if talon else stock[-1] if stock and RED[stock[-1]] == red else None
            useful[red] = new is not None and g[face[new]] == 0
            wanted[red] = useful[red] and not fits
        pair_rank = (1,) if useful[True] or useful[False] else (2.5,)
        ranked: dict[tuple, tuple[tuple, int, Move]] = {}
        for i, m in enumerate(moves):
            steps = m.steps
            if len(steps) == 1 and m.kind == "pair":
                _, src, dst = steps[0]
                (fa, a), (fb, b) = single[src], single[dst]
                shape = (True, fb, fa) if drawn and not COLOUR_OF[src] else (COLOUR_OF[src], fa, fb)
                if shape not in ranked:
                    rank = (1.5 if wanted[shape[0]] else 3, (a == 0) + (b == 0), a if a > b else b, abs(a - b))
                    ranked[shape] = (rank, i, m)
            elif m.kind == "turn":
                ranked[("turn",)] = ((2,), i, m)
            else:
                shape = tuple((c, p[d].cards[-1]) if by_suit else (CKEY[c], CKEY[p[d].cards[-1]])
                              for c, _, d in m.steps)
                ranked.setdefault((m.kind, shape), ((0,) if m.kind == "found" else pair_rank, i, m))
        return [m for _, _, m in sorted(ranked.values(), key=lambda t: t[:2])]

    def _gaps(self, by_suit: bool) -> dict[bool, list[int]]:
        """Per colour and face, how many faces a copy lies above the nearest foundation below it
        (0: it fits now; 99: no foundation of its sequence is below it)."""
        p = self._p
        gaps: dict[bool, list[int]] = {}
        for red in (True, False):
            heights: list[list[int]] = [[], []]
            for name in (GENERALS if red else ADMIRALS):
                cards = p[name].cards
                if cards:
                    heights[by_suit and SUIT[cards[0]] >= 2].append(len(cards) - 1)
            g = [99] * 23
            for ch in (0, 1):
                for h in heights[ch]:
                    for pos in range(h, 11):
                        if pos - h < g[ch * 11 + pos]:
                            g[ch * 11 + pos] = pos - h
            gaps[red] = g
        return gaps

    def hopeless(self) -> bool:
        """Some colour's row must take in more cards that cannot go up yet than it has places
        (``pairing="at_once"``; under ``couples`` see :meth:`_couples_stuck` and
        :meth:`_lockstep_stuck`).

        Under ``pairing="at_once"`` a place holds one card and a card goes up only from the rows.
        Take a card t of a talon packet: before t comes in, the cards above it (and any turned on
        them later) come into the row of its colour, one per place freed, and its other places
        stay filled, so when t comes in the row holds, besides the place t takes, every card
        of the row and above t that cannot have gone up by then: at most 23. A copy of face f
        cannot go up before t when the foundations of its sequence would need more copies of f
        (or of a face before f) than lie outside the cards from t down: if d copies of some face
        up to f lie from t down, at most B - d copies of f are ever up before t comes (B: the
        foundations of the sequence, and the copies of a face in a deal), of which ``up`` already
        are. Copies beyond B in a constructed position are taken off d, copies missing added.
        That count takes the pack as free; :meth:`_can_come_in` charges each card turned onto t
        and asks the other colour to keep pace, for the talon card nearest to a jam and the last.
        """
        if self.phase != "play":
            return False
        if self.options["pairing"] == "couples":
            state = self._relaxed_state()
            return state is not None and self._relaxed_lost(state)
        return self._row_jammed(True) or self._row_jammed(False)

    def _couples_stuck(self, state: tuple) -> bool:
        """Under ``couples``: some couple of the relaxed ``state`` can never go up.

        Per sequence, ``up[f]`` copies of face f are up and never more than of the face before
        it (``base``, the foundations, before the first face); a card of face f fits when more
        copies of the face before are up than of f. A single card, or one still in the pack or
        talon, may go up whenever it fits; a couple only when both its cards fit. Release the
        couples whose two cards might fit given the cards already released (:func:`_release`):
        in a winning line every card that goes up was released before (by induction on the
        line: copies up never exceed the released ones, face by face), so a couple never
        released is lost (the game is won only with every card up: each face has one copy per
        foundation of its sequence, as in every deal). This catches rings of couples, each
        waiting for a card bound in the next, when every copy of the faces they wait for is in
        the ring.
        """
        return bool(state[4]) and bool(_release(*_unpack(state, self._pairs[0])))

    def _couples_cards(self) -> tuple[dict, dict, dict, list[tuple[int, int]]] | None:
        """Under ``couples``, per colour: the foundations per sequence, the copies of each face
        up, the single cards by face (the pack and talon counted as single); and the couples as
        (red face, black face). None for a constructed position without every copy of each face
        once per foundation of its sequence (as in every deal). Kept until the position
        changes; not to be altered."""
        if self._cmemo is None:
            self._cmemo = (self._couples_count(),)
        return self._cmemo[0]

    def _couples_count(self) -> tuple[dict, dict, dict, list[tuple[int, int]]] | None:
        """:meth:`_couples_cards`, worked out."""
        p = self._p
        by_suit = self.options["build"] == "suit"
        face = FACE_SUIT if by_suit else FACE_COLOUR
        (rbase, rup), (bbase, bup) = self._heights(True, by_suit), self._heights(False, by_suit)
        base = {True: rbase, False: bbase}
        up = {True: rup, False: bup}
        free = {True: [0] * 22, False: [0] * 22}
        couples: list[tuple[int, int]] = []
        for c in p["stock"].cards + p["talon.red"].cards + p["talon.black"].cards:
            f = face[c]
            if f is None:
                return None
            free[RED[c]][f] += 1
        for n in PLACES:
            cards = p[n].cards
            k = len(cards)
            if k == 1:
                c = cards[0]
                f = face[c]
                if f is None:
                    return None
                free[RED[c]][f] += 1
            elif k == 2:
                r, b = cards
                if not RED[r]:
                    r, b = b, r
                fr, fb = face[r], face[b]
                if fr is None or fb is None:
                    return None
                couples.append((fr, fb))
            elif k and any(face[c] is None for c in cards):
                return None
        copies = {red: [u + c for u, c in zip(up[red], free[red])] for red in (True, False)}
        for fr, fb in couples:
            copies[True][fr] += 1
            copies[False][fb] += 1
        if any(copies[red] != [base[red][0]] * 11 + [base[red][1]] * 11 for red in (True, False)):
            return None
        return base, up, free, couples

    def _lockstep_stuck(self, state: tuple) -> bool:
        """Under ``couples``: even with every card of the pack and talon at hand, the cards
        of the relaxed ``state`` cannot all go up in pairs (:func:`_pairs_win`, within
        :data:`END_NODES` positions).

        Every card goes up with one of the other colour at the same moment: two single cards
        that fit, or a couple both of whose cards fit. Relax the game: the pack and talon cards
        are single cards from now on, no couple is laid, a couple that fits need not go up at
        once. A winning line is still one there: drop its refills, turns and couples laid, and
        lift the couples it laid as pairs of single cards, when it lifts them (both fit). So
        if the relaxed game is lost, so is the position. The relaxed game is
        :meth:`_couples_cards`: the foundations, the single cards by face and the couples.
        """
        seqs, seen, _ = self._pairs
        won = _pairs_win(state, seqs, seen, [END_NODES])
        if won is None:
            seen[state] = None  # not asked again
        return won is False

    def _relaxed_state(self) -> tuple | None:
        """Under ``couples``: :meth:`_couples_cards` packed as a state of :func:`_pairs_win`
        (None for a constructed position it refuses); sets up the tables of :meth:`_relaxed_lost`."""
        cards = self._couples_cards()
        if cards is None:
            return None
        base, up, free, couples = cards
        chains = (0, 11) if self.options["build"] == "suit" else (0,)
        seqs = (tuple(base[True]), tuple(base[False]), chains)
        if self._pairs is None or self._pairs[0] != seqs or len(self._pairs[1]) > 1_000_000:
            self._pairs = (seqs, {}, {})
        return (_pack(up[True]), _pack(up[False]), _pack(free[True]), _pack(free[False]),
                bytes([f for rb in sorted(couples) for f in rb]))

    def _relaxed_lost(self, state: tuple) -> bool:
        """:meth:`_couples_stuck` or :meth:`_lockstep_stuck` of the relaxed ``state``, each
        state worked out once per search (after :meth:`_relaxed_state`)."""
        lost = self._pairs[2]
        verdict = lost.get(state)
        if verdict is None:
            verdict = lost[state] = self._couples_stuck(state) or self._lockstep_stuck(state)
        return verdict

    def _row_jammed(self, red: bool) -> bool:
        """The bound of :meth:`hopeless` for the row and talon packet of one colour.

        Going down the packet, card by card, ``blocked`` counts the cards of the row and above
        the current card that cannot go up before it comes in; only the faces from the moved
        card's on in its sequence are counted again. The card with the most ``blocked`` (the
        nearest to a jam) and the bottom card are then put to :meth:`_can_come_in`.
        """
        talon = self._p[TALON[red]].cards
        if not talon:
            return False
        by_suit = self.options["build"] == "suit"
        face = FACE_SUIT if by_suit else FACE_COLOUR
        _, base, up, row = self._sides()[not red]
        cnt = row[:]
        # deep[f]: copies of f from the card down, less those beyond B in play (none in a deal)
        deep = [base[f >= 11] - up[f] - cnt[f] for f in range(22)]
        for c in self._p["stock"].cards:
            f = face[c]
            if f is not None and RED[c] == red:
                deep[f] -= 1
        worst = [0] * 22  # the most copies of one face, up to f in its sequence, from the card down
        extra = [0] * 22  # cards of face f that cannot go up yet
        blocked = cnt[22]
        for f in range(22 if by_suit else 11):
            w = deep[f] if deep[f] > 0 else 0
            if f not in (0, 11) and worst[f - 1] > w:
                w = worst[f - 1]
            worst[f] = w
            room = base[f >= 11] - w - up[f]
            e = cnt[f] - room if room > 0 else cnt[f]
            extra[f] = e if e > 0 else 0
            blocked += extra[f]
        tight, most = len(talon) - 1, blocked
        for i in range(len(talon) - 1, 0, -1):
            if blocked > 23:
                return True
            if blocked > most:
                tight, most = i, blocked
            f = face[talon[i]]
            if f is None:
                blocked += 1
                continue
            drop = deep[f] > 0 and deep[f] == worst[f]
            deep[f] -= 1
            cnt[f] += 1
            b = base[f >= 11]
            for g in range(f, (11 if f < 11 else 22) if drop else f + 1):
                w = deep[g] if deep[g] > 0 else 0
                if g not in (0, 11) and worst[g - 1] > w:
                    w = worst[g - 1]
                if g > f and w == worst[g]:
                    break
                worst[g] = w
                room = b - w - up[g]
                e = cnt[g] - room if room > 0 else cnt[g]
                if e < 0:
                    e = 0
                blocked += e - extra[g]
                extra[g] = e
        if blocked > most:
            tight = 0
        return (blocked > 23 or not self._can_come_in(red, tight, base, up, row)
                or tight > 0 and not self._can_come_in(red, 0, base, up, row))

    def _can_come_in(self, red: bool, i: int, base: list[int], up: list[int], row: list[int]) -> bool:
        """Whether the talon card ``i`` (0 at the bottom) might ever come into its row.

        While it lies in the talon, a vacancy of its colour is refilled from the talon, so the
        cards of its colour that come in before it are the a cards above it and those of the
        first s cards of the pack (turned in order onto the talon above it, m of them): n =
        a + m + 1 refills, less the places vacant now, each after a pair. By then n cards of
        each colour went up, each from the row, the foundations and the cards come in: for the
        card's colour those above it, for the other those of the s cards and the top n (plus
        its places vacant now) of its talon packet, the rest of which lies under them. Per
        sequence, the copies of a face up are at most the foundations and the copies up or come
        in of it and of each face before it. If no s allows n cards of both colours up, the
        card never comes in.
        """
        p = self._p
        talon, others = p[TALON[red]].cards, p[TALON[not red]].cards
        face = FACE_SUIT if self.options["build"] == "suit" else FACE_COLOUR
        _, obase, oup, orow = self._sides()[red]
        need = len(talon) - i - [p[n].cards for n in ROWS[red]].count([])  # a vacancy is a refill due
        j = len(others) - need - [p[n].cards for n in ROWS[not red]].count([])  # others[j:] may come in
        mine = _Chains(face, base, up, row, talon[i + 1:])
        other = _Chains(face, obase, oup, orow, others[max(j, 0):])
        if need <= mine.got and need <= other.got:
            return True
        for c in reversed(p["stock"].cards):
            if RED[c] == red:
                need += 1
                mine.add(face[c])
                j -= 1
                if 0 <= j < len(others):
                    other.add(face[others[j]])
            else:
                other.add(face[c])
            if need <= mine.got and need <= other.got:
                return True
        return False

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
            for c, s, d in move.steps:
                if d in FOUNDATIONS:
                    if RED[c] != (d in GENERALS):
                        return "red cards go on the Generals, black ones on the Admirals (indian_empress.p4.s1)"
                    top = p[d].top
                    ok = top is not None and NEXT[top] is not None and (
                        NEXT[top] == c if self.options["build"] == "suit" else CKEY[NEXT[top]] == CKEY[c])
                    if not ok:
                        nxt = "nothing" if top is None or NEXT[top] is None else str(CARDS[NEXT[top]])
                        return (f"{CARDS[c]} does not follow {CARDS[top] if top is not None else 'nothing'} "
                                f"on {self.pile_label(d)} (it takes {nxt}; indian_empress.p4.s1, "
                                "indian_empress.fn16.s1)")
            if len(move.steps) != 2 or {RED[c] for c, _, _ in move.steps} != {True, False}:
                return ("no card goes on a foundation unless a card of the other colour goes on another at "
                        "the same time (rule I, indian_empress.r1.s1)")
            for c, s, d in move.steps:
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
             "generals": ("the Generals (red kings, down to the aces)", "генералы (красные короли, вниз до тузов)"), "army": ("the Army", "армия"),
             "navy": ("the Navy", "флот"), "admirals": ("the Admirals (black aces, up to the kings)", "адмиралы (черные тузы, вверх до королей)"),
             "talon": ("the talon", "талон")})



class _Chains:
    """How many more cards of one colour can go up, given the cards come in (see ``_can_come_in``)."""

    def __init__(self, face, base: list[int], up: list[int], row: list[int], more: list[int]) -> None:
        self.base = base
        avail = [u + r for u, r in zip(up, row)]
        for c in more:
            f = face[c]
            if f is not None:
                avail[f] += 1
        cap = _caps(base, avail, (0, 11) if face is FACE_SUIT else (0,))
        self.avail, self.cap, self.got = avail, cap, sum(cap) - sum(up)

    def add(self, f: int | None) -> None:
        """One more card of face ``f`` comes in: raise the caps from f on in its sequence.

        A cap never exceeds the sequence's foundations, so the cap before f bounds it alone.
        """
        if f is None:
            return
        avail, cap = self.avail, self.cap
        m = avail[f] = avail[f] + 1
        prev = self.base[f >= 11] if f == 0 or f == 11 else cap[f - 1]
        if (m if m < prev else prev) <= cap[f]:
            return  # the cap of f stays, and so do those after it
        end = 11 if f < 11 else 22
        got = self.got
        while f < end:
            m = avail[f]
            if prev < m:
                m = prev
            c = cap[f]
            if m <= c:
                break
            got += m - c
            cap[f] = prev = m
            f += 1
        self.got = got


def _release(base: dict[bool, list[int]], up: dict[bool, list[int]], free: dict[bool, list[int]],
             couples: list[tuple[int, int]]) -> list[int]:
    """The couples that can never go up: those left when every couple that might is released.

    ``cap[red][f]``: the most copies of face f that can be up, given the free cards and the
    couples released (copies up or at hand, at most the cap before). A couple is released when
    each of its cards (red, black) might fit: the cap of the face before exceeds those up. A
    couple that does not fit waits until the cap of the face before its card rises.
    """
    avail = {red: [u + c for u, c in zip(up[red], free[red])] for red in (True, False)}
    cap = {red: _caps(base[red], avail[red]) for red in (True, False)}
    sides = [(base[red], up[red], avail[red], cap[red], [[] for _ in range(23)]) for red in (True, False)]
    todo = list(range(len(couples)))
    released = set()
    while todo:
        i = todo.pop()
        for (b, u, _, c, waiting), f in zip(sides, couples[i]):
            if (b[f >= 11] if f == 0 or f == 11 else c[f - 1]) <= u[f]:
                waiting[f].append(i)
                break
        else:
            released.add(i)
            for (b, _, a, c, waiting), f in zip(sides, couples[i]):
                for g in range(f + 1, _raise(b, a, c, f) + 1):
                    todo.extend(waiting[g])
                    waiting[g] = []
    return [i for i in range(len(couples)) if i not in released]


#: The most new positions :func:`_pairs_win` looks at for one question.
END_NODES = 400


def _pairs_win(state: tuple, seqs: tuple, seen: dict[tuple, bool | None], left: list[int]) -> bool | None:
    """Whether the relaxed game of :meth:`IndianEmpress._lockstep_stuck` in ``state`` can be
    won (None: more than ``left[0]`` positions); ``seqs``: each colour's foundations per
    sequence and the first faces of the sequences; ``seen``: the positions worked out (None:
    given up). A move lifts a couple that fits or two single cards, one of each colour, that fit.
    With every copy of each face at hand or up, the lowest face of a sequence not all up fits.
    A state is (red up, black up, red single, black single, couples): counts per face packed
    by :func:`_pack`, and the sorted couples of faces (red, black) as bytes r, b, r, b …"""
    won = seen.get(state, _UNSEEN)
    if won is not _UNSEEN:
        return won
    if left[0] <= 0:
        return None
    left[0] -= 1
    if not state[4]:  # the lowest face not all up fits, in each colour: pairs go up to the end
        return _count(state[2]) == _count(state[3])
    won = False
    for nxt in _pair_moves(state, seqs):
        w = _pairs_win(nxt, seqs, seen, left)
        if w:
            won = True
            break
        if w is None:
            won = None
    if won is not None:
        seen[state] = won
    return won


#: What :func:`_pairs_win` finds for a position not in ``seen``.
_UNSEEN = object()
#: Bits per face in a packed count: a byte (at most eight copies of a face).
BYTE = 8
#: A packed count of one copy of face f.
ONE: tuple[int, ...] = tuple(1 << BYTE * f for f in range(23))


def _unpack(state: tuple, seqs: tuple) -> tuple[dict, dict, dict, list[tuple[int, int]]]:
    """The :meth:`IndianEmpress._couples_cards` a :func:`_pairs_win` state was packed from."""
    rup, bup, rs, bs, couples = state
    base = {True: list(seqs[0]), False: list(seqs[1])}
    up = {True: list(rup.to_bytes(22, "little")), False: list(bup.to_bytes(22, "little"))}
    free = {True: list(rs.to_bytes(22, "little")), False: list(bs.to_bytes(22, "little"))}
    return base, up, free, list(zip(couples[::2], couples[1::2]))


def _pack(counts: list[int]) -> int:
    """Counts per face (fewer than 256 each) packed into one int, a byte a face."""
    return int.from_bytes(bytes(counts), "little")


def _count(packed: int) -> int:
    """The sum of the counts packed in ``packed``."""
    return sum(packed.to_bytes(23, "little"))


def _pair_moves(state: tuple, seqs: tuple) -> Iterator[tuple]:
    """The positions after each move of the relaxed game in ``state`` (couples first)."""
    rup, bup, rs, bs, couples = state
    rbase, bbase, chains = seqs
    rfit = _fitting(rbase, rup, chains)[0]
    bfit, bmask = _fitting(bbase, bup, chains)
    reds = couples[::2]
    for r in rfit:  # ascending, as the couples are sorted
        i = bisect_left(reds, r)
        last = -1  # the black face lifted last: an equal couple next to it gives the same position
        while i < len(reds) and reds[i] == r:
            b = couples[2 * i + 1]
            if bmask >> b & 1 and b != last:
                last = b
                yield rup + ONE[r], bup + ONE[b], rs, bs, couples[:2 * i] + couples[2 * i + 2:]
            i += 1
    bl = [b for b in bfit if bs >> BYTE * b & 255]
    if bl:
        for r in rfit:
            if rs >> BYTE * r & 255:
                ur, lr = rup + ONE[r], rs - ONE[r]
                for b in bl:
                    yield ur, bup + ONE[b], lr, bs - ONE[b], couples


@lru_cache(maxsize=1 << 16)
def _fitting(base: tuple[int, ...], up: int, chains: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The faces of which a copy fits: fewer copies up (``up`` packed) than of the face before
    (the foundations); in order, and as a bitmask."""
    fit = []
    mask = 0
    for ch in chains:
        before = base[ch > 0]
        for f in range(ch, ch + 11):
            u = up >> BYTE * f & 255
            if u < before:
                fit.append(f)
                mask |= 1 << f
            before = u
    return tuple(fit), mask


def _caps(base: list[int], avail: list[int], chains: tuple[int, ...] = (0, 11)) -> list[int]:
    """Per face, the most copies that can be up: the copies at hand, at most the cap before.

    ``chains`` are the first faces of the chains of eleven faces (one chain when building by colour).
    """
    cap = [0] * 22
    for ch in chains:
        m = base[ch > 0]
        for f in range(ch, ch + 11):
            a = avail[f]
            if a < m:
                m = a
            cap[f] = m
    return cap


def _raise(base: list[int], avail: list[int], cap: list[int], f: int) -> int:
    """One more copy of face ``f`` at hand: raise the caps from f on in its sequence; returns
    the first face whose cap stayed (the caps of f up to it rose)."""
    avail[f] += 1
    end = 11 if f < 11 else 22
    prev = base[f >= 11] if f in (0, 11) else cap[f - 1]
    while f < end:
        m = avail[f] if avail[f] < prev else prev
        if m <= cap[f]:
            break
        cap[f] = prev = m
        f += 1
    return f


@cache
def _couple(card: int, src: str, dst: str) -> Move:
    """The move laying ``card`` from ``src`` on the card of ``dst`` (moves are immutable: made once)."""
    return Move("pair", ((card, src, dst),), cites=C_COUPLE, notes=(N_PAIRING,))


def _same(cards: list[int]) -> tuple[int, ...]:
    """Cards as they are (``build="suit"``)."""
    return tuple(cards)


def _colour_rank(cards: list[int]) -> tuple[int, ...]:
    """Cards by colour and rank only (``build="colour"``)."""
    return tuple([CKEY[c] for c in cards])


def _found_key(cards: list[int], face) -> tuple[int, ...]:
    """A foundation by its height and top (the cards under the top follow from the sequence)."""
    if not cards:
        return (0,)
    return (len(cards), cards[-1]) if face is _same else (len(cards), CKEY[cards[-1]])


GAME = IndianEmpress
