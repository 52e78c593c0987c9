"""The authors' claims about their games, tested against the edition's statistics.

Each claim quotes the sentence that makes it, says how the edition reads it as a measurable
statement (a claim about difficulty speaks of the blind player, who cannot see the stock), and
gets a verdict from the committed tables: ``supported`` or ``contradicted`` only when the whole
95% interval of the true rate agrees — from the Wilson lower bound of the share won to the Wilson
upper bound of the share won or unknown (:func:`pasyans.stats.bounds`), so that an unknown deal
counts neither as a loss nor as a win — and ``open`` otherwise.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .stats import bounds, committed, wilson

Table = dict[str, Any]
Test = Callable[[Table], tuple[str, str]]


@dataclass(frozen=True)
class Claim:
    game: str
    sentence: str  # the sentence id that makes the claim
    quote: str
    reading: str  # the claim as a measurable statement
    test: Test  # the game's campaign -> (verdict, figures)

    def verdict(self) -> tuple[str, str]:
        """The verdict and the figures it rests on, from the committed statistics."""
        return self.test(committed(self.game))


def _verdict(lo: float, hi: float, share: float) -> str:
    """Whether the interval [lo, hi] lies wholly at or above ``share``, wholly below it, or across."""
    return "supported" if lo >= share else "contradicted" if hi < share else "open"


def _player(t: Table) -> str:
    lo, hi = bounds(t)
    won, unknown = t["won"]["share"], t["unknown"]["share"]
    shares = f"won {won:.1%}" + (f", unknown {unknown:.1%}" if t["unknown"]["count"] else "")
    return f"{shares} (true rate {lo:.1%}–{hi:.1%}, 95%)"


def _fig(run: Table) -> str:
    return (f"thoughtful solver {_player(run['thoughtful'])}; blind player {_player(run['blind'])}; "
            f"{run['thoughtful']['n']} deals")


def gap(a: Table, b: Table) -> tuple[float, float]:
    """The 95% interval of player ``a``'s true win rate minus ``b``'s: Newcombe's hybrid score
    interval (his method 10) of the difference, taken where each rate's range [won, won or
    unknown] makes it smallest (for the lower end) and largest (for the upper end)."""
    def end(ka: int, kb: int, sign: int) -> float:
        pa, pb = ka / a["n"], kb / b["n"]
        la, ua = wilson(ka, a["n"])
        lb, ub = wilson(kb, b["n"])
        spread = math.hypot(pa - la, ub - pb) if sign < 0 else math.hypot(ua - pa, pb - lb)
        return pa - pb + sign * spread

    wa, wb = a["won"]["count"], b["won"]["count"]
    return (end(wa, wb + b["unknown"]["count"], -1), end(wa + a["unknown"]["count"], wb, +1))


def at_least(player: str, share: float) -> Test:
    """Supported when the whole interval of ``player``'s true win rate is at least ``share``,
    contradicted when it lies wholly below."""
    def test(table: Table) -> tuple[str, str]:
        run = table["runs"][0]
        return _verdict(*bounds(run[player]), share), _fig(run)
    return test


def at_most(player: str, share: float) -> Test:
    """Supported when the whole interval of ``player``'s true win rate is at most ``share``,
    contradicted when it lies wholly above."""
    def test(table: Table) -> tuple[str, str]:
        run = table["runs"][0]
        lo, hi = bounds(run[player])
        verdict = "supported" if hi <= share else "contradicted" if lo > share else "open"
        return verdict, _fig(run)
    return test


def skill_matters(by: float = 0.10) -> Test:
    """Supported when the thoughtful solver's true win rate exceeds the blind player's by at least
    ``by`` over the whole interval of the difference (:func:`gap`), contradicted when it stays below."""
    def test(table: Table) -> tuple[str, str]:
        run = table["runs"][0]
        lo, hi = gap(run["thoughtful"], run["blind"])
        return _verdict(lo, hi, by), _fig(run) + f"; thoughtful minus blind {lo:+.1%} to {hi:+.1%} (95%)"
    return test


def variant_helps(option: str, value: Any, player: str = "blind") -> Test:
    """Supported when the variant ``option=value`` wins more often than the default over the whole
    interval of the difference (:func:`gap`), contradicted when it wins no more over all of it."""
    def test(table: Table) -> tuple[str, str]:
        base = table["runs"][0]
        run = next(r for r in table["runs"][1:] if r["options"].get(option) == value)
        lo, hi = gap(run[player], base[player])
        verdict = "supported" if lo > 0 else "contradicted" if hi <= 0 else "open"
        figures = (f"{player} player: default {_player(base[player])} ({base[player]['n']} deals), with "
                   f"{option}={value} {_player(run[player])} ({run[player]['n']} deals); "
                   f"difference {lo:+.1%} to {hi:+.1%} (95%)")
        return verdict, figures
    return test


CLAIMS: tuple[Claim, ...] = (
    Claim("clock", "clock.p4.s1", "С двух раз пасьянс должен выйти.",
          "Within two layings, played with care, the game comes out (almost) always: the thoughtful "
          "solver wins at least 90% of deals (the third laying is refused: clock.p4.s2).",
          at_least("thoughtful", 0.90)),
    Claim("besieged_city", "besieged_city.p7.s1", "Пасьянсъ этотъ чрезвычайно труденъ.",
          "A player who cannot see the stock rarely wins: the blind player wins at most 10% of deals.",
          at_most("blind", 0.10)),
    Claim("parterre", "parterre.p2.s4", "This patience is exceedingly difficult (Cadogan, supplied).",
          "Every card lies open, so difficulty means play without planning: the blind player, who "
          "looks one move ahead, wins at most 10%.",
          at_most("blind", 0.10)),
    Claim("favorite", "favorite.p1.s1", "…представляющей много пищи соображению…",
          "Thought pays: the thoughtful solver wins at least ten points more often than the blind player.",
          skill_matters()),
    Claim("go_no_go", "go_no_go.p1.s7",
          "…если раскладка не вышла, то большею частью виноват раскладывающий…",
          "A player who plans ahead usually wins: the thoughtful solver wins more than half the deals.",
          at_least("thoughtful", 0.50)),
    Claim("brunette_blonde", "brunette_blonde.p2.s1", "…от этого зависит весь исход пасьянса…",
          "Keep the colours alternating (the engine does) and the game comes out: the blind player, "
          "who only keeps to the rules, wins at least 90% of deals.", at_least("blind", 0.90)),
    Claim("spouses", "spouses.p6.s2", "Очень часто при помощи этого резерва пасьянс расходится удачно.",
          "The four-card reserve makes the game come out clearly more often than without it (the "
          "reserve turned when play would stop); whether that is «очень часто» the notebook judges "
          "against the figure.", variant_helps("reserve", "stuck")),
)
