"""The Python the live examples ship: a reduced standard library and the engine, compiled.

Pyodide's ``python_stdlib.zip`` holds some 600 modules (2.5 MB, as source). The browser needs
only what Pyodide imports to start, plus what the engines and ``gamekit`` import:
:data:`MODULES` (``rulesite/runtime/stdlib_modules.txt``), found by running every example
inside Pyodide the way the worker does (``scripts/pyodide_examples.mjs`` prints the modules
that came from the zip).

Both zips hold ``.pyc`` files made by Pyodide's own Python (``rulesite/runtime/pyc_zip.mjs``):
starting from bytecode skips compiling some 140 modules, about 1.5 s of the start-up on a 2-core
machine. Docstrings and line tables are left out: an example's error names a line of the
example's own code, which Python compiles in the browser with its line table.

When an engine or gamekit starts importing a module not listed, the tests in
``tests/pyodide/test_reduced_stdlib.py`` fail and name it: add it to the listing.
A reader's own code in an example can import only these modules and Python's built-in ones.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import gamekit
from rulesite.cachelock import locked
from rulesite.errors import AssetError
from rulesite.runtime import wasm

REPO = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("pyc_zip.mjs")
SNAPSHOT_SCRIPT = Path(__file__).with_name("snapshot.mjs")
LISTING = Path(__file__).with_name("stdlib_modules.txt")
MODULES = tuple(line.strip() for line in LISTING.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#"))
CACHE = REPO / "build" / "pyc-cache"


def reduced_zip(pyodide_dir: Path, cache: Path = CACHE) -> Path:
    """The reduced standard library, a zip of ``.pyc`` files."""
    return _compile(pyodide_dir, {"stdlib": list(MODULES), "files": {}, "bare": True},
                    cache, "stdlib")


def _not_in_browser(name: str) -> bool:
    """An engine's command line (``python -m <engine>``) never runs in the browser, nor a
    plug-in's tables (``gamekit/<game>/tables.py``, build time only: gamekit.BuildTables)."""
    parts = name.split("/")
    return (parts[1] == "_cli" or parts[1:] == ["__main__.py"]
            or (parts[0] == "gamekit" and parts[2:] == ["tables.py"]))


def engine_files(game_id: str | None = None) -> dict[str, Path]:
    """What the browser imports besides the standard library, under their own module names:
    ``gamekit`` (the runner and the games' plug-ins) and every registered game's engine, or,
    for ``game_id``, what a page of that game alone imports: ``gamekit``'s own modules, the
    game's plug-in (``gamekit/<game_id>/``) and its engine."""
    if game_id is None:
        folders = [REPO / "gamekit", *(REPO / game.engine for game in gamekit.GAMES.values())]
        found = [path for folder in folders for path in folder.rglob("*.py")]
    else:
        found = [*(REPO / "gamekit").glob("*.py"),
                 *(REPO / "gamekit" / game_id).rglob("*.py"),
                 *(REPO / gamekit.plugin(game_id).engine).rglob("*.py")]
    return {name: path for path in sorted(found)
            if not _not_in_browser(name := path.relative_to(REPO).as_posix())}


def engine_zip(pyodide_dir: Path, cache: Path = CACHE, game_id: str | None = None) -> Path:
    """The engines and ``gamekit`` (or one game's: :func:`engine_files`), a zip of ``.pyc``
    files."""
    files = {name: str(path) for name, path in engine_files(game_id).items()}
    return _compile(pyodide_dir, {"stdlib": [], "files": files, "bare": True}, cache,
                    "engine" if game_id is None else f"engine-{game_id}")


def snapshot(pyodide_dir: Path, cache: Path = CACHE) -> Path:
    """A memory snapshot of the shipped runtime (reduced wasm, :func:`reduced_zip`) with the
    engine (:func:`engine_zip`) imported: ``rulesite/runtime/snapshot.mjs``. A browser that starts
    from it skips Python's start and the engine's imports (measured on a phone-class CPU:
    benchmarks/browser_examples.py --phone), at the cost of downloading it. Kept in ``cache``,
    keyed by all it is made from; valid only with exactly these files."""
    runtime = wasm.runtime(pyodide_dir)
    inputs = [reduced_zip(pyodide_dir, cache), engine_zip(pyodide_dir, cache)]
    parts = [*(runtime / name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                           "pyodide-lock.json")), *inputs, SNAPSHOT_SCRIPT]
    return _node_job(SNAPSHOT_SCRIPT, b"", parts, cache / "snapshot", ".bin",
                     lambda made: [str(runtime), *map(str, inputs)],
                     "makes the runtime's snapshot", "making the runtime's snapshot")


def _compile(pyodide_dir: Path, job: dict[str, object], cache: Path, kind: str) -> Path:
    """Run pyc_zip.mjs on ``job``; results are kept in ``cache``, keyed by all they are made
    from (a run takes a few seconds)."""
    parts = [pyodide_dir / "python_stdlib.zip", pyodide_dir / "pyodide.asm.wasm", SCRIPT,
             *(Path(p) for p in job["files"].values())]  # type: ignore[attr-defined]

    def arguments(made: Path) -> list[str]:
        job_file = made.with_suffix(".json")
        job_file.write_text(json.dumps(job), encoding="utf-8")
        return [str(pyodide_dir), str(job_file)]

    return _node_job(SCRIPT, json.dumps(job, sort_keys=True).encode(), parts, cache / kind,
                     ".zip", arguments, "compiles the Python of the live examples",
                     f"compiling the Python of the live examples ({kind})")


def _node_job(script: Path, salt: bytes, parts: list[Path], folder: Path, suffix: str,
              arguments: Callable[[Path], list[str]], does: str, doing: str) -> Path:
    """The file ``script`` makes under node, kept in ``folder``, named by the digest of
    ``salt`` and every file of ``parts`` (all it is made from): made only if missing, under
    the folder's lock, the folder emptied first (only the current one is worth keeping).
    ``arguments(made)`` gives the script's arguments before the path of its output; ``does``
    and ``doing`` word what the job is for in errors."""
    digest = hashlib.sha256(salt)
    for part in parts:
        digest.update(part.read_bytes())
    made = folder / f"{digest.hexdigest()[:16]}{suffix}"
    if made.is_file():
        return made
    node = shutil.which("node")
    if node is None:
        raise AssetError(f"node not found: it {does} (install Node.js, as for `make node`)")
    with locked(folder):
        if made.is_file():  # made by another process while this one waited
            return made
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        partial = made.with_suffix(".partial")
        proc = subprocess.run([node, str(script), *arguments(made), str(partial)],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not partial.is_file():
            raise AssetError(f"{doing} failed (exit {proc.returncode}):\n{proc.stdout}"
                             f"{proc.stderr}")
        partial.replace(made)
    return made
