"""Win rates as bounds: an unknown deal counts neither as a loss nor as a win, in the chart, in
`WinRates`' text and in the claims' verdicts."""
import pytest

from pasyans import claims, stats
from pasyans.widgets import edition


def player(n, won, unknown):
    t = {"n": n, "won": {"count": won, "share": won / n}, "unknown": {"count": unknown, "share": unknown / n},
         "lost": {"count": n - won - unknown, "share": (n - won - unknown) / n}}
    return t


def table(thoughtful, blind=None, variant=None):
    runs = [{"options": {"x": 0}, "thoughtful": thoughtful, "blind": blind or player(1000, 0, 0)}]
    if variant:
        runs.append({"options": {"x": 1}, "thoughtful": variant, "blind": variant})
    return {"runs": runs}


def test_the_bounds_run_from_the_share_won_to_the_share_won_or_unknown():
    lo, hi = stats.bounds(player(100, 20, 60))
    assert lo == stats.wilson(20, 100)[0] and hi == stats.wilson(80, 100)[1]
    assert stats.bounds(player(100, 20, 0)) == stats.wilson(20, 100)


@pytest.mark.parametrize(("won", "unknown", "verdict"), [
    (600, 0, "supported"), (600, 300, "supported"), (200, 600, "open"), (200, 100, "contradicted")])
def test_a_claim_is_decided_only_when_the_whole_interval_agrees(won, unknown, verdict):
    assert claims.at_least("thoughtful", 0.5)(table(player(1000, won, unknown)))[0] == verdict


def test_at_most_counts_the_unknown_deals_as_possible_wins():
    assert claims.at_most("thoughtful", 0.10)(table(player(1000, 20, 0)))[0] == "supported"
    assert claims.at_most("thoughtful", 0.10)(table(player(1000, 20, 300)))[0] == "open"
    assert claims.at_most("thoughtful", 0.10)(table(player(1000, 300, 0)))[0] == "contradicted"


def test_skill_and_variants_are_judged_on_the_interval_of_the_difference():
    blind = player(1000, 100, 0)
    assert claims.skill_matters(0.10)(table(player(1000, 400, 0), blind))[0] == "supported"
    assert claims.skill_matters(0.10)(table(player(1000, 150, 400), blind))[0] == "open"
    assert claims.skill_matters(0.10)(table(player(1000, 110, 20), blind))[0] == "contradicted"
    lo, hi = claims.gap(player(1000, 150, 400), blind)
    assert lo < 0.05 < 0.10 < hi
    helps = claims.variant_helps("x", 1, "blind")
    assert helps(table(player(1000, 0, 0), player(1000, 100, 0), player(300, 60, 0)))[0] == "supported"
    assert helps(table(player(1000, 0, 0), player(1000, 100, 0), player(300, 36, 0)))[0] == "open"
    assert helps(table(player(1000, 0, 0), player(1000, 300, 0), player(300, 30, 0)))[0] == "contradicted"


def test_win_rates_show_won_unknown_and_lost_with_the_bounds():
    shown = edition.win_rates("parterre")
    run = stats.committed("parterre")["runs"][0]
    lo, hi = stats.bounds(run["thoughtful"])
    text = repr(shown).splitlines()[1]
    t = run["thoughtful"]
    for part in ("won", "unknown", "lost"):
        assert f"{part} {t[part]['share']:6.1%}" in text or f"{part} {t[part]['share']:5.1%}" in text
    assert f"rate {lo:.1%}–{hi:.1%}" in text
    assert shown.png().startswith(b"\x89PNG")
