"""The project's own pseudo-random generator, so that a deal number means the same cards forever.

SplitMix64 (Steele, Lea and Flood, 2014): the state is a 64-bit integer seeded with the deal
number; each step adds 0x9E3779B97F4A7C15 and mixes. Bounded integers use rejection sampling
(no modulo bias). A shuffle is Fisher–Yates from the last position down: for ``i`` from
``n - 1`` to ``1``, swap position ``i`` with ``below(i + 1)``. Golden values in
``tests/test_rng.py`` pin all of it.
"""
from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


def _mix(z: int) -> int:
    """SplitMix64's output for the state ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 seeded with a deal number."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GAMMA) & _MASK
        return _mix(z)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _SPAN - _SPAN % n
        x = self.next64()
        while x >= limit:
            x = self.next64()
        return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates, last position first; :meth:`below` written
        out, since a deal's shuffle is much of making a game)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            state = (state + _GAMMA) & _MASK
            x = _mix(state)
            while x >= limit:
                state = (state + _GAMMA) & _MASK
                x = _mix(state)
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state
