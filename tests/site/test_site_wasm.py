"""The wasm the site ships (rulesite/runtime/wasm.py): Pyodide's, with only the exports its
JavaScript uses and what they reach. That it still runs every example and the engine's suite
is shown in tests/pyodide (they run on this very wasm); here, that it is what the site ships,
that it is valid, and that the build refuses a reduction that loses what Pyodide's loader needs."""

from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path

import pytest

from rulesite.build import REPO
from rulesite.errors import AssetError
from rulesite.runtime import wasm

PYODIDE = REPO / "node_modules" / "pyodide"


@pytest.fixture(scope="module")
def original() -> bytes:
    return (PYODIDE / "pyodide.asm.wasm").read_bytes()


@pytest.fixture(scope="module")
def reduced() -> bytes:
    return wasm.reduce(PYODIDE)


@pytest.fixture(scope="module")
def javascript() -> str:
    return "\n".join((PYODIDE / name).read_text(encoding="utf-8") for name in wasm.JS_FILES)


def _valid(data: bytes, tmp_path: Path) -> bool:
    """WebAssembly.validate in node: the engine's own check of a module's encoding."""
    node = shutil.which("node")
    assert node, "node is not on PATH"
    module = tmp_path / "module.wasm"
    module.write_bytes(data)
    proc = subprocess.run([node, "-e", "const fs = require('fs'); process.exit("
                           "WebAssembly.validate(fs.readFileSync(process.argv[1])) ? 0 : 3)",
                           str(module)], capture_output=True, check=False, timeout=120)
    assert proc.returncode in (0, 3), proc.stderr
    return proc.returncode == 0


def test_sections_read_and_write_back_byte_for_byte(original: bytes) -> None:
    parts = wasm.sections(original)
    assert wasm.assemble(parts) == original
    assert [s.name for s in parts if s.id == wasm.CUSTOM] == ["dylink.0"]


def test_the_site_ships_the_reduced_wasm(real_site: Path, reduced: bytes, original: bytes,
                                         tmp_path: Path) -> None:
    [shipped] = (real_site / "assets" / "pyodide").glob("*/pyodide.asm.wasm.gz")
    assert gzip.decompress(shipped.read_bytes()) == reduced
    assert len(reduced) < len(original) - 400_000
    assert _valid(reduced, tmp_path)
    broken = bytearray(reduced)
    broken[len(broken) // 2:len(broken) // 2 + 64] = b"\xff" * 64  # inside the code section
    assert not _valid(bytes(broken), tmp_path)


def test_it_keeps_what_the_loader_needs(original: bytes, reduced: bytes,
                                        javascript: str) -> None:
    wasm.check(original, reduced, javascript)
    kept = {e.name for e in wasm.exports(reduced)}
    assert {"memory", "__indirect_function_table", "PyRun_SimpleString", "Py_Initialize"} <= kept
    # What the module imports through the global offset table, if it exports it too.
    got = {name for module, name in wasm.imports(original) if module.startswith("GOT.")}
    assert got and got & {e.name for e in wasm.exports(original)} <= kept
    assert len(kept) < len(wasm.exports(original)) * 0.7
    assert set(wasm.imports(reduced)) <= set(wasm.imports(original))


def test_a_reduction_that_loses_a_section_or_an_export_is_refused(
        original: bytes, reduced: bytes, javascript: str) -> None:
    without_dylink = wasm.assemble([s for s in wasm.sections(reduced) if s.name != "dylink.0"])
    with pytest.raises(AssetError, match=r"lost or changed a custom section \(dylink\.0\)"):
        wasm.check(original, without_dylink, javascript)
    needed = wasm.used_exports(original, javascript) - {"PyRun_SimpleString"}
    with pytest.raises(AssetError, match=r"lost exports the runtime uses: \['PyRun_SimpleString'"):
        wasm.check(original, wasm.keep_exports(reduced, needed), javascript)


def test_not_a_wasm_module_is_named() -> None:
    with pytest.raises(AssetError, match=r"not a WebAssembly 1\.0 module"):
        wasm.sections(b"<html>")
