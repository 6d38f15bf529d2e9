"""A Content-Security-Policy and a referrer policy on every page, as ``<meta>`` tags (GitHub
Pages sets no headers).

The policy allows scripts, styles, workers, fetches, images and fonts from the site's own
origin only, plus the page's own inline scripts and styles by their SHA-256 hash (Material's
few inline scripts, the root redirect, the compare pages' styles). Nothing a translation or a
link carries can then run: an injected ``<script>``, an ``on…=`` attribute or a
``javascript:`` URL is blocked even if it reached the page. ``'wasm-unsafe-eval'`` lets the
page compile WebAssembly (Pyodide); ``eval`` stays forbidden. The hashes are taken from each
built page, after MkDocs has run, since Material's inline scripts change with its version.

The policy of a page does not govern a worker: ``worker.js`` gets its own from its response
headers, which a static host cannot set (``worker.js`` refuses other origins itself).
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

REFERRER = "same-origin"
"""Addresses are sent as a Referer within the site only: never to another site."""
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)
_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style>", re.DOTALL | re.IGNORECASE)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
# Script types a browser runs; data blocks (application/json) are not scripts to CSP.
_RUN = {"", "module", "text/javascript", "application/javascript"}
MARK = '<meta http-equiv="Content-Security-Policy"'


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(page: str) -> str:
    """The policy for one page's HTML: its inline scripts and styles allowed by hash."""
    scripts, styles = [], []
    for attrs, body in _SCRIPT.findall(page):
        found = _TYPE.search(attrs)
        kind = found.group(1).lower() if found else ""
        if kind in _RUN and not _SRC.search(attrs):
            scripts.append(_hash(body))
    styles = [_hash(body) for body in _STYLE.findall(page)]
    return "; ".join([
        "default-src 'self'",
        " ".join(["script-src 'self' 'wasm-unsafe-eval'", *sorted(set(scripts))]),
        " ".join(["style-src 'self'", *sorted(set(styles))]),
        "worker-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def secure(page: str) -> str:
    """The page with its policy and the referrer policy at the top of ``<head>``, after the
    charset (which must stay in the first 1024 bytes) and before any script or style (a meta
    policy only governs what follows it)."""
    if MARK in page:
        return page
    tags = (f'{MARK} content="{policy(page)}">'
            f'<meta name="referrer" content="{REFERRER}">')
    head = (re.search(r"<meta charset=[^>]*>", page, re.IGNORECASE)
            or re.search(r"<head\b[^>]*>", page, re.IGNORECASE))
    if head is None:
        raise ValueError("a page without <head>: no place for its Content-Security-Policy")
    return page[: head.end()] + tags + page[head.end():]


def secure_tree(folder: Path) -> int:
    """Adds the policies to every HTML page under ``folder``; returns how many pages."""
    count = 0
    for path in sorted(folder.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        path.write_text(secure(text), encoding="utf-8")
        count += 1
    return count
