"""The committed win-rate tables: complete, computed under today's rules, and reproducible."""
import pytest

import pasyans
from pasyans import GAMES, claims, stats, texts
from pasyans.solver import solve


@pytest.mark.parametrize("gid", list(GAMES))
def test_table_is_complete_and_current(gid):
    table = stats.committed(gid)
    assert table["rules"] == stats.fingerprint(gid), (
        f"{gid}'s code changed since its table was computed: run `pasyans campaign {gid}`")
    runs = table["runs"]
    defaults = GAMES[gid].resolve_options({})
    assert runs[0]["options"] == defaults and runs[0]["thoughtful"]["n"] >= 1000
    deviations = [{**defaults, o.name: c} for o in GAMES[gid].OPTIONS for c in o.choices if c != o.default]
    assert [r["options"] for r in runs[1:]] == deviations
    assert all(r["thoughtful"]["n"] >= 300 for r in runs[1:])
    for r in runs:
        t = r["thoughtful"]
        assert t["won"]["count"] + t["lost"]["count"] + t["unknown"]["count"] == t["n"]
        assert len(r["solver_verdicts"]) == len(r["blind_verdicts"]) == t["n"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_twenty_deals_solve_again_to_the_same_verdicts(gid):
    run = stats.committed(gid)["runs"][0]
    first = run["deals"][0]
    letters = run["solver_verdicts"]
    picks = [i for i in range(0, len(letters), max(1, len(letters) // 20)) if letters[i] in "WLU"][:20]
    assert len(picks) == 20
    for i in picks:
        deal = first + i
        res = solve(pasyans.new_game(gid, deal), budget_states=run["budget_states"], budget_s=600)
        assert res.verdict[0].upper() == letters[i], f"{gid} deal {deal}: engine says {res.verdict}"
        blind = stats.blind_play(pasyans.new_game(gid, deal))
        assert blind[0].upper() == run["blind_verdicts"][i], f"{gid} deal {deal}: blind player {blind}"


@pytest.mark.parametrize("claim", claims.CLAIMS, ids=lambda c: c.sentence)
def test_every_claim_has_a_verdict_and_quotes_its_sentence(claim):
    verdict, figures = claim.verdict()
    assert verdict in ("supported", "contradicted", "open") and "%" in figures
    assert texts.sentence(claim.sentence, "modern"), claim.sentence
