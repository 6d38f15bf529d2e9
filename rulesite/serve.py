"""Serve the built site on 127.0.0.1 the way GitHub Pages does: gzip for text, JSON, JavaScript
and wasm (when the browser accepts it), ``Cache-Control: max-age=600``, ETags and 304s. The
benchmarks measure what readers download through this same server (``benchmarks/``)."""

from __future__ import annotations

import contextlib
import functools
import gzip
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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
