"""Command line: ``python -m loveletter simulate|replay`` (see ``--help``).

Bad input (a damaged record, an unknown option value, a missing file) prints one line naming
the problem and exits with status 2; there is no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from loveletter._cards import PLAYER_COUNTS, Variant
from loveletter._errors import LoveLetterError
from loveletter._game import Game
from loveletter._players import Agent, HeuristicPlayer, RandomPlayer, play
from loveletter._record import Record
from loveletter._search import SearchPlayer
from loveletter._transcript import transcript

PLAYERS = ("random", "heuristic", "search")


def _agent(kind: str, seed: int) -> Agent:
    if kind == "random":
        return RandomPlayer(seed=seed)
    if kind == "heuristic":
        return HeuristicPlayer(seed=seed)
    return SearchPlayer(seed=seed)


def _simulate(args: argparse.Namespace) -> str:
    kinds: list[str] = args.player or ["heuristic"]
    variant = Variant.parse(args.variant)
    allowed = PLAYER_COUNTS[variant]
    if args.players not in allowed:
        raise LoveLetterError(f"--players: {args.players} is not allowed in the "
                              f"{variant.value} game ({allowed.start} to {allowed.stop - 1})")
    agents = [_agent(kinds[i % len(kinds)], args.seed * 10 + i) for i in range(args.players)]
    game = Game(args.players, variant, seed=args.seed)
    play(game, agents)
    record = Record.from_game(game)
    return record.dumps() if args.json else transcript(record)


def _replay(args: argparse.Namespace) -> str:
    text = sys.stdin.read() if args.record == "-" else None
    record = Record.loads(text, source="stdin") if text is not None else Record.load(args.record)
    return record.dumps() if args.json else transcript(record)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m loveletter",
                                     description="Love Letter (2019) rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play a whole game between computer players")
    sim.add_argument("--players", type=int, default=2, help="2 to 6 (classic: 2 to 4)")
    sim.add_argument("--variant", default="standard", choices=[v.value for v in Variant])
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--player", action="append", choices=PLAYERS,
                     help="the players, seat by seat, repeated as needed (default heuristic)")
    sim.add_argument("--json", action="store_true", help="print the JSON record")
    rep = sub.add_parser("replay", help="check a JSON record and print its transcript")
    rep.add_argument("record", help="a record file, or - for standard input")
    rep.add_argument("--json", action="store_true", help="print the record back as JSON")
    args = parser.parse_args(argv)
    try:
        out = _simulate(args) if args.command == "simulate" else _replay(args)
    except (LoveLetterError, OSError, UnicodeDecodeError) as error:
        print(f"loveletter: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(out if out.endswith("\n") else out + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
