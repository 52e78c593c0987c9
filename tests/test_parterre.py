"""Партер: each cited sentence allows and forbids, on constructed positions; readings; perft."""
import pasyans
from pasyans.games.parterre import Parterre
from pasyans.perft import perft
from pasyans.solver import Knowledge, play_line, solve
from pasyans.solver.parterre import ParterreKnowledge as K
from rulecheck import allows, assert_illegal, forbids, legal


def at(*packets: str, bouquet: str = "", found: dict | None = None, **options) -> Parterre:
    """A parterre after the deal: packets bottom to top, the bouquet, foundations by number."""
    piles = {f"garden.{i}": p for i, p in enumerate(packets, 1)}
    piles["bouquet"] = bouquet
    for k, v in (found or {}).items():
        piles[f"foundation.{k}"] = v
    return Parterre.from_position(piles, options=options)


@allows("parterre.p1.s1")
def test_the_deal_lays_six_packets_of_six_face_up():
    g = pasyans.new_game("parterre", deal=3)
    first = g.legal_moves()
    assert len(first) == 1 and first[0].kind == "deal" and first[0].dst == "garden.1"
    g.advance()
    for i in range(1, 7):
        view = g.piles[f"garden.{i}"]
        assert len(view.cards) == 6 and view.down == 0


@forbids("parterre.p1.s1")
def test_nothing_is_played_during_the_deal():
    g = pasyans.new_game("parterre", deal=3)
    assert all(m.kind == "deal" and m.forced for m in g.legal_moves())
    top = g.piles["stock"].top
    assert_illegal(g, f"deal {top.ascii}@stock>garden.2")  # the packets are dealt in turn


@allows("parterre.p1.s2")
def test_the_other_sixteen_cards_are_the_bouquet():
    g = pasyans.new_game("parterre", deal=3)
    g.advance()
    assert len(g.piles["bouquet"].cards) == 16 and not g.piles["stock"].cards


@forbids("parterre.p1.s2")
def test_the_bouquet_is_dealt_only_after_the_parterre():
    g = pasyans.new_game("parterre", deal=3)
    for _ in range(35):
        g.play(g.legal_moves()[0])
    top = g.piles["stock"].top
    assert_illegal(g, f"deal {top.ascii}@stock>bouquet")


@allows("parterre.r2.s1", "parterre.p1.s3")
def test_aces_go_up_as_they_come_free_and_are_built_in_suit():
    g = at("9S AH", bouquet="2H 3H")
    assert "found AH@garden.1>foundation.2" in legal(g)
    g.play("found AH@garden.1>foundation.2")
    g.play("found 2H@bouquet>foundation.2")
    g.play("found 3H@bouquet>foundation.2")
    assert [c.ascii for c in g.piles["foundation.2"].cards] == ["AH", "2H", "3H"]


@forbids("parterre.r2.s1", "parterre.p1.s3")
def test_no_foundation_begins_but_with_an_ace_and_none_leaves_its_suit():
    g = at("9S 5H", bouquet="2S", found={2: "AH"})
    assert_illegal(g, "found 5H@garden.1>foundation.2")
    assert_illegal(g, "found 2S@bouquet>foundation.2")
    assert_illegal(g, "found 2S@bouquet>foundation.1", "aces")


@allows("parterre.r1.s1")
def test_every_bouquet_card_and_the_top_of_each_packet_are_available():
    g = at("9S 8H", "KD", bouquet="AS 7C QC")
    moves = legal(g)
    assert {"found AS@bouquet>foundation.1", "build 7C@bouquet>garden.1", "build QC@bouquet>garden.2"} <= moves


@forbids("parterre.r1.s1")
def test_a_card_under_the_top_of_a_packet_is_not_available():
    g = at("AS 8H", "9D")
    assert_illegal(g, "found AS@garden.1>foundation.1")
    assert "move 8H@garden.1>garden.2" in legal(g)


@allows("parterre.r1.s2")
def test_taking_the_top_card_frees_the_one_below():
    g = at("AS 8H", "9D")
    g.play("move 8H@garden.1>garden.2")
    assert "found AS@garden.1>foundation.1" in legal(g)


@forbids("parterre.r1.s2")
def test_the_card_below_is_freed_only_when_the_top_is_gone():
    g = at("AS 8H 2D", "9D")
    assert_illegal(g, "found AS@garden.1>foundation.1", "top card")


@allows("parterre.p2.s1", "parterre.r3.s1")
def test_descending_sequences_of_any_suit_from_packet_and_bouquet():
    g = at("KS 9H", "5C 8C", bouquet="7D")
    g.play("move 8C@garden.2>garden.1")  # 8♣ on 9♥: another suit
    g.play("build 7D@bouquet>garden.1")
    assert [c.ascii for c in g.piles["garden.1"].cards] == ["KS", "9H", "8C", "7D"]


@forbids("parterre.p2.s1", "parterre.r3.s1")
def test_no_ascending_or_skipping_in_the_parterre():
    g = at("KS 9H", "5C 7C", bouquet="TD 9D")
    assert_illegal(g, "move 7C@garden.2>garden.1", "rank above")
    assert_illegal(g, "build TD@bouquet>garden.1", "rank above")
    assert_illegal(g, "build 9D@bouquet>garden.1")


@allows("parterre.p2.s2")
def test_a_bouquet_card_laid_in_the_parterre_stays_there():
    g = at("KS 9H", "5C", bouquet="8D")
    g.play("build 8D@bouquet>garden.1")
    assert not g.piles["bouquet"].cards and g.piles["garden.1"].top.ascii == "8D"


@forbids("parterre.p2.s2")
def test_nothing_returns_to_the_bouquet_and_there_is_no_second_deal():
    g = at("KS 9H", "5C", bouquet="8D")
    assert_illegal(g, "move 9H@garden.1>bouquet", "cannot be returned")
    blocked = at("KS 2H", "KD 5C", "QS 8D", "QH JS", "QD KH", "QC 2S")
    assert blocked.status == "lost" and not blocked.legal_moves()


@allows("parterre.p2.s3")
def test_an_empty_packet_is_begun_with_a_bouquet_or_a_parterre_card():
    g = at("KS QH", "", "5C 3D", bouquet="KD")
    moves = legal(g)
    assert {"build KD@bouquet>garden.2", "move QH@garden.1>garden.2", "move 3D@garden.3>garden.2"} <= moves


@forbids("parterre.p2.s3")
def test_a_king_moves_only_into_an_empty_packet():
    g = at("5C KS", "2D", "QH", "9H", "7S", "4D")
    assert not any(m.card.ascii == "KS" for m in g.legal_moves())
    assert_illegal(g, "move KS@garden.1>garden.2")
    g = at("5C KS", "2D", "QH", "9H", "7S", "")
    assert "move KS@garden.1>garden.6" in legal(g)
    g = at("KS", "")
    assert_illegal(g, "move KS@garden.1>garden.2")  # a whole packet moved would change nothing


def test_won_when_every_card_is_up():
    found = {s + 1: " ".join(r + "SHDC"[s] for r in "A23456789TJQK") for s in range(4)}
    assert at(found=found).status == "won"


def test_reading_bases_any_lets_any_card_begin_its_suits_foundation():
    g = at("9S 5H", bouquet="7C", bases="any")
    assert {"found 5H@garden.1>foundation.2", "found 7C@bouquet>foundation.4"} <= legal(g)
    g.play("found 5H@garden.1>foundation.2")
    assert_illegal(g, "found 9S@garden.1>foundation.2")
    turned = at("KH", bouquet="AH", found={2: "5H 6H 7H 8H 9H TH JH QH"}, bases="any")
    turned.play("found KH@garden.1>foundation.2")
    turned.play("found AH@bouquet>foundation.2")  # round the corner from king to ace
    aces = at("9S 5H", bouquet="7C")
    assert not any(m.kind == "found" for m in aces.legal_moves())


def test_reading_transfer_sequence_moves_a_run_at_once():
    g = at("KS 9H 8C 7D", "TD", transfer="sequence")
    assert "move 9H@garden.1>garden.2,8C@garden.1>garden.2,7D@garden.1>garden.2" in legal(g)
    g.play("move 9H@garden.1>garden.2,8C@garden.1>garden.2,7D@garden.1>garden.2")
    assert [c.ascii for c in g.piles["garden.2"].cards] == ["TD", "9H", "8C", "7D"]
    single = at("KS 9H 8C 7D", "TD")
    assert not any(len(m.steps) > 1 for m in single.legal_moves())
    assert_illegal(single, "move 9H@garden.1>garden.2,8C@garden.1>garden.2,7D@garden.1>garden.2")


def test_readings_change_the_outcome_of_a_deal():
    # A king buried over its suit's ace with no way to free a packet: only "any" bases save it.
    g = at("AS KS", "AH KH", "AD KD", "AC KC", "2S", "2H", bouquet="")
    assert g.status == "lost"
    assert at("AS KS", "AH KH", "AD KD", "AC KC", "2S", "2H", bases="any").status == "playing"


def test_solver_shortcut_plays_only_harmless_cards_up():
    g = at("9S 2H", "5C AS", bouquet="4D", found={2: "AH"})
    assert K().safe_move(g, g.legal_moves()).notation == "found 2H@garden.1>foundation.2"
    h = at("9S 5H", "6C", found={2: "AH 2H 3H 4H"})
    assert K().safe_move(h, h.legal_moves()) is None  # the 5♥ may still carry a four


def test_perft_from_the_first_choice():
    counts = {}
    for deal in (1, 2):
        g = pasyans.new_game("parterre", deal=deal)
        g.advance()
        counts[deal] = [perft(g, d) for d in (1, 2, 3)]
    assert counts == {1: [8, 58, 400], 2: [12, 131, 1323]}


# ---- the search's knowledge ----------------------------------------------------------------
def test_safe_move_plays_up_a_card_no_lower_card_can_need():
    found = {1: "AS 2S 3S 4S", 2: "AH 2H 3H", 3: "AD 2D 3D", 4: "AC 2C 3C"}
    g = at("9D 5S", "6C", "7H", found=found)
    assert K().safe_move(g, g.legal_moves()).notation == "found 5S@garden.1>foundation.1"
    found[4] = "AC 2C"
    g = at("9D 5S", "6C", "7H", found=found)
    assert K().safe_move(g, g.legal_moves()) is None  # the 4♥ may want the 5♠ to carry the 3♣


def test_solver_moves_tries_one_empty_packet():
    g = at("9D 5S", "", "", "KC", "QH", "")
    into = [m.dst for m in K().ordered(g, g._generate()) if m.card.ascii == "5S"]
    assert into == ["garden.2"]


def test_solver_moves_lays_a_bouquet_card_only_to_carry_a_card_next():
    g = at("KS TD", "QH 6C", "QC 9S", "KH 2D", "JC 5H", "QD", bouquet="9H 8D 7S 4C")
    assert "build 4C@bouquet>garden.5" in legal(g)
    built = {m.notation for m in K().ordered(g, g._generate()) if m.kind == "build"}
    # 9♥ on T♦ can carry the 8♦ of the bouquet, which can carry the 7♠, which can carry the 6♣;
    # nothing could ever be laid on the 4♣ next.
    assert {"build 9H@bouquet>garden.1", "build 8D@bouquet>garden.3"} <= built
    assert "build 4C@bouquet>garden.5" not in built
    g = at("KS TD", "QH 5C", "QC 9S", "KH 2D", "JC", "QD", bouquet="9H 8D 4C")
    assert not any(m.kind == "build" for m in K().ordered(g, g._generate()))


def test_solver_moves_plays_a_bouquet_card_up_only_for_the_next_of_its_suit():
    g = at("3S 9D", "5C", bouquet="2S", found={1: "AS"})
    assert not any(m.kind == "found" for m in K().ordered(g, g._generate()))
    g = at("9D 3S", "5C", bouquet="2S", found={1: "AS"})
    assert "found 2S@bouquet>foundation.1" in {m.notation for m in K().ordered(g, g._generate())}


def _small(seed: int, low: int, nbq: int, **options) -> Parterre:
    """Cards from rank ``low`` up, shuffled over the bouquet (``nbq`` cards) and six packets."""
    import random
    cards = [r + s for s in "SHDC" for r in "A23456789TJQK"[low - 1:]]
    random.Random(seed).shuffle(cards)
    found = {i + 1: " ".join(r + s for r in "A23456789TJQK"[:low - 1]) for i, s in enumerate("SHDC")}
    rest = cards[nbq:]
    return at(*(" ".join(rest[i::6]) for i in range(6)), bouquet=" ".join(cards[:nbq]), found=found, **options)


def unpruned() -> K:
    """The search without this game's proofs, safe moves, order and streamliners (its key kept)."""
    names = ("safe_move", "ordered", "hopeless", "streamliners")
    return type("Unpruned", (K,), {n: getattr(Knowledge, n) for n in names})()


SMALL = ([(s, 7, 1, {}) for s in (0, 1, 6, 9, 11, 12)] + [(s, 6, 2, {}) for s in (1, 2, 4, 7, 9, 11, 13)]
         + [(s, 6, 2, {"transfer": "sequence"}) for s in (2, 4)])


def test_the_knowledge_keeps_the_verdicts_of_the_plain_search():
    games = [_small(seed, low, nbq, **o) for seed, low, nbq, o in SMALL]
    pruned = [solve(g, 20_000, 60) for g in games]
    plain = [solve(g, 20_000, 60, unpruned()) for g in games]
    assert [r.verdict for r in pruned] == [r.verdict for r in plain]
    assert {r.verdict for r in plain} == {"won", "lost"}
    for g, r in zip(games, pruned):
        if r.verdict == "won":
            assert play_line(g, r.line).status == "won"
    assert sum(r.states for r in pruned) < sum(r.states for r in plain)


def test_hopeless_when_no_packet_card_can_ever_leave():
    # No empty packet can ever be made and the aces lie under cards with no host to come.
    g = at("7C 2D QH 5S 8C KS", "9D 4S QD JH TH 9S 8H", "2C AS QC 7S JC TC", "3D 3C 6D",
           "TS 3H KC 4C TD 9C 8D 7H 6S", "8S 9H AD QS KD 7D 6C 5D 4D 3S 2S", bouquet="JD KH 5H JS 6H 5C 4H",
           found={2: "AH 2H", 4: "AC"})
    assert K().hopeless(g)
    cleared = at("7C 2D QH 5S 8C KS", "9D 4S QD JH TH 9S 8H", "2C AS QC 7S JC TC", "",
                 "TS 3H KC 4C TD 9C 8D 7H 6S", "8S 9H AD QS KD 7D 6C 5D 4D 3S 2S",
                 bouquet="JD KH 5H JS 6H 5C 4H 3D 3C 6D", found={2: "AH 2H", 4: "AC"})
    assert not K().hopeless(cleared)  # the kings may go into the empty packet
    g = pasyans.new_game("parterre", deal=3)
    assert not K().hopeless(g)  # nothing is judged during the deal


def test_hopeless_is_never_wrong_on_random_small_positions():
    import random
    fired = {}
    for opts in ({}, {"transfer": "sequence"}, {"bases": "any"}):
        for seed in range(40):
            rnd = random.Random(seed)
            g = _small(seed, rnd.choice([6, 7, 8]) + ("bases" in opts), rnd.choice([0, 1, 2]), **opts)
            for _ in range(rnd.randrange(12)):
                moves = g._generate()
                if moves:
                    g._apply(rnd.choice(moves))
            g = Parterre.from_position({n: [c.ascii for c in v.cards] for n, v in g.piles.items()}, options=opts)
            if g.status == "playing" and K().hopeless(g):
                fired[str(opts)] = fired.get(str(opts), 0) + 1
                assert solve(g, 30_000, 60, unpruned()).verdict == "lost", (opts, seed)
    assert len(fired) == 3, fired


def _begun_anywhere(seed: int, left: int, nbq: int, empty_suit: bool, **options) -> Parterre:
    """A ``bases=any`` position: each foundation begun at a random card (the spades' maybe not)."""
    import random
    rnd = random.Random(seed)
    found, rest = {}, []
    for i, s in enumerate("SHDC"):
        base = rnd.randrange(13)
        suit = ["A23456789TJQK"[(base + k) % 13] + s for k in range(13)]
        n = 0 if empty_suit and i == 0 else 13 - left
        found[i + 1] = " ".join(suit[:n])
        rest += suit[n:]
    rnd.shuffle(rest)
    pk = rest[nbq:]
    return at(*(" ".join(pk[i::6]) for i in range(6)), bouquet=" ".join(rest[:nbq]), found=found, bases="any",
              **options)


def test_the_knowledge_keeps_the_verdicts_with_any_bases():
    games = [_begun_anywhere(s, 4 if s % 4 == 0 else 6 + s % 3, s % 3, s % 4 == 0,
                             **({"transfer": "sequence"} if s % 5 == 1 else {})) for s in range(14)]
    games = [g for g in games if g.status == "playing"]
    pruned = [solve(g, 8_000, 60) for g in games]
    plain = [solve(g, 8_000, 60, unpruned()) for g in games]
    both = [(a.verdict, b.verdict) for a, b in zip(pruned, plain) if "unknown" not in (a.verdict, b.verdict)]
    assert all(a == b for a, b in both) and {a for a, _ in both} == {"won", "lost"}
    assert len(both) >= 12
    for g, r in zip(games, pruned):
        if r.verdict == "won":
            assert play_line(g, r.line).status == "won"
    assert sum(r.states for r in pruned) < sum(r.states for r in plain)


def test_safe_move_with_any_bases():
    g = at("9D AS", "6C", bouquet="4H", found={1: "KS", 2: "5H"}, bases="any")
    assert K().safe_move(g, g.legal_moves()).notation == "found AS@garden.1>foundation.1"  # an ace carries nothing
    g = at("9D 6S", "QC", found={1: "5S"}, bases="any")
    assert K().safe_move(g, g.legal_moves()) is None  # the queen or nine might begin their foundations: a choice
    found = {1: "9S TS JS QS KS AS 2S 3S 4S", 2: "6H 7H 8H 9H TH JH QH KH AH 2H 3H",
             3: "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D", 4: "2C 3C"}
    g = at("9C 5S", "4C", "KC", found=found, bases="any")
    assert K().safe_move(g, g.legal_moves()).notation == "found 5S@garden.1>foundation.1"
    found[4] = "KC"
    g = at("9C 5S", "3C 4C", "2C", found=found, bases="any")
    assert K().safe_move(g, g.legal_moves()) is None  # the 4♣ may want the 5♠ to carry the 3♣
    found[4] = "4C"
    g = at("9C 5S", "3C 4H", "KC", found=found, bases="any")
    assert K().safe_move(g, g.legal_moves()) is None  # the 3♣, last of its suit, may want the 4♥ on the 5♠


def test_a_bouquet_card_goes_up_only_for_the_next_of_its_suit_with_any_bases():
    g = at("3S 9D", "5C", bouquet="2S", found={1: "QS KS AS"}, bases="any")
    assert not any(m.card.ascii == "2S" for m in K().ordered(g, g._generate()) if m.kind == "found")
    g = at("9D 3S", "5C", bouquet="2S", found={1: "QS KS AS"}, bases="any")
    assert "found 2S@bouquet>foundation.1" in {m.notation for m in K().ordered(g, g._generate())}
    g = at("9D 3S", "5C", bouquet="2H", bases="any")
    assert "found 2H@bouquet>foundation.2" not in {m.notation for m in K().ordered(g, g._generate())}


def test_with_any_bases_the_solver_tries_beginning_a_foundation_last_and_the_least_buried_base_first():
    # 5♠ lies over 3♠, 4♠ over 2♠. Based at the 4♠ (4♠ … K♠ A♠ 2♠ 3♠) each upper card goes up
    # before the one under it; based at the 5♠ the 4♠ comes last, after the 2♠ under it.
    g = at("3S 5S", "2S 4S", "9D 8C", bouquet="7H", found={2: "6H"}, bases="any")
    order = [m.notation for m in K().ordered(g, g._generate())]
    bases = [n for n in order if n.startswith("found")]
    assert len(bases) == 3 and order[-3:] == bases  # the moves in the parterre come first
    assert bases.index("found 4S@garden.2>foundation.1") < bases.index("found 5S@garden.1>foundation.1")
