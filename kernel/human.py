"""What a reader is told about a position: words that never name a face-down card.

The engine's moves name every card they carry, including cards that lie face down (the pack's
top card dealt to the table). A reader at the table sees only the faces turned up, so the
descriptions shown to them (legal moves, hints, the compulsory move in the status line,
refusals) say "a face-down card" for a card they cannot see. Cards are written as readers see them
(``10♥``, never ``T♥``; in Russian ``Д♠`` for the queen).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .cards import CARDS, rank_text

if TYPE_CHECKING:
    from .game import Game, PileView
    from .move import Move

#: A card as :func:`str` writes it, not glued to a longer word or number.
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-zА-Яа-яЁё])(10|[2-9AJQK])([♠♥♦♣])")
_RANK_OF = {"A": 1, "J": 11, "Q": 12, "K": 13}
HIDDEN_CARD = {"en": "a face-down card", "ru": "карта рубашкой вверх"}


def localize_cards(text: str, lang: str) -> str:
    """Card tokens in ``text`` as written in ``lang`` (Russian ranks Т, В, Д, К)."""
    if lang != "ru":
        return text
    return CARD_TOKEN.sub(lambda m: rank_text(_RANK_OF.get(m.group(1)) or int(m.group(1)), "ru") + m.group(2), text)


#: Words a move's ``arg`` carries, in Russian (the English is the arg itself).
ARGS_RU = {"fill": "заполнить"}


def _describe(game: Game, move: Move, lang: str) -> str:
    text = game.describe(move, lang)
    if lang == "ru" and move.arg in ARGS_RU and text.startswith(move.arg):
        text = ARGS_RU[move.arg] + text[len(move.arg):]
    return text


def hidden_steps(game: Game, move: Move, after: bool = False, piles: Mapping[str, PileView] | None = None) -> list[int]:
    """The cards of ``move`` a reader cannot see: face down where they lie now (``after``: where
    the move has put them, for a move already played). ``piles``: ``game.piles``, if at hand."""
    piles = game.piles if piles is None else piles
    out = []
    for c, s, d in move.steps:
        pile = piles.get(d if after else s)
        if pile is None:
            continue
        for i in range(len(pile.cards) - 1, -1, -1):
            if pile.cards[i] == c:
                if i < pile.down:
                    out.append(c)
                break
    return out


def describe(game: Game, move: Move, lang: str = "en", after: bool = False,
             piles: Mapping[str, PileView] | None = None) -> str:
    """``move`` described for a reader at ``game``'s table: hidden cards are not named."""
    text = _describe(game, move, lang)
    for c in hidden_steps(game, move, after, piles):
        text = re.sub(rf"(?<![0-9A-Za-z]){re.escape(str(CARDS[c]))}", HIDDEN_CARD[lang], text, count=1)
    if lang == "ru":  # "раздача: колода → армия, место 1 (карта рубашкой вверх)", not "раздача: карта …: колода → …"
        text = re.sub(rf"{HIDDEN_CARD['ru']}: ([^;]+)", rf"\1 ({HIDDEN_CARD['ru']})", text)
    return localize_cards(text, lang)


def unname(text: str, cards: Iterable[int], lang: str = "en") -> str:
    """``text`` with ``cards`` (cards the reader cannot see) written as "a face-down card"."""
    names = {str(CARDS[c]) for c in cards}
    if not names:
        return text
    return CARD_TOKEN.sub(lambda m: HIDDEN_CARD[lang] if m.group(0) in names else m.group(0), text)
