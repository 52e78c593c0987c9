"""Behavioural fingerprints: a refactor keeps them, a rule that plays differently changes them."""
import importlib.util
import json

import pytest

from pasyans import GAMES, players, stats
from pasyans import fingerprint as fp
from pasyans.cards import Card
from pasyans.games.braid import Braid
from pasyans.games.clock import Clock
from pasyans.solver.knowledge import Knowledge

REVERSED = {"second_deal": "reversed"}


def test_a_refactor_keeps_the_fingerprint(monkeypatch):
    before = {o["ends"]: fp.rules("braid", o) for o in stats.readings("braid")[:2]}
    generate, apply = Braid._generate, Braid._apply

    def listed_otherwise(self):  # the same moves, listed in another order
        return generate(self)[::-1]

    def moved_helper(self, move):  # the same effect, through a helper of another name
        return apply(self, move)

    monkeypatch.setattr(Braid, "_generate", listed_otherwise)
    monkeypatch.setattr(Braid, "_carry_out", moved_helper, raising=False)
    monkeypatch.setattr(Braid, "_apply", lambda self, move: self._carry_out(move))
    assert {o["ends"]: fp.rules("braid", o) for o in stats.readings("braid")[:2]} == before


def test_a_mutant_of_one_reading_changes_that_readings_fingerprint_only(monkeypatch):
    default, reversed_ = fp.rules("clock"), fp.rules("clock", REVERSED)
    apply = Clock._apply

    def same_either_way(self, move):  # the 'reversed' second deal played like 'same'
        if move.kind == "redeal":
            self.options = {**self.options, "second_deal": "same"}
            try:
                return apply(self, move)
            finally:
                self.options = {**self.options, "second_deal": "reversed"}
        return apply(self, move)

    monkeypatch.setattr(Clock, "_apply", same_either_way)
    assert fp.rules("clock") == default
    assert fp.rules("clock", REVERSED) != reversed_


def test_one_cards_legality_in_the_last_pass_changes_it(monkeypatch):
    before = fp.rules("braid")
    generate = Braid._generate
    queen = Card.parse("QH")

    def no_queen_at_the_end(self):
        moves = generate(self)
        if self.pass_no == self.options["redeals"] + 1:
            moves = [m for m in moves if not (m.kind == "found" and m.steps[0][0] == queen)]
        return moves

    monkeypatch.setattr(Braid, "_generate", no_queen_at_the_end)
    assert fp.rules("braid") != before


def test_the_playouts_reach_every_phase():
    braid = fp.trace("braid")
    assert braid.kinds["redeal"] == 3 * len(fp.DEALS)  # every redeal the reading allows, on every deal
    assert {"won", "lost"} <= set(fp.trace("clock").ends)  # the end, a win as well as a loss
    assert all(braid.perfts)


def test_the_blind_fingerprint_follows_the_players_policy(monkeypatch):
    rules, blind = fp.rules("clock"), fp.blind("braid")
    monkeypatch.setattr(players, "blind_choice", lambda game: game.legal_moves()[-1])
    assert fp.blind("braid") != blind and fp.rules("clock") == rules


def _module(tmp_path, name, text):
    f = tmp_path / f"{name}.py"
    f.write_text(text)
    spec = importlib.util.spec_from_file_location(name, f)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_solver_code_follows_code_not_prose(tmp_path, monkeypatch):
    prose = fp.code(_module(tmp_path, "a", '"""Doc."""\ndef f():\n    """Say."""\n    return 1  # one\n'))
    bare = fp.code(_module(tmp_path, "b", '"""Other words."""\n\n\ndef f():\n    return 1\n'))
    changed = fp.code(_module(tmp_path, "c", '"""Doc."""\ndef f():\n    """Say."""\n    return 2\n'))
    assert prose == bare != changed
    before = fp.solver_code("clock")
    monkeypatch.setattr(fp, "_solver_modules", lambda game: [_module(tmp_path, "d", "x = 1\n")])
    assert fp.solver_code("clock") != before


def test_the_solver_code_covers_a_games_search_knowledge():
    mods = {m.__name__ for m in fp._solver_modules("braid")}
    assert {"pasyans.solver", "pasyans.players"} <= mods
    assert fp.solver_code("braid") != fp.solver_code("octagon")


def test_the_solver_version_follows_what_the_solver_does(monkeypatch):
    """A refactor (new code, every solve the same) keeps the version, so the rows it decided stay
    today's; a search that tries its moves in another order changes it."""
    monkeypatch.setattr(fp, "_BEHAVIOUR", {})
    before = fp.solver_version("clock")
    monkeypatch.setattr(fp, "solver_code", lambda game: "a refactor")
    assert fp.solver_version("clock") == before
    ordered = Knowledge.ordered
    monkeypatch.setattr(fp, "solver_code", lambda game: "another order")
    monkeypatch.setattr(Knowledge, "ordered", lambda self, g, moves: ordered(self, g, moves)[::-1])
    assert fp.solver_version("clock") != before


@pytest.mark.parametrize("gid", [g for g in GAMES if "solver_code" in stats.committed(g)])
def test_a_committed_table_names_its_solver_truly(gid):
    """A table read under the code it names carries that code's behaviour, watched again here."""
    table = stats.committed(gid)
    if table["solver_code"] != fp.solver_code(gid):
        pytest.skip("the solver's code changed since the table was made: its version is watched, not read")
    assert fp.solver_behaviour(gid) == table["solver"]


def test_todays_code_is_recorded_only_where_the_solver_does_what_the_table_names(tmp_path):
    table = stats.committed("clock")
    path = tmp_path / "clock.json"
    path.write_text(json.dumps({**table, "solver_code": "an older code"}))
    assert stats.record_solver_code("clock", path)
    assert stats.load(path) == {**table, "solver_code": fp.solver_code("clock")}
    assert list(stats.load(path))[:4] == ["game", "rules", "solver", "solver_code"]
    other = json.dumps({**table, "solver": "another solver", "solver_code": "an older code"})
    path.write_text(other)
    assert not stats.record_solver_code("clock", path)
    assert path.read_text() == other
