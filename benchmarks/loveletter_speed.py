"""Love Letter engine speed (part of ``make bench``): whole games per second, in CPython and in
Pyodide.

    python benchmarks/loveletter_speed.py [--seconds 5] [--no-pyodide]
    node scripts/pyodide_run.mjs benchmarks/loveletter_speed.py --measure [--seconds 5]

Random players (their choice costs almost nothing, so this measures the engine: legal moves,
checks and effects) play whole games for each player count and variant, for about
``--seconds`` each. The same file measures in both runtimes: run plainly, it measures this
interpreter, then runs itself with ``--measure`` inside the self-hosted Pyodide under node
(scripts/pyodide_run.mjs, the engine installed from a freshly built wheel), and writes both
to benchmarks/loveletter_speed.json with the command, the date, the machine's cores and its
load average. ``--measure`` measures this interpreter only and prints one JSON object.

Both figures are CPU time, so other processes on a shared machine count as little as they
can: CPython's is ``time.process_time``; Pyodide's process clock is not a CPU clock (its
readings jump), so there it is node's ``process.cpuUsage()``, the CPU time of the whole node
process (its V8 threads too; wall time, said as such, where the host is not node).
``--games N`` plays exactly N games a table instead (the same games in both runtimes, from
the same seeds).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from loveletter import Game, RandomPlayer, __version__, play  # noqa: E402


def _node_cpu() -> Callable[[], float] | None:
    """Under node, the CPU seconds of its process (``process.cpuUsage()``, every thread of
    it: the interpreter's and V8's own); ``None`` elsewhere (a browser)."""
    try:
        from js import process  # type: ignore[import-not-found]  # only in Pyodide
    except ImportError:
        return None
    if not hasattr(process, "cpuUsage"):
        return None

    def seconds() -> float:
        usage = process.cpuUsage()
        return float(usage.user + usage.system) / 1e6

    return seconds


# Pyodide's process_time is not a CPU clock (its readings jump): node's CPU time of its
# process there, or wall time where node is not the host.
EMSCRIPTEN = sys.platform == "emscripten"
NODE_CPU = _node_cpu() if EMSCRIPTEN else None
CLOCK: Callable[[], float] = (NODE_CPU or time.perf_counter) if EMSCRIPTEN else time.process_time
CLOCK_NAME = "wall" if EMSCRIPTEN and NODE_CPU is None else "CPU"
WARMUP_GAMES = 20
TABLES = ((2, "standard"), (4, "standard"), (6, "standard"), (2, "classic"), (4, "classic"))


def measure(seconds: float, games_per_table: int | None = None) -> dict[str, Any]:
    """Each table's games and moves per second in this interpreter, after a few games
    played untimed (the first games also import and warm what the rest reuse)."""
    for seed in range(WARMUP_GAMES):
        play(Game(2, seed=seed), [RandomPlayer(seed=seed), RandomPlayer(seed=seed + 1)])
    rows = {}
    for players, variant in TABLES:
        games = moves = rounds = 0
        start = CLOCK()
        while (games < games_per_table if games_per_table is not None
               else CLOCK() - start < seconds):
            game = Game(players, variant, seed=games)
            play(game, [RandomPlayer(seed=games * 10 + p) for p in range(players)])
            games += 1
            moves += len(game.moves)
            rounds += len(game.results)
        spent = max(CLOCK() - start, 1e-9)
        rows[f"{players}p-{variant}"] = {
            "players": players, "variant": variant, "games": games, "moves": moves,
            "rounds": rounds, "games_per_second": round(games / spent, 1),
            "moves_per_second": round(moves / spent),
        }
        print(f"{players}p {variant:8} {games / spent:8.1f} games/s "
              f"{moves / spent:9.0f} moves/s ({CLOCK_NAME})", file=sys.stderr, flush=True)
    return {"python": platform.python_version(), "implementation":
            platform.python_implementation(), "platform": sys.platform, "clock": CLOCK_NAME,
            "warmup_games": WARMUP_GAMES, "tables": rows}


def _in_pyodide(seconds: float, games: int | None) -> tuple[dict[str, Any], str]:
    """The same measurement inside Pyodide under node, and that runtime's label."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("loveletter_speed.py: node is not on PATH (or pass --no-pyodide)")
    extra = ["--games", str(games)] if games is not None else []
    with tempfile.TemporaryDirectory() as tmp:
        built = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wheel.py"), tmp],
                               capture_output=True, text=True, check=False)
        if built.returncode != 0:
            sys.stderr.write(built.stdout[-4000:] + built.stderr[-4000:])
            raise SystemExit("loveletter_speed.py: building the engine's wheel failed")
        wheel = built.stdout.strip()
        timings = Path(tmp) / "timings.json"
        proc = subprocess.run(
            [node, str(ROOT / "scripts" / "pyodide_run.mjs"), "--engine", wheel, "--timings",
             str(timings), str(Path(__file__).resolve()), "--measure", "--seconds",
             str(seconds), *extra], capture_output=True, text=True, check=False, timeout=1800)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
            raise SystemExit(f"loveletter_speed.py: the Pyodide run failed ({proc.returncode})")
        sys.stderr.write(proc.stderr)
        result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
        version = json.loads(timings.read_text(encoding="utf-8"))["pyodide_version"]
    host = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    return result, f"Pyodide {version} (CPython {result['python']}) under node {host}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per table (default 5)")
    parser.add_argument("--games", type=int, default=None, help="exactly N games a table")
    parser.add_argument("--measure", action="store_true",
                        help="measure this interpreter only and print one JSON object")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--out", type=Path, default=HERE / "loveletter_speed.json")
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.seconds, args.games)))
        return 0
    given = sys.argv[1:] if argv is None else argv
    cpython = measure(args.seconds, args.games)
    runtimes = [{"id": "cpython", "label": f"CPython {cpython['python']}", **cpython}]
    if not args.no_pyodide:
        pyodide, label = _in_pyodide(args.seconds, args.games)
        runtimes.append({"id": "pyodide", "label": label, **pyodide})
    out = {
        "engine": f"loveletter {__version__}",
        "command": "make bench" if not given else shlex.join(
            ["python", "benchmarks/loveletter_speed.py", *given]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "nproc": len(os.sched_getaffinity(0)),
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "seconds_per_table": args.seconds if args.games is None else None,
        "games_per_table": args.games,
        "runtimes": runtimes,
    }
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
