"""Where the site is deployed: ``SITE_URL`` gives every page its canonical link and hreflang
alternates to the same page in the other languages, and the site one sitemap of every page;
the 404 page links under the site's own path. Without ``SITE_URL`` (local use) none of these
absolute addresses is written, and every link still works (test_site_integrity)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
from site_html import html_files, parse

from rulesite.build import build, site_root
from rulesite.errors import SiteError
from rulesite.sources.locales import load, load_all

LANGS = ("en", "fr", "ja", "id")
REPO = Path(__file__).resolve().parents[2]


def page_urls(root: str) -> dict[tuple[str, str], str]:
    """(lang, page) -> the page's address on a site at ``root``, for every game's pages (a
    page is its file name, its ID unless it says otherwise, in its game's folder:
    ``love-letter/basics``); the whole rulebook of each game in each language
    (rulesite/pages/book.py) is one of its pages, ``book``."""
    return {(lang, folder + name):
            f"{root}{lang}/{folder}{'' if kind == 'home' else name + '/'}"
            for game in load_all(REPO / "locales")
            for folder in [game.game.folder]
            for lang in LANGS
            for name, kind in [*((p.filename.removesuffix(".md"), p.kind)
                                 for p in game.structure.pages), ("book", "book")]}


def compare_urls(root: str) -> list[str]:
    """The side-by-side pages, one per game and ordered pair of languages: the first game's
    at ``compare/<a>-<b>/``, another's in its folder (``compare/love-letter/<a>-<b>/``)."""
    return [f"{root}compare/{game.game.folder}{a}-{b}/" for game in load_all(REPO / "locales")
            for a in LANGS for b in LANGS if a != b]


def test_canonical_and_hreflang_on_every_page(real_site: Path, deployed_url: str) -> None:
    urls = page_urls(deployed_url)
    for (lang, page_id), url in urls.items():
        path = real_site / urlsplit(url).path.removeprefix(urlsplit(deployed_url).path)
        heads = parse(path / "index.html").heads
        assert heads["canonical"] == url, (lang, page_id)
        # The same page in each language, this one included, and English for anyone else.
        assert {k: v for k, v in heads.items() if k != "canonical"} == {
            **{code: urls[code, page_id] for code in LANGS}, "x-default": urls["en", page_id]}


def test_a_sitemap_beside_every_hreflang_alternate(real_site: Path, deployed_url: str) -> None:
    """Material's script fetches ``sitemap.xml`` next to each alternate a page links (it
    expects language roots): every page's folder has one, or each page view logs five 404s."""
    missing = [url for url in page_urls(deployed_url).values()
               if not (real_site / urlsplit(url).path.removeprefix(urlsplit(deployed_url).path)
                       / "sitemap.xml").is_file()]
    assert not missing, missing


def test_one_sitemap_lists_every_page_in_every_language(real_site: Path,
                                                         deployed_url: str) -> None:
    namespace = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    root = ElementTree.parse(real_site / "sitemap.xml").getroot()
    locs = [loc.text for loc in root.iter(f"{namespace}loc")]
    assert sorted(locs) == sorted([*page_urls(deployed_url).values(),
                                   *compare_urls(deployed_url)])


def test_side_by_side_pages_are_their_own_canonical(real_site: Path, deployed_url: str) -> None:
    for url in compare_urls(deployed_url):
        path = real_site / urlsplit(url).path.removeprefix(urlsplit(deployed_url).path)
        assert parse(path / "index.html").heads == {"canonical": url}


def test_site_search_finds_the_book_once_and_its_rules_on_their_pages(real_site: Path) -> None:
    """The whole rulebook repeats every rule: search indexes its title and introduction (a
    teacher finds it), never its rules (a reader finds each rule once, on its own page)."""
    locales = load(REPO / "locales")
    for lang in LANGS:
        index = json.loads((real_site / lang / "search" / "search_index.json").read_text(
            encoding="utf-8"))["docs"]
        book = [doc for doc in index if doc["location"].startswith("book/")]
        assert [doc["location"] for doc in book] == ["book/"], lang
        title = locales.languages[lang].ui["teach.book_title"].format(
            version=locales.structure.version)
        assert book[0]["title"] == title
        # Its introduction links the side-by-side pages, by the other languages' names.
        assert all(locales.languages[other].ui["language.name"] in book[0]["text"]
                   for other in LANGS if other != lang)
        assert "deal-remove" not in json.dumps(book)
        rule = [doc for doc in index if doc["location"].endswith("#deal-remove")]
        assert len(rule) == 1 and rule[0]["location"].startswith("round/"), lang


def test_not_found_page_links_under_the_sites_path(real_site: Path, deployed_url: str) -> None:
    page = parse(real_site / "404.html")
    base = urlsplit(deployed_url).path  # /hanamikoji-rules/
    assert page.links == [f"{base}{lang}/" for lang in LANGS]
    assert page.loads == [f"{base}en/assets/site/favicon.svg"]
    assert '<meta name="description" content="The complete rules' in (
        real_site / "404.html").read_text(encoding="utf-8")  # search engines' snippet


def test_without_site_url_no_absolute_address(fixture_site: Path) -> None:
    for path in html_files(fixture_site):
        assert not parse(path).heads, path
    assert not (fixture_site / "sitemap.xml").exists()
    assert re.findall(r'href="(/\w+/)"', (fixture_site / "404.html").read_text()) == [
        f"/{lang}/" for lang in LANGS]


@pytest.mark.parametrize(("given", "expected"), [
    ("https://example.org/hanamikoji-rules", "https://example.org/hanamikoji-rules/"),
    (" https://octocat.github.io/ ", "https://octocat.github.io/"),
    ("", None), (None, None)])
def test_site_url_is_normalised(given: str | None, expected: str | None) -> None:
    assert site_root(given) == expected


@pytest.mark.parametrize("bad", ["example.org/hanamikoji-rules/", "ftp://example.org/",
                                 "https://example.org/x/?v=1", "/hanamikoji-rules/"])
def test_bad_site_url_is_refused_before_building(bad: str, tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="SITE_URL"):
        build(REPO / "locales", tmp_path / "site", work=tmp_path / "work", pyodide=False,
              site_url=bad)
    assert not (tmp_path / "site").exists()
