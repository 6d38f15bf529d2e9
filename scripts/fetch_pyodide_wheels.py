"""Download the wheels that run the test suite inside Pyodide; print their paths.

Usage: python scripts/fetch_pyodide_wheels.py [DEST]     (default: build/pyodide-wheels)

The npm ``pyodide`` package ships no package wheels (not even micropip), so pytest and
hypothesis are loaded as plain wheels. Roots and their pins come from pyproject.toml's
``test`` extra; their dependencies are found from the installed metadata, with markers
evaluated for Pyodide, and pinned to the versions installed in this interpreter, so CPython
and Pyodide run the very same versions. A wheel already in DEST is reused without touching
the network.

Each package gets its pure-Python wheel when one exists. Hypothesis has had a compiled
(Rust) core since 2026 and publishes no pure wheel; it does publish PEP 783 emscripten
wheels, so for such a package the wheel built for this Pyodide's ABI (read from
node_modules/pyodide/pyodide-lock.json) is taken instead.
"""

from __future__ import annotations

import importlib.metadata as metadata
import json
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
ROOTS = ("pytest", "hypothesis")
LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"


def pyodide_info() -> dict[str, str]:
    """Python version and ABI of the installed Pyodide, e.g. python 3.14.2, abi 2026_0."""
    try:
        info: dict[str, str] = json.loads(LOCK.read_text(encoding="utf-8"))["info"]
    except FileNotFoundError:
        raise SystemExit(f"{LOCK} not found: run `make node`") from None
    return info


def marker_env(info: dict[str, str]) -> dict[str, str]:
    """PEP 508 marker environment of Pyodide (CPython on emscripten/wasm32)."""
    full = info["python"]
    return {
        "python_version": ".".join(full.split(".")[:2]),
        "python_full_version": full,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }


def _root_pins() -> dict[str, str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins: dict[str, str] = {}
    for line in config["project"]["optional-dependencies"]["test"]:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        if name in ROOTS:
            versions = [s.version for s in req.specifier if s.operator == "=="]
            if len(versions) != 1:
                raise SystemExit(f"pyproject.toml: the test extra must pin {req.name} with ==")
            pins[name] = versions[0]
    missing = set(ROOTS) - set(pins)
    if missing:
        raise SystemExit(f"pyproject.toml: the test extra lacks {sorted(missing)}")
    return pins


def _installed_version(name: str, needed_by: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        raise SystemExit(
            f"{name} (needed by {needed_by} under Pyodide) is not installed in "
            f"{sys.executable}: run `make setup`"
        ) from None


def requirements(env: dict[str, str]) -> dict[str, str]:
    """Every distribution needed under Pyodide, canonical name -> exact version."""
    pins = _root_pins()
    for name, version in pins.items():
        installed = _installed_version(name, "pyproject.toml")
        if installed != version:
            raise SystemExit(f"{name}: pyproject.toml pins {version}, installed {installed}")
    todo = list(pins)
    while todo:
        name = todo.pop()
        for line in metadata.requires(name) or []:
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            dep = canonicalize_name(req.name)
            if dep not in pins:
                pins[dep] = _installed_version(dep, name)
                todo.append(dep)
    return dict(sorted(pins.items()))


def _cached(dest: Path, name: str, version: str) -> Path | None:
    # Wheel file names carry the project name in underscore form.
    for path in dest.glob(f"*-{version}-*.whl"):
        if canonicalize_name(path.name.split("-")[0]) == name:
            return path
    return None


def _pip_download(spec: str, dest: Path, tags: list[str]) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
           "--only-binary=:all:", "--no-deps", "--dest", str(dest), *tags, spec]  # fmt: skip
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def fetch(dest: Path | str) -> list[Path]:
    """Make sure every needed wheel is in ``dest``; return their paths."""
    out = Path(dest).resolve()
    out.mkdir(parents=True, exist_ok=True)
    info = pyodide_info()
    env = marker_env(info)
    pure = ["--platform", "any", "--abi", "none", "--implementation", "py",
            "--python-version", env["python_version"]]  # fmt: skip
    cp = "cp" + env["python_version"].replace(".", "")
    abi = info["abi_version"]
    # PEP 783 names the platform pyemscripten_*; earlier Pyodide wheels used pyodide_*.
    emscripten = ["--platform", f"pyemscripten_{abi}_wasm32", "--platform", f"pyodide_{abi}_wasm32",
                  "--abi", cp, "--abi", "abi3", "--implementation", "cp",
                  "--python-version", env["python_version"]]  # fmt: skip
    paths = []
    for name, version in requirements(env).items():
        path = _cached(out, name, version)
        if path is None:
            spec = f"{name}=={version}"
            proc = _pip_download(spec, out, pure)
            if proc.returncode != 0:
                proc = _pip_download(spec, out, emscripten)
            path = _cached(out, name, version)
            if proc.returncode != 0 or path is None:
                sys.stderr.write("\n".join((proc.stdout + proc.stderr).splitlines()[-5:]) + "\n")
                raise SystemExit(
                    f"no wheel for {spec} that Pyodide {info['python']} (ABI {abi}) can load"
                )
        paths.append(path)
    return paths


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: python scripts/fetch_pyodide_wheels.py [DEST]", file=sys.stderr)
        return 2
    for path in fetch(argv[0] if argv else ROOT / "build" / "pyodide-wheels"):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
