"""Cards: 52 faces as small integers, with names in ASCII, symbols, English and Russian.

A card is a :class:`Card`, an ``int`` from 0 to 51: ``suit * 13 + rank - 1``. Copies of the same
face in a two- or four-pack game are the same value: rules never tell them apart.
"""
from __future__ import annotations

from .errors import quote

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = "A23456789TJQK"
RANK_NAMES_EN = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "knave", "queen", "king")
SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES_RU = ("туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка",
                 "восьмёрка", "девятка", "десятка", "валет", "дама", "король")
SUIT_NAMES_RU = ("пик", "червей", "бубен", "треф")
#: How a rank is written for readers: ten is ``10``, never ``T`` (the notation keeps ``RANKS``).
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The same in Russian: туз, валет, дама, король as Т, В, Д, К.
RANK_TEXT_RU = ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class Card(int):
    """One card face. ``Card.parse("7H")``; ``str(card)`` is ``"7♥"``."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king)."""
        return RANK[self]

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return SUIT[self]

    @property
    def red(self) -> bool:
        return RED[self]

    @property
    def ascii(self) -> str:
        """Stable notation: rank ``A23456789TJQK`` then suit ``SHDC``."""
        return RANKS[self % 13] + SUITS[self // 13]

    def name(self, lang: str = "en") -> str:
        """Full name, e.g. ``seven of hearts`` / ``семёрка червей``."""
        if lang == "ru":
            return f"{RANK_NAMES_RU[self % 13]} {SUIT_NAMES_RU[self // 13]}"
        return f"{RANK_NAMES_EN[self % 13]} of {SUIT_NAMES_EN[self // 13]}"

    def text(self, lang: str = "en") -> str:
        """The card as readers see it: ``10♥``, ``Q♠`` (``Д♠`` in Russian)."""
        return rank_text(self % 13 + 1, lang) + SUIT_SYMBOLS[self // 13]

    def __str__(self) -> str:
        return RANK_TEXT[self % 13] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card({self.ascii!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``7H``, ``TS``/``10S`` or ``7♥``; raise ``ValueError`` otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {type(text).__name__} (write rank A23456789TJQK and suit SHDC, e.g. 7H)")
        t = text.strip().upper()
        if t[:2] == "10":
            t = "T" + t[2:]
        if len(t) != 2:
            raise ValueError(f"not a card: {quote(text)} (write rank A23456789TJQK and suit SHDC, e.g. 7H)")
        r, s = t[0], t[1]
        s = SUITS[SUIT_SYMBOLS.index(s)] if s in SUIT_SYMBOLS else s
        if r not in RANKS or s not in SUITS:
            raise ValueError(f"not a card: {quote(text)} (write rank A23456789TJQK and suit SHDC, e.g. 7H)")
        return CARDS[SUITS.index(s) * 13 + RANKS.index(r)]


def rank_text(rank: int, lang: str = "en") -> str:
    """Rank 1-13 as readers see it: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K`` (Russian ``Т`` … ``К``)."""
    return (RANK_TEXT_RU if lang == "ru" else RANK_TEXT)[rank - 1]


def card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1-13) and ``suit`` (0-3)."""
    return CARDS[suit * 13 + rank - 1]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
RANK: tuple[int, ...] = tuple(i % 13 + 1 for i in range(52))
SUIT: tuple[int, ...] = tuple(i // 13 for i in range(52))
RED: tuple[bool, ...] = tuple(i // 13 in (HEARTS, DIAMONDS) for i in range(52))


def deck(packs: int = 1) -> list[Card]:
    """``packs`` full packs in pack order (spades, hearts, diamonds, clubs; ace to king)."""
    return [c for _ in range(packs) for c in CARDS]
