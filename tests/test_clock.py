"""Часы: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.games.clock import Clock
from pasyans.perft import perft
from pasyans.players import blind_play
from rulecheck import allows, assert_illegal, forbids, legal

EMPTY = {}


def at(stock: str, waste: str = "", deal_no: int = 1, base: int | None = 2, options=None, **places) -> Clock:
    """A clock game mid-deal: ``stock`` bottom to top (face down), places by rank."""
    piles = {"stock": " ".join(f"({c})" for c in stock.split()), "waste": waste}
    piles.update({f"clock.{k[1:]}": v for k, v in places.items()})
    return Clock.from_position(piles, base=base, deal_no=deal_no, options=options)


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


@forbids("clock.p3.s2")
def test_the_cards_laid_aside_are_not_dealt_again_before_the_pack_is_laid_off():
    g = at("9C", waste="2S 3S 4S")
    assert_illegal(g, "redeal", "laid off to the end")


@forbids("clock.p4.s1", "clock.p4.s2")
def test_no_third_laying():
    g = at("", waste="2S 3S 4S", deal_no=2)
    assert g.status == "lost"
    assert_illegal(g, "redeal", "game is over")


@allows("clock.p4.s2")
def test_the_second_laying_is_the_last_and_may_still_come_out():
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(1, 14)}
    places.update({"clock.2": "2D", "waste": "2C 2H 2S"})
    g = Clock.from_position(places, base=2, deal_no=2)
    for card in ("2S", "2H", "2C"):
        assert legal(g) == {f"found {card}@waste>clock.2"}
        g.play(f"found {card}@waste>clock.2")
    assert g.status == "won"


# ---- which cards may be used during a laying (aside, note clock.n.aside)

@allows("clock.p2.s1", "clock.p2.s4")
def test_the_top_card_laid_aside_goes_onto_its_equal_when_it_fits():
    g = at("9C", waste="5H 7S", c7="7D")
    assert legal(g) == {"found 7S@waste>clock.7", "turn 9C@stock>waste"}
    g.play("found 7S@waste>clock.7")
    assert legal(g) == {"turn 9C@stock>waste"}  # 5H waits: no 5 on the clock


@forbids("clock.p2.s1")
def test_a_card_under_the_top_of_the_cards_laid_aside_waits():
    g = at("9C", waste="7S 5H", c7="7D")
    assert_illegal(g, "found 7S@waste>clock.7", "only the top one")


@forbids("clock.p3.s2")
def test_reading_waiting_the_cards_laid_aside_wait_for_the_next_laying():
    g = at("9C", waste="5H 7S", c7="7D", options={"aside": "waiting"})
    assert legal(g) == {"turn 9C@stock>waste"}
    assert_illegal(g, "found 7S@waste>clock.7", "wait for the next laying")


@allows("clock.p2.s1", "clock.p2.s4")
def test_reading_spread_any_card_laid_aside_goes_when_it_fits():
    g = at("9C", waste="7S 5H", c7="7D", options={"aside": "spread"})
    assert legal(g) == {"found 7S@waste>clock.7", "turn 9C@stock>waste"}
    g.play("found 7S@waste>clock.7")
    assert [c.ascii for c in g.piles["waste"].cards] == ["5H"]


@forbids("clock.p2.s4", "clock.p3.s1")
def test_a_card_laid_aside_still_keeps_the_colours_alternating():
    g = at("9C", waste="7H", c7="7D")
    assert legal(g) == {"turn 9C@stock>waste"}
    assert_illegal(g, "found 7H@waste>clock.7", "red must lie on black")


def test_the_top_card_laid_aside_may_be_played_before_a_new_laying():
    g = at("", waste="5H 7S", c7="7D")
    assert legal(g) == {"found 7S@waste>clock.7", "redeal"}
    assert not any(m.forced for m in g.legal_moves())


@allows("clock.p4.s2")
def test_reading_redeals_2_a_third_laying_is_the_last():
    g = at("", waste="2S 3S 4S", deal_no=2, options={"redeals": 2})
    g.play("redeal")
    assert g.deal_no == 3


@forbids("clock.p4.s2")
def test_reading_redeals_2_no_fourth_laying():
    g = at("", waste="2S 3S 4S", deal_no=3, options={"redeals": 2})
    assert g.status == "lost"
    assert_illegal(g, "redeal", "game is over")


def test_reading_redeals_1_stops_after_two_layings():
    g = Clock.from_position({"waste": "2S"}, base=2, deal_no=2, options={"redeals": 1})
    assert g.status == "lost"


def _outcome(deal, **options):
    """The solver's verdict on ``deal`` (a small budget: the clock is decided in a few states)."""
    return pasyans.solve(pasyans.new_game("clock", deal=deal, **options), budget_states=5000).verdict


def test_readings_decide_outcomes():
    deals = range(1, 21)
    assert {_outcome(d, aside="waiting", redeals=2) for d in deals} == {"won"}
    assert {_outcome(d, aside="waiting", redeals=1) for d in deals} == {"lost"}
    assert {_outcome(d, aside="spread", redeals=1) for d in deals} == {"won"}
    top = [_outcome(d) for d in range(1, 101)]
    assert "won" in top and "lost" in top  # under the default a deal can be lost


def test_reading_spread_comes_out_in_the_first_laying():
    g = pasyans.new_game("clock", deal=7, aside="spread")
    res = pasyans.solve(g)
    assert res.verdict == "won" and not any(m.kind == "redeal" for m in res.line)


def test_reading_second_deal_reversed_changes_the_order():
    g = Clock.from_position({"waste": "2S 3S 4S"}, base=2, deal_no=1, options={"second_deal": "reversed"})
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards] == ["2S", "3S", "4S"]  # 4S on top


def test_option_second_deal_changes_the_play():
    lines = {}
    for order in ("same", "reversed"):
        g = pasyans.new_game("clock", deal=3, second_deal=order)
        blind_play(g)
        lines[order] = [m.notation for m in g.moves]
    assert lines["same"] != lines["reversed"]


def test_won_when_all_thirteen_places_hold_four():
    places = {f"clock.{r}": " ".join(f"{'A23456789TJQK'[r-1]}{s}" for s in "DSHC") for r in range(1, 14)}
    g = Clock.from_position(places, base=2, deal_no=2)
    assert g.status == "won"


def test_perft_from_the_start():
    g = pasyans.new_game("clock", deal=1)
    assert [perft(g, d) for d in (1, 2, 3)] == [4, 4, 4]
