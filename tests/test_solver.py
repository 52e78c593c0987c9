"""The solver and hints: won lines replay, lost verdicts agree with brute force, budgets bind."""
import pytest

import pasyans
from pasyans import GAMES
from pasyans.games.clock import Clock
from pasyans.solver import PLAIN, Knowledge, Strategy, play_line, solve
from pasyans.solver.parterre import ParterreKnowledge
from pasyans.solver.streamliners import FoundationsAtOnce, Streamlined, SuitsFolded, foundations_at_once, generic


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


@pytest.mark.parametrize("probe,orders,streamlined", [(0.0, (), ()), (0.3, (), ()), (0.0, (0.01, 0.01), ()),
                                                      (0.0, (), generic(0.5, ("found", "turn"), orders=1)),
                                                      (0.1, (), (Strategy("best", 0.4, SuitsFolded, best_first=True),)),
                                                      (0.0, (), (Strategy("best, complete", 0.5, best_first=True),))],
                         ids=["search", "probe", "orders", "streamlined", "best first", "complete best first"])
@pytest.mark.parametrize("waste,deal_no,redeals", [
    ("2S 3S", 1, 1), ("2S 2H", 2, 2), ("2H 2S 2C", 1, 2), ("2C 2H", 3, 2), ("2H 2C 2S", 1, 1),
])
def test_lost_and_won_verdicts_agree_with_brute_force(waste, deal_no, redeals, probe, orders, streamlined):
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(3, 14)}
    places.update({"clock.1": "AD AS AH AC", "clock.2": "2D"})
    g = Clock.from_position({**places, "waste": waste}, base=2, deal_no=deal_no, options={"redeals": redeals})
    expected = brute_force(g.clone())
    res = solve(g, knowledge=Strategies(probe, orders, streamlined))
    assert res.verdict == ("won" if expected else "lost")
    if res.verdict == "won":
        assert play_line(g, res.line).status == "won"


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

    def __init__(self, probe: float = 0.0, shares: tuple[float, ...] = (), streamlined: tuple = ()) -> None:
        self.share, self.shares, self.streamlined = probe, shares, streamlined

    def streamliners(self, g):
        return self.streamlined

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


class _Nothing(Streamlined):
    """A streamliner that tries no move at all: it exhausts any space at once."""

    def ordered(self, g, moves):
        return []

    def safe_move(self, g, moves):
        return None


def only(*strategies: Strategy, knowledge: type = Knowledge) -> Knowledge:
    """The ``knowledge`` whose portfolio is ``strategies``."""
    return type("Only", (knowledge,), {"portfolio": lambda self, g: strategies})()


def test_a_streamlined_strategy_never_proves_a_loss():
    g = pasyans.new_game("parterre", deal=3)  # lost: the search proves it in 327 states
    proof = solve(g, 2_000, 60, only(knowledge=ParterreKnowledge))
    assert proof.verdict == "lost" and proof.states > 300
    for strategy in (Strategy("up at once", 1.0, foundations_at_once()),
                     Strategy("best first", 1.0, FoundationsAtOnce, best_first=True),
                     Strategy("probe, suits folded", 1.0, SuitsFolded, probe=True)):
        res = solve(g, 300, 60, only(strategy, knowledge=ParterreKnowledge))  # less than a proof needs
        assert (res.verdict, res.strategy) == ("unknown", ""), strategy.name
    # Its space exhausted, the strategy hands the rest of the budget to the complete search.
    res = solve(g, 2_000, 60, only(Strategy("nothing", 0.5, _Nothing), knowledge=ParterreKnowledge))
    assert (res.verdict, res.strategy) == ("lost", "search")
    won = pasyans.new_game("favorite", deal=1)
    res = solve(won, 10_000, 60, only(Strategy("nothing", 0.5, _Nothing)))
    assert (res.verdict, res.strategy) == ("won", "search")


def test_every_streamlined_win_replays_to_a_won_game():
    by = {}
    for deal in range(1, 13):
        g = pasyans.new_game("parterre", deal=deal)
        res = solve(g, 6_000, 60)
        by[res.strategy] = by.get(res.strategy, 0) + 1
        if res.verdict == "won":
            assert play_line(g, res.line).status == "won"
        assert g.moves == []
    assert any(name.startswith("best first") for name in by), by


def test_a_streamlined_win_is_believed_only_when_its_line_replays(monkeypatch):
    from pasyans.solver import search
    g = pasyans.new_game("parterre", deal=8)  # won by the search in 15,669 states, cards up at once in 3,905
    k = only(Strategy("up at once", 0.2, foundations_at_once()), knowledge=ParterreKnowledge)
    res = solve(g, 30_000, 60, k)
    assert res.strategy == "up at once" and res.states < 5_000
    assert search._replays(g, res.line) and not search._replays(g, res.line[:-1])
    monkeypatch.setattr(search, "_replays", lambda game, line: False)
    res = solve(g, 30_000, 60, k)
    assert (res.verdict, res.strategy) == ("won", "search") and play_line(g, res.line).status == "won"


def test_the_portfolio_is_deterministic_for_a_budget():
    def run(deal):
        r = solve(pasyans.new_game("parterre", deal=deal), 4_000, 100)
        return r.verdict, r.states, r.strategy, [m.notation for m in r.line]

    first = [run(d) for d in (4, 8, 2)]
    assert [run(d) for d in (2, 8, 4)] == first[::-1]
    assert all(r[1] <= 4_100 for r in first)  # a best-first count may pass the budget by one expansion's children


def test_parterre_streamliners_serve_every_reading():
    k = ParterreKnowledge()
    assert [s.name for s in k.streamliners(pasyans.new_game("parterre", 1))] == ["best first 1", "best first 2"]
    assert [s.name for s in k.streamliners(pasyans.new_game("parterre", 1, transfer="sequence"))] == ["best first 1"]
    assert [s.name for s in k.streamliners(pasyans.new_game("parterre", 1, bases="any"))] == ["chosen bases"]
    assert all(not s.complete for s in k.streamliners(pasyans.new_game("parterre", 1)))
    *streamlined, last = k.portfolio(pasyans.new_game("parterre", 1))
    assert sum(s.share for s in streamlined) < 0.85 and last.complete  # a complete search proves losses
    assert last.share > 0.6  # most losses need more of one complete search than a fifth of the budget
