"""The command line: listing, showing, solving, statistics, texts; errors are one line, exit 2."""
import json

import pytest

from pasyans.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_all_eleven(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and len(out.strip().splitlines()) == 11 and "Коса" in out


def test_show_prints_the_table(capsys):
    code, out, _ = run(capsys, "show", "clock", "--deal", "4")
    assert code == 0 and "Часы" in out and "the pack" in out


def test_solve_prints_verdict_and_line(capsys):
    code, out, _ = run(capsys, "solve", "clock", "--deal", "3")
    assert code == 0 and "clock deal 3: won" in out and "   1. choose:" in out


def test_stats_and_out(capsys, tmp_path):
    out_file = tmp_path / "t.json"
    code, out, _ = run(capsys, "stats", "clock", "--deals", "1-4", "--jobs", "1", "--quiet",
                       "--option", "redeals=1", "--option", "aside=waiting", "--out", str(out_file))
    assert code == 0 and "thoughtful won 0/4" in out
    assert json.loads(out_file.read_text())["options"]["redeals"] == 1


def test_replay_a_record_file(capsys, tmp_path):
    import pasyans
    g = pasyans.new_game("clock", deal=2)
    g.play("choose:S")
    path = tmp_path / "r.json"
    path.write_text(json.dumps(g.record()))
    code, out, _ = run(capsys, "replay", str(path), "--moves")
    assert code == 0 and "Часы" in out and "1. choose:S" in out


@pytest.mark.parametrize("argv,needle", [
    (["show", "chess"], "no game 'chess'"),
    (["show", "clock", "--option", "redeals=9"], "takes one of"),
    (["show", "clock", "--option", "colour"], "name=value"),
    (["show", "clock", "--deal", "0"], "from 1 to"),
    (["stats", "clock", "--deals", "9-3"], "first not above last"),
    (["stats", "clock", "--deals", "x"], "N or N-M"),
    (["solve", "clock", "--option", "bogus=1"], "no option 'bogus'"),
    (["replay", "/nonexistent.json"], "cannot read"),
    (["play", "/nonexistent.json"], "no game '/nonexistent.json'"),
    (["replay", "/dev/zero"], "not a record"),
    (["show", "clock", "--deal", "٣"], "digits 0-9"),
    (["show", "clock", "--option", "redeals=1", "--option", "redeals=2"], "given twice"),
    (["stats", "clock", "--deals", "1-2", "--out", "/proc/nope/x.json"], "cannot write"),
    (["stats", "clock", "--deals", "1-2", "--out", "/"], "is a folder"),
])
def test_errors_are_one_clear_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err, err


def _record_file(tmp_path, name, record):
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name,record,needle", [
    ("deep.json", "[" * 100_000, "nested too deeply"),
    ("deal.json", {"format": "pasyans-record/1", "game": "clock", "rules": 1, "deal": 1, "options": {"deal": 1},
                   "moves": []}, "no option 'deal'"),
    ("self.json", {"format": "pasyans-record/1", "game": "clock", "rules": 1, "deal": 1, "options": {"self": 1},
                   "moves": []}, "no option 'self'"),
    ("hostile.json", {"format": "pasyans-record/1", "game": "clock", "rules": 1, "deal": 1, "options": {},
                      "moves": ["move a" + "@>" * 5000 + " x"]}, "cannot be played"),
])
@pytest.mark.parametrize("command", ["play", "replay"])
def test_bad_record_files_are_one_line(capsys, tmp_path, name, record, needle, command):
    code, out, err = run(capsys, command, _record_file(tmp_path, name, record))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and needle in err, err
    assert len(err) < 500


@pytest.mark.parametrize("argv", [["solve", "clock", "--budget", "-1"], ["solve", "clock", "--budget", "0"],
                                  ["solve", "clock", "--seconds", "-1"], ["solve", "clock", "--seconds", "nan"],
                                  ["stats", "clock", "--budget", "-5"], ["stats", "clock", "--jobs", "0"]])
def test_negative_budgets_are_refused(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and ("at least 1" in err or "above 0" in err), err


def test_version_and_defaults_in_help(capsys):
    import pasyans

    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"pasyans {pasyans.__version__}"
    for command, default in [("solve", "200000"), ("stats", "50000"), ("campaign", "pasyans-stats"),
                             ("show", "en"), ("text", "diplomatic")]:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert f"default: {default}" in capsys.readouterr().out, command


def test_show_lays_the_deal_out_and_speaks_russian(capsys):
    code, out, _ = run(capsys, "show", "braid", "--deal", "7")
    braid = next(line for line in out.splitlines() if line.strip().startswith("the braid:"))
    assert code == 0 and len(braid.split()) > 10 and "Moves:" in out
    code, out, _ = run(capsys, "show", "коса", "--deal", "7", "--lang", "ru")
    assert code == 0 and out.startswith("Коса, расклад 7") and "колода:" in out and "Ходы:" in out
    code, raw, _ = run(capsys, "show", "The Braid", "--deal", "7", "--no-advance")
    assert code == 0 and "Moves:" in raw and raw.count("##") > 100


def test_stats_out_csv_writes_csv(capsys, tmp_path):
    out_file = tmp_path / "x.csv"
    code, out, _ = run(capsys, "stats", "clock", "--deals", "1-2", "--jobs", "1", "--quiet", "--out", str(out_file))
    assert code == 0 and out_file.read_text().startswith("game,options,deal")
    assert not (tmp_path / "x.json").exists()


def test_campaign_takes_ranges_prints_counts_and_saves_apart_from_the_edition(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "campaign", "clock", "--default", "1-3", "--deviation", "2", "--budget", "200",
                       "--jobs", "1", "--quiet")
    assert code == 0 and "n=3" in out and "n=1" in out
    saved = json.loads((tmp_path / "pasyans-stats" / "clock.json").read_text())
    assert saved["runs"][0]["deals"] == [1, 3]
    assert not (tmp_path / "texts").exists()


def test_a_closed_pipe_ends_quietly(tmp_path):
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "pasyans", "solve", "clock", "--deal", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line: head -0
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_notebooks_are_copied_out(capsys, tmp_path):
    code, out, _ = run(capsys, "notebooks", str(tmp_path / "nb"))
    assert code == 0 and (tmp_path / "nb" / "index.ipynb").is_file() and "copied 12 notebooks" in out
    code, _, err = run(capsys, "notebooks", str(tmp_path / "nb"))
    assert code == 2 and "--force" in err
    assert run(capsys, "notebooks", str(tmp_path / "nb"), "--force")[0] == 0


def test_show_and_play_never_name_a_face_down_card(capsys):
    import pasyans
    from pasyans.cards import CARDS

    g = pasyans.new_game("braid", deal=7)
    g.advance()
    turn = next(m for m in g.legal_moves() if m.kind == "turn")
    hidden = str(CARDS[turn.steps[0][0]])
    code, out, _ = run(capsys, "show", "braid", "--deal", "7")
    line = next(x for x in out.splitlines() if x.strip().split(". ", 1)[-1].startswith("turn"))
    assert code == 0 and hidden not in line and "a face-down card" in line


def test_solver_version_prints_code_and_version_and_records_the_code(capsys, tmp_path):
    from pasyans import fingerprint, stats

    code, out, _ = run(capsys, "solver-version", "clock")
    assert code == 0 and fingerprint.solver_code("clock") in out and fingerprint.solver_version("clock") in out
    (tmp_path / "clock.json").write_text(json.dumps({**stats.committed("clock"), "solver_code": "older"}))
    code, out, _ = run(capsys, "solver-version", "clock", "--record", str(tmp_path))
    assert code == 0 and "recorded" in out
    assert stats.load(tmp_path / "clock.json")["solver_code"] == fingerprint.solver_code("clock")
    code, out, _ = run(capsys, "solver-version", "clock", "--record", str(tmp_path / "none"))
    assert code == 2 and "clock.json" in out + _
