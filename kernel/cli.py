"""The command line: ``pasyans list | show | play | solve | stats | text``.

Errors are one clear line on standard error and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import PasyansError
from .game import DEAL_MAX, DEAL_MIN, parse_deals
from .registry import GAMES, game_class, new_game


def _options(game: str, pairs: list[str] | None) -> dict[str, Any]:
    """``name=value`` pairs as options of ``game`` (values checked by the game)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise PasyansError(f"write options as name=value, not {pair!r}")
        out[name] = value
    return game_class(game).resolve_options(out)


def _deal(text: str) -> int:
    r = parse_deals(text)
    if len(r) != 1:
        raise PasyansError(f"--deal takes one number from {DEAL_MIN} to {DEAL_MAX}, not {text!r}")
    return r.start


def cmd_list(args: argparse.Namespace) -> int:
    for gid, cls in GAMES.items():
        opts = ", ".join(f"{o.name}={o.default}" for o in cls.OPTIONS)
        print(f"{gid:16} {cls.title_ru} / {cls.title_en} — {cls.packs} pack(s)" + (f"; options: {opts}" if opts else ""))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    g = new_game(args.game, _deal(args.deal), **_options(args.game, args.option))
    if args.advance:
        g.advance()
    print(g)
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import solve

    g = new_game(args.game, _deal(args.deal), **_options(args.game, args.option))
    res = solve(g, budget_states=args.budget, budget_s=args.seconds)
    cut = " (cut short by the time cap)" if res.cut_by_time else ""
    print(f"{args.game} deal {g.deal}: {res.verdict}{cut} — {res.states} states in {res.seconds:.2f} s")
    for i, m in enumerate(res.line, 1):
        print(f"{i:4}. {m.notation:40} {m.describe()}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from . import stats

    opts = _options(args.game, args.option)
    table = stats.stats(args.game, parse_deals(args.deals), opts, budget_states=args.budget,
                        jobs=args.jobs, scheduler=args.scheduler, progress=not args.quiet)
    for player in ("thoughtful", "blind"):
        t = table[player]
        won = t["won"]
        print(f"{player:10} won {won['count']}/{t['n']} = {won['share']:.1%} "
              f"(95% CI {won['ci95'][0]:.1%}–{won['ci95'][1]:.1%}), lost {t['lost']['count']}, "
              f"unknown {t['unknown']['count']}")
    if args.out:
        print(f"saved {stats.save(table, args.out)}")
    return 0


def cmd_campaign(args: argparse.Namespace) -> int:
    """Compute (and save) the edition's statistics tables."""
    from pathlib import Path

    from . import stats

    games = list(GAMES) if args.game == "all" else [game_class(args.game).id]
    for gid in games:
        path = Path(args.out_dir) / f"{gid}.json"
        if args.whole or not path.exists():
            table = stats.campaign(gid, parse_deals(args.default), parse_deals(args.deviation),
                                   budget_states=args.budget, budget_s=args.seconds, jobs=args.jobs,
                                   progress=not args.quiet)
        else:
            table = stats.refresh(gid, path, parse_deals(args.default), parse_deals(args.deviation),
                                  budget_states=args.budget, budget_s=args.seconds, jobs=args.jobs,
                                  progress=not args.quiet, log=lambda line: print(line, flush=True))
        path = stats.save(table, path)
        for run in table["runs"]:
            t = run["thoughtful"]
            print(f"{gid:16} {json.dumps(run['options'], ensure_ascii=False):50} "
                  f"thoughtful {t['won']['share']:6.1%} (unknown {t['unknown']['share']:5.1%}) "
                  f"blind {run['blind']['won']['share']:6.1%}", flush=True)
        print(f"saved {path}", flush=True)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Replay a record file and print the final table."""
    from .registry import replay

    try:
        with open(args.record, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise PasyansError(f"cannot read {args.record}: {e}") from None
    print(replay(record))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pasyans", description="Play, solve and read the Pasyans edition.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the eleven games").set_defaults(func=cmd_list)

    def game_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("game", help="a game id (see 'pasyans list')")
        sp.add_argument("--deal", default="1", help=f"deal number, {DEAL_MIN}-{DEAL_MAX}")
        sp.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule reading")

    sp = sub.add_parser("show", help="the table of a deal as text")
    game_args(sp)
    sp.add_argument("--advance", action="store_true", help="play the deal's forced moves first")
    sp.set_defaults(func=cmd_show)

    sp = sub.add_parser("solve", help="decide a deal and print the winning line")
    game_args(sp)
    sp.add_argument("--budget", type=int, default=200_000, help="states to search at most")
    sp.add_argument("--seconds", type=float, default=10.0, help="safety cap in CPU seconds")
    sp.set_defaults(func=cmd_solve)

    sp = sub.add_parser("stats", help="win rates over a range of deals")
    sp.add_argument("game")
    sp.add_argument("--deals", default="1-100", help="N-M")
    sp.add_argument("--option", action="append", metavar="NAME=VALUE")
    sp.add_argument("--budget", type=int, default=50_000)
    sp.add_argument("--jobs", type=int, default=None, help="local processes (default: all cores)")
    sp.add_argument("--scheduler", default=None, help="a Dask scheduler address, tcp://host:port")
    sp.add_argument("--out", default=None, help="save JSON here (and CSV beside it)")
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    sp.set_defaults(func=cmd_stats)

    sp = sub.add_parser("campaign", help="compute the edition's win-rate tables")
    sp.add_argument("game", help="a game id, or 'all'")
    sp.add_argument("--default", default="1-1000", help="deals for the default readings")
    sp.add_argument("--deviation", default="1-300", help="deals for each single-option deviation")
    sp.add_argument("--budget", type=int, default=50_000)
    sp.add_argument("--jobs", type=int, default=None)
    sp.add_argument("--seconds", type=float, default=10.0, help="cap per deal in CPU seconds (safety only)")
    sp.add_argument("--out-dir", default="texts/stats")
    sp.add_argument("--whole", action="store_true",
                    help="compute every run again (by default only what changed: see pasyans.stats.refresh)")
    sp.add_argument("--quiet", action="store_true")
    sp.set_defaults(func=cmd_campaign)

    sp = sub.add_parser("play", help="replay a saved record and show the table")
    sp.add_argument("record", help="a record file (JSON)")
    sp.set_defaults(func=cmd_play)

    from . import cli_text

    cli_text.add_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (PasyansError, KeyError, ValueError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"pasyans: error: {msg}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
