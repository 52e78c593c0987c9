"""Property tests over random deals and random legal play, for every game."""
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pasyans
from pasyans import GAMES, IllegalMove
from pasyans.game import REVERSIBLE_KINDS

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_on_table(game) -> Counter:
    return Counter(c for p in game.piles.values() for c in p.cards)


@pytest.mark.parametrize("gid", list(GAMES))
@SETTINGS
@given(deal=st.integers(1, pasyans.DEAL_MAX), choices=st.lists(st.integers(0, 10_000), max_size=150),
       data=st.data())
def test_random_play_keeps_every_invariant(gid, deal, choices, data):
    opts = {o.name: data.draw(st.sampled_from(o.choices)) for o in pasyans.options(gid)}
    g = pasyans.new_game(gid, deal=deal, **opts)
    pack = cards_on_table(g)
    assert sum(pack.values()) == 52 * g.packs
    keys = [g.key()]
    for choice in choices:
        if g.status != "playing":
            assert g.legal_moves() == []
            break
        legal = g.legal_moves()
        assert legal, "a game in play has a legal move"
        assert len({m for m in legal}) == len(legal), "no move is listed twice"
        move = legal[choice % len(legal)]
        assert move.cites, f"{move} cites no sentence"
        g.play(move.notation)
        keys.append(g.key())
        assert cards_on_table(g) == pack, "cards are conserved"
    record = g.record()
    assert pasyans.replay(record).key() == g.key()
    clone = g.clone()
    for expected in reversed(keys[:-1]):
        g.undo()
        assert g.key() == expected
    assert clone.key() == keys[-1]


@pytest.mark.parametrize("gid", list(GAMES))
@SETTINGS
@given(deal=st.integers(1, 10**6), steps=st.integers(0, 120), probe=st.integers(0, 10**6))
def test_listed_moves_are_accepted_and_others_refused(gid, deal, steps, probe):
    g = pasyans.new_game(gid, deal=deal)
    for i in range(steps):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[(i * 7919 + probe) % len(legal)])
    legal = g.legal_moves()
    for m in legal:
        c = g.clone()
        c.play(m)
    # A move built from a legal one by changing its destination is legal only if listed.
    names = list(g.piles)
    notations = {m.notation for m in legal}
    for m in legal[:5]:
        if not m.steps:
            continue
        card, src, _ = m.steps[0]
        for dst in names[probe % len(names):][:4]:
            alt = pasyans.Move(m.kind, ((card, src, dst),) + m.steps[1:], m.arg)
            before = g.key()
            if alt.notation in notations:
                continue
            with pytest.raises(IllegalMove):
                g.play(alt)
            assert g.key() == before


@pytest.mark.parametrize("gid", list(GAMES))
@SETTINGS
@given(deal=st.integers(1, 10**6), steps=st.integers(0, 200))
def test_moves_with_steps_touch_only_the_piles_they_name(gid, deal, steps):
    """The key after a move with steps re-reads only the piles they name (``_key_after``, for
    every move played and in the repeat filter): that must equal a full snapshot."""
    g = pasyans.new_game(gid, deal=deal)
    for i in range(steps):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[(i * 31) % len(legal)])
    for m in g._generate():
        if not m.steps:
            continue
        c = g.clone()
        c._apply(m)
        full = c._snapshot()
        seen = g._seen
        g._seen = {full: 1}
        assert g._repeats(m), f"{m} changes piles it does not name"
        g._seen = seen
        assert g._snapshot() == g.key(), "the position is restored"
        if g.PLAIN_TRANSFERS and m.kind in REVERSIBLE_KINDS:
            assert g._plain_after(m) == full, f"{m} is not a plain transfer"
