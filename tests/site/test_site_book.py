"""The whole rulebook of each language (rulesite/pages/book.py) as built: after the rule chapters,
every common misreading and every glossary term with its definition, each ID once on the page,
and every link to them staying in the book."""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path

import pytest
from site_html import parse

from rulesite.pages.book import BookWriter
from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]
LOCALES = load(REPO / "locales")


def plain(fragment: str) -> str:
    """Visible text of an HTML or Markdown fragment, whitespace squeezed."""
    text = html.unescape(re.sub(r"<[^>]+>", "", fragment))
    return re.sub(r"\s+", " ", re.sub(r"[*_`]", "", text)).strip()


def element(page: str, element_id: str) -> str:
    """The inner HTML of the element with ``element_id`` (a heading or a div without nested
    divs, as the book writes terms and misreadings)."""
    match = re.search(rf'<(h3|div)\b[^>]*\bid="{re.escape(element_id)}"[^>]*>(.*?)</\1>',
                      page, re.S)
    assert match, element_id
    return match.group(2)


@pytest.mark.parametrize("lang", LOCALES.structure.languages)
def test_book_holds_every_misreading_and_glossary_term(real_site: Path, lang: str) -> None:
    path = real_site / lang / "book" / "index.html"
    page = path.read_text(encoding="utf-8")
    writer = BookWriter(LOCALES, lang)
    structure = LOCALES.structure
    misreadings = next(p for p in structure.pages if p.kind == "misreadings")
    text = LOCALES.languages[lang].text["misreadings"]
    for item in misreadings.items:
        md = writer.resolver(misreadings.id).markdown
        heading = element(page, item.id)
        # The claim, marked as wrong in the heading's own words (misreading.claim).
        claim = plain(md(text[item.id]["claim"], links=False))
        marked = plain(LOCALES.languages[lang].ui["misreading.claim"].format(claim=claim))
        assert plain(heading).startswith(marked), item.id
        # The answer follows, then the rule that settles it, linked inside the book.
        after = page[page.index(f'id="{item.id}"'):]
        answer = plain(md(text[item.id]["answer"], links=False))
        assert answer[:40] in plain(after[:after.index("rs-settled")]), item.id
        assert f'href="#{item.settles}"' in after[:after.index("</div>")], item.id
    glossary = LOCALES.languages[lang].glossary
    for term in structure.glossary:
        entry = plain(element(page, term.id))
        assert entry.startswith(glossary[term.id]["term"]), term.id
        definition = plain(writer.resolver("glossary").markdown(
            glossary[term.id]["definition"], links=False))
        assert definition in entry, term.id
    # After the last rule chapter: first the misreadings, then the glossary.
    last_rule = max(page.index(f'id="{rule}"') for rule in structure.numbers)
    first_misreading = page.index(f'id="{misreadings.items[0].id}"')
    assert last_rule < first_misreading < page.index(f'id="{structure.glossary[0].id}"')
    # Each ID once; every link to a term, a misreading or a rule stays in the book (the
    # rules' number badges link their own pages: they are what the Cite button cites).
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert [i for i, count in ids.items() if count > 1] == []
    parsed = parse(path)
    anchors = {*(t.id for t in structure.glossary), *(m.id for m in misreadings.items)}
    assert not [href for href in parsed.links
                if "#" in href and not href.startswith("#")
                and href.split("#")[1] in anchors]
    assert all(href[1:] in parsed.ids for href in parsed.links if href.startswith("#"))
