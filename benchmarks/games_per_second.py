"""Games per second: full games between two uniformly random players; prints one JSON object.

    python benchmarks/games_per_second.py [--seconds S | --games N] [--repeat K]
    node scripts/pyodide_run.mjs benchmarks/games_per_second.py [same options]

The very same file runs in CPython and in Pyodide. Each game is a fresh
``Game(edition=..., seed=...)`` played to the end by ``play()`` between two
``RandomPlayer``s: each picks uniformly among the legal actions the engine lists, and the
engine checks every action it applies. Game ``i`` (counted across repetitions, from
``--seed``) uses seed ``seed + i``, so a ``--games`` run is reproducible.

"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any


def _engine() -> Any:
    import hanamikoji

    return hanamikoji


def _play_games(engine: Any, edition: Any, first_seed: int, games: int | None,
                seconds: float | None) -> dict[str, Any]:  # fmt: skip
    """Play ``games`` games, or as many as fit in ``seconds``; time them."""
    game_cls, play, random_player = engine.Game, engine.play, engine.RandomPlayer
    wins = {"A": 0, "B": 0, "none": 0}
    rounds = 0
    played = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds if seconds is not None else None
    while True:
        seed = first_seed + played
        game = game_cls(edition=edition, seed=seed)
        outcome = play(game, (random_player(seed=2 * seed), random_player(seed=2 * seed + 1)))
        played += 1
        rounds += game.round_number
        wins[outcome.winner.name if outcome.winner is not None else "none"] += 1
        if games is not None and played >= games:
            break
        if deadline is not None and clock() >= deadline:
            break
    elapsed = clock() - start
    return {
        "games": played,
        "seconds": round(elapsed, 4),
        "games_per_second": round(played / elapsed, 1),
        "rounds": rounds,
        "wins": wins,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="time budget of one repetition")
    budget.add_argument("--games", type=int, help="games in one repetition")
    parser.add_argument("--repeat", type=int, default=1, help="repetitions (default 1)")
    parser.add_argument("--warmup", type=int, default=20, help="untimed games first (default 20)")
    parser.add_argument("--edition", default="EMPERORS4", help="Edition member name")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args(argv)
    if args.seconds is None and args.games is None:
        args.seconds = 3.0
    if args.repeat < 1 or (args.games is not None and args.games < 1):
        parser.error("--repeat and --games must be at least 1")

    engine = _engine()
    try:
        edition = engine.Edition[args.edition]
    except KeyError:
        names = [e.name for e in engine.Edition]
        parser.error(f"--edition: no Edition.{args.edition} (have {names})")
    next_seed = args.seed
    if args.warmup:
        _play_games(engine, edition, next_seed, args.warmup, None)
        next_seed += args.warmup
    runs = []
    for _ in range(args.repeat):
        run = _play_games(engine, edition, next_seed, args.games, args.seconds)
        next_seed += run["games"]
        runs.append(run)

    total_games = sum(r["games"] for r in runs)
    result = {
        "engine": "hanamikoji",
        "engine_version": getattr(engine, "__version__", None),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "edition": args.edition,
        "warmup_games": args.warmup,
        "runs": runs,
        "median_games_per_second": round(statistics.median(r["games_per_second"] for r in runs), 1),
        "rounds_per_game": round(sum(r["rounds"] for r in runs) / total_games, 3),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
