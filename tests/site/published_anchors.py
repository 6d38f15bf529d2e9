"""What a built page's anchors name: read by the URL/anchor freeze test
(test_site_published_urls.py) and by the script that recorded the published lists
(scripts/published_urls.py), so both read a page the same way.

An anchor is an element with an ``id`` in the page's content (the ``<article>`` MkDocs writes;
the whole page when it has none, as the side-by-side pages and the root language chooser): the
site's chrome (search box, drawer, palette toggles) and the live widgets' controls are not
addresses anyone cites. Each anchor is reduced to what it names, whatever markup carries it:

- ``rule``: a rule (``.rs-rule`` heading, ``.hk-rule`` in older builds; ``.rule`` column of a
  side-by-side page), named by its number (``6.4``);
- ``example``: a live example (``data-example``), its book or side-by-side form, named by its
  ID;
- ``step``: a step of an example (``<example>-step-<n>``), named by its example and number;
- ``figure``: a figure, named by its ID;
- ``term`` (a glossary entry), ``note``, ``table``, ``intro`` (a section's introduction),
  ``misreading``: named by their ID;
- ``heading``: any other heading (pages, sections, changelog versions, the API reference),
  named by the chapter number it shows, if any.

A side-by-side page's row (``.row``) names what its first column names; a column's ID carries
its language (``overview-players-fr``), which the name leaves out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
# Elements HTMLParser reports without an end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# The site's own classes start "rs-"; the builds before 4c11fd8, which published rules 1.0 and
# 1.1, wrote "hk-": an old build reads as it always did.
PREFIXES = ("rs-", "hk-")
NUMBER = {"num", *(f"{prefix}num" for prefix in PREFIXES)}  # a rule's or a chapter's number
RULE = {"rule", *(f"{prefix}rule" for prefix in PREFIXES)}  # a rule (its heading, its column)
EXAMPLE = {f"{prefix}example" for prefix in PREFIXES}
# Classes of a block named by its ID, and its kind (site pages, side-by-side pages).
BLOCKS = {**{f"{prefix}{kind}": kind for prefix in PREFIXES
             for kind in ("example", "misreading", "term", "note", "table")},
          "note": "note", "table": "table", "intro": "intro", "figure": "figure",
          "example": "example"}


@dataclass(frozen=True)
class Anchor:
    """What the element with one ID is: its kind and what it names (see the module doc)."""

    kind: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name}" if self.name else self.kind

    @classmethod
    def parse(cls, text: str) -> Anchor:
        """The anchor written as ``str(anchor)`` (as the published lists hold it)."""
        kind, _, name = text.partition(" ")
        return cls(kind, name)


@dataclass
class Page:
    """One built HTML file: its anchors by ID, where it sends the reader if it is a redirect
    page (``<meta http-equiv="refresh">``), and whether it runs a script (a redirect needs
    one to take the reader's ``#anchor`` along: a refresh alone drops it)."""

    anchors: dict[str, Anchor]
    redirect: str | None = None
    script: bool = False


@dataclass(eq=False)
class _Node:
    tag: str
    attrs: dict[str, str]
    parent: _Node | None
    children: list[_Node | str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def elements(self) -> list[_Node]:
        return [child for child in self.children if isinstance(child, _Node)]

    def walk(self) -> list[_Node]:
        """This element and every element inside it, in document order."""
        found = [self]
        for child in self.elements():
            found.extend(child.walk())
        return found

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def number(self) -> str:
        """The first rule or chapter number shown inside, or ''."""
        shown = next((n for n in self.walk() if n.classes & NUMBER), None)
        return shown.text().strip() if shown is not None else ""

    def base_id(self) -> str:
        """The ID without the language a side-by-side column adds to it."""
        suffix = "-" + self.attrs.get("lang", "")
        return self.id[: -len(suffix)] if suffix != "-" and self.id.endswith(suffix) else self.id


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#document", {}, None)
        self.open = self.root
        self.redirect: str | None = None
        self.script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs}, self.open)
        self.open.children.append(node)
        if tag == "meta" and node.attrs.get("http-equiv", "").lower() == "refresh":
            self.redirect = node.attrs.get("content", "").partition("url=")[2].strip() or None
        self.script = self.script or tag == "script"
        if tag not in VOID:
            self.open = node

    def handle_data(self, data: str) -> None:
        self.open.children.append(data)

    def handle_endtag(self, tag: str) -> None:
        # Close the element this tag closes (MkDocs' HTML is well formed; a stray end tag
        # closes nothing).
        node: _Node | None = self.open
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.open = node.parent


def _example_of(node: _Node) -> str | None:
    """The ID of the example ``node`` is in (live, or as the book prints it), if any."""
    parent = node.parent
    while parent is not None:
        if "data-example" in parent.attrs:
            return parent.attrs["data-example"]
        if parent.classes & EXAMPLE:
            return parent.id
        parent = parent.parent
    return None


def anchor_of(node: _Node) -> Anchor | None:
    """What ``node`` names, or None for an element that is no published address."""
    classes = node.classes
    if classes & RULE:
        return Anchor("rule", node.number())
    if "data-example" in node.attrs:
        return Anchor("example", node.attrs["data-example"])
    if node.tag == "figure":
        return Anchor("figure", node.base_id())
    for css, kind in BLOCKS.items():
        if css in classes:
            return Anchor(kind, node.base_id())
    if "row" in classes:
        first = next(iter(node.elements()), None)
        return anchor_of(first) if first is not None else None
    example = _example_of(node) if node.tag == "li" else None
    if example and node.id == f"{example}-step-{node.attrs.get('value')}":
        return Anchor("step", f"{example} {node.attrs['value']}")
    if node.tag in HEADINGS:
        return Anchor("heading", node.number())
    return None


def read_html(html: str) -> Page:
    """The anchors of a built page's HTML and its redirect target, if any."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    everything = reader.root.walk()
    content = next((n for n in everything if n.tag == "article"), reader.root)
    firsts: dict[str, _Node] = {}
    for node in content.walk():
        if node.id:
            firsts.setdefault(node.id, node)  # a browser goes to the first one
    anchors = {anchor_id: anchor for anchor_id, node in firsts.items()
               if (anchor := anchor_of(node)) is not None}
    return Page(anchors, reader.redirect, reader.script)


def read_page(path: Path) -> Page:
    """The anchors of the built page ``path`` and its redirect target, if any."""
    return read_html(path.read_text(encoding="utf-8"))


def page_file(site: Path, url: str) -> Path:
    """The file that answers ``url`` (a path relative to the site's root, ``en/basics/``)."""
    return site / url / "index.html" if url == "" or url.endswith("/") else site / url


def page_urls(site: Path) -> list[str]:
    """Every HTML page of a built site as a URL relative to its root (``en/basics/``;
    ``index.html`` as its folder), the 404 pages left out."""
    urls = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.endswith("404.html"):
            continue
        urls.append(rel.removesuffix("index.html"))
    return urls
