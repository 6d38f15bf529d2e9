"""The benchmark harness (benchmarks/games_per_second.py) runs and emits valid JSON.

This checks the harness, not the speed. With a fixed game count the run is reproducible, so
CPython 3.11 and Pyodide (CPython 3.14) must play exactly the same games from the same seeds.
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
SCRIPT = ROOT / "benchmarks" / "games_per_second.py"


def _parse(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout  # exactly one JSON object, nothing else
    result: dict[str, Any] = json.loads(lines[0])
    return result


def _check_shape(result: dict[str, Any], games: int, repeat: int) -> None:
    assert len(result["runs"]) == repeat
    for run in result["runs"]:
        assert run["games"] == games
        assert sum(run["wins"].values()) == games
        assert run["rounds"] >= games  # every game has at least one round
        assert run["seconds"] > 0
        assert run["games_per_second"] > 0
    speeds = sorted(run["games_per_second"] for run in result["runs"])
    assert speeds[0] <= result["median_games_per_second"] <= speeds[-1]
    total_rounds = sum(run["rounds"] for run in result["runs"])
    assert result["rounds_per_game"] == round(total_rounds / (games * repeat), 3)


def _cpython(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the work tree's engine
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300, env=env
    )


def test_harness_emits_one_valid_json_object() -> None:
    result = _parse(_cpython("--games", "7", "--repeat", "3", "--warmup", "2"))
    assert result["engine"] == "hanamikoji"
    assert result["edition"] == "EMPERORS4"
    assert result["implementation"] == "CPython"
    _check_shape(result, games=7, repeat=3)


def test_harness_rejects_an_unknown_edition() -> None:
    proc = _cpython("--games", "1", "--edition", "NOPE")
    assert proc.returncode == 2
    assert "Edition.NOPE" in proc.stderr


@pytest.mark.long
def test_engine_plays_the_same_games_in_cpython_and_pyodide(
    run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    args = ("--games", "30", "--repeat", "2", "--warmup", "0", "--seed", "7")
    here = _parse(_cpython(*args))
    there = _parse(run_in_pyodide(str(SCRIPT), *args))
    assert (here["engine"], here["platform"]) == ("hanamikoji", "linux")
    assert (there["engine"], there["platform"]) == ("hanamikoji", "emscripten")
    assert there["python"].startswith("3.14.")
    for result in (here, there):
        _check_shape(result, games=30, repeat=2)
    assert [r["wins"] for r in here["runs"]] == [r["wins"] for r in there["runs"]]
    assert [r["rounds"] for r in here["runs"]] == [r["rounds"] for r in there["runs"]]
