"""Супружеский пасьянс: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.games.spouses import B_ORDER, Spouses
from pasyans.perft import perft
from rulecheck import allows, assert_illegal, forbids, legal


def at(piles: dict, turn: str = "A", **options) -> Spouses:
    """A game in play: ``piles`` bottom to top, face-down cards in parentheses."""
    return Spouses.from_position(piles, turn=turn, options=options)


def dealt(deal: int = 1, **options) -> Spouses:
    """A new game with both packs laid out (the deal is 104 compulsory moves)."""
    g = pasyans.new_game("spouses", deal=deal, **options)
    for _ in range(104):
        g.play(g.legal_moves()[0])
    return g


# ---- the deal ---------------------------------------------------------------------------

@allows("spouses.p1.s1")
def test_each_partner_has_a_whole_pack():
    g = pasyans.new_game("spouses", deal=3)
    for pack in ("stock.a", "stock.b"):
        assert sorted(g.piles[pack].cards) == list(range(52))
    assert g.turn == "A" and g.players == ("A", "B")


@forbids("spouses.p1.s1")
def test_a_partners_cards_go_only_to_his_own_heaps():
    g = pasyans.new_game("spouses", deal=3)
    top = g.piles["stock.a"].top.ascii
    assert legal(g) == {f"deal {top}@stock.a>a.1"}
    assert_illegal(g, f"deal {top}@stock.a>b.1")


@allows("spouses.p1.s2")
def test_heaps_of_three_and_the_last_two_of_two():
    g = dealt(5)
    sizes = [len(g.piles[f"a.{i}"].cards) for i in range(1, 19)]
    assert sizes == [3] * 16 + [2, 2]
    assert [len(g.piles[f"b.{i}"].cards) for i in range(1, 19)] == sizes
    assert not g.piles["reserve.a"].cards and not g.piles["stock.b"].cards


@forbids("spouses.p1.s2")
def test_no_fourth_card_on_a_heap():
    g = pasyans.new_game("spouses", deal=5)
    for _ in range(3):
        g.play(g.legal_moves()[0])
    top = g.piles["stock.a"].top.ascii
    assert legal(g) == {f"deal {top}@stock.a>a.2"}
    assert_illegal(g, f"deal {top}@stock.a>a.1")


@allows("spouses.p1.s3")
def test_b_heaps_show_their_top_card():
    g = dealt(6)
    for i in range(1, 19):
        b = g.piles[f"b.{i}"]
        assert b.down == len(b.cards) - 1
    assert g.turn == "A"


@forbids("spouses.p1.s3")
def test_a_heaps_lie_wholly_face_down_and_closed_cards_do_not_pair():
    g = dealt(6)
    for i in range(1, 19):
        a = g.piles[f"a.{i}"]
        assert a.down == len(a.cards)
    a1, b = g.piles["a.1"].top.ascii, g.piles["b.1"].top.ascii
    assert_illegal(g, f"pair {a1}@a.1>aside,{b}@b.1>aside")


# ---- A's turn ---------------------------------------------------------------------------

@allows("spouses.p1.s4")
def test_a_turns_his_first_heap_and_the_twin_pair_goes_aside():
    g = at({"a.1": "(3H) (7S)", "a.2": "(KD)", "b.1": "(2C) 7S", "b.2": "9D"})
    assert legal(g) == {"turn 7S@a.1>a.1"}
    g.play("turn 7S@a.1>a.1")
    assert legal(g) == {"pair 7S@a.1>aside,7S@b.1>aside"}
    g.play("pair 7S@a.1>aside,7S@b.1>aside")
    assert legal(g) == {"turn 3H@a.1>a.1"}  # the second card of the same heap


@forbids("spouses.p1.s4")
def test_same_suit_or_same_rank_alone_is_no_pair():
    g = at({"a.1": "7S", "b.1": "8S", "b.2": "7H", "b.3": "(KD)"})
    assert legal(g) == {"pass:B"}
    assert_illegal(g, "pair 7S@a.1>aside,8S@b.1>aside", "same card of the other pack")
    assert_illegal(g, "pair 7S@a.1>aside,7H@b.2>aside", "same card of the other pack")


@allows("spouses.p2.s1")
def test_an_unmatched_card_stays_open_and_a_goes_to_his_next_heap():
    g = at({"a.1": "(2C) (9D)", "a.2": "(5H)", "b.1": "KS"})
    g.play("turn 9D@a.1>a.1")
    assert legal(g) == {"turn 5H@a.2>a.2"}
    assert g.piles["a.1"].down == 1 and g.piles["a.1"].top.ascii == "9D"


@forbids("spouses.p2.s1")
def test_a_does_not_go_on_in_a_heap_whose_card_found_no_match_nor_skip_a_heap():
    g = at({"a.1": "(2C) 9D", "a.2": "(5H)", "a.3": "(6H)", "b.1": "KS"})
    assert_illegal(g, "turn 2C@a.1>a.1", "in order")
    assert_illegal(g, "turn 6H@a.3>a.3", "next is A's heap 2")


@allows("spouses.p3.s1")
def test_when_a_has_gone_through_his_heaps_it_is_bs_turn():
    g = at({"a.1": "9D", "b.1": "(KS)"})
    assert legal(g) == {"pass:B"}
    g.play("pass:B")
    assert g.turn == "B" and legal(g) == {"turn KS@b.1>b.1"}


@forbids("spouses.p3.s1")
def test_b_waits_while_a_has_a_closed_heap():
    g = at({"a.1": "9D", "a.2": "(4C)", "b.1": "(KS)"})
    assert_illegal(g, "pass:B", "compulsory")
    assert_illegal(g, "turn KS@b.1>b.1", "A's turn")


# ---- B's turn and after -----------------------------------------------------------------

@allows("spouses.p4.s1")
def test_b_turns_his_closed_heaps_from_the_right_and_goes_on_after_a_pair():
    assert B_ORDER[:6] == ("b.6", "b.5", "b.4", "b.3", "b.2", "b.1")
    g = at({"b.1": "(3D)", "b.6": "(4C) (9H)", "a.1": "9H", "a.2": "JC"}, turn="B")
    assert legal(g) == {"turn 9H@b.6>b.6"}
    g.play("turn 9H@b.6>b.6")
    g.play("pair 9H@b.6>aside,9H@a.1>aside")
    assert legal(g) == {"turn 4C@b.6>b.6"}
    g.play("turn 4C@b.6>b.6")
    assert legal(g) == {"turn 3D@b.1>b.1"}


@forbids("spouses.p4.s1")
def test_b_does_not_begin_from_the_left_nor_turn_an_open_heap_again():
    g = at({"b.1": "(3D)", "b.5": "QH", "b.6": "(9H)", "a.1": "9H"}, turn="B")
    assert_illegal(g, "turn 3D@b.1>b.1", "next is B's heap 6")
    assert_illegal(g, "turn QH@b.5>b.5")


@allows("spouses.p4.s2")
def test_then_it_is_as_turn_again():
    g = at({"b.1": "4C", "a.1": "(2S)"}, turn="B")
    assert legal(g) == {"pass:A"}
    g.play("pass:A")
    assert g.turn == "A" and legal(g) == {"turn 2S@a.1>a.1"}


@forbids("spouses.p4.s2")
def test_play_stops_when_no_pair_can_come():
    g = at({"b.1": "4C", "a.1": "5C"}, turn="B")
    assert g.status == "lost" and legal(g) == set()
    assert_illegal(g, "pass:A", "game is over")


@allows("spouses.p5.s1")
def test_the_patience_comes_out_when_all_cards_go_in_pairs():
    aside = " ".join(f"{r}{s} {r}{s}" for r in "A23456789TJQK" for s in "SHDC" if f"{r}{s}" != "QD")
    g = at({"a.1": "QD", "b.1": "QD", "aside": aside})
    g.play("pair QD@a.1>aside,QD@b.1>aside")
    assert g.status == "won"


@forbids("spouses.p5.s1")
def test_cards_left_over_mean_it_has_not_come_out():
    g = dealt(1)
    g.advance()
    assert g.status == "lost"
    assert len(g.piles["aside"].cards) < 104


# ---- the reserve (Примечание) -------------------------------------------------------------

@allows("spouses.p6.s1")
def test_the_reserve_variant_keeps_four_cards_back_and_helps_when_play_stops():
    g = dealt(24, reserve="stuck")
    assert [len(g.piles[f"a.{i}"].cards) for i in range(1, 19)] == [3] * 16 + [0, 0]
    assert len(g.piles["reserve.a"].cards) == 4 and g.piles["reserve.a"].down == 4
    g = at({"a.1": "9D", "b.1": "4C", "reserve.a": "(5S) (4C)"}, reserve="stuck")
    assert legal(g) == {"turn 4C@reserve.a>reserve.a"}
    g.play("turn 4C@reserve.a>reserve.a")
    assert legal(g) == {"pair 4C@reserve.a>aside,4C@b.1>aside"}


@forbids("spouses.p6.s1")
def test_the_reserve_waits_while_play_can_go_on_and_is_absent_from_the_main_text():
    g = at({"a.1": "9D", "b.1": "4C", "b.2": "(7H)", "reserve.a": "(5S) (4C)"}, reserve="stuck")
    assert legal(g) == {"pass:B"}
    assert_illegal(g, "turn 4C@reserve.a>reserve.a", "compulsory")
    g = dealt(24)
    assert not g.piles["reserve.a"].cards and not g.piles["reserve.b"].cards


# ---- the readings -----------------------------------------------------------------------

def test_reading_pair_suit_lets_any_card_of_the_suit_pair_and_offers_a_choice():
    piles = {"a.1": "7S", "b.1": "8S", "b.2": "KS", "b.3": "(KD)"}
    assert legal(at(piles)) == {"pass:B"}
    assert legal(at(piles, pair="suit")) == {"pair 7S@a.1>aside,8S@b.1>aside",
                                             "pair 7S@a.1>aside,KS@b.2>aside"}


def test_reading_pair_changes_outcomes():
    def won(deal, pair):
        g = pasyans.new_game("spouses", deal=deal, pair=pair)
        while g.status == "playing":
            g.play(g.legal_moves()[0])
        return g.status == "won"
    assert [won(d, "twin") for d in range(1, 11)] != [won(d, "suit") for d in range(1, 11)]


def test_reading_reserve_changes_the_outcome_of_deal_24():
    outcomes = {}
    for reserve in ("none", "stuck", "open"):
        g = pasyans.new_game("spouses", deal=24, reserve=reserve)
        g.advance()
        outcomes[reserve] = g.status
    assert outcomes == {"none": "lost", "stuck": "won", "open": "won"}


def test_reading_reserve_open_lays_the_reserve_face_up():
    stuck, opened = dealt(24, reserve="stuck"), dealt(24, reserve="open")
    assert stuck.piles["reserve.b"].down == 4 and opened.piles["reserve.b"].down == 0
    assert stuck.piles["reserve.b"].cards == opened.piles["reserve.b"].cards  # never the shuffle


def test_under_twin_pairs_there_is_never_a_choice():
    for deal in range(1, 6):
        for reserve in ("none", "stuck", "open"):
            g = pasyans.new_game("spouses", deal=deal, reserve=reserve)
            g.advance()
            assert g.status != "playing"


def test_twin_outcome_does_not_depend_on_when_the_reserve_opens():
    # Pairing the same card is order-free: the reserve helps alike whenever it is opened.
    for deal in range(1, 31):
        results = set()
        for reserve in ("stuck", "open"):
            g = pasyans.new_game("spouses", deal=deal, reserve=reserve)
            g.advance()
            results.add((g.status, len(g.piles["aside"].cards)))
        assert len(results) == 1, deal


def test_perft():
    g = pasyans.new_game("spouses", deal=1)
    g.advance()  # the default reading has no choice: the deal plays itself out
    assert g.status == "lost" and [perft(g, d) for d in (1, 2, 3)] == [1, 1, 1]
    for deal, counts in ((1, [3, 3, 15]), (13, [8, 8, 56])):
        g = pasyans.new_game("spouses", deal=deal, pair="suit")
        g.advance()
        assert [perft(g, d) for d in (1, 2, 3)] == counts
