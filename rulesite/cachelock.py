"""One process at a time fills a build cache (``build/wasm-cache``, ``build/pyc-cache``):
`make test` runs in two processes, and `make serve` may build beside it. Whoever waited finds
the result made and reuses it."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the lock of ``folder``: a file beside it, as the folder itself may be wiped."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with folder.with_name(f"{folder.name}.lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes, even on a crash
        yield
