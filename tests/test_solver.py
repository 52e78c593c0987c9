"""The solver and hints: won lines replay, lost verdicts agree with brute force, budgets bind."""
import pytest

import pasyans
from pasyans import GAMES
from pasyans.games.clock import Clock
from pasyans.solver import play_line, solve


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
def test_lost_and_won_verdicts_agree_with_brute_force(waste, deal_no, redeals, probe, orders, monkeypatch):
    monkeypatch.setattr(pasyans.game.Game, "solver_probe", lambda self: probe)
    _other_orders(monkeypatch, orders)
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(3, 14)}
    places.update({"clock.1": "AD AS AH AC", "clock.2": "2D"})
    g = Clock.from_position({**places, "waste": waste}, base=2, deal_no=deal_no, options={"redeals": redeals})
    expected = brute_force(g.clone())
    res = solve(g)
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


def _other_orders(monkeypatch, shares):
    """Every game gets alternative move orders: 1 the reverse of its own, 2 its own rotated."""
    own = pasyans.game.Game.solver_moves

    def moves(self, ms):
        ms = own(self, ms)
        return {0: ms, 1: ms[::-1], 2: ms[1:] + ms[:1]}[self.solver_order]

    monkeypatch.setattr(pasyans.game.Game, "solver_moves", moves)
    monkeypatch.setattr(pasyans.game.Game, "solver_orders", lambda self: shares)


@pytest.mark.parametrize("mode", ["probe", "orders"])
@pytest.mark.parametrize("gid,opts", [("favorite", {}), ("spouses", {}), ("go_no_go", {}), ("clock", {"redeals": 1})])
def test_the_probe_and_other_orders_reach_the_verdicts_of_the_plain_search(gid, opts, mode, monkeypatch):
    plain = [solve(pasyans.new_game(gid, deal=d, **opts), budget_states=4_000, budget_s=60) for d in range(1, 7)]
    if mode == "probe":
        monkeypatch.setattr(pasyans.game.Game, "solver_probe", lambda self: 0.3)
    else:
        _other_orders(monkeypatch, (0.2, 0.2))
    for d, before in enumerate(plain, 1):
        g = pasyans.new_game(gid, deal=d, **opts)
        res = solve(g, budget_states=4_000, budget_s=60)
        assert res.states <= 4_001
        if before.verdict != "unknown" and res.verdict != "unknown":
            assert res.verdict == before.verdict, (gid, d)
        if res.verdict == "won":
            assert play_line(g, res.line).status == "won"


def test_an_order_out_of_budget_hands_over_and_claims_nothing(monkeypatch):
    g = pasyans.new_game("favorite", deal=1)  # won, after some search
    plain = solve(g, budget_states=10_000)
    assert plain.verdict == "won" and plain.states > 20
    _other_orders(monkeypatch, (1 / 10_000, 1 / 10_000))  # one state each: both run out
    res = solve(g, budget_states=10_000)
    assert res.verdict == "won" and res.states > plain.states and play_line(g, res.line).status == "won"
    assert g.solver_order == 0


def test_the_time_cap_ends_the_probe_and_the_search_alike():
    g = pasyans.new_game("village", deal=1, bases="suit")  # a game that probes first
    assert g.solver_probe() > 0
    res = solve(g, budget_states=10**6, budget_s=0)
    assert res.verdict == "unknown" and res.cut_by_time and res.states == 1024
