"""What a whole test run makes once, however many processes run it.

`make test` runs the suite in four processes (pytest-xdist). What the run needs once (the
built sites, the engine wheel) is made by the first worker that asks, under a file lock, in the
run's shared temporary folder; the other workers wait for it and reuse it. In an xdist run the
controller, which outlives every worker, serves the real site for tests/browser
(tests/conftest.py passes its address to the workers), and the first worker starts building the
real site in a process of its own as soon as it has collected, while the workers run the tests
that need no site (they run first).

``python tests/run_once.py RUN_FOLDER URL`` builds the real site into the run folder.
"""

from __future__ import annotations

import fcntl
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SUB_PATH = "hanamikoji-rules"  # where the test build lives on its host, as a Pages project site
URL_KEY = "hk_deployed_url"  # the controller's served address, in each worker's workerinput


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: the same for every xdist worker (each worker's
    own base folder, ``popen-gwN``, is inside the controller's), the base folder itself in a
    plain run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


@contextmanager
def run_lock(folder: Path, name: str) -> Iterator[None]:
    """Hold the lock ``name`` of the run folder: one process at a time makes a shared thing."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{name}.lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes, even on a crash
        yield


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def served_folder(run: Path) -> Path:
    """The folder served for tests/browser: the real site's build (``real_site``), under
    :data:`SUB_PATH`."""
    served = run / "served"
    if not (served / SUB_PATH).exists():
        served.mkdir(parents=True, exist_ok=True)
        # The build may not exist yet: the server follows the link on each request.
        (served / SUB_PATH).symlink_to(run / "real-site" / "site", target_is_directory=True)
    return served


def start_server(served: Path, port: int) -> ThreadingHTTPServer:
    """Serve ``served`` on 127.0.0.1:``port`` from a daemon thread; return the server."""
    from rulesite.serve import make_server  # imported late, as the builder is in conftest.py

    server = make_server(served, port)
    plain = server.handle_error

    def handle_error(request: object, client_address: object) -> None:
        # A page that navigates away drops its downloads: not worth a traceback on the terminal
        # (the xdist controller's output is not captured).
        if not isinstance(sys.exc_info()[1], ConnectionError):
            plain(request, client_address)  # type: ignore[arg-type]

    server.handle_error = handle_error  # type: ignore[method-assign]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def served_by_controller(config: pytest.Config) -> str | None:
    """The deployed address the xdist controller serves, or None in a plain run."""
    url: str | None = getattr(config, "workerinput", {}).get(URL_KEY)
    return url


def build_real_site(run: Path, url: str) -> Path:
    """The real rulebook of locales/, built as `SITE_URL=<url> make site` builds it, once per
    run: whoever comes second waits for the lock and finds it built."""
    # Imported here: the engine's tests also run in Pyodide, which has no site builder deps.
    from rulesite.build import build_once

    with run_lock(run, "real-site"):
        return build_once(REPO / "locales", run / "real-site", site_url=url)


FIXTURE = REPO / "tests" / "site" / "fixtures" / "locales"


def assemble_fixture(dest: Path) -> Path:
    """The fixture rulebook plus the real interface strings, the site's and Hanamikoji's
    (ui.yml is not duplicated)."""
    shutil.copytree(FIXTURE, dest)
    for lang in ("en", "fr", "ja", "id"):
        for folder in ("site", "hanamikoji"):
            (dest / folder / lang).mkdir(exist_ok=True)
            shutil.copy2(REPO / "locales" / folder / lang / "ui.yml",
                         dest / folder / lang / "ui.yml")
    return dest


def build_fixture_site(run: Path) -> Path:
    """The fixture rulebook (tests/site/fixtures), built without the Pyodide runtime, once
    per run."""
    from rulesite.build import build_once

    root = run / "fixture-site"
    with run_lock(run, "fixture-site"):
        if not (root / "locales").exists():
            assemble_fixture(root / "locales")
        return build_once(root / "locales", root, pyodide=False)


def start_building_real_site(run: Path, url: str) -> subprocess.Popen[bytes]:
    """Start :func:`build_real_site` in a process of its own. If that build fails, the first
    test that needs the site builds it again and reports the error."""
    with (run / "real-site.log").open("wb") as log:
        return subprocess.Popen([sys.executable, __file__, str(run), url], cwd=REPO,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log)


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))  # rulesite, as when pytest runs from the repository
    build_real_site(Path(sys.argv[1]), sys.argv[2])
