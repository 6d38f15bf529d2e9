"""The whole rulebook of one language on one page, ``<lang>/book/``, to print or read in one go.

Every rule chapter with its notes, tables, figures and examples, then the common misreadings
and the glossary (the back matter, each starting a printed page), written by the same
:class:`~rulesite.pages.PageWriter` as their own pages, with the same IDs, each once, and
three differences:

- a link to anything in the book stays in the book (``#ID``), a glossary term's link too (its
  hint still shows, glossary.js); a rule's number badge links to the rule on its own page,
  which is what the Cite button then cites;
- an example is its build-time board, step list and outcome only, with a link to the live
  example on its page: the container has no ``data-example``, so ``boot.js`` finds nothing to
  wake and the page loads no Pyodide;
- site search indexes the title and introduction only (every heading carries
  ``data-search-exclude``): a reader searching a rule lands on its page once, not twice, and a
  teacher searching for the rulebook, a handout or the side-by-side pages finds this one.

The book is a page of each language's MkDocs build, outside the menu (``not_in_nav``), so it
has the site's look, print style, canonical link, hreflang alternates and sitemap entry.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from gamekit.words import sentences
from rulesite.pages import compare
from rulesite.pages.writer import PageWriter
from rulesite.sources import words
from rulesite.sources.placeholders import Resolver
from rulesite.sources.structure import Page

FILENAME = "book.md"
SEARCH_EXCLUDE = " data-search-exclude"


# The pages whose content the book holds, under the IDs of that content (not the pages' own).
IN_BOOK = ("rules", "misreadings", "glossary")


class BookResolver(Resolver):
    """Links to anchors the book holds point inside the book; the rest to their pages."""

    def href(self, anchor: str) -> str:
        page = self.structure.page(self.structure.page_of[anchor])
        if page.kind in IN_BOOK and anchor != page.id:
            return f"#{anchor}"
        return super().href(anchor)


class BookWriter(PageWriter):
    """Writes ``book.md`` of one language."""

    heading_attrs = SEARCH_EXCLUDE

    def resolver(self, page_id: str) -> Resolver:
        return BookResolver(self.structure, FILENAME.removesuffix(".md"), self.ref_label,
                             self.term)

    def rule_href(self, rule_id: str) -> str:
        # The book sits one folder deep (book/), like every rule page.
        return f"../{self.page_url(self.structure.page_of[rule_id])}#{rule_id}"

    def page_url(self, page_id: str) -> str:
        filename = self.structure.page(page_id).filename
        return "" if filename == "index.md" else filename.removesuffix(".md") + "/"

    def example_try(self, md: Callable[[str], str], example_id: str) -> list[str]:
        return []  # the book's examples stay as built: no "What if…?" to try

    def example_container(self, page: Page, example_id: str, widget: str) -> str:
        # No data-example: boot.js leaves it asleep. data-rs-page: cite.js cites a step on the
        # example's own page, where it can be played.
        live = f"../{self.page_url(page.id)}#{example_id}"
        return (f'<div class="rs-example rs-example-built" id="{example_id}" '
                f'data-rs-page="{live}">{widget}<p class="rs-book-live"><a href="{live}">'
                f'{escape(self.ui["teach.book_live"])}</a></p></div>')

    def render_book(self) -> str:
        """The Markdown source of ``book.md``."""
        self.shared = set()
        ui = self.ui
        title = ui["teach.book_title"].format(version=self.structure.version)
        langs = self.structure.languages
        # Raw HTML: MkDocs would flag a Markdown link that leaves the language's site. The
        # book is one folder below the game's (book/), the game's a folder below the site's
        # root unless it is the first game.
        folder = self.locales.game.folder
        root = "../" * (2 + folder.count("/"))
        pairs = words.join(self.lang, [
            f'<a href="{root}{compare.address(self.lang, other, folder)}" hreflang="{other}">'
            f'{escape(self.locales.languages[other].ui["language.name"])}</a>'
            for other in langs if other != self.lang], style="or")
        # The other languages in a span of their own: a printed book leaves out links to
        # follow (teach.css).
        opening = sentences([ui["teach.book_intro"].format(version=self.structure.version),
                             f'<span class="rs-book-compare">'
                             f'{ui["teach.book_compare"].format(languages=pairs)}</span>'])
        out = [self.front_matter(), f"# {title} {{ #book }}", f"{opening}\n{{: .rs-intro }}"]
        for page in self.structure.pages:
            if page.kind == "rules":
                out.extend(self.section(page, section) for section in page.sections)
        # The back matter, in the menu's order, one level down: its headings sit beside the
        # chapters'. Its heading IDs are the book's own: glossary.js takes a page holding the
        # glossary page's ID for the glossary page itself.
        for page in self.structure.pages:
            if page.kind not in ("misreadings", "glossary"):
                continue
            md = self.resolver(page.id).markdown
            title = md(self.text("pages", page.id, "title"), links=False)
            out.append(f"## {title} {{ #book-{page.id} .rs-book-part{SEARCH_EXCLUDE} }}")
            intro = self.optional("pages", page.id, "intro")
            if intro:
                out.append(md(intro))
            if page.kind == "glossary":
                out.append(self.glossary(page, level=3))
            else:
                # One block each, so that print keeps a claim with its answer and its rule.
                out.extend('<div class="rs-misreading-entry" markdown>\n\n'
                           f"{self.misreading(page, item.id, item.settles, level=3)}\n\n</div>"
                           for item in page.items)
        return "\n\n".join(out) + "\n"

