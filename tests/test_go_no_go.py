"""Идет не идет: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.games.go_no_go import GoNoGo
from pasyans.perft import perft
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
