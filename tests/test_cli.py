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
    code, out, _ = run(capsys, "play", str(path))
    assert code == 0 and "Часы" in out


@pytest.mark.parametrize("argv,needle", [
    (["show", "chess"], "no game 'chess'"),
    (["show", "clock", "--option", "redeals=9"], "takes one of"),
    (["show", "clock", "--option", "colour"], "name=value"),
    (["show", "clock", "--deal", "0"], "from 1 to"),
    (["stats", "clock", "--deals", "9-3"], "first not above last"),
    (["stats", "clock", "--deals", "x"], "N or N-M"),
    (["solve", "clock", "--option", "bogus=1"], "no option 'bogus'"),
    (["play", "/nonexistent.json"], "cannot read"),
])
def test_errors_are_one_clear_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err, err
