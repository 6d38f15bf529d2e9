"""Serve the built site on 127.0.0.1, as a static host does (:func:`serve`), or for writing
(:func:`serve_live`, what ``make serve`` runs): the server watches ``locales/`` and the engine,
rebuilds what a change affects, and reloads the open pages.

Writing mode, step by step:

- a thread polls the modification times of ``locales/**/*.yml`` and ``hanamikoji/**/*.py``
  (standard library only, about twice a second);
- a change in ``locales/<lang>/`` rebuilds that language; ``structure.yml`` rebuilds all four;
  the engine rebuilds the whole site, wheel included. Builds run in a fresh
  ``python -m rulesite build`` process, so an edited engine is the one that runs the examples;
- every HTML page the server sends gets one extra script (never written into ``site/``: the
  production build has none). It asks ``/__rulesite/state`` for the build number and the
  last error; a new build number reloads the page; an error (file, key, problem, exactly as
  the terminal shows it) covers the page until the next good build;
- a failed build leaves the previous pages in place and the server running.
"""

from __future__ import annotations

import contextlib
import functools
import html
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
ENGINE = REPO / "hanamikoji"
STATE = "/__rulesite/state"
SCRIPT = "/__rulesite/reload.js"
POLL_S = 0.4

# Injected into every page sent while writing: reload on a new build, cover the page with the
# build error while there is one.
RELOAD_JS = """(() => {
  if (window.__hkReload) return;
  window.__hkReload = true;
  let seen = null;
  let box = null;
  function show(error) {
    if (!error) { if (box) box.remove(); box = null; return; }
    if (!box) {
      box = document.createElement("div");
      box.id = "hk-build-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:0;z-index:10000;overflow:auto;padding:2rem;"
        + "background:#2a0610;color:#fff;font:15px/1.5 ui-monospace,monospace";
      document.body.append(box);
    }
    box.innerHTML = "<h1 style='font:700 1.3rem system-ui,sans-serif;margin:0 0 1rem'>"
      + "The site could not be rebuilt</h1><pre style='white-space:pre-wrap;margin:0'></pre>"
      + "<p style='font:1rem system-ui,sans-serif;opacity:.8'>Fix the file and save it: "
      + "this page reloads by itself.</p>";
    box.querySelector("pre").textContent = error;
  }
  async function poll() {
    try {
      const state = await (await fetch("STATE", { cache: "no-store" })).json();
      if (seen === null) seen = state.version;
      if (state.version !== seen && !state.error) { location.reload(); return; }
      show(state.error);
    } catch (e) { /* the server is restarting: ask again */ }
    setTimeout(poll, 500);
  }
  poll();
})();
""".replace("STATE", STATE)

ERROR_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Build error</title></head><body><h1>The site could not be built</h1>
<pre>{error}</pre><script src="{script}"></script></body></html>"""


class _Handler(SimpleHTTPRequestHandler):
    # Pyodide needs these types; older mimetypes tables lack them.
    extensions_map = {  # noqa: RUF012 (the base class declares it as an instance attribute)
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass  # one line per request drowns the address to open


def make_server(site: Path, port: int) -> ThreadingHTTPServer:
    """A server for ``site`` on 127.0.0.1:``port`` (0 picks a free port)."""
    handler = functools.partial(_Handler, directory=str(site))
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(site: Path, port: int) -> None:
    with make_server(site, port) as server:
        port = server.server_address[1]
        print(f"Serving {site} at http://127.0.0.1:{port}/ (Ctrl+C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


# --- writing mode ---------------------------------------------------------------------------

@dataclass
class BuildState:
    """What the pages ask for: the number of the last good build, the last error."""

    version: int = 0
    error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            return {"version": self.version, "error": self.error}

    def done(self, error: str | None) -> None:
        with self.lock:
            self.error = error
            if error is None:
                self.version += 1


class _LiveHandler(_Handler):
    state: BuildState  # set by make_live_server

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == STATE:
            return self._send(json.dumps(self.state.snapshot()).encode(), "application/json")
        if path == SCRIPT:
            return self._send(RELOAD_JS.encode(), "text/javascript")
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            page = file.read_text(encoding="utf-8")
            tag = f'<script src="{SCRIPT}"></script>'
            page = page.replace("</body>", f"{tag}</body>", 1) if "</body>" in page \
                else page + tag
            return self._send(page.encode(), "text/html; charset=utf-8")
        error = self.state.snapshot()["error"]
        if error and not file.exists():  # no page yet: the first build failed
            page = ERROR_PAGE.format(error=html.escape(error), script=SCRIPT)
            return self._send(page.encode(), "text/html; charset=utf-8", status=500)
        return super().do_GET()

    def _send(self, body: bytes, kind: str, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def make_live_server(site: Path, port: int, state: BuildState) -> ThreadingHTTPServer:
    """Like :func:`make_server`, with the reload script in every page and the state URL."""
    handler = type("Handler", (_LiveHandler,), {"state": state})
    return ThreadingHTTPServer(("127.0.0.1", port),
                               functools.partial(handler, directory=str(site)))


def affected(changed: list[Path], locales: Path, languages: list[str]) -> list[str] | None:
    """Languages to rebuild after ``changed``; ``None`` means the whole site (engine)."""
    langs: set[str] = set()
    for path in changed:
        if path.is_relative_to(ENGINE) or not path.is_relative_to(locales):
            return None
        parts = path.relative_to(locales).parts
        langs.update([parts[0]] if len(parts) > 1 and parts[0] in languages else languages)
    return [lang for lang in languages if lang in langs]


def _snapshot(roots: list[tuple[Path, str]]) -> dict[Path, tuple[int, int]]:
    """Modification time and size of every watched file."""
    out: dict[Path, tuple[int, int]] = {}
    for root, pattern in roots:
        for path in root.rglob(pattern):
            with contextlib.suppress(OSError):
                info = path.stat()
                out[path] = (info.st_mtime_ns, info.st_size)
    return out


class Watcher:
    """Polls the watched files and rebuilds (one build at a time) after each change."""

    def __init__(self, locales: Path, site: Path, work: Path, state: BuildState, *,
                 pyodide: bool, log: Callable[[str], None] = print) -> None:
        self.locales, self.site, self.work, self.state = locales, site, work, state
        self.pyodide = pyodide
        self.log = log
        self.roots = [(locales, "*.yml"), (ENGINE, "*.py")]
        self.dirty: set[str] | None = set()  # to rebuild still (None: the whole site)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="rulesite-watch", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)

    def run(self) -> None:
        before = _snapshot(self.roots)
        while not self.stopped.wait(POLL_S):
            now = _snapshot(self.roots)
            changed = sorted(p for p in before.keys() | now.keys() if before.get(p) != now.get(p))
            if not changed:
                continue
            time.sleep(0.15)  # an editor may write a file in several steps
            before = _snapshot(self.roots)
            self.rebuild(changed)

    def languages(self) -> list[str]:
        return sorted(p.name for p in self.locales.iterdir() if (p / "text.yml").is_file())

    def rebuild(self, changed: list[Path]) -> None:
        """Rebuild what ``changed`` affects, plus whatever an earlier failed build left out."""
        langs = affected(changed, self.locales, self.languages())
        if langs is None or self.dirty is None:
            self.dirty = None
        else:
            self.dirty.update(langs)
        what = "the whole site" if self.dirty is None else ", ".join(sorted(self.dirty))
        self.log(f"{', '.join(_short(p) for p in changed)} changed: rebuilding {what}…")
        started = time.monotonic()
        if self.dirty is None:
            error = self.full_build()
        else:
            only = [arg for lang in sorted(self.dirty) for arg in ("--only", lang)]
            error = self.command(["--out", str(self.site), *only])
        if error:
            self.log(error)
        else:
            self.dirty = set()
            self.log(f"Rebuilt {what} in {time.monotonic() - started:.1f} s; open pages reload.")
        self.state.done(error)

    def full_build(self) -> str | None:
        """Build aside, then swap, so the pages stay served while the engine is rebuilt."""
        fresh = self.site.with_name(f".{self.site.name}.next")
        error = self.command(["--out", str(fresh), *([] if self.pyodide else ["--no-pyodide"])])
        if error:
            return error
        old = self.site.with_name(f".{self.site.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        if self.site.exists():
            self.site.rename(old)
        fresh.rename(self.site)
        shutil.rmtree(old, ignore_errors=True)
        return None

    def command(self, args: list[str]) -> str | None:
        """Run ``python -m rulesite build`` with ``args``; the error it prints, or None."""
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
        proc = subprocess.run(
            [sys.executable, "-m", "rulesite", "build", "--locales", str(self.locales),
             "--work", str(self.work), *args],
            capture_output=True, text=True, env=env, cwd=REPO, check=False)
        if proc.returncode == 0:
            return None
        return (proc.stderr.strip() or proc.stdout.strip()
                or f"the build stopped (exit {proc.returncode})")


def _short(path: Path) -> str:
    with contextlib.suppress(ValueError):
        return str(path.relative_to(Path.cwd()))
    return str(path)


@dataclass
class LiveSite:
    """A running writing server: :attr:`url`, :attr:`state`; :meth:`close` stops it."""

    server: ThreadingHTTPServer
    watcher: Watcher
    state: BuildState
    thread: threading.Thread

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.watcher.stop()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def start_live(locales: Path, site: Path, port: int, *, work: Path,
               build_first: bool = True, pyodide: bool = True,
               log: Callable[[str], None] = print) -> LiveSite:
    """Build (unless ``build_first`` is false), then serve ``site`` in writing mode, in
    background threads. A failed first build is served as the error page."""
    state = BuildState()
    watcher = Watcher(locales, site, work, state, pyodide=pyodide, log=log)
    if build_first:
        log(f"Building {site}…")
        error = watcher.full_build()
        if error:
            log(error)
            watcher.dirty = None  # build it all once the error is fixed
        state.done(error)
    site.mkdir(parents=True, exist_ok=True)
    server = make_live_server(site, port, state)
    thread = threading.Thread(target=server.serve_forever, name="rulesite-serve", daemon=True)
    thread.start()
    watcher.start()
    return LiveSite(server, watcher, state, thread)


def serve_live(locales: Path, site: Path, port: int, *, work: Path, build_first: bool = True,
               pyodide: bool = True) -> None:
    """``make serve``: serve and rebuild on every change until Ctrl+C."""
    live = start_live(locales, site, port, work=work, build_first=build_first, pyodide=pyodide,
                      log=lambda line: print(line, flush=True))
    print(f"Serving {site} at {live.url}/ (Ctrl+C to stop). Watching {_short(locales)} and "
          f"{_short(ENGINE)}: saved changes rebuild and reload the open pages.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        live.thread.join()
    live.close()
