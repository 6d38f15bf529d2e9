"""Files the site ships besides its pages: the engine and the Pyodide runtime.

Both go under ``site/assets/`` (shared by the four languages), in folders named by a hash of
their content, so that a browser may keep them for good and fetches a new version under a new
address (the worker keeps them in Cache Storage: ``docs/assets/examples/worker.js``):

- ``assets/pyodide/<hash>/``: Pyodide's loader and wasm, and the reduced standard library
  (``python_stdlib.zip.gz``);
- ``assets/py/<hash>/hanamikoji-<version>.zip.gz``: the engine, ``runner.py`` and
  ``explain.py``, compiled (:mod:`rulesite.stdlib`).

The zips are gzipped here: a host sends a ``.zip`` as it is, but gzips text and wasm itself.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import hanamikoji
from rulesite import stdlib
from rulesite.errors import AssetError

# What a browser needs to start Pyodide 314 (the npm package has no package wheels), besides
# the standard library; pyodide-lock.json is read here, and its "info" goes into the pages.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB = "python_stdlib.zip.gz"
ENGINE = f"hanamikoji-{hanamikoji.__version__}.zip.gz"


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    return digest.hexdigest()[:12]


def _gzip(path: Path) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


def _pyodide(node_modules: Path) -> Path:
    source = node_modules / "pyodide"
    missing = [name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")
               if not (source / name).is_file()]
    if missing:
        raise AssetError(f"{source}: missing {', '.join(missing)}; run `make node` "
                         "(npm ci) to install the Pyodide runtime")
    return source


def write_engine(node_modules: Path, out_dir: Path) -> Path:
    """Write the compiled engine into ``out_dir/<hash>/`` and return its path."""
    data = _gzip(stdlib.engine_zip(_pyodide(node_modules)))
    folder = out_dir / _digest(data)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ENGINE).write_bytes(data)
    return folder / ENGINE


def copy_pyodide(node_modules: Path, out_dir: Path) -> dict[str, object]:
    """Copy the Pyodide runtime from ``node_modules/pyodide`` into ``out_dir/<hash>/``, with
    the reduced standard library. Returns what the pages tell the browser: ``dir`` (relative
    to ``out_dir``'s parent) and ``lock`` (the "info" of pyodide-lock.json: no package is
    loaded, so the browser needs no more of it)."""
    source = _pyodide(node_modules)
    files = {name: (source / name).read_bytes() for name in PYODIDE_FILES}
    files[STDLIB] = _gzip(stdlib.reduced_zip(source))
    folder = out_dir / _digest(*files.values())
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    lock = json.loads((source / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"dir": f"{out_dir.name}/{folder.name}/", "lock": lock["info"]}


def shipped(assets_dir: Path, node_modules: Path) -> tuple[str, dict[str, object]] | None:
    """What an earlier build put in ``assets_dir``, as the pages give it to the browser: the
    engine's path and the runtime (see :func:`copy_pyodide`); ``None`` if there is no engine."""
    engines = sorted(assets_dir.glob(f"py/*/{ENGINE}"))
    if len(engines) != 1:
        return None
    runtime: dict[str, object] = {"dir": "pyodide/", "lock": {}}
    folders = sorted(p.parent for p in assets_dir.glob(f"pyodide/*/{STDLIB}"))
    if len(folders) == 1:
        lock = json.loads(_pyodide(node_modules).joinpath("pyodide-lock.json").read_text("utf-8"))
        runtime = {"dir": f"pyodide/{folders[0].name}/", "lock": lock["info"]}
    return engines[0].relative_to(assets_dir).as_posix(), runtime
