"""Pre-1918 Russian spelling to modern spelling, by rule.

The converter implements the spelling decree of 1917/1918 as far as it can be done
word by word without a dictionary:

* letters: ѣ → е, і → и, ѳ → ф, ѵ → и (capitals too);
* hard sign ъ dropped at the end of a word (kept inside as the separating sign);
* adjective genitive -аго → -ого (-его after ж, ш, щ, ч), -яго → -его;
* plural adjective -ыя → -ые, adjectival -ія → -ие (participles, velar and soft stems),
  but the noun ending -ія → -ия (армія → армия, основанія → основания);
* prefixes без-, воз-, вз-, из-, низ-, раз-, роз-, чрез-, через- take с before a
  voiceless consonant (безпокойство → беспокойство);
* whole words: онѣ → они, однѣ → одни, ея → её, нея → неё, …

Word division (тотчасъ-же → тотчас же) and lexical spellings are not the converter's
business: the edition records them as hand corrections (``reg type="hand"``).
Text already in modern spelling passes through unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

__all__ = ["WORD_RE", "Change", "changes", "modernize", "modernize_word"]

#: A word: letters, possibly joined by hyphens (тотчасъ-же, то-есть).
WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")

_LETTERS = str.maketrans({"ѣ": "е", "і": "и", "ѳ": "ф", "ѵ": "и"})

_WHOLE_WORDS = {
    "онѣ": "они",
    "однѣ": "одни",
    "однѣхъ": "одних",
    "однѣмъ": "одним",
    "однѣми": "одними",
    "ея": "её",
    "нея": "неё",
}

_PREFIXES = ("через", "чрез", "без", "воз", "вз", "низ", "из", "раз", "роз")
_VOICELESS = set("кпстфхцчшщ")
#: Words that begin like a prefix but keep з (низкій, низшій, возка).
_PREFIX_EXCEPTIONS = ("низк", "низш", "возк", "возч", "изб")

#: Stems whose -ія ending is adjectival although they end in н (soft adjectives).
_SOFT_ADJECTIVE_STEMS = (
    "нижн", "верхн", "послѣдн", "последн", "средн", "син", "внутренн", "внѣшн",
    "внешн", "задн", "передн", "древн", "ранн", "поздн", "лѣтн", "летн", "зимн",
    "осенн", "весенн", "утренн", "вечерн", "крайн", "домашн", "нынѣшн", "нынешн",
    "тогдашн", "здѣшн", "здешн", "тамошн", "прежн", "кромѣшн",
)
#: Stem endings that make -ія adjectival (participles and velar adjectives).
_ADJECTIVE_STEM_ENDINGS = ("щ", "ш", "ч", "к", "х", "уг", "ог", "олг")
_AGO_EXCEPTIONS = {"саго", "чикаго", "сантьяго"}


def _adjectival_ia(stem: str) -> bool:
    """Whether a stem followed by -ія is an adjective (→ -ие) rather than a noun (→ -ия)."""
    return stem.endswith(_ADJECTIVE_STEM_ENDINGS) or stem.endswith(_SOFT_ADJECTIVE_STEMS)


def _convert_part(part: str) -> str:
    """Modernise one lower-case word without hyphens."""
    if part in _WHOLE_WORDS:
        return _WHOLE_WORDS[part]
    word = part
    if word.endswith("ъ") and len(word) > 1:
        word = word[:-1]
    if word.endswith("іяся") and len(word) > 5:
        word = word[:-4] + "иеся"
    elif word.endswith("ыяся") and len(word) > 5:
        word = word[:-4] + "ыеся"
    elif word.endswith("ыя") and len(word) > 3:
        word = word[:-2] + "ые"
    elif word.endswith("ія") and len(word) > 3:
        stem = word[:-2]
        word = stem + ("ие" if _adjectival_ia(stem) else "ия")
    elif word.endswith("аго") and len(word) > 4 and word not in _AGO_EXCEPTIONS:
        stem = word[:-3]
        word = stem + ("его" if stem[-1] in "жшщч" else "ого")
    elif word.endswith("яго") and len(word) > 4:
        word = word[:-3] + "его"
    word = word.translate(_LETTERS)
    if word.startswith(("разсчет", "разсчит")):
        return "рас" + word[4:]
    for prefix in _PREFIXES:
        if (
            word.startswith(prefix)
            and len(word) > len(prefix)
            and word[len(prefix)] in _VOICELESS
            and not word.startswith(_PREFIX_EXCEPTIONS)
        ):
            return prefix[:-1] + "с" + word[len(prefix):]
    return word


def _recase(model: str, word: str) -> str:
    """Give ``word`` the capitalisation pattern of ``model``."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def modernize_word(word: str) -> str:
    """Modernise one word (letters, possibly hyphenated); words without Cyrillic pass."""
    if not re.search(r"[\u0400-\u04ff]", word):
        return word
    lower = word.lower()
    converted = "-".join(_convert_part(p) for p in lower.split("-"))
    if converted == lower:
        return word
    return _recase(word, converted)


def modernize(text: str) -> str:
    """Modernise every word of ``text``, leaving punctuation and spacing alone."""
    return WORD_RE.sub(lambda m: modernize_word(m.group()), text)


class Change(NamedTuple):
    """One word the converter changes: its span in the text, old and new form."""

    start: int
    end: int
    orig: str
    reg: str


def changes(text: str) -> Iterator[Change]:
    """The words of ``text`` that :func:`modernize` changes, in order."""
    for m in WORD_RE.finditer(text):
        new = modernize_word(m.group())
        if new != m.group():
            yield Change(m.start(), m.end(), m.group(), new)
