"""The MkDocs configuration of one language: the shared ``mkdocs.yml`` plus what differs.

Each language is its own MkDocs build, so each gets its own search index in its own
language, and the language menu can point at the same page in the other languages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rulesite.pages import compare, examples
from rulesite.pages.book import FILENAME as BOOK
from rulesite.pages.writer import PageWriter
from rulesite.sources.locales import Locales

# lunr has no Indonesian: index it without English stemming, which would mangle the words.
SEARCH: dict[str, dict[str, Any]] = {
    "en": {"lang": "en"},
    "fr": {"lang": "fr"},
    "ja": {"lang": "ja"},
    "id": {"lang": "en", "pipeline": ["trimmer"]},
}


OFFLINE_SCRIPT = {"path": "assets/site/offline.js", "type": "module"}
OFFLINE_UI = ("offline.keep", "offline.size", "offline.keeping", "offline.kept",
              "offline.keep_failed", "offline.updated", "offline.changelog", "offline.reload")
"""The strings of docs/assets/site/offline.js (the offline page's: rulesite/runtime/offline.py)."""


def teach_settings(locales: Locales, lang: str, writer: PageWriter) -> dict[str, Any]:
    """What the teachers' scripts read on a page of the game ``locales``: the citation
    strings, the game's rules and their version, and each glossary term's definition as
    plain text (the hint shown where the term stands)."""
    ui = locales.languages[lang].ui
    glossary = next(p.id for p in locales.structure.pages if p.kind == "glossary")
    md = writer.resolver(glossary).markdown
    return {
        "glossary": glossary,  # the page ID, which is also its address in the game's folder
        "version": locales.structure.version,
        "site": ui["game.rules"],  # a citation names the game's rules: "Love Letter Rules"
        # In a sentence, in the page's language: « …, version 1.1, français. »
        "language": ui[f"language.in_text.{lang}"],
        "ui": {key: value for key, value in ui.items()
               if key.startswith("cite.") or key == "glossary.entry"},
        "terms": {term.id: {"term": writer.term(term.id),
                            "definition": md(locales.languages[lang].glossary[term.id]
                                             ["definition"], links=False)}
                  for term in locales.structure.glossary},
        "compare": ui["teach.compare"],
        "book": ui["teach.book"],
    }


def game_settings(locales: Locales, lang: str) -> dict[str, Any]:
    """What a page of the game ``locales`` shows of its game (overrides/main.html and
    partials/copyright.html read it by the page's ``game``): its rules version and changelog,
    its whole rulebook, the teachers' settings."""
    ui = locales.languages[lang].ui
    folder = locales.game.folder
    return {
        "folder": folder,
        "version": ui["site.version"].format(version=locales.structure.version),
        "changelog": folder + next(p.filename for p in locales.structure.pages
                                   if p.kind == "changelog").removesuffix(".md") + "/",
        "book": f"{folder}book/",
        # Its rules beside another language (rulesite/pages/compare.py), English beside
        # French, the others beside English: from the language's root, the site's a level up.
        "compare": "../" + compare.address(lang, "fr" if lang == "en" else "en", folder),
        "teach": teach_settings(locales, lang, PageWriter(locales, lang)),
    }


def nav_of(locales: Locales, lang: str) -> list[dict[str, str]]:
    """The menu entries of one game's pages, in ``structure.yml``'s order."""
    ui = locales.languages[lang].ui
    writer = PageWriter(locales, lang)
    return [{(ui["nav.home"] if page.kind == "home" else writer.label(page.id)):
             locales.game.folder + page.filename} for page in locales.structure.pages]


def language_config(games: list[Locales], lang: str, *, repo: Path, docs_dir: Path,
                    site_dir: Path, engine: str, runtime: dict[str, Any] | None = None,
                    site_url: str | None = None, works_offline: bool = False) -> dict[str, Any]:
    """The mapping to write as ``build/site/<lang>/mkdocs.yml``: every game of ``games`` (the
    site's, in order, the first at the language's root). ``engine`` and ``runtime``
    say where the compiled engine and Pyodide are in ``assets/`` (:mod:`rulesite.runtime.assets`).
    ``site_url`` is the address of the whole site (ending in ``/``), if known: it gives each
    page its canonical link, hreflang alternates and a sitemap entry. ``works_offline``: pages
    register the service worker and link the web app manifest (:mod:`rulesite.runtime.offline`)."""
    locales = games[0]
    ui = locales.languages[lang].ui
    base = yaml.safe_load((repo / "mkdocs.yml").read_text(encoding="utf-8"))
    palette = base["theme"]["palette"]
    for entry, label in zip(palette, ("palette.to_dark", "palette.to_light"), strict=True):
        entry["toggle"]["name"] = ui[label]
    # One game: its pages are the menu; several: a section of the menu per game.
    nav: list[dict[str, Any]] = nav_of(locales, lang) if len(games) == 1 else [
        {game.languages[lang].ui["game.name"]: nav_of(game, lang)} for game in games]
    config: dict[str, Any] = {
        "INHERIT": str(repo / "mkdocs.yml"),
        "site_name": ui["site.name"],
        "site_description": ui["site.description"],
        "copyright": ui["site.copyright"],
        "docs_dir": str(docs_dir),
        "site_dir": str(site_dir),
        "theme": {"language": lang, "custom_dir": str(repo / "docs" / "overrides"),
                  "palette": palette},
        "plugins": {
            "search": SEARCH[lang],
            # Document the engine from the source tree, whatever is installed.
            "mkdocstrings": {"handlers": {"python": {"paths": [str(repo)]}}},
        },
        "markdown_extensions": {
            "toc": {"permalink": True, "permalink_title": ui["heading.permalink"]},
        },
        "extra": {
            "alternate": [
                {"name": locales.languages[code].ui["language.name"], "link": f"../{code}/",
                 "lang": code}
                for code in locales.structure.languages
            ],
            # read by overrides/main.html and overrides/partials/copyright.html; root: the
            # site's address (SITE_URL), for hreflang links; games: each game's settings,
            # chosen by a page's `game` (its front matter, rulesite/pages/writer.py)
            "rulesite": {"lang": lang, "engine": engine, "root": site_url,
                         "runtime": runtime or {"dir": "pyodide/", "lock": {}},
                         "first": locales.structure.plugin.id,
                         # each game's folder and name: search labels a result by its game
                         "menu": [{"folder": game.game.folder,
                                   "name": game.languages[lang].ui["game.name"]} for game in games],
                         "games": {game.structure.plugin.id: game_settings(game, lang)
                                   for game in games},
                         # docs/assets/site/offline.js: its strings; none where nothing is offline
                         "offline": ({key: ui[key] for key in OFFLINE_UI} if works_offline
                                     else None)},
        },
        # INHERIT replaces lists, so the shared entries are repeated with the examples' own.
        "extra_css": [*base["extra_css"], *examples.EXTRA_CSS,
                      *dict.fromkeys(css for game in games for css in game.plugin.css)],
        "extra_javascript": [*base["extra_javascript"], *examples.EXTRA_JAVASCRIPT,
                             *([OFFLINE_SCRIPT] if works_offline else [])],
        "nav": nav,
        # The whole rulebook of each game on one page (rulesite/pages/book.py): linked from
        # every footer of its pages.
        "not_in_nav": "\n".join(f"/{game.game.folder}{BOOK}" for game in games),
    }
    if site_url:
        config["site_url"] = f"{site_url}{lang}/"
    return config
