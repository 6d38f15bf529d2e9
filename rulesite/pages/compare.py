"""Teachers' pages written beside the language sites, as plain static HTML:

- ``compare/<folder><a>-<b>/``: a game's rules in two languages aligned rule by rule (its
  address names the game's folder, ``site.yml``, and the pair, so it can be linked: the first
  game's is ``compare/en-fr/``, Love Letter's ``compare/love-letter/en-fr/``), glossary terms
  marked in both;
- ``book/<lang>/``: the former address of the whole rulebook, now ``<lang>/book/``
  (:mod:`rulesite.pages.book`), sends the reader there.

Each rule links back to its page on the language's own site, so nothing here is a dead end.
"""

from __future__ import annotations

import posixpath
import re
from html import escape
from itertools import permutations
from pathlib import Path

import markdown

from rulesite.pages import figures
from rulesite.pages.writer import PageWriter
from rulesite.sources.locales import Locales
from rulesite.sources.placeholders import PLACEHOLDER_RE, ref_context

STYLE = """
:root { color-scheme: light dark; --line: #8c2f3933; --accent: #8c2f39; --term: #f6d77a55;
        --bg: #fff; --fg: #1d1d1f; }
body { font: 16px/1.55 system-ui, sans-serif; margin: 0 auto; padding: 1rem; max-width: 72rem;
       background: var(--bg); color: var(--fg); }
html[lang="ja"] body, [lang="ja"] { line-height: 1.8; }
a { color: var(--accent); }
/* Colours set, not left to the browser: contrast checkers (axe) then see what readers see. */
@media (prefers-color-scheme: dark) {
  :root { --accent: #f3a3ad; --line: #f3a3ad40; --bg: #1e2129; --fg: #e6e6e9;
          --term: #f6d77a26; }
  /* board.css darkens boards under Material's slate scheme, which this page has not: the
     same values here, so boards, their captions and step labels read in dark mode too. */
  .md-typeset { --rs-table: #2a2530; --rs-table-line: #524660; --rs-card-line: #ffffff30;
                --rs-back-a: #6d5fa3; --rs-back-b: #574a8a; --rs-token-text: #fbd38d;
                --rs-muted: #c8bfd2; --rs-status: #fbbf77; --rs-hl: #93c5fd;
                --md-default-fg-color: #e6e6e9; }
}
nav { font-size: .9rem; margin-bottom: 1rem; }
nav a { margin-right: .6em; white-space: nowrap; }
h1 { font-size: 1.6rem; margin: .2em 0 .6em; }
h2 { font-size: 1.2rem; margin: 1.4em 0 .4em; border-bottom: 1px solid var(--line); }
.num { font-weight: 700; font-variant-numeric: tabular-nums; margin-right: .4em; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1.5rem;
       border-top: 1px solid var(--line); padding: .5rem 0; }
.rule h3 { font-size: 1rem; margin: 0 0 .2em; }
.row p, .row ul, .row ol { margin: .2em 0; }
.note, .intro, .table, .figure, .example { font-size: .92em; padding-left: .8em;
                                           border-left: 3px solid var(--line); }
.label { font-weight: 700; margin-right: .3em; }
.table { overflow-x: auto; }
.table table { border-collapse: collapse; margin: .4em 0; }
.table th, .table td { border: 1px solid var(--line); padding: .2em .5em; text-align: left;
                       vertical-align: top; }
figure { margin: .4em 0; }
figure svg { max-width: 100%; height: auto; }
.term { background: var(--term); border-radius: .2em; padding: 0 .1em; }
abbr.term { text-decoration: underline dotted; }
@media (max-width: 40rem) { .row { grid-template-columns: 1fr; gap: .4rem; } }
@media print {
  nav { display: none; }
  body { font-size: 10pt; max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  .row, .row > div { break-inside: avoid; }
  h2 { break-after: avoid; }
  .term { background: none; text-decoration: underline dotted; }
}
"""


def root_of(locales: Locales) -> str:
    """The site's root, relative to a side-by-side page of the game ``locales``."""
    return "../" * address("a", "b", locales.game.folder).count("/")


class RuleText:
    """The rule chapters of one game in one language as HTML fragments, linked to that
    language's site from the game's side-by-side pages."""

    def __init__(self, locales: Locales, lang: str) -> None:
        self.locales = locales
        self.lang = lang
        self.writer = PageWriter(locales, lang)
        self.folder = locales.game.folder  # the game's pages in the language's site
        self.root = root_of(locales)

    def href(self, anchor: str) -> str:
        structure = self.locales.structure
        page = structure.page(structure.page_of[anchor])
        slug = "" if page.filename == "index.md" else page.filename.removesuffix(".md") + "/"
        return (f"{self.root}{self.lang}/{self.folder}{slug}"
                + ("" if anchor == page.id else f"#{anchor}"))

    def html(self, text: str, inline: bool = False) -> str:
        def one(match: re.Match[str]) -> str:
            kind, name = match.group(1), match.group(2)
            if kind == "n":
                return str(self.locales.plugin.facts[name])
            if kind in self.locales.plugin.placeholders:  # the game's own: its plain text
                return self.locales.plugin.placeholders[kind].render(name, False)
            if kind == "term":
                entry = self.locales.languages[self.lang].glossary[name]
                definition = self.writer.resolver("glossary").markdown(entry["definition"],
                                                                       links=False)
                return (f'<a class="term" data-term="{name}" href="{self.href(name)}" '
                        f'title="{escape(definition)}">{escape(entry["term"])}</a>')
            label = self.writer.ref_label(name, ref_context(text, match.start(), match.end()))
            return f"[{label}]({self.href(name)})"

        out = markdown.markdown(PLACEHOLDER_RE.sub(one, text))
        return out.removeprefix("<p>").removesuffix("</p>") if inline else out

    def site_links(self, html: str, page_id: str) -> str:
        """``html`` written for the language page ``page_id``, its relative links and
        sources rewritten to work from the side-by-side page."""
        page = self.locales.structure.page(page_id)
        folder = posixpath.join(self.lang, self.folder).rstrip("/")  # where its sources are
        here = folder + ("" if page.filename == "index.md"
                         else "/" + page.filename.removesuffix(".md"))

        def one(match: re.Match[str]) -> str:
            attr, url = match.group(1), match.group(2)
            if re.match(r"^([a-z]+:|/)", url):
                return match.group(0)
            path, hash_, anchor = url.partition("#")
            if path.endswith(".md"):  # a MkDocs source link, relative to the game's folder
                slug = path.removesuffix(".md").removesuffix("index")
                target = posixpath.normpath(posixpath.join(folder, slug))
            else:
                target = posixpath.normpath(posixpath.join(here, path)) if path else here
            slash = "" if posixpath.splitext(target)[1] else "/"
            return f'{attr}="{self.root}{target}{slash}{hash_}{anchor}"'

        return re.sub(r'\b(href|src)="([^"]*)"', one, html)

    def table(self, page_id: str, block_id: str, kind: str) -> str:
        """A table as the language's page shows it: its caption, then the table the
        builder fills from the engine or the data."""
        page = self.locales.structure.page(page_id)
        caption = self.writer.resolver(page_id).markdown(
            self.locales.languages[self.lang].text["tables"][block_id]["caption"])
        body = self.writer.table_body(page, kind)
        html = markdown.markdown(f"{caption}\n\n{body}", extensions=["tables", "attr_list"])
        return self.site_links(html, page_id)

    def figure(self, page_id: str, block_id: str) -> str:
        """A figure's boards, drawn as on its page, then its number and caption."""
        structure = self.locales.structure
        text = self.locales.languages[self.lang].text["figures"][block_id]
        ui = self.locales.languages[self.lang].ui
        alt = self.writer.resolver(page_id).markdown(text["alt"], links=False)
        boards = figures.frames(block_id, structure.figures[block_id].spec, ui=ui, alt=alt,
                                game=structure.game)
        label = ui["figure.label"].format(number=structure.figures[block_id].number)
        caption: str = ui["figure.caption"].format(
            label=f'<a class="label" href="{self.href(block_id)}">{escape(label)}</a>',
            caption=self.html(text["caption"], inline=True))
        # board.css styles boards inside .md-typeset, the class of the language sites' pages
        return (f'<figure class="md-typeset {figures.css(structure.figures[block_id].spec)}">'
                f"{boards}<figcaption>{caption}</figcaption></figure>")

    def chapters(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """(section ID, heading HTML, [(block ID, block HTML)]) for every section of the
        rules pages, whole: the page's and the section's introductions, each rule, note,
        table and figure as its page shows it, and the title and text of each example."""
        structure = self.locales.structure
        text = self.locales.languages[self.lang].text
        ui = self.locales.languages[self.lang].ui
        out = []
        for page in structure.pages:
            if page.kind != "rules":
                continue
            page_intro = text["pages"][page.id].get("intro")
            for first, section in enumerate(page.sections):
                title = self.html(text["sections"][section.id]["title"], inline=True)
                number = structure.numbers.get(section.id)
                heading = f'<span class="num">{number}</span> {title}' if number else title
                blocks = []
                if page_intro and first == 0:
                    blocks.append((f"intro-{page.id}",
                                   f'<div class="intro" lang="{self.lang}" '
                                   f'id="intro-{page.id}-{self.lang}">'
                                   f"{self.html(page_intro)}</div>"))
                intro = text["sections"][section.id].get("intro")
                if intro:  # the same in every language, so the rows stay aligned
                    blocks.append((f"intro-{section.id}",
                                   f'<div class="intro" lang="{self.lang}" '
                                   f'id="intro-{section.id}-{self.lang}">'
                                   f"{self.html(intro)}</div>"))
                for block in section.blocks:
                    if block.kind == "rule":
                        rule = text["rules"][block.id]
                        body = (f'<h3><a class="num" href="{self.href(block.id)}">'
                                f'{structure.numbers[block.id]}</a> '
                                f'{self.html(rule["title"], inline=True)}</h3>'
                                f'{self.html(rule["text"])}')
                    elif block.kind == "note":
                        body = self.html(text["notes"][block.id]["text"])
                    elif block.kind == "table":
                        assert block.table is not None
                        body = self.table(page.id, block.id, block.table)
                    elif block.kind == "figure":
                        body = self.figure(page.id, block.id)
                    else:
                        example = text["examples"][block.id]
                        label = (f'<a class="label" href="{self.href(block.id)}">'
                                 f'{escape(ui["example.label"])}</a>')
                        title = self.html(example["title"], inline=True)
                        body = ("<p>" + ui["example.title"].format(
                                    label=label, title=f"<strong>{title}</strong>")
                                + f'</p>{self.html(example["text"])}')
                    # a table wider than a phone scrolls in its box: keyboard users reach it
                    scroll = ' tabindex="0"' if block.kind == "table" else ""
                    blocks.append((block.id, f'<div class="{block.kind}" lang="{self.lang}" '
                                             f'id="{block.id}-{self.lang}"{scroll}>{body}</div>'))
                out.append((section.id, heading, blocks))
        return out


def page(lang: str, title: str, nav: str, body: str, css_class: str,
         canonical: str | None = None, *, root: str = "../../",
         css: tuple[str, ...] = ()) -> str:
    """A whole HTML page ``root`` below the site's root; ``css``: the game's own
    stylesheets, relative to the language's site (gamekit's ``Plugin.css``)."""
    link = f'<link rel="canonical" href="{escape(canonical)}">' if canonical else ""
    # the boards of the figures are drawn with the language site's own board styles
    link += "".join(f'<link rel="stylesheet" href="{root}{lang}/{sheet}">'
                    for sheet in ("assets/examples/board.css", *css))
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            # Without it a browser asks for /favicon.ico, outside the site's path.
            f'<link rel="icon" href="{root}{lang}/assets/site/favicon.svg">'
            f"{link}"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f'<body class="{css_class}"><nav>{nav}</nav><main><h1>{escape(title)}</h1>'
            f"{body}</main></body></html>\n")


def address(a: str, b: str, folder: str = "") -> str:
    """The side-by-side page of ``a`` and ``b`` of the game whose pages are in ``folder``
    (``site.yml``: ``""`` for the first game), relative to the site root."""
    return f"compare/{folder}{a}-{b}/"


def addresses(games: list[Locales]) -> list[str]:
    """Every side-by-side page of every game, relative to the site root (for the sitemap)."""
    return [address(a, b, game.game.folder) for game in games
            for a, b in permutations(game.structure.languages, 2)]


def compare_page(locales: Locales, a: str, b: str, site_url: str | None = None) -> str:
    """The rules of ``a`` and ``b`` side by side, one row per rule, note, caption or example.
    Its canonical address is itself (when ``site_url`` is known): no other page holds two
    languages, so it is in the sitemap; it is in no language's site search, whose index is
    one language (the book's introduction, which search finds, links every pair)."""
    ui = locales.languages[a].ui
    # The title is a sentence of language a: the game and both languages as a names them
    # (« français et anglais », not « Français et English »); the menu of pairs below keeps
    # the autonyms.
    title = ui["teach.compare_title"].format(game=ui["game.name"],
                                             a=ui[f"language.in_text.{a}"],
                                             b=ui[f"language.in_text.{b}"])
    root, folder = root_of(locales), locales.game.folder
    left, right = RuleText(locales, a).chapters(), RuleText(locales, b).chapters()
    body = []
    for (section, head_a, blocks_a), (_, head_b, blocks_b) in zip(left, right, strict=True):
        body.append(f'<div class="row" id="{section}"><h2 lang="{a}">{head_a}</h2>'
                    f'<h2 lang="{b}">{head_b}</h2></div>')
        body.extend(f'<div class="row" id="{block_id}">{html_a}{html_b}</div>'
                    for (block_id, html_a), (_, html_b) in zip(blocks_a, blocks_b, strict=True))
    pairs = " ".join(
        f'<a href="../{x}-{y}/" hreflang="{y}">{escape(locales.languages[x].ui["language.name"])}'
        f' · {escape(locales.languages[y].ui["language.name"])}</a>'
        for x, y in permutations(locales.structure.languages, 2) if (x, y) != (a, b))
    nav = (f'<a href="{root}{a}/{folder}">{escape(ui["game.name"])}</a> '
           f'<a href="{root}{a}/{folder}book/">{escape(ui["teach.book"])}</a> '
           f'<span>{escape(ui["teach.compare_pick"])}</span> {pairs}')
    return page(a, title, nav, "\n".join(body), "compare",
                f"{site_url}{address(a, b, folder)}" if site_url else None,
                root=root, css=locales.plugin.css)


def book_redirect(locales: Locales, lang: str) -> str:
    """``book/<lang>/``, the rulebook's first address: it now lives at ``<lang>/book/``
    (rulesite/pages/book.py), a page of the language's own site; links already handed out
    still work."""
    ui = locales.languages[lang].ui
    target = f"../../{lang}/book/"
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="robots" content="noindex">'
            f'<meta http-equiv="refresh" content="0; url={target}">'
            f"<title>{escape(ui['teach.book'])}</title></head>"
            f'<body><p><a href="{target}">{escape(ui["teach.book"])}</a></p></body></html>\n')


def write(games: list[Locales], out: Path, site_url: str | None = None) -> None:
    """Write ``compare/<folder><a>-<b>/index.html`` for every ordered pair of every game of
    ``games`` (the site's, in order), and ``book/<lang>/`` (the first game's rulebook's former
    address)."""
    for locales in games:
        for a, b in permutations(locales.structure.languages, 2):
            folder = out / address(a, b, locales.game.folder)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "index.html").write_text(compare_page(locales, a, b, site_url),
                                               encoding="utf-8")
    locales = games[0]
    for lang in locales.structure.languages:
        folder = out / "book" / lang
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(book_redirect(locales, lang), encoding="utf-8")
