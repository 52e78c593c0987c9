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


#: A game's status as a reader is told it.
STATUS_TEXT = {"en": {"playing": "playing", "won": "won", "lost": "lost"},
               "ru": {"playing": "идёт игра", "won": "вышел", "lost": "не вышел"}}


def position_bits(game: Game, lang: str = "en") -> list[str]:
    """The deal, whose turn, moves, cards left and status, as a picture's header says them."""
    ru = lang == "ru"
    n, left = len(game.moves), game.info().get("cards_left", "?")
    status = STATUS_TEXT["ru" if ru else "en"].get(game.status, game.status)
    if ru:
        bits = [f"расклад {game.deal}" if game.deal is not None else "позиция", f"ходов: {n}",
                f"карт осталось: {left}", status]
    else:
        bits = [f"deal {game.deal}" if game.deal is not None else "constructed position",
                f"{n} move{'s' if n != 1 else ''}", f"{left} cards left", status]
    if game.turn:
        bits.insert(1, f"ходит {game.turn}" if ru else f"{game.turn} to play")
    return bits


def position_summary(game: Game, lang: str = "en") -> str:
    """The position in one line: the titles, then :func:`position_bits`."""
    return f"{game.title_ru} · {game.title_en}: {', '.join(position_bits(game, lang))}"


def picture_text(game: Game, lang: str = "en") -> str:
    """What a picture of ``game``'s table shows, as its text alternative: the summary, then each
    pile that holds cards (in reading order) with the faces a reader sees and how many lie face
    down. A face-down card is never named."""
    from .geometry import placements, reading_order

    ru = lang == "ru"
    layout = game.layout()
    piles = game.piles
    seen: dict[str, list[str]] = {}
    for p in placements(layout, piles):
        if p.visible and p.face_up:
            seen.setdefault(p.pile, []).append(localize_cards(str(p.card), lang))
    spots = {s.pile: s for s in layout.spots}
    parts = []
    for name in reading_order(layout.spots):
        pile = piles.get(name)
        if pile is None or not pile.cards:
            continue
        spot = spots[name]
        words = list(seen.get(name, ()))
        if pile.down:
            words.append(f"рубашкой вверх: {pile.down}" if ru else f"{pile.down} face down")
        hidden = len(pile.cards) - pile.down - len(seen.get(name, ()))
        if hidden > 0:
            words.append(f"под ними ещё {hidden}" if ru else f"{hidden} more beneath")
        parts.append(f"{spot.label_ru if ru else spot.label_en}: {', '.join(words)}")
    body = "; ".join(parts) if parts else ("стол пуст" if ru else "the table is empty")
    return f"{position_summary(game, lang)}. {body[:1].upper()}{body[1:]}."
