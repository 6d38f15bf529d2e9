"""The engine's own test suite (tests/engine) passes inside Pyodide, as the browser runs it.

pytest and hypothesis are loaded as wheels into the Pyodide shipped in node_modules, the
engine is installed from a wheel built from the work tree, and the repository is mounted at
its own path so pytest finds the same rootdir, pyproject.toml settings and conftest files as
in CPython. Tests marked ``cpython_only`` are deselected.

The site ships a reduced standard library (rulesite/runtime/stdlib.py); pytest and hypothesis
need more of it, so the suite runs with Pyodide's whole one, and every import the engine makes
is watched: a standard library module the site does not ship fails the test, naming the module
to add to rulesite/runtime/stdlib_modules.txt. (The command line, ``hanamikoji._cli``, never
runs in the browser and may import what it likes.)
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from rulesite.runtime.stdlib import MODULES

ROOT = Path(__file__).resolve().parents[2]
MARKER = "PYODIDE_PYTEST_RESULT "  # starts the driver's result line

# Runs inside Pyodide: pytest over tests/engine, then one JSON line describing the run.
DRIVER = """
import builtins, json, sys

# Imports made by the engine that the site's reduced standard library could not serve.
SHIPPED = set(json.loads(sys.argv[2]))
outside = set()
plain_import = builtins.__import__

def watched_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = plain_import(name, globals, locals, fromlist, level)
    importer = (globals or {}).get("__name__") or ""
    if level == 0 and importer.split(".")[0] == "hanamikoji" \
            and not importer.startswith(("hanamikoji._cli", "hanamikoji.__main__")):
        for full in [name, *(f"{name}.{item}" for item in fromlist or ())]:
            spec = getattr(sys.modules.get(full), "__spec__", None)
            origin = getattr(spec, "origin", None) or ""
            if origin.startswith("/lib/python3") and ".zip/" in origin \\
                    and spec.name not in SHIPPED:
                outside.add(f"{importer} imports {spec.name}")
    return module

builtins.__import__ = watched_import

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
# Only the engine's conftest: tests/conftest.py builds the site, which Pyodide does not run.
status = pytest.main([sys.argv[1], "--confcutdir", sys.argv[1], "-m", "not cpython_only", "-q"],
                     plugins=[tally])
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
    "outside_stdlib": sorted(outside),
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
    proc = run_in_pyodide("--mount", str(ROOT), "-c", DRIVER, str(engine_tests),
                          json.dumps(MODULES), wheels=test_wheels)
    report = f"exit {proc.returncode}\n{proc.stdout[-6000:]}\n--- stderr\n{proc.stderr[-3000:]}"
    result = _result(proc)
    assert result["python"][:2] == [3, 14], result  # type: ignore[index]
    assert result["platform"] == "emscripten", result
    # Same configuration as in CPython: the repository's pyproject.toml.
    assert result["inifile"] == str(ROOT / "pyproject.toml"), result
    # The engine under test is the wheel, not the source tree that is mounted alongside.
    assert "site-packages" in str(result["hanamikoji_file"]), result
    assert result["status"] == 0 and proc.returncode == 0, report
    # The browser's standard library served every import the engine made.
    assert result["outside_stdlib"] == [], (
        f"{result['outside_stdlib']}: add these modules to rulesite/runtime/stdlib_modules.txt")
    outcomes = result["outcomes"]
    assert isinstance(outcomes, dict)
    assert outcomes.get("passed", 0) > 0, report
