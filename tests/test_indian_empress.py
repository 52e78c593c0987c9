"""Индийская императрица: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.cards import RANK, RED
from pasyans.games.indian_empress import ADMIRALS, ARMY, GENERALS, GUARDS, NAVY, IndianEmpress
from pasyans.layout import CARD_H, FAN_STEP
from pasyans.perft import perft
from pasyans.solver import PLAIN, play_line, solve
from pasyans.solver.indian_empress import IndianEmpressKnowledge as K
from rulecheck import allows, assert_illegal, forbids, legal

BASE = {**{f"general.{i}": "KH" for i in range(1, 5)}, **{f"general.{i}": "KD" for i in range(5, 9)},
        **{f"admiral.{i}": "AS" for i in range(1, 5)}, **{f"admiral.{i}": "AC" for i in range(5, 9)}}
HEARTS_DOWN = "KH QH TH 9H 8H 7H 6H 5H 4H 3H 2H AH".split()
CLUBS_UP = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC KC".split()


def pos(army=(), navy=(), stock="", red="", black="", found=None, fill=("3D", "9S"), phase="play", **options):
    """A position in play: ``army``/``navy`` list the places from 1 (a couple is "low top");
    with ``fill`` the other places hold cards that fit nowhere here; ``stock`` bottom to top."""
    piles = dict(BASE)
    piles.update(found or {})
    for rows, cards, filler in ((ARMY, army, fill and fill[0]), (NAVY, navy, fill and fill[1])):
        for i, name in enumerate(rows):
            spec = cards[i] if i < len(cards) else ""
            if spec:
                piles[name] = spec
            elif filler:
                piles[name] = filler
    piles["stock"] = " ".join(f"({c})" for c in stock.split())
    piles["talon.red"] = red
    piles["talon.black"] = black
    return IndianEmpress.from_position(piles, phase=phase, options=options)


def cards(g, pile):
    return [c.ascii for c in g.piles[pile].cards]


def started(deal=3, **options):
    g = pasyans.new_game("indian_empress", deal=deal, **options)
    g.advance()
    return g


# ---- set-up: the 32 cards taken out ---------------------------------------------------------

@allows("indian_empress.p1.s1", "indian_empress.r5.s1", "indian_empress.p4.s1")
def test_the_thirty_two_cards_are_taken_out_first_and_the_foundations_laid():
    g = pasyans.new_game("indian_empress", deal=3)
    for _ in range(32):
        (m,) = g.legal_moves()
        assert m.kind == "lay" and m.forced
        g.play(m)
    assert sorted(cards(g, "empress")) == ["QC"]
    assert sorted(sum((cards(g, n) for n in GENERALS), [])) == ["KD"] * 4 + ["KH"] * 4
    assert sorted(sum((cards(g, n) for n in ADMIRALS), [])) == ["AC"] * 4 + ["AS"] * 4
    assert sorted(sum((cards(g, n) for n in GUARDS), [])) == ["JD"] * 4 + ["JH"] * 4
    assert sorted(cards(g, "aside")) == ["QC"] * 3 + ["QS"] * 4
    assert len(g.piles["stock"].cards) == 176
    assert g.legal_moves()[0].kind == "deal"


@forbids("indian_empress.p1.s1")
def test_no_other_card_is_taken_out():
    g = pasyans.new_game("indian_empress", deal=3)
    for _ in range(32):
        g.play(g.legal_moves()[0])
    left = g.piles["stock"].cards
    assert not [c for c in left if (RED[c] and RANK[c] in (11, 13)) or (not RED[c] and RANK[c] in (1, 12))]
    assert sum(1 for c in left if RED[c] and RANK[c] == 12) == 8  # the red queens stay to be played
    assert sum(1 for c in left if not RED[c] and RANK[c] == 13) == 8  # so do the black kings
    g = pos(stock="QH 5S", phase="lay", fill=None, found={n: "" for n in BASE})
    assert_illegal(g, "lay QH@stock>aside")


@forbids("indian_empress.r5.s1")
def test_nothing_is_dealt_while_a_foundation_card_is_still_in_the_pack():
    g = pos(stock="AS 7H", phase="lay", fill=None, found={n: "" for n in BASE})
    assert legal(g) == {"lay AS@stock>admiral.1"}
    assert_illegal(g, "deal 7H@stock>army.1")


@allows("indian_empress.p2.s1")
def test_queens_of_spades_and_three_of_clubs_are_thrown_aside():
    g = pos(stock="QC QS", phase="lay", fill=None, found={n: "" for n in BASE})
    g.play("lay QS@stock>aside")
    g.play("lay QC@stock>aside")
    assert cards(g, "aside") == ["QS", "QC"]


@forbids("indian_empress.p2.s1")
def test_only_three_queens_of_clubs_are_thrown_aside():
    g = IndianEmpress.from_position({"stock": "(QC)", "aside": "QS QS QS QS QC QC QC"}, phase="lay")
    assert_illegal(g, "lay QC@stock>aside")
    assert legal(g) == {"lay QC@stock>empress"}


@allows("indian_empress.p3.s1")
def test_the_fourth_queen_of_clubs_is_the_empress_and_the_knaves_her_guard():
    g = IndianEmpress.from_position({"stock": "(5S) (JH) (QC)", "aside": "QS QS QS QS QC QC QC"}, phase="lay")
    g.play("lay QC@stock>empress")
    g.play("lay JH@stock>guard.1")
    assert cards(g, "empress") == ["QC"] and cards(g, "guard.1") == ["JH"]


@forbids("indian_empress.p3.s1")
def test_the_empress_and_the_guard_remain_alone():
    g = pos(army=["QH"], navy=["2S"], found={"empress": "QC", "guard.1": "JH"})
    assert all("guard" not in m.notation and "empress" not in m.notation for m in g.legal_moves())
    assert_illegal(g, "pair 2S@navy.1>admiral.1,JH@guard.1>general.1")
    g = started(deal=4)
    for i in range(40):
        if g.status != "playing":
            break
        assert all("guard" not in m.notation and "empress" not in m.notation for m in g.legal_moves())
        g.play(g.legal_moves()[i % len(g.legal_moves())])


# ---- the deal ------------------------------------------------------------------------------

@allows("indian_empress.p5.s1")
def test_red_cards_go_to_the_army_black_ones_to_the_navy_in_order():
    g = pos(stock="5S 7H", phase="deal", fill=None)
    assert legal(g) == {"deal 7H@stock>army.1"}
    g.play("deal 7H@stock>army.1")
    assert legal(g) == {"deal 5S@stock>navy.1"}
    g = started(deal=7)
    assert all(RED[c] for n in ARMY for c in g.piles[n].cards)
    assert not any(RED[c] for n in NAVY for c in g.piles[n].cards)


@forbids("indian_empress.p5.s1")
def test_a_red_card_is_never_dealt_to_the_navy():
    g = pos(stock="5S 7H", phase="deal", fill=None)
    assert_illegal(g, "deal 7H@stock>navy.1")
    assert_illegal(g, "deal 7H@stock>army.2")


@allows("indian_empress.p6.s1", "indian_empress.r4.s1")
def test_once_its_two_rows_are_full_a_colour_goes_to_its_talon_packet():
    g = pos(army=["QH"] + ["3D"] * 23, navy=["2S"], stock="8D 7H", phase="deal", fill=None)
    assert legal(g) == {"deal 7H@stock>talon.red"}
    g.play("deal 7H@stock>talon.red")
    g.play("deal 8D@stock>talon.red")
    assert cards(g, "talon.red") == ["7H", "8D"]
    g = started(deal=2)
    assert len(g.piles["talon.red"].cards) == 6 and not g.piles["talon.black"].cards


@forbids("indian_empress.p6.s1", "indian_empress.p7.s1")
def test_nothing_is_played_while_the_rows_are_laid_out():
    g = pos(army=["QH"] + ["3D"] * 23, navy=["2S"], stock="8D 7H", phase="deal", fill=None)
    assert_illegal(g, "pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    assert_illegal(g, "turn 7H@stock>talon.red")


@forbids("indian_empress.r4.s1")
def test_a_card_never_goes_to_the_packet_of_the_other_colour():
    g = pos(army=["QH"], navy=["2S"], stock="5S")
    assert_illegal(g, "turn 5S@stock>talon.red")
    g.play("turn 5S@stock>talon.black")
    assert cards(g, "talon.black") == ["5S"]


# ---- pairs -----------------------------------------------------------------------------------

@allows("indian_empress.p7.s1")
def test_when_the_rows_are_full_the_first_pair_is_a_black_two_and_a_red_queen():
    for deal in (1, 2, 3, 4):
        g = started(deal)
        pairs = [m for m in g.legal_moves() if m.kind == "pair"]
        assert pairs
        for m in pairs:
            (b, _, _), (r, _, _) = m.steps
            assert (RANK[b], RED[b], RANK[r], RED[r]) == (2, False, 12, True)


@allows("indian_empress.p7.s2", "indian_empress.r1.s1")
def test_an_army_card_and_a_navy_card_go_up_together():
    g = pos(army=["QH"], navy=["2S"])
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    assert cards(g, "admiral.1") == ["AS", "2S"] and cards(g, "general.1") == ["KH", "QH"]
    assert not g.piles["army.1"].cards and not g.piles["navy.1"].cards


@forbids("indian_empress.r1.s1")
def test_no_card_goes_up_alone():
    g = pos(army=["QH"], navy=["2S"])
    assert_illegal(g, "found QH@army.1>general.1", "other colour")
    assert_illegal(g, "found 2S@navy.1>admiral.1", "other colour")


@forbids("indian_empress.p7.s2")
def test_a_pair_is_one_army_and_one_navy_card_laid_up_at_once():
    g = pos(army=["QH", "QD"], navy=["2S"])
    assert_illegal(g, "pair QH@army.1>general.1,QD@army.2>general.5")
    assert_illegal(g, "pair QH@army.1>navy.1", "couples reading")


@allows("indian_empress.p4.s1")
def test_admirals_ascend_and_generals_descend_in_suit():
    g = pos(army=["TH"], navy=["3C"], found={"general.1": "KH QH", "admiral.5": "AC 2C"})
    assert legal(g) >= {"pair 3C@navy.1>admiral.5,TH@army.1>general.1"}


@forbids("indian_empress.p4.s1")
def test_no_card_out_of_sequence_or_of_the_wrong_colour():
    g = pos(army=["QH", "9H"], navy=["2S", "3S"])
    assert_illegal(g, "pair 3S@navy.2>admiral.1,QH@army.1>general.1", "does not follow")
    assert_illegal(g, "pair 2S@navy.1>general.1,QH@army.1>admiral.1", "red cards go on the Generals")
    assert_illegal(g, "pair 2S@navy.1>admiral.1,9H@army.2>general.1", "does not follow")


@allows("indian_empress.fn16.s1")
def test_the_red_knave_and_the_black_queen_are_left_out_of_the_sequences():
    g = pos(army=["TH"], navy=["KC"], found={"general.1": "KH QH", "admiral.5": CLUBS_UP[:-1]})
    assert "pair KC@navy.1>admiral.5,TH@army.1>general.1" in legal(g)


@forbids("indian_empress.fn16.s1")
def test_leaving_out_a_rank_does_not_let_another_be_skipped():
    g = pos(army=["9H", "QD"], navy=["KC", "2S"], found={"general.1": "KH QH", "admiral.5": CLUBS_UP[:-3]})
    assert_illegal(g, "pair KC@navy.1>admiral.5,QD@army.2>general.5", "does not follow")
    assert_illegal(g, "pair 2S@navy.2>admiral.1,9H@army.1>general.1", "does not follow")


def test_interchangeable_foundations_the_card_goes_on_the_first():
    g = pos(army=["QH"], navy=["2S"])
    assert legal(g) == {"pair 2S@navy.1>admiral.1,QH@army.1>general.1"}
    assert_illegal(g, "pair 2S@navy.1>admiral.3,QH@army.1>general.1", "same card")


# ---- refilling --------------------------------------------------------------------------------

@allows("indian_empress.r2.s1", "indian_empress.p7.s3")
def test_vacancies_are_refilled_at_once_from_the_talon_of_their_colour():
    g = pos(army=["QH"], navy=["2S"], red="5H 6D", black="4S 8C", stock="9H")
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    assert legal(g) == {"fill 6D@talon.red>army.1"}
    assert g.legal_moves()[0].forced
    g.play("fill 6D@talon.red>army.1")
    assert legal(g) == {"fill 8C@talon.black>navy.1"}


@allows("indian_empress.r2.s1", "indian_empress.p9.s3")
def test_when_the_talon_is_empty_the_vacancy_is_refilled_from_the_pack():
    g = pos(army=["QH"], navy=["2S"], stock="4H 6C 5S 9H")
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    assert g.advance() == 2
    assert [m.notation for m in g.moves] == ["pair 2S@navy.1>admiral.1,QH@army.1>general.1",
                                             "fill 9H@stock>army.1", "fill 5S@stock>navy.1"]
    # a card of the other colour turned meanwhile goes on its packet, which then refills its vacancy
    g = pos(army=["QH"], navy=["2S"], stock="4H 6C 5S", black="JS")
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    g.advance()
    assert [m.notation for m in g.moves[1:]] == ["turn 5S@stock>talon.black", "turn 6C@stock>talon.black",
                                                 "fill 4H@stock>army.1", "fill 6C@talon.black>navy.1"]
    assert cards(g, "talon.black") == ["JS", "5S"]


@forbids("indian_empress.r2.s1", "indian_empress.p7.s3", "indian_empress.p9.s1")
def test_a_vacancy_is_never_left_open_while_it_can_be_filled():
    g = pos(army=["QH"], navy=["2S"], red="5H", black="4S", stock="9H")
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    assert_illegal(g, "turn 9H@stock>talon.red", "refilled")
    assert_illegal(g, "fill 4S@talon.black>navy.1")
    assert_illegal(g, "fill 5H@talon.red>army.2")


# ---- the talon and the pack --------------------------------------------------------------------

@allows("indian_empress.r3.s1", "indian_empress.p9.s2")
def test_a_card_waited_for_on_the_talon_comes_in_through_the_navy():
    # An Admiral wants the ten of clubs; a pair waits until the ten lies on top of the talon.
    found = {"admiral.5": CLUBS_UP[:9]}
    g = pos(army=["QH", "QD"], navy=["2S"], stock="TC 5D", found=found)
    assert "pair 2S@navy.1>admiral.1,QH@army.1>general.1" in legal(g)
    g.play("turn 5D@stock>talon.red")
    g.play("turn TC@stock>talon.black")
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    g.play("fill 5D@talon.red>army.1")
    g.play("fill TC@talon.black>navy.1")
    assert "pair TC@navy.1>admiral.5,QD@army.2>general.5" in legal(g)


@forbids("indian_empress.r3.s1", "indian_empress.p9.s2")
def test_the_talon_top_is_not_played_directly():
    found = {"admiral.5": CLUBS_UP[:9]}
    g = pos(army=["QH", "QD"], navy=["2S"], black="TC", stock="5D", found=found)
    assert_illegal(g, "pair TC@talon.black>admiral.5,QD@army.2>general.5", "rule III")
    assert_illegal(g, "pair 2S@navy.1>admiral.1,5D@stock>general.1", "rule III")


@allows("indian_empress.p9.s1")
def test_the_player_chooses_when_to_pair():
    g = pos(army=["QH"], navy=["2S"], stock="5D")
    assert legal(g) == {"pair 2S@navy.1>admiral.1,QH@army.1>general.1", "turn 5D@stock>talon.red"}
    assert not any(m.forced for m in g.legal_moves())


@allows("indian_empress.p9.s3")
def test_the_pack_is_gone_through_onto_the_two_packets():
    g = pos(army=["QH"], navy=["2S"], stock="4S 5D")
    g.play("turn 5D@stock>talon.red")
    g.play("turn 4S@stock>talon.black")
    assert cards(g, "talon.red") == ["5D"] and cards(g, "talon.black") == ["4S"]


@forbids("indian_empress.p9.s3", "indian_empress.p10.s1")
def test_the_pack_is_gone_through_once_and_not_laid_out_again():
    g = pos(army=["3H"], navy=["2S"], red="5D 4D", black="4S")
    assert g.status == "lost"
    assert_illegal(g, "turn 4S@talon.black>stock")
    assert_illegal(g, "redeal")
    g = pos(army=["QH"], navy=["2S"], red="5D")
    assert_illegal(g, "turn 5D@talon.red>stock")


@allows("indian_empress.p10.s1")
def test_after_the_pack_play_goes_on_from_the_talon_packets():
    g = pos(army=["QH", "QD"], navy=["2S", "2C"], red="5D TH", black="3S")
    g.play("pair 2S@navy.1>admiral.1,QH@army.1>general.1")
    g.advance()
    assert cards(g, "army.1") == ["TH"] and cards(g, "navy.1") == ["3S"]
    assert g.status == "playing"


def test_lost_when_no_pair_lies_on_the_table():
    g = pos(army=["QH"], navy=["3S"], stock="2S 5D")
    assert g.status == "lost" and g.legal_moves() == []
    g = pasyans.new_game("indian_empress", deal=5)
    g.advance()
    assert g.status == "lost" and len(g.moves) == 92  # no black two in the Navy: nothing can ever go up


def test_won_when_all_sixteen_foundations_are_complete():
    found = {**{n: " ".join(HEARTS_DOWN) for n in GENERALS}, **{n: " ".join(CLUBS_UP) for n in ADMIRALS}}
    found["general.1"] = " ".join(HEARTS_DOWN[:-1])
    found["admiral.1"] = " ".join(CLUBS_UP[:-1])
    g = pos(army=["AH"], navy=["KC"], found=found, fill=None)
    g.play("pair KC@navy.1>admiral.1,AH@army.1>general.1")
    assert g.status == "won"


# ---- the couples reading ---------------------------------------------------------------------

@allows("indian_empress.p8.s1")
def test_couples_any_army_card_may_be_laid_on_any_navy_card_and_back():
    g = pos(army=["9H"], navy=["5S"], stock="2S QH", pairing="couples")
    assert {"pair 9H@army.1>navy.1", "pair 5S@navy.1>army.1"} <= legal(g)
    g.play("pair 9H@army.1>navy.1")
    assert cards(g, "navy.1") == ["5S", "9H"]
    assert legal(g) == {"fill QH@stock>army.1"}  # the vacancy opened is refilled at once


@forbids("indian_empress.p8.s1")
def test_couples_a_card_is_paired_only_once_and_a_couple_never_parted():
    g = pos(army=["QH", "8D"], navy=["2S 9H", "5S"], pairing="couples", stock="4C")
    assert_illegal(g, "pair 8D@army.2>navy.1", "only once")
    assert_illegal(g, "pair 9H@navy.1>navy.2", "only once")
    assert_illegal(g, "pair 2S@navy.1>admiral.1,QH@army.1>general.1")


def test_couples_a_couple_goes_up_together_as_soon_as_both_fit():
    g = pos(army=["QH"], navy=["2S 3D", "2C"], found={"general.5": "KD QD TD 9D 8D 7D 6D 5D 4D"},
            pairing="couples")
    moves = g.legal_moves()
    assert {m.notation for m in moves} == {"found 3D@navy.1>general.5,2S@navy.1>admiral.1"}
    assert moves[0].forced


def test_option_pairing_changes_the_play():
    g = pos(army=["9H"], navy=["5S"], stock="2S QH")
    assert g.status == "lost"
    g = pos(army=["9H"], navy=["5S"], stock="2S QH", pairing="couples")
    assert g.status == "playing" and "pair 9H@army.1>navy.1" in legal(g)
    assert started(deal=5).status == "lost"
    assert started(deal=5, pairing="couples").status == "playing"


def test_option_build_changes_the_play():
    found = {"admiral.5": CLUBS_UP[:9]}
    g = pos(army=["QH"], navy=["TS"], found=found)
    assert g.status == "lost"
    g = pos(army=["QH"], navy=["TS"], found=found, build="colour")
    assert legal(g) == {"pair TS@navy.1>admiral.5,QH@army.1>general.1",
                        "pair TS@navy.1>admiral.5,QH@army.1>general.5"}  # any red king takes a red queen
    g = pos(army=["QD"], navy=["2C"], found={"general.1": "KH"}, build="colour")
    assert "pair 2C@navy.1>admiral.5,QD@army.1>general.1" in legal(g)


# ---- the table, perft -------------------------------------------------------------------------

def test_layout_piles_do_not_overlap():
    g = started(deal=1)
    spots = g.layout().spots
    boxes = []
    for s in spots:
        h = CARD_H + (FAN_STEP if s.fan == "down" else 0)  # a couple fans two cards
        boxes.append((s.pile, s.x, s.y, s.x + 1, s.y + h))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2], (a, b)
    assert "Reconstruction" in g.layout().caption_en


def test_perft_from_the_first_choice():
    # After a pair come its two compulsory refills, one move each: depths 2 and 3 count them.
    g = started(deal=1)
    assert [perft(g, d) for d in (1, 2, 3)] == [9, 17, 25]
    g = started(deal=4)
    assert [perft(g, d) for d in (1, 2, 3)] == [21, 41, 61]
    g = started(deal=1, build="colour")
    assert [perft(g, d) for d in (1, 2, 3)] == [33, 65, 97]
    g = started(deal=1, pairing="couples")  # 24 x 24 x 2 couples, less those of two fitting cards
    assert len(g.legal_moves()) == 1145  # = perft(g, 1); deeper counts take too long for a test


# ---- the search's knowledge ---------------------------------------------------------------------

class PairFirst(K):
    """The knowledge in the game's own order alone (the lines the late positions are taken from)."""

    def orders(self, g):
        return ()


def late_positions(deal, **options):
    """Positions late in a won deal: 120 moves before the end of the solver's line, then 3, 9,
    15 or 21 turns (or refills) where the line would pair: some are still won, some lost."""
    g = pasyans.new_game("indian_empress", deal, **options)
    line = solve(g, budget_states=20_000, budget_s=60, knowledge=PairFirst()).line
    out = []
    for turns in (3, 9, 15, 21):
        h = g.clone()
        for m in line[:len(line) - 120]:
            h.play(m)
        for _ in range(turns):
            moves = [m for m in h.legal_moves() if m.kind != "pair"] or h.legal_moves()
            if moves:
                h.play(moves[0])
        out.append(h)
    return out


def verdicts(games, states=20_000, knowledge=None):
    return [solve(g, budget_states=states, budget_s=60, knowledge=knowledge).verdict for g in games]


def test_the_knowledge_keeps_the_verdicts_of_the_plain_search():
    games = [h for deal in (1, 4) for h in late_positions(deal)]
    games += late_positions(1, build="colour")
    pruned = verdicts(games)
    for g, v in zip(games, pruned):
        if v == "won":
            res = solve(g, budget_states=20_000, budget_s=60)
            assert play_line(g, res.line).status == "won"
    unpruned = verdicts(games, states=3_000, knowledge=PLAIN)
    decided = [(a, b) for a, b in zip(pruned, unpruned) if "unknown" not in (a, b)]
    assert len(decided) >= 10 and {a for a, _ in decided} == {"won", "lost"}
    assert all(a == b for a, b in decided)


def test_the_key_forgets_which_places_hold_the_cards_and_which_cards_went_up():
    a = pos(army=["QH", "TH"], navy=["2S", "3S"], red="9H", stock="4S")
    b = pos(army=["TH", "QH"], navy=["3S", "2S"], red="9H", stock="4S")
    assert K().canonical_key(a) == K().canonical_key(b) != a._snapshot()
    # the same cards have come in and as many have gone up: QD up and 3C waiting, or the reverse
    up_qd = pos(army=["TD"], navy=["3C"], found={"general.5": "KD QD"})
    up_3c = pos(army=["QD", "TD"], navy=[], found={"admiral.5": "AC 2C 3C"}, fill=("3D", None))
    assert K().canonical_key(up_qd) != K().canonical_key(up_3c)  # a red card up is not a black one
    up_qh = pos(army=["TH", "QD"], found={"general.1": "KH QH"})
    up_qd2 = pos(army=["TH", "QH"], found={"general.5": "KD QD"})
    assert K().canonical_key(up_qh) == K().canonical_key(up_qd2)
    couples = [pos(army=["QH", "9D"], navy=["2S 7D"], pairing="couples"),
               pos(army=["9D", "QH"], navy=["3S", "2S 7D"][::-1], pairing="couples")]
    assert K().canonical_key(couples[0]) != K().canonical_key(couples[1])  # a different Navy


def test_a_row_full_of_cards_waiting_for_one_deep_in_the_talon_is_hopeless():
    # The hearts are up to the queen; the Army holds 23 hearts below the ten and a queen of
    # diamonds: once she goes up the nine of hearts comes in, and the four tens lie under it.
    found = {n: " ".join(HEARTS_DOWN[:2]) for n in GENERALS[:4]}
    army = [f"{r}H" for r in "98765432A" * 3][:23]
    navy = [f"{r}S" for r in "234567" for _ in range(4)]  # black cards to pair with
    g = pos(army=army + ["QD"], navy=navy, red="TH TH TH TH 9H", found=found)
    assert g.status == "playing" and K().hopeless(g)
    # a ten in the Army (a fifth one: extra copies are never counted as out of reach) opens a place
    assert not K().hopeless(pos(army=army + ["TH"], navy=navy, red="TH TH TH TH 9H", found=found))
    # ... unless the Navy cannot go on pairing until the last ten comes in
    short = pos(army=army + ["TH"], navy=navy[:3], red="TH TH TH TH 9H", found=found)
    assert K().hopeless(short)
    assert solve(g, knowledge=PLAIN).verdict == solve(short, knowledge=PLAIN).verdict == "lost"


def test_a_card_that_needs_too_many_cards_turned_on_it_first_is_hopeless(monkeypatch):
    # The Army waits for the tens of hearts, which lie in the pack under four diamonds that can
    # never go up (no ten of diamonds): turned onto the talon above the threes, they must all
    # come in before the last three of diamonds, and only 9 red cards could go up for 11 refills.
    found = {n: " ".join(HEARTS_DOWN[:2]) for n in GENERALS[:4]}
    army = ["QD"] + ["9H"] * 4 + [f"{r}D" for r in "98765" for _ in range(4)][:19]
    navy = dict(navy=["2S"], black="4S 4S 3S 3S 3S 3S 2S 2S 2S")  # ten black cards, one at a time
    g = pos(army=army, red="3D 3D 3D", stock="TH TH TH TH 4D 4D 4D 4D", found=found, **navy)
    assert g.status == "playing" and K().hopeless(g)
    # turned first, the tens come in first, and the Army can go up
    assert not K().hopeless(pos(army=army, red="3D 3D 3D", stock="4D 4D 4D 4D TH TH TH TH", found=found, **navy))
    monkeypatch.setattr(K, "_can_come_in", lambda *a: True)
    assert not K().hopeless(g)  # the count that takes the pack as free misses it
    assert solve(g, knowledge=PLAIN).verdict == "lost"


# ---- the couples reading's move order ----------------------------------------------------------

def child_keys(g, moves):
    keys = []
    for m in moves:
        h = g.clone()
        h._apply(m)
        keys.append(K().canonical_key(h))
    return keys


def test_couples_order_keeps_one_move_of_each_outcome():
    couples = dict(pairing="couples")
    games = [started(deal=1, **couples), started(deal=1, build="colour", **couples),
             pos(army=["QH", "QH", "9D"], navy=["2S", "2S", "5C"], red="7H QD", stock="2C 5S", **couples)]
    for g in games:
        moves = g._generate()
        kept = K().ordered(g, moves)
        assert set(kept) <= set(moves) and len(kept) < len(moves)
        keys = child_keys(g, kept)
        assert len(set(keys)) == len(keys) and set(keys) == set(child_keys(g, moves))


def test_couples_order_follows_the_advice_to_wait_for_a_useful_card():
    g = pos(army=["QH", "9D"], navy=["2S", "5C"], red="QD", stock="5S", pairing="couples")
    first = K().ordered(g, g._generate())[0]
    assert first.kind == "pair" and len(first.steps) == 2  # the queen of diamonds comes in at once
    g = pos(army=["QH", "9D"], navy=["2S", "5C"], red="7H", stock="5S", pairing="couples")
    order = [m.kind if len(m.steps) == 2 else "couple" if m.kind == "pair" else m.kind
             for m in K().ordered(g, g._generate())]
    assert order.index("turn") < order.index("pair")  # nothing useful would come in: turn first
    # no red card fits, but the queen of diamonds would come in: a red card is laid on a black one
    g = pos(army=["9D", "8D"], navy=["2S", "5C"], red="QD", stock="5S", pairing="couples")
    first = K().ordered(g, g._generate())[0]
    assert first.kind == "pair" and first.src.startswith("army") and first.dst != "navy.1"


def eager(order, g):
    """The moves of ``g`` in the knowledge's couples order ``order``."""
    k = K()
    k.order = order
    return k.ordered(g, g._generate())


def shape(m):
    return m.kind if len(m.steps) == 2 else "couple" if m.kind == "pair" else m.kind


def test_couples_eager_orders_pair_before_turning():
    g = pos(army=["QH", "9D"], navy=["2S", "5C"], red="7H", stock="5S", pairing="couples")
    for order in (2, 3, 4):
        kinds = [shape(m) for m in eager(order, g)]
        assert kinds.index("pair") < kinds.index("turn")  # nothing useful would come in: pair all the same
    # two cards each one face short: orders 3 and 4 couple them before turning, order 2 after
    g = pos(army=["TH", "9D"], navy=["3S", "5C"], red="7H", stock="5S", pairing="couples")
    couple = [m for m in eager(3, g) if shape(m) == "couple"][0]
    assert {couple.src, couple.dst} == {"army.1", "navy.1"}
    assert [shape(m) for m in eager(3, g)].index("couple") < [shape(m) for m in eager(3, g)].index("turn")
    assert [shape(m) for m in eager(2, g)].index("turn") < [shape(m) for m in eager(2, g)].index("couple")
    # two faces short: only order 4 couples them before turning
    g = pos(army=["9H", "9D"], navy=["4S", "5C"], red="7H", stock="5S", pairing="couples")
    assert [shape(m) for m in eager(3, g)].index("turn") < [shape(m) for m in eager(3, g)].index("couple")
    assert [shape(m) for m in eager(4, g)].index("couple") < [shape(m) for m in eager(4, g)].index("turn")
    assert eager(1, g) == eager(0, g)  # order 1: a first look in the advice order


def test_couples_every_order_keeps_the_same_moves():
    couples = dict(pairing="couples")
    games = [started(deal=1, **couples), started(deal=14, build="colour", **couples),
             pos(army=["QH", "TH", "9D"], navy=["2S", "3S", "5C"], red="7H QD", stock="2C 5S", **couples)]
    assert len(K().orders(games[0])) == 4
    for g in games:
        assert all(set(eager(k, g)) == set(eager(0, g)) for k in (1, 2, 3, 4))  # each complete (a proof)


def test_couples_a_deal_the_advice_leaves_open_is_won_in_an_eager_order():
    g = pasyans.new_game("indian_empress", 14, pairing="couples")
    res = solve(g, budget_states=200_000, budget_s=60)  # order 2 on its 2,000 states
    assert res.verdict == "won" and res.strategy == "order 2"
    assert play_line(g, res.line).status == "won"


def late_couples(deal, worst):
    """16 moves before the end of a won line under couples, then ``worst`` moves last in the order."""
    g = pasyans.new_game("indian_empress", deal, pairing="couples")
    line = solve(g, budget_states=5_000, budget_s=60).line
    h = g.clone()
    for m in line[:len(line) - 16]:
        h.play(m)
    for _ in range(worst):
        if h.legal_moves():
            h.play(K()._couples_order(h, h.legal_moves())[-1])
    return h


def test_couples_order_keeps_the_verdicts_of_the_plain_search():
    games = [late_couples(1, 1), late_couples(1, 4), late_couples(9, 1)]
    pruned = verdicts(games, states=3_000)
    for g, v in zip(games, pruned):
        if v == "won":
            assert play_line(g, solve(g, budget_states=3_000, budget_s=60).line).status == "won"
    assert verdicts(games, states=3_000, knowledge=PLAIN) == pruned == ["won", "lost", "won"]


# ---- the couples reading's loss proofs -------------------------------------------------------

def _run(suit, up):
    """A whole sequence of one suit, from its base (ascending for the Admirals)."""
    ranks = "A23456789TJK" if up else "KQT98765432A"
    return " ".join(r + suit for r in ranks)


def ring(couples, reds, blacks, **extra):
    """Nearly won under couples: hearts down to the 4 on one General, diamonds to the 3, spades
    up to the 9 on one Admiral, clubs to the 10, the rest complete; pack and talon through
    unless ``extra`` says so."""
    found = {**{f"general.{i}": _run("H", False) for i in (1, 2, 3)}, "general.4": _run("H", False)[:26],
             **{f"general.{i}": _run("D", False) for i in (5, 6, 7)}, "general.8": _run("D", False)[:29],
             **{f"admiral.{i}": _run("S", True) for i in (1, 2, 3)}, "admiral.4": _run("S", True)[:26],
             **{f"admiral.{i}": _run("C", True) for i in (5, 6, 7)}, "admiral.8": _run("C", True)[:29]}
    return pos(army=couples + reds, navy=blacks, found=found, fill=None, pairing="couples", **extra)


STUCK = (["2H TS", "3H JS"], ["AH", "2D", "AD"], ["KS", "JC", "KC"])


def test_couples_two_couples_each_waiting_for_the_other_are_hopeless():
    # the 2 of hearts waits for the 3, coupled with the knave of spades that waits for the 10,
    # coupled with the 2 of hearts; the diamonds and clubs can still go up in pairs
    stuck = ring(*STUCK)
    assert stuck.status == "playing" and K().hopeless(stuck)
    assert not K().hopeless(ring(["3H JS"], ["AH", "2D", "AD", "2H"], ["KS", "JC", "KC", "TS"]))
    # a position short of a copy (or with one too many) is never judged
    assert not K().hopeless(ring(["2H TS", "3H JS"], ["AH", "2D", "AD"], ["KS", "JC"]))
    assert solve(stuck, knowledge=PLAIN).verdict == "lost"
    assert solve(ring(["3H JS"], ["AH", "2D", "AD", "2H"], ["KS", "JC", "KC", "TS"]), knowledge=PLAIN).verdict == "won"


def test_couples_once_the_pack_is_through_the_key_forgets_where_a_couple_lies():
    a = ring(["2H TS", "3H JS"], ["AH"], ["KS"])
    b = ring(["2H TS"], ["AH"], ["JS 3H", "KS"])
    assert K().canonical_key(a) == K().canonical_key(b)
    c = ring(["2H TS", "3H JS"], ["AH"], ["KS"], black="8S")
    d = ring(["2H TS"], ["AH"], ["JS 3H", "KS"], black="8S")
    assert K().canonical_key(c) != K().canonical_key(d)  # a card left to refill a place: rows still count


def test_couples_loss_proofs_keep_the_verdicts_of_the_plain_search():
    games = [late_couples(9, 4), late_couples(9, 6), ring(*STUCK)]
    pruned = verdicts(games, states=3_000)
    assert pruned == ["lost"] * 3
    unpruned = verdicts(games, states=3_000, knowledge=PLAIN)
    assert unpruned[1:] == ["lost"] * 2 and unpruned[0] in ("lost", "unknown")



def test_couples_cards_that_cannot_all_go_up_in_pairs_are_hopeless():
    # the 2 of diamonds frees the ace of diamonds (then no red card fits the knave of clubs) or
    # lifts the couple with the king of clubs (then none fits the 10 of spades): every card goes
    # up with one of the other colour, and no couple is a ring of its own
    lost = ring(["3H KS", "AD KC"], ["2D", "2H", "AH"], ["TS", "JS", "JC"])
    in_pack = ring(["3H KS", "AD KC"], ["2D", "2H"], ["TS", "JS", "JC"], stock="AH")
    won = ring(["3H JS"], ["AH", "2D", "AD", "2H"], ["KS", "JC", "KC", "TS"])
    for g in (lost, in_pack):
        k = K()
        assert not k._couples_stuck(g, k._relaxed_state(g))
    assert K().hopeless(lost) and K().hopeless(in_pack) and not K().hopeless(won)
    assert verdicts([lost, in_pack, won], states=3_000) == ["lost", "lost", "won"]
    assert play_line(won, solve(won).line).status == "won"
    assert verdicts([lost, in_pack, won], states=3_000, knowledge=PLAIN) == ["lost", "lost", "won"]


def test_couples_a_search_never_depends_on_the_questions_asked_before():
    g = late_couples(9, 6)
    first = solve(g, budget_states=2_000, budget_s=60)
    k = K()
    k.hopeless(g)
    assert k._pairs is not None and K()._pairs is None
    again = solve(g, budget_states=2_000, budget_s=60)
    assert (first.verdict, first.states) == (again.verdict, again.states)


def test_couples_loss_verdicts_kept_for_a_search_are_those_worked_out_afresh():
    # one table of relaxed verdicts serves a whole search: along a line, each position's
    # verdict from the shared table is the one a fresh copy works out
    g = pasyans.new_game("indian_empress", 14, pairing="couples")
    line = solve(g, budget_states=300, budget_s=60).best
    shared, k = g.clone(), K()
    seen = 0
    for m in line:
        k.play(shared, m)
        if shared.phase == "play":
            fresh = IndianEmpress.from_position(
                {n: " ".join(c.ascii for c in pile.cards) for n, pile in shared.piles.items()},
                options=shared.options)
            assert k.hopeless(shared) == K().hopeless(fresh)
            seen += 1
    assert seen > 100 and k._pairs is not None and len(k._pairs[2]) > 1


def test_advice_order_turns_unless_a_pair_brings_in_a_card_that_fits():
    # QH and 2S pair; the refill of the Army comes from the red talon: a ten of hearts fits once
    # the queen is up (the knave is left out), a five does not (p9.s2's advice)
    for red, first in (("5H TH", "pair"), ("TH 5H", "turn")):
        g = pos(army=["QH"], navy=["2S"], red=red, black="9C", stock="4S 7D")
        k = K()
        before = k.canonical_key(g), g._snapshot()
        moves = g.legal_moves()
        k.order = 1
        ordered = k.ordered(g, moves)
        assert ordered[0].kind == first and {m.kind for m in ordered} == {"pair", "turn"}
        assert (k.canonical_key(g), g._snapshot()) == before  # tried and taken back
        k.order = 0
        assert k.ordered(g, moves)[0].kind == "pair"


def test_advice_order_wins_a_deal_the_pair_first_order_did_not_reach():
    g = pasyans.new_game("indian_empress", deal=20)
    res = solve(g, budget_s=60)
    assert res.verdict == "won" and res.strategy == "order 1" and play_line(g, res.line).status == "won"
