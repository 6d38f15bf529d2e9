"""Serve the built site with a plain static server on 127.0.0.1 (what a static host does)."""

from __future__ import annotations

import contextlib
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


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
