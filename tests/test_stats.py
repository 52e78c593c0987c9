"""Statistics: Wilson intervals, determinism, saving, and the Dask path equal to the local one."""
import importlib.util
import json

import pytest

from pasyans import stats
from pasyans.errors import BadOption


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
    assert a["rules"] == stats.fingerprint("clock")


def _module(tmp_path, name, text):
    f = tmp_path / f"{name}.py"
    f.write_text(text)
    spec = importlib.util.spec_from_file_location(name, f)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fingerprint_follows_code_not_prose(tmp_path):
    prose = stats._code(_module(tmp_path, "a", '"""Doc."""\ndef f():\n    """Say."""\n    return 1  # one\n'))
    bare = stats._code(_module(tmp_path, "b", '"""Other words."""\n\n\ndef f():\n    return 1\n'))
    changed = stats._code(_module(tmp_path, "c", '"""Doc."""\ndef f():\n    """Say."""\n    return 2\n'))
    assert prose == bare != changed


def test_the_fingerprint_covers_the_core_every_verdict_depends_on(monkeypatch):
    names = {m.__name__ for m in stats._CORE}
    assert {"pasyans.rng", "pasyans.game", "pasyans.players", "pasyans.solver"} <= names
    before = stats.fingerprint("clock")
    monkeypatch.setattr(stats, "_CORE", tuple(m for m in stats._CORE if m.__name__ != "pasyans.solver"))
    assert stats.fingerprint("clock") != before


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
        {"redeals": 1, "aside": "waiting", "second_deal": "same"}, {"redeals": 1, "aside": "spread", "second_deal": "same"},
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
