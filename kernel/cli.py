"""The command line: ``pasyans list | show | play | replay | solve | stats | campaign | text | notebooks | site``.

Errors are one clear line on standard error (``pasyans: error: …``) and exit status 2; a closed
pipe (``pasyans solve clock | head``) ends quietly.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import __version__
from .errors import PasyansError, quote
from .game import DEAL_MAX, DEAL_MIN, Game, parse_deals
from .registry import GAMES, game_class, new_game

#: The largest record file read (a record of a long game is a few kilobytes).
MAX_RECORD_BYTES = 2_000_000
LANGS = ("en", "ru")


def _options(game: str, pairs: list[str] | None) -> dict[str, Any]:
    """``name=value`` pairs as options of ``game`` (values checked by the game)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise PasyansError(f"write options as name=value, not {quote(pair)}")
        if name in out:
            raise PasyansError(f"option {quote(name)} is given twice")
        out[name] = value
    return game_class(game).resolve_options(out)


def _deal(text: str) -> int:
    r = parse_deals(text)
    if len(r) != 1:
        raise PasyansError(f"--deal takes one number from {DEAL_MIN} to {DEAL_MAX}, not {quote(text)}")
    return r.start


def _game(args: argparse.Namespace) -> Game:
    cls = game_class(args.game)
    return new_game(cls.id, _deal(args.deal), **_options(cls.id, args.option))


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {quote(text)}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {quote(text)}")
    return n


def port_number(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {quote(text)}") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {n}")
    return n


def positive_float(text: str) -> float:
    """An argparse type: a finite number above 0."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number above 0, not {quote(text)}") from None
    if not (math.isfinite(x) and x > 0):
        raise argparse.ArgumentTypeError(f"a finite number above 0, not {quote(text)}")
    return x


def read_record(path: str) -> Any:
    """The JSON of a record file, read with a size limit; ``PasyansError`` for what is not one."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise PasyansError(f"cannot read {quote(path)}: {e.strerror or e}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise PasyansError(f"cannot read {quote(path)}: larger than {MAX_RECORD_BYTES:,} bytes, not a record")
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise PasyansError(f"cannot read {quote(path)}: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise PasyansError(f"cannot read {quote(path)}: not JSON ({e.msg}, line {e.lineno})") from None
    except RecursionError:
        raise PasyansError(f"cannot read {quote(path)}: nested too deeply to be a record") from None


def writable(path: str | Path) -> Path:
    """``path`` after checking that a file can be written there (before any long computation)."""
    path = Path(path)
    if path.is_dir():
        raise PasyansError(f"{quote(str(path))} is a folder: name a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".pasyans-check."):
            pass
    except OSError as e:
        raise PasyansError(f"cannot write {quote(str(path))}: {e.strerror or e}") from None
    return path


def _title(cls: type[Game], lang: str) -> str:
    return cls.title_ru if lang == "ru" else f"{cls.title_ru} / {cls.title_en}"


def cmd_list(args: argparse.Namespace) -> int:
    ru = args.lang == "ru"
    for gid, cls in GAMES.items():
        opts = ", ".join(f"{o.name}={o.default}" for o in cls.OPTIONS)
        packs = f"колод: {cls.packs}" if ru else f"{cls.packs} pack(s)"
        more = (f"; варианты: {opts}" if ru else f"; options: {opts}") if opts else ""
        print(f"{gid:16} {_title(cls, args.lang)} — {packs}{more}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    g = _game(args)
    if not args.no_advance:
        g.advance()
    print(g.text(args.lang))
    legal = g.legal_moves()
    if legal:
        from .cli_play import reader_text

        print(("Ходы:" if args.lang == "ru" else "Moves:") + "".join(
            f"\n{i:4}. {reader_text(g, m, args.lang)}" for i, m in enumerate(legal, 1)))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import solve

    g = _game(args)
    res = solve(g, budget_states=args.budget, budget_s=args.seconds)
    cut = " (cut short by the time cap)" if res.cut_by_time else ""
    print(f"{g.id} deal {g.deal}: {res.verdict}{cut} — {res.states} states in {res.seconds:.2f} s")
    for i, m in enumerate(res.line, 1):
        print(f"{i:4}. {m.notation:40} {g.describe(m, args.lang)}")
    return 0


def _summary(t: dict[str, Any]) -> str:
    n = t["n"]
    won, lost, unknown = (t[k]["count"] for k in ("won", "lost", "unknown"))
    lo, hi = t["won"]["ci95"]
    return (f"won {won}/{n} = {t['won']['share']:.1%} (95% CI {lo:.1%}–{hi:.1%}), lost {lost}, unknown {unknown}"
            f" (so between {won / n if n else 0:.1%} and {(won + unknown) / n if n else 0:.1%} can be won)")


def cmd_stats(args: argparse.Namespace) -> int:
    from . import stats

    cls = game_class(args.game)
    out = writable(args.out) if args.out else None
    opts = _options(cls.id, args.option)
    table = stats.stats(cls.id, parse_deals(args.deals), opts, budget_states=args.budget, budget_s=args.seconds,
                        jobs=args.jobs, scheduler=args.scheduler, progress=not args.quiet)
    for player in ("thoughtful", "blind"):
        print(f"{player:10} {_summary(table[player])}")
    if out:
        print(f"saved {stats.save(table, out)}")
    return 0


def cmd_campaign(args: argparse.Namespace) -> int:
    """Compute (and save) the edition's statistics tables."""
    from . import stats

    games = list(GAMES) if args.game == "all" else [game_class(args.game).id]
    default, deviation = parse_deals(args.default), parse_deals(args.deviation)
    out_dir = Path(args.out_dir)
    for gid in games:
        writable(out_dir / f"{gid}.json")
    for gid in games:
        path = out_dir / f"{gid}.json"
        if args.whole or not path.exists():
            table = stats.campaign(gid, default, deviation, budget_states=args.budget, budget_s=args.seconds,
                                   jobs=args.jobs, scheduler=args.scheduler, progress=not args.quiet)
        else:
            table = stats.refresh(gid, path, default, deviation, budget_states=args.budget, budget_s=args.seconds,
                                  jobs=args.jobs, scheduler=args.scheduler, progress=not args.quiet,
                                  log=lambda line: print(line, flush=True), retry_capped=args.retry_capped)
        path = stats.save(table, path)
        for run in table["runs"]:
            t = run["thoughtful"]
            print(f"{gid:16} {json.dumps(run['options'], ensure_ascii=False):30} n={t['n']:<5} "
                  f"thoughtful {t['won']['share']:6.1%} (unknown {t['unknown']['share']:5.1%}) "
                  f"blind {run['blind']['won']['share']:6.1%}", flush=True)
        print(f"saved {path}", flush=True)
    return 0


def cmd_solver_version(args: argparse.Namespace) -> int:
    """Print each game's solver code and version; with --record, note the code in its table."""
    from . import fingerprint as fp
    from . import stats

    games = list(GAMES) if args.game == "all" else [game_class(args.game).id]
    status = 0
    for gid in games:
        if args.record:
            path = Path(args.record) / f"{gid}.json"
            writable(path)
            kept = stats.record_solver_code(gid, path)
            status |= not kept
            print(f"{gid:16} code {fp.solver_code(gid)} "
                  + ("recorded: it does what the table's version names" if kept else
                     "not recorded: the table names another version (`make stats` brings it up to date)"),
                  flush=True)
        else:
            print(f"{gid:16} code {fp.solver_code(gid)} version {fp.solver_version(gid)}", flush=True)
    return status


def _replayed(path: str) -> Game:
    from .registry import replay

    return replay(read_record(path))


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record file and print its moves and the final table."""
    g = _replayed(args.record)
    if args.moves:
        for i, m in enumerate(g.moves, 1):
            print(f"{i:4}. {m.notation:40} {g.describe(m, args.lang)}")
    print(g.text(args.lang))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game in the terminal (or go on with a record file's game)."""
    from .cli_play import Session

    g = _replayed(args.game) if args.game not in GAMES and os.path.isfile(args.game) else _game(args)
    return Session(g, lang=args.lang, advance=not args.no_advance).run()


def cmd_notebooks(args: argparse.Namespace) -> int:
    """Copy the edition's notebooks into a folder, to open in JupyterLab."""
    from .paths import notebooks_dir

    src = notebooks_dir()
    dest = Path(args.dir)
    if dest.exists() and not dest.is_dir():
        raise PasyansError(f"{quote(str(dest))} is a file: name a folder")
    names = sorted(p.name for p in src.glob("*.ipynb"))
    clash = [n for n in names if (dest / n).exists()]
    if clash and not args.force:
        raise PasyansError(f"{dest / clash[0]} exists (and {len(clash) - 1} more): use --force to overwrite")
    from .atomic import write_text

    for name in names:
        write_text(dest / name, (src / name).read_text(encoding="utf-8"))
    print(f"copied {len(names)} notebooks to {dest}; open them with: jupyter lab {dest / 'index.ipynb'}")
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    """Check a built playing site's folder and say what it holds; with ``--serve``, serve it."""
    from . import site_server

    if args.serve:
        site_server.serve(args.dir, args.port)
        return 0
    d = site_server.check(args.dir)
    files = [p for p in d.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"{d}: a built playing site, {len(files)} files, {size / 1e6:.1f} MB; serve it here with "
          f"'pasyans site {d} --serve', or publish the folder on any static host (over http, not file://)")
    return 0


class _Help(argparse.HelpFormatter):
    """Every help text ends with its default, where there is one to show."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        shown = action.option_strings or action.nargs in (argparse.OPTIONAL, argparse.ZERO_OR_MORE)
        if shown and "default" not in text and action.default not in (None, False, argparse.SUPPRESS):
            text += " (default: %(default)s)"
        return text


def cmd_record(args: argparse.Namespace) -> int:
    """Print the player's own record (games played and won at the table, streaks)."""
    from .record_book import RecordBook, report

    game = game_class(args.game).id if args.game else None
    book = RecordBook(args.dir)
    if args.json:
        games = book.load()
        print(json.dumps({g: r for g, r in games.items() if game is None or g == game}, ensure_ascii=False, indent=1))
    else:
        print("\n".join(report(book, game, args.lang)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pasyans", description="Play, solve and read the Pasyans edition.",
                                formatter_class=_Help)
    p.add_argument("--version", action="version", version=f"pasyans {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def parser(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, description=help, formatter_class=_Help)

    def lang_arg(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--lang", choices=LANGS, default="en", help="language of labels and moves")

    def game_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("game", metavar="GAME", help="a game id or title, e.g. braid or коса (see 'pasyans list')")
        sp.add_argument("--deal", default="1", help=f"deal number, {DEAL_MIN}-{DEAL_MAX}")
        sp.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule reading (repeatable)")
        lang_arg(sp)

    sp = parser("list", "the eleven games")
    lang_arg(sp)
    sp.set_defaults(func=cmd_list)

    sp = parser("show", "the table of a deal as text, laid out, with the moves open")
    game_args(sp)
    sp.add_argument("--no-advance", action="store_true", help="show the pack before the deal is laid out")
    sp.set_defaults(func=cmd_show)

    sp = parser("play", "play a deal in the terminal: moves by number or notation, undo, hint")
    game_args(sp)
    sp.add_argument("--no-advance", action="store_true", help="play the deal's compulsory moves yourself")
    sp.set_defaults(func=cmd_play)
    sp.epilog = "GAME may also be a record file (from 'save' in play, or a table's Save): play goes on from it."

    sp = parser("replay", "replay a saved record file and show the final table")
    sp.add_argument("record", help="a record file (JSON, pasyans-record/1)")
    sp.add_argument("--moves", action="store_true", help="list the moves too")
    lang_arg(sp)
    sp.set_defaults(func=cmd_replay)

    sp = parser("solve", "decide a deal and print the winning line")
    game_args(sp)
    sp.add_argument("--budget", type=positive_int, default=200_000, help="states to search at most")
    sp.add_argument("--seconds", type=positive_float, default=10.0, help="safety cap in CPU seconds")
    sp.set_defaults(func=cmd_solve)

    sp = parser("stats", "win rates over a range of deals, for the thoughtful (solver) and the blind player")
    sp.add_argument("game", help="a game id or title")
    sp.add_argument("--deals", default="1-100", help="deals N-M (or one deal N)")
    sp.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule reading (repeatable)")
    sp.add_argument("--budget", type=positive_int, default=50_000, help="states per deal for the solver")
    sp.add_argument("--seconds", type=positive_float, default=10.0, help="cap per deal in CPU seconds (safety only)")
    sp.add_argument("--jobs", type=positive_int, default=None, help="local processes (default: all cores)")
    sp.add_argument("--scheduler", default=None, help="a Dask scheduler address, tcp://host:port")
    sp.add_argument("--out", default=None, help="save JSON here and CSV beside it (a .csv name: CSV only)")
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    sp.set_defaults(func=cmd_stats)

    sp = parser("campaign", "compute the edition's win-rate tables (the default readings, then each deviation)")
    sp.add_argument("game", help="a game id, or 'all'")
    sp.add_argument("--default", "--default-deals", dest="default", default="1-1000",
                    help="deals N-M for the default readings (N alone is one deal)")
    sp.add_argument("--deviation", "--deviation-deals", dest="deviation", default="1-300",
                    help="deals N-M for each single-option deviation (N alone is one deal)")
    sp.add_argument("--budget", type=positive_int, default=50_000, help="states per deal for the solver")
    sp.add_argument("--jobs", type=positive_int, default=None, help="local processes (default: all cores)")
    sp.add_argument("--seconds", type=positive_float, default=10.0, help="cap per deal in CPU seconds (safety only)")
    sp.add_argument("--scheduler", default=None, help="a Dask scheduler address, tcp://host:port")
    sp.add_argument("--out-dir", default="pasyans-stats",
                    help="folder for GAME.json and GAME.csv (the edition's own tables: texts/stats)")
    sp.add_argument("--whole", action="store_true",
                    help="compute every run again (by default only what changed: see pasyans.stats.refresh)")
    sp.add_argument("--retry-capped", action="store_true",
                    help="solve again the rows today's solver left to the time cap (the cap depends on the "
                         "machine: an idle or faster one may decide them)")
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    sp.set_defaults(func=cmd_campaign)

    sp = parser("solver-version", "the solver's version for a game: what it does on fixed positions, hashed")
    sp.add_argument("game", help="a game id, or 'all'")
    sp.add_argument("--record", metavar="DIR", default=None,
                    help="a folder of tables (the edition's: texts/stats): where today's solver does what a "
                         "table's version names, note today's code there, so the version is read, not watched")
    sp.set_defaults(func=cmd_solver_version)

    sp = parser("notebooks", "copy the edition's notebooks into a folder, to open in JupyterLab")
    sp.add_argument("dir", nargs="?", default="pasyans-notebooks", help="the folder")
    sp.add_argument("--force", action="store_true", help="overwrite notebooks already there")
    sp.set_defaults(func=cmd_notebooks)

    sp = parser("site", "serve the playing site (the edition in any browser) built by `make play`")
    sp.add_argument("dir", metavar="DIR", help="the built site's folder (build/play in a source checkout)")
    sp.add_argument("--serve", action="store_true", help="serve it on http://127.0.0.1:PORT/ until Ctrl-C")
    sp.add_argument("--port", type=port_number, default=8000, help="the port (0: any free one)")
    sp.set_defaults(func=cmd_site)
    sp.epilog = ("Building needs a source checkout (`make play`: Pyodide from the npm registry, the wheel "
                 "built by pip); an installed pasyans only checks and serves a built folder.")

    sp = parser("record", "your own record: games played and won at the table, streaks")
    sp.add_argument("game", nargs="?", default=None, help="only this game")
    sp.add_argument("--json", action="store_true", help="print the record as JSON")
    sp.add_argument("--dir", default=None,
                    help="the record's folder (default: $PASYANS_DATA_DIR or the user data directory)")
    lang_arg(sp)
    sp.set_defaults(func=cmd_record)

    from . import cli_text

    cli_text.add_parser(sub).formatter_class = _Help
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # the reader went away (| head): end quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except KeyboardInterrupt:
        print("pasyans: interrupted", file=sys.stderr)
        return 130
    except (PasyansError, KeyError, ValueError, OSError, RecursionError, MemoryError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"pasyans: error: {msg or type(e).__name__}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
