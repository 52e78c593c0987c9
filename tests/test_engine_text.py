"""The engine and the edition agree: every cited sentence and every named note exists."""
import re
from pathlib import Path

import pytest

import pasyans
from pasyans import GAMES, texts

ROOT = Path(__file__).resolve().parent.parent
SID = re.compile(r'"((?:' + "|".join(GAMES) + r')\.(?:p|r|fn)\d+\.s\d+)"')
NID = re.compile(r'"((?:' + "|".join(GAMES) + r')\.n\.[a-z0-9_]+)"')


def source(gid: str) -> str:
    return (ROOT / "kernel" / "games" / f"{gid}.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_cited_sentence_exists_in_all_three_layers(gid):
    for sid in SID.findall(source(gid)):
        for layer in ("diplomatic", "modern", "english"):
            assert texts.sentence(sid, layer), f"{sid} has no {layer} text"


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_note_the_engine_names_exists(gid):
    for nid in set(NID.findall(source(gid))):
        assert texts.note(nid).game == gid, nid


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_option_has_its_note_naming_it(gid):
    for opt in pasyans.options(gid):
        note = texts.note(opt.note)
        assert opt.name in note.options, f"note {opt.note} does not name option {opt.name} (ana='option:{opt.name}')"
        for sid in opt.cites:
            assert texts.sentence(sid), sid


@pytest.mark.parametrize("gid", list(GAMES))
def test_moves_of_a_played_game_cite_existing_sentences_and_notes(gid):
    g = pasyans.new_game(gid, deal=3)
    g.advance()
    for i in range(40):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[i % len(legal)])
    for m in g.moves + g.legal_moves():
        for sid in m.cites:
            assert texts.sentence(sid), sid
        for nid in m.notes:
            assert texts.note(nid), nid
