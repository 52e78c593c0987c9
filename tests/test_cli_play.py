"""``pasyans play``: an interactive game in a pseudo-terminal (pexpect), as a reader types it."""
from __future__ import annotations

import json
import sys

import pexpect
import pytest

import pasyans


def spawn(*args: str, cwd: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "pasyans", "play", *args], cwd=cwd, encoding="utf-8",
                          timeout=60, dimensions=(50, 200), env={"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8"})
    return child


def test_play_by_number_and_notation_with_undo_hint_save(tmp_path):
    child = spawn("braid", "--deal", "7", cwd=str(tmp_path))
    child.expect("move> ")
    assert "the braid:" in child.before and "Moves:" in child.before
    g = pasyans.new_game("braid", deal=7)
    g.advance()
    first, second = g.legal_moves()[:2]
    child.sendline("1")  # by number
    child.expect_exact(f"{len(g.moves) + 1}. {g.describe(first)}")
    child.expect("«[^»]+» \\[braid\\.[a-z0-9.]+\\]")  # the cited sentence, with its id
    child.expect("move> ")
    child.sendline("u")
    child.expect("undone: ")
    child.expect("move> ")
    child.sendline(second.notation)  # by notation
    child.expect_exact(g.describe(second))
    child.expect("move> ")
    child.sendline("zz@nowhere")
    child.expect("not a move here: ")
    child.expect("move> ")
    child.sendline("h")
    child.expect("hint: ")
    child.expect("move> ")
    child.sendline("s game.json")
    child.expect("saved: ")
    child.expect("move> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    replayed = pasyans.replay(record)
    assert second.notation in [m.notation for m in replayed.moves] and first not in replayed.moves[-1:]


def test_play_in_russian_to_the_end_and_go_on_from_a_record(tmp_path):
    child = spawn("часы", "--deal", "3", "--option", "aside=waiting", "--lang", "ru", cwd=str(tmp_path))
    child.expect("ход> ")
    assert "Часы, расклад 3" in child.before and "выбрать" in child.before
    child.sendline("1")
    child.expect("«[^»]+» \\[clock\\.p1\\.s2\\]")  # the sentence in modern Russian
    child.expect("Пасьянс сошёлся|не сошёлся")
    child.sendline("s rec.json")
    child.expect("сохранено")
    child.sendline("q")
    child.expect(pexpect.EOF)
    again = spawn(str(tmp_path / "rec.json"), cwd=str(tmp_path))
    again.expect("move> ")
    assert "deal 3" in again.before
    again.sendeof()
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


@pytest.mark.parametrize("line", ["99", "0", "move " + "a@>" * 3000])
def test_bad_input_in_play_is_answered_and_play_goes_on(tmp_path, line):
    child = spawn("clock", "--deal", "3", cwd=str(tmp_path))
    child.expect("move> ")
    child.sendline(line)
    child.expect("not a move here: ")
    child.expect("move> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
