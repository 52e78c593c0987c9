"""Идет не идет: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import random

import pasyans
from pasyans.games.go_no_go import COLS, GoNoGo
from pasyans.perft import perft
from pasyans.solver import PLAIN, play_line, solve
from pasyans.solver.go_no_go import GoNoGoKnowledge as K
from rulecheck import allows, assert_illegal, forbids, legal


def at(stock="", laying=1, dealt=0, options=None, closed=False, **piles) -> GoNoGo:
    """A position: ``stock`` bottom to top (face down), columns as c1…c7, foundations as f1…f4.

    Once the pack is laid out, columns not given hold one spare card each (so that no fill is due).
    """
    spec = {"stock": " ".join(f"({c})" for c in stock.split())}
    for k, v in piles.items():
        spec[("column." if k[0] == "c" else "foundation.") + k[1:]] = v
    if not stock:
        spare = iter(["KC", "KS", "KD", "KH", "9C", "9S", "9D"])
        for i in range(1, 8):
            if f"column.{i}" not in spec:
                spec[f"column.{i}"] = next(spare)
    return GoNoGo.from_position(spec, laying=laying, dealt=dealt, closed=closed, options=options or {})


@allows("go_no_go.p1.s1")
def test_an_ace_goes_up_as_it_is_turned_even_into_a_middle_place():
    g = at("9C AH", dealt=9)  # the next place is the third column, a middle one
    assert legal(g) == {"found AH@stock>foundation.1"}
    g.play("found AH@stock>foundation.1")
    assert g.dealt == 9  # the ace takes no place in the row


@forbids("go_no_go.p1.s1")
def test_an_ace_is_never_laid_into_a_row():
    g = at("9C AH", dealt=9)
    assert_illegal(g, "deal AH@stock>column.3", "compulsory")


@allows("go_no_go.p1.s2")
def test_every_card_of_the_first_row_may_go_up_and_rows_are_laid_in_turn():
    g = at("9C 5D", dealt=3, f1="AS", c1="7H", c2="8H", c3="2S")
    assert legal(g) == {"found 2S@column.3>foundation.1"}  # a middle card of the first row goes
    g.play("found 2S@column.3>foundation.1")
    assert legal(g) == {"deal 5D@stock>column.4"}


@forbids("go_no_go.p1.s2")
def test_a_card_is_laid_only_in_the_next_place():
    g = at("9C 5D", dealt=3, c1="7H", c2="8H", c3="2S")
    assert_illegal(g, "deal 5D@stock>column.1")
    assert_illegal(g, "deal 9C@stock>column.4")


@allows("go_no_go.p1.s3")
def test_from_the_second_row_the_two_end_cards_at_each_side_go():
    cols = dict(c1="7H", c2="8H", c3="9H", c4="TH", c5="JH", c6="QH", c7="KH")
    for col in ("c1", "c2", "c6", "c7"):
        piles = dict(cols)
        piles[col] += " 2S"
        g = at("9C", dealt=7 + int(col[1:]), f1="AS", **piles)
        assert legal(g) == {f"found 2S@column.{col[1:]}>foundation.1"}


@forbids("go_no_go.p1.s3")
def test_the_middle_three_do_not_go_even_if_they_fit():
    cols = dict(c1="7H", c2="8H", c3="9H", c4="TH", c5="JH", c6="QH", c7="KH")
    for col in ("c3", "c4", "c5"):
        piles = dict(cols)
        piles[col] += " 2S"
        g = at("9C", dealt=7 + int(col[1:]), f1="AS", **piles)
        assert legal(g) == {f"deal 9C@stock>column.{(7 + int(col[1:])) % 7 + 1}"}
        assert_illegal(g, f"found 2S@column.{col[1:]}>foundation.1", "middle three")


@allows("go_no_go.p1.s4")
def test_a_cleared_row_is_filled_at_once_with_an_end_card_of_choice():
    g = at(f1="AS", c1="2S", c2="9H 8H", c3="5C 4D")
    g.play("found 2S@column.1>foundation.1")
    assert legal(g) == {"move:fill 8H@column.2>column.1", "move:fill 4D@column.3>column.1"}
    assert all(m.forced for m in g.legal_moves())


@forbids("go_no_go.p1.s4")
def test_the_fill_comes_from_an_end_not_the_middle_and_transfers_wait_for_the_whole_pack():
    g = at(f1="AS", c1="2S", c2="9H 8H", c3="5C 4D")
    g.play("found 2S@column.1>foundation.1")
    assert_illegal(g, "move:fill 9H@column.2>column.1")
    assert_illegal(g, "move 8H@column.2>column.4")
    g = at("KC", dealt=14, c1="9H", c2="8H")
    assert_illegal(g, "move 8H@column.2>column.1", "whole pack")


@allows("go_no_go.p1.s5")
def test_transfers_in_suit_higher_or_lower_between_end_cards():
    g = at(c1="5C 9H", c2="KD 8H", c3="QS 2H")
    assert {"move 9H@column.1>column.2", "move 9H@column.1>column.3", "move 8H@column.2>column.1",
            "move 2H@column.3>column.1", "move 2H@column.3>column.2"} <= legal(g)


@forbids("go_no_go.p1.s5")
def test_no_transfer_out_of_suit_or_from_under_another_card():
    g = at(c1="9H", c2="8S", c3="JD", c4="", c5="", c6="", c7="")  # single cards: nothing to fill from
    assert not any(m.startswith("move") for m in legal(g))
    assert_illegal(g, "move 9H@column.1>column.2", "in suit")
    g = at(c1="8H 5C", c2="KD 9H")
    assert_illegal(g, "move 8H@column.1>column.2", "end cards")


@allows("go_no_go.p1.s6")
def test_the_rows_are_gathered_so_that_the_first_card_is_laid_first_again():
    g = at(f1="AS", c1="9H 8H", c2="KD", c3="5C 6C")
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards][::-1] == ["9H", "8H", "KD", "5C", "6C", "KC", "KS", "KD", "KH"]
    assert g.laying == 2 and g.legal_moves()[0].steps[0][2] == "column.1"


@forbids("go_no_go.p1.s6")
def test_no_gathering_before_the_whole_pack_is_laid_out():
    g = at("KC", dealt=3, c1="9H", c2="8S", c3="5C")
    assert_illegal(g, "redeal", "whole pack")


@allows("go_no_go.p1.s7")
def test_the_pack_is_laid_out_once_more():
    g = at(c1="9H 8H", c2="JD")
    g.play("redeal")
    g.advance()
    assert g.laying == 2 and g.piles["column.1"].cards[0].ascii == "9H"


@forbids("go_no_go.p1.s7")
def test_the_second_laying_is_the_last():
    g = at(laying=2, f1="AS", c1="9H 8H", c2="7H")
    assert "redeal" not in legal(g) and "pass" in legal(g)
    assert_illegal(g, "redeal", "last")
    g.play("pass")  # the player declares the last laying finished
    assert g.status == "lost"
    g = at(laying=2, c1="7S", c2="5C", c3="JD", c4="9H", c5="", c6="", c7="")
    assert g.status == "lost"


def test_won_when_all_four_suits_are_up():
    found = {f"f{i}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC", 1)}
    g = at(**found)
    assert g.status == "won"


def test_reading_deal_plays_may_leaves_the_choice():
    pos = dict(dealt=8, f1="AS", c1="7H 2S", c2="8H")
    assert legal(at("9C", **pos)) == {"found 2S@column.1>foundation.1"}
    assert legal(at("9C", options={"deal_plays": "may"}, **pos)) == {
        "found 2S@column.1>foundation.1", "deal 9C@stock>column.2"}


def test_reading_transfers_sequence_needs_the_next_rank():
    pos = dict(c1="5C 9H", c2="KD 4H", c3="QS TH")
    assert {"move 9H@column.1>column.2", "move 4H@column.2>column.1"} <= legal(at(**pos))
    seq = legal(at(options={"transfers": "sequence"}, **pos))
    assert "move 9H@column.1>column.2" not in seq and "move 9H@column.1>column.3" in seq
    assert_illegal(at(options={"transfers": "sequence"}, **pos), "move 4H@column.2>column.1", "one higher or lower")


def test_reading_gather_last_first_reverses_the_new_laying():
    g = at(c1="9H 8H", c2="JD", options={"gather": "last_first"})
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards][::-1] == ["9C", "KH", "KD", "KS", "KC", "JD", "8H", "9H"]


def test_readings_change_outcomes_of_deals():
    def run(deal, **opts):
        g = pasyans.new_game("go_no_go", deal=deal, **opts)
        g.advance()
        return [m.notation for m in g.moves]
    assert run(1) != run(1, deal_plays="may")


def test_perft_from_the_first_choice():
    counts = {}
    for deal in (1, 2):
        g = pasyans.new_game("go_no_go", deal=deal)
        g.advance()
        counts[deal] = [perft(g, d) for d in (1, 2, 3)]
    assert counts == PERFT


PERFT = {1: [13, 127, 1095], 2: [14, 145, 1356]}


# ---- the search's knowledge: soundness against the plain search ------------------------------------
RANKS = "A23456789TJQK"


def small(seed: int, laying: int, stock_cards: int = 0) -> GoNoGo:
    """A random end of a deal: at most sixteen cards left, ``stock_cards`` of them still in the pack."""
    rnd = random.Random(seed)
    piles, left = {}, []
    for k, s in enumerate("SHDC", 1):
        h = rnd.randint(9, 13)
        piles[f"foundation.{k}"] = " ".join(r + s for r in RANKS[:h])
        left += [r + s for r in RANKS[h:]]
    rnd.shuffle(left)
    stock, left = left[:stock_cards], left[stock_cards:]
    cols = [[] for _ in range(COLS)]
    for c in left:
        cols[rnd.randrange(COLS)].append(c)
    piles |= {f"column.{i}": " ".join(c) for i, c in enumerate(cols, 1)}
    piles["stock"] = " ".join(f"({c})" for c in stock)
    return GoNoGo.from_position(piles, laying=laying, dealt=7 * rnd.randint(1, 6) + rnd.randrange(7))


def key(g: GoNoGo) -> tuple:
    return K().canonical_key(g)


def verdicts(games: list[GoNoGo]) -> list[str]:
    """``ours/plain`` verdict of each game."""
    ours = [solve(g, 20_000, 30).verdict for g in games]
    base = [solve(g, 20_000, 30, PLAIN).verdict for g in games]
    return [f"{a}/{b}" for a, b in zip(ours, base)]


def test_the_knowledge_keeps_every_verdict_of_the_plain_search():
    games = [pasyans.new_game("go_no_go", d, transfers="sequence") for d in range(1, 9)]
    games += [small(s, 2) for s in range(20)] + [small(s, 2, 4) for s in range(20, 30)]
    games += [small(s, 1, 3) for s in range(30, 40)]
    pairs = verdicts(games)
    decided = [p for p in pairs if "unknown" not in p]
    assert len(decided) >= 40 and {"won/won", "lost/lost"} <= set(decided)
    assert all(a == b for a, b in (p.split("/") for p in decided)), pairs


def test_won_lines_replay_through_the_rules():
    for g in [small(s, 2) for s in range(10)] + [small(s, 1, 3) for s in range(10, 15)]:
        res = solve(g, 20_000, 30)
        if res.verdict == "won":
            assert play_line(g, res.line).status == "won"


def test_early_deals_are_won_in_a_few_hundred_states():
    for deal in range(1, 6):
        g = pasyans.new_game("go_no_go", deal)
        res = solve(g, 1_000, 30)
        assert res.verdict == "won" and play_line(g, res.line).status == "won"


def test_the_last_layings_columns_fold_but_the_first_layings_do_not():
    cols = dict(c1="9H 8H", c2="KD 5C", c3="QS")
    swapped = dict(c1="KD 5C", c2="QS", c3="9H 8H")
    assert key(at(laying=2, **cols)) == key(at(laying=2, **swapped))
    assert key(at(laying=1, **cols)) != key(at(laying=1, **swapped))
    assert key(at(f1="AS", f2="AH 2H")) == key(at(f1="AH 2H", f2="AS"))
    assert key(at(laying=2, f1="AS", f2="AH 2H")) != key(at(laying=2, f1="AS 2S", f2="AH"))
    pos = dict(f1="AS", c1="9H", c2="8H")
    assert key(at("9C KD", dealt=2, **pos)) != key(at("KD 9C", dealt=2, **pos))
    assert key(at("9C KD", dealt=2, **pos)) != key(at("9C KD", dealt=9, **pos))
    assert key(at(dealt=2, **pos)) == key(at(dealt=9, **pos))


def test_pass_is_never_tried_and_a_compulsory_move_up_is_played_alone():
    g = at(laying=2, f1="AS", c1="9H 8H", c2="7H")
    assert "pass" in legal(g) and all(m.kind != "pass" for m in K().ordered(g, g._generate()))
    g = at("9C", dealt=8, f1="AS", f2="AH", c1="7H 2S", c2="8H 2H")
    moves = g._generate()
    assert len(moves) == 2 and K().safe_move(g, moves) == moves[0]
    assert K().safe_move(at("9C", dealt=8, f1="AS", c1="7H 2S", options={"deal_plays": "may"}), moves) is None
