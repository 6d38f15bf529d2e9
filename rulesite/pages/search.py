"""What each language's search knows beyond the pages: the words its readers type for a
glossary term (``locales/<game>/<lang>/synonyms.yml``).

Material's search indexes the built pages only, so a French reader typing "cadeau" found
nothing: the site's word is "Offre". After MkDocs has written a language's
``search/search_index.json``, :func:`add_synonyms` adds one entry per glossary term that has
synonyms: the term's glossary definition, at its anchor, with the synonyms as the entry's
``tags``. Material's search weighs tags above titles, so the term comes first for its
synonyms; the site's style hides tags in the results (site.css), as the synonyms are
not the site's words.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from rulesite.errors import BuildError
from rulesite.pages.writer import PageWriter
from rulesite.sources.locales import Locales


def synonym_entries(locales: Locales, lang: str) -> list[dict[str, object]]:
    """The index entries of ``lang``'s synonyms, in glossary order."""
    writer = PageWriter(locales, lang)
    language = locales.languages[lang]
    glossary = next(p.id for p in locales.structure.pages if p.kind == "glossary")
    md = writer.resolver(glossary).markdown
    return [{"location": f"{locales.game.folder}{glossary}/#{term.id}",
             "title": escape(writer.term(term.id)),
             "text": f"<p>{escape(md(language.glossary[term.id]['definition'], links=False))}</p>",
             "tags": list(language.synonyms[term.id])}
            for term in locales.structure.glossary if term.id in language.synonyms]


def add_synonyms(games: list[Locales], lang: str, site: Path) -> int:
    """Add ``lang``'s synonym entries of every game to the index under ``site`` (the
    language's built folder); return how many were added."""
    path = site / "search" / "search_index.json"
    if not path.is_file():
        raise BuildError(f"{path}: no search index to add the synonyms of {lang!r} to")
    index = json.loads(path.read_text(encoding="utf-8"))
    entries = [entry for locales in games for entry in synonym_entries(locales, lang)]
    index["docs"].extend(entries)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                    encoding="utf-8")
    return len(entries)
