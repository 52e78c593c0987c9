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


def _dealt(deal, **options):
    g = pasyans.new_game("parterre", deal=deal, **options)
    while g._stock:
        g._apply(g._generate()[0])
    return g


def test_the_other_readings_run_one_streamliner_before_the_complete_depth_first_search():
    k = ParterreKnowledge()
    for options, name in (({"transfer": "sequence"}, "best first 1"), ({"bases": "any"}, "chosen bases")):
        (first,) = k.portfolio(pasyans.new_game("parterre", 1, **options))  # the search takes the rest
        assert (first.name, first.complete, first.best_first) == (name, False, True)
        assert first.share <= 0.3


def test_chosen_bases_begin_a_suit_only_with_one_of_its_best_bases():
    from pasyans.cards import RANK, SUIT
    from pasyans.solver.parterre import BASE_CHOICES, _base_cost, _ChosenBases

    g = _dealt(2, bases="any")
    k = ParterreKnowledge()
    moves = g._generate()
    kept = _ChosenBases(k).ordered(g, moves)
    bases = [m for m in moves if m.kind == "found" and not g._fd[SUIT[m.steps[0][0]]]]
    best = {s: sorted(range(1, 14), key=lambda r: _base_cost(r, *k._suit_layout(g, s)))[:BASE_CHOICES]
            for s in range(4)}
    assert {m for m in bases if m in kept} == {m for m in bases if RANK[m.steps[0][0]] in best[SUIT[m.steps[0][0]]]}
    assert [m for m in kept if m not in bases] == [m for m in k.ordered(g, moves) if m not in bases]
    assert len(kept) < len(k.ordered(g, moves))  # some base is dropped


def test_chosen_bases_win_lines_that_replay_and_weigh_positions_with_the_bases_taken_for_aces():
    from pasyans.cards import RANK, SUIT
    from pasyans.solver.parterre import BASES_WEIGHTS, _ChosenBases

    def by_definition(g, bases):
        home_w, depth_w, inv_w, empty_w, bouquet_w = BASES_WEIGHTS
        order = {c: (RANK[c] - bases[SUIT[c]]) % 13 for c in range(52)}
        depth = inverted = 0
        for pile in g._gd:
            for i, c in enumerate(pile):
                if order[c] == len(g._fd[SUIT[c]]):  # the next card of its suit
                    depth += len(pile) - 1 - i
                inverted += any(SUIT[d] == SUIT[c] and order[d] < order[c] for d in pile[:i])
        home = 52 - sum(map(len, g._fd))
        empty = sum(not p for p in g._gd)
        return home_w * home + depth_w * depth + inv_w * inverted - empty_w * empty - bouquet_w * len(g._bq)

    g = pasyans.new_game("parterre", deal=2, bases="any")  # unknown at 200,000 states before this streamliner
    k = ParterreKnowledge()
    (chosen,) = k.portfolio(g)
    k.portfolio = lambda g: (chosen,)
    won = solve(g, 20_000, 60, k)
    assert (won.verdict, won.strategy) == ("won", "chosen bases") and won.states < 5_000
    assert play_line(pasyans.new_game("parterre", deal=2, bases="any"), won.line).status == "won"
    streamlined = _ChosenBases(ParterreKnowledge())
    seen = 0
    for m in won.line:
        g._apply(m)
        if not g._stock:
            bases = [b[0] for b in streamlined._bases(g)]
            assert all(not f or RANK[f[0]] == b for f, b in zip(g._fd, bases))
            assert streamlined.cost(g) == by_definition(g, bases)
            seen += 1
    assert seen > 30


def test_the_knowledge_takes_back_what_it_played_to_the_very_position():
    """``back`` to the snapshot it last went back to takes the moves back one by one: the deal's
    face-down pack, the bouquet's order and the runs must come back exactly as a restore would."""
    import random

    rng = random.Random(5)
    for opts in ({}, {"transfer": "sequence"}):
        g = pasyans.new_game("parterre", deal=3, **opts)
        k = ParterreKnowledge()
        kinds = set()
        for _ in range(150):
            base = g._snapshot()
            k.back(g, base)  # a restore: the base of what follows
            for _ in range(rng.randint(1, 3)):
                moves = g._generate()
                if not moves:
                    break
                m = rng.choice(moves)
                kinds.add((m.kind, m.steps[0][1] == "bouquet", len(m.steps) > 1))
                k.play(g, m)
            after = g._snapshot()
            k.back(g, base)
            assert g._snapshot() == base
            k.back(g, after)
            assert g._snapshot() == after
        assert {("deal", False, False), ("build", True, False), ("move", False, False)} <= kinds
        if opts:
            assert ("move", False, True) in kinds
