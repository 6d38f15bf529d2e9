"""The printed site, as headless Chromium prints it to PDF: the quick reference of each
language fits one A4 page and one US Letter page and keeps every rule number it cites, and a
rules page keeps each rule whole on one page."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from rulesite.locales import Locales
from rulesite.placeholders import scan


def squeeze(text: str) -> str:
    """Text without whitespace, ligatures undone: PDF text wraps lines where the page did."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def pages_of(pdf: bytes) -> list[str]:
    return [squeeze(page.extract_text() or "") for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
def test_quick_reference_fits_one_page(chromium: Browser, site_url: str, locales: Locales,
                                       lang: str) -> None:
    page = chromium.new_page()
    page.goto(f"{site_url}/{lang}/quick-reference/")
    text = locales.languages[lang].text
    cited = {locales.structure.numbers[name]
             for page_ in locales.structure.pages if page_.id == "quick-reference"
             for section in page_.sections for block in section.blocks if block.kind == "note"
             for kind, name in scan(text["notes"][block.id]["text"])
             if kind == "ref" and locales.structure.kind_of[name] == "rule"}
    assert len(cited) > 5
    for paper in ("A4", "Letter"):
        printed = pages_of(page.pdf(format=paper, print_background=True))
        assert len(printed) == 1, f"{lang} quick reference takes {len(printed)} {paper} pages"
        missing = sorted(n for n in cited if n not in printed[0])
        assert not missing, f"{lang} quick reference on {paper} lacks rules {missing}"
        assert "Skip to content" not in printed[0]  # no navigation chrome
    page.close()


def test_no_rule_split_across_pages(chromium: Browser, site_url: str) -> None:
    page = chromium.new_page()
    page.goto(f"{site_url}/en/round/")
    # Each rule: its heading's start and its last block's end, as printed text.
    rules = page.evaluate("""() => [...document.querySelectorAll('h3.hk-rule')].map(h => {
        let last = h;
        for (let n = h.nextElementSibling; n && n.matches('p, ul, ol, blockquote');
             n = n.nextElementSibling) last = n;
        const head = h.cloneNode(true);
        head.querySelectorAll('.headerlink, .hk-cite').forEach(n => n.remove());
        return [h.id, head.textContent, last === h ? '' : last.textContent];
    })""")
    assert len(rules) > 10
    printed = pages_of(page.pdf(format="A4"))
    assert len(printed) > 1  # long enough for a page break to matter
    for rule_id, head, tail in rules:
        start = squeeze(head)[:24]
        end = squeeze(tail)[-24:]
        where = [i for i, text in enumerate(printed) if start in text and end in text]
        assert where, f"rule {rule_id} is not whole on any printed page"
    page.close()


def test_whole_rulebook_prints_every_rule(chromium: Browser, site_url: str,
                                          locales: Locales) -> None:
    page = chromium.new_page()
    page.goto(f"{site_url}/book/fr/")
    numbers = [block.id for p in locales.structure.pages for s in p.sections
               for block in s.blocks if block.kind == "rule"]
    assert page.locator(".rule h3 .num").all_inner_texts() == [
        locales.structure.numbers[rule_id] for rule_id in numbers]
    printed = "".join(pages_of(page.pdf(format="A4")))
    for rule_id in numbers:
        title = locales.languages["fr"].text["rules"][rule_id]["title"]
        if "{" not in title:
            assert squeeze(title) in printed, f"{rule_id} missing from the printed rulebook"
    page.close()
