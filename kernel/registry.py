"""The eleven games by id, and the calls that make and replay them."""
from __future__ import annotations

import importlib
from typing import Any

from .errors import IllegalMove, InvalidMove, PasyansError, RecordError, UnknownGame, quote
from .game import RECORD_FORMAT, Game, Option, check_record

#: The edition's games in the order of their sources, id -> module under ``pasyans.games``.
ORDER = ("indian_empress", "besieged_city", "parterre", "braid", "brunette_blonde", "village",
         "clock", "spouses", "octagon", "favorite", "go_no_go")


def _load() -> dict[str, type[Game]]:
    games: dict[str, type[Game]] = {}
    for gid in ORDER:
        name = f"{__package__}.games.{gid}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:  # a game still being written; tests demand all eleven
            if e.name == name:
                continue
            raise
        games[gid] = module.GAME
    return games


GAMES: dict[str, type[Game]] = _load()


def game_class(game: str) -> type[Game]:
    """The class of ``game`` (an id, or a title: see :func:`find_game`); ``UnknownGame`` lists the games."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        pass
    found = find_game(game) if isinstance(game, str) else None
    if found is None:
        raise UnknownGame(f"no game {quote(game)}; the games are: {', '.join(GAMES)}")
    return GAMES[found]


def _fold(text: str) -> str:
    """A title folded for matching: case, ё/е, the pre-reform letters, punctuation and a
    leading "the" aside."""
    text = text.casefold().translate(_FOLD)
    words = "".join(ch if ch.isalnum() else " " for ch in text).split()
    return "_".join(words[1:] if words[:1] == ["the"] else words)


_FOLD = str.maketrans({"ё": "е", "ѣ": "е", "і": "и", "ъ": None})


def find_game(name: str) -> str | None:
    """The id of the game ``name`` stands for: its id, or its Russian or English title in any
    case (``коса``, ``Braid``, ``Часы``); ``None`` when none matches."""
    if name in GAMES:
        return name
    want = _fold(name)
    for gid, cls in GAMES.items():
        if want in (_fold(gid), _fold(cls.title_ru), _fold(cls.title_en)):
            return gid
    return None


def options(game: str) -> tuple[Option, ...]:
    """The rule readings of ``game``: name, choices, default, cited ids, note id."""
    return game_class(game).OPTIONS


def new_game(game: str, /, deal: int = 1, **opts: Any) -> Game:
    """A new game: same id, deal and options give the same game on every machine."""
    return game_class(game)(deal, **opts)


def replay(record: Any) -> Game:
    """The game a record describes, in the same state; ``RecordError`` names the first bad entry."""
    check_record(record)
    try:
        cls = game_class(record["game"])
    except UnknownGame as e:
        raise RecordError(f"the record's game: {e}") from None
    if record["rules"] != cls.RULES_VERSION:
        raise RecordError(f"the record was made under rules version {quote(record['rules'])} of {cls.id}; "
                          f"this engine plays version {cls.RULES_VERSION}")
    try:
        game = cls(record["deal"], **record["options"])
    except PasyansError as e:
        raise RecordError(f"the record's deal or options: {e}") from None
    for i, text in enumerate(record["moves"], 1):
        if not isinstance(text, str):
            raise RecordError(f"move {i} is not text: {quote(text)}")
        try:
            game.play(text)
        except (IllegalMove, InvalidMove) as e:
            raise RecordError(f"move {i} ({quote(text)}) cannot be played: {e}") from None
    return game


__all__ = ["GAMES", "ORDER", "RECORD_FORMAT", "find_game", "game_class", "new_game", "options", "replay"]
