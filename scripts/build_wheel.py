"""Build the engine's pure-Python wheel and print its path.

Usage: python scripts/build_wheel.py [OUT_DIR]      (default: build/wheel)

Pyodide (browser and node) installs this wheel with ``unpackArchive(bytes, "wheel")``.
The build runs on a temporary copy of the project so that setuptools' ``build/`` and
``*.egg-info`` scratch directories never land in the work tree, and two builds running at
once (site build and tests) cannot trip over each other. Build output is shown only on
failure; stdout carries nothing but the wheel's path.

Importable too: ``build_wheel(out_dir) -> Path``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Top-level files setuptools may read besides pyproject.toml (readme, license, manifest).
EXTRA_FILES = ("README.md", "LICENSE", "LICENSE.md", "LICENSE.txt", "MANIFEST.in")


def _packages() -> list[str]:
    """The top-level packages listed in pyproject.toml's [tool.setuptools] table."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    try:
        packages = config["tool"]["setuptools"]["packages"]
    except KeyError as exc:
        raise SystemExit(f"pyproject.toml: missing key tool.setuptools.packages ({exc})") from exc
    return sorted({name.split(".")[0] for name in packages})


def build_wheel(out_dir: Path | str) -> Path:
    """Build the wheel into ``out_dir`` (created if needed) and return its path."""
    out = Path(out_dir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hanamikoji-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", src)
        for name in EXTRA_FILES:
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, src)
        for package in _packages():
            shutil.copytree(
                ROOT / package,
                src / package,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
            )
        dist = Path(tmp) / "dist"
        proc = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(src)],
            capture_output=True,
            text=True,
            check=False,
        )
        wheels = sorted(dist.glob("*.whl"))
        if proc.returncode != 0 or len(wheels) != 1:
            sys.stderr.write(proc.stdout + proc.stderr)
            raise SystemExit(
                f"scripts/build_wheel.py: `python -m build --wheel` failed "
                f"(exit {proc.returncode}, wheels: {[w.name for w in wheels]})"
            )
        # Replace, never accumulate: readers may glob for the engine's wheel.
        prefix = wheels[0].name.split("-")[0]
        for old in out.glob(f"{prefix}-*.whl"):
            old.unlink()
        return Path(shutil.copy2(wheels[0], out / wheels[0].name))


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: python scripts/build_wheel.py [OUT_DIR]", file=sys.stderr)
        return 2
    print(build_wheel(argv[0] if argv else ROOT / "build" / "wheel"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
