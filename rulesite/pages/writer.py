"""Render every page of one language as Markdown, from the locale data and the engine.

Nothing here is written by hand: headings, anchors and numbers come from ``structure.yml``,
prose from ``<lang>/text.yml``, terms from the glossaries, tables from :mod:`rulesite.pages.tables`
and live examples from :func:`rulesite.pages.examples.render`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

import gamekit
from rulesite.errors import MissingKeyError, UnknownReferenceError
from rulesite.pages import examples, figures, play, tables
from rulesite.sources import words
from rulesite.sources.locales import Language, Locales
from rulesite.sources.numbering import Version
from rulesite.sources.placeholders import Resolver
from rulesite.sources.structure import Block, Page, Section

# An interface string that says why a move breaks a rule: ``play.illegal.<rule>``.
ILLEGAL = re.compile(r"(?:^|\.)illegal\.([a-z0-9]+(?:-[a-z0-9]+)*)$")


class PageWriter:
    """Writes the pages of one language."""

    heading_attrs = ""  # more attributes for section and rule headings (rulesite/pages/book.py)

    def __init__(self, locales: Locales, lang: str, games: Sequence[Locales] = ()) -> None:
        self.locales = locales
        self.games = tuple(games)  # the site's games, listed on each home page if several
        self.structure = locales.structure
        self.lang = lang
        self.language: Language = locales.languages[lang]
        self.ui = self.language.ui
        self._refusals: dict[str, dict[str, dict[str, str]]] = {}  # page ID -> refusal_links
        # What the pages' examples fetch beside them (examples.whatif_starts): path under the
        # game's folder -> text.
        self.files: dict[str, str] = {}
        # The shared blocks of examples the page being written holds (examples.render).
        self.shared: set[str] = set()

    # --- text lookups ---------------------------------------------------------------------

    def text(self, group: str, entry: str, name: str) -> str:
        """A field the locale check guarantees (``rules.<id>.title`` ...)."""
        text: str = self.language.text[group][entry][name]
        return text

    def optional(self, group: str, entry: str, name: str) -> str | None:
        """A field that may be absent (``pages.<id>.intro`` ...), the same in every language."""
        return self.language.text.get(group, {}).get(entry, {}).get(name)

    def label(self, anchor: str) -> str:
        """Link text of ``{ref:anchor}``: a rule's number, otherwise a title in this language."""
        kind = self.structure.kind_of[anchor]
        if kind == "rule":
            return self.structure.numbers[anchor]
        if kind in ("note", "table"):  # untitled blocks go by their section's title
            return self.label(self.structure.section_of[anchor])
        if kind == "figure":
            return str(self.ui["figure.label"].format(
                number=self.structure.figures[anchor].number))
        group, name = {"page": ("pages", "title"), "section": ("sections", "title"),
                       "example": ("examples", "title"),
                       "misreading": ("misreadings", "claim")}[kind]
        return self.resolver(self.structure.page_of[anchor]).markdown(
            self.text(group, anchor, name), links=False)

    def ref_label(self, anchor: str, context: str) -> str:
        """Link text of ``{ref:anchor}`` where it stands (``placeholders.ref_context``): a
        chapter in brackets by its number ("Secret (chapter 7)", not "Secret (Secret)"), a
        title inside a sentence in the language's quotes (「…」, « … »)."""
        kind = self.structure.kind_of[anchor]
        if kind in ("rule", "figure"):
            return self.label(anchor)
        section = self.structure.section_of.get(anchor, anchor)
        chapter = (self.structure.numbers.get(section)
                   if kind in ("section", "note", "table") else None)
        if context == "paren" and chapter:
            return str(self.ui["ref.chapter"].format(number=chapter))
        label = self.label(anchor)
        if context in ("quoted", "item"):
            return label
        return str(self.ui["ref.title"].format(title=label))

    def term(self, term_id: str) -> str:
        return self.language.glossary[term_id]["term"]

    def resolver(self, page_id: str) -> Resolver:
        return Resolver(self.structure, page_id, self.ref_label, self.term)

    # --- pages ----------------------------------------------------------------------------

    def render(self, page: Page) -> str:
        """The Markdown source of ``page``."""
        self.shared = set()
        md = self.resolver(page.id).markdown
        out = []
        # Search ranks the rules (and the misreadings each rule settles) above the pages
        # citing them, and the API reference (English docstrings, on every language's site)
        # after all of them: its short titles ("Competition dataclass") match a plain word so
        # well that at 0.5, 0.1 or even 0.01 of the weight it still came before pages of
        # rules. A name only the API has ("CompetitionPick") still finds it.
        boost = {"rules": 2, "misreadings": 2, "api": 0.0001}.get(page.kind)
        out.append(self.front_matter(boost))
        title = md(self.text("pages", page.id, "title"), links=False)
        out.append(f"# {title} {{ #{page.id} }}")
        intro = self.optional("pages", page.id, "intro")
        if intro:
            out.append(f"{md(intro)}\n{{: .rs-intro }}")
        if page.kind == "home" and len(self.games) > 1:
            out.append(games_list(self))
        if page.kind == "play":  # the game itself comes first, its notes below
            out.append(play.render(self, page.id))
        out.extend(self.section(page, section) for section in page.sections)
        if page.kind == "api":
            # Under the last section ("Reference"): mkdocs.yml sets heading_level 3.
            out.append(f"::: {self.locales.plugin.engine}")
        if page.kind == "misreadings":
            out.extend(self.misreading(page, item.id, item.settles) for item in page.items)
        if page.kind == "glossary":
            out.append(self.glossary(page))
        if page.kind == "changelog":
            out.extend(self.version(page, v) for v in reversed(self.structure.versions))
        return "\n\n".join(out) + "\n"

    def front_matter(self, boost: float | None = None) -> str:
        """The page's front matter: its game (the templates pick its version, books and
        citation settings by it, the worker its plug-in) and its search boost, if any."""
        lines = [f"game: {self.locales.plugin.id}"]
        if boost:
            lines.append(f"search:\n  boost: {boost}")
        return "---\n" + "\n".join(lines) + "\n---"

    def section(self, page: Page, section: Section) -> str:
        md = self.resolver(page.id).markdown
        title = md(self.text("sections", section.id, "title"), links=False)
        number = self.structure.numbers.get(section.id)
        if number:
            title = f'<span class="rs-num">{number}</span> {title}'
        out = [f"## {title} {{ #{section.id}{self.heading_attrs} }}"]
        intro = self.optional("sections", section.id, "intro")
        if intro:
            out.append(md(intro))
        out.extend(self.block(page, block) for block in section.blocks)
        return "\n\n".join(out)

    def block(self, page: Page, block: Block) -> str:
        md = self.resolver(page.id).markdown
        if block.kind == "rule":
            number = self.structure.numbers[block.id]
            title = md(self.text("rules", block.id, "title"), links=False)
            body = md(self.text("rules", block.id, "text"))
            return (f'### <a class="rs-num" href="{self.rule_href(block.id)}">{number}</a> '
                    f"{title} {{ #{block.id} .rs-rule{self.heading_attrs} }}\n\n{body}")
        if block.kind == "note":
            # In a rules chapter a note is a remark set apart; elsewhere it is the body text.
            css = "rs-note rs-aside" if page.kind == "rules" else "rs-note"
            return self.div(css, block.id, md(self.text("notes", block.id, "text")))
        if block.kind == "table":
            assert block.table is not None
            caption = md(self.text("tables", block.id, "caption"))
            body = self.table_body(page, block.table)
            return self.div("rs-table", block.id, f"{caption}\n{{: .rs-caption }}\n\n{body}")
        if block.kind == "figure":
            return self.figure(page, block.id)
        return self.example(page, block.id)

    def rule_links(self, page_id: str) -> dict[str, dict[str, str]]:
        """Every numbered rule: its link from the page ``page_id`` and its number."""
        structure = self.structure
        here = structure.page(page_id).filename
        links = {}
        for rule_id, number in structure.numbers.items():
            if structure.kind_of.get(rule_id) != "rule":
                continue
            filename = structure.page(structure.page_of[rule_id]).filename
            folder = "" if filename == "index.md" else filename.removesuffix(".md") + "/"
            up = "" if here == "index.md" else "../"
            links[rule_id] = {"href": f"{up}{folder}#{rule_id}", "number": number}
        return links

    def refusal_links(self, page_id: str) -> dict[str, dict[str, str]]:
        """The rules an illegal move can break (the game words each one as an interface
        string ``…illegal.<rule>``): each one's link from ``page_id`` and its label ("Rule
        9.1"), for "what if?" to cite the rule it refuses a move by, as the Play page does."""
        if page_id not in self._refusals:  # the same for every example of the page
            named = {found.group(1) for key in self.ui if (found := ILLEGAL.search(key))}
            label = self.locales.plugin.ui_prefix + "play.rule"
            t = examples.Text(self.ui)
            self._refusals[page_id] = {
                rule: {"href": link["href"], "label": t(label, number=link["number"])}
                for rule, link in self.rule_links(page_id).items() if rule in named}
        return self._refusals[page_id]

    def rule_href(self, rule_id: str) -> str:
        """Where a rule's number badge links: the rule itself (tap it to get the link to cite)."""
        return f"#{rule_id}"

    def example(self, page: Page, example_id: str) -> str:
        md = self.resolver(page.id).markdown
        title = escape(md(self.text("examples", example_id, "title"), links=False))
        spec = self.structure.examples[example_id].spec
        found = examples.whatif_starts(example_id, spec=spec, ui=self.ui,
                                       game=self.structure.game)
        starts = None
        if found is not None:
            self.files[examples.STARTS + found[0]] = found[1]
            starts = self.locales.game.folder + examples.STARTS + found[0]
        widget = examples.render(example_id, self.lang, spec=spec, ui=self.ui,
                                 comments=self.language.text["examples"][example_id].get(
                                     "comments", {}), game=self.structure.game,
                                 play=self.play_address(),
                                 rules=self.refusal_links(page.id), starts=starts,
                                 shared=self.shared)
        # The container is a top-level raw HTML block, so Markdown keeps it verbatim.
        return "\n\n".join([
            '<div class="rs-example-block" markdown>',
            '<p class="rs-example-title">' + self.ui["example.title"].format(
                label=f'<span class="rs-label">{escape(self.ui["example.label"])}</span>',
                title=title) + "</p>",
            md(self.text("examples", example_id, "text")),
            *self.example_try(md, example_id),
            "</div>",
            self.example_container(page, example_id, widget),
        ])

    def example_try(self, md: Callable[[str], str], example_id: str) -> list[str]:
        """What the example suggests trying with "What if…?", in a paragraph of its own: the
        site's styles show it only beside that button (not without scripts, not on paper)."""
        suggestion = self.optional("examples", example_id, "try")
        if suggestion is None:
            return []
        return ['<div class="rs-example-try" markdown>', md(suggestion), "</div>"]

    def play_address(self) -> str | None:
        """The game's Play page under the language's folder (``love-letter/play/``), if it
        has one: its examples' Share links open there."""
        page = next((p for p in self.structure.pages if p.kind == "play"), None)
        if page is None:
            return None
        return self.locales.game.folder + page.address

    def example_container(self, page: Page, example_id: str, widget: str) -> str:
        """The element boot.js wakes: ``data-example`` names the example."""
        return (f'<div class="rs-example" id="{example_id}" data-example="{example_id}">'
                f"{widget}</div>")

    def figure(self, page: Page, fig_id: str) -> str:
        """The figure's boards (raw HTML, drawn by the engine's positions) and its caption
        (Markdown, so its links work); its ID is the anchor in every language."""
        resolver = self.resolver(page.id)
        alt = resolver.markdown(self.text("figures", fig_id, "alt"), links=False)
        spec = self.structure.figures[fig_id].spec
        boards = figures.frames(fig_id, spec, ui=self.ui, alt=alt, game=self.structure.game)
        caption = resolver.markdown(self.text("figures", fig_id, "caption"))
        number = escape(self.label(fig_id))
        return "\n".join([
            f'<figure class="{figures.css(spec)}" id="{fig_id}" markdown>',
            boards,
            "<figcaption markdown>",
            self.ui["figure.caption"].format(
                label=f'<a class="rs-fig-num" href="#{fig_id}">{number}</a>', caption=caption),
            "</figcaption>",
            "</figure>",
        ])

    def misreading(self, page: Page, item_id: str, settles: str, level: int = 2) -> str:
        """One misreading: the wrong claim as a heading of ``level``, its answer, its rule."""
        md = self.resolver(page.id).markdown
        # The heading says in words that the claim is wrong: the table of contents, search
        # results and screen readers get the heading's text, not the CSS cross.
        claim = self.ui["misreading.claim"].format(
            claim=md(self.text("misreadings", item_id, "claim"), links=False))
        href = self.resolver(page.id).href(settles)
        number = f"[{self.structure.numbers[settles]}]({href})"
        rule_title = md(self.text("rules", settles, "title"), links=False)
        settled = self.ui["misreading.settled_by"].format(number=number, title=rule_title)
        return (f"{'#' * level} {claim} {{ #{item_id} .rs-misreading{self.heading_attrs} }}\n\n"
                f"{md(self.text('misreadings', item_id, 'answer'))}\n\n"
                f"{settled}\n{{: .rs-settled }}")

    def version(self, page: Page, version: Version) -> str:
        """One version of the changelog: its summary, then its changes by rule number."""
        md = self.resolver(page.id).markdown
        ui = self.ui
        anchor = "v" + version.version.replace(".", "-")
        heading = ui["changelog.heading"].format(version=version.version,
                                                 date=words.date(self.lang, version.date))
        out = [f"## {heading} {{ #{anchor} }}",
               self.div("rs-note", version.summary, md(self.text("notes", version.summary,
                                                                 "text")))]

        def rule_line(rule_id: str) -> str:
            title = md(self.text("rules", rule_id, "title"), links=False)
            return f"- {md(f'{{ref:{rule_id}}}')} {title}"

        published = {r: n for v in self.structure.versions for r, n in v.numbers.items()}
        groups = [("added", [rule_line(r) for r in version.added]),
                  ("reworded", [rule_line(r) for r in version.reworded]),
                  ("editorial", [rule_line(r) for r in version.editorial]),
                  # A retired rule has no text any more: its number and ID stay on record.
                  ("retired", [f"- {published[r]} (`{r}`)" for r in version.retired])]
        for group, lines in groups:
            body = "\n".join(lines) or ui["changelog.nothing"]
            out.append(f"### {ui[f'changelog.{group}']} {{ #{anchor}-{group} }}\n\n{body}")
        if version.before:
            out.append(self.renumbering(page, version))
        return "\n\n".join(out)

    def renumbering(self, page: Page, version: Version) -> str:
        """First version only: each rule's number before numbers were frozen, and now."""
        md = self.resolver(page.id).markdown
        ui = self.ui
        anchor = "v" + version.version.replace(".", "-") + "-before"
        rows = []
        for section in (s for p in self.structure.pages for s in p.sections):
            for block in section.blocks:
                if block.kind == "rule":
                    old = version.before.get(block.id, "—")
                    title = md(self.text("rules", block.id, "title"), links=False)
                    rows.append(f"| {old} | {md(f'{{ref:{block.id}}}')} | {title} |")
        merged = "\n".join(
            "- " + ui["changelog.merged"].format(old=old, rule=md(f"{{ref:{rule}}}"))
            for old, rule in sorted(version.before_merged.items(),
                                    key=lambda kv: [int(x) for x in kv[0].split(".")]))
        now = ui["changelog.now"].format(version=version.version)
        head = (f"| {ui['changelog.before']} | {now} | {ui['changelog.rule']} |\n"
                "| --- | --- | --- |")
        return "\n\n".join(filter(None, [
            f"### {ui['changelog.renumbered']} {{ #{anchor} }}",
            self.div("rs-table", f"{anchor}-table", head + "\n" + "\n".join(rows)),
            merged]))

    def glossary(self, page: Page, level: int = 2) -> str:
        """A table of each term in the four languages and the editions, then definitions,
        each under a heading of ``level``."""
        md = self.resolver(page.id).markdown
        # The reader's language first: on a phone the table scrolls sideways.
        langs = (self.lang, *(code for code in self.structure.languages if code != self.lang))
        head = "".join(
            f'<th lang="{code}">{escape(self.locales.languages[code].ui["language.name"])}</th>'
            for code in langs)
        column = self.locales.plugin.rulebooks.column
        column_lang = self.locales.plugin.rulebooks.language.get(column or "")
        if column:
            head += (f'<th lang="{column_lang}">'
                     f'{escape(self.ui[f"glossary.edition.{column}"])}</th>')
        rows = []
        for term in self.structure.glossary:
            cells = []
            for code in langs:
                word = escape(self.locales.languages[code].glossary[term.id]["term"])
                if code == self.lang:
                    word = f'<a href="#{term.id}">{word}</a>'
                cells.append(f'<td lang="{code}">{word}</td>')
            if column:
                printed = term.editions.get(column)
                cells.append(f'<td lang="{column_lang}">{escape(printed)}</td>' if printed
                             else "<td>—</td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        table = (f'<div class="rs-glossary-table"><table>\n<thead><tr>{head}</tr></thead>\n'
                 f"<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>")

        # The rulebooks every language cites, and this language's own printed rulebook.
        rulebooks = self.locales.plugin.rulebooks
        shown = {*rulebooks.glossary, *filter(None, [rulebooks.own.get(self.lang)])}
        entries = []
        for term in self.structure.glossary:
            entry = self.language.glossary[term.id]
            names = "".join(
                '<br><span class="rs-edition-name">' + self.ui["glossary.edition_name"].format(
                    edition=escape(self.ui[f"glossary.edition.{edition}"]),
                    name=f'<span lang="{rulebooks.language[edition]}">'
                         f"{escape(name)}</span>") + "</span>"
                for edition, name in term.editions.items() if edition in shown)
            text = self.ui["glossary.entry"].format(term=f"**{escape(entry['term'])}**",
                                                     definition=md(entry["definition"]))
            entries.append(self.div("rs-term", term.id, text + names))
        heading, attrs = "#" * level, self.heading_attrs
        # Anchors published with rules 1.0 (tests/site/published/): "hk_" stays, though the
        # site's own names now start "rs-".
        return "\n\n".join([
            f"{heading} {self.ui['glossary.terms']} {{ #hk_terms{attrs} }}", table,
            f"{heading} {self.ui['glossary.definitions']} {{ #hk_definitions{attrs} }}",
            *entries])

    # --- helpers --------------------------------------------------------------------------

    def table_body(self, page: Page, kind: str) -> str:
        """Table ``kind`` as Markdown, filled by the game's plug-in or the site; a rule the
        engine cites that ``structure.yml`` lacks stops the build."""
        try:
            return tables.of(self.locales.plugin)[kind](self.table_context(page))
        except gamekit.TableError as error:
            raise UnknownReferenceError(self.locales.root / "structure.yml", error.key,
                                        error.problem) from None

    def table_context(self, page: Page) -> tables.TableContext:
        resolver = self.resolver(page.id)

        def term(term_id: str) -> str:  # a table cell starts with a capital where it has one
            word = self.term(term_id)
            return f"[{word[:1].upper() + word[1:]}]({resolver.href(term_id)})"

        def ref(rule_id: str) -> str:
            return resolver.markdown(f"{{ref:{rule_id}}}")

        def title(rule_id: str) -> str:
            return resolver.markdown(self.text("rules", rule_id, "title"), links=False)

        def has_rule(rule_id: str) -> bool:
            return self.structure.kind_of.get(rule_id) == "rule"

        def printed(term_id: str) -> tuple[str, str | None]:
            """This language's term, and the name its own edition's rulebook prints."""
            own = self.locales.plugin.rulebooks.own
            if self.lang not in own:
                raise MissingKeyError(f"gamekit/{self.structure.game}/__init__.py",
                                      f"rulebooks.own.{self.lang}",
                                      "name the glossary key of this language's rulebook")
            term = next(t for t in self.structure.glossary if t.id == term_id)
            return self.term(term_id), term.editions.get(own[self.lang])

        def number(value: float, digits: int) -> str:
            return words.number(self.lang, value, digits)

        def measured(command: str, date: str, load: float, cores: int) -> str:
            return tables.measured(self.ui, command, date, load, cores)

        return tables.TableContext(self.ui, term, ref, title, has_rule, printed,
                                   tuple(t.id for t in self.structure.glossary), number, measured)

    @staticmethod
    def div(css: str, anchor: str, markdown: str) -> str:
        """A block with an anchor whose content is still Markdown (``md_in_html``)."""
        return f'<div class="{css}" id="{anchor}" markdown>\n\n{markdown}\n\n</div>'


def render_language(locales: Locales, lang: str,
                    games: Sequence[Locales] = ()) -> dict[str, str]:
    """File name (under the game's folder) -> text: the Markdown of every page of ``lang``,
    then the files their examples fetch (:attr:`PageWriter.files`); ``games``: every game of
    the site (``site.yml``), whose home pages each home page then lists."""
    writer = PageWriter(locales, lang, games)
    pages = {page.filename: writer.render(page) for page in locales.structure.pages}
    return {**pages, **writer.files}


def games_list(writer: PageWriter) -> str:
    """The site's other games, each its name linked to its home page and the first line of
    that page: how a reader finds another game (on each game's home page, under its own
    intro, which the list would otherwise repeat word for word)."""
    ui, lang = writer.ui, writer.lang
    depth = "../" * writer.locales.game.folder.count("/")
    items = []
    for game in writer.games:
        if game.game.id == writer.locales.game.id:
            continue
        home = next(p for p in game.structure.pages if p.kind == "home")
        other = PageWriter(game, lang)
        intro = other.optional("pages", home.id, "intro") or ""
        line = other.resolver(home.id).markdown(intro, links=False)
        name = escape(game.languages[lang].ui["game.name"])
        # The intro on a line of its own, not after a colon: each language punctuates a
        # colon its own way (French puts a space before it, Japanese a full-width one).
        items.append(f"- [**{name}**]({depth}{game.game.folder}index.md)  \n  {line}")
    return f"## {escape(ui['home.games'])} {{ #home-games }}\n\n" + "\n".join(items)
