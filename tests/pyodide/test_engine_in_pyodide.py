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

import pytest

from rulesite.runtime.stdlib import MODULES

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TESTS = ROOT / "tests" / "engine"
MARKER = "PYODIDE_PYTEST_RESULT "  # starts the driver's result line

# The suite runs in two halves of about the same length (measured: test_properties alone is
# half of it), each in a Pyodide of its own, so that two of the run's processes each take one
# (tests marked ``long`` start first) instead of one of them spending minutes on all of it.
# A third part would cost one more boot (~10 s of CPU) on a machine of two cores.
# The first half names its tests by node ID; the other runs every engine test the first does
# not name, so a new test is never left out.
PARTS: dict[str, list[str]] = {
    "properties-and-legal-actions": [
        *(f"tests/engine/test_properties.py::{name}" for name in (
            "test_engine_follows_the_reference_rules",
            "test_markers_and_scoring_follow_the_rules",
            "test_records_round_trip_and_replay_every_step")),
        "tests/engine/test_legal_actions.py"],
}
OTHERS = "every-other-test"


def selection(part: str) -> tuple[list[str], list[str]]:
    """What the driver runs for ``part``: the paths it gives pytest, and the node IDs it
    leaves out of them (for :data:`OTHERS`, every test another part names)."""
    if part != OTHERS:
        return [str(ROOT / node_id) for node_id in PARTS[part]], []
    return [str(ENGINE_TESTS)], [node_id for node_ids in PARTS.values() for node_id in node_ids]


# Runs inside Pyodide: pytest over the part's tests of tests/engine, then one JSON line
# describing the run. argv: pytest's paths, the shipped stdlib, the engine's test folder (the
# only conftest read), the node IDs left out.
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

LEFT_OUT = json.loads(sys.argv[4])

def left_out(node_id):
    # A named test, a named module's test, or a named test's parametrized case: not --deselect,
    # whose prefixes would also take test_x_more when test_x is named.
    return any(node_id == named or node_id.startswith((named + "::", named + "["))
               for named in LEFT_OUT)

class Tally:
    def __init__(self):
        self.collected = 0
        self.outcomes = {}
        self.inifile = None

    def pytest_configure(self, config):
        self.inifile = str(config.inipath)

    def pytest_collection_modifyitems(self, config, items):
        dropped = [item for item in items if left_out(item.nodeid)]
        if dropped:
            items[:] = [item for item in items if not left_out(item.nodeid)]
            config.hook.pytest_deselected(items=dropped)

    def pytest_collection_finish(self, session):
        self.collected = len(session.items)

    def pytest_runtest_logreport(self, report):
        # One count per test ("call"), plus any setup/teardown that did not pass.
        if report.when == "call" or not report.passed:
            key = report.outcome if report.when == "call" else report.when + "_" + report.outcome
            self.outcomes[key] = self.outcomes.get(key, 0) + 1

tally = Tally()
# Only the engine's conftest: tests/conftest.py builds the site, which Pyodide does not run.
status = pytest.main([*json.loads(sys.argv[1]), "--confcutdir", sys.argv[3],
                      "-m", "not cpython_only", "-q"], plugins=[tally])
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


@pytest.mark.long
@pytest.mark.parametrize("part", [*PARTS, OTHERS])
def test_engine_suite_passes_in_pyodide(
    run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]], test_wheels: list[Path],
    part: str,
) -> None:
    paths, leave_out = selection(part)
    proc = run_in_pyodide("--mount", str(ROOT), "-c", DRIVER, json.dumps(paths),
                          json.dumps(MODULES), str(ENGINE_TESTS), json.dumps(leave_out),
                          wheels=test_wheels)
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
