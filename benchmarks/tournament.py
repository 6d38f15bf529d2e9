"""One match between two players, seat-balanced and seeded; prints one JSON object.

    python benchmarks/tournament.py --player mcts:400 --opponent greedy --games 400
    node scripts/pyodide_run.mjs benchmarks/tournament.py [same options]

The very same file runs in CPython and in Pyodide. Games come in pairs on the same deals:
game ``2k`` is ``Game(seed=seed + k)`` with the player seated as A, game ``2k + 1`` the same
seed (so the same shuffles) with the seats swapped. Players are seeded from the game number,
so any slice ``--first N --games M`` of a match replays exactly. Per game it reports the
player's score (1 a win, 1/2 a shared victory, 0 otherwise) and, for each of the player's
decisions that had more than one legal choice (single choices are not searched), its wall
time and its CPU time (``time.process_time``: what the decision costs, whatever else the
machine runs; under Pyodide, Emscripten measures it with the wall clock).

Players: ``random``, ``greedy``, ``mcts`` (default budget) or ``mcts:N`` (N iterations).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from typing import Any


def make_player(engine: Any, spec: str, seed: int) -> Any:
    """A player from its name: ``random``, ``greedy``, ``mcts`` or ``mcts:ITERATIONS``."""
    name, _, budget = spec.partition(":")
    if name == "random" and not budget:
        return engine.RandomPlayer(seed=seed)
    if name == "greedy" and not budget:
        return engine.GreedyPlayer(seed=seed)
    if name == "mcts":
        iterations = int(budget) if budget else engine.MCTSPlayer.DEFAULT_ITERATIONS
        return engine.MCTSPlayer(iterations, seed=seed)
    raise SystemExit(f"tournament.py: unknown player {spec!r}: random, greedy, mcts or mcts:N")


class Timed:
    """Wraps a player to time its decisions."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.times: list[float] = []
        self.cpu_times: list[float] = []

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        move = self.player.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
            self.cpu_times.append(time.process_time() - cpu)
        return move


def play_match(spec: str, opponent: str, first: int, games: int, seed: int,
               edition: str) -> dict[str, Any]:  # fmt: skip
    import hanamikoji as engine

    results = []
    for i in range(first, first + games):
        seat = i % 2  # 0: the player is A
        deal_seed = seed + i // 2
        player = Timed(make_player(engine, spec, seed * 1000 + 2 * i))
        other = make_player(engine, opponent, seed * 1000 + 2 * i + 1)
        game = engine.Game(edition=edition, seed=deal_seed)
        outcome = engine.play(game, (player, other) if seat == 0 else (other, player))
        me = engine.Player(seat)
        score = 0.5 if outcome.shared else (1.0 if outcome.winner is me else 0.0)
        results.append(
            {
                "game": i,
                "seat": me.name,
                "score": score,
                "rounds": outcome.round_number,
                "decision_ms": [round(t * 1000, 2) for t in player.times],
                "decision_cpu_ms": [round(t * 1000, 2) for t in player.cpu_times],
            }
        )
    return {
        "python": platform.python_version(),
        "player": spec,
        "opponent": opponent,
        "edition": edition,
        "seed": seed,
        "games": results,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="mcts", help="the player measured (default mcts)")
    parser.add_argument("--opponent", default="greedy", help="its opponent (default greedy)")
    parser.add_argument("--games", type=int, default=40, help="games to play (default 40)")
    parser.add_argument("--first", type=int, default=0, help="first game number (default 0)")
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument("--edition", default="emperors4", help="edition (default emperors4)")
    args = parser.parse_args(argv)
    result = play_match(args.player, args.opponent, args.first, args.games, args.seed,
                        args.edition)  # fmt: skip
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
