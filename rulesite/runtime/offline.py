"""The site offline: a service worker per build, an offline page and a web app manifest per
language (a production build only: ``rulesite serve`` builds without, so that no worker ever
keeps a page a translator is editing).

What the worker keeps, and when, is in ``rulesite/runtime/sw.js``; this module writes it at the
site's root with the build's list of files in place of its ``BUILD``: each file's path from
the root, the first 16 hex digits of its SHA-256 and its size, grouped by language, the Python
runtime (``assets/``) and the rest (the root redirect, the side-by-side pages), and the folders
whose files wait for the reader to ask (:data:`ON_DEMAND`). The build's ID
is the digest of that list, and every page carries it (``<meta name="rs-build">``), so a page,
its worker and each file the worker serves are known to be of one build.

The list is written here rather than by Workbox: its precache downloads its whole list when
the worker installs, for every reader (``benchmarks/workbox_precache.py``: 49.5 MB for one
worker for the site, 9.2 MB for a worker of English only, where a phone's first visit here
keeps 1.53 MB), while this site keeps one language at a time, as it is visited, and the
runtime only once it is used; the routing would be ours anyway, and the list is the hashes
the build already reads, in a page of Python.
"""

from __future__ import annotations

import hashlib
import json
import re
from html import escape
from pathlib import Path
from typing import Any

import gamekit
from rulesite.pages import examples
from rulesite.runtime import assets, csp

SOURCE = Path(__file__).with_name("sw.js")
WORKER = "sw.js"
# "hk-" (Hanamikoji's initials) from before the site held a second game; kept, as readers'
# browsers hold their caches under it (the site's other names start "rs-").
CACHE_PREFIX = "hk-offline-"  # sw.js: one cache per build, this and the build's ID
PAGE = "offline.html"
MANIFEST = "manifest.webmanifest"
BUILD_META = "rs-build"
_STAMP = re.compile(f'<meta name="{BUILD_META}" content="[^"]*">')
_PLACE = ("/* BUILD */ { id: \"\", versions: {}, languages: {}, runtime: [], shared: [], "
          "later: [], snapshot: { with: [], without: [] } }")
# Folders (under a game's folder of a language) whose files a lean visit keeps only once the
# reader asks for them, as it keeps pages: the examples' what-if starts, fetched at a first
# "what if?". The worker knows them from the build's list only ("later").
ON_DEMAND = (examples.STARTS,)
# The runtime's files a device fetches only when it starts Python from the memory snapshot
# (phones: docs/assets/examples/policy.js), and only when it does not: the snapshot and every
# game's engine it was made with, or each game's own engine (assets.py). "Keep everything"
# keeps what this device would load ("snapshot" in the build's list).
SNAPSHOT_ONLY = (assets.SNAPSHOT, assets.ENGINE)
WITHOUT_SNAPSHOT = tuple(assets.game_engine(game_id) for game_id in gamekit.GAMES)
# Material ships lunr's stemmers for some thirty languages with every language's site; a
# language's search needs its own (and the shared support files) only.
_LUNR = re.compile(r"assets/javascripts/lunr/(?:min/)?(?:lunr|wordcut|tinyseg)\.?([a-z]{2})?")
_LUNR_NEEDS = {"ja": {"ja", "tinyseg"}}
# What a reader never asks for by itself: the kept lists leave them out.
_SKIP = {"sitemap.xml.gz", ".rulesite", WORKER}
_SKIP_SUFFIXES = (".map",)  # source maps: only a debugger asks for them
THEME = "#8c2f39"  # --md-primary-fg-color (docs/assets/site/site.css)
BACKGROUND = "#fdf6ec"


def digest(data: bytes) -> str:
    """The hash the worker checks a file against: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def _wanted(path: str, lang: str) -> bool:
    """Whether a language's file belongs in its kept list (lunr: its own stemmer only)."""
    if path.rsplit("/", 1)[-1] in _SKIP or path.endswith(_SKIP_SUFFIXES):
        return False
    found = _LUNR.search(path)
    if not found or "/lunr/" not in path:
        return True
    name = path.rsplit("/", 1)[-1]
    needs = {lang} | _LUNR_NEEDS.get(lang, set())
    if name.startswith(("lunr.stemmer.support", "lunr.multi")):
        return True
    return any(name.startswith((f"lunr.{code}.", f"{code}.")) for code in needs)


def _entry(site: Path, path: Path) -> list[Any]:
    data = path.read_bytes()
    rel = path.relative_to(site).as_posix()
    if rel.endswith("/index.html") or rel == "index.html":
        rel = rel[: -len("index.html")]  # pages are asked for by their folder
    return [rel, digest(data), len(data)]


def file_list(site: Path, languages: list[str], root: bytes) -> dict[str, Any]:
    """The build's files, as ``sw.js`` reads them (``languages``, ``runtime``, ``shared``);
    ``root``: the root page, not written yet (it marks a finished build)."""
    out: dict[str, Any] = {"languages": {lang: [] for lang in languages}, "runtime": [],
                           "shared": [["", digest(root), len(root)]]}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        top = rel.split("/", 1)[0]
        if top in languages:
            if _wanted(rel, top):
                out["languages"][top].append(_entry(site, path))
        elif rel.endswith(_SKIP_SUFFIXES):
            continue
        elif top == "assets":
            out["runtime"].append(_entry(site, path))
        elif path.name not in _SKIP and not path.name.startswith(".") and rel != "index.html":
            out["shared"].append(_entry(site, path))
    return out


def build_id(files: dict[str, Any]) -> str:
    """The build's ID: the digest of its file list."""
    return digest(json.dumps(files, sort_keys=True).encode("utf-8"))


def stamped(page: str, ident: str) -> str:
    """``page`` with the build's ID in its head (after the Content-Security-Policy), in place
    of another build's if it had one."""
    page = _STAMP.sub("", page)
    found = re.search(r'<meta name="referrer"[^>]*>', page) or re.search(
        r"<head\b[^>]*>", page, re.IGNORECASE)
    if found is None:
        return page  # not a page (no head): nothing loads it as one
    tag = f'<meta name="{BUILD_META}" content="{ident}">'
    return page[: found.end()] + tag + page[found.end():]


def stamp(site: Path, ident: str) -> None:
    """Writes the build's ID into every page."""
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        path.write_text(stamped(text, ident), encoding="utf-8")


def offline_page(ui: dict[str, Any], lang: str) -> str:
    """The page a reader gets, offline, for a page of ``lang`` not kept on the device."""
    def text(key: str) -> str:
        return escape(str(ui[key]))
    style = ("body{font:1.1rem/1.5 system-ui,sans-serif;margin:0;padding:2rem 1.2rem;"
             "color:#222;background:#fdf6ec}main{max-width:34rem;margin:auto}"
             "h1{color:#8c2f39;font-size:1.6rem;line-height:1.25}a{color:#8c2f39}"
             "@media (prefers-color-scheme:dark){body{color:#eee;background:#1e1b1c}"
             "h1,a{color:#e3a0a8}}")
    page = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{text('offline.title')} · {text('site.name')}</title>"
            f"<style>{style}</style></head><body><main>"
            f"<h1>{text('offline.title')}</h1><p>{text('offline.body')}</p>"
            f"<p>{text('offline.hint')}</p>"
            f'<p><a href="./">{text("offline.home")}</a></p>'
            "</main></body></html>\n")
    return csp.secure(page)


def web_manifest(ui: dict[str, Any], lang: str) -> str:
    """The web app manifest of ``lang``'s site: its name, start page, colours and icons."""
    icons = [{"src": "assets/site/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
             {"src": "assets/site/icon-192.png", "sizes": "192x192", "type": "image/png"},
             {"src": "assets/site/icon-512.png", "sizes": "512x512", "type": "image/png"},
             {"src": "assets/site/icon-512-maskable.png", "sizes": "512x512",
              "type": "image/png", "purpose": "maskable"}]
    return json.dumps({
        "name": ui["site.name"], "short_name": ui["site.name"],
        "description": ui["site.description"], "lang": lang, "dir": "ltr",
        "id": "./", "start_url": "./", "scope": "./", "display": "standalone",
        "theme_color": THEME, "background_color": BACKGROUND, "icons": icons,
    }, ensure_ascii=False, indent=1) + "\n"


def write(site: Path, uis: dict[str, dict[str, Any]], versions: dict[str, dict[str, str]],
          root: str) -> str:
    """Writes each language's offline page and manifest, stamps every page with the build's
    ID and writes the worker; returns the root page ``root``, stamped, for the builder to
    write last. ``uis``: each language's interface strings; ``versions``: language -> game
    ID -> its rules version."""
    languages = list(uis)
    for lang, ui in uis.items():
        (site / lang / PAGE).write_text(offline_page(ui, lang), encoding="utf-8")
        (site / lang / MANIFEST).write_text(web_manifest(ui, lang), encoding="utf-8")
    ident = build_id(file_list(site, languages, root.encode("utf-8")))
    stamp(site, ident)
    root = stamped(root, ident)
    files = file_list(site, languages, root.encode("utf-8"))  # the pages' hashes, stamped
    build = {"id": ident, "versions": versions, **files, "later": list(ON_DEMAND),
             "snapshot": {"with": list(SNAPSHOT_ONLY), "without": list(WITHOUT_SNAPSHOT)}}
    source = SOURCE.read_text(encoding="utf-8")
    if _PLACE not in source:
        raise ValueError(f"{SOURCE}: no place for the build's list ({_PLACE})")
    body = json.dumps(build, ensure_ascii=False, separators=(",", ":"))
    (site / WORKER).write_text(source.replace(_PLACE, body), encoding="utf-8")
    return root
