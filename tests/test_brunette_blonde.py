"""Брюнетка и блондинка: each cited sentence allows and forbids, on constructed positions;
the readings; perft; the search's knowledge against the plain search."""
import random

import pytest

import pasyans
from pasyans.games.brunette_blonde import BrunetteBlonde
from pasyans.perft import perft
from pasyans.solver import Knowledge, play_line, solve
from pasyans.solver.brunette_blonde import BrunetteBlondeKnowledge as K
from pasyans.solver.brunette_blonde import _need, _reach, _rise, _stretches
from rulecheck import allows, assert_illegal, forbids, legal

# A quiet main row: red sevens and eights, which take no card of these tests unless said so.
QUIET = {f"row.{i}": c for i, c in enumerate("7H 7H 7D 7D 8H 8H 8D 8D".split(), 1)}


def at(stock="", kon="", pass_no=1, options=None, **piles):
    """A game in play; keywords ``row_3="KS QH"``, ``ace_1="AS 2H"`` name piles with a dot."""
    spec = dict(QUIET)
    spec.update({k.replace("_", "."): v for k, v in piles.items()})
    spec.update({"stock": " ".join(f"({c})" for c in stock.split()), "kon": kon})
    return BrunetteBlonde.from_position(spec, dealt=8, pass_no=pass_no, options=options or {})


# ---- brunette_blonde.p1.s1: the main row ----------------------------------------------------
@allows("brunette_blonde.p1.s1")
def test_eight_cards_are_laid_in_a_row_one_after_another():
    g = pasyans.new_game("brunette_blonde", deal=5)
    while g.dealt < 8:
        (m,) = g.legal_moves()
        assert m.forced
        g.play(m)
    assert all(len(g.piles[f"row.{i}"].cards) == 1 for i in range(1, 9))
    assert [m.dst for m in g.moves if m.kind == "deal"] == [f"row.{i}" for i in range(1, 9)]


@forbids("brunette_blonde.p1.s1")
def test_while_the_row_is_laid_no_card_is_built_or_laid_aside():
    g = BrunetteBlonde.from_position({"row.1": "KS", "stock": "(5C) (QH)"}, dealt=1)
    assert legal(g) == {"deal QH@stock>row.2"}
    assert_illegal(g, "lay QH@stock>row.1")
    assert_illegal(g, "turn QH@stock>kon")


# ---- brunette_blonde.p1.s2: the aces ---------------------------------------------------------
@allows("brunette_blonde.p1.s2")
def test_an_ace_goes_above_the_row_beside_the_others_and_the_row_goes_on():
    g = BrunetteBlonde.from_position({"row.1": "KS", "ace.1": "AD", "stock": "(5C) (AH)"}, dealt=1)
    assert legal(g) == {"found AH@stock>ace.2"}
    g.play("found AH@stock>ace.2")
    assert legal(g) == {"deal 5C@stock>row.2"}
    g = at(stock="5C AS", ace_1="AD")
    assert legal(g) == {"found AS@stock>ace.2"}


@forbids("brunette_blonde.p1.s2")
def test_an_ace_goes_nowhere_else_and_an_empty_place_above_takes_only_an_ace():
    g = at(stock="5C AH", row_1="2S")
    assert_illegal(g, "lay AH@stock>row.1")
    assert_illegal(g, "turn AH@stock>kon")
    g = at(stock="5C", row_1="2S")
    assert_illegal(g, "found 2S@row.1>ace.1", "only an ace")


# ---- brunette_blonde.p1.s3 and p2.s1: building, the кон, the empty places ------------------
@allows("brunette_blonde.p1.s3", "brunette_blonde.p2.s1")
def test_up_on_the_aces_and_down_on_the_row_red_and_black_in_turn():
    # The text's own example: on the king of clubs the queen of hearts, the knave of spades on it.
    g = at(stock="5C JS QH", row_1="KC", ace_1="AS")
    assert legal(g) == {"lay QH@stock>row.1"}
    g.play("lay QH@stock>row.1")
    assert legal(g) == {"lay JS@stock>row.1"}
    g.play("lay JS@stock>row.1")
    g = at(stock="5C 2H", ace_1="AS")
    assert legal(g) == {"found 2H@stock>ace.1"}


@forbids("brunette_blonde.p1.s3", "brunette_blonde.p2.s1")
def test_no_colour_twice_and_no_wrong_direction():
    g = at(stock="5C 2D", ace_1="AH", row_1="3H")
    assert_illegal(g, "found 2D@stock>ace.1", "red and black alternate")
    assert_illegal(g, "lay 2D@stock>row.1", "red and black alternate")
    g = at(stock="5C 4S", row_1="3H")
    assert_illegal(g, "lay 4S@stock>row.1", "downward")


@allows("brunette_blonde.p1.s3")
def test_a_card_that_fits_nowhere_goes_to_the_kon_which_fills_the_empty_places():
    g = at(stock="5C 9D", row_1="")
    assert legal(g) == {"turn 9D@stock>kon"}
    g.play("turn 9D@stock>kon")
    assert "fill 9D@kon>row.1" in legal(g)
    g.play("fill 9D@kon>row.1")
    assert g.piles["row.1"].top.ascii == "9D"


@forbids("brunette_blonde.p1.s3")
def test_a_card_that_fits_does_not_go_to_the_kon_and_empty_places_are_filled_only_from_it():
    g = at(stock="5C QS", row_1="KH", row_2="")
    assert legal(g) == {"lay QS@stock>row.1"}
    assert_illegal(g, "turn QS@stock>kon", "fits neither")
    assert_illegal(g, "fill QS@stock>row.2", "from the кон")
    g = at(stock="5C", row_1="KH 9S", row_2="")
    assert_illegal(g, "move 9S@row.1>row.2", "from the кон")


# ---- brunette_blonde.p1.s4: the кон laid out a second time ---------------------------------
@allows("brunette_blonde.p1.s4")
def test_when_the_pack_is_out_and_nothing_fits_the_kon_is_laid_out_again_in_order():
    g = at(kon="9D 5C 3D")
    assert legal(g) == {"redeal"}
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards] == ["3D", "5C", "9D"]  # 9D comes first again
    assert g.pass_no == 2 and not g.piles["kon"].cards
    # A card of the main row that fits another pile of the row may go there (the reading).
    g = at(stock="5C", row_1="KH QS", row_2="KD", row_3="JD")
    assert "move JD@row.3>row.1" in legal(g)


@forbids("brunette_blonde.p1.s4")
def test_no_relaying_while_a_card_fits_and_no_third_laying():
    g = at(kon="9D 5C 3D", ace_1="AH 2S")
    assert legal(g) == {"found 3D@kon>ace.1"}
    assert_illegal(g, "redeal", "only when the pack is out")
    g = at(kon="9D 5C 3D", pass_no=2)
    assert g.status == "lost"
    assert_illegal(g, "redeal", "game is over")


# ---- brunette_blonde.p3.s1 and p3.s2: the end ----------------------------------------------
@allows("brunette_blonde.p3.s2")
def test_the_patience_comes_out_when_kings_lie_on_all_the_aces():
    run = "A{} 2{} 3{} 4{} 5{} 6{} 7{} 8{} 9{} T{} J{} Q{} K{}"
    piles = {f"ace.{i}": run.format(*("SH" if i % 2 else "HS") * 7) for i in range(1, 9)}
    g = BrunetteBlonde.from_position(piles, dealt=8, pass_no=2)
    assert g.status == "won" and g.info()["decided_by"] == ("brunette_blonde.p3.s2",)


@forbids("brunette_blonde.p3.s2")
def test_a_queen_on_top_is_not_yet_out():
    g = at(stock="KS", ace_1="AS 2H 3S 4H 5S 6H 7S 8H 9S TH JS QH")
    assert g.status == "playing"
    g.play("found KS@stock>ace.1")
    assert g.status != "won"  # the other seven are not out


@allows("brunette_blonde.p3.s1")
def test_lost_when_the_second_laying_ends_with_cards_that_will_not_go():
    g = at(kon="9D 9H", pass_no=2)
    assert g.status == "lost" and g.info()["decided_by"] == ("brunette_blonde.p3.s1",)


@forbids("brunette_blonde.p3.s1")
def test_not_lost_while_the_second_laying_is_to_come():
    g = at(kon="9D 9H", pass_no=1)
    assert g.status == "playing" and legal(g) == {"redeal"}


# ---- brunette_blonde.p3.s3: «для перемены» --------------------------------------------------
@allows("brunette_blonde.p3.s3")
def test_for_a_change_two_cards_a_place_or_a_row_of_two():
    g = at(stock="5C QS", row_1="KH", options={"for_a_change": "two_cards"})
    assert "lay QS@stock>row.1" in legal(g)
    g = pasyans.new_game("brunette_blonde", deal=5, for_a_change="two_places")
    g.advance()
    assert sorted(n for n in g.piles if n.startswith("row")) == ["row.1", "row.2"]


@forbids("brunette_blonde.p3.s3")
def test_for_a_change_no_third_card_on_a_place():
    g = at(stock="5C JD", row_1="KH QS", options={"for_a_change": "two_cards"})
    assert "lay JD@stock>row.1" not in legal(g)
    assert_illegal(g, "lay JD@stock>row.1", "only two cards")
    assert "lay JD@stock>row.1" in legal(at(stock="5C JD", row_1="KH QS"))


# ---- the readings ---------------------------------------------------------------------------
def test_reading_row_build_colour_or_suit():
    for reading, ok in (("colour", False), ("suit", True)):
        g = at(stock="5C 9H", row_1="TD", options={"row_build": reading})
        assert ("lay 9H@stock>row.1" in legal(g)) is ok
    g = at(stock="5C 9D", row_1="TD", options={"row_build": "suit"})
    assert "lay 9D@stock>row.1" not in legal(g)


def test_reading_fill_at_once_or_in_due_time():
    g = at(stock="5C", kon="9D", row_1="", options={"fill": "at_once"})
    assert legal(g) == {"fill 9D@kon>row.1"} and g.legal_moves()[0].forced
    g = at(stock="5C", kon="9D", row_1="")
    assert legal(g) == {"fill 9D@kon>row.1", "turn 5C@stock>kon"}


def test_reading_row_to_row():
    for reading, ok in ((True, True), (False, False)):
        g = at(stock="5C", row_1="KH QS", row_3="JD", options={"row_to_row": reading})
        assert ("move JD@row.3>row.1" in legal(g)) is ok


def test_reading_kon_unfit_or_any():
    for reading, expected in (("unfit", {"lay QS@stock>row.1"}),
                              ("any", {"lay QS@stock>row.1", "turn QS@stock>kon"})):
        assert legal(at(stock="5C QS", row_1="KH", options={"kon": reading})) == expected


def test_reading_second_laying_order():
    g = at(kon="9D 5C 3D", options={"second_laying": "reversed"})
    g.play("redeal")
    assert [c.ascii for c in g.piles["stock"].cards] == ["9D", "5C", "3D"]  # 3D comes first


def test_reading_for_a_change_changes_outcomes():
    def won(deal, change):
        g = pasyans.new_game("brunette_blonde", deal=deal, for_a_change=change)
        while g.status == "playing":
            g.play(g.legal_moves()[0])
        return g.status
    # The first legal move, always: the main game comes out, the variant's two readings part.
    assert [won(d, "no") for d in (3, 4)] == ["won", "won"]
    assert [won(d, "two_cards") for d in (3, 4)] == ["lost", "won"]
    assert [won(d, "two_places") for d in (3, 4)] == ["lost", "lost"]


def test_a_row_to_row_transfer_never_repeats_a_position():
    g = at(stock="5C", row_1="KH QS", row_2="KD QC", row_3="JD")
    g.play("move JD@row.3>row.1")
    assert "move JD@row.1>row.2" in legal(g)
    g.play("move JD@row.1>row.2")
    assert "move JD@row.2>row.1" not in legal(g)  # back where it was: refused


def test_perft_from_the_first_choice():
    counts = {}
    for deal in (1, 2):
        g = pasyans.new_game("brunette_blonde", deal=deal)
        g.advance()
        counts[deal] = [perft(g, d) for d in (1, 2, 3)]
    assert counts == {1: [4, 13, 42], 2: [4, 12, 28]}


# ---- the search's knowledge ---------------------------------------------------------------------
RUN = "A{} 2{} 3{} 4{} 5{} 6{} 7{} 8{} 9{} T{} J{} Q{} K{}"


def buried(kon, **options):
    """Second laying: the black aces and two red ones are out, two red aces wait for a three;
    the rest of their cards lie in the кон (bottom first) and the pack."""
    piles = {f"ace.{i}": RUN.format(*((s + t) * 7)[:13]) for i, (s, t) in
             enumerate(("SH", "SD", "CH", "CD", "HS", "DC"), 1)}
    piles.update({"ace.7": "AH 2S", "ace.8": "AD 2C", "kon": kon})
    rest = [r + s for i, r in enumerate("3456789TJQK") for s in ("HD" if i % 2 == 0 else "SC")]
    for c in kon.split():
        rest.remove(c)
    piles["stock"] = " ".join(f"({c})" for c in rest)
    change = options.get("for_a_change", "no")
    return BrunetteBlonde.from_position(piles, dealt=2 if change == "two_places" else 8, pass_no=2,
                                        options=options)


def test_hopeless_when_the_row_cannot_hold_what_lies_over_the_threes():
    # Both fives and both threes under a four and two sixes: when the threes come out, the
    # four and the sixes lie in the row, in two stretches (no five between): three places.
    kon = "5H 5D 3H 3D 4S 6S 6C"
    assert K().hopeless(buried(kon, for_a_change="two_places"))
    assert not K().hopeless(buried(kon))  # eight places hold them
    assert not K().hopeless(buried("5H 5D 3H 3D 4S 6S", for_a_change="two_places"))
    g = buried(kon, for_a_change="two_places")
    g.pass_no = 1  # the кон will be laid out again
    assert not K().hopeless(g)
    # Places of two cards: nine black even cards over the threes make no pair.
    assert K().hopeless(buried("3H 3D 4S 4C 6S 6C 8S 8C TS TC QS", for_a_change="two_cards"))
    assert not K().hopeless(buried("3H 3D 4S 4C 6S 6C 8S 8C TS TC", for_a_change="two_cards"))
    assert K().hopeless(buried("3H 3D 4S 4C 6S 6C 8S 8C TS TC JH QS", for_a_change="two_cards"))
    assert not K().hopeless(buried("3H 3D 4S 4C 6S 6C 8S TS TC JH QS", for_a_change="two_cards"))


def test_canonical_key_folds_suits_only_when_building_by_colour():
    def key(row, **options):
        return K().canonical_key(at(stock="5C", row_1=row, options=options))
    assert key("KH QS") == key("KD QC")
    assert key("KH QS", row_build="suit") != key("KD QC", row_build="suit")
    assert key("KH QS") != key("KS QH")


def without(*names: str) -> K:
    """The game's knowledge with ``names`` back at the plain defaults."""
    return type("Partial", (K,), {n: getattr(Knowledge, n) for n in names})()


def random_walk(options, seed, left):
    """A position of the second laying with ``left`` cards of the pack, by seeded random play."""
    rng = random.Random(seed)
    g = pasyans.new_game("brunette_blonde", deal=1 + seed % 50, **options)
    while g.status == "playing" and not (g.pass_no == 2 and len(g.piles["stock"].cards) <= left):
        ms = g.legal_moves()
        found = [m for m in ms if m.kind == "found"]
        g.play(rng.choice(found) if found and rng.random() < 0.8 else rng.choice(ms))
    return g


@pytest.mark.parametrize("options, seed, left, verdict", [
    ({"for_a_change": "two_cards"}, 24, 15, "lost"),
    ({"for_a_change": "two_cards"}, 31, 40, "won"),
    ({"for_a_change": "two_places"}, 29, 10, "lost"),
    ({"for_a_change": "two_places", "row_build": "suit"}, 13, 20, "lost"),
    ({"for_a_change": "two_cards", "row_build": "suit"}, 8, 20, "won"),
    ({"for_a_change": "two_cards", "fill": "at_once"}, 8, 20, "lost"),
])
def test_the_knowledge_agrees_with_the_plain_search(options, seed, left, verdict):
    g = random_walk(options, seed, left)
    pruned = solve(g, 30_000, 60)
    plain = solve(g, 30_000, 60, without("canonical_key", "hopeless"))
    assert pruned.verdict == plain.verdict == verdict
    assert pruned.states <= plain.states
    if verdict == "won":
        assert play_line(g, pruned.line).status == "won"


def test_a_probe_finds_a_win_the_search_does_not():
    assert [K().probe(BrunetteBlonde(1, for_a_change=c)) for c in ("no", "two_cards", "two_places")] \
        == [0.3, 0.3, 0.0]
    g = pasyans.new_game("brunette_blonde", deal=90, row_to_row=False)
    res = solve(g, 3_000, 60)  # the probe's 900 states find it
    assert res.verdict == "won" and play_line(g, res.line).status == "won"
    g = pasyans.new_game("brunette_blonde", deal=21, for_a_change="two_cards")
    res = solve(g, 40_000, 60)  # the probe's 12,000 states
    assert res.verdict == "won" and res.states <= 12_001
    assert play_line(g, res.line).status == "won"
    g = pasyans.new_game("brunette_blonde", deal=90, row_to_row=False)
    assert solve(g, 3_000, 60, without("probe")).verdict == "unknown"  # the depth-first search alone


def stretches_by_the_rule(home, free, held, reach, fam):
    """The count of :func:`_need` building by colour, read off its docstring: the stuck cards of
    a rank are those ``room = reach - home`` cannot take up; stretches split where no card is free."""
    need = peak = 0
    for j in range(fam + 13, fam, -1):
        room = reach[j] - home[j]
        stuck = max(held[j] - max(room, 0), 0)
        if not free[j]:
            need, peak = need + peak, 0
        else:
            peak = max(peak, stuck)
    return need + peak


def test_the_fast_count_of_places_is_the_rule_s_count():
    rng = random.Random(6)
    for _ in range(3_000):
        home = [rng.randint(0, 4) for _ in range(28)]
        free = [rng.choice((0, 0, 1, 2, 4)) for _ in range(28)]
        held = [rng.choice((0, 0, 0, 1, 2, 5)) for _ in range(28)]
        reach = [rng.randint(0, 4) for _ in range(28)]
        fam = rng.choice((0, 14))
        want = stretches_by_the_rule(home, free, held, reach, fam)
        assert _stretches(home, free, held, reach, fam) == want
        assert _need(home, free, held, reach, fam, False, False) == want


def test_a_row_of_two_places_deal_five_is_proved_lost():
    res = solve(pasyans.new_game("brunette_blonde", deal=5, for_a_change="two_places"), 3_000, 60)
    assert res.verdict == "lost" and res.states == 2_235


def test_the_reach_raised_in_place_is_the_reach_counted_anew():
    rng = random.Random(7)
    for _ in range(500):
        home = [rng.randint(0, 2) for _ in range(28)]
        free = [rng.randint(0, 2) for _ in range(28)]
        reach = [4] * 28
        _reach(home, free, reach, 0)
        _reach(home, free, reach, 14)
        for _ in range(6):
            j = rng.choice([i for i in range(28) if i % 14])
            free[j] += 1
            _rise(home, free, reach, j)
            want = [4] * 28
            _reach(home, free, want, 0)
            _reach(home, free, want, 14)
            assert reach == want


@pytest.mark.parametrize("options", [{}, {"for_a_change": "two_places"}, {"for_a_change": "two_cards"},
                                     {"row_build": "suit"}])
def test_a_card_laid_into_the_row_from_the_kon_or_the_row_makes_no_position_hopeless(options):
    # The search does not ask again after such a move (BrunetteBlondeKnowledge.hopeless): on
    # positions of the second laying reached by seeded random play, whenever the parent is not
    # hopeless, no child of such a move is, asked afresh.
    rng = random.Random(11)
    k, children = K(), 0
    for seed in range(12):
        g = random_walk(options, seed, 60)
        while g.status == "playing":
            ms = g.legal_moves()
            if not k.hopeless(g):
                for m in ms:
                    if m.steps and m.steps[0][2].startswith("row") and m.steps[0][1] != "stock":
                        child = g.clone()
                        child.play(m)
                        assert not K().hopeless(child), (seed, m)
                        children += 1
            found = [m for m in ms if m.kind == "found"]
            g.play(rng.choice(found) if found and rng.random() < 0.7 else rng.choice(ms))
    assert children >= 5


def test_the_search_does_not_ask_again_after_a_card_laid_into_the_row():
    g = at(stock="5C", kon="9D", row_1="", pass_no=2)
    k = K()
    fill, turn = sorted(g.legal_moves(), key=lambda m: m.kind)
    k.play(g.clone(), fill)
    assert k._into_row
    k.play(g.clone(), turn)
    assert not k._into_row
