"""The solver and hints: won lines replay, lost verdicts agree with brute force, budgets bind."""
import pasyans
import pytest
from pasyans import GAMES
from pasyans.games.clock import Clock
from pasyans.solver import PLAIN, Knowledge, play_line, solve


def brute_force(game) -> bool:
    """Whether any sequence of legal moves wins, by the public API alone (small positions only)."""
    if game.status != "playing":
        return game.status == "won"
    for m in game.legal_moves():
        game.play(m)
        ok = brute_force(game)
        game.undo()
        if ok:
            return True
    return False


@pytest.mark.parametrize("gid", list(GAMES))
def test_won_lines_replay_to_a_won_game(gid):
    found = 0
    for deal in range(1, 4):
        g = pasyans.new_game(gid, deal=deal)
        res = solve(g, budget_states=3_000, budget_s=20)
        assert res.verdict in ("won", "lost", "unknown")
        if res.verdict == "won":
            found += 1
            assert play_line(g, res.line).status == "won"
        assert g.moves == [], "solving does not change the game"


@pytest.mark.parametrize("probe,orders", [(0.0, ()), (0.3, ()), (0.0, (0.01, 0.01))],
                         ids=["search", "probe", "orders"])
@pytest.mark.parametrize("waste,deal_no,redeals", [
    ("2S 3S", 1, 1), ("2S 2H", 2, 2), ("2H 2S 2C", 1, 2), ("2C 2H", 3, 2), ("2H 2C 2S", 1, 1),
])
def test_lost_and_won_verdicts_agree_with_brute_force(waste, deal_no, redeals, probe, orders):
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(3, 14)}
    places.update({"clock.1": "AD AS AH AC", "clock.2": "2D"})
    g = Clock.from_position({**places, "waste": waste}, base=2, deal_no=deal_no, options={"redeals": redeals})
    expected = brute_force(g.clone())
    res = solve(g, knowledge=Strategies(probe, orders))
    assert res.verdict == ("won" if expected else "lost")


def test_budget_makes_the_verdict_unknown_and_is_machine_independent():
    g = pasyans.new_game("clock", deal=5, redeals=1, aside="waiting")  # the blind line loses: the search runs
    res = solve(g, budget_states=10)
    assert res.verdict == "unknown" and res.states == 11 and not res.cut_by_time


def test_hint_gives_the_first_move_of_a_winning_line():
    g = pasyans.new_game("clock", deal=5)
    h = pasyans.hint(g)
    assert h.kind == "winning" and h.move in g.legal_moves()
    assert "wins" in str(h)


def test_hint_on_a_finished_game():
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(1, 14)}
    g = Clock.from_position(places, base=2, deal_no=3)
    assert pasyans.hint(g).move is None


class Strategies(Knowledge):
    """The plain knowledge with a probe on ``probe`` of the budget and alternative move orders on
    the ``shares``: 1 the reverse of the plain order, 2 the plain order rotated."""

    def __init__(self, probe: float = 0.0, shares: tuple[float, ...] = ()) -> None:
        self.share, self.shares = probe, shares

    def probe(self, g):
        return self.share

    def orders(self, g):
        return self.shares

    def ordered(self, g, moves):
        ms = super().ordered(g, moves)
        return {0: ms, 1: ms[::-1], 2: ms[1:] + ms[:1]}[self.order]


@pytest.mark.parametrize("mode", ["probe", "orders"])
@pytest.mark.parametrize("gid,opts", [("favorite", {}), ("spouses", {}), ("go_no_go", {}), ("clock", {"redeals": 1})])
def test_the_probe_and_other_orders_reach_the_verdicts_of_the_plain_search(gid, opts, mode):
    plain = [solve(pasyans.new_game(gid, deal=d, **opts), 4_000, 60, PLAIN) for d in range(1, 7)]
    k = Strategies(0.3) if mode == "probe" else Strategies(0.0, (0.2, 0.2))
    for d, before in enumerate(plain, 1):
        g = pasyans.new_game(gid, deal=d, **opts)
        res = solve(g, budget_states=4_000, budget_s=60, knowledge=k)
        assert res.states <= 4_001
        if before.verdict != "unknown" and res.verdict != "unknown":
            assert res.verdict == before.verdict, (gid, d)
        if res.verdict == "won":
            assert play_line(g, res.line).status == "won"


def test_an_order_out_of_budget_hands_over_and_claims_nothing():
    g = pasyans.new_game("favorite", deal=1)  # won, after some search
    plain = solve(g, budget_states=10_000, knowledge=PLAIN)
    assert plain.verdict == "won" and plain.states > 20
    k = Strategies(0.0, (1 / 10_000, 1 / 10_000))  # one state each: both run out
    res = solve(g, budget_states=10_000, knowledge=k)
    assert res.verdict == "won" and res.states > plain.states and play_line(g, res.line).status == "won"
    assert k.order == 0


def test_the_time_cap_ends_the_probe_and_the_search_alike():
    g = pasyans.new_game("village", deal=1, bases="suit")
    res = solve(g, budget_states=10**6, budget_s=0, knowledge=Strategies(0.5))  # a search that probes first
    assert res.verdict == "unknown" and res.cut_by_time and res.states == 1024


@pytest.mark.parametrize("gid,deals", [("besieged_city", (30, 29)), ("braid", (3, 4)), ("indian_empress", (2, 5)),
                                       ("octagon", (1, 2))])
def test_two_solves_in_one_process_agree_in_either_order(gid, deals):
    """A search's caches are its own: no verdict depends on what another search met first."""
    def run(d):
        r = solve(pasyans.new_game(gid, d), 2_000, 100)
        return r.verdict, r.states

    a, b = deals
    first = [run(a), run(b)]
    second = [run(b), run(a)]
    assert first == second[::-1]


def test_solve_with_plain_knowledge_ignores_the_games_own():
    g = pasyans.new_game("besieged_city", 1)
    assert solve(g, 2_000, 30).states != solve(g, 2_000, 30, PLAIN).states
