"""Files the site ships besides its pages: the engine and the Pyodide runtime.

Both go under ``site/assets/`` (shared by the four languages), in folders named by a hash of
their content, so that a browser may keep them for good and fetches a new version under a new
address (the worker keeps them in Cache Storage: ``docs/assets/examples/worker.js``):

- ``assets/pyodide/<hash>/``: Pyodide's loader (``pyodide.mjs``), its module and wasm
  (``pyodide.asm.mjs.gz``; ``pyodide.asm.wasm.gz``, reduced: :mod:`rulesite.runtime.wasm`), and the
  reduced standard library (``python_stdlib.zip.gz``);
- ``assets/py/<hash>/engines.zip.gz``: every game's engine and ``gamekit``, compiled
  (:mod:`rulesite.runtime.stdlib`), and beside it
  ``runtime-snapshot.bin.gz``, the runtime's memory with all of them imported (phones start
  from it: ``docs/assets/examples/policy.js``), and ``engine-<game>.zip.gz`` for each game,
  what a page of that game imports: a start without the snapshot fetches that one only
  (on Hanamikoji's pages 76 KB instead of 129 KB).

The worker keeps the runtime's files and the engine in Cache Storage for good, so the pages
also carry each one's SHA-256 (``runtime.sha256``: file name in the runtime's folder,
``engine``, ``engine.<game>`` or ``snapshot``, to hex digest): the worker caches, and uses a
cached copy, only when its content has that digest (a broken download would otherwise stay in
the cache for good).

Everything the worker downloads is gzipped here, with zopfli: a host sends a ``.gz`` file as it
is, and zopfli's gzip is about 4 % smaller than a host's (131 KB less for the wasm alone). The
worker unpacks them on the way (``DecompressionStream``, still compiling the wasm as it
streams in). ``pyodide.mjs`` stays as it is: the worker imports it by its address, and the
host gzips it. Zopfli takes some seconds on the wasm: results are kept in ``build/gz-cache``.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import zlib
from pathlib import Path

import zopfli.gzip  # type: ignore[import-untyped]  # zopfli ships no stubs or py.typed

import gamekit
from rulesite.errors import AssetError
from rulesite.runtime import stdlib, wasm

# What a browser needs to start Pyodide 314 (the npm package has no package wheels), besides
# the standard library; pyodide-lock.json is read here, and its "info" goes into the pages.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
GZIPPED = ("pyodide.asm.mjs", "pyodide.asm.wasm")  # shipped as NAME.gz
STDLIB = "python_stdlib.zip.gz"
GZ_CACHE = stdlib.REPO / "build" / "gz-cache"
ZOPFLI_ITERATIONS = 5  # measured on the wasm: 1 -> 3,415,020 bytes, 5 -> 3,412,324
# Every game's engine and gamekit, compiled (stdlib.engine_zip): one file for all the games,
# named after none (its folder is named by its content). The snapshot is made with it.
ENGINE = "engines.zip.gz"
SNAPSHOT = "runtime-snapshot.bin.gz"  # beside ENGINE: docs/assets/examples/worker.js


def game_engine(game_id: str) -> str:
    """The file, beside :data:`ENGINE`, of what a page of one game imports (its engine, its
    plug-in and gamekit's own modules): a start without the snapshot fetches it instead of
    every game's (docs/assets/examples/config.js names it the same way)."""
    return f"engine-{game_id}.zip.gz"


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    return digest.hexdigest()[:12]


def sha256s(runtime_dir: Path | None, engine: Path) -> dict[str, str]:
    """The SHA-256 of each file the worker caches (see the module's docstring): the runtime's
    gzipped files in ``runtime_dir`` (``None``: no runtime shipped), the engine and, when
    the build made one, the memory snapshot beside it (``snapshot``)."""
    files = sorted(runtime_dir.glob("*.gz")) if runtime_dir else []
    digests = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in files}
    digests["engine"] = hashlib.sha256(engine.read_bytes()).hexdigest()
    for game_id in gamekit.GAMES:  # "engine.<game>": its own (game_engine), if the build made it
        own = engine.parent / game_engine(game_id)
        if own.exists():
            digests[f"engine.{game_id}"] = hashlib.sha256(own.read_bytes()).hexdigest()
    snapshot = engine.parent / SNAPSHOT
    if snapshot.exists():
        digests["snapshot"] = hashlib.sha256(snapshot.read_bytes()).hexdigest()
    return digests


def _gzip(data: bytes, cache: Path = GZ_CACHE) -> bytes:
    """``data`` gzipped with zopfli (deterministic: no name, no time), kept in ``cache``."""
    kept = cache / f"{_digest(data, str(ZOPFLI_ITERATIONS).encode())}.gz"
    if kept.is_file():
        packed = kept.read_bytes()
        with contextlib.suppress(OSError, EOFError, zlib.error):
            if gzip.decompress(packed) == data:
                return packed
    packed = bytes(zopfli.gzip.compress(data, numiterations=ZOPFLI_ITERATIONS))
    cache.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(f".{os.getpid()}.partial")
    partial.write_bytes(packed)
    partial.replace(kept)
    return packed


def _pyodide(node_modules: Path) -> Path:
    source = node_modules / "pyodide"
    missing = [name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")
               if not (source / name).is_file()]
    if missing:
        raise AssetError(f"{source}: missing {', '.join(missing)}; run `make node` "
                         "(npm ci) to install the Pyodide runtime")
    return source


def write_engine(node_modules: Path, out_dir: Path, snapshot: bool = False) -> Path:
    """Write the compiled engine into ``out_dir/<hash>/`` and return its path; with
    ``snapshot``, the runtime's memory snapshot beside it (:data:`SNAPSHOT`, under the same
    hash: it is valid only with this engine and this runtime)."""
    source = _pyodide(node_modules)
    files = {ENGINE: _gzip(stdlib.engine_zip(source).read_bytes())}
    files.update({game_engine(game_id): _gzip(stdlib.engine_zip(source, game_id=game_id)
                                              .read_bytes()) for game_id in gamekit.GAMES})
    if snapshot:
        files[SNAPSHOT] = _gzip_fast(stdlib.snapshot(source).read_bytes())
    folder = out_dir / _digest(*files.values())
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return folder / ENGINE


def _gzip_fast(data: bytes) -> bytes:
    """``data`` gzipped by zlib at level 9 (no name, no time): zopfli takes minutes on the
    snapshot's 31 MB, for a few percent."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def copy_pyodide(node_modules: Path, out_dir: Path) -> dict[str, object]:
    """Copy the Pyodide runtime from ``node_modules/pyodide`` into ``out_dir/<hash>/``, with
    the reduced standard library. Returns what the pages tell the browser: ``dir`` (relative
    to ``out_dir``'s parent) and ``lock`` (the "info" of pyodide-lock.json: no package is
    loaded, so the browser needs no more of it)."""
    source = _pyodide(node_modules)
    files = {name + ".gz" if name in GZIPPED else name: (source / name).read_bytes()
             for name in PYODIDE_FILES}
    files["pyodide.asm.wasm.gz"] = wasm.reduce(source)  # rulesite/runtime/wasm.py
    files.update({name: _gzip(data) for name, data in files.items() if name.endswith(".gz")})
    files[STDLIB] = _gzip(stdlib.reduced_zip(source).read_bytes())
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
    runtime["sha256"] = sha256s(folders[0] if len(folders) == 1 else None, engines[0])
    return engines[0].relative_to(assets_dir).as_posix(), runtime
