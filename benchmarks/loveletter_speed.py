"""Love Letter engine speed (part of ``make bench``): whole games per second in CPython.

    python benchmarks/loveletter_speed.py [--seconds 5]

Random players (their choice costs almost nothing, so this measures the engine: legal moves,
checks and effects) play whole games for each player count and variant, for about
``--seconds`` each; the figure is CPU time (``time.process_time``) so other processes on a
shared machine do not count. Under Pyodide (``node scripts/pyodide_run.mjs
benchmarks/loveletter_speed.py --out FILE``) the process clock is not a CPU clock, so wall
time is used there and says so. Writes benchmarks/loveletter_speed.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from loveletter import Game, RandomPlayer, __version__, play  # noqa: E402

# Pyodide's process_time is not a CPU clock (its readings jump): wall time there.
CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time
CLOCK_NAME = "wall" if sys.platform == "emscripten" else "CPU"
TABLES = ((2, "standard"), (4, "standard"), (6, "standard"), (2, "classic"), (4, "classic"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--out", type=Path, default=HERE / "loveletter_speed.json")
    args = parser.parse_args(argv)
    rows = {}
    for players, variant in TABLES:
        games = moves = 0
        start = CLOCK()
        while CLOCK() - start < args.seconds:
            game = Game(players, variant, seed=games)
            play(game, [RandomPlayer(seed=games * 10 + p) for p in range(players)])
            games += 1
            moves += len(game.moves)
        spent = CLOCK() - start
        rows[f"{players}p-{variant}"] = {
            "games": games, "games_per_second": round(games / spent, 1),
            "moves_per_second": round(moves / spent),
        }
        print(f"{players}p {variant:8} {games / spent:8.1f} games/s "
              f"{moves / spent:9.0f} moves/s ({CLOCK_NAME})", flush=True)
    out = {"engine": f"loveletter {__version__}", "python": platform.python_version(),
           "clock": CLOCK_NAME, "seconds_per_table": args.seconds,
           "platform": sys.platform, "tables": rows}
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
