"""The command line behind ``python -m hanamikoji``: ``play``, ``simulate`` and ``replay``.

Exit codes: 0 success; 1 a game left unfinished (end of input or ``quit``); 2 a usage error
or an unreadable record; 130 interrupted by Ctrl-C. User errors never print a traceback.
Each command lives in its own module (:mod:`.play`, :mod:`.simulate`, :mod:`.replay`), the
terminal board in :mod:`.board`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from hanamikoji import (
    Edition,
    __version__,
)
from hanamikoji._cli.common import (
    AGENTS,
    EXIT_UNFINISHED,
    EXIT_USAGE,
    UserError,
)
from hanamikoji._cli.play import _play_command
from hanamikoji._cli.replay import _replay_command
from hanamikoji._cli.simulate import _simulate_command


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m hanamikoji``."""
    parser = argparse.ArgumentParser(
        prog="hanamikoji",
        description="Play, simulate and replay games of Hanamikoji with its rules engine.",
        epilog="Exit codes: 0 done, 1 game left unfinished, 2 usage error or bad record, "
        "130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"hanamikoji {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    editions = [e.value for e in Edition]

    p = commands.add_parser(
        "play",
        help="play a game in the terminal against the computer",
        description="Play a game in the terminal against a computer player. At each decision, "
        "type its number or the move in notation (S3, T15, G267, C12-67, P6, P67).",
    )
    p.add_argument(
        "--opponent",
        choices=sorted(AGENTS),
        default="mcts",
        help="mcts: tree search (the default), strong: the same searching longer, "
        "greedy: a simple heuristic, random: any legal move",
    )
    p.add_argument("--edition", choices=editions, default="emperors4", help="default: emperors4")
    p.add_argument(
        "--seed", type=int, metavar="N", help="the same seed and moves give the same game"
    )
    p.add_argument(
        "--as",
        dest="seat",
        type=str.upper,
        choices=["A", "B"],
        default="A",
        help="your seat: A starts the first round (default: A)",
    )
    p.add_argument("--save", metavar="FILE", type=Path, help="write the game record (JSON) here")

    s = commands.add_parser(
        "simulate",
        help="play many games between computer players and count the results",
        description="Play N games between two computer players and print statistics. "
        "The players swap seats every game unless --fixed-seats is given.",
    )
    s.add_argument(
        "--players",
        type=_players_argument,
        default=("random", "greedy"),
        metavar="P1,P2",
        help=f"two of {', '.join(sorted(AGENTS))} (default: random,greedy)",
    )
    s.add_argument("--games", type=_positive_int, default=1000, metavar="N", help="default: 1000")
    s.add_argument("--seed", type=int, metavar="N", help="the same seed gives the same games")
    s.add_argument("--edition", choices=editions, default="emperors4", help="default: emperors4")
    s.add_argument(
        "--fixed-seats", action="store_true", help="player 1 plays A (starts) in every game"
    )
    s.add_argument("--json", action="store_true", help="print a JSON object instead of tables")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")

    r = commands.add_parser(
        "replay",
        help="show a recorded game step by step",
        description="Read a game record (JSON) and show the board after each step: step 0 "
        "is the start, step K the position after the record's first K moves.",
    )
    r.add_argument("file", type=Path, metavar="FILE", help="a game record (JSON)")
    r.add_argument(
        "--step", type=int, metavar="K", help="show only step K (negative: from the end)"
    )
    r.add_argument("--json", action="store_true", help="print the states as JSON")
    return parser


def _players_argument(text: str) -> tuple[str, str]:
    names = [name.strip().lower() for name in text.split(",")]
    kinds = ", ".join(sorted(AGENTS))
    if len(names) != 2:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected two players separated by a comma, such as random,greedy"
        )
    for name in names:
        if name not in AGENTS:
            raise argparse.ArgumentTypeError(f"{name!r} is not a player: expected one of {kinds}")
    return names[0], names[1]


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def run(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(None if argv is None else list(argv))
    except SystemExit as stop:  # --help, --version or a usage error (already printed)
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _play_command,
        "simulate": _simulate_command,
        "replay": _replay_command,
    }
    try:
        return commands[args.command](args)
    except UserError as error:
        print(f"hanamikoji {args.command}: error: {error}", file=sys.stderr)
        return error.code
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_UNFINISHED
