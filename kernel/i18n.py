"""The table's two languages: its UI strings and the Russian of the engine's sentences.

* :data:`UI` — every string of the table's face (controls, tooltips, keyboard help, status
  words, the page's own messages) by a short English id, in English and Russian; the table
  sends ``ui(lang)`` as ``view["ui"]`` and the page uses ``ui[id]`` where it has one.
* :func:`translate` — the Russian of an English sentence of the engine (a refusal, the end of
  a game). The rules modules speak English; their sentences are matched here, whole, against
  templates (``{name}`` stands for a card, a place or a number, itself put into Russian). A
  sentence no template knows stays English: ``tests/test_lang.py`` plays every game in
  Russian and fails on any English word left, so a new refusal cannot go untranslated.
* :func:`info_label` / :func:`info_value` — the status line's extra fields.
"""
from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from .cards import RANK_TEXT, RANK_TEXT_RU
from .human import HIDDEN_CARD, localize_cards

if TYPE_CHECKING:
    from .game import Game

LANGS = ("en", "ru")

# ---- the table's face ----------------------------------------------------------------------------
#: id -> (English, Russian). Ids: a control's name, ``NAME.title`` its tooltip; ``key.X`` /
#: ``help.X`` a keyboard-help line (the keys, what they do); ``status.X`` a status word;
#: ``msg.X`` a message the page itself shows; ``record.X`` the player's record.
UI: dict[str, tuple[str, str]] = {
    # controls
    "controls": ("game controls", "управление игрой"),
    "deal": ("Deal", "Расклад"),
    "deal.title": ("Deal number (g)", "Номер расклада (g)"),
    "go": ("Go", "Разложить"),
    "go.title": ("Play this deal", "Разложить этот расклад"),
    "new": ("New deal", "Новый расклад"),
    "new.title": ("A new random deal", "Новый случайный расклад"),
    "undo": ("Undo", "Отменить"),
    "undo.title": ("Take back the last move", "Взять назад последний ход"),
    "redo": ("Redo", "Повторить"),
    "redo.title": ("Play again a move taken back", "Снова сделать отменённый ход"),
    "restart": ("Restart", "Сначала"),
    "restart.title": ("Back to the start of the deal", "Вернуться к началу расклада"),
    "hint": ("Hint", "Подсказка"),
    "hint.title": ("Ask the solver for a move (the solver sees every card, face down too)",
                   "Спросить ход у решателя (решатель видит все карты, и лежащие рубашкой вверх)"),
    "advance": ("Compulsory", "Обязательные"),
    "advance.title": ("Play the compulsory moves", "Сделать обязательные ходы"),
    "back": ("◀ Back", "◀ Назад"),
    "back.title": ("Step back", "Шаг назад"),
    "step": ("Step ▶", "Шаг ▶"),
    "step.title": ("Step forward through the loaded line", "Шаг вперёд по загруженной партии"),
    "solve": ("Solve", "Решить"),
    "solve.title": ("Let the solver look for a winning line from here and load it: Step and Autoplay walk it",
                    "Попросить решатель найти выигрышную партию отсюда и загрузить её: «Шаг» и «Автоигра» проходят её"),
    "msg.solving": ("The solver is looking for a winning line…", "Решатель ищет выигрышную партию…"),
    "pack_move": ("plays the move out of the pack", "ход из колоды"),
    "auto": ("Autoplay", "Автоигра"),
    "auto.title": ("Play the line (or the compulsory moves) by itself",
                   "Играть партию (или обязательные ходы) самостоятельно"),
    "pause": ("Pause", "Пауза"),
    "speed": ("autoplay speed", "скорость автоигры"),
    "speed.title": ("Autoplay speed (+ / -)", "Скорость автоигры (+ / -)"),
    "speed.max": ("max", "макс."),
    "layer": ("layer of the text", "слой текста"),
    "layer.title": ("Layer of the text (l)", "Слой текста (l)"),
    "layer.diplomatic": ("Diplomatic", "Дипломатический"),
    "layer.modern": ("Modern spelling", "Современная орфография"),
    "layer.english": ("English", "Английский перевод"),
    "lang": ("Language", "Язык"),
    "lang.title": ("Language of the table", "Язык стола"),
    "lang.en": ("English", "English"),
    "lang.ru": ("Русский", "Русский"),
    "save": ("Save", "Сохранить"),
    "save.title": ("Save the game as a record (JSON)", "Сохранить запись партии в файл"),
    "load": ("Load", "Загрузить"),
    "load.title": ("Load a saved game", "Загрузить сохранённую партию"),
    "load.file": ("game record to load", "файл партии для загрузки"),
    "help.button": ("Keyboard shortcuts", "Клавиши"),
    "reading": ("rule reading", "чтение правила"),
    "reading.edition": ("(edition)", "(издание)"),
    "reading.default": ("default", "по умолчанию"),
    "reading.key": ("key", "клавиша"),
    "reading.note": ("note", "примечание"),
    "readings": ("Rule readings", "Чтения правил"),
    "actions": ("moves without a card", "ходы без карты"),
    "chosen_half": ("chosen as part of this move", "выбрана для этого хода"),
    "chosen_place": ("the place chosen for it", "выбранное для неё место"),
    "target": ("the picked-up card can go here", "сюда можно положить взятую карту"),
    "source": ("can complete this move", "может завершить этот ход"),
    "hint_card": ("the hint's card", "карта подсказки"),
    "hint_place": ("the hint's place", "место подсказки"),
    "table": ("the table", "стол"),
    "text": ("the text of the game", "текст пасьянса"),
    "text.aside": ("the text beside the table", "текст рядом со столом"),
    "chooser": ("choose a move", "выберите ход"),
    # status line
    "status.deal": ("deal", "расклад"),
    "status.moves": ("moves", "ходов"),
    "status.cards_left": ("cards left", "карт осталось"),
    "status.to_play": ("to play", "ходит"),
    "status.line": ("line", "партия"),
    "status.off_line": ("off the loaded line", "вне загруженной партии"),
    "status.compulsory": ("compulsory", "обязательно"),
    "status.playing": ("playing", "идёт игра"),
    "status.won": ("won — the patience came out", "пасьянс вышел"),
    "status.lost": ("lost — the patience did not come out", "пасьянс не вышел"),
    "status.cards": ("cards", "карт"),
    "status.empty": ("empty", "пусто"),
    # the page's own messages
    "msg.thinking": ("Thinking…", "Думаю…"),
    "msg.next_card": ("Now the next card of this move.", "Теперь следующая карта этого хода."),
    "msg.pick_first": ("Pick up a card first, then choose where it goes.",
                       "Сначала возьмите карту, потом выберите место."),
    "msg.face_down": ("That card lies face down.", "Эта карта лежит рубашкой вверх."),
    "msg.choose_where": ("choose where it goes", "выберите, куда её положить"),
    "msg.no_move": ("no legal move takes this card now", "этой картой сейчас ходить нельзя"),
    "msg.top_card": ("the top card of", "верхняя карта:"),
    "msg.which": ("Which move?", "Какой ход?"),
    "msg.cancel": ("Cancel", "Отмена"),
    "msg.too_large": ("That file is too large to be a game record.", "Этот файл слишком велик для записи партии."),
    "msg.saved": ("Saved", "Сохранено:"),
    "msg.autoplay": ("Autoplay", "Автоигра"),
    "msg.autoplay_stopped": ("Autoplay stopped", "Автоигра остановлена"),
    "msg.not_in_text": ("this sentence is not in the text shown", "этого предложения нет в показанном тексте"),
    "msg.undo_stuck": ("Undo", "Отменить ход"),
    "last": ("Last move", "Последний ход"),
    "last.cites": ("cites", "текст:"),
    "last.reading": ("reading", "чтение:"),
    "last.cite.title": ("show this sentence", "показать это предложение"),
    "last.note.title": ("open this apparatus note", "открыть примечание"),
    "hint.label": ("Hint", "Подсказка"),
    "hint.winning": ("wins", "ведёт к выигрышу"),
    "hint.promising": ("the most promising move the solver found", "самый обещающий ход, найденный решателем"),
    "notes.on": ("Notes on", "Примечания к"),
    "notes.note": ("Note", "Примечание"),
    "notes.none": ("No apparatus note on this sentence.", "К этому предложению примечаний нет."),
    "notes.close": ("close the notes", "закрыть примечания"),
    "notes.title": ("apparatus note", "примечание"),
    # the player's record
    "record": ("Your record", "Ваш счёт"),
    "record.title": ("Your games of this patience under this reading (kept on this computer)",
                     "Ваши партии этого пасьянса при этом чтении (хранятся на этом компьютере)"),
    "record.played": ("played", "сыграно"),
    "record.won": ("won", "выиграно"),
    "record.streak": ("streak", "подряд"),
    "record.best_streak": ("best streak", "лучшая серия"),
    # keyboard help: key.X the keys, help.X what they do
    "help": ("Keyboard", "Клавиши"),
    "key.arrows": ("Arrow keys", "Стрелки"), "help.arrows": ("move between cards and places", "по картам и местам"),
    "key.page": ("Page Down / Page Up", "Page Down / Page Up"),
    "help.page": ("next / previous pile", "следующая / предыдущая стопка"),
    "key.home": ("Home / End", "Home / End"), "help.home": ("first / last pile", "первая / последняя стопка"),
    "key.enter": ("Enter / Space", "Enter / пробел"),
    "help.enter": ("pick up a card, then put it on a place", "взять карту, потом положить её на место"),
    "key.escape": ("Escape", "Escape"),
    "help.escape": ("put the card back (cancel)", "положить карту обратно (отмена)"),
    "key.undo": ("u", "u"), "help.undo": ("undo", "отменить ход"),
    "key.redo": ("r", "r"), "help.redo": ("redo", "повторить ход"),
    "key.restart": ("Shift+R", "Shift+R"), "help.restart": ("restart the deal", "начать расклад сначала"),
    "key.hint": ("h", "h"), "help.hint": ("hint", "подсказка"),
    "key.advance": ("a", "a"), "help.advance": ("play the compulsory moves", "сделать обязательные ходы"),
    "key.step": (".", "."), "help.step": ("step forward (the loaded line)", "шаг вперёд (загруженная партия)"),
    "key.solve": ("Shift+S", "Shift+S"),
    "help.solve": ("find and load a winning line", "найти и загрузить выигрышную партию"),
    "key.back": (",", ","), "help.back": ("step back", "шаг назад"),
    "key.auto": ("p", "p"), "help.auto": ("autoplay on/off", "автоигра вкл./выкл."),
    "key.speed": ("+ / -", "+ / -"), "help.speed": ("autoplay faster / slower", "автоигра быстрее / медленнее"),
    "key.new": ("n", "n"), "help.new": ("new deal", "новый расклад"),
    "key.deal": ("g", "g"), "help.deal": ("type a deal number", "ввести номер расклада"),
    "key.readings": ("1 – 9", "1 – 9"), "help.readings": ("the rule readings' pickers", "выбор чтений правил"),
    "key.layer": ("l", "l"), "help.layer": ("next layer of the text", "следующий слой текста"),
    "key.lang": ("L", "L"), "help.lang": ("English / Russian", "русский / английский"),
    "key.text": ("t", "t"), "help.text": ("go to the text", "перейти к тексту"),
    "key.cards": ("c", "c"), "help.cards": ("go to the cards", "перейти к картам"),
    "key.save": ("s", "s"), "help.save": ("save the game", "сохранить партию"),
    "key.load": ("o", "o"), "help.load": ("load a game", "загрузить партию"),
    "key.help": ("?", "?"), "help.help": ("this help", "эта справка"),
}

#: The status line's extra fields (a game's ``info()`` keys beyond the common ones).
INFO_LABELS: dict[str, tuple[str, str]] = {
    "deal": ("laying", "раскладка"), "laying": ("laying", "раскладка"), "pass": ("pass", "проход"),
    "passes": ("passes", "проходов"), "base": ("base", "основание"), "redeals": ("redeals", "пересдачи"),
    "round": ("round", "круг"), "score": ("score", "счёт"), "phase": ("phase", "этап"),
    "pack": ("pack", "в колоде"), "talon": ("talon", "в талоне"), "talon_red": ("red talon", "красный талон"),
    "talon_black": ("black talon", "чёрный талон"), "on_foundations": ("on foundations", "на основаниях"),
    "pairs": ("pairs", "пар"), "direction": ("direction", "направление"),
    "decided_by": ("decided by", "решает"),
}
_INFO_VALUES: dict[str, str] = {
    "lay": "выкладка", "deal": "раздача", "play": "игра", "rising": "вверх", "falling": "вниз",
    "not yet chosen": "ещё не выбрано",
    "True": "да", "False": "нет", "yes": "да", "no": "нет",
}
_INFO_VALUES_EN = {"True": "yes", "False": "no", "lay": "laying out", "deal": "dealing", "play": "play"}

#: Option names and choices as the reader sees them (the game's own name for them in code).
OPTION_NAMES_RU: dict[str, str] = {
    "pairing": "спаровывание", "build": "основания", "line": "линия резерва", "direction": "направление",
    "play_order": "порядок", "reserve_up": "резерв на основания", "endgame": "конец игры",
    "bases": "основания", "transfer": "перекладка", "ends": "концы косы", "redeals": "пересдачи",
    "foundations": "места для складывания", "wrap": "через короля", "braid_first": "сначала коса",
    "side_fill": "боковые места", "row_build": "главный ряд", "fill": "заполнение", "row_to_row": "из ряда в ряд",
    "kon": "кон", "second_laying": "вторая раскладка", "for_a_change": "«для перемены»", "found": "на основания",
    "marriages": "браки", "available": "доступные карты", "gather": "сбор", "second_deal": "вторая раздача",
    "pair": "пара", "reserve": "запас", "packets": "боковые пачки", "relays": "перекладки",
    "middle": "середина", "separate": "отдельные линии", "deal_plays": "игра при раскладке",
    "transfers": "перекладки", "aside": "отложенные карты",
}
CHOICES_RU: dict[str, str] = {
    "at_once": "сразу", "couples": "парами", "suit": "по масти", "colour": "по цвету", "cross": "крест",
    "row": "ряд", "mixed": "смешанное", "one": "одно", "chain": "цепь", "pairs": "пары", "same": "так же",
    "free": "свободно", "aces": "тузы", "any": "любые", "single": "по одной", "sequence": "последовательность",
    "True": "да", "False": "нет", "rule": "правило", "advice": "совет", "choice": "по выбору",
    "unfit": "неподходящие", "reversed": "в обратном порядке", "no": "нет", "two_cards": "по две карты",
    "two_places": "два места", "all": "все", "must": "обязательно", "may": "по желанию",
    "next_row": "со следующим рядом", "waiting": "ждут", "spread": "разложены",
    "none": "нет", "top": "верхняя", "in_order": "по порядку", "twin": "двойник", "stuck": "при остановке",
    "open": "открыто", "turned": "только что открытая", "once": "одно для всех", "each": "у каждого своё",
    "yes": "да", "both": "в обе стороны", "from": "только из них", "first_first": "с первой карты",
    "last_first": "с последней карты",
}


def ui(lang: str) -> dict[str, str]:
    """Every UI string in ``lang`` ("en" or "ru"), by id."""
    i = 1 if lang == "ru" else 0
    return {k: v[i] for k, v in UI.items()}


def option_name(name: str, lang: str) -> str:
    if lang == "ru":
        return OPTION_NAMES_RU.get(name, name.replace("_", " "))
    return name.replace("_", " ")


def choice_text(choice: Any, lang: str) -> str:
    text = str(choice)
    return CHOICES_RU.get(text, text) if lang == "ru" else text


def player(name: str | None, lang: str) -> str | None:
    """A player's name as the table writes it in ``lang``."""
    return PLAYERS_RU.get(name, name) if lang == "ru" and name else name


def info_label(key: str, lang: str) -> str:
    en, ru = INFO_LABELS.get(key, (key.replace("_", " "), key.replace("_", " ")))
    return ru if lang == "ru" else en


def info_value(value: Any, lang: str) -> str:
    text = ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    if lang == "ru":
        if text in RANK_TEXT:  # a rank alone (the braid's base)
            return RANK_TEXT_RU[RANK_TEXT.index(text)]
        return localize_cards(_INFO_VALUES.get(text, text), lang)
    return _INFO_VALUES_EN.get(text, text)


# ---- the engine's sentences in Russian -----------------------------------------------------------
#: English template -> Russian. ``{x}`` is any text (put into Russian by :func:`_value`); a trailing
#: ``(ids)`` of citations is kept apart and carried over by :func:`_cites` (no template names it).
SENTENCES: dict[str, str] = {
    # the engine (kernel/game.py, the table)
    "the game is over (won)": "игра окончена: пасьянс вышел",
    "the game is over (lost)": "игра окончена: пасьянс не вышел",
    "there is no {card} in {pile}": "{card} нет здесь: {pile}",
    "it would recreate a position already seen in this game, which can never help":
        "так повторилась бы позиция, уже бывшая в этой игре, а это ничего не даёт",
    "there is no move to undo": "отменять нечего",
    "there is no move to redo": "повторять нечего",
    "no compulsory move here: choose a move": "обязательного хода нет: выберите ход",
    "the end of the loaded line": "загруженная партия кончилась",
    "the start of the loaded line": "это начало загруженной партии",
    "the game has left the loaded line: go back to follow it, or choose a move":
        "игра ушла от загруженной партии: вернитесь назад, чтобы идти по ней, или выберите ход",
    "there are {n} legal moves here: choose one (or load a line, or ask for a hint)":
        "здесь возможны ходы ({n}): выберите один (или загрузите партию, или попросите подсказку)",
    "the table changed before your move arrived; nothing was played, try again":
        "стол изменился раньше, чем пришёл ваш ход; ничего не сыграно, попробуйте ещё раз",
    "deal must be a whole number from {lo} to {hi}, not {given}":
        "номер расклада — целое число от {lo} до {hi}, а не {given}",
    "a table set up from a constructed position cannot change its reading":
        "стол, заданный готовой позицией, не может сменить чтение",
    "there is no legal move number {i} (there are {n})": "хода номер {i} нет (возможных ходов: {n})",
    "option {name} takes one of {choices}, not {value}": "чтение {name} допускает только {choices}, а не {value}",
    "hints are not available: the solver (pasyans.solver) is not installed":
        "подсказки недоступны: решатель не установлен",
    # besieged_city
    "cards from the talon must pass through the reserve": "карты из талона должны пройти через резерв",
    "in the trenches a card goes on one of its suit one above or below it, or next to it in the order of play":
        "в траншеях карта кладётся на карту своей масти на одну выше или ниже либо на соседнюю в порядке игры",
    "cards from the talon pass through the reserve and the reserve into the trenches before they can be played":
        "карты из талона проходят через резерв, а из резерва в траншеи, прежде чем их можно играть",
    "a reserve card goes only on the trench cards at the ends of the line it is taken from":
        "карта резерва кладётся только на карты траншей на концах линии, из которой она взята",
    "the foundation cards follow suit": "основания собираются в своей масти",
    "this foundation takes {rank} next: ascending and descending series alternate on it, from ace to ace":
        "это основание берёт теперь {rank}: на нём чередуются восходящие и нисходящие ряды, от туза до туза",
    # braid
    "only the last card of the braid is ever taken": "из косы берут только последнюю карту",
    "the side places are filled from the pack, not from the braid": "боковые места заполняются из колоды, а не из косы",
    "the places above and below the braid are filled from the braid": "места вверху и внизу косы заполняются из косы",
    "the pack may be laid out again only {n} times": "колоду можно перекладывать только {n} раза",
    "an empty stacking place takes only a base, a card of rank {rank}":
        "на пустое место для складывания кладут только основание, карту достоинства {rank}",
    "a packet is built up in its own suit, one rank at a time": "пачка собирается в своей масти, по одной ступени",
    "the same card at the end of the braid is taken first": "сначала берут такую же карту с конца косы",
    # brunette_blonde
    "the кон is taken up only when the pack is out and no card of the кон or the main row fits":
        "кон поднимают, только когда колода кончилась и ни одна карта кона и главного ряда не подходит",
    "on the main row red and black alternate": "в главном ряду красные и чёрные чередуются",
    "on the main row the suits alternate": "в главном ряду масти чередуются",
    "only a card that fits neither the aces nor the main row goes to the кон":
        "в кон идёт только карта, которая не подходит ни к тузам, ни к главному ряду",
    "the кон is laid out a second time, and no more": "кон раскладывают второй раз, и не больше",
    "an empty place above the row takes only an ace": "на пустое место над рядом кладут только туза",
    "the aces are built upward one rank at a time": "на тузы карты кладут вверх, по одной ступени",
    "on the aces red and black alternate": "на тузах красные и чёрные чередуются",
    "under this reading cards of the main row go only to the aces":
        "при этом чтении карты главного ряда идут только на тузы",
    "«для перемены» a place of the main row takes only two cards":
        "«для перемены» место главного ряда берёт только две карты",
    "the main row is built downward one rank at a time": "главный ряд собирается вниз, по одной ступени",
    "an ace goes beside the others, to the next free place": "туз кладут рядом с другими, на следующее свободное место",
    "an empty place of the main row is filled from the кон": "пустое место главного ряда заполняют из кона",
    # clock
    "no further laying is allowed": "больше раскладывать нельзя",
    "the cards laid aside wait for the next laying": "отложенные карты ждут следующей раскладки",
    "of the cards laid aside only the top one may be played": "из отложенных карт играть можно только верхнюю",
    "the pack is laid off to the end before the cards laid aside are dealt again":
        "колоду раскладывают до конца, прежде чем снова раздать отложенные карты",
    "a card of another suit goes only onto its equal already on the clock":
        "карта другой масти кладётся только на равную ей карту, уже лежащую на часах",
    "red must lie on black and black on red": "красная должна лежать на чёрной, а чёрная на красной",
    # favorite
    "the whole pack is laid out first": "сначала раскладывают всю колоду",
    "cards leave only the ends of the rows and separate lines": "карты берут только с концов рядов и отдельных линий",
    "only the end card of a row is moved, «не вынимая ... из середины, но крайнюю»":
        "перекладывают только крайнюю карту ряда, «не вынимая ... из середины, но крайнюю»",
    "a foundation takes the next card of its suit in the order chosen, rising or falling":
        "на основание кладут следующую карту его масти в выбранном порядке, вверх или вниз",
    "a card is transferred only onto one of its suit, one higher or lower":
        "карту перекладывают только на карту своей масти, на одну выше или ниже",
    "the starting cards are built on by suit": "на начальные карты кладут по масти",
    "an emptied separate line is not occupied again": "опустевшую отдельную линию больше не занимают",
    "under this reading the separate lines only give cards": "при этом чтении отдельные линии только отдают карты",
    # go_no_go
    "a cleared column is refilled with an end card from another column":
        "опустевший столбец заполняют крайней картой другого столбца",
    "cards are transferred in suit, between end cards only":
        "карты перекладывают по масти, только между крайними картами",
    "the middle three cards of a row do not go, even if they fit": "три средние карты ряда не идут, даже если подходят",
    "transfers begin only when the whole pack is laid out": "перекладывать начинают, только когда вся колода разложена",
    "cards are transferred in suit, one higher or lower, between end cards only":
        "карты перекладывают по масти, на одну выше или ниже, только между крайними картами",
    "the second laying is the last": "вторая раскладка — последняя",
    "the columns are gathered only when the whole pack is laid out":
        "столбцы собирают, только когда вся колода разложена",
    # indian_empress
    "the 32 cards are taken out first, and the four rows are laid out before any play":
        "сначала вынимают 32 карты и раскладывают четыре ряда, и только потом играют",
    "a vacancy in the Army or the Navy must first be refilled":
        "сначала надо заполнить пустое место в армии или во флоте",
    "cards from the pack or the talon cannot be played at once but must first pass through the Army or the Navy":
        "карты из колоды или талона нельзя играть сразу: сначала они должны пройти через армию или флот",
    "the pack is gone through once only": "колоду проходят только один раз",
    "no card goes on a foundation unless a card of the other colour goes on another at the same time":
        "ни одна карта не идёт на основание, если одновременно на другое не идёт карта другого цвета",
    "paired cards go at once onto their foundations (indian_empress.p7.s2); laying a card on another to wait there "
    "is the couples reading (option pairing='couples')":
        "спарованные карты сразу идут на свои основания (indian_empress.p7.s2); положить карту на другую, чтобы "
        "она там ждала, можно при чтении «парами» (спаровывание: парами)",
    "each card can be paired only once": "каждую карту можно спаровать только однажды",
    "an Army card is laid on a Navy card, or a Navy card on an Army card":
        "карту армии кладут на карту флота или карту флота на карту армии",
    "red cards go on the Generals, black ones on the Admirals":
        "красные карты идут на генералов, чёрные — на адмиралов",
    "{card} does not follow {top} on {pile} (it takes {next}; {cites})":
        "{card} не идёт за {top}: {pile} (нужна {next}; {cites})",
    "an earlier foundation shows the same card and the two are interchangeable: "
    "the edition lays it on the first of them":
        "на одном из прежних оснований лежит та же карта, и они равноценны: издание кладёт карту на первое из них",
    # octagon
    "the pack may be laid through again only three times": "колоду можно перекладывать только три раза",
    "a card of the middle is played only as it is turned": "карту середины играют, только пока она только что открыта",
    "only the cards of the pack are laid on the side packets": "на боковые пачки кладут только карты колоды",
    "a side packet takes the next lower card of its suit": "на боковую пачку кладут следующую младшую карту её масти",
    "the aces are built up in suit": "на тузы кладут вверх по масти",
    "the middle is laid through again only when the pack is out":
        "середину перекладывают, только когда колода кончилась",
    # parterre
    "cards taken from the bouquet cannot be returned to it": "карты, взятые из букета, нельзя вернуть в него",
    "only the top card of a packet is available": "доступна только верхняя карта пачки",
    "the foundations are the aces": "основания — тузы",
    "on the foundations cards are built by suits": "на основания карты кладут по мастям",
    "a foundation takes the next card of its suit": "на основание кладут следующую карту его масти",
    "in the parterre a card goes on one a rank above it, of any suit":
        "в партере карту кладут на карту на ступень выше, любой масти",
    # spouses
    "a card pairs only with a card of the same suit": "карта составляет пару только с картой той же масти",
    "a pair is one card of A's and one of B's": "пара — одна карта игрока А и одна карта игрока В",
    "it is {turn}'s turn": "сейчас ходит {turn}",
    "the heaps are turned in order: next is {pile}": "кучки открывают по порядку: следующая — {pile}",
    "a card pairs only with the same card of the other pack, «парная ей карта одинаковой масти»":
        "карта составляет пару только с такой же картой другой колоды, «парная ей карта одинаковой масти»",
    "only open cards pair: a heap's top once it is turned":
        "пары составляют только открытые карты: верх кучки, когда её открыли",
    # village
    "the cards are gathered only when nothing fits any more": "карты собирают, только когда уже ничего не подходит",
    "only the uppermost card of a heap is free": "свободна только верхняя карта кучки",
    "a marriage lays a card on its suit one rank higher or lower":
        "при браке карту кладут на карту своей масти на ступень выше или ниже",
    "an ace's pile rises and a king's falls, always in one suit":
        "стопка туза растёт вверх, стопка короля — вниз, всегда в одной масти",
    "no further laying out is permitted": "больше раскладывать нельзя",
    "the cards are gathered only when the whole pack is out": "карты собирают, только когда вся колода вышла",
    "under this reading no card moves between heaps": "при этом чтении карты между кучками не переходят",
}
#: The players of a game for two (Супружеский пасьянс) as its Russian labels write them.
PLAYERS_RU = {"A": "А", "B": "В"}
_WORDS_RU = {"nothing": "ничего", HIDDEN_CARD["en"]: HIDDEN_CARD["ru"], **PLAYERS_RU}
_CITES = re.compile(r"^(?P<body>.*?)\s*\((?P<cites>(?:rules? [IVX]+(?: and [IVX]+)?, )?[a-z_]+\.[\w.]+"
                    r"(?:(?:, | and |–)(?:notes? )?[a-z_]+\.[\w.]+)*)\)$")


@lru_cache(maxsize=1)
def _templates() -> list[tuple[re.Pattern, str]]:
    out = []
    for en, ru in SENTENCES.items():
        parts = re.split(r"\{(\w+)\}", en)
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((re.compile(rx), ru))
    return out


def _cites(text: str) -> str:
    text = re.sub(r"\bnotes? (?=[a-z_]+\.)", "примечание ", text)
    return re.sub(r"\brules? ([IVX]+)(?: and ([IVX]+))?",
                  lambda m: f"правило {m.group(1)}" if not m.group(2) else f"правила {m.group(1)} и {m.group(2)}",
                  text)


def _value(text: str, game: Game | None) -> str:
    if text in _WORDS_RU:
        return _WORDS_RU[text]
    if text[:1] == text[-1:] == "'" and text[1:-1] in OPTION_NAMES_RU:  # an option named in a refusal
        return f"«{OPTION_NAMES_RU[text[1:-1]]}»"
    if game is not None:
        for pile, label in _labels_en(game.id).items():
            if text == label:
                return game.pile_label(pile, "ru")
        if text == game.title_en:
            return game.title_ru
    return localize_cards(_cites(text), "ru")


@cache
def _labels_en(game_id: str) -> dict[str, str]:
    from .game import _labels
    from .registry import game_class

    return {pile: en for pile, (en, _ru) in _labels(game_class(game_id)).items()}


def known(text: str) -> bool:
    """Whether :func:`translate` has a Russian sentence for ``text``."""
    body = _CITES.match(text)
    core = body.group("body") if body else text
    return any(rx.fullmatch(core) or rx.fullmatch(text) for rx, _ in _templates())


def translate(text: str, lang: str, game: Game | None = None) -> str:
    """``text`` (an English sentence of the engine) in ``lang``; unknown sentences stay English."""
    if lang != "ru" or not text:
        return text
    m = _CITES.match(text)
    candidates = [(m.group("body"), m.group("cites"))] if m else []
    candidates.append((text, ""))
    for core, cites in candidates:
        for rx, ru in _templates():
            hit = rx.fullmatch(core)
            if hit:
                out = ru.format(**{k: _value(v, game) for k, v in hit.groupdict().items()})
                return localize_cards(out + (f" ({_cites(cites)})" if cites else ""), "ru")
    return text


#: The rule readings' one-line explanations in Russian, by (game id, option name) (the English
#: is the option's own ``doc``).
OPTION_DOCS_RU: dict[tuple[str, str], str] = {
    ("indian_empress", "pairing"): "сразу: пара — красная карта армии и чёрная карта флота, обе подходящие, и обе "
                                   "сразу идут на основания; парами: любую карту армии можно положить на любую карту "
                                   "флота (или наоборот), пара лежит, не разделяясь, пока обе её карты не подойдут, и "
                                   "тогда сразу поднимается",
    ("indian_empress", "build"): "по масти: каждый адмирал и генерал собирается в своей масти (правило V Кадоган, его "
                                 "предполагает «десятка треф», p9.s2); по цвету: любая карта цвета основания и "
                                 "следующего достоинства",
    ("besieged_city", "line"): "крест: карта резерва кладётся на карты траншей на двух концах своего ряда и двух "
                               "концах своего столбца, а пустая траншея заполняется из ряда или столбца, который она "
                               "завершает (примечание Кадоган); ряд: считается только ряд из трёх, верхняя и нижняя "
                               "траншеи — стороны первого и последнего рядов",
    ("besieged_city", "direction"): "смешанное: в одной пачке могут чередоваться карты вверх и вниз; одно: пачка, "
                                    "начатая вверх или вниз на единицу, держится этого направления",
    ("besieged_city", "play_order"): "цепь: любые две карты, соседние в порядке оснований (сумма достоинств 14 или 15:"
                                     " Д на 2, 3 на Д, В на 3 …); пары: только пары, названные в тексте, и подобные им"
                                     " (сумма 14: Д–2, В–3, 10–4 …)",
    ("besieged_city", "reserve_up"): "нет: карты резерва попадают на основания только через траншеи; да: карту резерва"
                                     " можно сыграть на основание прямо",
    ("besieged_city", "endgame"): "так же: когда колода и талон кончились, резерв играет по правилу III; свободно: "
                                  "тогда карту резерва можно положить на любую подходящую карту траншеи",
    ("parterre", "bases"): "тузы: основания — тузы, их кладут по мере освобождения (восполненная раздача); любые: "
                           "игрок выбирает любую карту основанием её масти, и основание идёт по масти от короля к "
                           "тузу, до тринадцати карт",
    ("parterre", "transfer"): "по одной: перекладывается только верхняя карта пачки (правило I); последовательность: "
                              "нисходящий ряд наверху пачки можно переложить целиком",
    ("braid", "ends"): "2: «внизу и вверху … две карты», одна карта под косой и одна над ней; 4: две внизу и две "
                       "вверху, четыре угловых места немецких и современных свидетельств",
    ("braid", "redeals"): "3: «перекладывать 3 раза» — три перекладки после первой, четыре прохода всего; 2: три "
                          "прохода всего",
    ("braid", "foundations"): "8: восемь мест для складывания, по одному на каждую карту основного достоинства в двух "
                              "колодах; 4: только четыре места, названные в тексте",
    ("braid", "wrap"): "да: пачка идёт от короля к тузу и дальше до карты под основанием (13 карт); нет: пачка "
                       "кончается королём",
    ("braid", "braid_first"): "правило: пока последнюю карту косы можно поднять, такую же вспомогательную нельзя; "
                              "совет: можно брать любую",
    ("braid", "side_fill"): "по выбору: пустое боковое место берёт открытую из колоды карту, когда захочет игрок; "
                            "сразу: его заполняют из колоды прежде всего остального",
    ("brunette_blonde", "row_build"): "по цвету: в главном ряду чередуются красные и чёрные, как в примере и в "
                                      "brunette_blonde.p2.s1; по масти: «вперемежку масти» буквально, любая другая "
                                      "масть",
    ("brunette_blonde", "fill"): "по выбору: «своевременно», пустое место заполняют из кона, когда игрок сочтёт "
                                 "нужным; сразу: его заполняют из кона прежде всего остального",
    ("brunette_blonde", "row_to_row"): "да: верхнюю карту стопки главного ряда можно положить на другую стопку ряда; "
                                       "нет: карты главного ряда идут только на тузы",
    ("brunette_blonde", "kon"): "неподходящие: в кон идёт только карта, не подходящая ни к тузам, ни к главному ряду; "
                                "любые: игрок может положить туда любую карту",
    ("brunette_blonde", "second_laying"): "так же: кон, поднятый и перевёрнутый рубашкой вверх, раскладывают снова с "
                                          "первой карты; в обратном порядке: его раскладывают сверху, с последней "
                                          "карты",
    ("brunette_blonde", "for_a_change"): "нет: основная игра, восемь мест любой высоты; по две карты: каждое место "
                                         "главного ряда держит не больше двух карт; два места: в главном ряду два "
                                         "места",
    ("village", "bases"): "все: каждый туз и каждый король начинают стопку (шестнадцать); по масти: один туз и один "
                          "король каждой масти начинают стопки (восемь; второй туз и король масти завершают стопки "
                          "короля и туза)",
    ("village", "found"): "обязательно: карта, подходящая к тузу или королю, поднимается сразу; по желанию: игрок "
                          "выбирает когда",
    ("village", "fill"): "сразу: опустевшее место сразу покрывают следующей картой колоды; со следующим рядом: оно "
                         "ждёт следующего ряда из восьми",
    ("village", "marriages"): "по масти: верхнюю карту кучки можно положить на верхнюю карту другой кучки своей масти "
                              "на ступень выше или ниже; нет: карты между кучками не переходят",
    ("village", "available"): "верхняя: поднимается и вступает в брак только верхняя карта кучки; любые: любая видимая"
                              " карта может подняться к тузу или королю (браки по-прежнему между верхними)",
    ("village", "gather"): "по порядку: собранную колоду раскладывают снова с первой карты первой кучки, кучку за "
                           "кучкой; в обратном порядке: с верхней карты восьмой кучки назад",
    ("clock", "redeals"): "1: две раскладки всего, третья не допускается; 2: отложенные карты раздают снова "
                          "дважды (три раскладки всего), третья перекладка не разрешена",
    ("clock", "aside"): "верхняя: верхнюю карту отложенной стопки можно положить на часы, когда она подходит; "
                        "ждут: отложенные карты ждут следующей раскладки; разложены: отложенные карты лежат "
                        "врозь, и любую из них можно положить на часы, когда она подходит",
    ("clock", "second_deal"): "так же: отложенные карты переворачивают и раздают в том порядке, в каком их "
                              "откладывали; в обратном порядке: стопку раздают сверху, с последней карты",
    ("spouses", "pair"): "двойник: карта составляет пару только с такой же картой (достоинство и масть) другой колоды;"
                         " по масти: с любой картой той же масти, партнёры выбирают, с какой",
    ("spouses", "reserve"): "нет: основной текст, последние две кучки по две карты; при остановке: шестнадцать кучек, "
                            "последние четыре карты лежат рубашкой вверх и открываются по одной, когда игра "
                            "остановилась бы; открыто: четыре запасные карты с начала лежат открыто рядом с кучками",
    ("octagon", "packets"): "по масти: карта кладётся на боковую пачку, чья верхняя карта на ступень выше в её масти; "
                            "любые: на ступень выше в любой масти",
    ("octagon", "relays"): "3: середину переворачивают и перекладывают снова три раза (четыре раскладки всего); 2: три"
                           " раскладки всего",
    ("octagon", "middle"): "верхняя: верхняя карта середины остаётся в игре, пока её не покроют; только что открытая: "
                           "карту можно играть только до того, как откроют следующую",
    ("favorite", "direction"): "одно для всех: первая поднятая карта, на одну выше или ниже начальной, задаёт "
                               "направление вверх или вниз всем четырём основаниям; у каждого своё: каждое основание "
                               "берёт направление от первой положенной на него карты",
    ("favorite", "wrap"): "да: король и туз — соседи при перекладке между рядами, как на основаниях; нет: для "
                          "перекладки достоинства должны отличаться на единицу между тузом и королём",
    ("favorite", "separate"): "в обе стороны: карты перекладывают и на отдельные линии, и с них; только из них: "
                              "отдельные линии только отдают карты",
    ("go_no_go", "deal_plays"): "обязательно: пока колоду раскладывают, карта на «идущем» месте, подходящая к "
                                "основанию, поднимается сразу; по желанию: игрок может оставить её и раскладывать "
                                "дальше",
    ("go_no_go", "transfers"): "по масти: крайняя карта кладётся на любую крайнюю карту своей масти, выше или ниже; "
                               "последовательность: только на карту на ступень выше или ниже",
    ("go_no_go", "gather"): "с первой карты: собранную колоду раскладывают снова с первой карты первого столбца "
                            "(столбец 1 с первой карты, потом столбец 2 …); с последней карты: с открытой карты "
                            "седьмого столбца назад",
}


def option_doc(game: str, option: Any, lang: str) -> str:
    """A rule reading's one-line explanation in ``lang`` (its ``doc`` in English)."""
    if lang == "ru":
        return OPTION_DOCS_RU.get((game, option.name), option.doc)
    return str(option.doc)
