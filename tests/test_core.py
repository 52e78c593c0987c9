"""The engine's public API on every game: construction, errors, undo/redo, records, clones."""
import json

import pytest

import pasyans
from pasyans import GAMES, BadDeal, BadOption, IllegalMove, Move, RecordError, UnknownGame
from pasyans.registry import ORDER


def test_all_eleven_games_are_registered():
    assert tuple(GAMES) == ORDER
    assert len(GAMES) == 11


@pytest.mark.parametrize("gid", list(GAMES))
def test_identity(gid):
    cls = GAMES[gid]
    assert cls.id == gid and cls.title_ru and cls.title_en
    assert cls.source.endswith(".txt")
    assert cls.packs in (1, 2, 4)
    for opt in pasyans.options(gid):
        assert opt.default in opt.choices and len(opt.choices) >= 2
        assert opt.cites and opt.note and opt.doc


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGame) as e:
        pasyans.new_game("patience")
    assert "braid" in str(e.value) and "clock" in str(e.value)


def test_unknown_option_lists_options_and_bad_value_lists_values():
    with pytest.raises(BadOption, match="second_deal"):
        pasyans.new_game("clock", passes=3)
    with pytest.raises(BadOption, match="'same', 'reversed'"):
        pasyans.new_game("clock", second_deal="backwards")


@pytest.mark.parametrize("deal", [0, -1, 2**31, "7", 1.5, True])
def test_deal_out_of_range_says_the_range(deal):
    with pytest.raises(BadDeal, match="from 1 to 2147483647"):
        pasyans.new_game("clock", deal=deal)


@pytest.mark.parametrize("gid", list(GAMES))
def test_same_deal_same_game(gid):
    a, b = pasyans.new_game(gid, deal=11), pasyans.new_game(gid, deal=11)
    assert a.key() == b.key()
    a.advance(), b.advance()
    assert a.key() == b.key() and [m.notation for m in a.moves] == [m.notation for m in b.moves]


@pytest.mark.parametrize("gid", list(GAMES))
def test_record_replay_undo_redo_clone(gid):
    g = pasyans.new_game(gid, deal=5)
    start = g.key()
    played = 0
    while g.status == "playing" and played < 60:
        g.play(g.legal_moves()[played % len(g.legal_moves())])
        played += 1
    record = json.loads(json.dumps(g.record()))
    again = pasyans.replay(record)
    assert again.key() == g.key() and again.status == g.status
    c = g.clone()
    n = len(g.moves)
    for _ in range(n):
        g.undo()
    assert g.key() == start and c.key() == again.key()
    for _ in range(n):
        g.redo()
    assert g.key() == again.key()
    with pytest.raises(IllegalMove, match="no move to redo"):
        g.redo()


def test_undo_on_fresh_game_is_refused():
    with pytest.raises(IllegalMove, match="no move to undo"):
        pasyans.new_game("clock").undo()


def test_illegal_move_changes_nothing_and_says_why():
    g = pasyans.new_game("clock", deal=3)
    before = g.key()
    for bad, error in [("move 7H@stock>nowhere", IllegalMove), ("choose:X", IllegalMove),
                       ("garbage!", pasyans.InvalidMove), ("move ZZ@stock>waste", pasyans.InvalidMove)]:
        with pytest.raises(error):
            g.play(bad)
        assert g.key() == before and not g.moves
    with pytest.raises(IllegalMove, match="no pile 'nowhere'"):
        g.play("move 7H@stock>nowhere")


def test_move_notation_round_trip():
    m = Move.parse("pair 2S@navy.3>admiral.1,QH@army.5>general.2")
    assert m.notation == "pair 2S@navy.3>admiral.1,QH@army.5>general.2"
    assert Move.parse("choose:D") == Move("choose", arg="D")
    for bad in ["", "7H", "move 7H@a", "move 1Z@a>b", "Move 7H@a>b"]:
        with pytest.raises(ValueError):
            Move.parse(bad)


@pytest.mark.parametrize("mutate,message", [
    (lambda r: r.update(game="chess"), "no game 'chess'"),
    (lambda r: r.update(rules=999), "rules version 999"),
    (lambda r: r.update(deal="x"), "'deal' must be a int"),
    (lambda r: r.update(options={"bogus": 1}), "no option 'bogus'"),
    (lambda r: r["moves"].insert(1, "turn 7H@stock>clock.1"), "move 2"),
    (lambda r: r.pop("moves"), "no 'moves'"),
])
def test_bad_records_name_the_first_bad_entry(mutate, message):
    g = pasyans.new_game("clock", deal=9)
    g.play("choose:H")
    g.advance(5)
    record = g.record()
    mutate(record)
    with pytest.raises(RecordError, match=message):
        pasyans.replay(record)


def test_record_is_not_a_dict():
    with pytest.raises(RecordError):
        pasyans.replay([1, 2])


@pytest.mark.parametrize("gid", list(GAMES))
def test_layout_places_every_pile_once(gid):
    g = pasyans.new_game(gid, deal=1)
    spots = g.layout().spots
    names = [s.pile for s in spots]
    assert sorted(names) == sorted(g.piles), "every pile has exactly one spot"
    for s in spots:
        assert 0 <= s.x <= g.layout().width and 0 <= s.y <= g.layout().height


@pytest.mark.parametrize("gid", list(GAMES))
def test_moves_describe_in_both_languages(gid):
    g = pasyans.new_game(gid, deal=2)
    g.advance(30)
    for m in g.moves[:30] + g.legal_moves():
        assert g.describe(m, "en") and g.describe(m, "ru")
        assert all("." in c for c in m.cites), m
        assert Move.parse(m.notation) == m



@pytest.mark.parametrize("gid", list(GAMES))
def test_the_seen_positions_and_undo_keep_to_the_history(gid):
    """The positions seen, counted once a transfer has asked and then kept move by move, are
    those of the game's history and now, after every move and every undo, under every reading;
    undo puts back the piles that changed and no others."""
    from pasyans.rng import Rng
    from pasyans.stats import readings

    for options in readings(gid):
        rng = Rng(7)
        g = GAMES[gid](2, **options)
        steps = 0
        while g.status == "playing" and steps < 400:
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
            if rng.below(5) == 0:
                g.undo()
            if rng.below(50) == 0:
                g._keys()
            assert g.key() == g._snapshot(), (options, steps)
            if g._seen and steps % 25 == 0:
                whole = [*g._history, g._snapshot()]
                assert g._seen == {k: whole.count(k) for k in whole}
            steps += 1
