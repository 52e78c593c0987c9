"""Golden values: a deal number means the same cards on every machine and in every version."""
from pasyans.cards import CARDS
from pasyans.rng import Rng


def test_splitmix64_reference_vector():
    r = Rng(1234567)
    assert [r.next64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_shuffle_golden():
    cards = list(range(52))
    Rng(1).shuffle(cards)
    assert " ".join(CARDS[c].ascii for c in cards[:13]) == GOLDEN_1


def test_two_pack_shuffle_golden():
    cards = list(range(104))
    Rng(2).shuffle(cards)
    assert cards[:10] == [74, 26, 83, 101, 14, 50, 82, 67, 58, 0]


def test_below_is_in_range_and_uses_whole_domain():
    r = Rng(99)
    seen = {r.below(7) for _ in range(500)}
    assert seen == set(range(7))


GOLDEN_1 = "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S"
