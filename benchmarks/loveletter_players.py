"""Love Letter player strength (part of ``make bench-players``): seeded, seat-balanced matches.

    python benchmarks/loveletter_players.py [--games 360] [--iterations 200] [--jobs 1]

The search player meets the heuristic at every player count of both decks (2 to 6 players,
and 2 to 4 in the classic variant); at two players each of them also meets the random player.
Each match puts the measured player in one seat and the opponent in every other seat; each
seed is played once with the measured player in each seat, so no seat advantage counts (360
games, the default, is a whole number of seeds at every player count). A
game scores the measured player's share of the victory (1, 1/2 for a victory shared by two,
0 for a loss), reported as a rate with its 95% Wilson interval next to the fair share (1 / the
number of players). Decision times of the measured player are CPU times
(``time.process_time``), median and 95th percentile.

The record keeps the date, the machine's cores and its load average at the end of each match:
on a shared machine the decision times grow with the load, the results do not (the players
count iterations, not seconds).

Writes benchmarks/loveletter_players.json. Exits 0 once measured: a measurement, not a test.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from players import wilson  # noqa: E402  (the Hanamikoji bench's interval, shared)

from loveletter import (  # noqa: E402
    Agent,
    Game,
    HeuristicPlayer,
    Move,
    RandomPlayer,
    SearchPlayer,
    View,
    __version__,
    play,
)

# (id, players, variant, measured, opponent)
MATCHES = (
    ("heuristic-vs-random-2p", 2, "standard", "heuristic", "random"),
    ("search-vs-random-2p", 2, "standard", "search", "random"),
    *((f"search-vs-heuristic-{n}p", n, "standard", "search", "heuristic") for n in range(2, 7)),
    *((f"search-vs-heuristic-{n}p-classic", n, "classic", "search", "heuristic")
      for n in range(2, 5)),
)


class _Timed:
    """Wraps a player and records its decision times (CPU seconds)."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.times: list[float] = []

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        start = time.process_time()
        move = self.inner.choose(view, legal)
        self.times.append(time.process_time() - start)
        return move


def _make(kind: str, seed: int, iterations: int) -> Agent:
    if kind == "random":
        return RandomPlayer(seed=seed)
    if kind == "heuristic":
        return HeuristicPlayer(seed=seed)
    return SearchPlayer(iterations, seed=seed)


def _one(args: tuple[int, str, str, str, int, int, int]) -> tuple[float, list[float]]:
    players, variant, measured, opponent, seed, seat, iterations = args
    me = _Timed(_make(measured, seed * 7 + seat, iterations))
    agents: list[Agent] = [_make(opponent, seed * 7 + p + 100, iterations)
                           for p in range(players)]
    agents[seat] = me
    outcome = play(Game(players, variant, seed=seed), agents)
    score = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    return score, me.times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=360, help="games per match")
    parser.add_argument("--iterations", type=int, default=200, help="SearchPlayer budget")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--out", type=Path, default=HERE / "loveletter_players.json")
    parser.add_argument("--note", default="", help="how the machine was (e.g. its load)")
    args = parser.parse_args(argv)
    given = sys.argv[1:] if argv is None else argv
    # The command that reproduces the figures: the note is kept beside it, not in it.
    given = [arg for i, arg in enumerate(given) if arg != "--note" and not arg.startswith(
        "--note=") and (i == 0 or given[i - 1] != "--note")]
    results: dict[str, Any] = {
        "engine": f"loveletter {__version__}",
        "python": platform.python_version(),
        "command": shlex.join(["python", "benchmarks/loveletter_players.py", *given]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "nproc": len(os.sched_getaffinity(0)),
        "note": args.note,
        "iterations": args.iterations,
        "matches": {},
    }
    for name, players, variant, measured, opponent in MATCHES:
        jobs = [(players, variant, measured, opponent, seed, seat, args.iterations)
                for seed in range(math.ceil(args.games / players)) for seat in range(players)]
        started = time.time()
        with ProcessPoolExecutor(args.jobs) as pool:
            done = list(pool.map(_one, jobs))
        score = sum(s for s, _ in done)
        times = sorted(t for _, ts in done for t in ts)
        low, high = wilson(score, len(done))
        row = {
            "players": players, "variant": variant, "measured": measured,
            "opponent": opponent,
            "games": len(done), "score_rate": round(score / len(done), 3),
            "ci95": [round(low, 3), round(high, 3)], "fair_share": round(1 / players, 3),
            "decision_ms_median": round(statistics.median(times) * 1000, 2) if times else None,
            "decision_ms_p95": round(times[int(0.95 * (len(times) - 1))] * 1000, 2)
            if times else None,
            "wall_seconds": round(time.time() - started, 1),
            "load_average": [round(x, 1) for x in os.getloadavg()],
        }
        results["matches"][name] = row
        # After each match: a long run stopped early keeps what it measured.
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        print(f"{name:32} {row['score_rate']:.3f} [{low:.3f}, {high:.3f}] "
              f"(fair {1 / players:.3f}, {len(done)} games) "
              f"decision median {row['decision_ms_median']} ms CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
