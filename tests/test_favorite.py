"""Фаворитка: each cited sentence allows and forbids, on constructed positions; readings; perft."""
from collections import Counter

import pytest

import pasyans
from pasyans.games.favorite import SLOTS, Favorite
from pasyans.perft import perft
from pasyans.solver import PLAIN, play_line, solve
from pasyans.solver.favorite import FavoriteKnowledge as K
from rulecheck import allows, assert_illegal, forbids, legal

BASES = {"foundation.1": "8S", "foundation.2": "8H", "foundation.3": "8D", "foundation.4": "8C"}


def at(options=None, **rows) -> Favorite:
    """A laid-out table: eights on the starting places, ``rows`` by pile name (``right_1`` …)."""
    piles = dict(BASES)
    piles.update({k.replace("_", "."): v for k, v in rows.items()})
    return Favorite.from_position(piles, options=options or {})


def deal_targets(deal: int, n: int) -> list[str]:
    g = pasyans.new_game("favorite", deal=deal)
    out = []
    for _ in range(n):
        m = g.legal_moves()[0]
        out.append(m.dst)
        g.play(m)
    return out


# ---- the deal ---------------------------------------------------------------------------

@allows("favorite.p1.s2")
def test_the_first_card_turned_is_the_first_starting_card():
    g = pasyans.new_game("favorite", deal=1)
    top = g.piles["stock"].top.ascii
    assert legal(g) == {f"deal {top}@stock>foundation.1"}


@forbids("favorite.p1.s2")
def test_the_first_card_goes_nowhere_else():
    g = pasyans.new_game("favorite", deal=1)
    top = g.piles["stock"].top.ascii
    assert_illegal(g, f"deal {top}@stock>right.1")
    assert_illegal(g, f"deal {top}@stock>separate.right")


@allows("favorite.p1.s3")
def test_the_second_to_eleventh_cards_and_the_starting_cards_as_they_come():
    assert deal_targets(1, 11)[1:] == ["separate.right", "right.1", "right.2", "right.3", "right.4",
                                       "separate.left", "left.1", "left.2", "left.3", "left.4"]
    # Deal 5: the second card is of the first card's rank, so it is a starting card.
    assert deal_targets(5, 4) == ["foundation.1", "foundation.2", "separate.right", "right.1"]


@forbids("favorite.p1.s3")
def test_a_starting_card_takes_no_place_in_the_rows():
    g = pasyans.new_game("favorite", deal=5)
    g.play(g.legal_moves()[0])
    second = g.piles["stock"].top.ascii
    assert_illegal(g, f"deal {second}@stock>separate.right")


@allows("favorite.p1.s4")
def test_the_twelfth_card_goes_again_to_the_separate_five_on_the_right():
    assert deal_targets(1, 12)[11] == "separate.right"


@forbids("favorite.p1.s4")
def test_the_twelfth_card_does_not_go_onto_the_rows():
    g = pasyans.new_game("favorite", deal=1)
    for _ in range(11):
        g.play(g.legal_moves()[0])
    card = g.piles["stock"].top.ascii
    assert_illegal(g, f"deal {card}@stock>right.1")


@allows("favorite.p1.s5")
def test_the_next_four_cover_the_four_rows_on_the_right():
    assert deal_targets(1, 16)[12:] == ["right.1", "right.2", "right.3", "right.4"]


@forbids("favorite.p1.s5")
def test_the_thirteenth_card_does_not_go_to_the_left():
    g = pasyans.new_game("favorite", deal=1)
    for _ in range(12):
        g.play(g.legal_moves()[0])
    card = g.piles["stock"].top.ascii
    assert_illegal(g, f"deal {card}@stock>left.1")


@allows("favorite.p1.s6")
def test_the_whole_pack_gives_the_counts_of_the_text():
    assert len(SLOTS) == 48
    for deal in (1, 5, 9):
        g = pasyans.new_game("favorite", deal=deal)
        assert g.advance() == 52
        sizes = {name: len(p.cards) for name, p in g.piles.items()}
        assert [sizes[f"foundation.{i}"] for i in range(1, 5)] == [1, 1, 1, 1]
        assert [sizes[f"right.{i}"] for i in range(1, 5)] == [5, 5, 5, 5] and sizes["separate.right"] == 5
        assert [sizes[f"left.{i}"] for i in range(1, 5)] == [5, 5, 4, 4] and sizes["separate.left"] == 5
        assert len({c.rank for f in range(1, 5) for c in g.piles[f"foundation.{f}"].cards}) == 1


@forbids("favorite.p1.s6", "favorite.p1.s7")
def test_nothing_is_played_before_the_pack_is_laid_out():
    g = pasyans.new_game("favorite", deal=1)
    for _ in range(30):
        g.play(g.legal_moves()[0])
    assert len(g.legal_moves()) == 1 and g.legal_moves()[0].kind == "deal"
    end = g.piles["right.1"].top.ascii
    assert_illegal(g, f"move {end}@right.1>left.1", "laid out first")


# ---- play -------------------------------------------------------------------------------

@allows("favorite.p1.s7")
def test_cards_go_onto_the_starting_cards_by_suit():
    g = at(right_1="2C 9S")
    assert "found 9S@right.1>foundation.1" in legal(g)


@forbids("favorite.p1.s7")
def test_a_card_of_another_suit_does_not():
    g = at(right_1="2C 9H")
    assert "found 9H@right.1>foundation.2" in legal(g)
    assert_illegal(g, "found 9H@right.1>foundation.1", "by suit")


@allows("favorite.p1.s8")
def test_rising_or_falling_at_the_players_will():
    g = at(right_1="9S", left_1="7S")
    assert {"found 9S@right.1>foundation.1", "found 7S@left.1>foundation.1"} <= legal(g)
    g.play("found 7S@left.1>foundation.1")
    g = at(right_1="9S", left_1="KS", foundation_1="8S 7S 6S 5S 4S 3S 2S AS")
    assert "found KS@left.1>foundation.1" in legal(g)  # falling runs round from the ace to the king


@forbids("favorite.p1.s8")
def test_once_chosen_the_direction_holds_for_all_foundations():
    g = at(right_1="9S", left_1="7H")
    g.play("found 9S@right.1>foundation.1")
    assert_illegal(g, "found 7H@left.1>foundation.2", "rising or falling")
    g = at(right_1="TS")
    assert_illegal(g, "found TS@right.1>foundation.1", "rising or falling")


@allows("favorite.p1.s9")
def test_transfers_across_the_middle_and_with_the_separate_lines():
    g = at(right_1="2C 6H", left_2="5H", separate_left="QD 7H")
    assert {"move 6H@right.1>left.2", "move 5H@left.2>right.1", "move 6H@right.1>separate.left",
            "move 7H@separate.left>right.1"} <= legal(g)


@forbids("favorite.p1.s9")
def test_no_transfer_out_of_the_foundations():
    g = at(right_1="7S", foundation_1="8S 9S")
    assert_illegal(g, "move 9S@foundation.1>right.1", "ends of the rows")


@allows("favorite.p1.s10")
def test_higher_onto_lower_and_lower_onto_higher_in_suit():
    g = at(right_1="6H", right_2="5H")
    assert {"move 6H@right.1>right.2", "move 5H@right.2>right.1"} <= legal(g)


@forbids("favorite.p1.s10")
def test_only_by_suit_and_only_one_apart():
    g = at(right_1="6H", right_2="5D", right_3="4H")
    assert_illegal(g, "move 6H@right.1>right.2", "of its suit")
    assert_illegal(g, "move 6H@right.1>right.3", "one higher or lower")


@allows("favorite.p1.s11")
def test_an_emptied_cross_row_takes_any_end_card():
    g = at(right_1="2C 9S", left_4="KD", separate_right="3H JC")
    fills = {m.notation for m in g.legal_moves() if m.arg == "fill"}
    assert {"move:fill 9S@right.1>right.2", "move:fill KD@left.4>right.2",
            "move:fill JC@separate.right>right.2"} <= fills


@forbids("favorite.p1.s11")
def test_not_a_card_from_the_middle_of_a_row():
    g = at(right_1="2C 9S")
    assert_illegal(g, "move:fill 2C@right.1>right.2", "крайнюю")


@allows("favorite.p1.s12")
def test_a_separate_line_may_be_played_off():
    g = at(separate_right="9S", right_1="2C")
    g.play("found 9S@separate.right>foundation.1")
    assert not g.piles["separate.right"].cards


@forbids("favorite.p1.s12")
def test_an_emptied_separate_line_is_not_occupied_again():
    g = at(right_1="2C 9S")
    assert not any(m.dst.startswith("separate") for m in g.legal_moves())
    assert_illegal(g, "move:fill 9S@right.1>separate.left", "not occupied again")


def test_won_when_all_cards_are_on_the_starting_places():
    suits = {"foundation.1": "S", "foundation.2": "H", "foundation.3": "D", "foundation.4": "C"}
    ranks = "89TJQKA234567"
    piles = {f: " ".join(r + s for r in ranks) for f, s in suits.items()}
    piles["foundation.4"] = " ".join(r + "C" for r in ranks[:-1])
    g = Favorite.from_position({**piles, "left.1": "7C"})
    g.play("found 7C@left.1>foundation.4")
    assert g.status == "won"


# ---- the readings -----------------------------------------------------------------------

def test_reading_direction_each_lets_each_foundation_choose():
    g = at({"direction": "each"}, right_1="9S", left_1="7H")
    g.play("found 9S@right.1>foundation.1")
    assert "found 7H@left.1>foundation.2" in legal(g)


def test_reading_wrap_decides_whether_king_and_ace_are_neighbours():
    rows = dict(right_1="KH", right_2="AH")
    assert {"move KH@right.1>right.2", "move AH@right.2>right.1"} <= legal(at(**rows))
    g = at({"wrap": "no"}, **rows)
    assert not any(m.kind == "move" and m.arg != "fill" for m in g.legal_moves())
    assert_illegal(g, "move KH@right.1>right.2", "one higher or lower")


def test_reading_separate_from_keeps_cards_off_the_separate_lines():
    rows = dict(right_1="6H", separate_left="QD 7H")
    assert "move 6H@right.1>separate.left" in legal(at(**rows))
    g = at({"separate": "from"}, **rows)
    assert "move 7H@separate.left>right.1" in legal(g)
    assert_illegal(g, "move 6H@right.1>separate.left", "only give cards")


def test_options_do_not_change_the_deal():
    tables = []
    for opts in ({}, {"direction": "each"}, {"wrap": "no"}, {"separate": "from"}):
        g = pasyans.new_game("favorite", deal=7, **opts)
        g.advance()
        tables.append(g.key())
    assert len(set(tables)) == 1


def test_canonical_key_folds_interchangeable_rows():
    a = at(right_1="6H", left_2="5C")
    b = at(left_3="6H", right_4="5C")
    assert K().canonical_key(a) == K().canonical_key(b) and a.key() != b.key()


def test_perft():
    for deal, counts in ((1, [7, 28, 62]), (2, [3, 6, 11])):
        g = pasyans.new_game("favorite", deal=deal)
        assert g.advance() == 52
        assert [perft(g, d) for d in (1, 2, 3)] == counts
    assert Counter(m.kind for m in g.moves) == {"deal": 52}


# ---- the search's knowledge -----------------------------------------------------------------

#: Deals both searches decide within a few thousand states, won and lost, under each reading.
AGREE = [({}, (3, 5, 10, 11, 12, 14, 21, 36, 37)), ({"wrap": "no"}, (1, 5, 11, 12, 14)),
         ({"separate": "from"}, (1, 9, 10, 12)), ({"direction": "each"}, (3, 4, 10, 11, 14))]


@pytest.mark.parametrize("options,deals", AGREE)
def test_the_pruned_solver_agrees_with_the_full_search(monkeypatch, options, deals):
    monkeypatch.setattr(pasyans.solver.search, "blind_play", lambda game: "lost")  # search every time
    games = []
    for deal in deals:
        g = pasyans.new_game("favorite", deal=deal, **options)
        g.advance()
        games.append(g)
    pruned = [solve(g, 20_000, 60) for g in games]
    for g, r in zip(games, pruned):
        if r.verdict == "won":
            assert play_line(g, r.line).status == "won"
    full = [solve(g, 20_000, 60, PLAIN).verdict for g in games]
    assert [r.verdict for r in pruned] == full
    assert {"won", "lost"} <= set(full)


def tried(g: Favorite) -> set[str]:
    return {m.notation for m in K().ordered(g, g._generate())}


def test_a_card_off_its_neighbours_keeps_one_transfer_onto_the_lower_neighbour():
    g = at(right_1="2C 6H", right_2="7H", left_1="3D 5H", separate_left="4D")
    moves = tried(g)
    assert "move 6H@right.1>left.1" in moves
    assert not any(n.startswith(("move 6H@right.1>right.2", "move:fill 6H")) for n in moves)
    assert sum(n.startswith("move:fill 4D") for n in moves) == 1  # one empty row stands for all


def test_a_card_on_its_neighbour_keeps_its_fills_unless_the_other_neighbour_is_lower():
    kept = tried(at(right_1="5H 6H", right_2="7D", left_1="7H"))
    assert {"move 6H@right.1>left.1", "move:fill 6H@right.1>right.3"} <= kept
    dropped = tried(at(right_1="7H 6H", right_2="7D", left_1="5H"))
    assert "move 6H@right.1>left.1" in dropped
    assert not any(n.startswith("move:fill 6H") for n in dropped)


def test_won_lines_of_whole_deals_replay():
    for deal in (1, 2, 3):
        g = pasyans.new_game("favorite", deal=deal)
        g.advance()
        r = solve(g, 50_000, 60)
        assert r.verdict in ("won", "lost")
        if r.verdict == "won":
            assert play_line(g, r.line).status == "won"
