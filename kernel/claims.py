"""The authors' claims about their games, tested against the edition's statistics.

Each claim quotes the sentence that makes it, says how the edition reads it as a measurable
statement (a claim about difficulty speaks of the blind player, who cannot see the stock), and
gets a verdict from the committed tables: ``supported``, ``contradicted`` or ``open`` (the table
leaves too many deals unknown to tell).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .stats import committed, wilson

Table = dict[str, Any]


@dataclass(frozen=True)
class Claim:
    game: str
    sentence: str  # the sentence id that makes the claim
    quote: str
    reading: str  # the claim as a measurable statement
    test: Callable[[Table], tuple[str, str]]  # the game's campaign -> (verdict, figures)

    def verdict(self) -> tuple[str, str]:
        """The verdict and the figures it rests on, from the committed statistics."""
        return self.test(committed(self.game))


def _rate(run: Table, player: str) -> tuple[float, float, float, float]:
    t = run[player]
    return t["won"]["share"], t["won"]["ci95"][0], t["won"]["ci95"][1], t["unknown"]["share"]


def _ceiling(run: Table, player: str) -> float:
    """The upper 95% bound of the win rate if every undecided deal were won."""
    t = run[player]
    return wilson(t["won"]["count"] + t["unknown"]["count"], t["n"])[1]


def _fig(run: Table) -> str:
    w, lo, hi, unk = _rate(run, "thoughtful")
    bw, blo, bhi, _ = _rate(run, "blind")
    return (f"thoughtful solver {w:.1%} (95% CI {lo:.1%}–{hi:.1%}, unknown {unk:.1%}); "
            f"blind player {bw:.1%} (95% CI {blo:.1%}–{bhi:.1%}); {run['thoughtful']['n']} deals")


def at_least(player: str, share: float) -> Callable[[Table], tuple[str, str]]:
    """Supported when the lower 95% bound of ``player``'s win rate is at least ``share``;
    contradicted only when even counting every undecided deal as won it stays below."""
    def test(table: Table) -> tuple[str, str]:
        run = table["runs"][0]
        w, lo, hi, unk = _rate(run, player)
        if lo >= share:
            return "supported", _fig(run)
        if _ceiling(run, player) < share:
            return "contradicted", _fig(run)
        return "open", _fig(run)
    return test


def at_most(player: str, share: float) -> Callable[[Table], tuple[str, str]]:
    """Supported when ``player``'s win rate stays at most ``share`` even counting every
    undecided deal as won (upper 95% bound); contradicted when its lower bound exceeds it."""
    def test(table: Table) -> tuple[str, str]:
        run = table["runs"][0]
        w, lo, hi, unk = _rate(run, player)
        if _ceiling(run, player) <= share:
            return "supported", _fig(run)
        if lo > share:
            return "contradicted", _fig(run)
        return "open", _fig(run)
    return test


def skill_matters(gap: float = 0.10) -> Callable[[Table], tuple[str, str]]:
    """Supported when the thoughtful solver's wins (a lower bound) exceed the blind player's by
    ``gap``; contradicted when even counting undecided deals as won they do not."""
    def test(table: Table) -> tuple[str, str]:
        run = table["runs"][0]
        w = run["thoughtful"]["won"]["share"]
        unk = run["thoughtful"]["unknown"]["share"]
        bw = run["blind"]["won"]["share"]
        figures = _fig(run) + f"; gap at least {w - bw:+.1%}"
        if w - bw >= gap:
            return "supported", figures
        if w + unk - bw < gap:
            return "contradicted", figures
        return "open", figures
    return test


def variant_helps(option: str, value: Any, player: str = "blind") -> Callable[[Table], tuple[str, str]]:
    """Supported when the variant ``option=value`` wins clearly more often than the default
    (its interval lies above the default's share), contradicted when it wins no more."""
    def test(table: Table) -> tuple[str, str]:
        base = table["runs"][0]
        run = next(r for r in table["runs"][1:] if r["options"].get(option) == value)
        w0 = base[player]["won"]["share"]
        w, lo, hi, _ = _rate(run, player)
        figures = (f"{player} player: default {w0:.1%} ({base[player]['n']} deals), with {option}={value} "
                   f"{w:.1%} (95% CI {lo:.1%}–{hi:.1%}, {run[player]['n']} deals)")
        if lo > w0:
            return "supported", figures
        if w <= w0:
            return "contradicted", figures
        return "open", figures
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
