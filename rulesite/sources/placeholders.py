"""The placeholders of locale text: ``{n:NAME}`` (a number from the game's facts, e.g.
``hanamikoji.FACTS``), ``{ref:ID}`` (a link to a rule, section or page), ``{term:ID}`` (a
glossary term) and the game's own kinds (:attr:`gamekit.Plugin.placeholders`, e.g.
``{geisha:N}``: geisha N, drawn in her colour as on the example boards).
:func:`check` finds bad ones at load time; :class:`Resolver` turns good ones into Markdown."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import gamekit
from gamekit.words import MARK
from rulesite.errors import MalformedEntryError, UnknownReferenceError
from rulesite.sources.structure import Structure

# Anything shaped like {word:...} is meant as a placeholder, so a typo in the kind is caught too.
PLACEHOLDER_RE = re.compile(r"\{([A-Za-z_]+):([^{}]*)\}")
# What one of the game's own placeholders draws (a geisha's chip, a card's) and the punctuation
# right after it stay on one line (board.css, .rs-nobr): a line may break after the chip's box,
# which left "、" or ", " at the start of a line.
PLACEHOLDER_THEN_MARK = re.compile(f"{PLACEHOLDER_RE.pattern}({MARK})?")
# {ref:} may point at anything with an anchor; a glossary term is linked with {term:} instead.
REF_KINDS = ("rule", "section", "page", "note", "table", "example", "figure", "misreading")
# Where a {ref:} stands decides how a title is shown (ref_context).
_SPACES = " \u00a0\u202f"
# Curly double and single quotes, « 「 『 and the straight double quote.
_OPENING_QUOTES = ("\u201c", "\u2018", "«", "「", "『", '"')
_ITEM_START = re.compile(r"\s*(?:(?:[-*+]|\d+\.)\s+)?|.*\|\s*")


def valid(kind: str, name: str, game: gamekit.Plugin | None = None) -> bool:
    """Whether ``{kind:name}`` is a good placeholder of one of ``game``'s own kinds (default:
    the site's first game)."""
    placeholder = (game or gamekit.plugin()).placeholders.get(kind)
    return placeholder is not None and placeholder.check(name) is None


def named(text: str, kind: str, game: gamekit.Plugin | None = None) -> set[str]:
    """The names that ``text`` names with the game's ``{kind:NAME}`` (the geishas of one of
    Hanamikoji's examples: ``named(text, "geisha")``)."""
    return {name for found, name in scan(text) if found == kind and valid(kind, name, game)}


def scan(text: str) -> Iterator[tuple[str, str]]:
    """Yield ``(kind, name)`` for every placeholder in ``text``."""
    for match in PLACEHOLDER_RE.finditer(text):
        yield match.group(1), match.group(2)


def check(text: str, structure: Structure, file: Path, key: str) -> None:
    """Raise on the first placeholder of ``text`` whose kind or target does not exist."""
    terms = {t.id for t in structure.glossary}
    game = structure.plugin
    for kind, name in scan(text):
        where = f"{{{kind}:{name}}}"
        if kind == "n":
            if name not in game.facts:
                raise UnknownReferenceError(
                    file, key, f"{where}: expected a fact name from {game.engine}.FACTS "
                               f"({', '.join(sorted(game.facts))})")
        elif kind == "ref":
            if structure.kind_of.get(name) not in REF_KINDS:
                raise UnknownReferenceError(
                    file, key, f"{where}: expected the ID of a rule, section, page or block "
                               f"in structure.yml")
        elif kind == "term":
            if name not in terms:
                raise UnknownReferenceError(
                    file, key, f"{where}: expected a glossary term ID from structure.yml")
        elif kind in game.placeholders:
            wrong = game.placeholders[kind].check(name)
            if wrong is not None:
                raise UnknownReferenceError(file, key, f"{where}: {wrong}")
        else:
            kinds = ["n", "ref", "term", *game.placeholders]
            raise MalformedEntryError(
                file, key, f"{where}: unknown placeholder kind {kind!r}; expected "
                           f"{', '.join(kinds[:-1])} or {kinds[-1]}")


def ref_context(text: str, start: int, end: int) -> str:
    """Where the ``{ref:}`` at ``text[start:end]`` stands: ``paren`` (alone in brackets, a
    pointer: "(chapter 7)" rather than a title that echoes the words before it), ``quoted``
    (the writer put quotes around it), ``item`` (it starts a list item or a table cell, where
    it is a name on its own) or ``run`` (inside a sentence, where a title needs quotes)."""
    before, after = text[:start].rstrip(_SPACES), text[end:].lstrip(_SPACES)
    # ASCII or full-width brackets
    if before.endswith(("(", "\uff08")) and after.startswith((")", "\uff09")):
        return "paren"
    if before.endswith(_OPENING_QUOTES):
        return "quoted"
    if _ITEM_START.fullmatch(text[text.rfind("\n", 0, start) + 1:start]):
        return "item"
    return "run"


@dataclass(frozen=True)
class Resolver:
    """Resolves placeholders for one language, on one page (links are page-relative)."""

    structure: Structure
    page_id: str
    label_of: Callable[[str, str], str]  # anchor ID, ref_context -> link text
    term_of: Callable[[str], str]  # glossary term ID -> the term in this language

    def href(self, anchor: str) -> str:
        """Markdown link target of an anchor ID (a page ID links to the page itself)."""
        page = self.structure.page_of[anchor]
        filename = self.structure.page(page).filename
        if anchor == page:
            return filename
        return f"#{anchor}" if page == self.page_id else f"{filename}#{anchor}"

    def markdown(self, text: str, links: bool = True) -> str:
        """``text`` with every placeholder replaced; ``links=False`` for headings and titles."""

        game = self.structure.plugin

        def one(match: re.Match[str]) -> str:
            kind, name, mark = match.group(1), match.group(2), match.group(3) or ""
            if kind == "n":
                return f"{game.facts[name]}{mark}"
            if kind in game.placeholders:
                drawn = game.placeholders[kind].render(name, links)
                return f'<span class="rs-nobr">{drawn}{mark}</span>' if links and mark \
                    else f"{drawn}{mark}"
            label = (self.label_of(name, ref_context(text, match.start(), match.end() - len(mark)))
                     if kind == "ref" else self.term_of(name))
            return (f"[{label}]({self.href(name)})" if links else label) + mark

        return PLACEHOLDER_THEN_MARK.sub(one, text)
