"""Read a built site's HTML: element IDs, links, and the resources a page would load."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

# (tag, attribute) pairs whose URL the browser fetches while loading the page.
LOADED = {("script", "src"), ("img", "src"), ("img", "srcset"), ("iframe", "src"),
          ("source", "src"), ("source", "srcset"), ("video", "src"), ("video", "poster"),
          ("audio", "src"), ("embed", "src"), ("object", "data"), ("track", "src"),
          ("input", "src")}
LOADED_LINK_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload",
                    "modulepreload", "prefetch", "manifest", "preconnect", "dns-prefetch"}

_EXAMPLE_DATA = re.compile(r'<script type="application/json" class="rs-ex-data">(.*?)</script>',
                           re.S)
_SHARED = re.compile(r'<script type="application/json" class="rs-ex-shared" '
                     r'id="rs-ex-shared-([0-9a-f]+)">(.*?)</script>', re.S)


def example_data(html: str) -> list[dict[str, Any]]:
    """Each live example's data on a page, as widget.js reads it: its own, with what it
    shares with the page's other examples (rulesite/pages/examples.py), which must be there."""
    shared = {digest: json.loads(text) for digest, text in _SHARED.findall(html)}
    return [{**shared[own["shared"]], **own}
            for own in map(json.loads, _EXAMPLE_DATA.findall(html))]


@dataclass
class ParsedPage:
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)  # every href of <a>
    loads: list[str] = field(default_factory=list)  # URLs fetched on load
    inline_styles: list[str] = field(default_factory=list)
    # <link rel="canonical"> and <link rel="alternate" hreflang>: {rel or hreflang: href}
    heads: dict[str, str] = field(default_factory=dict)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = ParsedPage()
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.page.ids.add(a["id"])
        if tag == "a" and "name" in a:
            self.page.ids.add(a["name"])
        if tag == "a" and "href" in a:
            self.page.links.append(a["href"])
        for attr in ("src", "srcset", "data", "poster"):
            if (tag, attr) in LOADED and a.get(attr):
                self.page.loads.extend(u.split()[0] for u in a[attr].split(",") if u.strip())
        if tag == "link" and LOADED_LINK_RELS & set(a.get("rel", "").lower().split()):
            self.page.loads.append(a.get("href", ""))
        if tag == "link" and a.get("rel") == "canonical":
            self.page.heads["canonical"] = a.get("href", "")
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.page.heads[a["hreflang"]] = a.get("href", "")
        if tag == "meta" and a.get("http-equiv", "").lower() == "refresh":
            self.page.loads.append(a.get("content", "").partition("url=")[2])
        if "style" in a:
            self.page.inline_styles.append(a["style"])
        self._in_style = tag == "style"

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.page.inline_styles.append(data)

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False


@cache
def parse(path: Path) -> ParsedPage:
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.page


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def is_external(url: str) -> bool:
    """A URL pointing outside the site's origin (any scheme, or protocol-relative)."""
    url = url.strip().lower()
    return url.startswith("//") or (":" in url.split("/")[0] and not url.startswith("data:"))


def target(site: Path, page: Path, href: str, root: str = "/") -> tuple[Path, str]:
    """The file a link of ``page`` opens, and its fragment ('' if none); ``root`` is the
    site's absolute path on its host (what a link starting with ``/`` must start with)."""
    path, _, fragment = href.partition("#")
    path = path.partition("?")[0]
    if not path:
        return page, fragment
    if path.startswith("/"):
        if not path.startswith(root):
            return site / "outside-the-site" / path.lstrip("/"), fragment
        base, path = site, path[len(root):]
    else:
        base = page.parent
    resolved = (base / path).resolve()
    if resolved.is_dir() or path.endswith("/"):
        resolved = resolved / "index.html"
    return resolved, fragment
