"""Files the site ships besides its pages: the engine wheel and the Pyodide runtime.

Both go under ``site/assets/`` (shared by the four languages):
``assets/py/hanamikoji-<version>-py3-none-any.whl`` and ``assets/pyodide/``.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

from rulesite.errors import AssetError

# What a browser needs to start Pyodide 314 (the npm package has no package wheels).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


def _source_hash(repo: Path) -> str:
    """Hash of everything the wheel is built from, to reuse an identical earlier build."""
    digest = hashlib.sha256()
    files = [repo / "pyproject.toml", *sorted((repo / "hanamikoji").rglob("*"))]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(repo).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_wheel(repo: Path, out_dir: Path) -> Path:
    """Build the engine wheel into ``out_dir`` and return its path.

    Uses ``scripts/build_wheel.py`` (``python -m build --wheel`` on a clean copy of the
    sources), and keeps each result in ``build/wheel-cache/`` keyed by a hash of the sources,
    since an isolated build takes several seconds.
    """
    cache = repo / "build" / "wheel-cache" / _source_hash(repo)
    wheels = sorted(cache.glob("*.whl"))
    if len(wheels) != 1:
        for stale in cache.parent.glob("*"):  # only the current sources' wheel is worth keeping
            shutil.rmtree(stale, ignore_errors=True)
        proc = subprocess.run(
            [sys.executable, str(repo / "scripts" / "build_wheel.py"), str(cache)],
            capture_output=True, text=True, check=False, cwd=repo)
        wheels = sorted(cache.glob("*.whl"))
        if proc.returncode != 0 or len(wheels) != 1:
            raise AssetError(f"building the engine wheel failed (exit {proc.returncode}):\n"
                             f"{proc.stdout}{proc.stderr}")
    out_dir.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy2(wheels[0], out_dir / wheels[0].name))


def copy_pyodide(node_modules: Path, out_dir: Path) -> list[Path]:
    """Copy the Pyodide runtime files from ``node_modules/pyodide`` into ``out_dir``."""
    source = node_modules / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        raise AssetError(f"{source}: missing {', '.join(missing)}; run `make node` "
                         "(npm ci) to install the Pyodide runtime")
    out_dir.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(source / name, out_dir / name)) for name in PYODIDE_FILES]
