"""Часы: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.games.clock import Clock
from pasyans.perft import perft
from rulecheck import allows, assert_illegal, forbids, legal

EMPTY = {}


def at(stock: str, waste: str = "", deal_no: int = 1, base: int | None = 2, **places) -> Clock:
    """A clock game mid-deal: ``stock`` bottom to top (face down), places by rank."""
    piles = {"stock": " ".join(f"({c})" for c in stock.split()), "waste": waste}
    piles.update({f"clock.{k[1:]}": v for k, v in places.items()})
    return Clock.from_position(piles, base=base, deal_no=deal_no)


@allows("clock.p1.s2")
def test_the_suit_is_chosen_first_among_four():
    g = pasyans.new_game("clock", deal=4)
    assert legal(g) == {"choose:S", "choose:H", "choose:D", "choose:C"}
    g.play("choose:S")
    assert g.base == 0


@forbids("clock.p1.s2")
def test_nothing_is_turned_before_the_suit_is_chosen_and_it_is_chosen_once():
    g = pasyans.new_game("clock", deal=4)
    top = g.piles["stock"].top
    assert_illegal(g, f"turn {top.ascii}@stock>waste")
    g.play("choose:D")
    assert_illegal(g, "choose:H")


@allows("clock.p2.s2")
def test_a_card_of_the_chosen_suit_goes_to_its_place_even_out_of_order():
    g = at("KS 7D")
    assert legal(g) == {"found 7D@stock>clock.7"}


@forbids("clock.p2.s2")
def test_a_card_of_the_chosen_suit_goes_nowhere_but_its_place():
    g = at("KS 7D")
    assert_illegal(g, "turn 7D@stock>waste", "compulsory")
    assert_illegal(g, "found 7D@stock>clock.8")


@allows("clock.p2.s4", "clock.p3.s1")
def test_another_suit_goes_on_its_equal_of_the_other_colour():
    g = at("7S", c7="7D")
    assert legal(g) == {"found 7S@stock>clock.7"}
    g = at("7H", c7="7D 7S")
    assert legal(g) == {"found 7H@stock>clock.7"}


@forbids("clock.p2.s4")
def test_another_suit_does_not_go_where_its_equal_is_not_yet_on_the_table():
    g = at("7S")
    assert legal(g) == {"turn 7S@stock>waste"}
    assert_illegal(g, "found 7S@stock>clock.7", "only onto its equal")


@forbids("clock.p3.s1")
def test_red_never_on_red():
    g = at("7H", c7="7D")
    assert legal(g) == {"turn 7H@stock>waste"}
    assert_illegal(g, "found 7H@stock>clock.7", "red must lie on black")


@allows("clock.p2.s1")
def test_a_card_that_fits_nowhere_is_laid_aside():
    g = at("9C", c7="7D")
    g.play("turn 9C@stock>waste")
    assert [c.ascii for c in g.piles["waste"].cards] == ["9C"]


@forbids("clock.p2.s1")
def test_only_the_top_card_of_the_pack_is_turned():
    g = at("9C 5S")
    assert_illegal(g, "turn 9C@stock>waste")


@allows("clock.p3.s2", "clock.p4.s1")
def test_the_cards_laid_aside_are_dealt_again_unshuffled():
    g = at("", waste="2S 3S 4S")
    assert legal(g) == {"redeal"}
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards] == ["4S", "3S", "2S"]  # 2S on top again
    assert g.deal_no == 2


@forbids("clock.p3.s2", "clock.p4.s1", "clock.p4.s2")
def test_no_fourth_laying():
    g = at("", waste="2S 3S 4S", deal_no=3)
    assert g.status == "lost"
    assert_illegal(g, "redeal", "game is over")


@allows("clock.p4.s2")
def test_a_third_laying_is_the_last():
    g = at("", waste="2S 3S 4S", deal_no=2)
    g.play("redeal")
    assert g.deal_no == 3


def test_reading_redeals_1_stops_after_two_layings():
    g = Clock.from_position({"waste": "2S"}, base=2, deal_no=2, options={"redeals": 1})
    assert g.status == "lost"


def test_reading_redeals_decides_outcomes():
    def won(deal, redeals):
        g = pasyans.new_game("clock", deal=deal, redeals=redeals)
        g.play("choose:D")
        g.advance()
        return g.status == "won"
    assert [won(d, 2) for d in range(1, 21)] == [True] * 20
    assert [won(d, 1) for d in range(1, 21)] == [False] * 20


def test_reading_second_deal_reversed_changes_the_order():
    g = Clock.from_position({"waste": "2S 3S 4S"}, base=2, deal_no=1, options={"second_deal": "reversed"})
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards] == ["2S", "3S", "4S"]  # 4S on top


def test_option_second_deal_changes_the_play():
    lines = {}
    for order in ("same", "reversed"):
        g = pasyans.new_game("clock", deal=3, second_deal=order)
        g.play("choose:D")
        g.advance()
        lines[order] = [m.notation for m in g.moves]
    assert lines["same"] != lines["reversed"]


def test_won_when_all_thirteen_places_hold_four():
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(1, 14)}
    g = Clock.from_position(places, base=2, deal_no=3)
    assert g.status == "won"


def test_perft_from_the_start():
    g = pasyans.new_game("clock", deal=1)
    assert [perft(g, d) for d in (1, 2, 3)] == [4, 4, 4]
