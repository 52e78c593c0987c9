"""Statistics: Wilson intervals, determinism, saving, and the Dask path equal to the local one."""
import pytest

from pasyans import fingerprint, stats
from pasyans.errors import BadOption
from pasyans.games.braid import Braid
from pasyans.solver import Result


def test_wilson_interval_known_values():
    lo, hi = stats.wilson(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert stats.wilson(0, 10)[0] == 0.0 and stats.wilson(10, 10)[1] == pytest.approx(1.0)


def timeless(table):
    """A table without its timings, which legitimately differ between runs."""
    return {**table, "per_deal": [{k: v for k, v in r.items() if k != "seconds"} for r in table["per_deal"]]}


def test_stats_are_deterministic_and_parallel_equals_serial():
    a = stats.stats("clock", range(1, 13), jobs=1, progress=False, options={"redeals": 1})
    b = stats.stats("clock", range(1, 13), jobs=2, progress=False, options={"redeals": 1})
    assert timeless(a) == timeless(b)
    assert a["thoughtful"]["n"] == 12 and a["deals"] == [1, 12]
    assert a["rules"] == fingerprint.rules("clock", {"redeals": 1})
    assert a["solver"] == fingerprint.solver_version("clock")


def test_dask_path_gives_the_same_numbers():
    distributed = pytest.importorskip("distributed")
    local = stats.stats("clock", range(1, 9), jobs=1, progress=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = stats.stats("clock", range(1, 9), scheduler=client, progress=False)
    assert timeless(remote) == timeless(local)


def test_save_and_load(tmp_path):
    table = stats.stats("clock", range(1, 4), jobs=1, progress=False)
    path = stats.save(table, tmp_path / "clock.json")
    saved = stats.load(path)
    assert saved["thoughtful"] == table["thoughtful"] and saved["solver_verdicts"] == "WWW"
    rows = path.with_suffix(".csv").read_text().splitlines()
    assert rows[0].startswith("game,options,deal") and len(rows) == 4


def test_campaign_covers_every_single_option_deviation(tmp_path):
    table = stats.campaign("clock", range(1, 5), range(1, 3), jobs=1, progress=False)
    assert [r["options"] for r in table["runs"]] == [
        {"redeals": 1, "aside": "top", "second_deal": "same"}, {"redeals": 2, "aside": "top", "second_deal": "same"},
        {"redeals": 1, "aside": "waiting", "second_deal": "same"},
        {"redeals": 1, "aside": "spread", "second_deal": "same"},
        {"redeals": 1, "aside": "top", "second_deal": "reversed"}]
    path = stats.save(table, tmp_path / "c.json")
    assert [len(r["solver_verdicts"]) for r in stats.load(path)["runs"]] == [4, 2, 2, 2, 2]


def test_bad_option_fails_before_any_work():
    with pytest.raises(BadOption):
        stats.stats("clock", range(1, 3), options={"nope": 1}, progress=False)


def test_blind_player_never_sees_the_stock():
    from pasyans import new_game
    g = new_game("clock", deal=2)
    assert stats.blind_play(g) in ("won", "lost")


# ---- refresh: no more work than the change needs ------------------------------------------------
SMALL = {"default_deals": range(1, 13), "deviation_deals": range(1, 2), "budget_states": 300, "jobs": 1,
         "progress": False}


@pytest.fixture
def small_table(tmp_path):
    """A tiny braid table (won, lost and unknown rows) saved, and a log of the deals solved since."""
    path = stats.save(stats.campaign("braid", SMALL["default_deals"], SMALL["deviation_deals"], 300, jobs=1,
                                     progress=False), tmp_path / "braid.json")
    assert set(stats.load(path)["runs"][0]["solver_verdicts"]) == set("WLU")
    return path


@pytest.fixture
def solved(monkeypatch):
    calls = []
    real = stats.solve

    def counting(game, **kw):
        calls.append((stats._key(game.options), game.deal))
        return real(game, **kw)

    monkeypatch.setattr(stats, "solve", counting)
    return calls


def _default_run(path):
    return stats.load(path)["runs"][0]


def test_refresh_with_nothing_changed_solves_nothing(small_table, solved):
    before = stats.load(small_table)
    table = stats.refresh("braid", small_table, **SMALL, log=lambda _: None)
    assert solved == []
    after = ["".join(x["solver"][0].upper() for x in r["per_deal"]) for r in table["runs"]]
    assert after == [r["solver_verdicts"] for r in before["runs"]]


def test_a_solver_only_change_resolves_only_the_unknown_rows(small_table, solved, monkeypatch):
    run = _default_run(small_table)
    letters = run["solver_verdicts"]
    monkeypatch.setattr(stats, "solver_version", lambda game: "a-new-solver")
    monkeypatch.setattr(stats, "REPROVE_LOST", 2)
    monkeypatch.setattr(stats, "REPROVE_WON", 1)
    lines = []
    table = stats.refresh("braid", small_table, **SMALL, log=lines.append)
    default = [deal for options, deal in solved if options == stats._key(stats.readings("braid")[0])]
    unknown = [i + 1 for i, v in enumerate(letters) if v == "U"]
    lost = [i + 1 for i, v in enumerate(letters) if v == "L"]
    won = [i + 1 for i, v in enumerate(letters) if v == "W"]
    assert default == unknown + stats._sample(lost, 2) + stats._sample(won, 1)
    new = stats.save(table, small_table)
    fresh = _default_run(new)
    assert all(fresh["solver_verdicts"][i] == v for i, v in enumerate(letters) if v != "U")  # facts and proofs stay
    assert {stats.row_solver(fresh, d - 1) for d in default} == {"a-new-solver"}
    assert any("unknown rows solved again" in line for line in lines)
    solved.clear()
    stats.refresh("braid", new, **SMALL, log=lambda _: None)
    assert solved == []  # the new solver has tried every unknown row now


def test_a_row_that_only_reaches_the_time_cap_is_not_counted_decided(small_table, monkeypatch):
    """An unknown row that runs into the time cap again is a ``timeout`` row, still undecided."""
    monkeypatch.setattr(stats, "solver_version", lambda game: "a-new-solver")
    monkeypatch.setattr(stats, "solve", lambda game, **kw: Result("unknown", states=1, cut_by_time=True))
    lines: list[str] = []
    table = stats.refresh("braid", small_table, **SMALL, log=lines.append)
    said = [line for line in lines if "unknown rows solved again" in line]
    assert said and all("(0 decided)" in line for line in said), said
    verdicts = {row["solver"] for row in table["runs"][0]["per_deal"]}
    assert "timeout" in verdicts and "unknown" not in verdicts


def test_time_capped_rows_are_solved_again_only_when_asked(small_table, solved, monkeypatch):
    """The time cap depends on the machine: ``retry_capped`` solves today's time-capped rows again,
    and nothing else; without it they stay as they are."""
    counting = stats.solve
    monkeypatch.setattr(stats, "solver_version", lambda game: "a-new-solver")
    monkeypatch.setattr(stats, "solve", lambda game, **kw: Result("unknown", states=1, cut_by_time=True))
    capped_table = stats.save(stats.refresh("braid", small_table, **SMALL, log=lambda _: None), small_table)
    letters = _default_run(capped_table)["solver_verdicts"]
    capped = [i + 1 for i, v in enumerate(letters) if v == "T"]
    assert capped and "U" not in letters
    monkeypatch.setattr(stats, "solve", counting)
    solved.clear()
    stats.refresh("braid", capped_table, **SMALL, log=lambda _: None)
    assert solved == []
    lines: list[str] = []
    table = stats.refresh("braid", capped_table, **SMALL, log=lines.append, retry_capped=True)
    default = [deal for options, deal in solved if options == stats._key(stats.readings("braid")[0])]
    assert default == capped
    fresh = _default_run(stats.save(table, capped_table))["solver_verdicts"]
    assert [v for v in fresh if v in "WL"] == [v for v in letters if v in "WL"]
    assert "T" not in fresh  # at 300 states and no real cap, the budget runs out first: U
    assert any(f"and {len(capped)} time-capped rows solved again" in line for line in lines), lines


def test_a_larger_budget_resolves_only_the_unknown_rows(small_table, solved, monkeypatch):
    """A won row is a line that replays and a lost row a proof at any budget: a larger budget
    solves the unknown rows again (and the sample of re-proofs), keeps the rest, and is recorded."""
    letters = _default_run(small_table)["solver_verdicts"]
    monkeypatch.setattr(stats, "REPROVE_LOST", 1)
    monkeypatch.setattr(stats, "REPROVE_WON", 1)
    lines = []
    table = stats.refresh("braid", small_table, **{**SMALL, "budget_states": 3000}, log=lines.append)
    default = [deal for options, deal in solved if options == stats._key(stats.readings("braid")[0])]
    unknown = [i + 1 for i, v in enumerate(letters) if v == "U"]
    lost = [i + 1 for i, v in enumerate(letters) if v == "L"]
    won = [i + 1 for i, v in enumerate(letters) if v == "W"]
    assert default == unknown + stats._sample(lost, 1) + stats._sample(won, 1)
    fresh = _default_run(stats.save(table, small_table))
    assert fresh["budget_states"] == 3000
    assert all(fresh["solver_verdicts"][i] == v for i, v in enumerate(letters) if v != "U")
    assert any("budget grows from 300 to 3,000" in line for line in lines)
    solved.clear()
    stats.refresh("braid", small_table, **{**SMALL, "budget_states": 3000}, log=lambda _: None)
    assert solved == []  # every row is up to this budget now
    stats.refresh("braid", small_table, **SMALL, log=lambda _: None)
    assert len(solved) == len(SMALL["default_deals"]) + 6 * len(SMALL["deviation_deals"])  # a smaller one: whole


def test_a_flip_fails_loudly_and_changes_nothing(small_table, monkeypatch):
    letters = _default_run(small_table)["solver_verdicts"]
    lost = letters.index("L") + 1
    real = stats.solve

    def unsound(game, **kw):
        res = real(game, **kw)
        if game.deal == lost and game.options["ends"] == 2:
            res.verdict = "won"
        return res

    monkeypatch.setattr(stats, "solve", unsound)
    monkeypatch.setattr(stats, "solver_version", lambda game: "an-unsound-solver")
    monkeypatch.setattr(stats, "REPROVE_LOST", 100)
    with pytest.raises(stats.SoundnessError, match=f"deal {lost}: lost"):
        stats.refresh("braid", small_table, **SMALL, log=lambda _: None)


def test_a_rules_change_recomputes_the_reading_whole(small_table, solved, monkeypatch):
    generate = Braid._generate

    def without_redeals_under_four_ends(self):  # a mutant of the ends=4 reading only
        moves = generate(self)
        return [m for m in moves if m.kind != "redeal"] if self.options["ends"] == 4 else moves

    monkeypatch.setattr(Braid, "_generate", without_redeals_under_four_ends)
    lines = []
    stats.refresh("braid", small_table, **SMALL, log=lines.append)
    assert solved == [(stats._key({**stats.readings("braid")[0], "ends": 4}), 1)]  # that reading's deal alone
    assert lines == ["braid {\"ends\": 4}: the rules changed: computed whole"]


def test_a_new_blind_player_replays_only_its_column(small_table, solved, monkeypatch):
    from pasyans import players

    monkeypatch.setattr(players, "blind_choice", lambda game: game.legal_moves()[-1])
    lines = []
    stats.refresh("braid", small_table, **SMALL, log=lines.append)
    assert solved == [] and lines and all("blind player changed" in line for line in lines)
