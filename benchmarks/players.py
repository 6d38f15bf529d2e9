"""Player strength benchmark (``make bench-players``): a seeded, seat-balanced tournament.

    python benchmarks/players.py [--games 400] [--strong-games 400] [--jobs 2] [--pyodide-games 8]
                                 [--pyodide-strong-games 4]

Three matches of ``--games`` games each (``--strong-games`` for the third), played by
benchmarks/tournament.py in CPython (cut into slices run by ``--jobs`` processes at a time;
the games and their results do not depend on the cut):

* the MCTS player at its default budget against RandomPlayer, and against GreedyPlayer;
* the stronger level (MCTSPlayer.STRONG_ITERATIONS) against the default level.

Each reports the score rate (a win 1, a shared victory 1/2) with its 95% Wilson interval
and the median decision time of the measured player, as CPU time (``time.process_time``:
the machine is shared, and other processes must not count against the player) and as wall
time. The targets apply to the CPU time. Then the first ``--pyodide-games``
games against GreedyPlayer run again inside the self-hosted Pyodide under node (the engine
installed from a freshly built wheel), for the decision times there; those games must end
exactly as in CPython (same seeds, same decisions), which is checked. The Play page also
offers the stronger level: ``--pyodide-strong-games`` games of it against GreedyPlayer give
its decision times in Pyodide (``levels`` in the results, beside its CPython times from the
third match).

Writes benchmarks/players.json (committed; the engine page shows it) and the full per-game
record to benchmarks/out/players-<time>.json (not committed). Each finished slice of games is
kept under benchmarks/out/slices-<hash of the engine's code>/, so a run that was stopped
resumes where it was. Exits 0 once measured: this is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import math
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCRIPT = HERE / "tournament.py"
sys.path.insert(0, str(ROOT))

from hanamikoji import MCTSPlayer, __version__  # noqa: E402

DEFAULT = f"mcts:{MCTSPlayer.DEFAULT_ITERATIONS}"
STRONG = f"mcts:{MCTSPlayer.STRONG_ITERATIONS}"
# (id, player, opponent, target score rate): the targets.
MATCHES = (
    ("default-vs-random", DEFAULT, "random", 0.95),
    ("default-vs-greedy", DEFAULT, "greedy", 0.75),
    ("strong-vs-default", STRONG, DEFAULT, 0.60),
)
STRONG_ID = MATCHES[2][0]
TIME_TARGETS_MS = {"cpython": 300, "pyodide": 1000}


def _run_json(cmd: list[str]) -> dict[str, Any]:
    # PYTHONPATH: CPython measures this work tree's engine, as Pyodide does through its wheel.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"benchmarks/players.py: failed (exit {proc.returncode}): {cmd}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def wilson(score: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate ``score / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _slices(games: int, size: int) -> list[tuple[int, int]]:
    """Games 0..games-1 cut into slices of at most ``size`` games, seat pairs kept whole."""
    size = max(2, size - size % 2)
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def _engine_hash() -> str:
    """A fingerprint of the code that plays the games: cached slices are reused only for it."""
    digest = hashlib.sha256()
    for path in sorted([*(ROOT / "hanamikoji").rglob("*.py"), SCRIPT]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _run_slice(cmd: list[str], player: str, opponent: str, first: int, count: int,
               seed: int, cache: Path) -> list[dict[str, Any]]:  # fmt: skip
    """One slice of a match; kept in ``cache`` so that an interrupted run resumes."""
    done = cache / f"{player}_{opponent}_s{seed}_{first}+{count}.json".replace(":", "-")
    if done.exists():
        cached: list[dict[str, Any]] = json.loads(done.read_text(encoding="utf-8"))
        return cached
    args = ["--player", player, "--opponent", opponent, "--first", str(first),
            "--games", str(count), "--seed", str(seed)]  # fmt: skip
    games: list[dict[str, Any]] = _run_json([*cmd, *args])["games"]
    done.write_text(json.dumps(games), encoding="utf-8")
    return games


def _summary(games: list[dict[str, Any]], target: float) -> dict[str, Any]:
    n = len(games)
    score = sum(g["score"] for g in games)
    low, high = wilson(score, n)
    times = [t for g in games for t in g["decision_cpu_ms"]]
    wall = [t for g in games for t in g["decision_ms"]]
    return {
        "games": n,
        "wins": sum(1 for g in games if g["score"] == 1.0),
        "shared": sum(1 for g in games if g["score"] == 0.5),
        "score_rate": round(score / n, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "target": target,
        "meets_target": score / n >= target,
        "decisions": len(times),
        "median_decision_ms": round(statistics.median(times), 1),
        "p90_decision_ms": round(statistics.quantiles(times, n=10)[-1], 1),
        "median_decision_wall_ms": round(statistics.median(wall), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    parser.add_argument("--strong-games", type=int, default=400,
                        help="games of the stronger level against the default (default 400)")
    parser.add_argument("--jobs", type=int, default=2, help="CPython processes (default 2)")
    parser.add_argument("--pyodide-games", type=int, default=8, help="Pyodide games (default 8)")
    parser.add_argument("--pyodide-strong-games", type=int, default=4,
                        help="Pyodide games of the stronger level (default 4)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("benchmarks/players.py: node is not on PATH")

    cpython_cmd = [sys.executable, str(SCRIPT)]
    tmp = tempfile.TemporaryDirectory()
    wheel = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_wheel.py"), tmp.name],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    timings_file = Path(tmp.name) / "timings.json"
    pyodide_run = [node, str(ROOT / "scripts" / "pyodide_run.mjs"), "--engine", wheel,
                   "--timings", str(timings_file), str(SCRIPT)]  # fmt: skip
    # Every slice of every match shares one pool of --jobs processes; the results do not
    # depend on how the games are cut or scheduled.
    print(f"CPython: {len(MATCHES)} matches, {args.jobs} processes ...", flush=True)
    cache = HERE / "out" / f"slices-{_engine_hash()}"
    cache.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        jobs = {}
        # The slowest match first, so that no process is left alone with it at the end.
        for match_id, player, opponent, _ in sorted(MATCHES, key=lambda m: m[0] != STRONG_ID):
            strong = match_id.startswith("strong")
            count = args.strong_games if strong else args.games
            jobs[match_id] = [
                pool.submit(_run_slice, cpython_cmd, player, opponent, first, n, args.seed, cache)
                for first, n in _slices(count, 10 if strong else 50)
            ]
        raw: dict[str, Any] = {
            match_id: [g for job in jobs[match_id] for g in job.result()]
            for match_id, *_ in MATCHES
        }
    # Alone, so that no process of this benchmark competes with it for the processor.
    print(f"Pyodide: default-vs-greedy, {args.pyodide_games} games ...", flush=True)
    pyo = _run_json([*pyodide_run, "--player", DEFAULT, "--opponent", "greedy",
                     "--games", str(args.pyodide_games), "--seed", str(args.seed)])  # fmt: skip
    timings = json.loads(timings_file.read_text(encoding="utf-8"))
    print(f"Pyodide: strong-vs-greedy, {args.pyodide_strong_games} games ...", flush=True)
    pyo_strong = _run_json([*pyodide_run, "--player", STRONG, "--opponent", "greedy", "--games",
                            str(args.pyodide_strong_games), "--seed", str(args.seed)])  # fmt: skip
    tmp.cleanup()
    matches = [
        {"id": match_id, "player": player, "opponent": opponent,
         **_summary(raw[match_id], target)}
        for match_id, player, opponent, target in MATCHES
    ]  # fmt: skip
    same = [g["score"] for g in pyo["games"]] == [
        g["score"] for g in raw["default-vs-greedy"][: args.pyodide_games]
    ]
    def times(games: list[dict[str, Any]], key: str) -> list[float]:
        return [t for g in games for t in g[key]]

    defaults = raw["default-vs-random"] + raw["default-vs-greedy"]
    cpy_times = times(defaults, "decision_cpu_ms")
    pyo_times = times(pyo["games"], "decision_cpu_ms")
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout
    runtimes = [
        {
            "id": "cpython",
            "label": f"CPython {platform.python_version()}",
            "decisions": len(cpy_times),
            "median_decision_ms": round(statistics.median(cpy_times), 1),
            "median_decision_wall_ms": round(
                statistics.median(times(defaults, "decision_ms")), 1
            ),
            "target_ms": TIME_TARGETS_MS["cpython"],
        },
        {
            "id": "pyodide",
            "label": f"Pyodide {timings['pyodide_version']} (CPython {pyo['python']}) "
            f"under node {node_version.strip()}",
            "decisions": len(pyo_times),
            "median_decision_ms": round(statistics.median(pyo_times), 1),
            "median_decision_wall_ms": round(
                statistics.median(times(pyo["games"], "decision_ms")), 1
            ),
            "target_ms": TIME_TARGETS_MS["pyodide"],
            "same_games_as_cpython": same,
        },
    ]
    for r in runtimes:
        r["meets_target"] = r["median_decision_ms"] <= r["target_ms"]

    def level(name: str, iterations: int, cpython: list[float],
              pyodide: list[float]) -> dict[str, Any]:  # fmt: skip
        return {
            "level": name,
            "iterations": iterations,
            "cpython_median_decision_ms": round(statistics.median(cpython), 1),
            "cpython_p90_decision_ms": round(statistics.quantiles(cpython, n=10)[-1], 1),
            "cpython_decisions": len(cpython),
            "pyodide_median_decision_ms": round(statistics.median(pyodide), 1),
            "pyodide_p90_decision_ms": round(statistics.quantiles(pyodide, n=10)[-1], 1),
            "pyodide_decisions": len(pyodide),
        }

    # Both levels the Play page offers, in both runtimes (CPU time; the default's as above).
    levels = [
        level("default", MCTSPlayer.DEFAULT_ITERATIONS, cpy_times, pyo_times),
        level("strong", MCTSPlayer.STRONG_ITERATIONS, times(raw[STRONG_ID], "decision_cpu_ms"),
              times(pyo_strong["games"], "decision_cpu_ms")),
    ]  # fmt: skip

    record = {
        "command": "make bench-players"
        if sys.argv[1:] == []
        else "python benchmarks/players.py " + shlex.join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "machine": {"nproc": len(os.sched_getaffinity(0)), "os": platform.platform()},
        "engine_version": __version__,
        "workload": {
            "edition": "emperors4",
            "seed": args.seed,
            "games_per_match": args.games,
            "strong_games": args.strong_games,
            "pyodide_games": args.pyodide_games,
            "pyodide_strong_games": args.pyodide_strong_games,
            "processes": args.jobs,
            "seating": "pairs of games on the same deal, seats swapped",
            "default_iterations": MCTSPlayer.DEFAULT_ITERATIONS,
            "strong_iterations": MCTSPlayer.STRONG_ITERATIONS,
            "decision_times": "CPU time (time.process_time; Pyodide: Emscripten's clock) of "
            "the measured player's decisions with more than one choice; wall time beside it",
        },
        "matches": matches,
        "runtimes": runtimes,
        "levels": levels,
    }
    out_dir = HERE / "out"
    out_dir.mkdir(exist_ok=True)
    stamp = record["date"].replace(":", "")
    raw_file = out_dir / f"players-{stamp}.json"
    full = {**record, "raw": raw, "pyodide": pyo, "pyodide_strong": pyo_strong}
    raw_file.write_text(json.dumps(full) + "\n", "utf-8")
    (HERE / "players.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")

    print(f"\n{'match':<20} {'games':>5} {'score':>6} {'95% CI':>15} {'target':>6} "
          f"{'median ms':>9}")  # fmt: skip
    for m in matches:
        ci = f"{m['ci95'][0]:.3f}-{m['ci95'][1]:.3f}"
        verdict = "pass" if m["meets_target"] else "FAIL"
        print(f"{m['id']:<20} {m['games']:>5} {m['score_rate']:>6.3f} {ci:>15} "
              f"{m['target']:>6.2f} {m['median_decision_ms']:>9}  {verdict}")  # fmt: skip
    for r in runtimes:
        verdict = "pass" if r["meets_target"] else "FAIL"
        print(f"{r['label']}: median decision {r['median_decision_ms']} ms CPU, "
              f"{r['median_decision_wall_ms']} ms wall "
              f"(target {r['target_ms']} ms, {r['decisions']} decisions)  {verdict}")  # fmt: skip
    for lv in levels:
        print(f"level {lv['level']} ({lv['iterations']} iterations): median decision "
              f"{lv['cpython_median_decision_ms']} ms CPython, "
              f"{lv['pyodide_median_decision_ms']} ms Pyodide (CPU)")  # fmt: skip
    print(f"Pyodide games end as in CPython: {same}")
    print(f"wrote {raw_file.relative_to(ROOT)} and benchmarks/players.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
