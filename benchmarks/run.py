"""Engine speed benchmark (``make bench``): random games per second in CPython and in Pyodide.

    python benchmarks/run.py [--seconds 3] [--repeat 5]

Runs benchmarks/games_per_second.py twice, the same file both times: with this interpreter
(CPython) and inside the self-hosted Pyodide under node (scripts/pyodide_run.mjs, engine
installed from a freshly built wheel). Each runtime plays ``--repeat`` timed repetitions of
``--seconds`` after a short warm-up; the median is reported against the targets below.

Writes the full record to benchmarks/out/<time>.json (not committed) and the figures the
site shows to benchmarks/results.json (committed): command, date, machine, versions and,
per runtime, median and per-run games per second, rounds per game, target and pass/fail.

Always exits 0 once the measurements are taken: this is a measurement, not a test.
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
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCRIPT = HERE / "games_per_second.py"
# Targets the engine must meet, in games per second (median of the repetitions).
TARGETS = {"cpython": 5000, "pyodide": 2000}


def _run_json(cmd: list[str], what: str) -> dict[str, Any]:
    # PYTHONPATH: CPython measures this work tree's engine, as Pyodide does through its wheel.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=1800, env=env)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"benchmarks/run.py: {what} failed (exit {proc.returncode}): {cmd}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _nproc() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 0


def _summary(runtime: str, label: str, raw: dict[str, Any]) -> dict[str, Any]:
    median = raw["median_games_per_second"]
    return {
        "id": runtime,
        "label": label,
        "python": raw["python"],
        "games_per_second": {
            "median": round(median),
            "runs": [round(r["games_per_second"]) for r in raw["runs"]],
        },
        "games": sum(r["games"] for r in raw["runs"]),
        "rounds_per_game": raw["rounds_per_game"],
        "target": TARGETS[runtime],
        "meets_target": median >= TARGETS[runtime],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="one repetition (default 3)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (default 5)")
    args = parser.parse_args()

    node = shutil.which("node")
    if node is None:
        raise SystemExit("benchmarks/run.py: node is not on PATH")
    common = ["--seconds", str(args.seconds), "--repeat", str(args.repeat)]
    engine = "engine"

    print(f"CPython: {args.repeat} x {args.seconds:g} s ...", flush=True)
    cpython = _run_json([sys.executable, str(SCRIPT), *common], "CPython run")

    print(f"Pyodide: {args.repeat} x {args.seconds:g} s ...", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = _run_path([sys.executable, str(ROOT / "scripts" / "build_wheel.py"), tmp])
        timings_file = Path(tmp) / "timings.json"
        pyodide = _run_json(
            [node, str(ROOT / "scripts" / "pyodide_run.mjs"), "--engine", wheel,
             "--timings", str(timings_file), str(SCRIPT), *common],
            "Pyodide run",
        )  # fmt: skip
        timings = json.loads(timings_file.read_text(encoding="utf-8"))
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout

    runtimes = [
        _summary("cpython", f"CPython {cpython['python']}", cpython),
        _summary(
            "pyodide",
            f"Pyodide {timings['pyodide_version']} (CPython {pyodide['python']}) "
            f"under node {node_version.strip()}",
            pyodide,
        ),
    ]
    runtimes[1]["startup_ms"] = {
        "load_pyodide": timings["load_pyodide_ms"],
        "install_engine_wheel": timings["install_wheels_ms"],
    }
    record = {
        "command": "make bench"
        if sys.argv[1:] == []
        else "python benchmarks/run.py " + shlex.join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "machine": {
            "nproc": _nproc(),
            "cpu_model": _cpu_model(),
            "os": platform.platform(),
        },
        "engine": cpython["engine"],
        "engine_version": cpython["engine_version"],
        "workload": {
            "edition": cpython["edition"],
            "players": "RandomPlayer vs RandomPlayer (uniform over the legal actions)",
            "seconds_per_run": args.seconds,
            "repeat": args.repeat,
            "warmup_games": cpython["warmup_games"],
        },
        "runtimes": runtimes,
    }

    out_dir = HERE / "out"
    out_dir.mkdir(exist_ok=True)
    stamp = record["date"].replace(":", "")
    raw_file = out_dir / f"{stamp}.json"
    raw = {**record, "raw": {"cpython": cpython, "pyodide": pyodide, "pyodide_timings": timings}}
    raw_file.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
    (HERE / "results.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")

    print(f"\n{engine}, {record['workload']['edition']}, random vs random")
    print(f"{'runtime':<58} {'games/s':>8} {'target':>7}  {'rounds/game':>11}")
    for r in runtimes:
        verdict = "pass" if r["meets_target"] else "FAIL"
        print(
            f"{r['label']:<58} {r['games_per_second']['median']:>8} {r['target']:>7}  "
            f"{r['rounds_per_game']:>11.3f}  {verdict}"
        )
    print(
        f"Pyodide startup: loadPyodide {timings['load_pyodide_ms']} ms, "
        f"engine wheel install {timings['install_wheels_ms']} ms"
    )
    print(
        f"wrote {raw_file.relative_to(ROOT)} and benchmarks/results.json"
    )
    return 0


def _run_path(cmd: list[str]) -> str:
    """Run a helper that prints one path; return it."""
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=600)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"benchmarks/run.py: {cmd} failed")
    return proc.stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
