"""The JavaScript checks (`make check`: Biome's lint, TypeScript over JSDoc types) bite, on the
browser code and on the build's Node scripts.

Each test runs the very command the Makefile's check target runs, in a scratch copy of the
configuration, of docs/assets/ and of the Node scripts with one deliberate mistake added, and
expects the command to fail naming exactly that mistake: the copy is otherwise clean, as
`make check` holds the real tree to 0 findings."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

from rulesite.build import REPO

CONFIGS = ("biome.jsonc", "tsconfig.json", "tsconfig.worker.json", "tsconfig.node.json",
           "types")
# The build's Node scripts (tsconfig.node.json), by folder.
NODE_SCRIPTS = ("rulesite/runtime", "scripts")


def _check_commands() -> list[list[str]]:
    """The JavaScript commands of the Makefile's check recipe (lines run from node_modules)."""
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^check:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, "the Makefile has no check target"
    lines = [line.strip() for line in recipe.group(1).splitlines()]
    return [shlex.split(line) for line in lines if line.startswith("node_modules/.bin/")]


def _command(tool: str, *args: str) -> list[str]:
    """The check recipe's command that runs tool (with args among its arguments)."""
    found = [c for c in _check_commands() if Path(c[0]).name == tool and set(args) <= set(c)]
    assert len(found) == 1, f"make check runs {tool} {' '.join(args)} {len(found)} times"
    return found[0]


def _scratch(tmp_path: Path) -> Path:
    """A copy of the checked files and their configuration, with the project's node_modules."""
    for name in CONFIGS:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name)
        else:
            shutil.copy2(source, tmp_path / name)
    shutil.copytree(REPO / "docs" / "assets", tmp_path / "docs" / "assets",
                    ignore=shutil.ignore_patterns("*.css", "*.py", "*.svg"))
    for folder in NODE_SCRIPTS:
        (tmp_path / folder).mkdir(parents=True)
        for script in (REPO / folder).glob("*.mjs"):
            shutil.copy2(script, tmp_path / folder / script.name)
    (tmp_path / "node_modules").symlink_to(REPO / "node_modules")
    return tmp_path


def _failed(command: list[str], cwd: Path) -> str:
    """The output of ``command`` run in ``cwd``, which must fail."""
    assert (REPO / command[0]).exists(), f"{command[0]} is missing: run `make node`"
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=180,
                            check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    return output


def test_biome_fails_on_an_error_and_on_a_warning(tmp_path: Path) -> None:
    root = _scratch(tmp_path)
    (root / "docs/assets/play/scratch.js").write_text(
        "export function load(text) {\n"
        "  debugger;\n"  # noDebugger: an error
        "  try { return JSON.parse(text); } catch (error) { return null; }\n"  # unused: a warning
        "}\n", encoding="utf-8")
    output = _failed(_command("biome", "lint"), root)
    found = set(re.findall(r"^(\S+\.js):(\d+):\d+ lint/(\w+/\w+)", output, re.MULTILINE))
    assert found == {("docs/assets/play/scratch.js", "2", "suspicious/noDebugger"),
                     ("docs/assets/play/scratch.js", "3", "correctness/noUnusedVariables")}, output


def _type_errors(output: str) -> set[tuple[str, str, str]]:
    return set(re.findall(r"^(\S+\.m?js)\((\d+),\d+\): error (TS\d+)", output, re.MULTILINE))


def test_tsc_fails_on_wrong_types_and_on_what_strict_forbids(tmp_path: Path) -> None:
    root = _scratch(tmp_path)
    (root / "docs/assets/examples/scratch.js").write_text(
        "/** @param {number} count @returns {string} */\n"
        "export function plural(count) { return count === 1 ? \"\" : \"s\"; }\n"
        "plural(\"2\");\n"  # TS2345: a string where the JSDoc says number
        "document.body.innerHTM = plural(2);\n"  # TS2551: no such property (innerHTML)
        "document.querySelector(\"p\").hidden = true;\n"  # TS2531: maybe null (strict)
        "export function untyped(value) { return value; }\n",  # TS7006: implicit any (strict)
        encoding="utf-8")
    output = _failed(_command("tsc", "tsconfig.json"), root)
    assert _type_errors(output) == {("docs/assets/examples/scratch.js", "3", "TS2345"),
                                    ("docs/assets/examples/scratch.js", "4", "TS2551"),
                                    ("docs/assets/examples/scratch.js", "5", "TS2531"),
                                    ("docs/assets/examples/scratch.js", "6", "TS7006")}, output


def test_tsc_checks_the_worker_against_the_worker_globals_and_pyodide(tmp_path: Path) -> None:
    root = _scratch(tmp_path)
    worker = root / "docs/assets/examples/worker.js"
    lines = len(worker.read_text(encoding="utf-8").splitlines())
    with worker.open("a", encoding="utf-8") as out:
        out.write("document.title = \"\";\n"  # TS2584: a worker has no document (lib.dom)
                  "/** @param {import(\"pyodide\").PyodideAPI} python */\n"
                  "function misspelt(python) {\n"
                  "  return python.runPythn(\"1\");\n"  # TS2551: Pyodide's runPython, misspelt
                  "}\n")
    output = _failed(_command("tsc", "tsconfig.worker.json"), root)
    assert _type_errors(output) == {("docs/assets/examples/worker.js", str(lines + 1), "TS2584"),
                                    ("docs/assets/examples/worker.js", str(lines + 4), "TS2551")
                                    }, output


def test_the_node_scripts_are_linted_and_checked_against_nodes_types(tmp_path: Path) -> None:
    """rulesite/runtime/*.mjs and scripts/*.mjs: Biome's lint, and TypeScript against Node's
    own types (@types/node), without the DOM's."""
    root = _scratch(tmp_path)
    (root / "scripts/scratch.mjs").write_text(
        "import fs from \"node:fs\";\n"
        "fs.readFileSyn(\"x\");\n"  # TS2551: Node's readFileSync, misspelt
        "document.title = \"\";\n"  # TS2584: no DOM under Node
        "export function untyped(value) { return value; }\n"  # TS7006: implicit any (strict)
        "debugger;\n",  # Biome's noDebugger
        encoding="utf-8")
    output = _failed(_command("tsc", "tsconfig.node.json"), root)
    assert _type_errors(output) == {("scripts/scratch.mjs", "2", "TS2551"),
                                    ("scripts/scratch.mjs", "3", "TS2584"),
                                    ("scripts/scratch.mjs", "4", "TS7006")}, output
    output = _failed(_command("biome", "lint"), root)
    found = set(re.findall(r"^(\S+\.mjs):(\d+):\d+ lint/(\w+/\w+)", output, re.MULTILINE))
    assert found == {("scripts/scratch.mjs", "5", "suspicious/noDebugger")}, output
