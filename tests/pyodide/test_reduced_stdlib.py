"""The reduced standard library the site ships (rulesite/runtime/stdlib.py) is enough, and exact.

Every example runs inside Pyodide under node, set up as the browser's worker sets it up: the
site's reduced wasm (rulesite/runtime/wasm.py), its reduced, compiled standard library and its
compiled engine (the very files the build ships). Each result must equal what CPython computes
at build time, the error paths must work, and the modules taken from the standard library must
be exactly those listed in rulesite/runtime/stdlib_modules.txt: a module the engine starts to need
fails here, naming it, and so does a listed module nothing needs any more. The engine's own
test suite runs under the same wasm in test_engine_in_pyodide.py, which also fails on any
module the engine imports from outside the list.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pyodide_examples import session_sample  # scripts/ (pytest's pythonpath)

from gamekit import runner
from gamekit.hanamikoji import PLUGIN as HANAMIKOJI
from gamekit.hanamikoji import board as drawer
from gamekit.hanamikoji import explain as explainer
from gamekit.hanamikoji import session
from rulesite.pages import examples
from rulesite.runtime import wasm
from rulesite.runtime.stdlib import MODULES, engine_zip, reduced_zip
from rulesite.sources.locales import Locales, load

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
MARKER = "RS_EXAMPLES "



@pytest.fixture(scope="module")
def locales() -> Locales:
    return load(ROOT / "locales")


def run_examples(stdlib: Path, spec: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "node is not on PATH (Pyodide runs under node 18+)"
    source = tmp_path / "input.json"
    source.write_text(json.dumps(spec), encoding="utf-8")
    proc = subprocess.run(
        [node, str(ROOT / "scripts" / "pyodide_examples.mjs"), str(stdlib),
         str(engine_zip(PYODIDE)), str(source), str(wasm.runtime(PYODIDE))],
        capture_output=True, text=True, check=False, timeout=300)
    lines = [line for line in proc.stdout.splitlines() if line.startswith(MARKER)]
    assert proc.returncode == 0 and len(lines) == 1, \
        f"exit {proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    result: dict[str, Any] = json.loads(lines[0][len(MARKER):])
    return result


def test_every_example_runs_with_the_reduced_stdlib(locales: Locales, tmp_path: Path) -> None:
    ui = examples.strings(locales.languages["ja"].ui)
    codes = {example_id: example.spec["code"]
             for example_id, example in locales.structure.examples.items()}
    every = dict(locales.languages["ja"].ui)
    out = run_examples(reduced_zip(PYODIDE), {"strings": ui, "examples": codes, "ui": every},
                       tmp_path)
    assert out["python"] == [3, 14]
    assert out["engine"].startswith("/lib/rs-engine.zip/")  # the compiled engine the site ships
    for example_id, code in codes.items():
        expected = runner.run(code, HANAMIKOJI)
        expected.update(explainer.explain(expected["steps"], ui))
        expected["boards"] = drawer.boards(expected["steps"], ui)
        assert out["results"][example_id] == json.loads(json.dumps(expected)), example_id
    errors = out["errors"]
    assert errors["syntax"]["type"] == "SyntaxError" and errors["syntax"]["line"] == 1
    assert errors["bad_move"]["type"] == "NotationError" and errors["bad_move"]["line"] == 2
    assert errors["exception"]["type"] == "ZeroDivisionError"
    assert errors["no_game"] == {"kind": "no_game"}
    assert errors["not_game"] == {"kind": "not_game", "type": "int"}
    assert errors["printed"] is None
    # The session (the Play page's calls) gives in Pyodide what it gives in CPython.
    assert out["session"] == json.loads(json.dumps(session_sample(session, every)))
    # Exactly the listed modules: none missing (the runs above would have failed), none unused.
    assert sorted(out["stdlib"]) == sorted(MODULES), (
        f"listed but unused: {sorted(set(MODULES) - set(out['stdlib']))}")
