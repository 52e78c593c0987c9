"""The committed win-rate tables: complete, computed under today's rules, and reproducible.

A table is current when every reading plays as it did (its behavioural fingerprint) and the blind
player plays as he did; a newer solver does not make it stale, but must not contradict it."""
import pytest

import pasyans
from pasyans import GAMES, claims, stats, texts
from pasyans import fingerprint as fp
from pasyans.solver import play_line, solve


@pytest.mark.parametrize("gid", list(GAMES))
def test_table_is_complete_and_current(gid):
    table = stats.committed(gid)
    for run in table["runs"]:
        assert run["rules"] == fp.rules(gid, run["options"]), (
            f"{gid} {run['options']}: the rules play differently since its table was computed: run `make stats`")
        assert run["blind_policy"] == fp.blind(gid, run["options"]), (
            f"{gid} {run['options']}: the blind player plays differently: run `make stats`")
    assert table["rules"] == stats.fingerprint(gid)
    runs = table["runs"]
    defaults = GAMES[gid].resolve_options({})
    assert runs[0]["options"] == defaults and runs[0]["thoughtful"]["n"] >= 1000
    deviations = [{**defaults, o.name: c} for o in GAMES[gid].OPTIONS for c in o.choices if c != o.default]
    assert [r["options"] for r in runs[1:]] == deviations
    assert all(r["thoughtful"]["n"] >= 300 for r in runs[1:])
    for r in runs:
        t = r["thoughtful"]
        assert t["won"]["count"] + t["lost"]["count"] + t["unknown"]["count"] == t["n"]
        assert len(r["solver_verdicts"]) == len(r["blind_verdicts"]) == len(r["solver_by"]) == t["n"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_twenty_deals_solve_again_to_the_same_verdicts(gid):
    """Rows today's solver decided come out the same (a win with a line that replays); rows of an
    older solver are not contradicted (a proved loss is not won, a won deal not proved lost)."""
    run = stats.committed(gid)["runs"][0]
    first = run["deals"][0]
    letters = run["solver_verdicts"]
    today = fp.solver_version(gid)
    eligible = [i for i, v in enumerate(letters) if v in "WLU"]  # a row cut by the time cap depends on the machine
    picks = eligible[::max(1, len(eligible) // 20)][:20]
    assert len(picks) == 20
    for i in picks:
        deal = first + i
        g = pasyans.new_game(gid, deal)
        res = solve(g, budget_states=run["budget_states"], budget_s=600)
        if res.verdict == "won":
            assert play_line(g, res.line).status == "won", f"{gid} deal {deal}: the winning line does not replay"
        if stats.row_solver(run, i) == today:
            assert res.verdict[0].upper() == letters[i], f"{gid} deal {deal}: engine says {res.verdict}"
        else:
            assert {res.verdict[0].upper(), letters[i]} != {"W", "L"}, f"{gid} deal {deal}: engine says {res.verdict}"
        blind = stats.blind_play(pasyans.new_game(gid, deal))
        assert blind[0].upper() == run["blind_verdicts"][i], f"{gid} deal {deal}: blind player {blind}"


@pytest.mark.parametrize("claim", claims.CLAIMS, ids=lambda c: c.sentence)
def test_every_claim_has_a_verdict_and_quotes_its_sentence(claim):
    verdict, figures = claim.verdict()
    assert verdict in ("supported", "contradicted", "open") and "%" in figures
    assert texts.sentence(claim.sentence, "modern"), claim.sentence
