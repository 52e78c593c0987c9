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
        """Shuffle ``items`` in place (Fisher–Yates, last position first; :meth:`below` and
        :func:`_mix` written out, since a deal's shuffle is much of making a game)."""
        state = self.state
        limits = _limits(len(items))
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x >= limits[i]:  # rejected (a chance of i + 1 in 2**64)
                x = self._again(state, limits[i])
                state = self.state
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def _again(self, state: int, limit: int) -> int:
        """The next output below ``limit`` after ``state`` (the state kept in ``self.state``)."""
        while True:
            state = (state + _GAMMA) & _MASK
            x = _mix(state)
            if x < limit:
                self.state = state
                return x


_LIMITS: list[int] = [0]


def _limits(n: int) -> list[int]:
    """``limits[i]``: the rejection bound of :meth:`Rng.below` for ``i + 1`` (kept for the longest
    shuffle so far)."""
    while len(_LIMITS) < n:
        k = len(_LIMITS) + 1
        _LIMITS.append(_SPAN - _SPAN % k)
    return _LIMITS
