"""The ``qin`` command line (also ``python -m qin``).

    qin new [--board bird|lion|PATH] [--players N] [--seed S] [--fair-start]
    qin legal POSITION_FILE
    qin play POSITION_FILE MOVE... [--json] [--lang en|de|fr]
    qin replay RECORD.json [--json] [--lang en|de|fr]
    qin render POSITION_FILE [--colour] [--no-legend]
    qin svg POSITION_FILE [--move M] [--size PX] [--lang en|de|fr]

A POSITION_FILE is position text (spec/notation.md) or a ``qin-game/1`` record (then
the game as recorded, pile included); ``-`` reads standard input.  Anything wrong
with the input gives one line ``qin: ...`` on standard error and exit status 2.
``--lang`` words events, refused moves and results in English (the default), German or
French (``qin.messages``).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, records
from .boards import NAMES as BOARD_NAMES
from .errors import IllegalMove, QinError
from .events import Event
from .game import Game
from .inputs import MAX_INPUT, ascii_number, default_names, escape, quote
from .messages import LANGS, describe, join_list, refusal_text
from .messages import catalogue as messages_in
from .messages import text as message
from .moves import Move
from .render import render

EXIT_BAD_INPUT = 2
_HALF = re.compile(r"^[RYB][a-z][0-9]{1,2}$")
PATH_LIMIT = 300
"""How much of a file's path a message shows (escaped)."""


class CliError(Exception):
    """Bad input: reported as one line on stderr, exit status 2."""


# -- input -----------------------------------------------------------------------------
def read_text(path: str) -> str:
    """The text of a file, or of standard input for ``-``; at most ``MAX_INPUT`` bytes are
    read (no position, record or board is longer), so ``/dev/zero`` or a 100 MB file is
    refused without reading it all."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_INPUT + 1)
        where = "standard input"
    else:
        where = quote(path, PATH_LIMIT)
        try:
            with Path(path).open("rb") as file:
                data = file.read(MAX_INPUT + 1)
        except OSError as exc:
            raise CliError(f"cannot read {where}: {exc.strerror or exc}") from None
    if len(data) > MAX_INPUT:
        raise CliError(f"{where} is larger than any position or game record can be "
                       f"(more than {MAX_INPUT:,} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CliError(f"{where} is not UTF-8 text (byte {exc.start})") from None


def _label(path: str) -> str:
    return "<stdin>" if path == "-" else escape(path, PATH_LIMIT)


def load_game(path: str) -> Game:
    """A game from a position file or, when the text is a JSON object, a game record."""
    text = read_text(path)
    try:
        if text.lstrip().startswith("{"):
            return records.load(text)
        return Game.from_position(text)
    except QinError as exc:
        raise CliError(f"{_label(path)}: {exc}") from None


def join_halves(words: Sequence[str]) -> list[str]:
    """Moves from the command line; ``Rc4 Yd4`` given as two words is one move."""
    out: list[str] = []
    pending = ""
    for word in words:
        if pending:
            out.append(pending + word)
            pending = ""
        elif _HALF.match(word.strip()):
            pending = word.strip()
        else:
            out.append(word)
    if pending:
        out.append(pending)
    return out


def play_moves(game: Game, moves: Sequence[str],
               lang: str = "en") -> list[tuple[str, int, list[Event]]]:
    """Play each move; ``(move text, mover, events)`` per move.  A bad move raises
    ``CliError`` naming its number, a refused one says why in ``lang`` (the game then
    holds the moves before it)."""
    done = []
    for number, move in enumerate(moves, start=1):
        mover = game.to_move
        try:
            events = game.play(move)
        except IllegalMove as exc:
            reason = refusal_text(exc, lang, _names(game))
            raise CliError(message(messages_in(lang), "illegal.at_move", number=number,
                                   move=move, reason=reason)) from None
        except QinError as exc:
            raise CliError(f"move {number} {quote(move)}: "
                           f"{records.move_reason(exc, move)}") from None
        done.append((str(Move.parse(move)), mover, events))
    return done


def _names(game: Game) -> list[str] | None:
    """The players' names, or ``None`` for the default ones (said in the language)."""
    return None if game.names == default_names(game.players) else game.names


def _counts(game: Game) -> list[int]:
    return [game.on_board(p) for p in range(1, game.players + 1)]


def result_line(game: Game, lang: str = "en") -> str:
    """``Result: Green wins`` (or a shared win, or who is to move) in ``lang``."""
    names, messages = game.names, messages_in(lang)
    if not game.is_over:
        return message(messages, "cli.result.unfinished", who=names[game.to_move - 1])
    won = join_list([names[p - 1] for p in game.winners], lang)
    key = "cli.result.one" if len(game.winners) == 1 else "cli.result.shared"
    left = ", ".join(f"{names[p - 1]} {game.supply(p)}" for p in range(1, game.players + 1))
    return message(messages, key, winners=won, left=left)


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


# -- subcommands -------------------------------------------------------------------------
def cmd_legal(args: argparse.Namespace) -> None:
    game = load_game(args.file)
    for move in game.legal_moves():
        _out(str(move))


def cmd_play(args: argparse.Namespace) -> None:
    game = load_game(args.file)
    done = play_moves(game, join_halves(args.moves), args.lang)
    if args.json:
        payload = {
            "moves": [{"move": text, "player": mover, "events": [e.to_dict() for e in events]}
                      for text, mover, events in done],
            "position": game.to_position(),
            "over": game.is_over,
            "winners": list(game.winners),
        }
        _out(json.dumps(payload, ensure_ascii=False))
        return
    for _, _, events in done:
        for event in events:
            _out(describe(event, _names(game), args.lang, _counts(game)))
    _out()
    sys.stdout.write(game.to_position())


def cmd_replay(args: argparse.Namespace) -> None:
    text = read_text(args.record)
    try:
        record = records.check(text)
        game, done = records.replay(record)
    except QinError as exc:
        raise CliError(f"{_label(args.record)}: {exc}") from None
    if args.json:
        payload = {
            "record": record,
            "moves": [{"number": n, "move": t, "player": p, "events": [e.to_dict() for e in ev]}
                      for n, (t, p, ev) in enumerate(done, start=1)],
            "position": game.to_position(),
            "over": game.is_over,
            "winners": list(game.winners),
            "left": [game.supply(p) for p in range(1, game.players + 1)],
        }
        _out(json.dumps(payload, ensure_ascii=False))
        return
    messages = messages_in(args.lang)
    fair = message(messages, "cli.replay.fair") if record["fair_start"] else ""
    board = record["board"] if record["board"] in BOARD_NAMES else game.board_name
    label = board.capitalize() if board else message(messages, "cli.replay.custom")
    _out(message(messages, "cli.replay.header", board=label,
                 players=record["players"], seed=record["seed"], fair=fair,
                 names=", ".join(game.names)))
    counts_after = _counts(game)
    for number, (text_move, mover, events) in enumerate(done, start=1):
        _out(f"{number}. {game.names[mover - 1]}: {text_move}")
        for event in events:
            _out("   " + describe(event, _names(game), args.lang, counts_after))
    _out(result_line(game, args.lang))
    _out()
    sys.stdout.write(game.to_position())


def cmd_review(args: argparse.Namespace) -> None:
    """The review of a record's moves (qin.ai.review) as one JSON object."""
    from .ai import review

    text = read_text(args.record)
    try:
        record = records.check(text)
        records.replay(record)
    except QinError as exc:
        raise CliError(f"{_label(args.record)}: {exc}") from None
    seats = None
    if args.seats:
        try:
            seats = sorted({int(s) for s in args.seats.split(",")})
        except ValueError:
            raise CliError(f"--seats takes seat numbers such as 1,2, not {args.seats!r}") from None
        bad = [s for s in seats if not 1 <= s <= record["players"]]
        if bad:
            raise CliError(f"the game has players 1 to {record['players']}, not {bad[0]}")
    result = review.review(record, seats, args.seed)
    _out(json.dumps({"format": "qin-review/1", "seed": args.seed,
                     "marks": review.MARKS, "mark_min": review.MARK_MIN,
                     **result.to_dict()}, ensure_ascii=False))


def cmd_render(args: argparse.Namespace) -> None:
    game = load_game(args.file)
    sys.stdout.write(render(game, colour=args.colour, legend=not args.no_legend))


def cmd_new(args: argparse.Namespace) -> None:
    names = None
    if args.names is not None:
        names = [n.strip() for n in args.names.split(",")]
    board = args.board
    if board not in BOARD_NAMES and ("/" in board or "\\" in board or board.endswith(".txt")):
        board = read_text(board)  # a board file: the engine takes its layout inline
        board = board if board.endswith("\n") else board + "\n"
    try:
        game = Game.new(board=board, players=args.players, seed=args.seed,
                        fair_start=args.fair_start, names=names)
    except (QinError, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.record:
        try:
            _out(json.dumps(records.record_of(game), ensure_ascii=False))
        except QinError as exc:
            raise CliError(str(exc)) from None
        return
    if args.seed is None:
        _out(f"# seed: {game.seed}")
    sys.stdout.write(game.to_position())


def cmd_svg(args: argparse.Namespace) -> None:
    try:
        module = importlib.import_module("qin.svg")
    except ModuleNotFoundError as exc:
        if exc.name not in ("qin.svg", "qin"):
            raise
        raise CliError("the SVG renderer (qin/svg.py) is not part of this installation") \
            from None
    render_svg = getattr(module, "render_svg", None)
    board_options = getattr(module, "BoardOptions", None)
    if not callable(render_svg) or board_options is None:
        raise CliError("qin/svg.py has no render_svg(game, ...) function")
    game = load_game(args.file)
    accepted = {option.name for option in dataclasses.fields(board_options)}
    options: dict[str, Any] = {}
    if "names" in accepted:
        options["names"] = game.names
    if args.move is not None:
        try:
            move = Move.parse(args.move)
        except QinError as exc:
            raise CliError(f"--move: {exc}") from None
        if "ghost" not in accepted:
            raise CliError("this SVG renderer cannot show a move (--move)")
        refused = game.refusal(move)
        if refused is not None:
            raise CliError(f"--move: {refusal_text(refused, args.lang, with_move=True)}")
        options["ghost"] = move
        if "ghost_ok" in accepted:
            options["ghost_ok"] = True
        if "preview" in accepted:
            options["preview"] = game.preview(move)
    if args.size is not None:
        if "size" not in accepted:
            raise CliError("this SVG renderer does not support --size")
        options["size"] = args.size
    try:
        svg = render_svg(game, board_options(**options))
    except QinError as exc:
        raise CliError(str(exc)) from None
    text = str(svg)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


# -- the parser --------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"qin: {escape(message, 300)}\n")  # it may quote argv


def _positive(text: str) -> int:
    value = ascii_number(text, 6)
    if value is None:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{quote(text)} must be above 0")
    return value


def _players(text: str) -> int:
    value = ascii_number(text, 1)
    if value is None or value not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4, not {quote(text)}")
    return value


def _seed(text: str) -> int:
    value = ascii_number(text.removeprefix("-"), 19)
    if value is None:
        raise argparse.ArgumentTypeError(f"the seed is a whole number, not {quote(text)}")
    return -value if text.startswith("-") else value


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="en", choices=LANGS,
                        help="the language of events and refused moves (default en)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="qin", description="Qin (Reiner Knizia, 2012): positions, moves "
                     "and game records on the command line.",
                     epilog="A POSITION_FILE is position text or a qin-game/1 record; "
                     "'-' reads standard input.  Bad input: one line on stderr, exit 2.")
    parser.add_argument("--version", action="version", version=f"qin {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)

    p = sub.add_parser("legal", help="list the legal moves, one per line")
    p.add_argument("file", metavar="POSITION_FILE")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("play", help="play moves: print their events and the new position")
    p.add_argument("file", metavar="POSITION_FILE")
    p.add_argument("moves", metavar="MOVE", nargs="+", help="e.g. Rc4Yd4, 'Rc4 Yd4' or pass")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    _lang_option(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="check a game record and print its moves and result")
    p.add_argument("record", metavar="RECORD.json")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    _lang_option(p)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("review", help="judge every move of a record against the "
                       "computer's best, in pagodas (JSON)")
    p.add_argument("record", metavar="RECORD.json")
    p.add_argument("--seats", default="", help="the seats to review, e.g. 1 or 1,2 "
                   "(default: every seat)")
    p.add_argument("--seed", type=_seed, default=0, help="the review's seed (default 0)")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("render", help="draw the board as text")
    p.add_argument("file", metavar="POSITION_FILE")
    p.add_argument("--colour", "--color", action="store_true", help="ANSI colours")
    p.add_argument("--no-legend", action="store_true", help="the board only")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("new", help="deal a new game and print its starting position")
    p.add_argument("--board", default="bird",
                   help=f"{' or '.join(BOARD_NAMES)} or a board file's path (default bird); "
                   "a record of the game holds the file's layout")
    p.add_argument("--players", type=_players, default=2, metavar="{2,3,4}")
    p.add_argument("--seed", type=_seed, default=None, help="default: a random seed")
    p.add_argument("--fair-start", action="store_true",
                   help="every opening hand holds a single-coloured tile (Q20)")
    p.add_argument("--names", default=None, help="comma-separated player names")
    p.add_argument("--record", action="store_true",
                   help="print the qin-game/1 record instead of the position")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("svg", help="draw the board as SVG")
    p.add_argument("file", metavar="POSITION_FILE")
    p.add_argument("--move", default=None, help="a move to show on the board")
    p.add_argument("--size", type=_positive, default=None, help="width in pixels")
    _lang_option(p)
    p.set_defaults(func=cmd_svg)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except CliError as exc:
        message = " ".join(str(exc).split())
        sys.stdout.flush()
        sys.stderr.write(f"qin: {message}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    sys.stdout.flush()
    return 0


def run() -> NoReturn:
    sys.exit(main())
