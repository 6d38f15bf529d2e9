"""Love Letter's speed harness (benchmarks/loveletter_speed.py) runs and emits valid JSON.

This checks the harness, not the speed. With a fixed number of games a table the run is
reproducible, so CPython 3.11 and Pyodide (CPython 3.14) must play exactly the same games.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "loveletter_speed.py"
# Every player count of the standard deck's ends and middle, and the classic deck's.
TABLES = {"2p-standard", "4p-standard", "6p-standard", "2p-classic", "4p-classic"}


def _measured(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout  # exactly one JSON object, nothing else
    result: dict[str, Any] = json.loads(lines[0])
    assert set(result["tables"]) == TABLES
    for key, table in result["tables"].items():
        assert key == f"{table['players']}p-{table['variant']}"
        assert table["games"] == 4
        assert table["rounds"] >= table["games"] and table["moves"] > table["rounds"]
        assert table["games_per_second"] > 0
    return result


def test_harness_measures_each_table_and_emits_one_json_object() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the work tree's engine
    proc = subprocess.run([sys.executable, str(SCRIPT), "--measure", "--games", "4"],
                          capture_output=True, text=True, timeout=300, env=env, check=False)
    result = _measured(proc)
    assert (result["implementation"], result["clock"]) == ("CPython", "CPU")


@pytest.mark.long
def test_same_games_in_cpython_and_pyodide(
    run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    here = _measured(subprocess.run(
        [sys.executable, str(SCRIPT), "--measure", "--games", "4"], capture_output=True,
        text=True, timeout=300, env=env, check=False))
    there = _measured(run_in_pyodide(str(SCRIPT), "--measure", "--games", "4"))
    assert (there["platform"], there["clock"]) == ("emscripten", "CPU")  # node's CPU time
    assert there["python"].startswith("3.14.")
    for key in TABLES:  # the same seeds play the same games: as many moves and rounds
        assert ({k: here["tables"][key][k] for k in ("moves", "rounds")}
                == {k: there["tables"][key][k] for k in ("moves", "rounds")})
