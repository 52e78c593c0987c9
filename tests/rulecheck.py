"""Helpers for rule tests: mark which source sentence a test exercises, and check legality.

``@allows("clock.p2.s4")`` marks a test showing what a sentence permits, ``@forbids(...)`` one
showing what it refuses; ``tests/test_rule_coverage.py`` reads these marks from the test files'
source and fails when a sentence the engine cites has neither.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from pasyans import Game, IllegalMove

F = TypeVar("F", bound=Callable)


def allows(*ids: str) -> Callable[[F], F]:
    return pytest.mark.allows(*ids)


def forbids(*ids: str) -> Callable[[F], F]:
    return pytest.mark.forbids(*ids)


def legal(game: Game) -> set[str]:
    """The legal moves as notations."""
    return {m.notation for m in game.legal_moves()}


def assert_illegal(game: Game, move: str, reason: str = "") -> str:
    """``move`` is refused, the reason contains ``reason``, and nothing changed."""
    before = (game.key(), len(game.moves), game.status)
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    assert (game.key(), len(game.moves), game.status) == before
    assert reason.lower() in str(err.value).lower(), str(err.value)
    return str(err.value)
