"""The side-by-side pages of every game hold the whole rules pages of both languages: every
page and section introduction, table and figure, in its row, not only the rules and captions;
each game's at its own address, its links leading back into that game's pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesite.pages import compare
from rulesite.sources.locales import load, load_all

REPO = Path(__file__).resolve().parents[2]
PAIRS = (("en", "fr"), ("ja", "id"))
GAMES = tuple(game.game.id for game in load_all(REPO / "locales"))


def cell(page: str, anchor: str, lang: str) -> str:
    """The HTML of ``anchor``'s cell for ``lang`` (up to the next cell or row)."""
    start = page.index(f'id="{anchor}-{lang}"') if f'id="{anchor}-{lang}"' in page else -1
    assert start >= 0, f"no cell {anchor}-{lang}"
    end = re.compile(r'<div class="row"|<div class="[a-z ]+" lang=').search(page, start + 1)
    return page[start:end.start() if end else len(page)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_table_figure_and_intro_of_the_rules_pages_is_side_by_side(
        real_site: Path, game: str, a: str, b: str) -> None:
    locales = load(REPO / "locales", game)
    path = real_site / compare.address(a, b, locales.game.folder) / "index.html"
    page = path.read_text(encoding="utf-8")
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
                    assert "<figure" in html and "-board" in html, (anchor, lang)
                    assert "<figcaption>" in html
                else:  # the introduction's own words, as the language writes them
                    words = locales.languages[lang].text[group][entry]["intro"]
                    first = re.sub(r"\{[a-z]+:[^}]*\}|[*_`\[\]]", "", words).split()[0][:6]
                    assert first in html, (anchor, lang, first)
            counted[kind] += 1
    # every rules chapter has a figure; each game's rules pages have a table and an intro
    assert all(counted.values()), counted
    chapters = {section.id for p in locales.structure.pages if p.kind == "rules"
                for section in p.sections if section.id in locales.structure.numbers}
    assert counted["figure"] >= len(chapters), counted


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_a_games_side_by_side_page_names_it_and_links_into_its_own_pages(
        real_site: Path, a: str, b: str) -> None:
    """Love Letter's pairs (compare/love-letter/<a>-<b>/, one folder deeper than the first
    game's): its title names the game, each rule's number leads to the rule on the game's
    page in its language, its board style is loaded, the other pairs are the game's."""
    locales = load(REPO / "locales", "loveletter")
    folder = locales.game.folder
    assert folder and compare.address(a, b, folder) == f"compare/{folder}{a}-{b}/"
    page = (real_site / compare.address(a, b, folder) / "index.html").read_text(
        encoding="utf-8")
    ui = locales.languages[a].ui
    title = ui["teach.compare_title"].format(game=ui["game.name"],
                                             a=ui[f"language.in_text.{a}"],
                                             b=ui[f"language.in_text.{b}"])
    assert f"<h1>{title}</h1>" in page
    rules = [(block.id, page_.id) for page_ in locales.structure.pages
             for section in page_.sections for block in section.blocks if block.kind == "rule"]
    assert len(rules) > 20
    for rule_id, page_id in rules:
        for lang in (a, b):
            html = cell(page, rule_id, lang)
            assert (f'<a class="num" href="../../../{lang}/{folder}{page_id}/#{rule_id}">'
                    f'{locales.structure.numbers[rule_id]}</a>') in html, (rule_id, lang)
    for sheet in ("assets/examples/board.css", *locales.plugin.css):
        assert f'<link rel="stylesheet" href="../../../{a}/{sheet}">' in page
    assert f'<a href="../../../{a}/{folder}">{ui["game.name"]}</a>' in page
    assert f'<a href="../../../{a}/{folder}book/">' in page
    others = re.findall(r'<a href="\.\./([a-z]{2}-[a-z]{2})/" hreflang=', page)
    assert len(others) == 11 and f"{a}-{b}" not in others
    for pair in others:  # each another pair of the same game
        assert (real_site / "compare" / folder / pair / "index.html").is_file()
