"""Fixtures to run Python inside the self-hosted Pyodide under node (scripts/pyodide_run.mjs)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from run_once import run_folder, run_lock

from rulesite.runtime import wasm

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"


def _script(*args: str) -> str:
    """Run one of scripts/*.py with this interpreter; return its stdout, fail loudly."""
    proc = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=False, timeout=300
    )
    assert proc.returncode == 0, f"{' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="session")
def engine_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from the current work tree."""
    run = run_folder(tmp_path_factory)
    out = run / "engine-wheel"
    with run_lock(run, "engine-wheel"):
        built = sorted(out.glob("*.whl"))
        if built:  # made by another worker of this run
            return built[0]
        return Path(_script(str(SCRIPTS / "build_wheel.py"), str(out)).strip())


@pytest.fixture(scope="session")
def test_wheels(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """pytest, hypothesis and their dependencies for Pyodide (cached in build/pyodide-wheels)."""
    with run_lock(run_folder(tmp_path_factory), "pyodide-wheels"):  # one download at a time
        out = _script(str(SCRIPTS / "fetch_pyodide_wheels.py"),
                      str(ROOT / "build" / "pyodide-wheels"))
    return [Path(line) for line in out.splitlines()]


@pytest.fixture(scope="session")
def run_in_pyodide(engine_wheel: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run ``pyodide_run.mjs ARGS`` with the engine wheel (and any extra wheels) installed."""
    node = shutil.which("node")
    assert node, "node is not on PATH (Pyodide runs under node 18+)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(), "run `make node` first"
    shipped = wasm.runtime(ROOT / "node_modules" / "pyodide")  # the wasm the site ships

    def run(
        *args: str, wheels: Sequence[Path] = (), timeout: float = 600
    ) -> subprocess.CompletedProcess[str]:
        cmd = [node, str(SCRIPTS / "pyodide_run.mjs"), "--engine", str(engine_wheel),
               "--pyodide", str(shipped)]
        for wheel in wheels:
            cmd += ["--wheel", str(wheel)]
        return subprocess.run(
            [*cmd, *args], capture_output=True, text=True, check=False, timeout=timeout
        )

    return run
