"""The interface a game implements to be played on the site: one :class:`Plugin` per game.

A plug-in is a package under ``gamekit/`` (``gamekit/hanamikoji/`` is the first) whose
``__init__`` defines ``PLUGIN``. It runs both at build time (CPython) and in the reader's
browser (Pyodide), so it imports only the standard library, its engine and ``gamekit``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

Steps = list[dict[str, Any]]
"""A game's timeline as plain data: one JSON-ready mapping per step (the engine's own shape)."""


@dataclass(frozen=True)
class Played:
    """What a finished example leaves: its steps and its record as compact JSON text."""

    steps: Steps
    record: str


class SetupError(ValueError):
    """A figure's setup the engine refuses: ``key`` is the setup's key at fault (``position``,
    ``moves[2]``), ``problem`` says what is wrong."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


@dataclass(frozen=True)
class Placeholder:
    """A placeholder kind of the game's own, ``{kind:NAME}`` in its locale text."""

    check: Callable[[str], str | None]
    """What is wrong with ``NAME`` (what was expected), or ``None`` if it is good."""
    render: Callable[[str, bool], str]
    """``NAME`` as page text: HTML where links (and markup) are allowed (``True``), plain
    text in headings and titles (``False``)."""
    listed: str | None = None
    """The key of an example's entry in ``structure.yml`` that lists the names its text must
    name with this placeholder, each of them and no other, in every language (Hanamikoji's
    ``geishas``), if the game asks for one."""

    @classmethod
    def among(cls, names: Collection[str], expected: str, html: Callable[[str], str],
              listed: str | None = None) -> Placeholder:
        """A placeholder whose ``NAME`` is one of ``names`` (else ``expected`` says what is
        wrong), drawn as ``html(NAME)`` where markup is allowed and as ``NAME`` itself in
        plain text; ``listed`` as :attr:`listed`."""
        return cls(lambda name: None if name in names else expected,
                   lambda name, links: html(name) if links else name, listed)


def apply_moves(spec: Mapping[str, Any], apply: Callable[[str], object],
                refused: type[Exception]) -> None:
    """A figure's ``moves`` (notation separated by spaces, none by default) each passed to
    ``apply`` in turn; raises :class:`SetupError` naming the move the engine refused (with
    ``refused``, its error class) or a ``moves`` that is not text."""
    moves = spec.get("moves", "")
    if not isinstance(moves, str):
        raise SetupError("moves", f"expected moves in notation separated by spaces, "
                                  f"got {moves!r}")
    for i, move in enumerate(moves.split()):
        try:
            apply(move)
        except refused as error:
            raise SetupError(f"moves[{i}]", f"{move}: {type(error).__name__}: {error}") \
                from None


@dataclass(frozen=True)
class TableContext:
    """What a table of the game needs from the page it stands on, in the page's language."""

    ui: dict[str, Any]
    """The interface strings (the site's and the game's): the table's headings and labels."""
    term: Callable[[str], str]
    """Glossary term ID -> Markdown link to the term in the glossary."""
    ref: Callable[[str], str]
    """Rule ID -> Markdown link showing the rule's number."""
    title: Callable[[str], str]
    """Rule ID -> the rule's title."""
    has_rule: Callable[[str], bool]
    """Whether ``structure.yml`` declares this rule ID."""
    printed: Callable[[str], tuple[str, str | None]]
    """Term ID -> (this language's term, the name printed in its own rulebook, if any)."""
    terms: tuple[str, ...]
    """The glossary's term IDs, in glossary order."""
    number: Callable[[float, int], str]
    """A measured figure as the page's language writes it, rounded to that many decimals
    (CLDR's grouping and decimal signs: "9,654.5", « 9\u202f654,5 », "9.654,5")."""
    measured: Callable[[str, str, float, int], str]
    """The command that took a measurement, its date (an ISO timestamp), the machine's load
    average then and its cores, as the page's language writes it: the cell that ends each row
    of a table whose rows were measured by different commands, else said once under the
    table (:func:`measured_below`), with a note of the load on a machine loaded beyond half
    its cores."""


class TableError(LookupError):
    """A table names something the locales do not declare (a rule the engine cites): ``key``
    says where (``(hanamikoji.Rule.GIFT_PICK)``), ``problem`` what is wrong."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


def markdown_table(head: list[str], rows: list[list[str]]) -> str:
    """A Markdown table of ``head`` and ``rows`` (cells are Markdown; ``|`` is escaped)."""
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(head), line(["---"] * len(head)), *map(line, rows)])


def runtime_label(ui: dict[str, Any], label: str) -> str:
    """A benchmark's runtime as its record names it ("Pyodide 314.0.7 (CPython 3.14.2) under
    node v20.20.2"): the versions as recorded, the words around them in the page's language."""
    runtime, under, host = label.partition(" under ")
    return str(ui["table.speed.under"].format(runtime=runtime, host=host)) if under else label


def measured_below(ctx: TableContext, table: str, when: str) -> str:
    """``table``, then the command and date that measured all its rows (``when``, from
    :attr:`TableContext.measured`), said once under it: a column repeating them made each row
    several screens tall on a phone."""
    return f"{table}\n\n{ctx.ui['table.speed.measured_with'].format(when=when)}"


class BuildTables(Mapping[str, Callable[[TableContext], str]]):
    """A game's tables, ``TABLES`` of its module ``module`` (``gamekit.<game>.tables``),
    imported when the builder first reads them: tables are written at build time only, so
    that module is left out of what the browser downloads (``rulesite/runtime/stdlib.py``)."""

    def __init__(self, module: str) -> None:
        self.module = module

    def _tables(self) -> Mapping[str, Callable[[TableContext], str]]:
        tables: Mapping[str, Callable[[TableContext], str]] = importlib.import_module(
            self.module).TABLES
        return tables

    def __getitem__(self, kind: str) -> Callable[[TableContext], str]:
        return self._tables()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables())

    def __len__(self) -> int:
        return len(self._tables())


@dataclass(frozen=True)
class Rulebooks:
    """The printed rulebooks whose own names a game's glossary records (``structure.yml``:
    one key per rulebook on a glossary entry), each named by a key of the game's choosing."""

    language: Mapping[str, str]
    """Rulebook key -> the language it is printed in (the ``lang`` of its names); its order
    is the order the keys are read in."""
    glossary: tuple[str, ...]
    """The rulebooks every language's glossary entries quote (besides the reader's own)."""
    column: str | None
    """The rulebook whose names get a column of the glossary's table, if any."""
    own: Mapping[str, str]
    """Site language -> the rulebook printed in it, its own (the edition-names table)."""
    edition: Mapping[str, str]
    """Rulebook -> the edition (:attr:`Plugin.editions`) whose rules it prints: a language's
    Play page starts on its own rulebook's."""


@dataclass(frozen=True)
class PlayPage:
    """What a game's Play page adds to the page the builder writes (``rulesite/pages/play.py``
    writes the frame every game shares: tools, board, status, panel, replay and steps)."""

    module: str
    """The game's module of the page, under ``docs/assets/play/`` (``<game>/play.js``): it
    wires the frame to the game's session functions and draws the game's move chooser."""
    setup: Callable[[Callable[..., str], str], str]
    """The game's settings as HTML fields, from ``t`` (interface string ``key`` escaped,
    ``**fields`` filled in) and the page's language; their ``name`` attributes are what the
    module reads."""
    prefixes: tuple[str, ...]
    """The prefixes of the interface keys the page's data carries for its module and the
    session functions it calls (``ll.``: every string of the game)."""
    css: str | None = None
    """The game's stylesheet of the page, under ``docs/assets/play/``, beside the shared one."""


@dataclass(frozen=True)
class Plugin:
    """One game, as the site's builder, the worker and the pages reach it."""

    id: str
    """The game's ID: ``locales/<id>/`` holds its text, pages pass it to the worker."""
    engine: str
    """The engine's package (``hanamikoji``): an example's code runs after
    ``from <engine> import *``."""
    game_type: type
    """The engine's game class: an example's code must leave one in ``game``."""
    played: Callable[[Any], Played]
    """The steps and record of a game the example's code left in ``game``."""
    explain: Callable[[Steps, Mapping[str, Any]], dict[str, Any]]
    """Every step in words and the outcome (``{"texts": [...], "outcome": str}``), as HTML
    in the language of the interface strings given."""
    boards: Callable[[Steps, Mapping[str, Any]], list[str]]
    """Every step's board, as HTML."""
    session: ModuleType
    """The functions the Play page and "what if?" call in the worker (pure: the game lives in
    the caller's record)."""
    calls: tuple[str, ...]
    """The names in :attr:`session` a page may call; no other name is reachable."""
    editions: tuple[str, ...]
    """The editions (rule variants) the Play page offers, in the order it lists them."""
    facts: Mapping[str, int]
    """The game's numbers by name (``<engine>.FACTS``): what ``{n:NAME}`` in its text says."""
    version: str
    """The engine's version (its package's ``__version__``)."""
    placeholders: Mapping[str, Placeholder]
    """The game's own placeholder kinds, beside the site's ``n``, ``ref`` and ``term``."""
    setup_keys: frozenset[str]
    """The keys of a figure's setup in ``structure.yml`` that :attr:`setup` reads."""
    setup: Callable[[Mapping[str, Any]], Steps]
    """The timeline of a figure's setup (edition, position, moves...), checked by the engine;
    raises :class:`SetupError`."""
    board: Callable[..., str]
    """One step's board as HTML, with ``highlight`` (parts outlined) and ``hide`` (parts left
    out) as keyword options."""
    parts: re.Pattern[str]
    """Matches the name of every part of a board a figure may point at."""
    hideable: frozenset[str]
    """The parts a figure may leave out of its boards."""
    rulebooks: Rulebooks
    """The printed rulebooks the game's glossary data names."""
    tables: Mapping[str, Callable[[TableContext], str]]
    """The game's table kinds (``{kind: table, table: NAME}`` in its ``structure.yml``), each
    written as Markdown from the engine; may raise :class:`TableError`."""
    whatif: str | None = None
    """Its chooser for "what if?" in its examples, a module under ``docs/assets/``
    (``play/<game>/whatif.js``, beside its Play page's chooser) that exports ``chooser``:
    how a reader picks a move at a position and how a move reads in words
    (``docs/assets/examples/whatif.js`` says what it provides). ``None``: its examples show
    their steps only, with neither "what if?" nor Share (whose link opens its Play page)."""
    css: tuple[str, ...] = ()
    """The stylesheets its boards need beside the site's (paths under ``docs/``): one MkDocs
    build holds every game of a language, so they are listed once for all its pages."""
    ui_prefix: str = ""
    """The prefix of the game's own interface keys (``"ll."``), if it keeps them under one:
    the live examples get every one of them (its boards and steps in words)."""
    ui_families: tuple[str, ...] = ()
    """The families of its own interface keys it keeps under the site's kind of names
    (Hanamikoji's ``step.``, ``card.``, ``play.illegal.``: from before the site had a second
    game): its live examples get every one of them too, as they get :attr:`ui_prefix`'s."""
    ui_keys: tuple[str, ...] = ()
    """The game's interface strings the builder reads for its pages (its tables' headings,
    its editions' names): the build stops if English lacks one, naming the file and key."""
    play: PlayPage | None = None
    """Its Play page (a ``kind: play`` page of its ``structure.yml``), if it has one."""

    @property
    def prelude(self) -> str:
        """The line an example's code runs after."""
        return f"from {self.engine} import *"
