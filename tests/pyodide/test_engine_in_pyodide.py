"""The engine's own test suite (tests/engine) passes inside Pyodide, as the browser runs it.

pytest and hypothesis are loaded as wheels into the Pyodide shipped in node_modules, the
engine is installed from a wheel built from the work tree, and the repository is mounted at
its own path so pytest finds the same rootdir, pyproject.toml settings and conftest files as
in CPython. Tests marked ``cpython_only`` are deselected.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = "PYODIDE_PYTEST_RESULT "  # starts the driver's result line

# Runs inside Pyodide: pytest over tests/engine, then one JSON line describing the run.
DRIVER = """
import json, sys
import pytest

class Tally:
    def __init__(self):
        self.collected = 0
        self.outcomes = {}
        self.inifile = None

    def pytest_configure(self, config):
        self.inifile = str(config.inipath)

    def pytest_collection_finish(self, session):
        self.collected = len(session.items)

    def pytest_runtest_logreport(self, report):
        # One count per test ("call"), plus any setup/teardown that did not pass.
        if report.when == "call" or not report.passed:
            key = report.outcome if report.when == "call" else report.when + "_" + report.outcome
            self.outcomes[key] = self.outcomes.get(key, 0) + 1

tally = Tally()
status = pytest.main([sys.argv[1], "-m", "not cpython_only", "-q"], plugins=[tally])
import hanamikoji, hypothesis  # imported after the run so pytest may rewrite their asserts
print("PYODIDE_PYTEST_RESULT " + json.dumps({
    "status": int(status),
    "collected": tally.collected,
    "inifile": tally.inifile,
    "outcomes": tally.outcomes,
    "python": list(sys.version_info[:3]),
    "platform": sys.platform,
    "pytest": pytest.__version__,
    "hypothesis": hypothesis.__version__,
    "hanamikoji_file": hanamikoji.__file__,
}))
sys.exit(status)
"""


def _result(proc: subprocess.CompletedProcess[str]) -> dict[str, object]:
    lines = [line for line in proc.stdout.splitlines() if line.startswith(MARKER)]
    assert len(lines) == 1, f"no result line:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    result: dict[str, object] = json.loads(lines[0][len(MARKER) :])
    return result


def test_engine_suite_passes_in_pyodide(
    run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]], test_wheels: list[Path]
) -> None:
    engine_tests = ROOT / "tests" / "engine"
    proc = run_in_pyodide("--mount", str(ROOT), "-c", DRIVER, str(engine_tests), wheels=test_wheels)
    report = f"exit {proc.returncode}\n{proc.stdout[-6000:]}\n--- stderr\n{proc.stderr[-3000:]}"
    result = _result(proc)
    assert result["python"][:2] == [3, 14], result  # type: ignore[index]
    assert result["platform"] == "emscripten", result
    # Same configuration as in CPython: the repository's pyproject.toml.
    assert result["inifile"] == str(ROOT / "pyproject.toml"), result
    # The engine under test is the wheel, not the source tree that is mounted alongside.
    assert "site-packages" in str(result["hanamikoji_file"]), result
    assert result["status"] == 0 and proc.returncode == 0, report
    outcomes = result["outcomes"]
    assert isinstance(outcomes, dict)
    assert outcomes.get("passed", 0) > 0, report
