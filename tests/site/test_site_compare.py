"""The side-by-side pages hold the whole rules pages of both languages: every page and
section introduction, table and figure, in its row, not only the rules and captions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]
PAIRS = (("en", "fr"), ("ja", "id"))


def cell(page: str, anchor: str, lang: str) -> str:
    """The HTML of ``anchor``'s cell for ``lang`` (up to the next cell or row)."""
    start = page.index(f'id="{anchor}-{lang}"') if f'id="{anchor}-{lang}"' in page else -1
    assert start >= 0, f"no cell {anchor}-{lang}"
    end = re.compile(r'<div class="row"|<div class="[a-z ]+" lang=').search(page, start + 1)
    return page[start:end.start() if end else len(page)]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_table_figure_and_intro_of_the_rules_pages_is_side_by_side(
        real_site: Path, a: str, b: str) -> None:
    locales = load(REPO / "locales")
    page = (real_site / "compare" / f"{a}-{b}" / "index.html").read_text(encoding="utf-8")
    counted = {"table": 0, "figure": 0, "intro": 0}
    for rules_page in locales.structure.pages:
        if rules_page.kind != "rules":
            continue
        wanted = []
        if "intro" in locales.english.text["pages"][rules_page.id]:
            wanted.append((f"intro-{rules_page.id}", "intro", "pages", rules_page.id))
        for section in rules_page.sections:
            assert f'<div class="row" id="{section.id}">' in page, section.id
            if "intro" in locales.english.text["sections"][section.id]:
                wanted.append((f"intro-{section.id}", "intro", "sections", section.id))
            wanted += [(block.id, block.kind, "", "") for block in section.blocks
                       if block.kind in ("table", "figure")]
        for anchor, kind, group, entry in wanted:
            assert f'<div class="row" id="{anchor}">' in page, anchor
            for lang in (a, b):
                html = cell(page, anchor, lang)
                if kind == "table":
                    assert "<table>" in html and "<td>" in html, (anchor, lang)
                elif kind == "figure":
                    assert "<figure" in html and "hk-board" in html, (anchor, lang)
                    assert "<figcaption>" in html
                else:  # the introduction's own words, as the language writes them
                    words = locales.languages[lang].text[group][entry]["intro"]
                    first = re.sub(r"\{[a-z]+:[^}]*\}|[*_`\[\]]", "", words).split()[0][:6]
                    assert first in html, (anchor, lang, first)
            counted[kind] += 1
    # the editions table among them; every rules chapter has a figure
    assert '<div class="row" id="editions-table">' in page
    assert counted["table"] >= 2 and counted["figure"] >= 10 and counted["intro"] >= 1, counted
