"""``pasyans text``: a game's text in a layer, its TEI, or a received witness reproduced.

    pasyans text GAME [--layer diplomatic|modern|english] [--tei]
    pasyans text --witness FILE

``--witness`` writes the received file byte for byte: no final newline is added.

Errors are one clear line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import sys

from . import texts


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``text`` subcommand to the main parser's subparsers."""
    sp = subparsers.add_parser("text", help="a game's text (diplomatic, modern, English) or its TEI")
    sp.add_argument("game", nargs="?", help="a game id, e.g. braid")
    sp.add_argument("--layer", choices=texts.LAYERS, default="diplomatic", help="which layer to print")
    sp.add_argument("--tei", action="store_true", help="print the TEI file of the game's source")
    sp.add_argument("--witness", metavar="FILE", help="reproduce a received e-text (000 or its file name)")
    sp.set_defaults(func=run)
    return sp


def _write_bytes(data: bytes) -> None:
    """Write ``data`` to standard output unchanged (no newline added, no newline translation)."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        buffer.write(data)
        buffer.flush()


def run(args: argparse.Namespace) -> int:
    """Carry out ``pasyans text``; 0 on success, 2 with one line on stderr on error."""
    try:
        if args.witness:
            if args.game or args.tei:
                raise ValueError("--witness takes no game and no --tei")
            _write_bytes(texts.witness_text(args.witness).encode("utf-8"))
        elif not args.game:
            raise ValueError("name a game (one of " + ", ".join(texts.game_ids()) + ") or use --witness FILE")
        elif args.tei:
            if args.game not in texts.game_ids():
                raise KeyError(f"unknown game {args.game!r}: the games are {', '.join(texts.game_ids())}")
            sys.stdout.write(texts.tei(args.game))
        else:
            sys.stdout.write(texts.plain(args.game, args.layer) + "\n")
    except (KeyError, ValueError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"pasyans: error: {msg}", file=sys.stderr)
        return 2
    return 0
