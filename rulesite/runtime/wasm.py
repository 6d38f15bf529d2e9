"""The wasm the live examples ship: Pyodide's, without what only Python packages would use.

Pyodide's ``pyodide.asm.wasm`` is a dynamic-linking main module: it has 8,560 exports
(functions and data addresses) so that packages' own wasm (``.so`` files) can link against
them. The site loads no package, so only the exports Pyodide's JavaScript uses are needed:
those it names (``pyodide.asm.mjs`` and ``pyodide.mjs``), the table and the memory, and any
it imports back through its global offset table (``GOT.*`` imports). :func:`reduce` keeps
those (4,869), then Binaryen's ``wasm-opt --remove-unused-module-elements`` (npm
``binaryen``, pinned in package-lock.json) drops the functions and globals nothing kept
reaches: 9,598,218 -> 9,148,510 bytes, 91 KB less once gzipped. It optimises nothing: the functions
kept are the same, and :func:`check` refuses a result that lost an export the runtime uses,
imports anything new, or changed a custom section (``dylink.0``, which Emscripten's loader
reads).

The sections are read and written here with the standard library only; results are kept in
``build/wasm-cache``, keyed by everything they are made from.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rulesite.cachelock import locked
from rulesite.errors import AssetError

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / "build" / "wasm-cache"
WASM_OPT = REPO / "node_modules" / ".bin" / "wasm-opt"
MAGIC = b"\0asm\x01\0\0\0"
CUSTOM, IMPORT, EXPORT = 0, 2, 7
# What Pyodide 314's wasm uses, for wasm-opt to read it; it adds no instruction of its own.
FEATURES = ("bulk-memory", "mutable-globals", "sign-ext", "nontrapping-float-to-int",
            "exception-handling", "reference-types", "multivalue", "simd")
JS_FILES = ("pyodide.asm.mjs", "pyodide.mjs")


@dataclass(frozen=True)
class Section:
    id: int
    body: bytes

    @property
    def name(self) -> str:
        """A custom section's name ('' for the others)."""
        if self.id != CUSTOM:
            return ""
        size, at = _uleb(self.body, 0)
        return self.body[at:at + size].decode()


@dataclass(frozen=True)
class Export:
    name: str
    kind: int  # 0 function, 1 table, 2 memory, 3 global, 4 tag
    raw: bytes  # as encoded in the export section


def _uleb(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _leb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _name(data: bytes, at: int) -> tuple[str, int]:
    size, at = _uleb(data, at)
    return data[at:at + size].decode(), at + size


def sections(data: bytes) -> list[Section]:
    """The module's sections, in order; :func:`assemble` gives back the same bytes."""
    if not data.startswith(MAGIC):
        raise AssetError("not a WebAssembly 1.0 module (bad magic or version)")
    out, at = [], len(MAGIC)
    while at < len(data):
        section_id = data[at]
        size, at = _uleb(data, at + 1)
        if at + size > len(data):
            raise AssetError(f"wasm section {section_id} runs past the end of the file")
        out.append(Section(section_id, data[at:at + size]))
        at += size
    return out


def assemble(parts: list[Section]) -> bytes:
    return MAGIC + b"".join(bytes([s.id]) + _leb(len(s.body)) + s.body for s in parts)


def exports(data: bytes) -> list[Export]:
    body = next((s.body for s in sections(data) if s.id == EXPORT), b"\0")
    count, at = _uleb(body, 0)
    out = []
    for _ in range(count):
        start = at
        name, at = _name(body, at)
        kind = body[at]
        _, at = _uleb(body, at + 1)
        out.append(Export(name, kind, body[start:at]))
    return out


def imports(data: bytes) -> list[tuple[str, str]]:
    """(module, name) of every import."""
    body = next((s.body for s in sections(data) if s.id == IMPORT), b"\0")
    count, at = _uleb(body, 0)
    out = []
    for _ in range(count):
        module, at = _name(body, at)
        name, at = _name(body, at)
        kind = body[at]
        at += 1
        if kind == 0:  # function: type index
            _, at = _uleb(body, at)
        elif kind in (1, 2):  # table (element type first), memory: limits
            at += kind == 1
            flags, at = _uleb(body, at)
            _, at = _uleb(body, at)
            if flags & 1:
                _, at = _uleb(body, at)
        elif kind == 3:  # global: value type, mutability
            at += 2
        elif kind == 4:  # tag: attribute, type index
            _, at = _uleb(body, at + 1)
        else:
            raise AssetError(f"wasm import {module}.{name}: unknown kind {kind}")
        out.append((module, name))
    return out


def used_exports(data: bytes, javascript: str) -> set[str]:
    """The exports the runtime needs: named in its JavaScript (``name`` or ``_name``),
    imported back through the global offset table, or a table or memory."""
    words = set(re.findall(r"[A-Za-z_$][\w$]*", javascript))
    got = {name for module, name in imports(data) if module.startswith("GOT.")}
    return {e.name for e in exports(data)
            if e.kind in (1, 2) or e.name in got or e.name in words or f"_{e.name}" in words}


def keep_exports(data: bytes, keep: set[str]) -> bytes:
    """``data`` with only the exports named in ``keep``."""
    kept = [e.raw for e in exports(data) if e.name in keep]
    body = _leb(len(kept)) + b"".join(kept)
    return assemble([Section(EXPORT, body) if s.id == EXPORT else s for s in sections(data)])


def reduce(pyodide_dir: Path, cache: Path = CACHE) -> bytes:
    """Pyodide's wasm with only the exports its JavaScript uses, and nothing they do not
    reach; cached."""
    original = (pyodide_dir / "pyodide.asm.wasm").read_bytes()
    javascript = "\n".join((pyodide_dir / name).read_text(encoding="utf-8") for name in JS_FILES)
    if not WASM_OPT.is_file():
        raise AssetError(f"{WASM_OPT.relative_to(REPO)} not found: run `make node` (npm ci) "
                         "to install Binaryen, which the build uses to reduce Pyodide's wasm")
    digest = hashlib.sha256(original + javascript.encode() + " ".join(FEATURES).encode())
    digest.update(Path(__file__).read_bytes())
    digest.update((REPO / "node_modules" / "binaryen" / "package.json").read_bytes())  # version
    kept = cache / f"{digest.hexdigest()[:16]}.wasm"
    if kept.is_file():
        return kept.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise AssetError("node not found: Binaryen's wasm-opt runs under Node.js (`make node`)")
    with locked(cache):
        if kept.is_file():  # made by another process while this one waited
            return kept.read_bytes()
        shutil.rmtree(cache, ignore_errors=True)  # only the current one is worth keeping
        cache.mkdir(parents=True)
        trimmed = cache / "exports.wasm"
        trimmed.write_bytes(keep_exports(original, used_exports(original, javascript)))
        partial = cache / "reduced.partial"
        proc = subprocess.run([node, str(WASM_OPT), str(trimmed), "--remove-unused-module-elements",
                               *(f"--enable-{feature}" for feature in FEATURES),
                               "-o", str(partial)],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not partial.is_file():
            raise AssetError(f"wasm-opt failed (exit {proc.returncode}):\n"
                             f"{proc.stdout}{proc.stderr}")
        reduced = partial.read_bytes()
        check(original, reduced, javascript)
        partial.replace(kept)
        trimmed.unlink()
    return reduced


def runtime(pyodide_dir: Path, cache: Path = CACHE) -> Path:
    """A copy of ``pyodide_dir`` with the reduced wasm in place of the original: for the tests
    that run Python under node with the runtime the site ships."""
    reduced = reduce(pyodide_dir, cache)
    folder = cache / f"pyodide-{hashlib.sha256(reduced).hexdigest()[:16]}"
    if (folder / "pyodide.asm.wasm").is_file():
        return folder
    with locked(cache):  # a file half copied by another process must not be read
        if not (folder / "pyodide.asm.wasm").is_file():
            folder.mkdir(parents=True, exist_ok=True)
            for item in pyodide_dir.iterdir():
                if item.is_file() and item.name != "pyodide.asm.wasm":
                    shutil.copyfile(item, folder / item.name)
            partial = folder / "pyodide.asm.wasm.partial"
            partial.write_bytes(reduced)
            partial.replace(folder / "pyodide.asm.wasm")
    return folder


def check(original: bytes, reduced: bytes, javascript: str) -> None:
    """What the reduced wasm must keep: every export the runtime uses, every custom section
    byte for byte, and no import the original lacks."""
    before, after = sections(original), sections(reduced)
    custom = [(s.name, s.body) for s in before if s.id == CUSTOM]
    if [(s.name, s.body) for s in after if s.id == CUSTOM] != custom:
        raise AssetError("the reduced wasm lost or changed a custom section "
                         f"({', '.join(name for name, _ in custom)})")
    missing = used_exports(original, javascript) - {e.name for e in exports(reduced)}
    if missing:
        raise AssetError(f"the reduced wasm lost exports the runtime uses: {sorted(missing)[:5]}")
    extra = set(imports(reduced)) - set(imports(original))
    if extra:
        raise AssetError("the reduced wasm imports what the original does not: "
                         f"{sorted(extra)[:5]}")
