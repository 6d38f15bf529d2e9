"""Serve the built site on 127.0.0.1, as GitHub Pages does (:func:`serve`: gzip for text, JSON,
JavaScript and wasm when the browser takes it, ``Cache-Control: max-age=600``, ETags and 304s;
the browser benchmark measures what readers download through it), or for writing
(:func:`serve_live`, what ``make serve`` runs): the server watches ``locales/`` and the engine,
rebuilds what a change affects, and reloads the open pages.

Writing mode, step by step:

- a thread polls the modification times of ``locales/**/*.yml`` and each engine's and
  ``gamekit``'s ``*.py``
  (standard library only, about twice a second);
- a change in ``locales/<game>/<lang>/`` (or ``locales/site/<lang>/``) rebuilds that language; a
  game's ``structure.yml`` rebuilds all four;
  the engine rebuilds the whole site, compiled engine included. Builds run in a fresh
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
import gzip
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

import gamekit
from rulesite.sources.locales import SITE

REPO = Path(__file__).resolve().parent.parent
# Every game's engine package and gamekit (the plug-ins): a change rebuilds the whole site.
ENGINES = tuple(REPO / name for name in sorted({g.engine for g in gamekit.GAMES.values()}
                                              | {"gamekit"}))
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
      box.id = "rs-build-error";
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

# A service worker a production build left on this address (sw.js, rulesite/runtime/offline.py)
# would keep serving its pages while a translator edits: the writing server answers its update
# check with this one, which empties its caches, unregisters and reloads the open pages.
RETIRE_JS = """self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("hk-offline-")) await caches.delete(name);
  }
  await self.registration.unregister();
  for (const page of await self.clients.matchAll({ type: "window" })) page.navigate(page.url);
})()));
"""

ERROR_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Build error</title></head><body><h1>The site could not be built</h1>
<pre>{error}</pre><script src="{script}"></script></body></html>"""


# What GitHub Pages compresses; zips, wheels and .gz files are compressed already.
COMPRESSED_TYPES = ("text/", "application/json", "application/javascript", "application/wasm",
                    "image/svg+xml", "application/xml")
MAX_AGE = 600  # GitHub Pages' own


class _Handler(SimpleHTTPRequestHandler):
    # Pyodide needs these types; older mimetypes tables lack them.
    extensions_map = {  # noqa: RUF012 (the base class declares it as an instance attribute)
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".whl": "application/zip", ".json": "application/json", ".py": "text/x-python",
    }
    protocol_version = "HTTP/1.1"  # keep-alive, as browsers get from a real host
    _gzipped: dict[tuple[str, int, int], bytes] = {}  # noqa: RUF012 (a shared cache)
    _lock = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass  # one line per request drowns the address to open

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()  # a directory's redirect, 404
        ctype = self.guess_type(str(path))
        stat = path.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", f"max-age={MAX_AGE}")
            self.end_headers()
            return None
        body = path.read_bytes()
        encoding = None
        if ctype.startswith(COMPRESSED_TYPES) and "gzip" in self.headers.get("Accept-Encoding", ""):
            body, encoding = self._gzip(path, stat.st_mtime_ns, body), "gzip"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return _Body(body)

    @classmethod
    def _gzip(cls, path: Path, mtime: int, body: bytes) -> bytes:
        key = (str(path), mtime, len(body))
        with cls._lock:
            cached = cls._gzipped.get(key)
        if cached is None:
            cached = gzip.compress(body, compresslevel=6, mtime=0)
            with cls._lock:
                cls._gzipped[key] = cached
        return cached


class _Body:
    """The file object send_head returns: the (maybe gzipped) bytes already in memory."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, size: int = -1) -> bytes:
        data, self.data = (self.data, b"") if size < 0 else (self.data[:size], self.data[size:])
        return data

    def close(self) -> None:
        self.data = b""


def make_server(site: Path, port: int) -> ThreadingHTTPServer:
    """A server for ``site`` on 127.0.0.1:``port`` (0 picks a free port)."""
    handler = functools.partial(_Handler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


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
        if path.endswith("/sw.js") and not file.is_file():
            return self._send(RETIRE_JS.encode(), "text/javascript")
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
    """Languages to rebuild after ``changed``; ``None`` means the whole site (engine). A file
    in ``locales/<site or game>/<lang>/`` rebuilds that language; any other (a game's
    ``structure.yml``, ``changelog.yml``, ``site/site.yml``) every language."""
    langs: set[str] = set()
    for path in changed:
        if any(path.is_relative_to(e) for e in ENGINES) or not path.is_relative_to(locales):
            return None
        parts = path.relative_to(locales).parts
        langs.update([parts[1]] if len(parts) > 2 and parts[1] in languages else languages)
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
        self.roots = [(locales, "*.yml"), *((engine, "*.py") for engine in ENGINES)]
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
        return sorted(p.name for p in (self.locales / SITE).iterdir()
                      if (p / "ui.yml").is_file())

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
        # No service worker while writing: it would keep pages a translator is editing.
        error = self.command(["--out", str(fresh), "--no-offline",
                              *([] if self.pyodide else ["--no-pyodide"])])
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
          f"{', '.join(_short(e) for e in ENGINES)}: saved changes rebuild and reload the open "
          "pages.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        live.thread.join()
    live.close()
