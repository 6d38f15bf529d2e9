"""``locales/<game>/structure.yml``: the language-neutral skeleton of a game's pages (pages,
sections, blocks, misreadings, glossary terms, examples, figures), read into frozen values and
checked."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gamekit
from rulesite.errors import (
    ExtraKeyError,
    MalformedEntryError,
    MissingKeyError,
    UnknownReferenceError,
)
from rulesite.sources.numbering import Version, load_changelog
from rulesite.sources.yamlio import load_yaml

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
PAGE_KINDS = ("home", "rules", "glossary", "misreadings", "quickref", "about", "notation", "api",
              "changelog", "play")
BLOCK_KINDS = ("rule", "note", "table", "example", "figure")
# The table kinds any game's pages may place (rulesite.pages.tables.SITE_TABLES renders them);
# a game adds its own (gamekit.Plugin.tables).
SITE_TABLE_KINDS = ("speed", "edition-names")
# The printed rulebooks whose own names a game's glossary data records are the game's
# (gamekit.Plugin.rulebooks).
LANGUAGES = ("en", "fr", "ja", "id")


@dataclass(frozen=True)
class Block:
    kind: str
    id: str
    table: str | None = None
    number: str | None = None  # a rule's published number, "6.4": data, never recomputed


@dataclass(frozen=True)
class Section:
    id: str
    blocks: tuple[Block, ...]
    chapter: int | None = None  # a rules section holding rules has a chapter number


@dataclass(frozen=True)
class Misreading:
    id: str
    settles: str


@dataclass(frozen=True)
class Page:
    id: str
    kind: str
    sections: tuple[Section, ...] = ()
    items: tuple[Misreading, ...] = ()
    file: str | None = None  # its address when the ID cannot be (taken by a glossary term)

    @property
    def filename(self) -> str:
        """Markdown file in a language's docs folder; the home page is the language root."""
        return "index.md" if self.kind == "home" else f"{self.file or self.id}.md"

    @property
    def address(self) -> str:
        """Its address in its game's folder of a language's site: ``""`` for the home page,
        else its file's name and a slash (``play/``)."""
        return "" if self.kind == "home" else f"{self.file or self.id}/"


@dataclass(frozen=True)
class Term:
    id: str
    editions: dict[str, str] = field(default_factory=dict)  # edition -> its printed name


@dataclass(frozen=True)
class Example:
    id: str
    rule: str
    spec: dict[str, Any]  # the whole entry (rule, code, ...) for pages.examples.render


@dataclass(frozen=True)
class Figure:
    id: str
    spec: dict[str, Any]  # the whole entry (position, moves, frames, ...) for pages.figures
    number: str  # "Figure 2": counted on its page, from 1 (the anchor, its ID, is what cites it)


@dataclass(frozen=True)
class Structure:
    languages: tuple[str, ...]
    pages: tuple[Page, ...]
    glossary: tuple[Term, ...]
    examples: dict[str, Example]
    figures: dict[str, Figure]  # in the order the pages show them
    kind_of: dict[str, str]  # every ID -> page|section|rule|note|table|example|misreading|term
    page_of: dict[str, str]  # every anchor ID -> the ID of the page that shows it
    section_of: dict[str, str]  # block ID -> the ID of its section
    numbers: dict[str, str]  # rule ID -> "4.2", chapter (rules section) ID -> "4"
    versions: tuple[Version, ...] = ()  # changelog.yml, oldest first
    game: str | None = None  # its game's ID (its folder's name); None: the site's first game

    @property
    def plugin(self) -> gamekit.Plugin:
        """The game's plug-in: the one way the builder reaches its engine."""
        return gamekit.plugin(self.game)

    @property
    def version(self) -> str:
        """The site's current version: the last one in ``changelog.yml``."""
        return self.versions[-1].version

    def page(self, page_id: str) -> Page:
        return next(p for p in self.pages if p.id == page_id)


class _Reader:
    """Walks structure.yml, checking shapes and collecting IDs as it goes."""

    def __init__(self, path: Path, table_kinds: tuple[str, ...] = SITE_TABLE_KINDS,
                 rulebooks: tuple[str, ...] = ()) -> None:
        self.table_kinds = table_kinds
        self.rulebooks = rulebooks
        self.path = path
        self.kind_of: dict[str, str] = {}
        self.page_of: dict[str, str] = {}
        self.section_of: dict[str, str] = {}
        self.first_seen: dict[str, str] = {}  # ID -> key path where it was declared

    def fail(self, key: str, problem: str) -> MalformedEntryError:
        return MalformedEntryError(self.path, key, problem)

    def mapping(self, value: Any, key: str, required: set[str],
                optional: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a mapping with {sorted(required)}, got {value!r}")
        for name in sorted(required - value.keys()):
            raise MissingKeyError(self.path, f"{key}.{name}", "required")
        for name in sorted(value.keys() - required - optional):
            raise ExtraKeyError(
                self.path, f"{key}.{name}", f"unknown key; expected {sorted(required | optional)}"
            )
        return value

    def listing(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {value!r}")
        return value

    def new_id(self, value: Any, key: str, kind: str, page: str | None) -> str:
        if not isinstance(value, str) or not ID_RE.match(value):
            raise self.fail(key, f"expected an ID of lowercase ASCII words joined by '-', "
                                 f"got {value!r}")
        if value in self.kind_of:
            raise self.fail(key, f"ID {value!r} is already used by a {self.kind_of[value]} "
                                 f"({self.first_seen[value]})")
        self.kind_of[value] = kind
        self.first_seen[value] = key
        if page is not None:
            self.page_of[value] = page
        return value

    def page(self, raw: Any, key: str) -> Page:
        raw = self.mapping(raw, key, {"id", "kind"}, {"sections", "items", "file"})
        page_id = self.new_id(raw["id"], f"{key}.id", "page", None)
        file = raw.get("file")
        if file is not None and (not isinstance(file, str) or not ID_RE.match(file)):
            raise self.fail(f"pages.{page_id}.file", f"expected a file name of lowercase ASCII "
                                                     f"words joined by '-', got {file!r}")
        self.page_of[page_id] = page_id
        key = f"pages.{page_id}"
        kind = raw["kind"]
        if kind not in PAGE_KINDS:
            raise self.fail(f"{key}.kind", f"expected one of {list(PAGE_KINDS)}, got {kind!r}")
        sections = tuple(
            self.section(s, f"{key}.sections[{i}]", page_id, kind)
            for i, s in enumerate(self.listing(raw.get("sections", []), f"{key}.sections"))
        )
        if kind == "misreadings" and "items" not in raw:
            raise MissingKeyError(self.path, f"{key}.items", "a misreadings page lists its items")
        if kind != "misreadings" and "items" in raw:
            raise ExtraKeyError(self.path, f"{key}.items", "only a misreadings page has items")
        items = tuple(
            self.misreading(m, f"{key}.items[{i}]", page_id)
            for i, m in enumerate(self.listing(raw.get("items", []), f"{key}.items"))
        )
        return Page(page_id, kind, sections, items, file)

    def section(self, raw: Any, key: str, page_id: str, page_kind: str) -> Section:
        raw = self.mapping(raw, key, {"id", "blocks"}, {"chapter"})
        section_id = self.new_id(raw["id"], f"{key}.id", "section", page_id)
        key = f"sections.{section_id}"
        blocks = []
        for i, b in enumerate(self.listing(raw["blocks"], f"{key}.blocks")):
            bkey = f"{key}.blocks[{i}]"
            b = self.mapping(b, bkey, {"kind", "id"}, {"table", "number"})
            kind = b["kind"]
            if kind not in BLOCK_KINDS:
                raise self.fail(f"{bkey}.kind",
                                f"expected one of {list(BLOCK_KINDS)}, got {kind!r}")
            if kind == "rule" and page_kind != "rules":
                raise self.fail(f"{bkey}.kind", "numbered rules belong on pages of kind 'rules'")
            table = b.get("table")
            if (kind == "table") != (table is not None):
                raise self.fail(bkey, "a block has a 'table' key exactly when its kind is table")
            if table is not None and table not in self.table_kinds:
                raise self.fail(f"{bkey}.table", f"expected one of {list(self.table_kinds)}, "
                                                 f"got {table!r}")
            if (kind == "rule") != ("number" in b):
                raise self.fail(bkey, "a block has a 'number' key exactly when its kind is rule "
                                      "(see locales/README.md, Numbering)")
            blocks.append(Block(kind, self.new_id(b["id"], f"{bkey}.id", kind, page_id), table,
                                b.get("number")))
            self.section_of[b["id"]] = section_id
        chapter = raw.get("chapter")
        has_rules = any(b.kind == "rule" for b in blocks)
        if has_rules and not (isinstance(chapter, int) and not isinstance(chapter, bool)
                              and chapter > 0):
            raise self.fail(f"{key}.chapter", f"a section with rules needs a chapter number "
                                              f"(a positive integer), got {chapter!r}")
        if not has_rules and chapter is not None:
            raise self.fail(f"{key}.chapter", "a section without rules takes no chapter number")
        return Section(section_id, tuple(blocks), chapter)

    def misreading(self, raw: Any, key: str, page_id: str) -> Misreading:
        raw = self.mapping(raw, key, {"id", "settles"}, set())
        return Misreading(self.new_id(raw["id"], f"{key}.id", "misreading", page_id),
                          raw["settles"])

    def term(self, raw: Any, key: str) -> Term:
        raw = self.mapping(raw, key, {"id"}, set(self.rulebooks))
        term_id = self.new_id(raw["id"], f"{key}.id", "term", None)
        names = {}
        for edition in self.rulebooks:
            if edition in raw:
                if not isinstance(raw[edition], str) or not raw[edition].strip():
                    raise self.fail(f"glossary.{term_id}.{edition}", "expected a non-empty name")
                names[edition] = raw[edition]
        return Term(term_id, names)


def _figures(r: _Reader, raw: Any, pages: tuple[Page, ...]) -> dict[str, Figure]:
    """Every figure a page places is declared under ``figures:`` and the other way round; only
    the mapping's shape is checked here, the position itself by rulesite.pages.figures (the
    engine)."""
    raw = raw or {}
    if not isinstance(raw, dict):
        raise r.fail("figures", "expected a mapping of figure ID to its entry")
    placed = [b.id for p in pages for s in p.sections for b in s.blocks if b.kind == "figure"]
    for fig_id, spec in raw.items():
        if fig_id not in placed:
            raise ExtraKeyError(r.path, f"figures.{fig_id}",
                                "no page places this figure (add a block of kind figure)")
        if not isinstance(spec, dict):
            raise r.fail(f"figures.{fig_id}", f"expected a mapping, got {spec!r}")
    for fig_id in placed:
        if fig_id not in raw:
            raise MissingKeyError(r.path, f"figures.{fig_id}",
                                  "a page places this figure; declare it here")
    # Numbered on each page: a reader who opens the Basics page meets Figure 1 there, not the
    # number the figures of the pages before it left off at.
    numbers = {fig_id: str(n) for p in pages
               for n, fig_id in enumerate((b.id for s in p.sections for b in s.blocks
                                           if b.kind == "figure"), start=1)}
    return {fig_id: Figure(fig_id, dict(raw[fig_id]), numbers[fig_id]) for fig_id in placed}


def _number(path: Path, pages: tuple[Page, ...]) -> dict[str, str]:
    """Read the chapter and rule numbers written in the data, checking that each is unique and
    that a rule's number belongs to its chapter. Numbers are never derived from order: a
    published number keeps naming the same rule (rulesite.sources.numbering checks the history)."""
    numbers: dict[str, str] = {}
    owner: dict[str, str] = {}  # "4" or "4.2" -> the ID holding it
    for page in pages:
        for section in page.sections:
            if section.chapter is None:
                continue
            chapter = str(section.chapter)
            if chapter in owner:
                raise MalformedEntryError(path, f"sections.{section.id}.chapter",
                                          f"chapter {chapter} is already {owner[chapter]!r}")
            numbers[section.id] = chapter
            owner[chapter] = section.id
            for block in section.blocks:
                if block.kind != "rule":
                    continue
                key = f"sections.{section.id}.blocks.{block.id}.number"
                number = block.number
                if not isinstance(number, str) or not re.fullmatch(rf"{chapter}\.[1-9][0-9]*",
                                                                   number):
                    raise MalformedEntryError(
                        path, key, f"expected a quoted number '{chapter}.N' in chapter "
                                   f"{chapter}, got {number!r}")
                if number in owner:
                    raise MalformedEntryError(path, key,
                                              f"{number} is already rule {owner[number]!r}")
                owner[number] = block.id
                numbers[block.id] = number
    return numbers


def load_structure(path: Path) -> Structure:
    """Read and check ``structure.yml`` (``locales/<game>/``: its tables are the site's kinds
    and those of the game's plug-in); raise a :class:`LocaleError` on the first problem."""
    game = gamekit.GAMES.get(path.parent.name)
    r = _Reader(path, (*SITE_TABLE_KINDS, *(game.tables if game else ())),
                tuple(game.rulebooks.language) if game else ())
    raw = r.mapping(load_yaml(path), "(file)", {"languages", "pages", "glossary"},
                    {"examples", "figures"})
    languages = tuple(r.listing(raw["languages"], "languages"))
    if languages != LANGUAGES:
        raise r.fail("languages",
                     f"expected {list(LANGUAGES)} (English first), got {raw['languages']!r}")
    pages = tuple(r.page(p, f"pages[{i}]") for i, p in enumerate(r.listing(raw["pages"], "pages")))
    kinds = [p.kind for p in pages]
    for kind in ("home", "glossary"):
        if kinds.count(kind) != 1:
            raise r.fail("pages", f"expected exactly one page of kind {kind!r}, "
                                  f"found {kinds.count(kind)}")
    glossary = tuple(r.term(t, f"glossary[{i}]")
                     for i, t in enumerate(r.listing(raw["glossary"], "glossary")))
    glossary_page = next(p.id for p in pages if p.kind == "glossary")
    for term in glossary:
        r.page_of[term.id] = glossary_page

    rules = {i for i, k in r.kind_of.items() if k == "rule"}
    for page in pages:
        for item in page.items:
            if item.settles not in rules:
                raise UnknownReferenceError(path, f"pages.{page.id}.items.{item.id}.settles",
                                            f"expected a rule ID, got {item.settles!r}")

    examples: dict[str, Example] = {}
    raw_examples = raw.get("examples") or {}
    if not isinstance(raw_examples, dict):
        raise r.fail("examples", "expected a mapping of example ID to its entry")
    placed = {i for i, k in r.kind_of.items() if k == "example"}
    for ex_id, spec in raw_examples.items():
        key = f"examples.{ex_id}"
        # Only `rule` is the builder's business; the rest (code, ...) goes to examples.render.
        spec = r.mapping(spec, key, {"rule"}, set(spec) if isinstance(spec, dict) else set())
        if ex_id not in placed:
            raise ExtraKeyError(path, key,
                                "no page places this example (add a block of kind example)")
        if spec["rule"] not in rules:
            raise UnknownReferenceError(path, f"{key}.rule",
                                        f"expected a rule ID, got {spec['rule']!r}")
        examples[ex_id] = Example(ex_id, spec["rule"], dict(spec))
    for ex_id in sorted(placed - examples.keys()):
        raise MissingKeyError(path, f"examples.{ex_id}",
                              "a page places this example; declare it here")

    numbers = _number(path, pages)
    changelog_pages = [p.id for p in pages if p.kind == "changelog"]
    if len(changelog_pages) != 1:
        raise r.fail("pages", f"expected exactly one page of kind 'changelog', "
                              f"found {len(changelog_pages)}")
    versions = load_changelog(path.parent / "changelog.yml",
                              {i: n for i, n in numbers.items() if r.kind_of[i] == "rule"})
    for version in versions:  # each version's summary is a note of the changelog page
        r.new_id(version.summary, f"changelog.yml: {version.version}.summary", "note",
                 changelog_pages[0])
    figures = _figures(r, raw.get("figures"), pages)
    return Structure(languages, pages, glossary, examples, figures, r.kind_of, r.page_of,
                     r.section_of, numbers, versions, game.id if game else None)
