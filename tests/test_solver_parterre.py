"""The Parterre's portfolio: streamliners first, then the complete best-first search, which proves losses."""
import pasyans
from pasyans.solver import play_line, solve
from pasyans.solver.parterre import ParterreKnowledge


def test_the_portfolio_ends_in_the_complete_best_first_search():
    *streamlined, last = ParterreKnowledge().portfolio(pasyans.new_game("parterre", 1))
    assert all(not s.complete and s.best_first for s in streamlined)
    assert last.complete and last.best_first and abs(sum(s.share for s in streamlined) + last.share - 1) < 1e-9


def test_the_complete_best_first_search_proves_a_loss_and_finds_wins():
    lost = solve(pasyans.new_game("parterre", deal=3))
    assert (lost.verdict, lost.strategy) == ("lost", "best first, complete")
    g = pasyans.new_game("parterre", deal=4)
    k = ParterreKnowledge()
    *_, last = k.portfolio(g)
    k.portfolio = lambda g: (last,)  # the complete search alone (the depth-first search needs 55,527 states)
    won = solve(g, 5_000, 60, k)
    assert (won.verdict, won.strategy) == ("won", "best first, complete") and play_line(g, won.line).status == "won"
