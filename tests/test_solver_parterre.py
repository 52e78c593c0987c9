"""The Parterre's portfolio: a short complete depth-first search, streamliners, then the complete
best-first search; the complete ones prove losses."""
import pasyans
from pasyans.solver import play_line, solve
from pasyans.solver.parterre import ParterreKnowledge


def test_the_portfolio_runs_the_depth_first_search_first_and_ends_in_the_complete_best_first_search():
    first, *streamlined, last = ParterreKnowledge().portfolio(pasyans.new_game("parterre", 1))
    assert first.complete and not first.best_first and not first.probe
    assert all(not s.complete and s.best_first for s in streamlined)
    assert last.complete and last.best_first
    assert abs(first.share + sum(s.share for s in streamlined) + last.share - 1) < 1e-9


def test_the_depth_first_search_first_wins_and_proves_in_few_states():
    won = solve(pasyans.new_game("parterre", deal=54))  # the best-first searches miss it in 200,000 states
    assert (won.verdict, won.strategy) == ("won", "depth first") and won.states < 1_000
    assert play_line(pasyans.new_game("parterre", deal=54), won.line).status == "won"
    lost = solve(pasyans.new_game("parterre", deal=3))
    assert (lost.verdict, lost.strategy) == ("lost", "depth first") and lost.states < 1_000


def test_the_complete_best_first_search_proves_a_loss_and_finds_wins():
    g = pasyans.new_game("parterre", deal=3)
    k = ParterreKnowledge()
    *_, last = k.portfolio(g)
    k.portfolio = lambda g: (last,)  # the complete best-first search alone
    lost = solve(g, 5_000, 60, k)
    assert (lost.verdict, lost.strategy) == ("lost", "best first, complete")
    g = pasyans.new_game("parterre", deal=4)
    k = ParterreKnowledge()
    *_, last = k.portfolio(g)
    k.portfolio = lambda g: (last,)  # the complete search alone (the depth-first search needs 55,527 states)
    won = solve(g, 5_000, 60, k)
    assert (won.verdict, won.strategy) == ("won", "best first, complete") and play_line(g, won.line).status == "won"


def test_the_cost_agrees_with_its_definition_along_lines():
    from pasyans.cards import RANK, SUIT
    from pasyans.solver.parterre import COMPLETE_WEIGHTS

    def by_definition(g):
        home_w, depth_w, inv_w, empty_w, bouquet_w = COMPLETE_WEIGHTS
        depth = inverted = 0
        for pile in g._gd:
            for i, c in enumerate(pile):
                if c == 13 * SUIT[c] + len(g._fd[SUIT[c]]):  # the next card of its suit
                    depth += len(pile) - 1 - i
                inverted += any(SUIT[d] == SUIT[c] and RANK[d] < RANK[c] for d in pile[:i])
        home = 52 - sum(map(len, g._fd))
        empty = sum(not p for p in g._gd)
        return home_w * home + depth_w * depth + inv_w * inverted - empty_w * empty - bouquet_w * len(g._bq)

    k = ParterreKnowledge()
    seen = 0
    for deal in (2, 4, 8):
        g = pasyans.new_game("parterre", deal=deal)
        res = solve(g, 20_000, 60)
        for m in res.line:
            g._apply(m)
            if not g._stock:
                assert k.cost(g) == by_definition(g), (deal, g._gd)
                assert k.cost(g) == by_definition(g)  # and again, from the knowledge's cache
                seen += 1
    assert seen > 100
