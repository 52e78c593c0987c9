"""Деревенский пасьянс: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.games.village import Village
from pasyans.perft import perft
from pasyans.solver import Knowledge, play_line, solve
from pasyans.solver.village import VillageKnowledge as K
from rulecheck import allows, assert_illegal, forbids, legal


def at(stock="", laying=1, row_left=0, options=None, **piles) -> Village:
    """A position: ``stock`` bottom to top (face down); heaps h1…h8, ace piles a1…, king piles k1…"""
    names = {"h": "heap.", "a": "ace.", "k": "king."}
    spec = {"stock": " ".join(f"({c})" for c in stock.split())}
    spec.update({names[k[0]] + k[1:]: v for k, v in piles.items()})
    return Village.from_position(spec, laying=laying, row_left=row_left, options=options or {})


ROW = dict(h1="9C", h2="4D", h3="JS", h4="7H", h5="5C", h6="3S", h7="8D", h8="TH")


@allows("village.p1.s1")
def test_eight_cards_are_laid_in_a_row_left_to_right():
    g = pasyans.new_game("village", deal=3)
    for i in range(1, 9):
        (m,) = g.legal_moves()
        assert m.kind == "deal" and m.dst == f"heap.{i}" and m.forced
        g.play(m)
    assert all(len(g.piles[f"heap.{i}"].cards) == 1 for i in range(1, 9))


@forbids("village.p1.s1")
def test_the_row_is_not_laid_out_of_order():
    g = pasyans.new_game("village", deal=3)
    top = g.piles["stock"].top.ascii
    assert_illegal(g, f"deal {top}@stock>heap.2")


@allows("village.p2.s1")
def test_aces_go_up_left_kings_right_and_are_built_up_and_down_in_suit():
    g = at("9C", **{**ROW, "h2": "4D AS", "h3": "JS KS"})
    assert legal(g) == {"found AS@heap.2>ace.1", "found KS@heap.3>king.1"}
    g = at("9C", a1="AS", k1="KS", **{**ROW, "h2": "4D 2S", "h3": "JS QS"})
    assert legal(g) == {"found 2S@heap.2>ace.1", "found QS@heap.3>king.1"}


@forbids("village.p2.s1")
def test_no_other_suit_no_wrong_direction_and_only_the_uppermost_card():
    g = at("9C", a1="AS", k1="KS", **{**ROW, "h2": "4D 2H", "h3": "JS 3S", "h4": "2S 9H"})
    assert not any(m.startswith("found") for m in legal(g))
    assert_illegal(g, "found 2H@heap.2>ace.1", "in one suit")
    assert_illegal(g, "found 3S@heap.3>king.1", "in one suit")
    assert_illegal(g, "found 2S@heap.4>ace.1", "uppermost")


@allows("village.p2.s2")
def test_a_fitting_card_goes_up_at_once_and_the_place_is_laid_over():
    g = at("9C 6H", a1="AS", **{**ROW, "h6": "2S"})
    assert legal(g) == {"found 2S@heap.6>ace.1"}
    g.play("found 2S@heap.6>ace.1")
    assert legal(g) == {"fill 6H@stock>heap.6"}
    assert all(m.forced for m in g.legal_moves())


@forbids("village.p2.s2")
def test_no_dealing_or_marrying_while_a_card_fits():
    g = at("9C 6H", a1="AS", **{**ROW, "h6": "2S", "h7": "6D 8C"})
    assert_illegal(g, "deal 6H@stock>heap.1", "compulsory")
    assert_illegal(g, "move 8C@heap.7>heap.1", "compulsory")  # a marriage, but the 2S goes up first


@allows("village.p2.s3")
def test_marriages_and_the_gathering_when_the_pack_is_out():
    g = at("9D", **{**ROW, "h2": "4D 8C"})
    assert {"move 8C@heap.2>heap.1", "move 9C@heap.1>heap.2"} <= legal(g)
    g = at("", **ROW)
    assert legal(g) == {"redeal"}
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards][::-1] == [ROW[f"h{i}"] for i in range(1, 9)]
    assert g.laying == 2


@forbids("village.p2.s3")
def test_no_marriage_out_of_suit_or_sequence_and_no_gathering_before_the_pack_is_out():
    g = at("9D", **{**ROW, "h2": "4D 7C"})
    assert_illegal(g, "move 7C@heap.2>heap.1", "one rank higher or lower")
    assert_illegal(g, "redeal", "whole pack")
    g = at("", a1="AS", **{**ROW, "h6": "3S 2S"})
    assert "redeal" not in legal(g)


@allows("village.p3.s1")
def test_the_second_laying_is_laid_like_the_first():
    g = at("", **ROW)
    g.play("redeal")
    m = g.legal_moves()[0]
    assert m.kind == "deal" and m.dst == "heap.1" and m.forced


@forbids("village.p3.s1")
def test_no_third_laying():
    g = at("", laying=2, **{**ROW, "h2": "4D 8C"})
    assert "redeal" not in legal(g)
    assert_illegal(g, "redeal", "no further laying")
    assert at("", laying=2, **ROW).status == "lost"


def test_won_when_every_card_is_laid_up():
    piles = {f"a{i}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC", 1)}
    piles.update({f"k{i}": " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("SHDC", 1)})
    assert at("", **piles).status == "won"


def test_reading_bases_all_founds_a_pile_on_every_ace():
    pos = dict(a1="AS", **{**ROW, "h2": "4D AS"})
    assert legal(at("9C", options={"bases": "all"}, **pos)) == {"found AS@heap.2>ace.2"}
    assert not any(m.startswith("found") for m in legal(at("9C", options={"bases": "suit"}, **pos)))
    pos = dict(k1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", a1="AS", **{**ROW, "h2": "4D AS"})
    assert legal(at("9C", options={"bases": "suit"}, **pos)) == {"found AS@heap.2>king.1"}


def test_reading_found_may_leaves_the_play_to_the_player():
    pos = dict(a1="AS", **{**ROW, "h6": "2S"})
    assert legal(at("9C 6H", options={"found": "may"}, **pos)) == {"found 2S@heap.6>ace.1", "deal 6H@stock>heap.1"}


def test_reading_fill_next_row_leaves_the_place_empty():
    pos = dict(a1="AS 2S", **{**ROW, "h6": ""})
    assert legal(at("9C 6H", **pos)) == {"fill 6H@stock>heap.6"}
    assert legal(at("9C 6H", options={"fill": "next_row"}, **pos)) == {"deal 6H@stock>heap.1"}


def test_reading_marriages_none_forbids_them():
    pos = {**ROW, "h2": "4D 8C"}
    assert legal(at("9D", options={"marriages": "none"}, **pos)) == {"deal 9D@stock>heap.1"}


def test_reading_available_any_lets_a_card_in_view_go_up():
    pos = dict(a1="AS", **{**ROW, "h4": "2S 9H"})
    assert legal(at("9C", options={"available": "any"}, **pos)) == {"found 2S@heap.4>ace.1"}
    g = at("9C", options={"available": "any"}, **pos)
    g.play("found 2S@heap.4>ace.1")
    assert [c.ascii for c in g.piles["heap.4"].cards] == ["9H"]


def test_reading_gather_reversed():
    g = at("", options={"gather": "reversed"}, **ROW)
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards][::-1] == [ROW[f"h{i}"] for i in range(8, 0, -1)]


def test_readings_change_whole_games():
    def line(**opts):
        g = pasyans.new_game("village", deal=2, **opts)
        for _ in range(400):
            if g.status != "playing":
                break
            g.play(g.legal_moves()[-1])
        return g.key()
    base = line()
    for opt in pasyans.options("village"):
        other = next(c for c in opt.choices if c != opt.default)
        assert line(**{opt.name: other}) != base, opt.name


def test_perft_from_the_first_choice():
    counts = {}
    for deal in (1, 2):
        g = pasyans.new_game("village", deal=deal)
        g.advance()
        counts[deal] = [perft(g, d) for d in (1, 2, 3)]
    assert counts == PERFT


PERFT = {1: [2, 4, 4], 2: [2, 2, 14]}


# ---- the search's knowledge ---------------------------------------------------------------------------
def _late(deal, stock_left, **opts):
    """A position of the second laying with at most ``stock_left`` cards in the pack (last-move line)."""
    g = pasyans.new_game("village", deal=deal, **opts)
    while g.status == "playing" and not (g.laying == 2 and len(g.piles["stock"].cards) <= stock_left):
        g.play(g.legal_moves()[-1])
    assert g.status == "playing"
    return g


def without(*names: str) -> K:
    """The game's knowledge with ``names`` back at the plain defaults."""
    return type("Partial", (K,), {n: getattr(Knowledge, n) for n in names})()


def unpruned() -> K:
    """The search without this game's key, proofs, safe moves and order (its probe kept)."""
    return without("hopeless", "safe_move", "ordered", "canonical_key")


DEADLOCK = dict(a1="AS", k1="KS QS JS TS 9S 8S 7S 6S", h1="2S 4S", h2="5S 3S")


def test_hopeless_sees_two_cards_that_wait_for_each_other():
    g = at("", laying=2, options={"marriages": "none"}, **DEADLOCK)
    assert K().hopeless(g)  # the 4S waits for the 3S or the 5S, each under a card that waits for it
    assert not K().hopeless(at("", laying=1, options={"marriages": "none"}, **DEADLOCK))  # a gathering is left
    assert not K().hopeless(at("", laying=2, options={"marriages": "none", "available": "any"}, **DEADLOCK))
    assert not K().hopeless(at("", laying=2, options={"marriages": "none"}, **{**DEADLOCK, "h2": "3S 5S"}))


def test_hopeless_judges_a_row_being_laid_at_its_end():
    pos = dict(a1="AS", k1="KS QS JS TS 9S 8S 7S 6S", h1="2S", h2="5S")
    g = at("3S 4S", laying=2, row_left=8, options={"marriages": "none"}, **pos)
    assert K().hopeless(g)  # the 4S and the 3S are laid on the 2S and the 5S: the deadlock above
    g.advance()
    assert g.status == "lost"
    g = at("QD KD", laying=2, row_left=8, options={"marriages": "none"}, **pos)
    assert not K().hopeless(g) and solve(g, 1000, 10).verdict == "won"


def test_hopeless_lets_a_marriage_free_a_card():
    pos = dict(a1="AS", k1="KS QS JS TS 9S 8S 7S 6S", a2="AD 2D 3D", h1="2S 4S", h2="5S", h3="3S 6D",
               h4="4D 5D")
    assert K().hopeless(at("", laying=2, options={"marriages": "none"}, **pos))
    g = at("", laying=2, **pos)
    assert not K().hopeless(g)  # the 5D marries the 6D and frees the 4D
    assert solve(g, 1000, 10).verdict == "won"


def test_safe_move_lays_up_only_a_card_no_other_pile_can_take():
    pos = dict(a1="AS 2S 3S", k1="KS QS JS TS 9S 8S 7S 6S 5S 4S", a2="AH", h1="4S 9H", h2="2H", h3="3S")
    g = at("", laying=2, options={"bases": "suit"}, **pos)
    moves = g._generate()
    assert {m.notation for m in moves} == {"found 2H@heap.2>ace.2", "found 3S@heap.3>king.1"}
    assert K().safe_move(g, moves).notation == "found 3S@heap.3>king.1"  # the other 3S is up
    assert K().safe_move(at("", laying=2, options={"bases": "suit", "found": "may"}, **pos), moves) is None
    assert K().safe_move(at("", laying=2, **pos), moves) is None  # bases=all: a second king's pile may come


def test_pruned_verdicts_match_the_plain_search():
    cases = [("bases", "suit", d, 12) for d in (1, 2, 5, 7)] + [("fill", "next_row", d, 12) for d in (5, 8)]
    cases += [("marriages", "none", 3, 12), ("gather", "reversed", 1, 12)]
    games = [_late(d, left, **{k: v}) for k, v, d, left in cases]
    pruned = [solve(g, 20_000, 60) for g in games]
    plain = [solve(g, 20_000, 60, unpruned()) for g in games]
    assert [r.verdict for r in pruned] == [r.verdict for r in plain]
    assert {r.verdict for r in pruned} == {"won", "lost"}
    assert sum(r.states for r in pruned) < sum(r.states for r in plain)
    for g, r in zip(games, pruned):
        if r.verdict == "won":
            assert pasyans.solver.play_line(g, r.line).status == "won"


def key(g: Village) -> tuple:
    return K().canonical_key(g)


def test_canonical_key_folds_the_piles_above_only():
    piles = dict(a1="AS 2S", a2="AH", k1="KD", k2="KS QS", **ROW)
    swapped = dict(a1="AH", a2="AS 2S", k1="KS QS", k2="KD", **ROW)
    for opts in ({}, {"bases": "suit"}):
        assert key(at("9C", options=opts, **piles)) == key(at("9C", options=opts, **swapped))
    heaps = {**ROW, "h1": ROW["h2"], "h2": ROW["h1"]}
    assert key(at("", laying=2, **ROW)) != key(at("", laying=2, **heaps))  # places stay
    assert key(at("", laying=2, **ROW)) != key(at("", laying=1, **ROW))
    assert key(at("9C", **piles)) != key(at("9C", **{**piles, "a2": "AD"}))


def test_folded_key_keeps_whole_game_verdicts():
    games = [pasyans.new_game("village", deal=d, marriages="none") for d in (13, 38)]
    folded = [solve(g, 20_000, 60) for g in games]
    plain = [solve(g, 20_000, 60, without("canonical_key")) for g in games]
    assert [r.verdict for r in folded] == [r.verdict for r in plain] == ["lost", "won"]
    assert folded[0].states * 4 < plain[0].states  # the order in which suits found piles is folded
    assert pasyans.solver.play_line(games[1], folded[1].line).status == "won"


def test_solver_moves_try_a_marriage_that_uncovers_a_fitting_card_first():
    pos = dict(a1="AS", **{**ROW, "h2": "2S 4D", "h4": "7H 5D"})
    g = at("9C", **pos)
    moves = g._generate()
    order = [m.notation for m in K().ordered(g, moves)]
    assert sorted(order) == sorted(m.notation for m in moves)  # nothing dropped
    assert order[0] == "move 4D@heap.2>heap.4" and order[-1] == "deal 9C@stock>heap.1"


def test_solver_moves_in_the_first_laying_try_pairs_the_piles_will_soon_take_first():
    pos = dict(a1="AS 2S", k1="KS", **{**ROW, "h1": "9D 5S", "h2": "8D 6S", "h3": "7D JS", "h4": "9H TS",
                                        "h6": "3H"})
    g = at("9C", options={"bases": "suit"}, **pos)
    order = [m.notation for m in K().ordered(g, g._generate())]
    assert order == ["move JS@heap.3>heap.4", "move 5S@heap.1>heap.2", "move 6S@heap.2>heap.1",
                     "move TS@heap.4>heap.3", "deal 9C@stock>heap.1"]  # the king pile lacks only the QS


def test_suit_bases_deals_come_out_for_the_thoughtful_solver():
    games = [pasyans.new_game("village", deal=d, bases="suit") for d in (7, 15)]
    for g in games:
        res = solve(g, 5_000, 60)
        assert res.verdict == "won" and pasyans.solver.play_line(g, res.line).status == "won"
    assert solve(games[0], 5_000, 60, without("ordered")).verdict == "unknown"


CROSSED = dict(a1="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", k1="KS QS JS TS 9S 8S 7S 6S 5S")  # 4S 3S 2S AS left


def test_hopeless_sees_a_card_over_its_forerunner_with_no_partner_to_go_up_from():
    g = at("", laying=2, options={"bases": "suit"}, h1="4S AS", h2="2S", h3="3S", **CROSSED)
    assert K().hopeless(g)  # the AS, last of its pile, can leave the 4S only for the 2S, which it would bury
    won = at("", laying=2, options={"bases": "suit"}, h1="4S 2S", h2="3S", h3="AS", **CROSSED)
    assert not K().hopeless(won)  # the 2S leaves the 4S for the AS and goes up from it
    every = at("", laying=2, h1="4S AS", h2="2S", h3="3S", **CROSSED)
    assert not K().hopeless(every) and solve(every, 1000, 10).verdict == "won"  # bases=all: the AS founds
    res = solve(won, 1000, 10)
    assert res.verdict == "won" and pasyans.solver.play_line(won, res.line).status == "won"
    assert solve(g, 1000, 10, unpruned()).verdict == "lost"


LOCKED = dict(h1="2H 3H AS 2S", h2="JS 5H 6H", h3="4H KD", h4="AC AH 6C 7C 9D 7S 6S 4D 3D 8C",
              h5="7H AD QD JD TD 2C 3C 8S", h6="5S", h7="2D 9C TC JC TS 9S", h8="5D 4C 5C KC QC 4S 3S",
              a1="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", a2="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
              a3="AD 2D 3D 4D 5D 6D 7D 8D", a4="AC 2C 3C", k1="KH QH JH TH 9H 8H", k2="KD QD JD TD 9D 8D 7D 6D",
              k3="KC QC JC TC 9C 8C 7C 6C 5C 4C", k4="KS QS")


def test_hopeless_sees_a_sole_copy_over_its_forerunner_while_the_piles_are_apart():
    piles = dict(a1="AS 2S 3S 4S 5S 6S 7S", k1="KS QS JS TS", h2="QS", h3="TS", h4="8S 9S", h5="9S 8S",
                 h6="AS 2S 3S 4S 5S 6S 7S")  # the 8S and 9S left twice, the other ranks once
    g = at("", laying=2, options={"bases": "suit"}, h1="JS KS", **piles)
    assert K().hopeless(g)  # the KS, last of the ace's pile, can leave the JS only for the QS
    won = at("", laying=2, options={"bases": "suit"}, h1="KS JS", **piles)
    assert not K().hopeless(won) and solve(won, 1000, 10).verdict == "won"
    assert solve(g, 1000, 10, unpruned()).verdict == "lost"


def test_sole_copies_cut_a_lost_end_the_search_met():
    g = at("", laying=2, options={"bases": "suit"}, **LOCKED)
    assert K().hopeless(g)  # the KC lies over the 4C and 5C its pile takes first
    assert solve(g, 20_000, 60, unpruned()).verdict == "lost"


def test_suit_bases_deal_3_comes_out_once_sole_copies_are_judged():
    g = pasyans.new_game("village", deal=3, bases="suit")
    res = solve(g, 15_000, 60, without("probe"))  # the depth-first search alone: unknown before the sole-copy rule
    assert res.verdict == "won" and pasyans.solver.play_line(g, res.line).status == "won"


def test_sole_copy_verdicts_match_the_plain_search_in_the_suit_bases_readings():
    g = pasyans.new_game("village", deal=15, bases="suit")
    line = solve(g, 5_000, 60).line
    while not (g.laying == 2 and len(g.piles["stock"].cards) <= 24 and g.row_left == 0):
        g.play(line[len(g.moves)].notation)  # a second laying on a winning line
    games = [g] + [_late(d, left, bases="suit", **opts) for d, left, opts in
                   ((3, 24, {"fill": "next_row"}), (4, 24, {"fill": "next_row"}), (6, 8, {"found": "may"}))]
    pruned = [solve(x, 20_000, 60) for x in games]
    plain = [solve(x, 20_000, 60, unpruned()) for x in games]
    assert [r.verdict for r in pruned] == [r.verdict for r in plain] == ["won", "lost", "lost", "lost"]
    assert pasyans.solver.play_line(g, pruned[0].line).status == "won"
    assert sum(r.states for r in pruned) * 3 < sum(r.states for r in plain)


def test_solver_moves_in_the_last_laying_try_a_pair_that_must_part_again_last():
    g = at("", laying=2, options={"bases": "suit"}, h1="4S 2S", h2="3S", h3="AS", **CROSSED)
    moves = g._generate()
    order = [m.notation for m in K().ordered(g, moves)]
    assert sorted(order) == sorted(m.notation for m in moves)  # nothing dropped
    assert order == ["move 2S@heap.1>heap.3", "move 3S@heap.2>heap.1",  # on the AS, the 2S goes up first
                     "move 2S@heap.1>heap.2", "move AS@heap.3>heap.1"]  # on the 3S, the 2S waits for it


def test_with_suit_bases_the_solver_probes_first_and_finds_a_win_the_search_alone_misses():
    g = pasyans.new_game("village", 4, bases="suit")
    assert K().probe(g) == 0.6 and K().probe(pasyans.new_game("village", 4)) == 0.0
    res = solve(g, budget_states=10_000, budget_s=600)
    assert res.verdict == "won" and play_line(g, res.line).status == "won"
    assert solve(g, budget_states=10_000, budget_s=600, knowledge=without("probe")).verdict == "unknown"
