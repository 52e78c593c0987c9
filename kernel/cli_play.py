"""``pasyans play``: a game in the terminal. Moves by number or notation, undo, redo, hint, save;
after each move the sentence of the text that licenses it."""
from __future__ import annotations

import sys
from typing import TextIO

from .atomic import write_text
from .errors import IllegalMove, InvalidMove, PasyansError
from .game import Game
from .human import describe, hidden_steps
from .move import Move

HELP = {
    "en": """Type a move's number or its notation (e.g. found 5H@braid>foundation.1), or:
  u  undo        r  redo       h  hint (the solver, a few seconds)
  t  the table   m  the moves  s FILE  save a record (replay it with: pasyans replay FILE)
  ?  this help   q  quit""",
    "ru": """Введите номер хода или его запись (например found 5H@braid>foundation.1), или:
  u  отменить     r  вернуть    h  подсказка (решатель, несколько секунд)
  t  стол         m  ходы       s ФАЙЛ  сохранить запись (повтор: pasyans replay ФАЙЛ)
  ?  эта справка  q  выход""",
}
WORDS = {
    "en": {"prompt": "move> ", "won": "The patience came out: won.", "lost": "No move is left: the game is lost "
           "(u to undo).", "undone": "undone", "redone": "redone", "nothing": "nothing to undo",
           "saved": "saved", "forced": "compulsory", "hint": "hint", "bad": "not a move here",
           "moves": "Moves:", "save_usage": "write: s FILE"},
    "ru": {"prompt": "ход> ", "won": "Пасьянс сошёлся.", "lost": "Ходов больше нет: пасьянс не сошёлся "
           "(u — отменить).", "undone": "отменено", "redone": "возвращено", "nothing": "нечего отменять",
           "saved": "сохранено", "forced": "обязательный ход", "hint": "подсказка", "bad": "такого хода нет",
           "moves": "Ходы:", "save_usage": "напишите: s ФАЙЛ"},
}


def reader_text(g: Game, m: Move, lang: str = "en", after: bool = False) -> str:
    """``g.describe(m, lang)`` for a player at the table: a card lying face down is not named."""
    return describe(g, m, lang, after)


def notation_shown(g: Game, m: Move) -> str:
    """A move's notation, or a dash where it would name a face-down card (play it by number)."""
    return "-" if hidden_steps(g, m) else m.notation


class Session:
    """One game at the terminal, reading commands from ``stdin`` until ``q`` or the end of input."""

    def __init__(self, game: Game, lang: str = "en", advance: bool = True,
                 stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.g = game
        self.lang = lang if lang in HELP else "en"
        self.w = WORDS[self.lang]
        self.advance = advance
        self.stdin = stdin or sys.stdin
        self.out = stdout or sys.stdout
        self.marks: list[int] = []  # len(moves) before each of the player's own moves

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def sentence(self, m: Move) -> str:
        """The cited sentence(s) of a move in the reader's language, shortened."""
        from . import texts

        layer = "modern" if self.lang == "ru" else "english"
        out = []
        for sid in m.cites[:2]:
            try:
                text = texts.sentence(sid, layer)
            except (KeyError, ValueError):
                continue
            out.append(f"    «{text if len(text) <= 200 else text[:199] + '…'}» [{sid}]")
        return "\n".join(out)

    def show_moves(self) -> None:
        legal = self.g.legal_moves()
        if legal:
            self.say(self.w["moves"] + "".join(
                f"\n{i:4}. {reader_text(self.g, m, self.lang)}   [{notation_shown(self.g, m)}]"
                for i, m in enumerate(legal, 1)))

    def show(self) -> None:
        self.say(self.g.text(self.lang))
        self.show_moves()

    def played(self, m: Move, forced: bool = False) -> None:
        tag = f" ({self.w['forced']})" if forced else ""
        self.say(f"{len(self.g.moves)}. {reader_text(self.g, m, self.lang, after=True)}{tag}")
        cited = self.sentence(m)
        if cited:
            self.say(cited)

    def auto(self) -> None:
        """Play on while only one move is legal (the deal, compulsory actions), saying what was played."""
        if not self.advance:
            return
        n0 = len(self.g.moves)
        self.g.advance()
        new = self.g.moves[n0:]
        if len(new) > 6:
            self.say(f"… {len(new)} {self.w['forced']}: {reader_text(self.g, new[0], self.lang, after=True)} … "
                     f"{reader_text(self.g, new[-1], self.lang, after=True)}")
        else:
            for m in new:
                self.played(m, forced=True)

    def end(self) -> bool:
        if self.g.status == "won":
            self.say(self.w["won"])
        elif self.g.status == "lost":
            self.say(self.w["lost"])
        return self.g.status != "playing"

    def command(self, line: str) -> bool:
        """Carry out one line; False to stop."""
        g, w = self.g, self.w
        word, _, rest = line.strip().partition(" ")
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "help"):
            self.say(HELP[self.lang])
        elif word in ("t", "table"):
            self.show()
        elif word in ("m", "moves"):
            self.show_moves()
        elif word in ("u", "undo"):
            if not g.can_undo:
                self.say(w["nothing"])
            else:
                # back to the position of the last choice, past the compulsory moves after it
                target = min(self.marks.pop(), len(g.moves) - 1) if self.marks else len(g.moves) - 1
                m = g.undo()
                while len(g.moves) > target:
                    m = g.undo()
                self.say(f"{w['undone']}: {reader_text(g, m, self.lang)}")
                self.show()
        elif word in ("r", "redo"):
            self.marks.append(len(g.moves))
            m = g.redo()
            while g.can_redo and len(g.legal_moves()) == 1:
                g.redo()
            self.say(f"{w['redone']}: {reader_text(g, m, self.lang, after=True)}")
            self.auto()
            self.show()
        elif word in ("h", "hint"):
            from .solver import hint

            h = hint(g)
            self.say(f"{w['hint']}: {reader_text(g, h.move, self.lang) if h.move else '-'}"
                     + (f"   [{notation_shown(g, h.move)}]" if h.move else ""))
        elif word in ("s", "save"):
            if not rest.strip():
                self.say(w["save_usage"])
            else:
                import json

                path = write_text(rest.strip(), json.dumps(g.record(), ensure_ascii=False, indent=1) + "\n")
                self.say(f"{w['saved']}: {path}")
        elif word:
            text = line.strip()
            legal = g.legal_moves()
            n = len(g.moves)
            if text.isascii() and text.isdigit():
                if not 1 <= int(text) <= len(legal):
                    raise IllegalMove(f"choose a move from 1 to {len(legal)}" if legal else f"the game is {g.status}")
                m = g.play(legal[int(text) - 1])
            else:
                m = g.play(text)
            self.marks.append(n)
            self.played(m)
            self.auto()
            if not self.end():
                self.show()
        return True

    def run(self) -> int:
        """The loop; returns the exit status (0)."""
        self.say(HELP[self.lang])
        self.auto()
        self.show()
        self.end()
        while True:
            try:
                self.out.write(self.w["prompt"])
                self.out.flush()
                line = self.stdin.readline()
            except KeyboardInterrupt:
                self.say()
                return 0
            if not line:
                self.say()
                return 0
            try:
                if not self.command(line):
                    return 0
            except KeyboardInterrupt:  # Ctrl-C during a hint: back to the prompt
                self.say()
            except (IllegalMove, InvalidMove) as e:
                self.say(f"{self.w['bad']}: {e}")
            except (PasyansError, OSError) as e:
                self.say(f"pasyans: {e}")
